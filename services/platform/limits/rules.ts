import type { RateLimitDecision, RateLimitRule } from "./port";

/**
 * What both adapters share, so they cannot drift: argument validation, the storage key layout,
 * the sliding window's arithmetic and the choice of binding rule. Each adapter keeps, per rule,
 * the hits counted in each step of the window and reports them through `slidingWindow` (the
 * Redis script does the same arithmetic in Lua); `decide` turns that into the decision.
 *
 * The window. A fixed window opened at a key's first hit lets `limit` hits through at the end of
 * one window and `limit` more at the start of the next: twice the limit within moments. We
 * count hits in steps of windowMs / WINDOW_STEPS (a second of a minute, a minute of an hour) and
 * count a step for as long as any part of it lies within the last windowMs: a hit is counted for
 * between windowMs and windowMs + one step, so no span of windowMs ever lets more than `limit`
 * through, and a caller may be refused up to one step (1/60 of the window) early. This is the
 * sliding window kept as counters per small interval (Figma, "An alternative approach to rate
 * limiting", 2017) rather than one log entry per hit; unlike the two-counter approximation
 * (Cloudflare, "How we built rate limiting capable of scaling to millions of domains", 2017),
 * which weights the previous window as if its hits were spread evenly and so still lets nearly
 * twice the limit through when they all came at its end, it never exceeds the limit. The memory
 * is bounded: at most WINDOW_STEPS + 2 counters per key and rule.
 */

/** Rule names become part of a storage key; no ':' keeps the layout unambiguous. */
const RULE_NAME = /^[A-Za-z0-9_.-]+$/;

/** Throws a RangeError naming the bad rule, before anything is counted. */
export function assertValidRules(rules: readonly RateLimitRule[]): void {
  if (rules.length === 0) throw new RangeError("consume needs at least one rate-limit rule");
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!RULE_NAME.test(rule.name)) {
      throw new RangeError(
        `rate-limit rule name ${JSON.stringify(rule.name)} must match ${RULE_NAME}`,
      );
    }
    if (seen.has(rule.name)) throw new RangeError(`rate-limit rule "${rule.name}" is listed twice`);
    seen.add(rule.name);
    // limit 0 would refuse with no window to wait for; express "blocked" elsewhere.
    if (!Number.isSafeInteger(rule.limit) || rule.limit < 1) {
      throw new RangeError(`rate-limit rule "${rule.name}": limit must be an integer >= 1`);
    }
    if (!Number.isSafeInteger(rule.windowMs) || rule.windowMs < 1) {
      throw new RangeError(`rate-limit rule "${rule.name}": windowMs must be an integer >= 1`);
    }
  }
}

/** Redis rejects PX 0 and fractional PX; the memory adapter refuses the same inputs. */
export function assertValidTtl(ttlMs: number | undefined): void {
  if (ttlMs === undefined) return;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) {
    throw new RangeError(`ttlMs must be an integer >= 1 (or omitted for no expiry), got ${ttlMs}`);
  }
}

/**
 * Counter key of one rule for one caller key. The caller key is a Redis Cluster hash tag, so all
 * of a key's counters live in one slot and the consume script stays legal on a cluster. `rls:`
 * (sliding): the fixed windows' counters were strings under `rl:`; a hash under a new name lets
 * processes of both versions run side by side while the old counters expire.
 */
export const counterKey = (key: string, rule: RateLimitRule): string => `rls:{${key}}:${rule.name}`;

/** Cache entries live in their own namespace so a cache key can never alias a counter. */
export const cacheKey = (key: string): string => `kv:${key}`;

/** Steps a window slides in. */
export const WINDOW_STEPS = 60;

/** Length of one step of a rule's window, ms (at least 1). */
export const stepMs = (rule: RateLimitRule): number =>
  Math.max(1, Math.ceil(rule.windowMs / WINDOW_STEPS));

/** Index of the oldest step still (partly) within the window ending at `nowMs`. */
export const oldestStep = (rule: RateLimitRule, nowMs: number): number =>
  Math.floor((nowMs - rule.windowMs) / stepMs(rule));

/** Index of the step `nowMs` falls in. */
export const currentStep = (rule: RateLimitRule, nowMs: number): number =>
  Math.floor(nowMs / stepMs(rule));

/** When the hits of step `index` leave the window: its end plus the window. */
export const stepLeavesAtMs = (rule: RateLimitRule, index: number): number =>
  (index + 1) * stepMs(rule) + rule.windowMs;

export interface RuleWindow {
  /** Hits counted in the rule's window (after this call when it was allowed). */
  count: number;
  /** Ms until the oldest counted hit leaves the window (windowMs when none is counted). */
  resetMs: number;
  /** Ms until enough hits have left for one more to pass (0 when one would pass now). */
  retryMs: number;
}

/**
 * A rule's window from its steps still in the window, oldest first, as [index, hits] (after
 * this call's hit when it was counted).
 */
export function slidingWindow(
  rule: RateLimitRule,
  steps: ReadonlyArray<readonly [number, number]>,
  nowMs: number,
): RuleWindow {
  const count = steps.reduce((n, [, hits]) => n + hits, 0);
  const [oldest] = steps[0] ?? [];
  const resetMs = oldest === undefined ? rule.windowMs : stepLeavesAtMs(rule, oldest) - nowMs;
  let retryMs = 0;
  let mustLeave = count - (rule.limit - 1);
  for (const [index, hits] of steps) {
    if (mustLeave <= 0) break;
    mustLeave -= hits;
    retryMs = stepLeavesAtMs(rule, index) - nowMs;
  }
  return { count, resetMs, retryMs };
}

/**
 * The decision from each rule's window. Binding rule: fewest hits left; ties go to the longer
 * window (it is the one that keeps the caller waiting longer), then to the first listed.
 */
export function decide(
  rules: readonly RateLimitRule[],
  windows: readonly RuleWindow[],
  allowed: boolean,
  nowMs: number,
): RateLimitDecision {
  let binding = 0;
  let bindingRemaining = Number.POSITIVE_INFINITY;
  let retryAfterMs = 0;
  rules.forEach((rule, i) => {
    const window = at(windows, i);
    const remaining = Math.max(0, rule.limit - window.count);
    if (!allowed && window.count >= rule.limit)
      retryAfterMs = Math.max(retryAfterMs, window.retryMs);
    const best = at(rules, binding);
    if (
      remaining < bindingRemaining ||
      (remaining === bindingRemaining && rule.windowMs > best.windowMs)
    ) {
      binding = i;
      bindingRemaining = remaining;
    }
  });
  const rule = at(rules, binding);
  return {
    allowed,
    rule: rule.name,
    limit: rule.limit,
    remaining: allowed ? bindingRemaining : 0,
    resetAtMs: nowMs + at(windows, binding).resetMs,
    retryAfterMs: allowed ? 0 : retryAfterMs,
  };
}

function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`internal: no entry ${i} of ${items.length}`);
  return item;
}
