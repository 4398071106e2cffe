import type { DependencyHealth } from "../health";

/**
 * One limit: at most `limit` hits per key in any span of `windowMs` (a sliding window, see
 * rules.ts), so no burst across a window's edge lets twice the limit through.
 */
export interface RateLimitRule {
  /** Stable name, part of the storage key, e.g. "minute" or "hour". */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The binding rule: the one with the fewest hits left (or the one that refused). */
  rule: string;
  limit: number;
  /** Hits left in the binding rule's window after this one (0 when refused). */
  remaining: number;
  /**
   * Epoch ms at which the oldest hit the binding rule counts leaves its window (its remaining
   * grows then; with none counted, a window from now).
   */
  resetAtMs: number;
  /** 0 when allowed; otherwise ms until every refusing rule has room for this hit again. */
  retryAfterMs: number;
}

/**
 * The limiter/cache port: fast, shared, short-lived state. Redis in platform mode, a Map in the
 * embedded default; both pass tests/contract/fast-state.contract.ts.
 */
export interface FastState {
  readonly adapter: "redis" | "memory";
  /**
   * Atomically counts one hit against every rule for `key`, or none if any rule is exhausted
   * (a refused request does not eat into the other windows).
   */
  consume(key: string, rules: readonly RateLimitRule[]): Promise<RateLimitDecision>;
  get(key: string): Promise<string | null>;
  /** ttlMs omitted: no expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when absent; true when this call set it (idempotency markers, leases). */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  health(): Promise<DependencyHealth>;
  close(): Promise<void>;
}
