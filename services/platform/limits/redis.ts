import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { type DependencyHealth, probeDependency } from "../health";
import { closeRedis, describeWithoutCredentials } from "../redis-connection";
import { CONSUME_LUA } from "./consume-script";
import type { FastState, RateLimitDecision, RateLimitRule } from "./port";
import {
  assertValidRules,
  assertValidTtl,
  cacheKey,
  counterKey,
  decide,
  type RuleWindow,
} from "./rules";

export interface RedisFastStateOptions {
  /** redis:// or rediss:// URL; credentials in it are used but never reported. */
  url: string;
  /** Prepended to every key this adapter writes, so deployments and test runs can share a Redis. */
  keyPrefix: string;
  /** Longest wait for a TCP connect (and TLS handshake) before it counts as failed. */
  connectTimeoutMs?: number;
  /**
   * Longest wait for any one command, including time spent queued while disconnected. The
   * limiter sits on the request path: a hung Redis must turn into an error, not a hung request.
   */
  commandTimeoutMs?: number;
}

const CONSUME_SHA = createHash("sha1").update(CONSUME_LUA).digest("hex");

/**
 * The limiter/cache on Redis, shared by every API process. Consume is one Lua script, so the
 * check-then-count across all rules is atomic on the server; windows use the classic INCR +
 * PEXPIRE (a window opens at its key's first hit) and server time, so processes agree.
 * Needs Redis 7.0 or newer (the script reads PEXPIRETIME).
 */
export class RedisFastState implements FastState {
  readonly adapter = "redis" as const;
  private readonly redis: Redis;
  private readonly where: string;
  private lastError: Error | undefined;

  constructor(options: RedisFastStateOptions) {
    this.where = describeWithoutCredentials(options.url);
    this.redis = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      // ioredis's default (20) keeps a command queued through ~20 reconnect attempts, many
      // seconds of a request (or a health probe) hanging on a dead Redis. With 1, a queued command
      // fails after one reconnect attempt, so health reports "down" promptly and callers can
      // decide (fail open or closed) themselves. Reconnecting itself continues in the background.
      maxRetriesPerRequest: 1,
    });
    // Without a listener ioredis prints every failed reconnect as an unhandled error; the error
    // is kept instead and shown by health().
    this.redis.on("error", (err: Error) => {
      this.lastError = err;
    });
    this.redis.on("ready", () => {
      this.lastError = undefined;
    });
  }

  async consume(key: string, rules: readonly RateLimitRule[]): Promise<RateLimitDecision> {
    assertValidRules(rules);
    const keys = rules.map((rule) => counterKey(key, rule));
    const args = rules.flatMap((rule) => [rule.limit, rule.windowMs]);
    const reply = await this.runConsume(keys, args);
    const [allowed, nowMs, ...perRule] = reply;
    const windows: RuleWindow[] = rules.map((_, i) => ({
      count: perRule[2 * i] ?? 0,
      ttlMs: perRule[2 * i + 1] ?? 0,
    }));
    return decide(rules, windows, allowed === 1, nowMs ?? Date.now());
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(cacheKey(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    assertValidTtl(ttlMs);
    if (ttlMs === undefined) await this.redis.set(cacheKey(key), value);
    else await this.redis.set(cacheKey(key), value, "PX", ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    assertValidTtl(ttlMs);
    const reply =
      ttlMs === undefined
        ? await this.redis.set(cacheKey(key), value, "NX")
        : await this.redis.set(cacheKey(key), value, "PX", ttlMs, "NX");
    return reply === "OK";
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(cacheKey(key));
  }

  async health(): Promise<DependencyHealth> {
    const health = await probeDependency("redis", this.where, () => this.redis.ping());
    if (health.status === "down" && this.lastError) {
      health.detail = `${health.detail} (last connection error: ${this.lastError.message})`;
    }
    return health;
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }

  /** EVALSHA first (the script is cached server-side); EVAL when the server does not know it. */
  private async runConsume(keys: string[], args: number[]): Promise<number[]> {
    try {
      return (await this.redis.evalsha(CONSUME_SHA, keys.length, ...keys, ...args)) as number[];
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith("NOSCRIPT")) throw err;
      return (await this.redis.eval(CONSUME_LUA, keys.length, ...keys, ...args)) as number[];
    }
  }
}

export function createRedisFastState(options: RedisFastStateOptions): RedisFastState {
  return new RedisFastState(options);
}
