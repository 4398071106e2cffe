import type { DependencyHealth } from "../health";
import type { FastState, RateLimitDecision, RateLimitRule } from "./port";
import {
  assertValidRules,
  assertValidTtl,
  cacheKey,
  counterKey,
  currentStep,
  decide,
  oldestStep,
  type RuleWindow,
  slidingWindow,
  stepLeavesAtMs,
} from "./rules";

/**
 * The in-process limiter/cache of the embedded default. It keeps the Redis adapter's
 * semantics: a sliding window counted in steps (rules.ts), a refused consume counts nothing,
 * and cache entries expire after their TTL. Consume is atomic because it never awaits between
 * reading and writing the counters.
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
  /** Hits per step still in the window, oldest first, as [step index, hits]. */
  steps: Array<[number, number]>;
  /** When the newest step leaves the window: nothing is counted after that. */
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
    const live = rules.map((rule, i) => this.liveSteps(keys[i] as string, rule, nowMs));
    const counted = (steps: Array<[number, number]>) => steps.reduce((n, [, h]) => n + h, 0);
    const allowed = rules.every((rule, i) => counted(live[i] ?? []) < rule.limit);
    const windows: RuleWindow[] = rules.map((rule, i) => {
      const steps = live[i] ?? [];
      if (allowed) {
        const step = currentStep(rule, nowMs);
        const last = steps.at(-1);
        if (last && last[0] === step) last[1] += 1;
        else {
          steps.push([step, 1]);
          steps.sort((a, b) => a[0] - b[0]); // only out of order if the clock stepped back
        }
        this.counters.set(keys[i] as string, {
          steps,
          expiresAtMs: stepLeavesAtMs(rule, (steps.at(-1) as [number, number])[0]),
        });
      }
      return slidingWindow(rule, steps, nowMs);
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

  /** The rule's steps still in the window (the counter's own array), oldest first. */
  private liveSteps(k: string, rule: RateLimitRule, nowMs: number): Array<[number, number]> {
    const counter = this.counters.get(k);
    if (!counter) return [];
    const oldest = oldestStep(rule, nowMs);
    let gone = 0;
    while (gone < counter.steps.length && (counter.steps[gone] as [number, number])[0] < oldest) {
      gone++;
    }
    if (gone > 0) counter.steps.splice(0, gone);
    if (counter.steps.length === 0) this.counters.delete(k);
    return counter.steps;
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
