import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../services/platform/config";
import {
  digestOf,
  KeyStoreError,
  KeyStoreUnavailableError,
} from "../../services/platform/keys/api-keys";
import { runKeysCommand } from "../../services/platform/keys/cli";
import { RedisApiKeyStore } from "../../services/platform/keys/redis-store";
import { redisRunKeys } from "../redis-run-keys";
import { apiKeyStoreContract } from "./api-keys.contract";

const config = loadConfig();
const { keyPrefix, raw, keysUnder, deleteRunKeys } = redisRunKeys(
  config.REDIS_URL,
  config.REDIS_KEY_PREFIX,
  "api-keys",
);
const make = () => new RedisApiKeyStore({ url: config.REDIS_URL, keyPrefix });

apiKeyStoreContract("redis", async () => make(), deleteRunKeys);

describe("RedisApiKeyStore beyond the contract", () => {
  it("writes one hash per key and one set of ids, only under its prefix, with no key in them", async () => {
    const store = make();
    try {
      const { key, record } = await store.create({
        plan: "fleet",
        scopes: ["underwriting", "monitoring"],
        label: "layout",
      });
      const hashKey = `${keyPrefix}{api-keys}:key:${record.id}`;
      const idsKey = `${keyPrefix}{api-keys}:ids`;
      expect((await keysUnder(keyPrefix)).sort()).toEqual([hashKey, idsKey].sort());
      expect(await raw.smembers(idsKey)).toEqual([record.id]);
      const hash = await raw.hgetall(hashKey);
      expect(hash).toEqual({
        digest: digestOf(key).toString("hex"),
        plan: "fleet",
        scopes: "underwriting,monitoring",
        label: "layout",
        created_at: record.created_at,
        revoked_at: "",
      });
      expect(JSON.stringify(hash)).not.toContain(key.slice(3));
      expect(await raw.pttl(hashKey)).toBe(-1); // keys do not expire
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("reads Redis on every authenticate: a change made behind its back counts at once", async () => {
    const store = make();
    try {
      const { key, record } = await store.create({ plan: "captain", scopes: [] });
      const hashKey = `${keyPrefix}{api-keys}:key:${record.id}`;
      expect(await store.authenticate(key)).not.toBeNull();
      await raw.hset(hashKey, "revoked_at", new Date().toISOString());
      expect(await store.authenticate(key)).toBeNull();
      await raw.hset(hashKey, "revoked_at", "");
      expect(await store.authenticate(key)).not.toBeNull();
      await raw.unlink(hashKey, `${keyPrefix}{api-keys}:ids`);
      expect(await store.authenticate(key)).toBeNull();
      expect(await store.hasKeys()).toBe(false);
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("fails loudly on a corrupt record instead of letting it in", async () => {
    const store = make();
    try {
      const { key, record } = await store.create({ plan: "captain", scopes: [] });
      await raw.hset(`${keyPrefix}{api-keys}:key:${record.id}`, "plan", "platinum");
      await expect(store.authenticate(key)).rejects.toThrow(KeyStoreError);
      await expect(store.list()).rejects.toThrow(/plan/);
    } finally {
      await deleteRunKeys();
      await store.close();
    }
  });

  it("works over a connection the caller owns, and leaves it open on close", async () => {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const store = new RedisApiKeyStore({ client, keyPrefix });
      const { key } = await store.create({ plan: "fleet", scopes: ["webhooks"] });
      expect(await make().authenticate(key)).not.toBeNull();
      await store.close();
      expect(await client.ping()).toBe("PONG");
    } finally {
      await deleteRunKeys();
      await client.quit();
    }
  });

  it("serves the keys CLI in platform mode: create, list, revoke on the same Redis", async () => {
    const platform = loadConfig({
      VOYAGE_RISK_MODE: "platform",
      REDIS_URL: config.REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    });
    const run = async (...argv: string[]) => {
      let out = "";
      const status = await runKeysCommand(
        argv,
        platform,
        { write: (t: string) => (out += t) },
        {
          write: () => true,
        },
      );
      return { status, json: JSON.parse(out) };
    };
    const api = make();
    try {
      const created = await run("create", "--plan", "captain", "--scopes", "route-risk");
      expect(created.status).toBe(0);
      expect(await api.authenticate(created.json.key)).toMatchObject({ plan: "captain" });
      expect((await run("list")).json).toEqual([
        expect.objectContaining({ id: created.json.id, revoked: false }),
      ]);
      expect((await run("revoke", created.json.id)).json).toEqual({
        id: created.json.id,
        revoked: true,
      });
      expect(await api.authenticate(created.json.key)).toBeNull();
    } finally {
      await deleteRunKeys();
      await api.close();
    }
  });
});

describe("RedisApiKeyStore against a dead Redis", () => {
  it("fails every call promptly with a 503-mapped error that shows no credentials", async () => {
    // Port 1 on loopback: nothing listens, connects are refused at once.
    const dead = new RedisApiKeyStore({ url: "redis://someone:s3cret@127.0.0.1:1/0", keyPrefix });
    try {
      const started = Date.now();
      const failure = await dead.authenticate("vr_anything").catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(KeyStoreUnavailableError);
      const err = failure as KeyStoreUnavailableError;
      expect(err.code).toBe("dependency_unavailable");
      expect(err.details).toEqual({ retry_after_s: 5 });
      expect(err.where).toContain("127.0.0.1:1");
      expect(`${err.where} ${err.message}`).not.toContain("s3cret");
      expect(err.cause).toBeInstanceOf(Error);
      await expect(dead.hasKeys()).rejects.toThrow(KeyStoreUnavailableError);
      await expect(dead.create({ plan: "captain", scopes: [] })).rejects.toThrow(
        KeyStoreUnavailableError,
      );
      await expect(dead.revoke("0123456789abcdef")).rejects.toThrow(KeyStoreUnavailableError);
      await expect(dead.list()).rejects.toThrow(KeyStoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await dead.close();
    }
  });

  it("the keys CLI answers dependency_unavailable with exit status 1", async () => {
    const dead = loadConfig({
      VOYAGE_RISK_MODE: "platform",
      REDIS_URL: "redis://someone:s3cret@127.0.0.1:1/0",
      REDIS_KEY_PREFIX: keyPrefix,
    });
    let out = "";
    const status = await runKeysCommand(
      ["list"],
      dead,
      { write: (t: string) => (out += t) },
      {
        write: () => true,
      },
    );
    expect(status).toBe(1);
    expect(JSON.parse(out).error).toMatchObject({ code: "dependency_unavailable" });
    expect(out).toContain("127.0.0.1:1");
    expect(out).not.toContain("s3cret");
  });
});
