import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../services/platform/config";
import { createRedisFastState, type RedisFastState } from "../../services/platform/limits/redis";
import { fastStateContract } from "./fast-state.contract";

const config = loadConfig();
/** One random prefix per run, so parallel runs and other suites never see each other's keys. */
const keyPrefix = `${config.REDIS_KEY_PREFIX}test:fast-state:${randomUUID()}:`;
const make = (options: { now?: () => number } = {}) =>
  createRedisFastState({ url: config.REDIS_URL, keyPrefix, now: options.now });

/** A plain connection without the prefix, to look at and clean up what the adapter wrote. */
let raw: Redis;

async function keysUnderPrefix(): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await raw.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== "0");
  return found;
}

async function deleteRunKeys(): Promise<void> {
  const keys = await keysUnderPrefix();
  if (keys.length > 0) await raw.unlink(...keys);
}

beforeAll(() => {
  raw = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await deleteRunKeys();
  await raw.quit();
});

fastStateContract("redis", async (options) => make(options), deleteRunKeys);

describe("RedisFastState beyond the contract", () => {
  const rules = [{ name: "minute", limit: 10, windowMs: 60_000 }];
  let a: RedisFastState;
  let b: RedisFastState;

  beforeAll(() => {
    // Two connections, as two API processes would have.
    a = make();
    b = make();
  });

  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("two instances share one limit", async () => {
    const key = `shared-${randomUUID()}`;
    const decisions = [];
    for (let i = 0; i < 12; i++) decisions.push(await (i % 2 === 0 ? a : b).consume(key, rules));
    expect(decisions.map((d) => d.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(decisions.map((d) => d.remaining).slice(0, 10)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    // Both compute the reset from the server clock, so they agree on it.
    expect(decisions[1]?.resetAtMs).toBe(decisions[0]?.resetAtMs);
  });

  it("two instances hammering one key concurrently allow exactly the limit", async () => {
    const key = `shared-concurrent-${randomUUID()}`;
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).consume(key, rules)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it("two instances share the cache and its setIfAbsent race", async () => {
    const key = `lease-${randomUUID()}`;
    const [wonA, wonB] = await Promise.all([
      a.setIfAbsent(key, "a", 60_000),
      b.setIfAbsent(key, "b", 60_000),
    ]);
    expect([wonA, wonB].filter(Boolean)).toHaveLength(1);
    expect(await b.get(key)).toBe(wonA ? "a" : "b");
    await a.delete(key);
    expect(await b.get(key)).toBeNull();
  });

  it("writes only under its key prefix, a hash of hits per step with a TTL on every counter", async () => {
    const key = `layout-${randomUUID()}`;
    await a.consume(key, [
      { name: "minute", limit: 5, windowMs: 60_000 },
      { name: "hour", limit: 50, windowMs: 3_600_000 },
    ]);
    await a.set(key, "v");
    const written = (await keysUnderPrefix()).filter((k) => k.includes(key)).sort();
    expect(written).toEqual(
      [
        `${keyPrefix}kv:${key}`,
        `${keyPrefix}rls:{${key}}:hour`,
        `${keyPrefix}rls:{${key}}:minute`,
      ].sort(),
    );
    const minute = `${keyPrefix}rls:{${key}}:minute`;
    const steps = await raw.hgetall(minute);
    expect(Object.values(steps)).toEqual(["1"]);
    // The step index is the second of the hit (1/60 of the minute).
    expect(Math.abs(Number(Object.keys(steps)[0]) * 1000 - Date.now())).toBeLessThan(5_000);
    // Gone once that step has left the window: between one window and one window and a step.
    const minuteTtl = await raw.pttl(minute);
    expect(minuteTtl).toBeGreaterThan(59_000);
    expect(minuteTtl).toBeLessThanOrEqual(61_000);
    const hourTtl = await raw.pttl(`${keyPrefix}rls:{${key}}:hour`);
    expect(hourTtl).toBeGreaterThan(3_599_000);
    expect(hourTtl).toBeLessThanOrEqual(3_660_000);
  });

  it("ignores, and deletes, steps that have left the window even when the counter lost its TTL", async () => {
    const key = `no-ttl-${randomUUID()}`;
    const counter = `${keyPrefix}rls:{${key}}:minute`;
    const longAgo = Math.floor(Date.now() / 1000) - 3_600; // an hour ago: out of the window
    await raw.hset(counter, String(longAgo), "10"); // full, and no expiry
    expect(await a.consume(key, rules)).toMatchObject({ allowed: true, remaining: 9 });
    expect(await raw.hexists(counter, String(longAgo))).toBe(0);
    const ttl = await raw.pttl(counter);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it("reloads the script when the server has forgotten it (NOSCRIPT)", async () => {
    const key = `noscript-${randomUUID()}`;
    await a.consume(key, rules);
    await raw.script("FLUSH");
    expect(await a.consume(key, rules)).toMatchObject({ allowed: true, remaining: 8 });
  });
});

describe("RedisFastState against a dead Redis", () => {
  const rules = () => [{ name: "minute", limit: 1, windowMs: 1_000 }];

  it("reports down promptly, fails commands fast, and never shows credentials", async () => {
    // Port 1 on loopback: nothing listens, connects are refused at once.
    const dead = createRedisFastState({
      url: "redis://someone:s3cret@127.0.0.1:1/0",
      keyPrefix,
    });
    try {
      const started = Date.now();
      const health = await dead.health();
      expect(health).toMatchObject({ adapter: "redis", status: "down" });
      expect(health.detail).toContain("127.0.0.1:1");
      expect(health.detail).not.toContain("s3cret");
      await expect(dead.consume("k", rules())).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await dead.close();
    }
  });
});
