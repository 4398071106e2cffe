/**
 * The consume script: one round trip that reads every rule's sliding window and either counts
 * the hit against all of them or against none. Kept in a .ts module (not a .lua file) so it ships
 * with the code whatever bundles or copies it. The window's arithmetic is rules.ts's (steps of
 * windowMs / WINDOW_STEPS; a step counts while any of it lies within the last windowMs), written
 * again in Lua; the contract suite holds the two adapters to the same answers.
 *
 * KEYS[i]: hash of rule i's steps (field: step index, value: hits).
 * ARGV[1]: now in epoch ms, or "" for the server's clock. ARGV[3i-1], ARGV[3i], ARGV[3i+1]:
 * limit, windowMs and step ms of rule i.
 * Returns [allowed (1|0), nowMs, count_1, resetMs_1, retryMs_1, count_2, ...]: each count is the
 * hits in the window after this call, resetMs the time until the oldest of them leaves it
 * (windowMs when none), retryMs the time until one more hit would fit (0 when it fits now).
 */
export const CONSUME_LUA = `
local now
if ARGV[1] == '' then
  -- Server time, so every API process computes the same resetAtMs.
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
else
  now = tonumber(ARGV[1])
end
local n = #KEYS
local rules = {}
local allowed = 1

for i = 1, n do
  local limit = tonumber(ARGV[3 * i - 1])
  local window = tonumber(ARGV[3 * i])
  local step = tonumber(ARGV[3 * i + 1])
  local oldest = math.floor((now - window) / step)
  local steps = {}
  local count = 0
  local flat = redis.call('HGETALL', KEYS[i])
  for j = 1, #flat, 2 do
    local index = tonumber(flat[j])
    local hits = tonumber(flat[j + 1])
    if index < oldest then
      redis.call('HDEL', KEYS[i], flat[j])
    else
      steps[#steps + 1] = { index, hits }
      count = count + hits
    end
  end
  rules[i] = { limit = limit, window = window, step = step, steps = steps, count = count }
  if count >= limit then
    allowed = 0
  end
end

-- Count nothing unless every rule has room: a refused hit must not eat into the other windows.
if allowed == 1 then
  for i = 1, n do
    local r = rules[i]
    local current = math.floor(now / r.step)
    local field = string.format('%d', current)
    local hits = redis.call('HINCRBY', KEYS[i], field, 1)
    local found = false
    for _, s in ipairs(r.steps) do
      if s[1] == current then
        s[2] = hits
        found = true
      end
    end
    if not found then
      r.steps[#r.steps + 1] = { current, hits }
    end
    r.count = r.count + 1
    -- Gone when the newest step leaves the window (a relative expiry, right on either clock).
    redis.call('PEXPIRE', KEYS[i], (current + 1) * r.step + r.window - now)
  end
end

local result = { allowed, now }
for i = 1, n do
  local r = rules[i]
  table.sort(r.steps, function(a, b) return a[1] < b[1] end)
  local reset = r.window
  if #r.steps > 0 then
    reset = (r.steps[1][1] + 1) * r.step + r.window - now
  end
  local retry = 0
  local mustLeave = r.count - (r.limit - 1)
  for _, s in ipairs(r.steps) do
    if mustLeave <= 0 then
      break
    end
    mustLeave = mustLeave - s[2]
    retry = (s[1] + 1) * r.step + r.window - now
  end
  result[#result + 1] = r.count
  result[#result + 1] = reset
  result[#result + 1] = retry
end
return result
`;
