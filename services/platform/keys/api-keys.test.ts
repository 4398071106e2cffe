import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ApiKeyRecord,
  type ApiKeyStore,
  digestMatches,
  digestOf,
  generateApiKey,
  KeyStoreUnavailableError,
  LayeredApiKeyStore,
  loadKeysFile,
  MemoryApiKeyStore,
  normalizeNewApiKey,
  SCOPES,
  type Scope,
} from "./api-keys";

describe("MemoryApiKeyStore.add (the dev key and API_KEYS_FILE)", () => {
  it("still adds a key whose plaintext the caller holds, now with created_at and revoked_at", async () => {
    const store = new MemoryApiKeyStore();
    const key = generateApiKey();
    const before = new Date().toISOString();
    const record = store.add(key, "enterprise", SCOPES, "dev key generated at start-up");
    expect(record).toMatchObject({
      plan: "enterprise",
      scopes: [...SCOPES],
      label: "dev key generated at start-up",
      revoked: false,
      revoked_at: null,
    });
    expect(record.created_at >= before).toBe(true);
    expect(await store.authenticate(key)).toMatchObject({ id: record.id, plan: "enterprise" });
    expect(await store.list()).toEqual([expect.objectContaining({ id: record.id })]);
  });

  it("hands out copies: changing an authenticated record does not change the store", async () => {
    const store = new MemoryApiKeyStore();
    const key = generateApiKey();
    store.add(key, "captain", ["route-risk"]);
    const first = (await store.authenticate(key)) as ApiKeyRecord;
    first.scopes.push("admin");
    first.revoked = true;
    expect(await store.authenticate(key)).toMatchObject({ scopes: ["route-risk"], revoked: false });
  });

  it("loads a keys file into a memory store, as before", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vr-keys-file-"));
    try {
      const path = join(dir, "keys.json");
      const key = generateApiKey();
      writeFileSync(path, JSON.stringify([{ key, plan: "fleet", scopes: ["underwriting"] }]));
      const store = loadKeysFile(path);
      expect(await store.authenticate(key)).toMatchObject({ plan: "fleet", revoked_at: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives a keys file entry without scopes its plan's scopes, and keeps an explicit empty list", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vr-keys-file-"));
    try {
      const path = join(dir, "keys.json");
      const [perQuery, captain, none] = [generateApiKey(), generateApiKey(), generateApiKey()];
      writeFileSync(
        path,
        JSON.stringify([
          { key: perQuery, plan: "per-query" },
          { key: captain, plan: "captain" },
          { key: none, plan: "fleet", scopes: [] },
        ]),
      );
      const store = loadKeysFile(path);
      expect((await store.authenticate(perQuery))?.scopes).toEqual(["underwriting"]);
      expect((await store.authenticate(captain))?.scopes).toEqual([
        "underwriting",
        "route-risk",
        "insurance",
        "monitoring",
        "webhooks",
      ]);
      expect((await store.authenticate(none))?.scopes).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("normalizeNewApiKey", () => {
  it("deduplicates scopes in order and turns an empty label into none", () => {
    expect(
      normalizeNewApiKey({ plan: "fleet", scopes: ["monitoring", "underwriting", "monitoring"] }),
    ).toEqual({ plan: "fleet", scopes: ["monitoring", "underwriting"], label: null });
    expect(normalizeNewApiKey({ plan: "captain", scopes: [], label: "" }).label).toBeNull();
  });

  it("rejects an unknown plan or scope and an overlong label", () => {
    expect(() => normalizeNewApiKey({ plan: "gold" as "fleet", scopes: [] })).toThrow(RangeError);
    expect(() => normalizeNewApiKey({ plan: "fleet", scopes: ["root" as Scope] })).toThrow(
      /unknown scope 'root'/,
    );
    expect(() => normalizeNewApiKey({ plan: "fleet", scopes: [], label: "x".repeat(201) })).toThrow(
      /label/,
    );
  });
});

describe("digestMatches", () => {
  it("is true only for the same digest, and false (not a throw) for another length", () => {
    const d = digestOf("vr_a");
    expect(digestMatches(d, digestOf("vr_a"))).toBe(true);
    expect(digestMatches(d, digestOf("vr_b"))).toBe(false);
    expect(digestMatches(d, d.subarray(0, 16))).toBe(false);
  });
});

/** A store standing for a persistent backing that is down. */
const downStore: ApiKeyStore = {
  hasKeys: () => Promise.reject(new KeyStoreUnavailableError("redis://127.0.0.1:1/0", "down")),
  authenticate: () => Promise.reject(new KeyStoreUnavailableError("redis://127.0.0.1:1/0", "down")),
};

describe("LayeredApiKeyStore", () => {
  const dir = mkdtempSync(join(tmpdir(), "vr-layered-"));
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("authenticates against each store in order, first match wins", async () => {
    const dev = new MemoryApiKeyStore();
    const persistent = new MemoryApiKeyStore();
    const devKey = generateApiKey();
    dev.add(devKey, "enterprise", SCOPES, "dev");
    const issued = await persistent.create({ plan: "captain", scopes: ["route-risk"] });
    // The same key in both, with different plans: the first store's record is the answer.
    const both = generateApiKey();
    dev.add(both, "enterprise", ["admin"]);
    persistent.add(both, "per-query", []);

    const keys = new LayeredApiKeyStore([dev, persistent]);
    expect(await keys.authenticate(devKey)).toMatchObject({ plan: "enterprise", label: "dev" });
    expect(await keys.authenticate(issued.key)).toMatchObject({ plan: "captain" });
    expect(await keys.authenticate(both)).toMatchObject({ plan: "enterprise", scopes: ["admin"] });
    expect(await keys.authenticate(generateApiKey())).toBeNull();
    expect(await keys.authenticate("")).toBeNull();
  });

  it("lets a revocation in a lower store hold", async () => {
    const dev = new MemoryApiKeyStore();
    dev.add(generateApiKey(), "enterprise", SCOPES);
    const persistent = new MemoryApiKeyStore();
    const { key, record } = await persistent.create({ plan: "fleet", scopes: ["underwriting"] });
    const keys = new LayeredApiKeyStore([dev, persistent]);
    expect(await keys.authenticate(key)).not.toBeNull();
    await persistent.revoke(record.id);
    expect(await keys.authenticate(key)).toBeNull();
  });

  it("has keys when any store has, and none when all are empty", async () => {
    const empty = new MemoryApiKeyStore();
    const other = new MemoryApiKeyStore();
    const keys = new LayeredApiKeyStore([empty, other]);
    expect(await keys.hasKeys()).toBe(false);
    await other.create({ plan: "captain", scopes: [] });
    expect(await keys.hasKeys()).toBe(true);
    const dev = new MemoryApiKeyStore();
    dev.add(generateApiKey(), "enterprise", SCOPES);
    expect(await new LayeredApiKeyStore([new MemoryApiKeyStore(), dev]).hasKeys()).toBe(true);
  });

  it("answers from an earlier store without asking a later one that is down", async () => {
    const dev = new MemoryApiKeyStore();
    const devKey = generateApiKey();
    dev.add(devKey, "enterprise", SCOPES);
    const keys = new LayeredApiKeyStore([dev, downStore]);
    expect(await keys.hasKeys()).toBe(true);
    expect(await keys.authenticate(devKey)).toMatchObject({ plan: "enterprise" });
  });

  it("does not swallow a later store's failure: an unknown key then fails, not 401s", async () => {
    const keys = new LayeredApiKeyStore([new MemoryApiKeyStore(), downStore]);
    await expect(keys.authenticate(generateApiKey())).rejects.toThrow(KeyStoreUnavailableError);
    await expect(keys.hasKeys()).rejects.toThrow(KeyStoreUnavailableError);
  });

  it("works over a file store beside the dev key, and closes the stores that can be", async () => {
    const { FileApiKeyStore } = await import("./file-store");
    const file = new FileApiKeyStore(join(dir, "keys.json"));
    const dev = new MemoryApiKeyStore();
    dev.add(generateApiKey(), "enterprise", SCOPES);
    const keys = new LayeredApiKeyStore([dev, file]);
    const other = new FileApiKeyStore(join(dir, "keys.json")); // the CLI, say
    const { key, record } = await other.create({ plan: "fleet", scopes: ["underwriting"] });
    expect(await keys.authenticate(key)).toMatchObject({ id: record.id });
    await other.revoke(record.id);
    expect(await keys.authenticate(key)).toBeNull();

    let closed = 0;
    const closable = { ...downStore, close: async () => void closed++ };
    await new LayeredApiKeyStore([dev, file, closable]).close();
    expect(closed).toBe(1);
  });

  it("needs at least one store", () => {
    expect(() => new LayeredApiKeyStore([])).toThrow(RangeError);
  });
});
