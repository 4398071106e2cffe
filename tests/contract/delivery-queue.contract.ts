import { afterEach, describe, expect, it } from "vitest";
import type {
  DeliveryQueue,
  NewDelivery,
  OutboxEntry,
  PendingDelivery,
} from "../../services/webhooks/delivery-queue";

export interface DeliveryQueueTestOptions {
  retentionMs?: number;
}

/**
 * The behaviour every webhook delivery queue must have, run against memory and Redis, so the
 * embedded default cannot drift from production.
 *
 * `make` opens a queue on one backing (a Redis prefix): called twice in a test it gives two
 * instances over the same deliveries, as two dispatcher processes would have. Within one test
 * every call passes the same options. `cleanup` empties the backing after each test.
 *
 * Queue times are the caller's (nowMs, dueMs), so most tests use a fixed clock; only the
 * retention runs on real time, with a short one.
 */
export function deliveryQueueContract(
  name: string,
  make: (options?: DeliveryQueueTestOptions) => Promise<DeliveryQueue>,
  cleanup?: () => Promise<void>,
): void {
  describe(`DeliveryQueue contract: ${name}`, () => {
    const opened: DeliveryQueue[] = [];
    const open = async (options?: DeliveryQueueTestOptions) => {
      const q = await make(options);
      opened.push(q);
      return q;
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const T = 1_760_000_000_000;
    const LEASE = 30_000;
    const planned = (id: string, payload: Record<string, unknown> = { n: 1 }): NewDelivery => ({
      delivery_id: id,
      subscription_id: "wh_AAAAAAAAAAAAAAAAAAAAAA",
      alert_event_id: `evt_${id}`,
      kind: "voyage.risk_threshold_crossed",
      payload,
      planned_at: T - 5,
    });
    const ids = (claimed: PendingDelivery[]) => claimed.map((d) => d.delivery_id);

    afterEach(async () => {
      await cleanup?.();
      await Promise.all(opened.splice(0).map((q) => q.close()));
    });

    describe("enqueue and claim", () => {
      it("hands back the delivery as planned, attempts 0, payload deep-equal", async () => {
        const q = await open();
        const payload = {
          event: "voyage.risk_threshold_crossed",
          voyage_id: "voy_1",
          vessel: { name: "Ærøskøbing – 北海丸 🚢", flags: ["NO", "DK"], imo: null },
          risk: { now: 0.875, before: -1.5e-7, band: "high", steps: [1, 2.5, 1e21] },
          big: Number.MAX_SAFE_INTEGER,
          zero: 0,
          ok: true,
          quote: 'say "hi"\n\ttab\\slash \u0001',
          nested: { deep: { deeper: [{ x: [] }, {}] } },
        };
        const delivery = planned("dlv_roundtrip", payload);
        expect(await q.enqueue(delivery, T)).toBe(true);

        const claimed = await q.claim(T, 10, LEASE);
        expect(claimed).toEqual([
          { ...delivery, attempts: 0, due_at: T, lease: expect.stringMatching(/.+/) },
        ]);
        expect(claimed[0]?.payload).toEqual(structuredClone(payload));
      });

      it("keeps its own copy: changing what went in or came out changes nothing stored", async () => {
        const q = await open();
        const delivery = planned("dlv_copies", { nested: { value: "original" }, list: [1] });
        await q.enqueue(delivery, T);
        (delivery.payload.nested as { value: string }).value = "changed before claim";
        delivery.subscription_id = "wh_changed";

        const [first] = await q.claim(T, 1, LEASE);
        if (!first) throw new Error("nothing claimed");
        expect(first.payload).toEqual({ nested: { value: "original" }, list: [1] });
        expect(first.subscription_id).toBe("wh_AAAAAAAAAAAAAAAAAAAAAA");
        (first.payload.list as number[]).push(2);
        first.attempts = 99;

        const [again] = await q.claim(T + LEASE, 1, LEASE);
        expect(again?.payload).toEqual({ nested: { value: "original" }, list: [1] });
        expect(again?.attempts).toBe(0);
      });

      it("refuses a delivery id already planned, from either instance, and keeps the first", async () => {
        const q = await open();
        const other = await open();
        expect(await q.enqueue(planned("dlv_twice", { first: true }), T)).toBe(true);
        expect(await q.enqueue(planned("dlv_twice", { first: false }), T - 1000)).toBe(false);
        expect(await other.enqueue(planned("dlv_twice", { first: false }), T - 1000)).toBe(false);
        expect(await q.stats()).toEqual({ pending: 1, nextDueMs: T });
        const claimed = await other.claim(T + 60_000, 10, LEASE);
        expect(claimed).toHaveLength(1);
        expect(claimed[0]).toMatchObject({ payload: { first: true }, due_at: T });
        // Still refused while leased.
        expect(await q.enqueue(planned("dlv_twice"), T)).toBe(false);
      });

      it("lets exactly one of two simultaneous enqueues of one id win", async () => {
        const q = await open();
        const other = await open();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 === 0 ? q : other).enqueue(planned("dlv_race", { i }), T + i),
          ),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await q.stats()).pending).toBe(1);
      });

      it("claims only due deliveries (due_at <= now), earliest first, ties by id, up to limit", async () => {
        const q = await open();
        // Planned out of order, the tie's later id first, so neither insertion order nor id
        // order alone gives the expected claim order.
        await q.enqueue(planned("dlv_c"), T + 50);
        await q.enqueue(planned("dlv_e"), T);
        await q.enqueue(planned("dlv_a"), T + 100);
        await q.enqueue(planned("dlv_b"), T);
        await q.enqueue(planned("dlv_d"), T + 1000);

        expect(await q.claim(T - 1, 10, LEASE)).toEqual([]);
        const first = await q.claim(T + 100, 3, LEASE);
        expect(ids(first)).toEqual(["dlv_b", "dlv_e", "dlv_c"]);
        expect(first.map((d) => d.due_at)).toEqual([T, T, T + 50]);
        // One fresh token per claim.
        expect(new Set(first.map((d) => d.lease)).size).toBe(1);
        const second = await q.claim(T + 100, 3, LEASE);
        expect(ids(second)).toEqual(["dlv_a"]);
        expect(second[0]?.lease).not.toBe(first[0]?.lease);
        expect(await q.claim(T + 999, 3, LEASE)).toEqual([]);
        expect(ids(await q.claim(T + 1000, 3, LEASE))).toEqual(["dlv_d"]);
      });

      it("refuses malformed input and stores nothing", async () => {
        const q = await open();
        const bad: Array<[string, () => Promise<unknown>]> = [
          ["empty id", () => q.enqueue(planned(""), T)],
          ["id with a space", () => q.enqueue(planned("dlv x"), T)],
          ["unknown kind", () => q.enqueue({ ...planned("dlv_k"), kind: "x" as never }, T)],
          ["array payload", () => q.enqueue({ ...planned("dlv_p"), payload: [] as never }, T)],
          ["NaN due", () => q.enqueue(planned("dlv_n"), Number.NaN)],
          ["limit 0", () => q.claim(T, 0, LEASE)],
          ["negative limit", () => q.claim(T, -1, LEASE)],
          ["fractional limit", () => q.claim(T, 1.5, LEASE)],
          ["no lease", () => q.claim(T, 1, 0)],
          ["negative attempts", () => q.reschedule("dlv_x", "l", -1, T)],
          ["unknown outcome", () => q.finish("dlv_x", "l", "lost" as never)],
        ];
        for (const [what, call] of bad) await expect(call(), what).rejects.toThrow(RangeError);
        expect(await q.stats()).toEqual({ pending: 0, nextDueMs: null });
      });
    });

    describe("leases", () => {
      it("does not claim a leased delivery again, on either instance, until the lease ends", async () => {
        const a = await open();
        const b = await open();
        await a.enqueue(planned("dlv_leased"), T);
        const [held] = await a.claim(T, 10, 1000);
        expect(held?.delivery_id).toBe("dlv_leased");

        expect(await a.claim(T + 500, 10, 1000)).toEqual([]);
        expect(await b.claim(T + 999, 10, 1000)).toEqual([]);
        const [again] = await b.claim(T + 1000, 10, 1000);
        expect(again).toMatchObject({ delivery_id: "dlv_leased", attempts: 0, due_at: T });
        expect(again?.lease).not.toBe(held?.lease);
        expect(await a.claim(T + 1500, 10, 1000)).toEqual([]);
      });

      it("claims it again after the lease with the attempts and due time it had", async () => {
        const a = await open();
        const b = await open();
        await a.enqueue(planned("dlv_retry"), T);
        const [first] = await a.claim(T, 1, LEASE);
        expect(await a.reschedule("dlv_retry", first?.lease ?? "", 3, T + 10)).toBe(true);
        // Dispatcher a takes the fourth attempt and dies; b picks it up once the lease runs out.
        const [taken] = await a.claim(T + 10, 1, 1000);
        expect(taken).toMatchObject({ attempts: 3, due_at: T + 10 });
        expect(await b.claim(T + 500, 1, 1000)).toEqual([]);
        const [picked] = await b.claim(T + 1010, 1, 1000);
        expect(picked).toMatchObject({ delivery_id: "dlv_retry", attempts: 3, due_at: T + 10 });
      });

      it("reschedule with the lease records attempts and the new due time, claimable then only", async () => {
        const q = await open();
        const other = await open();
        await q.enqueue(planned("dlv_resched"), T);
        const [held] = await q.claim(T, 1, LEASE);
        const lease = held?.lease ?? "";
        expect(await q.reschedule("dlv_resched", lease, 1, T + 60_000)).toBe(true);
        expect(await q.stats()).toEqual({ pending: 1, nextDueMs: T + 60_000 });
        expect(await other.claim(T + 59_999, 10, LEASE)).toEqual([]);
        // The lease is released: its token moves the delivery no further.
        expect(await q.finish("dlv_resched", lease, "delivered")).toBe(false);
        expect(await q.reschedule("dlv_resched", lease, 2, T)).toBe(false);
        // Nobody holds it now, and an empty token must not pass for "nobody".
        expect(await q.finish("dlv_resched", "", "delivered")).toBe(false);
        expect(await q.reschedule("dlv_resched", "", 2, T)).toBe(false);
        const [next] = await other.claim(T + 60_000, 10, LEASE);
        expect(next).toMatchObject({ attempts: 1, due_at: T + 60_000 });
        expect(await q.finished("dlv_resched")).toBeNull();
      });

      it("reschedule releases the lease: due again at the new time, before the old lease end", async () => {
        const q = await open();
        await q.enqueue(planned("dlv_release"), T);
        const [held] = await q.claim(T, 1, 10_000);
        expect(await q.reschedule("dlv_release", held?.lease ?? "", 1, T + 100)).toBe(true);
        expect(ids(await q.claim(T + 100, 1, 10_000))).toEqual(["dlv_release"]);
      });

      it("a stale lease (taken over by another claim) neither reschedules nor finishes", async () => {
        const a = await open();
        const b = await open();
        await a.enqueue(planned("dlv_stale"), T);
        const [lost] = await a.claim(T, 1, 100);
        const [won] = await b.claim(T + 100, 1, 1000);
        expect(won?.lease).not.toBe(lost?.lease);

        const stale = lost?.lease ?? "";
        expect(await a.reschedule("dlv_stale", stale, 1, T + 5)).toBe(false);
        expect(await a.finish("dlv_stale", stale, "delivered")).toBe(false);
        expect(await a.reschedule("dlv_stale", "", 1, T + 5)).toBe(false);
        expect(await a.finish("dlv_stale", "not-a-lease", "delivered")).toBe(false);

        expect(await a.finished("dlv_stale")).toBeNull();
        expect(await a.stats()).toEqual({ pending: 1, nextDueMs: T + 1100 });
        // Still b's: not due for anyone before b's lease ends, and b can still move it on.
        expect(await a.claim(T + 1099, 1, 1000)).toEqual([]);
        expect(await b.finish("dlv_stale", won?.lease ?? "", "delivered")).toBe(true);
      });

      it("finish and reschedule of an unknown id answer false", async () => {
        const q = await open();
        await q.enqueue(planned("dlv_known"), T);
        const [held] = await q.claim(T, 1, LEASE);
        const lease = held?.lease ?? "";
        for (const id of ["dlv_unknown", "", "*", "../x"]) {
          expect(await q.finish(id, lease, "delivered"), id).toBe(false);
          expect(await q.reschedule(id, lease, 1, T), id).toBe(false);
          expect(await q.finished(id), id).toBeNull();
        }
        expect(await q.stats()).toEqual({ pending: 1, nextDueMs: T + LEASE });
      });

      it("a delivery never claimed cannot be finished or rescheduled", async () => {
        const q = await open();
        await q.enqueue(planned("dlv_waiting"), T);
        expect(await q.finish("dlv_waiting", "", "delivered")).toBe(false);
        expect(await q.reschedule("dlv_waiting", "", 1, T + 5)).toBe(false);
        expect(await q.finished("dlv_waiting")).toBeNull();
        expect(await q.claim(T, 1, LEASE)).toMatchObject([{ attempts: 0, due_at: T }]);
      });
    });

    describe("finish and the retention", () => {
      it("removes the delivery, remembers how it ended, and refuses the id again", async () => {
        const q = await open();
        const other = await open();
        await q.enqueue(planned("dlv_gone"), T);
        await q.enqueue(planned("dlv_stays"), T + 1);
        const claimed = await q.claim(T + 1, 10, LEASE);
        expect(ids(claimed)).toEqual(["dlv_gone", "dlv_stays"]);
        expect(await q.stats()).toEqual({ pending: 2, nextDueMs: T + 1 + LEASE });

        expect(await q.finish("dlv_gone", claimed[0]?.lease ?? "", "gone")).toBe(true);
        expect(await q.stats()).toEqual({ pending: 1, nextDueMs: T + 1 + LEASE });
        expect(await other.finished("dlv_gone")).toBe("gone");
        expect(await other.finished("dlv_stays")).toBeNull();
        expect(await q.finish("dlv_gone", claimed[0]?.lease ?? "", "delivered")).toBe(false);
        expect(await other.finished("dlv_gone")).toBe("gone");

        expect(await q.enqueue(planned("dlv_gone"), T)).toBe(false);
        expect(await other.enqueue(planned("dlv_gone"), T)).toBe(false);
        expect(ids(await other.claim(T + 10 * LEASE, 10, LEASE))).toEqual(["dlv_stays"]);
      });

      it("remembers each outcome as given", async () => {
        const q = await open();
        const outcomes = ["delivered", "gone", "dead_lettered", "dropped"] as const;
        for (const as of outcomes) await q.enqueue(planned(`dlv_${as}`), T);
        const claimed = await q.claim(T, 10, LEASE);
        for (const d of claimed) {
          const as = d.delivery_id.slice("dlv_".length) as (typeof outcomes)[number];
          expect(await q.finish(d.delivery_id, d.lease, as)).toBe(true);
        }
        for (const as of outcomes) expect(await q.finished(`dlv_${as}`)).toBe(as);
        expect(await q.stats()).toEqual({ pending: 0, nextDueMs: null });
      });

      it("forgets a finished id after the retention: it may be planned afresh", async () => {
        const q = await open({ retentionMs: 300 });
        const other = await open({ retentionMs: 300 });
        await q.enqueue(planned("dlv_again", { round: 1 }), T);
        const [held] = await q.claim(T, 1, LEASE);
        expect(await q.finish("dlv_again", held?.lease ?? "", "dead_lettered")).toBe(true);
        expect(await other.finished("dlv_again")).toBe("dead_lettered");
        expect(await other.enqueue(planned("dlv_again"), T)).toBe(false);

        await sleep(450);
        expect(await other.finished("dlv_again")).toBeNull();
        expect(await other.enqueue(planned("dlv_again", { round: 2 }), T + 5)).toBe(true);
        const [fresh] = await q.claim(T + 5, 1, LEASE);
        expect(fresh).toMatchObject({ attempts: 0, due_at: T + 5, payload: { round: 2 } });
        expect(await q.finished("dlv_again")).toBeNull();
      });
    });

    describe("stats", () => {
      it("counts pending deliveries, leased ones included, and gives the earliest due time", async () => {
        const q = await open();
        expect(await q.stats()).toEqual({ pending: 0, nextDueMs: null });
        await q.enqueue(planned("dlv_30"), T + 30);
        await q.enqueue(planned("dlv_10"), T + 10);
        await q.enqueue(planned("dlv_20"), T + 20);
        expect(await q.stats()).toEqual({ pending: 3, nextDueMs: T + 10 });
        // Leased until T + 1010: the earliest due is now the next one waiting.
        const [held] = await q.claim(T + 10, 1, 1000);
        expect(await q.stats()).toEqual({ pending: 3, nextDueMs: T + 20 });
        await q.finish("dlv_10", held?.lease ?? "", "delivered");
        expect(await q.stats()).toEqual({ pending: 2, nextDueMs: T + 20 });
      });
    });

    describe("outbox", () => {
      const entry = (id: string, extra: Record<string, unknown> = {}): OutboxEntry => ({
        id,
        type: "voyagerisk.webhooks.WebhookDeliveryAttempted",
        key: "dlv_key",
        value: { event_id: id, occurred_at: T, attempt: 1, error: null, note: "Ø 北", ...extra },
      });
      const byId = (entries: OutboxEntry[]) => [...entries].sort((a, b) => (a.id < b.id ? -1 : 1));

      it("keeps the entries of a reschedule and a finish that held the lease, for every instance", async () => {
        const a = await open();
        const b = await open();
        await a.enqueue(planned("dlv_o1"), T);
        await a.enqueue(planned("dlv_o2"), T);
        const [one, two] = await a.claim(T, 2, LEASE);
        if (!one || !two) throw new Error("expected two claims");
        expect(await a.outbox(10)).toEqual([]);
        expect(await a.reschedule(one.delivery_id, one.lease, 1, T + 10, [entry("e1")])).toBe(true);
        expect(
          await a.finish(two.delivery_id, two.lease, "dead_lettered", [
            entry("e2"),
            entry("e3", { nested: { list: [1, 2.5] } }),
          ]),
        ).toBe(true);
        expect(byId(await b.outbox(10))).toEqual([
          entry("e1"),
          entry("e2"),
          entry("e3", { nested: { list: [1, 2.5] } }),
        ]);
        expect(await b.outbox(2)).toHaveLength(2);

        await b.clearOutbox(["e1", "e3", "unknown"]);
        expect(await a.outbox(10)).toEqual([entry("e2")]);
        await a.clearOutbox(["e2"]);
        expect(await b.outbox(10)).toEqual([]);
      });

      it("stores nothing from a move refused for a stale lease", async () => {
        const q = await open();
        await q.enqueue(planned("dlv_stale_o"), T);
        const [first] = await q.claim(T, 1, LEASE);
        const [second] = await q.claim(T + LEASE, 1, LEASE);
        if (!first || !second) throw new Error("expected two claims");
        expect(await q.reschedule(first.delivery_id, first.lease, 1, T, [entry("x1")])).toBe(false);
        expect(await q.finish(first.delivery_id, first.lease, "delivered", [entry("x2")])).toBe(
          false,
        );
        expect(await q.outbox(10)).toEqual([]);
        expect(await q.finish(second.delivery_id, second.lease, "delivered", [entry("x3")])).toBe(
          true,
        );
        expect(await q.outbox(10)).toEqual([entry("x3")]);
      });

      it("refuses malformed entries before moving anything", async () => {
        const q = await open();
        await q.enqueue(planned("dlv_bad_o"), T);
        const [d] = await q.claim(T, 1, LEASE);
        if (!d) throw new Error("expected a claim");
        const bad = { ...entry("b"), id: "" };
        await expect(q.finish(d.delivery_id, d.lease, "delivered", [bad])).rejects.toThrow(
          RangeError,
        );
        expect((await q.stats()).pending).toBe(1);
        await expect(q.outbox(0)).rejects.toThrow(RangeError);
      });
    });

    describe("two instances over the same backing", () => {
      it("never hand one delivery to both when claiming at the same time", async () => {
        const a = await open();
        const b = await open();
        const all = Array.from({ length: 200 }, (_, i) => `dlv_${String(i).padStart(3, "0")}`);
        const enqueued = await Promise.all(
          all.map((id, i) => (i % 2 === 0 ? a : b).enqueue(planned(id), T + (i % 7))),
        );
        expect(enqueued.every(Boolean)).toBe(true);

        const batches = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).claim(T + 10, 25, LEASE)),
        );
        const claimed = batches.flatMap(ids);
        expect(claimed).toHaveLength(200);
        expect(new Set(claimed).size).toBe(200);
        expect([...claimed].sort()).toEqual(all);
        expect(await a.claim(T + 10, 25, LEASE)).toEqual([]);
        expect(await b.stats()).toEqual({ pending: 200, nextDueMs: T + 10 + LEASE });
      });
    });
  });
}
