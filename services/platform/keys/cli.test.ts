import { mkdtempSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../config";
import { SCOPES } from "./api-keys";
import { runKeysCommand } from "./cli";
import { FileApiKeyStore } from "./file-store";
import { apiKeysStoreFileOf, DEFAULT_API_KEYS_STORE_FILE, openManagedKeyStore } from "./open";
import { RedisApiKeyStore } from "./redis-store";

const root = mkdtempSync(join(tmpdir(), "vr-keys-cli-"));
let storeCount = 0;

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Embedded mode over its own store file (API_KEYS_STORE_FILE is not in the schema yet). */
function embeddedConfig(): Config & { API_KEYS_STORE_FILE: string } {
  storeCount += 1;
  return {
    ...loadConfig({}),
    API_KEYS_STORE_FILE: join(root, `store-${storeCount}`, "api-keys.json"),
  };
}

async function run(config: Config, ...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const status = await runKeysCommand(
    argv,
    config,
    { write: (t: string) => (stdout += t) },
    { write: (t: string) => (stderr += t) },
  );
  return { status, stdout, stderr, json: stdout ? JSON.parse(stdout) : undefined };
}

describe("voyage-risk keys (embedded, file store)", () => {
  it("creates, lists and revokes a key, showing the key only once", async () => {
    const config = embeddedConfig();
    const api = new FileApiKeyStore(config.API_KEYS_STORE_FILE);

    const created = await run(
      config,
      "create",
      "--plan",
      "fleet",
      "--scopes",
      "underwriting, monitoring",
      "--label",
      "Acme ops",
    );
    expect(created.status).toBe(0);
    expect(created.json).toEqual({
      key: expect.stringMatching(/^vr_[A-Za-z0-9_-]{43}$/),
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      plan: "fleet",
      scopes: ["underwriting", "monitoring"],
      label: "Acme ops",
      created_at: expect.any(String),
      revoked: false,
      revoked_at: null,
    });
    const { key, id } = created.json;
    expect(created.stderr).toMatch(/only time the key is shown/);
    expect(created.stderr).toContain(id);
    expect(created.stderr).not.toContain(key);
    // What the API process would do with the same file.
    expect(await api.authenticate(key)).toMatchObject({ id, plan: "fleet" });
    expect(await readFile(config.API_KEYS_STORE_FILE, "utf8")).not.toContain(key);

    const listed = await run(config, "list");
    expect(listed.status).toBe(0);
    expect(listed.json).toEqual([withoutKey(created.json)]);
    expect(listed.stdout).not.toContain(key);

    const revoked = await run(config, "revoke", id);
    expect(revoked).toMatchObject({ status: 0, json: { id, revoked: true } });
    expect(await api.authenticate(key)).toBeNull();

    const after = await run(config, "list");
    expect(after.json).toEqual([
      expect.objectContaining({ id, revoked: true, revoked_at: expect.any(String) }),
    ]);
    // Revoking again is fine.
    expect(await run(config, "revoke", id)).toMatchObject({
      status: 0,
      json: { id, revoked: true },
    });
  });

  it("gives a key its plan's scopes when --scopes is left out (never admin)", async () => {
    const config = embeddedConfig();
    const created = await run(config, "create", "--plan", "per-query");
    expect(created.status).toBe(0);
    expect(created.json).toMatchObject({
      plan: "per-query",
      scopes: ["underwriting"],
      label: null,
    });
    for (const plan of ["captain", "fleet", "enterprise"]) {
      expect((await run(config, "create", "--plan", plan)).json.scopes, plan).toEqual([
        "underwriting",
        "route-risk",
        "insurance",
        "monitoring",
        "webhooks",
      ]);
    }
    const all = await run(config, "create", "--plan", "enterprise", "--scopes", SCOPES.join(","));
    expect(all.json.scopes).toEqual([...SCOPES]);
    // Asked for explicitly, no scope at all is kept: the key can only ask who it is and its usage.
    expect((await run(config, "create", "--plan", "fleet", "--scopes", "")).json.scopes).toEqual(
      [],
    );
  });

  it("lists an empty store as []", async () => {
    const config = embeddedConfig();
    expect(await run(config, "list")).toMatchObject({ status: 0, json: [] });
  });

  it("answers not_found with exit status 1 for an unknown id", async () => {
    const config = embeddedConfig();
    await run(config, "create", "--plan", "captain");
    const unknown = await run(config, "revoke", "0123456789abcdef");
    expect(unknown.status).toBe(1);
    expect(unknown.json).toEqual({
      error: { code: "not_found", message: expect.stringContaining("0123456789abcdef") },
    });
    expect((await run(config, "revoke", "not-an-id")).status).toBe(1);
  });

  it.each([
    [[]],
    [["rotate"]],
    [["create"]],
    [["create", "--plan"]],
    [["create", "--plan", "platinum"]],
    [["create", "--plan", "fleet", "--scopes", "underwriting,root"]],
    [["create", "--plan", "fleet", "--label", "x".repeat(201)]],
    [["create", "--plan", "fleet", "extra"]],
    [["create", "--plan", "fleet", "--owner", "acme"]],
    [["list", "--all"]],
    [["list", "extra"]],
    [["revoke"]],
    [["revoke", "a", "b"]],
  ])("answers bad_arguments with exit status 2, touching no store: keys %j", async (argv) => {
    const config = embeddedConfig();
    const result = await run(config, ...argv);
    expect(result.status).toBe(2);
    expect(result.json).toEqual({
      error: { code: "bad_arguments", message: expect.any(String) },
    });
    expect(result.json.error.message.length).toBeGreaterThan(0);
    await expect(stat(config.API_KEYS_STORE_FILE)).rejects.toThrow(/ENOENT/);
  });

  it("names the plans and scopes it accepts when one is wrong", async () => {
    const config = embeddedConfig();
    const plan = await run(config, "create", "--plan", "gold");
    expect(plan.json.error.message).toContain("per-query, captain, fleet, enterprise");
    const scope = await run(config, "create", "--plan", "fleet", "--scopes", "root");
    expect(scope.json.error.message).toContain("'root'");
  });

  it("answers key_store_error with exit status 1 when the store file is corrupt", async () => {
    const config = embeddedConfig();
    await run(config, "create", "--plan", "captain");
    await writeFile(config.API_KEYS_STORE_FILE, "[oops");
    const result = await run(config, "list");
    expect(result.status).toBe(1);
    expect(result.json.error).toMatchObject({ code: "key_store_error" });
  });
});

describe("openManagedKeyStore", () => {
  it("opens the file store at API_KEYS_STORE_FILE in embedded mode, .local/api-keys.json by default", async () => {
    const config = embeddedConfig();
    const store = openManagedKeyStore(config);
    expect(store).toBeInstanceOf(FileApiKeyStore);
    expect((store as FileApiKeyStore).path).toBe(config.API_KEYS_STORE_FILE);
    await store.close();
    expect(apiKeysStoreFileOf(loadConfig({}))).toBe(DEFAULT_API_KEYS_STORE_FILE);
    expect(DEFAULT_API_KEYS_STORE_FILE).toBe(".local/api-keys.json");
  });

  it("opens the Redis store in platform mode, without connecting until first use", async () => {
    const store = openManagedKeyStore(
      loadConfig({ VOYAGE_RISK_MODE: "platform", REDIS_URL: "redis://127.0.0.1:1/0" }),
    );
    expect(store).toBeInstanceOf(RedisApiKeyStore);
    await store.close();
  });
});

function withoutKey(record: Record<string, unknown>): Record<string, unknown> {
  const { key: _key, ...rest } = record;
  return rest;
}
