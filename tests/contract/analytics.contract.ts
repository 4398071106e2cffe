import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadMigrations } from "../../services/platform/analytics/migrations";
import type { AnalyticsStore, EventRow } from "../../services/platform/analytics/port";
import { HOSTILE_STRINGS } from "../hostile-strings";

/**
 * The behaviour every AnalyticsStore must show, run against the embedded store (unit) and
 * ClickHouse (integration), so the embedded default cannot drift from production.
 *
 * `make` must return a new, unmigrated store on empty storage each time it is called;
 * `cleanup` runs once after the suite (e.g. drops the databases `make` created).
 */
export function analyticsContract(
  name: string,
  make: () => Promise<AnalyticsStore>,
  cleanup?: () => Promise<void>,
): void {
  describe(`AnalyticsStore contract: ${name}`, () => {
    const opened: AnalyticsStore[] = [];

    async function freshStore({ migrate = true } = {}): Promise<AnalyticsStore> {
      const store = await make();
      opened.push(store);
      if (migrate) await store.migrate();
      return store;
    }

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    afterAll(async () => {
      await cleanup?.();
    });

    /** A unique topic per test, so tests never see each other's rows even on shared storage. */
    const newTopic = () => `contract.${randomUUID().slice(0, 8)}`;

    let sequence = 0;
    function row(topic: string, overrides: Partial<EventRow> = {}): EventRow {
      sequence++;
      return {
        event_id: `evt-${randomUUID()}`,
        event_type: "voyagerisk.test.ContractEvent",
        topic,
        key: `voyage-${sequence % 7}`,
        occurred_at_ms: Date.UTC(2026, 0, 1) + sequence * 1000 + (sequence % 1000),
        partition: sequence % 3,
        offset: String(1000 + sequence),
        schema_id: 42,
        payload_json: JSON.stringify({ n: sequence }),
        ...overrides,
      };
    }

    const ids = (rows: readonly EventRow[]) => rows.map((r) => r.event_id);

    describe("migrate", () => {
      it("applies every migration file once, in order; a second call applies nothing", async () => {
        const versions = (await loadMigrations()).map((m) => m.version);
        expect(versions.length).toBeGreaterThan(0);
        const highest = Math.max(...versions);
        const store = await freshStore({ migrate: false });

        expect(await store.migrate()).toEqual({ applied: versions, current: highest });
        expect(await store.migrate()).toEqual({ applied: [], current: highest });
      });

      it("rejects reads and writes before migrate()", async () => {
        const store = await freshStore({ migrate: false });
        const topic = newTopic();
        await expect(store.insertEvents([row(topic)])).rejects.toThrow();
        await expect(store.countEvents({ topic })).rejects.toThrow();
        await expect(store.queryEvents({ topic })).rejects.toThrow();
      });
    });

    describe("insert and query", () => {
      it("round-trips every field exactly, incl. 64-bit offsets, extremes and unicode", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const rows: EventRow[] = [
          row(topic, {
            event_id: `evt-'quoted'\\-${randomUUID()}`,
            event_type: "voyagerisk.weather.WeatherCycleLanded",
            key: "voyage-Ålesund-⚓",
            occurred_at_ms: 1_767_225_600_123,
            partition: 0,
            offset: "9007199254740993", // 2^53 + 1: not representable as a JS number
            schema_id: 1,
            payload_json: JSON.stringify({ port: "Ålesund ⚓ 北京 😀", strings: HOSTILE_STRINGS }),
          }),
          row(topic, {
            key: "",
            occurred_at_ms: 4_294_967_295_999, // last millisecond a DateTime can hold
            partition: 4_294_967_295,
            offset: "18446744073709551615", // UInt64 max
            schema_id: 4_294_967_295,
            payload_json: "{}",
          }),
          row(topic, {
            key: "x'; DROP TABLE events; --",
            occurred_at_ms: 0,
            partition: 7,
            offset: "0",
            schema_id: 0,
            payload_json: JSON.stringify({ nul: "a\u0000b", newline: "a\nb", backslash: "\\" }),
          }),
        ];

        expect(await store.insertEvents(rows)).toEqual({ inserted: 3, duplicates: 0 });

        const [first, second, third] = rows as [EventRow, EventRow, EventRow];
        expect(await store.queryEvents({ topic })).toEqual([second, first, third]);
        expect(await store.countEvents({ topic })).toBe(3);
      });

      it("returns copies: changing a row after insert does not change what is stored", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const original = row(topic);
        const kept = { ...original };
        await store.insertEvents([original]);
        original.payload_json = '{"mutated":true}';
        const [read] = await store.queryEvents({ topic });
        expect(read).toEqual(kept);
      });

      it("accepts an empty batch", async () => {
        const store = await freshStore();
        expect(await store.insertEvents([])).toEqual({ inserted: 0, duplicates: 0 });
      });

      it("counts zero and returns nothing when nothing matches", async () => {
        const store = await freshStore();
        expect(await store.countEvents({ topic: newTopic() })).toBe(0);
        expect(await store.queryEvents({ topic: newTopic() })).toEqual([]);
      });

      it.each<[string, Partial<EventRow>]>([
        ["negative offset", { offset: "-1" }],
        ["offset with leading zeros", { offset: "0012" }],
        ["offset beyond UInt64", { offset: "18446744073709551616" }],
        ["numeric offset", { offset: 12 as unknown as string }],
        ["negative partition", { partition: -1 }],
        ["partition beyond UInt32", { partition: 4_294_967_296 }],
        ["fractional occurred_at_ms", { occurred_at_ms: 1.5 }],
        ["occurred_at_ms beyond DateTime", { occurred_at_ms: 4_294_967_296_000 }],
        ["empty event_id", { event_id: "" }],
        ["lone surrogate in payload", { payload_json: '{"x":"\ud800"}' }],
      ])("rejects a batch with a %s and stores none of it", async (_label, bad) => {
        const store = await freshStore();
        const topic = newTopic();
        await expect(store.insertEvents([row(topic), row(topic, bad)])).rejects.toThrow(
          /rows\[1\]/,
        );
        expect(await store.countEvents({ topic })).toBe(0);
      });
    });

    describe("redelivery is idempotent by event_id", () => {
      it("stores the same batch twice only once", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const batch = [row(topic), row(topic), row(topic)];

        expect(await store.insertEvents(batch)).toEqual({ inserted: 3, duplicates: 0 });
        expect(await store.insertEvents(batch)).toEqual({ inserted: 0, duplicates: 3 });
        expect(await store.countEvents({ topic })).toBe(3);
        expect(await store.queryEvents({ topic })).toHaveLength(3);
      });

      it("inserts only the new rows of an overlapping batch", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const [a, b, c, d, e] = [row(topic), row(topic), row(topic), row(topic), row(topic)];

        expect(await store.insertEvents([a, b, c] as EventRow[])).toEqual({
          inserted: 3,
          duplicates: 0,
        });
        expect(await store.insertEvents([b, c, d, e] as EventRow[])).toEqual({
          inserted: 2,
          duplicates: 2,
        });
        expect(await store.countEvents({ topic })).toBe(5);
        const stored = ids(await store.queryEvents({ topic })).sort();
        expect(stored).toEqual(ids([a, b, c, d, e] as EventRow[]).sort());
      });

      it("reports duplicates within one batch and stores each event once", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const a = row(topic);
        const b = row(topic);

        expect(await store.insertEvents([a, a, b, a])).toEqual({ inserted: 2, duplicates: 2 });
        expect(await store.insertEvents([b, a])).toEqual({ inserted: 0, duplicates: 2 });
        expect(await store.countEvents({ topic })).toBe(2);
        expect(ids(await store.queryEvents({ topic })).sort()).toEqual(ids([a, b]).sort());
      });

      it("keeps the first delivery when a redelivery differs (e.g. a new offset)", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const first = row(topic, { offset: "5", payload_json: '{"v":1}' });
        const redelivered = {
          ...first,
          offset: "9",
          partition: first.partition,
          payload_json: '{"v":2}',
        };

        await store.insertEvents([first]);
        expect(await store.insertEvents([redelivered])).toEqual({ inserted: 0, duplicates: 1 });
        expect(await store.queryEvents({ topic })).toEqual([first]);
      });

      it("never double-counts when the same batch is inserted concurrently", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const batch = Array.from({ length: 20 }, () => row(topic));

        const reports = await Promise.all([store.insertEvents(batch), store.insertEvents(batch)]);
        expect(reports.reduce((n, r) => n + r.inserted, 0)).toBe(20);
        expect(reports.reduce((n, r) => n + r.duplicates, 0)).toBe(20);
        expect(await store.countEvents({ topic })).toBe(20);
        expect(await store.queryEvents({ topic })).toHaveLength(20);
      });
    });

    describe("append and offsets (the analytics sink's fast path)", () => {
      it("appends new rows, once per event_id within the batch, and reads stay exact", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const [a, b] = [row(topic), row(topic)];

        expect(await store.appendEvents([a, a, b] as EventRow[])).toEqual({
          inserted: 2,
          duplicates: 1,
        });
        // A caller that appends a stored event anyway cannot make reads count it twice.
        await store.appendEvents([a] as EventRow[]);
        expect(await store.countEvents({ topic })).toBe(2);
        expect(ids(await store.queryEvents({ topic })).sort()).toEqual(
          ids([a, b] as EventRow[]).sort(),
        );
      });

      it("reports the highest stored offset per partition, numerically, for one topic only", async () => {
        const store = await freshStore();
        const [topic, other] = [newTopic(), newTopic()];
        await store.insertEvents([
          row(topic, { partition: 0, offset: "9" }),
          row(topic, { partition: 0, offset: "10" }),
          row(topic, { partition: 1, offset: "9007199254740993" }),
          row(other, { partition: 2, offset: "77" }),
        ]);
        const max = await store.maxOffsets(topic, [0, 1, 2]);
        expect(max).toEqual(
          new Map([
            [0, "10"],
            [1, "9007199254740993"],
          ]),
        );
        expect(await store.maxOffsets(topic, [])).toEqual(new Map());
      });
    });

    describe("filters", () => {
      it("filters by topic, event_type and key, alone and combined", async () => {
        const store = await freshStore();
        const [t1, t2] = [newTopic(), newTopic()];
        const hostileKey = "o'brien\\ \n; DROP";
        const rows = [
          row(t1, { event_type: "A", key: "k1" }),
          row(t1, { event_type: "A", key: hostileKey }),
          row(t1, { event_type: "B", key: "k1" }),
          row(t2, { event_type: "A", key: "k1" }),
          row(t2, { event_type: "B", key: hostileKey }),
        ];
        await store.insertEvents(rows);
        const [r0, r1, r2, r3, r4] = rows as [EventRow, EventRow, EventRow, EventRow, EventRow];

        const cases: [Parameters<AnalyticsStore["countEvents"]>[0], EventRow[]][] = [
          [{ topic: t1 }, [r0, r1, r2]],
          [{ topic: t2 }, [r3, r4]],
          [{ topic: t1, event_type: "A" }, [r0, r1]],
          [{ topic: t2, key: hostileKey }, [r4]],
          [{ topic: t1, event_type: "B", key: "k1" }, [r2]],
          [{ topic: t1, event_type: "C" }, []],
          [{ topic: t1, key: "" }, []],
        ];
        for (const [filter, expected] of cases) {
          expect(await store.countEvents(filter), JSON.stringify(filter)).toBe(expected.length);
          const found = await store.queryEvents(filter);
          expect(ids(found).sort(), JSON.stringify(filter)).toEqual(ids(expected).sort());
        }
      });
    });

    describe("usage (metering)", () => {
      it("counts a key's events per interface in a time range, each event once", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const t0 = Date.UTC(2026, 10, 1);
        const scored = (keyId: string | null, iface: string, at: number, type = "Scored") =>
          row(topic, {
            event_type: type,
            occurred_at_ms: at,
            payload_json: JSON.stringify({ key_id: keyId, interface: iface, index: 12.5 }),
          });
        const hostile = "k'1\\ \n";
        const first = scored(hostile, "route-risk", t0 + 5);
        const rows = [
          scored(hostile, "underwriting", t0),
          scored(hostile, "underwriting", t0 + 86_400_000),
          first,
          { ...first, offset: "99999" }, // the same event delivered twice
          scored(hostile, "underwriting", t0 - 1), // before the range
          scored(hostile, "underwriting", Date.UTC(2026, 11, 1)), // at the (exclusive) end
          scored("k2", "underwriting", t0 + 10), // another key
          scored(null, "rescore", t0 + 10), // no key
          scored(hostile, "underwriting", t0 + 20, "Other"), // another event type
        ];
        await store.insertEvents(rows);
        const usage = await store.usage({
          topic,
          event_type: "Scored",
          key_id: hostile,
          from_ms: t0,
          to_ms: Date.UTC(2026, 11, 1),
        });
        expect(Object.fromEntries(usage)).toEqual({ underwriting: 2, "route-risk": 1 });
        const none = await store.usage({
          topic,
          event_type: "Scored",
          key_id: "nobody",
          from_ms: t0,
          to_ms: Date.UTC(2026, 11, 1),
        });
        expect(none.size).toBe(0);
        await expect(
          store.usage({ topic, event_type: "Scored", key_id: "k", from_ms: 5, to_ms: 1 }),
        ).rejects.toThrow(TypeError);
      });
    });

    describe("order and limit", () => {
      it("returns newest first by occurred_at_ms, then offset (numerically), then event_id", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const t = Date.UTC(2026, 5, 1);
        const rows = [
          row(topic, { event_id: "e-old", occurred_at_ms: t - 1, offset: "99999" }),
          row(topic, { event_id: "e-9", occurred_at_ms: t, offset: "9" }),
          row(topic, { event_id: "e-10", occurred_at_ms: t, offset: "10" }),
          row(topic, { event_id: "e-2^53", occurred_at_ms: t, offset: "9007199254740992" }),
          row(topic, { event_id: "e-2^53+1", occurred_at_ms: t, offset: "9007199254740993" }),
          row(topic, { event_id: "e-tie-b", occurred_at_ms: t, offset: "1", partition: 1 }),
          row(topic, { event_id: "e-tie-a", occurred_at_ms: t, offset: "1", partition: 2 }),
          row(topic, { event_id: "e-new", occurred_at_ms: t + 1, offset: "0" }),
        ];
        await store.insertEvents(rows);

        expect(ids(await store.queryEvents({ topic }))).toEqual([
          "e-new",
          "e-2^53+1",
          "e-2^53",
          "e-10",
          "e-9",
          "e-tie-a",
          "e-tie-b",
          "e-old",
        ]);
        expect(ids(await store.queryEvents({ topic, limit: 3 }))).toEqual([
          "e-new",
          "e-2^53+1",
          "e-2^53",
        ]);
      });

      it("defaults to 100 rows, caps at 10,000, and counts ignore the limit", async () => {
        const store = await freshStore();
        const topic = newTopic();
        const base = Date.UTC(2026, 2, 1);
        const rows = Array.from({ length: 10_050 }, (_, i) =>
          row(topic, { event_id: `bulk-${i}`, occurred_at_ms: base + i, offset: String(i) }),
        );
        expect(await store.insertEvents(rows)).toEqual({ inserted: 10_050, duplicates: 0 });

        const byDefault = await store.queryEvents({ topic });
        expect(byDefault).toHaveLength(100);
        expect(byDefault[0]?.event_id).toBe("bulk-10049");
        expect(await store.queryEvents({ topic, limit: 20_000 })).toHaveLength(10_000);
        expect(await store.queryEvents({ topic, limit: 10_000 })).toHaveLength(10_000);
        expect(await store.countEvents({ topic })).toBe(10_050);
      });

      it.each([0, -1, 1.5, Number.NaN])("rejects limit %s", async (limit) => {
        const store = await freshStore();
        await expect(store.queryEvents({ topic: newTopic(), limit })).rejects.toThrow(/limit/);
      });
    });

    describe("health", () => {
      it("reports up, with the adapter's name and a measured latency", async () => {
        const store = await freshStore();
        const health = await store.health();
        expect(health.status).toBe("up");
        expect(health.adapter).toBe(store.adapter);
        expect(Number.isFinite(health.latency_ms)).toBe(true);
        expect(health.latency_ms).toBeGreaterThanOrEqual(0);
      });
    });
  });
}
