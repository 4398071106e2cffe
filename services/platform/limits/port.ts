import type { DependencyHealth } from "../health";

/**
 * One limit: at most `limit` hits per key in a window of `windowMs` that opens at the key's
 * first hit (the classic INCR + PEXPIRE pattern, so Redis and the in-memory adapter agree).
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
  /** Epoch ms at which the binding rule's window closes. */
  resetAtMs: number;
  /** 0 when allowed; otherwise ms until every refusing rule's window has closed. */
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
