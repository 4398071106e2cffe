import { beforeEach, describe, expect, it } from "vitest";
import { EmbeddedAnalytics } from "../../services/platform/analytics/embedded";
import type { AnalyticsStore, EventRow } from "../../services/platform/analytics/port";
import { UnprocessableEventsError } from "../../services/platform/events/batch-processor";
import type { ConsumedEvent } from "../../services/platform/events/port";
import { SinkWriter } from "./sink-writer";

/** Records which store calls the writer makes, over a real embedded store. */
class CountingStore {
  calls: string[] = [];
  failNextAppend = false;
  /** Event ids the store refuses (as ClickHouse refuses a row it cannot parse), failing the write. */
  refused = new Set<string>();
  down = false;
  constructor(readonly inner: EmbeddedAnalytics) {}
  asStore(): AnalyticsStore {
    const inner = this.inner;
    return {
      adapter: "embedded",
      migrate: () => inner.migrate(),
      insertEvents: (rows: readonly EventRow[]) => {
        this.calls.push(`insert:${rows.map((r) => r.offset).join(",")}`);
        return inner.insertEvents(rows);
      },
      appendEvents: async (rows: readonly EventRow[]) => {
        this.calls.push(`append:${rows.map((r) => r.offset).join(",")}`);
        if (this.down) throw new Error("connection refused");
        const refused = rows.find((r) => this.refused.has(r.event_id));
        if (refused) throw new Error(`Cannot parse input: ${refused.event_id}`);
        if (this.failNextAppend) {
          this.failNextAppend = false;
          await inner.appendEvents(rows.slice(0, 1)); // a partial write, then the failure
          throw new Error("connection reset");
        }
        return inner.appendEvents(rows);
      },
      maxOffsets: (topic: string, partitions: readonly number[]) => {
        this.calls.push(`max:${partitions.join(",")}`);
        return inner.maxOffsets(topic, partitions);
      },
      queryEvents: (q) => inner.queryEvents(q),
      countEvents: (q) => inner.countEvents(q),
      usage: (q) => inner.usage(q),
      health: async () =>
        this.down
          ? {
              adapter: "embedded",
              status: "down" as const,
              latency_ms: 0,
              detail: "connection refused",
            }
          : inner.health(),
      close: () => inner.close(),
    };
  }
}

