import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../services/platform/config";
import {
  WebhookStoreError,
  WebhookStoreUnavailableError,
} from "../../services/webhooks/subscriptions";
import { openWebhookSubscriptions } from "../../services/webhooks/subscriptions-open";
import { RedisWebhookSubscriptionStore } from "../../services/webhooks/subscriptions-redis";
import { redisRunKeys } from "../redis-run-keys";
import { webhookSubscriptionStoreContract } from "./webhook-subscriptions.contract";

const config = loadConfig();
const { keyPrefix, raw, keysUnder, deleteRunKeys } = redisRunKeys(
  config.REDIS_URL,
  config.REDIS_KEY_PREFIX,
  "webhooks",
);
const make = () => new RedisWebhookSubscriptionStore({ url: config.REDIS_URL, keyPrefix });
const KEY = "0123456789abcdef";

webhookSubscriptionStoreContract("redis", async () => make(), deleteRunKeys);

describe("RedisWebhookSubscriptionStore beyond the contract", () => {
  it("writes one hash per subscription and one set per key, only under its prefix", async () => {
    const store = make();
    try {
      const { subscription, secret } = await store.create({
        keyId: KEY,
        url: "https://hooks.example.com/in",
        events: ["voyage.completed", "ensemble.ready"],
        fleetId: "baltic",
      });
      const hashKey = `${keyPrefix}{webhooks}:sub:${subscription.id}`;
      const setKey = `${keyPrefix}{webhooks}:key:${KEY}`;
      expect((await keysUnder(keyPrefix)).sort()).toEqual([hashKey, setKey].sort());
      expect(await raw.smembers(setKey)).toEqual([subscription.id]);
      // The secret is stored as is: the delivery stream signs with it (see the module's note).
      expect(await raw.hgetall(hashKey)).toEqual({
        key_id: KEY,
        url: "https://hooks.example.com/in",
        events: "voyage.completed,ensemble.ready",
        fleet_id: "baltic",
        status: "active",
        disabled_reason: "",
        created_at: subscription.created_at,
        secret,
      });
      expect(await raw.pttl(hashKey)).toBe(-1); // subscriptions do not expire

      expect(await store.delete(subscription.id)).toBe(true);
      // Nothing left behind: neither the hash nor an empty set.
      expect(await keysUnder(keyPrefix)).toEqual([]);
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("reads Redis on every call: a change made behind its back counts at once", async () => {
    const store = make();
    try {
      const { subscription } = await store.create({
        keyId: KEY,
        url: "https://hooks.example.com/in",
        events: ["voyage.completed"],
      });
      const hashKey = `${keyPrefix}{webhooks}:sub:${subscription.id}`;
      const match = () => store.matching({ kind: "voyage.completed", keyId: KEY });
      expect(await match()).toHaveLength(1);
      await raw.hset(hashKey, "status", "disabled", "disabled_reason", "by hand");
      expect(await match()).toEqual([]);
      expect(await store.get(subscription.id)).toMatchObject({ disabled_reason: "by hand" });
      await raw.unlink(hashKey);
      // The id left in the set without its hash is skipped, not an error.
      expect(await store.listForKey(KEY)).toEqual([]);
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("fails loudly on a corrupt record, without the secret in the message", async () => {
    const store = make();
    try {
      const { subscription, secret } = await store.create({
        keyId: KEY,
        url: "https://hooks.example.com/in",
        events: ["voyage.completed"],
      });
      await raw.hset(`${keyPrefix}{webhooks}:sub:${subscription.id}`, "events", "voyage.sunk");
      const failure = await store.get(subscription.id).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(WebhookStoreError);
      expect((failure as Error).message).toMatch(/events/);
      expect((failure as Error).message).not.toContain(secret);
      await expect(store.listForKey(KEY)).rejects.toThrow(WebhookStoreError);
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("works over a connection the caller owns, and leaves it open on close", async () => {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const store = new RedisWebhookSubscriptionStore({ client, keyPrefix });
      const { subscription } = await store.create({
        keyId: KEY,
        url: "https://hooks.example.com/in",
        events: ["ensemble.ready"],
      });
      const other = make();
      expect(await other.get(subscription.id)).toEqual(subscription);
      await other.close();
      await store.close();
      expect(await client.ping()).toBe("PONG");
    } finally {
      await deleteRunKeys();
      await client.quit();
    }
  });

  it("is what openWebhookSubscriptions gives in platform mode", async () => {
    const platform = loadConfig({
      VOYAGE_RISK_MODE: "platform",
      REDIS_URL: config.REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    });
    const opened = openWebhookSubscriptions(platform);
    const direct = make();
    try {
      expect(opened).toBeInstanceOf(RedisWebhookSubscriptionStore);
      const { subscription } = await opened.create({
        keyId: KEY,
        url: "https://hooks.example.com/in",
        events: ["voyage.completed"],
      });
      expect(await direct.get(subscription.id)).toEqual(subscription);
    } finally {
      await deleteRunKeys();
      await opened.close();
      await direct.close();
    }
  });
});

describe("RedisWebhookSubscriptionStore against a dead Redis", () => {
  it("fails every call promptly with a 503-mapped error that shows no credentials", async () => {
    // Port 1 on loopback: nothing listens, connects are refused at once.
    const dead = new RedisWebhookSubscriptionStore({
      url: "redis://someone:s3cret@127.0.0.1:1/0",
      keyPrefix,
    });
    try {
      const started = Date.now();
      const failure = await dead
        .create({ keyId: KEY, url: "https://hooks.example.com/in", events: ["voyage.completed"] })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(WebhookStoreUnavailableError);
      const err = failure as WebhookStoreUnavailableError;
      expect(err.code).toBe("dependency_unavailable");
      expect(err.details).toEqual({ retry_after_s: 5 });
      expect(err.where).toContain("127.0.0.1:1");
      expect(`${err.where} ${err.message}`).not.toContain("s3cret");
      const id = "wh_AAAAAAAAAAAAAAAAAAAAAA";
      await expect(dead.get(id)).rejects.toThrow(WebhookStoreUnavailableError);
      await expect(dead.getWithSecret(id)).rejects.toThrow(WebhookStoreUnavailableError);
      await expect(dead.listForKey(KEY)).rejects.toThrow(WebhookStoreUnavailableError);
      await expect(dead.matching({ kind: "voyage.completed", keyId: KEY })).rejects.toThrow(
        WebhookStoreUnavailableError,
      );
      await expect(dead.delete(id)).rejects.toThrow(WebhookStoreUnavailableError);
      await expect(dead.disable(id, "410")).rejects.toThrow(WebhookStoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await dead.close();
    }
  });
});
