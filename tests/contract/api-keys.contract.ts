import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  digestOf,
  type ManagedApiKeyStore,
  type PublicKeyRecord,
  SCOPES,
  type Scope,
} from "../../services/platform/keys/api-keys";

/**
 * The behaviour every managed API key store must have, run against memory, file and Redis, so the
 * embedded default cannot drift from production.
 *
 * `make` opens a store on one backing (a file path, a Redis prefix): called twice in a test it
 * gives two instances over the same keys, as two API processes (or the API and the CLI) would
 * have. `cleanup` empties the backing after each test, so every test starts from no keys.
 */
export function apiKeyStoreContract(
  name: string,
  make: () => Promise<ManagedApiKeyStore>,
  cleanup?: () => Promise<void>,
): void {
  describe(`ManagedApiKeyStore contract: ${name}`, () => {
    let store: ManagedApiKeyStore;
    const opened: ManagedApiKeyStore[] = [];
    const open = async () => {
      const s = await make();
      opened.push(s);
      return s;
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const isoNear = (iso: string | null, from: number, to: number) => {
      expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const t = Date.parse(iso as string);
      expect(t).toBeGreaterThanOrEqual(from - 5);
      expect(t).toBeLessThanOrEqual(to + 5);
    };
    /** The key with one character changed, so it has the right shape and length. */
    const oneCharOff = (key: string) => `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await cleanup?.();
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });

    describe("create and authenticate", () => {
      it("returns a fresh vr_ key that authenticates with the plan, scopes and label asked", async () => {
        const before = Date.now();
        const { key, record } = await store.create({
          plan: "fleet",
          scopes: ["underwriting", "monitoring"],
          label: "Acme fleet ops",
        });
        const after = Date.now();
        expect(key).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
        expect(record).toEqual({
          id: expect.stringMatching(/^[0-9a-f]{16}$/),
          plan: "fleet",
          scopes: ["underwriting", "monitoring"],
          label: "Acme fleet ops",
          created_at: expect.any(String),
          revoked: false,
          revoked_at: null,
        });
        isoNear(record.created_at, before, after);
        // The id is the public part of the key's digest: the API logs it, never the key.
        expect(record.id).toBe(digestOf(key).subarray(0, 8).toString("hex"));

        const authenticated = await store.authenticate(key);
        expect(authenticated).toMatchObject({
          id: record.id,
          plan: "fleet",
          scopes: ["underwriting", "monitoring"],
          revoked: false,
          revoked_at: null,
        });
      });

      it("issues a different key every time, each with its own plan", async () => {
        const a = await store.create({ plan: "captain", scopes: ["route-risk"] });
        const b = await store.create({ plan: "enterprise", scopes: [...SCOPES] });
        expect(a.key).not.toBe(b.key);
        expect(a.record.id).not.toBe(b.record.id);
        expect((await store.authenticate(a.key))?.plan).toBe("captain");
        expect(await store.authenticate(b.key)).toMatchObject({
          plan: "enterprise",
          scopes: [...SCOPES],
        });
      });

      it("keeps no label as null, and no scopes as an empty list", async () => {
        const { key, record } = await store.create({ plan: "per-query", scopes: [] });
        expect(record).toMatchObject({ label: null, scopes: [] });
        expect(await store.get(record.id)).toMatchObject({ label: null, scopes: [] });
        expect((await store.authenticate(key))?.scopes).toEqual([]);
      });

      it("refuses a key with one character changed, an empty string and a random key", async () => {
        const { key } = await store.create({ plan: "fleet", scopes: ["underwriting"] });
        const wrong = oneCharOff(key);
        expect(wrong).toHaveLength(key.length);
        expect(wrong).not.toBe(key);
        expect(await store.authenticate(wrong)).toBeNull();
        expect(await store.authenticate("")).toBeNull();
        expect(await store.authenticate(`vr_${"x".repeat(43)}`)).toBeNull();
        expect(await store.authenticate(key.toUpperCase())).toBeNull();
        expect(await store.authenticate(key)).not.toBeNull();
      });

      it("rejects an unknown plan or scope and stores nothing", async () => {
        await expect(
          store.create({ plan: "platinum" as "fleet", scopes: ["underwriting"] }),
        ).rejects.toThrow(/plan/);
        await expect(
          store.create({ plan: "fleet", scopes: ["underwriting", "root" as Scope] }),
        ).rejects.toThrow(/scope/);
        expect(await store.list()).toEqual([]);
        expect(await store.hasKeys()).toBe(false);
      });

      it("creates concurrently without losing a key", async () => {
        const created = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            store.create({ plan: "captain", scopes: ["route-risk"], label: `c${i}` }),
          ),
        );
        expect(new Set(created.map((c) => c.record.id)).size).toBe(12);
        expect((await store.list()).map((r) => r.label).sort()).toEqual(
          created.map((c) => c.record.label).sort(),
        );
        for (const c of created) expect(await store.authenticate(c.key)).not.toBeNull();
      });
    });

    describe("list and get", () => {
      it("show every record without its key or digest", async () => {
        const created = [
          await store.create({ plan: "fleet", scopes: ["underwriting"], label: "one" }),
          await store.create({ plan: "captain", scopes: [], label: "two" }),
        ];
        const listed = await store.list();
        expect(listed).toHaveLength(2);
        for (const r of listed) {
          expect(Object.keys(r).sort()).toEqual(
            ["created_at", "id", "label", "plan", "revoked", "revoked_at", "scopes"].sort(),
          );
        }
        const shown = JSON.stringify([listed, await store.get(created[0]?.record.id as string)]);
        for (const { key } of created) {
          const digest = digestOf(key);
          for (const secret of [
            key,
            key.slice(3), // the random part alone
            digest.toString("hex"),
            digest.toString("base64"),
            digest.toString("base64url"),
          ]) {
            expect(shown).not.toContain(secret);
          }
          // Nor any longer run of the digest than the id, which is its first 16 hex digits.
          expect(shown).not.toContain(digest.toString("hex").slice(0, 17));
        }
      });

      it("get returns the public record, or null for an unknown or malformed id", async () => {
        const { record } = await store.create({ plan: "fleet", scopes: ["webhooks"], label: "g" });
        expect(await store.get(record.id)).toEqual(record);
        expect(await store.get("0000000000000000")).toBeNull();
        expect(await store.get("")).toBeNull();
        expect(await store.get("*")).toBeNull();
      });

      it("lists oldest first, ties by id", async () => {
        const created: PublicKeyRecord[] = [];
        for (let i = 0; i < 6; i++) {
          created.push(
            (await store.create({ plan: "captain", scopes: [], label: `k${i}` })).record,
          );
          // Pairs share a millisecond more often than not; the gaps order the pairs.
          if (i % 2 === 1) await sleep(3);
        }
        const expected = [...created].sort((a, b) => {
          const [x, y] =
            a.created_at === b.created_at ? [a.id, b.id] : [a.created_at, b.created_at];
          return x < y ? -1 : 1;
        });
        const listed = await store.list();
        expect(listed.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        // The pairs were created apart in time, so whatever the ids, pair order holds.
        expect(
          listed
            .slice(0, 2)
            .map((r) => r.label)
            .sort(),
        ).toEqual(["k0", "k1"]);
        expect(
          listed
            .slice(4)
            .map((r) => r.label)
            .sort(),
        ).toEqual(["k4", "k5"]);
      });
    });

    describe("revoke", () => {
      it("fails the key's next authenticate and marks it revoked, with revoked_at", async () => {
        const { key, record } = await store.create({ plan: "fleet", scopes: ["underwriting"] });
        const keep = await store.create({ plan: "fleet", scopes: ["underwriting"] });
        expect(await store.authenticate(key)).not.toBeNull();
        const before = Date.now();
        expect(await store.revoke(record.id)).toBe(true);
        const after = Date.now();
        expect(await store.authenticate(key)).toBeNull();
        // Only that key.
        expect(await store.authenticate(keep.key)).not.toBeNull();

        const listed = (await store.list()).find((r) => r.id === record.id);
        expect(listed).toMatchObject({ revoked: true, plan: "fleet", scopes: ["underwriting"] });
        isoNear(listed?.revoked_at ?? null, before, after);
        expect(await store.get(record.id)).toEqual(listed);
        expect(await store.get(keep.record.id)).toMatchObject({ revoked: false, revoked_at: null });
      });

      it("is idempotent: a second revoke answers true and keeps the first revoked_at", async () => {
        const { key, record } = await store.create({ plan: "captain", scopes: [] });
        expect(await store.revoke(record.id)).toBe(true);
        const first = (await store.get(record.id))?.revoked_at;
        await sleep(5);
        expect(await store.revoke(record.id)).toBe(true);
        expect((await store.get(record.id))?.revoked_at).toBe(first);
        expect(await store.authenticate(key)).toBeNull();
      });

      it("answers false for an unknown or malformed id and changes nothing", async () => {
        const { key } = await store.create({ plan: "captain", scopes: [] });
        expect(await store.revoke("0123456789abcdef")).toBe(false);
        expect(await store.revoke("")).toBe(false);
        expect(await store.revoke("*")).toBe(false);
        expect(await store.revoke(key)).toBe(false); // the key is not its id
        expect(await store.authenticate(key)).not.toBeNull();
        expect((await store.list()).every((r) => !r.revoked)).toBe(true);
      });
    });

    describe("hasKeys", () => {
      it("is false on an empty store, true after a create, and still true once it is revoked", async () => {
        expect(await store.hasKeys()).toBe(false);
        const { record } = await store.create({ plan: "captain", scopes: [] });
        expect(await store.hasKeys()).toBe(true);
        // A revoked key still exists: the API answers 401 invalid_api_key, not 503 no keys.
        await store.revoke(record.id);
        expect(await store.hasKeys()).toBe(true);
      });
    });

    describe("a second instance on the same backing", () => {
      it("sees a key created by the first at once, and its revocation at once", async () => {
        const second = await open();
        // Asked before the create, so a store that caches what it read must notice the change.
        expect(await second.hasKeys()).toBe(false);
        expect(await second.list()).toEqual([]);

        const { key, record } = await store.create({
          plan: "enterprise",
          scopes: ["underwriting", "admin"],
          label: "shared",
        });
        expect(await second.hasKeys()).toBe(true);
        expect(await second.authenticate(key)).toMatchObject({
          id: record.id,
          plan: "enterprise",
          scopes: ["underwriting", "admin"],
        });
        expect(await second.get(record.id)).toEqual(record);

        // The "revoked key gets 401 on a second API process" property.
        expect(await store.revoke(record.id)).toBe(true);
        expect(await second.authenticate(key)).toBeNull();
        expect(await second.get(record.id)).toMatchObject({ revoked: true });
        expect(await second.revoke(record.id)).toBe(true);
      });

      it("sees a revocation made by the second in the first", async () => {
        const second = await open();
        const { key, record } = await store.create({ plan: "fleet", scopes: ["underwriting"] });
        expect(await store.authenticate(key)).not.toBeNull();
        expect(await second.revoke(record.id)).toBe(true);
        expect(await store.authenticate(key)).toBeNull();
      });

      it("loses no key when both create at the same time", async () => {
        const second = await open();
        const created = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 === 0 ? store : second).create({ plan: "captain", scopes: [], label: `p${i}` }),
          ),
        );
        const ids = created.map((c) => c.record.id).sort();
        expect((await store.list()).map((r) => r.id).sort()).toEqual(ids);
        expect((await second.list()).map((r) => r.id).sort()).toEqual(ids);
        for (const c of created) expect(await second.authenticate(c.key)).not.toBeNull();
      });
    });
  });
}
