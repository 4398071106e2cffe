import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "../../services/webhooks/signing";
import {
  type PublicSubscription,
  WEBHOOK_EVENT_KINDS,
  type WebhookEventKind,
  type WebhookSubscriptionStore,
} from "../../services/webhooks/subscriptions";

/**
 * The behaviour every webhook subscription store must have, run against memory and Redis, so the
 * embedded default cannot drift from production.
 *
 * `make` opens a store on one backing (a Redis prefix): called twice in a test it gives two
 * instances over the same subscriptions, as the API and the delivery stream would have.
 * `cleanup` empties the backing after each test, so every test starts from none.
 */
export function webhookSubscriptionStoreContract(
  name: string,
  make: () => Promise<WebhookSubscriptionStore>,
  cleanup?: () => Promise<void>,
): void {
  describe(`WebhookSubscriptionStore contract: ${name}`, () => {
    let store: WebhookSubscriptionStore;
    const opened: WebhookSubscriptionStore[] = [];
    const open = async () => {
      const s = await make();
      opened.push(s);
      return s;
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** API key ids are 16 hex digits; three keys that never collide. */
    const KEY_A = "aaaaaaaaaaaaaaaa";
    const KEY_B = "bbbbbbbbbbbbbbbb";
    const KEY_C = "cccccccccccccccc";
    const ids = (subs: PublicSubscription[]) => subs.map((s) => s.id);

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await cleanup?.();
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });

    describe("create, get and getWithSecret", () => {
      it("round-trips a subscription, active, with a wh_ id, and never shows the secret", async () => {
        const before = Date.now();
        const { subscription, secret } = await store.create({
          keyId: KEY_A,
          url: "https://hooks.example.com/voyage-risk?team=ops",
          events: ["voyage.risk_threshold_crossed", "voyage.completed"],
          fleetId: "north-sea",
        });
        const after = Date.now();
        expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
        expect(subscription).toEqual({
          id: expect.stringMatching(/^wh_[A-Za-z0-9_-]{22}$/),
          key_id: KEY_A,
          url: "https://hooks.example.com/voyage-risk?team=ops",
          events: ["voyage.risk_threshold_crossed", "voyage.completed"],
          fleet_id: "north-sea",
          status: "active",
          disabled_reason: null,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        });
        const at = Date.parse(subscription.created_at);
        expect(at).toBeGreaterThanOrEqual(before - 5);
        expect(at).toBeLessThanOrEqual(after + 5);

        const got = await store.get(subscription.id);
        expect(got).toEqual(subscription);
        const shown = JSON.stringify([subscription, got, await store.listForKey(KEY_A)]);
        expect(shown).not.toContain(secret);
        expect(shown).not.toContain(secret.slice("whsec_".length));
        expect(shown).not.toContain("whsec_");
      });

      it("keeps no fleet as null and deduplicates events in the order given", async () => {
        const { subscription } = await store.create({
          keyId: KEY_A,
          url: "http://127.0.0.1:9/hook",
          events: ["ensemble.ready", "voyage.completed", "ensemble.ready"],
        });
        expect(subscription).toMatchObject({
          fleet_id: null,
          events: ["ensemble.ready", "voyage.completed"],
        });
        expect(await store.get(subscription.id)).toEqual(subscription);
      });

      it("gives every subscription its own id and secret", async () => {
        const a = await store.create({
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["voyage.completed"],
        });
        const b = await store.create({
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["voyage.completed"],
        });
        expect(a.subscription.id).not.toBe(b.subscription.id);
        expect(a.secret).not.toBe(b.secret);
      });

      it("getWithSecret gives the secret created with, which signs and verifies a delivery", async () => {
        const created = await store.create({
          keyId: KEY_B,
          url: "https://hooks.example.com/in",
          events: ["voyage.risk_threshold_crossed"],
        });
        const withSecret = await store.getWithSecret(created.subscription.id);
        expect(withSecret).toEqual(created);
        const secret = withSecret?.secret as string;

        const now = Date.now();
        const signed = signWebhook(
          { event: "voyage.risk_threshold_crossed", voyage_id: "voy_1", risk_band_now: "high" },
          secret,
          now,
        );
        expect(verifyWebhook(signed.body, signed.headers, secret, now)).toMatchObject({
          ok: true,
          payload: { voyage_id: "voy_1" },
        });
        // Another subscription's secret does not verify it: the secrets really are per subscription.
        const other = await store.create({
          keyId: KEY_B,
          url: "https://hooks.example.com/in",
          events: ["voyage.risk_threshold_crossed"],
        });
        expect(verifyWebhook(signed.body, signed.headers, other.secret, now)).toEqual({
          ok: false,
          reason: "bad_signature",
        });
      });

      it("answers null for an unknown or malformed id", async () => {
        await store.create({
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["voyage.completed"],
        });
        for (const id of ["wh_AAAAAAAAAAAAAAAAAAAAAA", "", "*", "wh_*", "../x"]) {
          expect(await store.get(id), id).toBeNull();
          expect(await store.getWithSecret(id), id).toBeNull();
        }
      });

      it("rejects bad input and stores nothing", async () => {
        const good = {
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["voyage.completed"],
        } as const;
        const bad: Array<[string, Record<string, unknown>, RegExp]> = [
          ["unknown kind", { events: ["voyage.sunk"] }, /event kind/],
          ["no events", { events: [] }, /events/],
          ["not a URL", { url: "not a url" }, /url/],
          ["ftp URL", { url: "ftp://a.example/h" }, /url/],
          ["bad key id", { keyId: "KEY-A" }, /keyId/],
          ["bad fleet", { fleetId: "north sea!" }, /fleetId/],
        ];
        for (const [what, change, message] of bad) {
          await expect(
            store.create({ ...good, ...change } as Parameters<
              WebhookSubscriptionStore["create"]
            >[0]),
            what,
          ).rejects.toThrow(message);
        }
        expect(await store.listForKey(KEY_A)).toEqual([]);
      });
    });

    describe("listForKey", () => {
      it("lists only the key's own subscriptions, oldest first, disabled ones included", async () => {
        const a1 = await store.create({
          keyId: KEY_A,
          url: "https://a.example/1",
          events: ["voyage.completed"],
        });
        await sleep(3);
        const b1 = await store.create({
          keyId: KEY_B,
          url: "https://b.example/1",
          events: ["voyage.completed"],
        });
        await sleep(3);
        const a2 = await store.create({
          keyId: KEY_A,
          url: "https://a.example/2",
          events: ["ensemble.ready"],
        });
        await store.disable(a2.subscription.id, "receiver answered 410 Gone");

        const forA = await store.listForKey(KEY_A);
        expect(ids(forA)).toEqual([a1.subscription.id, a2.subscription.id]);
        expect(forA[1]).toMatchObject({ status: "disabled" });
        expect(await store.listForKey(KEY_B)).toEqual([b1.subscription]);
        expect(await store.listForKey(KEY_C)).toEqual([]);
        expect(await store.listForKey("")).toEqual([]);
        expect(await store.listForKey("*")).toEqual([]);
      });
    });

    describe("matching", () => {
      it("selects the key's active subscriptions for the kind and the alert's fleet", async () => {
        const mk = (keyId: string, events: WebhookEventKind[], fleetId?: string) =>
          store
            .create({ keyId, url: "https://hooks.example.com/m", events, fleetId })
            .then((c) => c.subscription.id);
        const anyFleet = await mk(KEY_A, ["voyage.risk_threshold_crossed", "voyage.completed"]);
        const northSea = await mk(KEY_A, ["voyage.risk_threshold_crossed"], "north-sea");
        const baltic = await mk(KEY_A, ["voyage.risk_threshold_crossed"], "baltic");
        const ensembleOnly = await mk(KEY_A, ["ensemble.ready"]);
        const otherKey = await mk(KEY_B, [...WEBHOOK_EVENT_KINDS]);

        const match = async (kind: WebhookEventKind, keyId: string, fleetId?: string | null) =>
          ids(await store.matching({ kind, keyId, fleetId })).sort();

        expect(await match("voyage.risk_threshold_crossed", KEY_A, "north-sea")).toEqual(
          [anyFleet, northSea].sort(),
        );
        expect(await match("voyage.risk_threshold_crossed", KEY_A, "baltic")).toEqual(
          [anyFleet, baltic].sort(),
        );
        // An alert without a fleet reaches only the subscriptions without one.
        expect(await match("voyage.risk_threshold_crossed", KEY_A)).toEqual([anyFleet]);
        expect(await match("voyage.risk_threshold_crossed", KEY_A, null)).toEqual([anyFleet]);
        expect(await match("voyage.risk_threshold_crossed", KEY_A, "pacific")).toEqual([anyFleet]);
        expect(await match("voyage.completed", KEY_A, "north-sea")).toEqual([anyFleet]);
        expect(await match("ensemble.ready", KEY_A)).toEqual([ensembleOnly]);
        expect(await match("voyage.advisory_changed", KEY_A, "north-sea")).toEqual([]);
        // Never another key's, whatever it subscribed to.
        expect(await match("voyage.advisory_changed", KEY_B)).toEqual([otherKey]);
        expect(await match("voyage.completed", KEY_C)).toEqual([]);
      });
    });

    describe("disable", () => {
      it("takes a subscription out of matching and shows the status and reason", async () => {
        const keep = await store.create({
          keyId: KEY_A,
          url: "https://a.example/k",
          events: ["voyage.completed"],
        });
        const gone = await store.create({
          keyId: KEY_A,
          url: "https://a.example/g",
          events: ["voyage.completed"],
        });
        expect(
          ids(await store.matching({ kind: "voyage.completed", keyId: KEY_A })).sort(),
        ).toEqual([keep.subscription.id, gone.subscription.id].sort());

        expect(await store.disable(gone.subscription.id, "receiver answered 410 Gone")).toBe(true);
        expect(ids(await store.matching({ kind: "voyage.completed", keyId: KEY_A }))).toEqual([
          keep.subscription.id,
        ]);
        expect(await store.get(gone.subscription.id)).toEqual({
          ...gone.subscription,
          status: "disabled",
          disabled_reason: "receiver answered 410 Gone",
        });
        expect(await store.get(keep.subscription.id)).toMatchObject({
          status: "active",
          disabled_reason: null,
        });
        // The delivery stream may still read it (to stop a retry in flight), secret included.
        expect((await store.getWithSecret(gone.subscription.id))?.secret).toBe(gone.secret);
      });

      it("is idempotent: disabling again answers true and keeps the first reason", async () => {
        const { subscription } = await store.create({
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["ensemble.ready"],
        });
        expect(await store.disable(subscription.id, "first")).toBe(true);
        expect(await store.disable(subscription.id, "second")).toBe(true);
        expect(await store.get(subscription.id)).toMatchObject({
          status: "disabled",
          disabled_reason: "first",
        });
      });

      it("answers false for an unknown or malformed id, and refuses an empty reason", async () => {
        const { subscription } = await store.create({
          keyId: KEY_A,
          url: "https://a.example/h",
          events: ["ensemble.ready"],
        });
        expect(await store.disable("wh_AAAAAAAAAAAAAAAAAAAAAA", "x")).toBe(false);
        expect(await store.disable("*", "x")).toBe(false);
        await expect(store.disable(subscription.id, "  ")).rejects.toThrow(/reason/);
        expect(await store.get(subscription.id)).toMatchObject({ status: "active" });
      });
    });

    describe("delete", () => {
      it("removes it from get, listForKey and matching; a second delete answers false", async () => {
        const keep = await store.create({
          keyId: KEY_A,
          url: "https://a.example/k",
          events: ["voyage.completed"],
        });
        const { subscription } = await store.create({
          keyId: KEY_A,
          url: "https://a.example/d",
          events: ["voyage.completed"],
        });
        expect(await store.delete(subscription.id)).toBe(true);
        expect(await store.get(subscription.id)).toBeNull();
        expect(await store.getWithSecret(subscription.id)).toBeNull();
        expect(await store.listForKey(KEY_A)).toEqual([keep.subscription]);
        expect(ids(await store.matching({ kind: "voyage.completed", keyId: KEY_A }))).toEqual([
          keep.subscription.id,
        ]);
        expect(await store.delete(subscription.id)).toBe(false);
        expect(await store.disable(subscription.id, "late 410")).toBe(false);
        expect(await store.delete("*")).toBe(false);
        expect(await store.get(keep.subscription.id)).toEqual(keep.subscription);
      });
    });

    describe("a second instance on the same backing", () => {
      it("sees creations, disables and deletions made by the first at once, and the reverse", async () => {
        const second = await open();
        // Asked before the create, so a store that caches what it read must notice the change.
        expect(await second.listForKey(KEY_A)).toEqual([]);
        expect(await second.matching({ kind: "voyage.completed", keyId: KEY_A })).toEqual([]);

        const created = await store.create({
          keyId: KEY_A,
          url: "https://a.example/shared",
          events: ["voyage.completed"],
          fleetId: "baltic",
        });
        const id = created.subscription.id;
        expect(await second.get(id)).toEqual(created.subscription);
        expect(await second.getWithSecret(id)).toEqual(created);
        expect(await second.listForKey(KEY_A)).toEqual([created.subscription]);
        expect(
          ids(await second.matching({ kind: "voyage.completed", keyId: KEY_A, fleetId: "baltic" })),
        ).toEqual([id]);

        // The "a 410 seen by the delivery stream stops the API's next match" property.
        expect(await second.disable(id, "receiver answered 410 Gone")).toBe(true);
        expect(
          await store.matching({ kind: "voyage.completed", keyId: KEY_A, fleetId: "baltic" }),
        ).toEqual([]);
        expect(await store.get(id)).toMatchObject({ status: "disabled" });

        expect(await store.delete(id)).toBe(true);
        expect(await second.get(id)).toBeNull();
        expect(await second.listForKey(KEY_A)).toEqual([]);
        expect(await second.delete(id)).toBe(false);
      });

      it("loses no subscription when both create at the same time", async () => {
        const second = await open();
        const created = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 === 0 ? store : second).create({
              keyId: i % 4 < 2 ? KEY_A : KEY_B,
              url: `https://hooks.example.com/${i}`,
              events: ["voyage.completed"],
            }),
          ),
        );
        for (const keyId of [KEY_A, KEY_B]) {
          const expected = created
            .map((c) => c.subscription)
            .filter((s) => s.key_id === keyId)
            .map((s) => s.id)
            .sort();
          expect(expected).toHaveLength(8);
          expect(ids(await store.listForKey(keyId)).sort()).toEqual(expected);
          expect(ids(await second.listForKey(keyId)).sort()).toEqual(expected);
        }
      });
    });
  });
}
