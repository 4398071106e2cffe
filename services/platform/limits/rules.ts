import type { RateLimitDecision, RateLimitRule } from "./port";

/**
 * What both adapters share, so they cannot drift: argument validation, the storage key layout
 * and the choice of binding rule. Each adapter only has to report, per rule, the counter after
 * this call and how long its window has left; `decide` turns that into the decision.
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
 * of a key's counters live in one slot and the consume script stays legal on a cluster.
 */
export const counterKey = (key: string, rule: RateLimitRule): string => `rl:{${key}}:${rule.name}`;

/** Cache entries live in their own namespace so a cache key can never alias a counter. */
export const cacheKey = (key: string): string => `kv:${key}`;

export interface RuleWindow {
  /** Hits counted in the rule's current window (after this call when it was allowed). */
  count: number;
  /** Milliseconds until the window closes; >= 1 while the window is open. */
  ttlMs: number;
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
    if (!allowed && window.count >= rule.limit) retryAfterMs = Math.max(retryAfterMs, window.ttlMs);
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
    resetAtMs: nowMs + at(windows, binding).ttlMs,
    retryAfterMs: allowed ? 0 : retryAfterMs,
  };
}

function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`internal: no entry ${i} of ${items.length}`);
  return item;
}
