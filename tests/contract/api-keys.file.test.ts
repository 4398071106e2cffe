import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { digestOf, KeyStoreError } from "../../services/platform/keys/api-keys";
import { FileApiKeyStore } from "../../services/platform/keys/file-store";
import { apiKeyStoreContract } from "./api-keys.contract";

const root = mkdtempSync(join(tmpdir(), "vr-api-keys-"));
/** A directory that does not exist yet: every test also checks it is created on demand. */
const storeDir = join(root, "nested", "dir");
const storePath = join(storeDir, "api-keys.json");

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

apiKeyStoreContract(
  "file",
  async () => new FileApiKeyStore(storePath),
  async () => {
    await rm(join(root, "nested"), { recursive: true, force: true });
  },
);

const repo = resolve(import.meta.dirname, "../..");
const fileStoreModule = resolve(repo, "services/platform/keys/file-store.ts");

/**
 * Runs a store operation in a separate Node process (as the `keys` CLI would be), on the same file.
 * create <n> [startAtMs]: creates n keys one after another, from startAtMs on (so that several
 * processes write at the same time), and prints them as JSON. revoke <id>: prints true or false.
 */
async function inAnotherProcess(path: string, ...op: string[]): Promise<unknown> {
  const script = `
    const [modulePath, path, op, arg, startAtMs] = process.argv.slice(1);
    const { FileApiKeyStore } = await import(modulePath);
    const store = new FileApiKeyStore(path);
    if (op === "create") {
      await new Promise((r) => setTimeout(r, Number(startAtMs ?? 0) - Date.now()));
      const created = [];
      for (let i = 0; i < Number(arg); i++)
        created.push(await store.create({ plan: "captain", scopes: ["route-risk"], label: "child " + process.pid }));
      console.log(JSON.stringify(created));
    } else console.log(JSON.stringify(await store.revoke(arg)));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script, fileStoreModule, path, ...op],
    { cwd: repo },
  );
  return JSON.parse(stdout);
}

describe("FileApiKeyStore beyond the contract", () => {
  let dir: string;
  const fresh = () => {
    dir = join(root, `own-${randomUUID()}`);
    return join(dir, "keys", "api-keys.json");
  };

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("stores hex digests only, never a key, in a 0600 file, and leaves no temp or lock file", async () => {
    const path = fresh();
    const store = new FileApiKeyStore(path);
    const { key, record } = await store.create({ plan: "fleet", scopes: ["underwriting"] });
    await store.revoke((await store.create({ plan: "captain", scopes: [] })).record.id);

    const text = await readFile(path, "utf8");
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(3));
    const saved = JSON.parse(text);
    expect(saved.version).toBe(1);
    expect(saved.keys).toHaveLength(2);
    expect(saved.keys[0]).toEqual({
      id: record.id,
      digest: digestOf(key).toString("hex"),
      plan: "fleet",
      scopes: ["underwriting"],
      label: null,
      created_at: record.created_at,
      revoked_at: null,
    });
    expect(saved.keys[1].revoked_at).toEqual(expect.any(String));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(dir, "keys"))).toEqual(["api-keys.json"]);
  });

  it("reads a missing file as no keys, without creating anything", async () => {
    const path = fresh();
    const store = new FileApiKeyStore(path);
    expect(await store.hasKeys()).toBe(false);
    expect(await store.list()).toEqual([]);
    expect(await store.authenticate("vr_anything")).toBeNull();
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
  });

  it("sees the file deleted and recreated by hand", async () => {
    const path = fresh();
    const store = new FileApiKeyStore(path);
    const { key } = await store.create({ plan: "captain", scopes: [] });
    expect(await store.authenticate(key)).not.toBeNull();
    await rm(path);
    expect(await store.authenticate(key)).toBeNull();
    expect(await store.hasKeys()).toBe(false);
  });

  it("fails loudly, naming the file, when the file is corrupt", async () => {
    const path = fresh();
    await mkdir(join(dir, "keys"), { recursive: true });
    await writeFile(path, "{not json");
    const store = new FileApiKeyStore(path);
    await expect(store.authenticate("vr_x")).rejects.toThrow(KeyStoreError);
    await expect(store.hasKeys()).rejects.toThrow(path);
    await expect(store.create({ plan: "captain", scopes: [] })).rejects.toThrow(KeyStoreError);
    // Nothing was written over the corrupt file: an operator can still look at it.
    expect(await readFile(path, "utf8")).toBe("{not json");

    await writeFile(path, JSON.stringify({ version: 1, keys: [{ id: "zz", plan: "gold" }] }));
    await expect(store.list()).rejects.toThrow(/keys\.0/);
  });

  it("waits for another writer's lock, and times out with a clear error", async () => {
    const path = fresh();
    await mkdir(join(dir, "keys"), { recursive: true });
    await writeFile(`${path}.lock`, "12345\n");
    const store = new FileApiKeyStore(path, { lockTimeoutMs: 150 });
    await expect(store.create({ plan: "captain", scopes: [] })).rejects.toThrow(
      /another writer has held/,
    );
    expect(await store.hasKeys()).toBe(false);
  });

  it("removes a stale lock left by a writer that crashed", async () => {
    const path = fresh();
    await mkdir(join(dir, "keys"), { recursive: true });
    await writeFile(`${path}.lock`, "12345\n");
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, longAgo, longAgo);
    const store = new FileApiKeyStore(path, { lockTimeoutMs: 150, staleLockMs: 30_000 });
    const { key } = await store.create({ plan: "captain", scopes: [] });
    expect(await store.authenticate(key)).not.toBeNull();
    expect(await readdir(join(dir, "keys"))).toEqual(["api-keys.json"]);
  });

  it("takes a key created and revoked by another process at once", async () => {
    const path = fresh();
    const api = new FileApiKeyStore(path);
    expect(await api.hasKeys()).toBe(false); // read (and remembered) before the other process writes
    const [created] = (await inAnotherProcess(path, "create", "1")) as {
      key: string;
      record: { id: string };
    }[];
    expect(await api.authenticate(created?.key as string)).toMatchObject({
      id: created?.record.id,
      plan: "captain",
    });
    expect(await inAnotherProcess(path, "revoke", created?.record.id as string)).toBe(true);
    expect(await api.authenticate(created?.key as string)).toBeNull();
  }, 30_000);

  it("loses no key when several processes create at the same time", async () => {
    const path = fresh();
    const here = new FileApiKeyStore(path);
    // Far enough ahead for both processes to have started: all three then write at once.
    const startAtMs = String(Date.now() + 2_000);
    const created = (await Promise.all([
      inAnotherProcess(path, "create", "25", startAtMs),
      inAnotherProcess(path, "create", "25", startAtMs),
      inAnotherProcess(path, "create", "25", startAtMs),
    ])) as { record: { id: string } }[][];
    const ids = created
      .flat()
      .map((c) => c.record.id)
      .sort();
    expect(ids).toHaveLength(75);
    expect((await here.list()).map((r) => r.id).sort()).toEqual(ids);
  }, 30_000);
});
