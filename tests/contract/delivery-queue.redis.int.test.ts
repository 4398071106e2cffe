import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../services/platform/config";
import type { NewDelivery } from "../../services/webhooks/delivery-queue";
import { openDeliveryQueue } from "../../services/webhooks/delivery-queue-open";
import {
  DeliveryQueueError,
  DeliveryQueueUnavailableError,
  RedisDeliveryQueue,
} from "../../services/webhooks/delivery-queue-redis";
import { redisRunKeys } from "../redis-run-keys";
import { deliveryQueueContract } from "./delivery-queue.contract";

const config = loadConfig();
const { keyPrefix, raw, keysUnder, deleteRunKeys } = redisRunKeys(
  config.REDIS_URL,
  config.REDIS_KEY_PREFIX,
  "webhook-deliveries",
);
const make = (options: { retentionMs?: number } = {}) =>
  new RedisDeliveryQueue({ url: config.REDIS_URL, keyPrefix, ...options });
const T = 1_760_000_000_000;
const base = `${keyPrefix}{webhook-deliveries}:`;
const planned = (id: string): NewDelivery => ({
  delivery_id: id,
  subscription_id: "wh_AAAAAAAAAAAAAAAAAAAAAA",
  alert_event_id: "evt_1",
  kind: "voyage.completed",
  payload: { event: "voyage.completed", voyage_id: "voy_1" },
  planned_at: T - 5,
});

deliveryQueueContract("redis", async (options) => make(options), deleteRunKeys);

describe("RedisDeliveryQueue beyond the contract", () => {
  it("writes only under its prefix, and leaves only the expiring done key after finish", async () => {
    const queue = make({ retentionMs: 60_000 });
    try {
      await queue.enqueue(planned("dlv_layout"), T);
      expect((await keysUnder(keyPrefix)).sort()).toEqual([`${base}d:dlv_layout`, `${base}due`]);
      expect(await raw.zrange(`${base}due`, 0, -1, "WITHSCORES")).toEqual(["dlv_layout", `${T}`]);
      expect(await raw.hgetall(`${base}d:dlv_layout`)).toEqual({
        subscription_id: "wh_AAAAAAAAAAAAAAAAAAAAAA",
        alert_event_id: "evt_1",
        kind: "voyage.completed",
        payload: JSON.stringify({ event: "voyage.completed", voyage_id: "voy_1" }),
        planned_at: `${T - 5}`,
        due_at: `${T}`,
        attempts: "0",
        lease: "",
      });

      const [held] = await queue.claim(T, 1, 1000);
      expect(await raw.hget(`${base}d:dlv_layout`, "lease")).toBe(held?.lease);
      expect(await raw.zscore(`${base}due`, "dlv_layout")).toBe(`${T + 1000}`);

      expect(await queue.finish("dlv_layout", held?.lease ?? "", "delivered")).toBe(true);
      expect(await keysUnder(keyPrefix)).toEqual([`${base}done:dlv_layout`]);
      expect(await raw.get(`${base}done:dlv_layout`)).toBe("delivered");
      const ttl = await raw.pttl(`${base}done:dlv_layout`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await deleteRunKeys();
      await queue.close();
    }
  });

  it("fails a claim loudly on a corrupt record, naming the field", async () => {
    const queue = make();
    try {
      await queue.enqueue(planned("dlv_corrupt"), T);
      await raw.hset(`${base}d:dlv_corrupt`, "attempts", "many");
      const failure = await queue.claim(T, 10, 1000).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DeliveryQueueError);
      expect((failure as Error).message).toMatch(/dlv_corrupt.*\[attempts\]/);

      await raw.hset(`${base}d:dlv_corrupt`, "attempts", "0", "payload", "{not json");
      await expect(queue.claim(T + 1000, 10, 1000)).rejects.toThrow(/\[payload\] must be a JSON/);

      await raw.set(`${base}done:dlv_other`, "lost");
      await expect(queue.finished("dlv_other")).rejects.toThrow(DeliveryQueueError);
    } finally {
      await deleteRunKeys();
      await queue.close();
    }
  });

  it("skips a due member whose hash was removed by hand, and drops it", async () => {
    const queue = make();
    try {
      await queue.enqueue(planned("dlv_orphan"), T);
      await queue.enqueue(planned("dlv_whole"), T + 1);
      await raw.unlink(`${base}d:dlv_orphan`);
      expect((await queue.claim(T + 1, 10, 1000)).map((d) => d.delivery_id)).toEqual(["dlv_whole"]);
      expect(await raw.zscore(`${base}due`, "dlv_orphan")).toBeNull();
    } finally {
      await deleteRunKeys();
      await queue.close();
    }
  });

  it("reports health with a PING", async () => {
    const queue = make();
    try {
      expect(await queue.health()).toMatchObject({ adapter: "redis", status: "up" });
    } finally {
      await queue.close();
    }
  });

  it("works over a connection the caller owns, and leaves it open on close", async () => {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const queue = new RedisDeliveryQueue({ client, keyPrefix });
      expect(await queue.enqueue(planned("dlv_owned"), T)).toBe(true);
      const other = make();
      expect((await other.claim(T, 1, 1000)).map((d) => d.delivery_id)).toEqual(["dlv_owned"]);
      await other.close();
      await queue.close();
      expect(await client.ping()).toBe("PONG");
    } finally {
      await deleteRunKeys();
      await client.quit();
    }
  });

  it("is what openDeliveryQueue gives in platform mode", async () => {
    const platform = loadConfig({
      VOYAGE_RISK_MODE: "platform",
      REDIS_URL: config.REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    });
    const opened = openDeliveryQueue(platform);
    const direct = make();
    try {
      expect(opened).toBeInstanceOf(RedisDeliveryQueue);
      expect(await opened.enqueue(planned("dlv_opened"), T)).toBe(true);
      expect((await direct.claim(T, 1, 1000)).map((d) => d.delivery_id)).toEqual(["dlv_opened"]);
    } finally {
      await deleteRunKeys();
      await opened.close();
      await direct.close();
    }
  });
});

describe("RedisDeliveryQueue against a dead Redis", () => {
  it("fails every call promptly with an error that shows no credentials", async () => {
    // Port 1 on loopback: nothing listens, connects are refused at once.
    const dead = new RedisDeliveryQueue({ url: "redis://user:s3cret@127.0.0.1:1/0", keyPrefix });
    try {
      const started = Date.now();
      const calls: Array<[string, () => Promise<unknown>]> = [
        ["enqueue", () => dead.enqueue(planned("dlv_dead"), T)],
        ["claim", () => dead.claim(T, 10, 1000)],
        ["reschedule", () => dead.reschedule("dlv_dead", "lease", 1, T)],
        ["finish", () => dead.finish("dlv_dead", "lease", "delivered")],
        ["finished", () => dead.finished("dlv_dead")],
        ["stats", () => dead.stats()],
      ];
      for (const [what, call] of calls) {
        const failure = await call().catch((e: unknown) => e);
        expect(failure, what).toBeInstanceOf(DeliveryQueueUnavailableError);
        const err = failure as DeliveryQueueUnavailableError;
        expect(err.where, what).toContain("127.0.0.1:1");
        expect(`${err.where} ${err.message} ${(err.cause as Error).message}`).not.toContain(
          "s3cret",
        );
      }
      const health = await dead.health();
      expect(health).toMatchObject({ adapter: "redis", status: "down" });
      expect(health.detail).not.toContain("s3cret");
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await dead.close();
    }
  });
});
