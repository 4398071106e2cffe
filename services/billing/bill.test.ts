import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EVENT } from "../contracts/events";
import { EmbeddedAnalytics } from "../platform/analytics/embedded";
import { TOPIC } from "../platform/events/topics";
import { BadMonthError, monthlyBill, monthRange } from "./bill";

/** A key's bill for a month, from the VoyageScored events analytics holds. */
async function store(events: Array<{ key: string | null; iface: string; at: number }>) {
  const a = new EmbeddedAnalytics();
  await a.migrate();
  await a.insertEvents(
    events.map((e, i) => ({
      event_id: randomUUID(),
      event_type: EVENT.VoyageScored,
      topic: TOPIC.voyageScores,
      key: `voyage-${i}`,
      occurred_at_ms: e.at,
      partition: 0,
      offset: String(i),
      schema_id: 1,
      payload_json: JSON.stringify({ key_id: e.key, interface: e.iface, index: 10 }),
    })),
  );
  return a;
}

const NOV = Date.UTC(2026, 10, 1);

describe("monthly bill", () => {
  it("charges a per-query key 0.40 USD a voyage scored in the month, either interface", async () => {
    const a = await store([
      ...Array.from({ length: 7 }, (_, i) => ({ key: "k1", iface: "underwriting", at: NOV + i })),
      { key: "k1", iface: "route-risk", at: NOV + 100 },
      { key: "k1", iface: "underwriting", at: NOV - 1 },
      { key: "k1", iface: "underwriting", at: Date.UTC(2026, 11, 1) },
      { key: "k2", iface: "underwriting", at: NOV + 5 },
    ]);
    const bill = await monthlyBill(a, { id: "k1", plan: "per-query" }, "2026-11");
    expect(bill.voyages_scored).toEqual({ underwriting: 7, route_risk: 1, total: 8 });
    expect(bill.price_per_voyage_usd).toBe(0.4);
    expect(bill.amount_usd).toBe(3.2);
    expect(bill.from_utc).toBe("2026-11-01T00:00:00.000Z");
    expect(bill.to_utc).toBe("2026-12-01T00:00:00.000Z");
  });

  it("counts a subscription's voyages without a metered charge", async () => {
    const a = await store([{ key: "k3", iface: "route-risk", at: NOV + 1 }]);
    const bill = await monthlyBill(a, { id: "k3", plan: "captain" }, "2026-11");
    expect(bill.voyages_scored.total).toBe(1);
    expect(bill.price_per_voyage_usd).toBeNull();
    expect(bill.amount_usd).toBe(0);
  });

  it("keeps cents exact over many voyages", async () => {
    const a = await store(
      Array.from({ length: 333 }, (_, i) => ({ key: "k4", iface: "underwriting", at: NOV + i })),
    );
    expect((await monthlyBill(a, { id: "k4", plan: "per-query" }, "2026-11")).amount_usd).toBe(
      133.2,
    );
  });

  it("refuses a month that is not YYYY-MM", () => {
    for (const m of ["2026-13", "2026-1", "26-11", "2026-11-01", ""]) {
      expect(() => monthRange(m), m).toThrow(BadMonthError);
    }
    expect(monthRange("2026-12")).toEqual({
      fromMs: Date.UTC(2026, 11, 1),
      toMs: Date.UTC(2027, 0, 1),
    });
  });

  it("answers only the months the analytics store holds whole, 1970-01 to 2106-01", () => {
    // 0026-12 was read as December 1926 (Date.UTC takes years 0-99 as 1900-1999), 9999-12 ran to
    // "+010000-01-01"; neither can hold a voyage (occurred_at is a DateTime: 1970 to 2106-02-07).
    for (const m of ["0026-12", "0099-01", "0000-01", "1969-12", "2106-02", "2199-12", "9999-12"]) {
      expect(() => monthRange(m), m).toThrow(/from 1970-01 to 2106-01/);
    }
    expect(monthRange("1970-01").fromMs).toBe(0);
    expect(new Date(monthRange("2106-01").toMs).toISOString()).toBe("2106-02-01T00:00:00.000Z");
  });
});
