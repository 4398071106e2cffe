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
  stepMs,
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
  /**
   * The limiter's clock in epoch ms. By default the Redis server's (TIME, so every API process
   * agrees on a window); tests inject one to reach a window's edges without sleeping.
   */
  now?: () => number;
}

const CONSUME_SHA = createHash("sha1").update(CONSUME_LUA).digest("hex");

/**
 * The limiter/cache on Redis, shared by every API process. Consume is one Lua script, so the
 * check-then-count across all rules is atomic on the server; each rule's sliding window is a
 * hash of hits per step (rules.ts), read and counted on server time, so processes agree.
 */
export class RedisFastState implements FastState {
  readonly adapter = "redis" as const;
  private readonly redis: Redis;
  private readonly where: string;
  private readonly now?: () => number;
  private lastError: Error | undefined;

  constructor(options: RedisFastStateOptions) {
    this.where = describeWithoutCredentials(options.url);
    this.now = options.now;
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
    const args = [
      this.now ? String(this.now()) : "",
      ...rules.flatMap((rule) => [rule.limit, rule.windowMs, stepMs(rule)].map(String)),
    ];
    const reply = await this.runConsume(keys, args);
    const [allowed, nowMs, ...perRule] = reply;
    const windows: RuleWindow[] = rules.map((_, i) => ({
      count: perRule[3 * i] ?? 0,
      resetMs: perRule[3 * i + 1] ?? 0,
      retryMs: perRule[3 * i + 2] ?? 0,
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
  private async runConsume(keys: string[], args: string[]): Promise<number[]> {
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
