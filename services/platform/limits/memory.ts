import type { DependencyHealth } from "../health";
import type { FastState, RateLimitDecision, RateLimitRule } from "./port";
import {
  assertValidRules,
  assertValidTtl,
  cacheKey,
  counterKey,
  decide,
  type RuleWindow,
} from "./rules";

/**
 * The in-process limiter/cache of the embedded default. It keeps Redis's semantics: a counter's
 * window opens at its first hit and expires as a whole (INCR + PEXPIRE), a refused consume
 * counts nothing, and cache entries expire after their TTL. Consume is atomic because it never
 * awaits between reading and writing the counters.
 */

export interface MemoryFastStateOptions {
  /** Clock in epoch ms; inject one to test windows without sleeping. */
  now?: () => number;
  /**
   * How often (in clock ms) an operation also sweeps out every expired entry. Lazy deletion only
   * frees keys that are touched again; the sweep frees the ones that never are. No timer: an
   * idle process holds what it held, and nothing keeps the event loop alive.
   */
  sweepEveryMs?: number;
}

interface Counter {
  count: number;
  expiresAtMs: number;
}

interface CacheEntry {
  value: string;
  /** null: no expiry. */
  expiresAtMs: number | null;
}

export class MemoryFastState implements FastState {
  readonly adapter = "memory" as const;
  private readonly now: () => number;
  private readonly sweepEveryMs: number;
  private readonly counters = new Map<string, Counter>();
  private readonly cache = new Map<string, CacheEntry>();
  private lastSweepMs: number;

  constructor(options: MemoryFastStateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.lastSweepMs = this.now();
  }

  /** Counters and cache entries held, expired or not (for tests and metrics). */
  get storedEntries(): number {
    return this.counters.size + this.cache.size;
  }

  async consume(key: string, rules: readonly RateLimitRule[]): Promise<RateLimitDecision> {
    assertValidRules(rules);
    const nowMs = this.tick();
    const keys = rules.map((rule) => counterKey(key, rule));
    const live = keys.map((k) => this.liveCounter(k, nowMs));
    const allowed = rules.every((rule, i) => (live[i]?.count ?? 0) < rule.limit);
    const windows: RuleWindow[] = rules.map((rule, i) => {
      let counter = live[i];
      if (allowed) {
        if (counter) counter.count += 1;
        else {
          counter = { count: 1, expiresAtMs: nowMs + rule.windowMs };
          this.counters.set(keys[i] as string, counter);
        }
      }
      // A refused consume only reaches here for rules with a live counter or count 0.
      if (!counter) return { count: 0, ttlMs: rule.windowMs };
      return { count: counter.count, ttlMs: counter.expiresAtMs - nowMs };
    });
    return decide(rules, windows, allowed, nowMs);
  }

  async get(key: string): Promise<string | null> {
    return this.liveEntry(cacheKey(key), this.tick())?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    assertValidTtl(ttlMs);
    const nowMs = this.tick();
    // Like Redis SET: a set without a TTL also clears any earlier expiry.
    this.cache.set(cacheKey(key), {
      value,
      expiresAtMs: ttlMs === undefined ? null : nowMs + ttlMs,
    });
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    assertValidTtl(ttlMs);
    const nowMs = this.tick();
    const k = cacheKey(key);
    if (this.liveEntry(k, nowMs)) return false;
    this.cache.set(k, { value, expiresAtMs: ttlMs === undefined ? null : nowMs + ttlMs });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(cacheKey(key));
  }

  async health(): Promise<DependencyHealth> {
    return { adapter: "memory", status: "up", latency_ms: 0, detail: "in-process" };
  }

  async close(): Promise<void> {
    this.counters.clear();
    this.cache.clear();
  }

  /** Reads the clock once per operation and sweeps when a sweep is due. */
  private tick(): number {
    const nowMs = this.now();
    if (nowMs - this.lastSweepMs >= this.sweepEveryMs) {
      this.lastSweepMs = nowMs;
      for (const [k, c] of this.counters) if (c.expiresAtMs <= nowMs) this.counters.delete(k);
      for (const [k, e] of this.cache) if (isExpired(e, nowMs)) this.cache.delete(k);
    }
    return nowMs;
  }

  private liveCounter(k: string, nowMs: number): Counter | undefined {
    const counter = this.counters.get(k);
    if (counter && counter.expiresAtMs <= nowMs) {
      this.counters.delete(k);
      return undefined;
    }
    return counter;
  }

  private liveEntry(k: string, nowMs: number): CacheEntry | undefined {
    const entry = this.cache.get(k);
    if (entry && isExpired(entry, nowMs)) {
      this.cache.delete(k);
      return undefined;
    }
    return entry;
  }
}

const isExpired = (e: CacheEntry, nowMs: number): boolean =>
  e.expiresAtMs !== null && e.expiresAtMs <= nowMs;