const event = (offset: number, id = `e${offset}`, partition = 0): ConsumedEvent => ({
  topic: "voyages.scores",
  partition,
  offset: String(offset),
  key: "v1",
  type: "voyagerisk.test.Probe",
  schemaId: 1,
  value: { event_id: id, occurred_at: 1_790_000_000_000 + offset, seq: offset },
  headers: {},
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => event(from + i));

describe("SinkWriter (exactly-once analytics writes)", () => {
  let store: CountingStore;
  beforeEach(async () => {
    store = new CountingStore(new EmbeddedAnalytics());
    await store.inner.migrate();
  });

  it("appends consecutive batches without lookups after one watermark read", async () => {
    const writer = new SinkWriter(store.asStore());
    await writer.writeNow(range(0, 2));
    await writer.writeNow(range(3, 4));
    expect(store.calls).toEqual(["max:0", "append:0,1,2", "append:3,4"]);
    expect(await store.inner.countEvents({})).toBe(5);
  });

  it("after a restart, looks up only what may be stored already and appends the rest", async () => {
    await new SinkWriter(store.asStore()).writeNow(range(0, 9)); // the process that died before its commit
    store.calls = [];
    const restarted = new SinkWriter(store.asStore());
    const report = await restarted.writeNow(range(0, 14));
    expect(store.calls).toEqual(["max:0", "insert:0,1,2,3,4,5,6,7,8,9", "append:10,11,12,13,14"]);
    expect(report).toEqual({ inserted: 5, duplicates: 10 });
    expect(await store.inner.countEvents({})).toBe(15);
  });

  it("re-reads the watermark after a failed write, so a partial write is not stored twice", async () => {
    const writer = new SinkWriter(store.asStore());
    await writer.writeNow(range(0, 1));
    store.failNextAppend = true;
    await expect(writer.writeNow(range(2, 5))).rejects.toThrow("connection reset");
    await writer.writeNow(range(2, 5));
    expect(store.calls.slice(-3)).toEqual(["max:0", "insert:2", "append:3,4,5"]);
    expect(await store.inner.countEvents({})).toBe(6);
  });

  it("drops an event a producer retry published twice at a nearby offset", async () => {
    const writer = new SinkWriter(store.asStore());
    await writer.writeNow([event(0, "a"), event(1, "b")]);
    const report = await writer.writeNow([event(2, "a"), event(3, "c")]);
    expect(report).toEqual({ inserted: 1, duplicates: 1 });
    expect(await store.inner.countEvents({})).toBe(3);
  });

  it("keeps partitions apart", async () => {
    const writer = new SinkWriter(store.asStore());
    await writer.writeNow([event(0, "p0-0", 0), event(0, "p1-0", 1)]);
    await writer.writeNow([event(1, "p0-1", 0)]);
    expect(store.calls).toEqual(["max:0,1", "append:0,0", "append:1"]);
  });

  it("writes batches that arrive together in one store call, and fails them together while the store is down", async () => {
    const flushes: number[] = [];
    const writer = new SinkWriter(store.asStore(), {
      lingerMs: 20,
      onFlush: (r) => flushes.push(r.rows),
    });
    await Promise.all([
      writer.write([event(0, "a", 0)]),
      writer.write([event(0, "b", 1), event(1, "c", 1)]),
    ]);
    expect(flushes).toEqual([3]);
    expect(store.calls).toEqual(["max:0,1", "append:0,0,1"]);

    store.down = true;
    const results = await Promise.allSettled([
      writer.write([event(1, "d", 0)]),
      writer.write([event(2, "e", 1)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(
      results.some((r) => r.status === "rejected" && r.reason instanceof UnprocessableEventsError),
    ).toBe(false);
  });

  it("retries a write that failed while the store stays healthy in halves, storing every row once", async () => {
    const writer = new SinkWriter(store.asStore(), { lingerMs: 20 });
    await writer.write([event(0, "a", 0)]);
    store.failNextAppend = true; // stores one row, then the connection resets
    await Promise.all([
      writer.write([event(1, "b", 0), event(2, "c", 0)]),
      writer.write([event(0, "d", 1), event(1, "e", 1)]),
    ]);
    expect(await store.inner.countEvents({})).toBe(5);
  });

  it("rejects an event whose row does not fit the table to its own batch alone, and stores the rest in one write", async () => {
    const writer = new SinkWriter(store.asStore(), { lingerMs: 20 });
    const poison = event(5, "poison", 1);
    poison.value.occurred_at = Date.UTC(2128, 0, 1);
    const results = await Promise.allSettled([
      writer.write(range(0, 9)),
      writer.write([event(4, "p1-4", 1), poison, event(6, "p1-6", 1)]),
      writer.write([event(0, "p2-0", 2)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const err = (results[1] as PromiseRejectedResult).reason as UnprocessableEventsError;
    expect(err).toBeInstanceOf(UnprocessableEventsError);
    expect(err.rejected.map((r) => r.event.value.event_id)).toEqual(["poison"]);
    expect(err.rejected[0]?.reason).toContain("occurred_at_ms");
    expect(store.calls.filter((c) => c.startsWith("append"))).toHaveLength(1);
    expect(await store.inner.countEvents({})).toBe(13);
  });

  it("finds an event the store itself refuses by halving the write, not by writing row by row", async () => {
    const writer = new SinkWriter(store.asStore(), { lingerMs: 20 });
    store.refused.add("e37");
    const results = await Promise.allSettled([
      writer.write(range(0, 63)),
      writer.write([event(0, "other", 1)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    const err = (results[0] as PromiseRejectedResult).reason as UnprocessableEventsError;
    expect(err.rejected.map((r) => r.event.offset)).toEqual(["37"]);
    expect(err.rejected[0]?.reason).toContain("Cannot parse input");
    expect(await store.inner.countEvents({})).toBe(64);
    const writes = store.calls.filter((c) => !c.startsWith("max"));
    // log2(65) halvings, each writing one half and retrying the other, plus the lone row twice.
    expect(writes.length).toBeLessThanOrEqual(16);
  });

  it("writes at once when a batch reaches maxRows", async () => {
    const writer = new SinkWriter(store.asStore(), { lingerMs: 60_000, maxRows: 3 });
    await writer.write(range(0, 2)); // would hang for a minute if it waited for the linger
    expect(await store.inner.countEvents({})).toBe(3);
  });
});
