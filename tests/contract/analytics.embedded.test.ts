import { describe, expect, it } from "vitest";
import { EmbeddedAnalytics } from "../../services/platform/analytics/embedded";
import type { EventRow } from "../../services/platform/analytics/port";
import { analyticsContract } from "./analytics.contract";

analyticsContract("embedded", async () => new EmbeddedAnalytics());

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 10, 22)) {
  let nowMs = start;
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
}

let n = 0;
function row(overrides: Partial<EventRow> = {}): EventRow {
  n++;
  return {
    event_id: `evt-${n}`,
    event_type: "voyagerisk.test.Filler",
    topic: "voyages.scores",
    key: `voyage-${n}`,
    occurred_at_ms: Date.UTC(2026, 10, 10) + n,
    partition: n % 3,
    offset: String(n),
    schema_id: 1,
    payload_json: JSON.stringify({ n, filler: "x".repeat(400) }),
    ...overrides,
  };
}

const scored = (keyId: string, iface: string, occurredAtMs: number) =>
  row({
    event_type: "voyagerisk.voyages.VoyageScored",
    occurred_at_ms: occurredAtMs,
    payload_json: JSON.stringify({ key_id: keyId, interface: iface, filler: "y".repeat(400) }),
  });

describe("EmbeddedAnalytics retention (a bounded ring)", () => {
  it("keeps at most its retention bytes of rows, dropping the oldest first", async () => {
    const store = new EmbeddedAnalytics({ retention: { maxBytes: 50_000 } });
    await store.migrate();
    const rows = Array.from({ length: 300 }, () => row({ topic: "ring.bytes" }));
    for (let i = 0; i < rows.length; i += 50) await store.insertEvents(rows.slice(i, i + 50));
    const kept = await store.countEvents({ topic: "ring.bytes" });
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(300);
    expect(store.retained.bytes).toBeLessThanOrEqual(50_000);
    const newest = await store.queryEvents({ topic: "ring.bytes", limit: 10_000 });
    expect(newest.map((r) => r.event_id).sort()).toEqual(
      rows
        .slice(-kept)
        .map((r) => r.event_id)
        .sort(),
    );
  });

  it("drops rows stored longer ago than its retention time", async () => {
    const clock = manualClock();
    const store = new EmbeddedAnalytics({ retention: { ms: 3_600_000 }, now: clock.now });
    await store.migrate();
    await store.insertEvents(Array.from({ length: 10 }, () => row({ topic: "ring.age" })));
    clock.advance(3_600_001);
    const fresh = row({ topic: "ring.age" });
    await store.insertEvents([fresh]);
    expect((await store.queryEvents({ topic: "ring.age" })).map((r) => r.event_id)).toEqual([
      fresh.event_id,
    ]);
  });

  it("still answers each partition's highest stored offset once its rows are dropped", async () => {
    const store = new EmbeddedAnalytics({ retention: { maxBytes: 5_000 } });
    await store.migrate();
    await store.insertEvents([row({ topic: "ring.offsets", partition: 0, offset: "41" })]);
    await store.insertEvents(
      Array.from({ length: 40 }, (_, i) =>
        row({ topic: "ring.offsets", partition: 1, offset: String(i) }),
      ),
    );
    expect(await store.countEvents({ topic: "ring.offsets", key: undefined })).toBeLessThan(41);
    // The sink resumes from here: forgetting it would make it store dropped events again.
    expect(await store.maxOffsets("ring.offsets", [0, 1, 2])).toEqual(
      new Map([
        [0, "41"],
        [1, "39"],
      ]),
    );
  });

  it("still counts dropped rows in usage over whole UTC days, so a month's bill does not shrink", async () => {
    const store = new EmbeddedAnalytics({ retention: { maxBytes: 20_000 } });
    await store.migrate();
    const nov = Date.UTC(2026, 10, 1);
    const dec = Date.UTC(2026, 11, 1);
    await store.insertEvents([
      ...Array.from({ length: 30 }, (_, i) => scored("key-a", "underwriting", nov + i * 3_600_000)),
      ...Array.from({ length: 12 }, (_, i) => scored("key-a", "route-risk", nov + 86_400_000 * i)),
      scored("key-b", "underwriting", nov + 5),
      scored("key-a", "underwriting", dec + 5),
    ]);
    // Enough other rows to push every one of those out of the ring.
    for (let i = 0; i < 10; i++) {
      await store.insertEvents(
        Array.from({ length: 20 }, () => row({ topic: "voyages.requests" })),
      );
    }
    const query = {
      topic: "voyages.scores",
      event_type: "voyagerisk.voyages.VoyageScored",
      key_id: "key-a",
    };
    expect(await store.countEvents({ topic: "voyages.scores" })).toBe(0);
    expect(await store.usage({ ...query, from_ms: nov, to_ms: dec })).toEqual(
      new Map([
        ["underwriting", 30],
        ["route-risk", 12],
      ]),
    );
    expect(await store.usage({ ...query, from_ms: dec, to_ms: Date.UTC(2027, 0, 1) })).toEqual(
      new Map([["underwriting", 1]]),
    );
  });
});
