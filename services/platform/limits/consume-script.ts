/**
 * The consume script: one round trip that reads every rule's counter and either counts the hit
 * against all of them or against none. Kept in a .ts module (not a .lua file) so it ships with
 * the code whatever bundles or copies it.
 *
 * KEYS[i]: counter of rule i. ARGV[2i-1]: limit of rule i, ARGV[2i]: windowMs of rule i.
 * Returns [allowed (1|0), serverNowMs, count_1, ttlMs_1, count_2, ttlMs_2, ...]: each count is the
 * counter after this call, each ttlMs the time its window has left (>= 1).
 */
export const CONSUME_LUA = `
-- Server time, so every API process computes the same resetAtMs.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local n = #KEYS
local counts = {}
local allowed = 1

for i = 1, n do
  local limit = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count > 0 and redis.call('PTTL', KEYS[i]) == -1 then
    -- A counter without expiry would refuse forever once full; give it a fresh window.
    redis.call('PEXPIREAT', KEYS[i], now + window)
  end
  counts[i] = count
  if count >= limit then
    allowed = 0
  end
end

-- Count nothing unless every rule has room: a refused hit must not eat into the other windows.
if allowed == 1 then
  for i = 1, n do
    local count = redis.call('INCR', KEYS[i])
    if count == 1 then
      -- Just created: the window opens at the key's first hit. Its end is set from the same
      -- truncated millisecond as now (PEXPIREAT, not PEXPIRE from the server's finer clock), so
      -- the first caller's now + ttl is the instant every later caller reads.
      redis.call('PEXPIREAT', KEYS[i], now + tonumber(ARGV[2 * i]))
    end
    counts[i] = count
  end
end

-- Time left from the absolute expiry (PEXPIRETIME, Redis 7), so that now + ttl is the same
-- instant for every caller of one window, whatever the rounding of the moment they asked.
local result = { allowed, now }
for i = 1, n do
  local at = redis.call('PEXPIRETIME', KEYS[i])
  local ttl
  if at < 0 then
    -- Absent (a rule not counted because another refused): its window would open now.
    ttl = tonumber(ARGV[2 * i])
  else
    -- A window never has more left than its length (a server clock stepped back).
    ttl = math.min(tonumber(ARGV[2 * i]), math.max(1, at - now))
  end
  result[#result + 1] = counts[i]
  result[#result + 1] = ttl
end
return result
`;
