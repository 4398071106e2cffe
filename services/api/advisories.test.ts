import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../tests/helpers";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { TEST_CLOCK_START_MS } from "../../tests/test-clock";
import { EVENT } from "../contracts/events";
import { TOPIC } from "../platform/events/topics";
import type { Served } from "../serve";

/**
 * Advisories on the embedded default: issued, changed and withdrawn through the admin API; the
 * monitored voyages whose remaining route passes through the area are told, the others are not.
 */
const FLEET = "vr_test_fleet_advisories_key_000000000000";
const ADMIN = "vr_test_admin_advisories_key_000000000000";
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("advisories-test", [
    { key: FLEET, plan: "fleet", scopes: ["monitoring"] },
    { key: ADMIN, plan: "enterprise", scopes: ["admin"] },
  ]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const post = async (path: string, key: string, body: unknown) => {
  const res = await fetch(`${s.url}${path}`, {
    method: "POST",
    headers: { "X-API-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const monitor = async (destination: { lat: number; lon: number }) => {
  const r = await post("/api/v1/monitored-voyages", FLEET, {
    vessel: { type: "bulk_carrier" },
    voyage: {
      origin: { lat: 51.98, lon: 3.9 },
      destination,
      departure_utc: new Date(TEST_CLOCK_START_MS + 3_600_000).toISOString(),
    },
    fleet_id: "north",
  });
  expect(r.status).toBe(201);
  return String(r.json.id);
};
/**
 * A voyage's advisory alerts as a consumer sees them: one per event id. Delivery is at least once
 * (the stream acts again after a crash or a rebalance, with the same ids), so rows may repeat.
 */
const alertsOf = async (voyageId: string) => {
  const rows = await s.platform.analytics.queryEvents({
    topic: TOPIC.voyageAlerts,
    key: voyageId,
  });
  const alerts = new Map<string, Record<string, unknown>>();
  for (const e of rows) {
    if (e.event_type === EVENT.AdvisoryChanged) {
      alerts.set(e.event_id, JSON.parse(e.payload_json) as Record<string, unknown>);
    }
  }
  return [...alerts.values()];
};
/** Everything on the voyage's alert topic, for a timed-out wait to report. */
const alertRows = (voyageId: string) => async () =>
  (await s.platform.analytics.queryEvents({ topic: TOPIC.voyageAlerts, key: voyageId })).map(
    (e) => [e.event_type, e.event_id],
  );

describe("advisories", { timeout: 300_000 }, () => {
  it("tells the voyages whose remaining route crosses the area: issued, changed, withdrawn", async () => {
    const newYork = await monitor({ lat: 40.45, lon: -73.8 });
    const hamburg = await monitor({ lat: 53.9, lon: 8.6 }); // stays in the North Sea
    // An area to be avoided across the whole mid-Atlantic at 30-35 W, from the equator to
    // Greenland, so the New York voyage crosses it whatever the day's weather: its safest route
    // is weather-routed on the cycle of the day, and once went round storms as far south as 25 N
    // there (an area ending at 35 N then missed it).
    const area = {
      type: "Polygon",
      coordinates: [
        [
          [-35, 0],
          [-30, 0],
          [-30, 70],
          [-35, 70],
          [-35, 0],
        ],
      ],
    };
    const issued = await post("/api/v1/admin/advisories", ADMIN, {
      kind: "atba",
      title: "Exercise area",
      area,
    });
    expect(issued.status).toBe(202);
    const id = String(issued.json.advisory_id);
    await waitFor(
      "the New York voyage told",
      async () => (await alertsOf(newYork)).length === 1,
      30_000,
      alertRows(newYork),
    );
    const [first] = await alertsOf(newYork);
    expect(first).toMatchObject({
      advisory_id: id,
      change: "issued",
      advisory_kind: "atba",
      fleet_id: "north",
    });
    expect(Number(first?.entry_lon)).toBeGreaterThan(-35.1);
    expect(Number(first?.entry_lon)).toBeLessThan(-29.9);

    await post("/api/v1/admin/advisories", ADMIN, {
      id,
      kind: "atba",
      title: "Exercise area, moved",
      area,
    });
    await waitFor(
      "the change",
      async () => (await alertsOf(newYork)).length === 2,
      30_000,
      alertRows(newYork),
    );
    const res = await fetch(`${s.url}/api/v1/admin/advisories/${id}`, {
      method: "DELETE",
      headers: { "X-API-Key": ADMIN },
    });
    expect(res.status).toBe(202);
    await waitFor(
      "the withdrawal",
      async () => (await alertsOf(newYork)).length === 3,
      30_000,
      alertRows(newYork),
    );
    expect((await alertsOf(newYork)).map((a) => a.change).sort()).toEqual([
      "changed",
      "issued",
      "withdrawn",
    ]);
    expect(await alertsOf(hamburg)).toEqual([]);
  });

  it("takes advisories from admin keys only, and checks the area", async () => {
    expect(
      (
        await post("/api/v1/admin/advisories", FLEET, {
          kind: "atba",
          title: "x",
          area: { type: "Circle", center: [0, 0], radius_nm: 5 },
        })
      ).status,
    ).toBe(403);
    const bad = await post("/api/v1/admin/advisories", ADMIN, {
      kind: "atba",
      title: "x",
      area: { type: "Circle", center: [0, 95], radius_nm: 5 },
    });
    expect(bad.status).toBe(400);
  });

  /** Every advisories event published so far (end offsets summed over the partitions). */
  const published = async () =>
    [...(await s.platform.bus.endOffsets(TOPIC.advisories)).values()].reduce(
      (n, offset) => n + Number(offset),
      0,
    );
  const withdraw = async (id: string) => {
    const res = await fetch(`${s.url}/api/v1/admin/advisories/${id}`, {
      method: "DELETE",
      headers: { "X-API-Key": ADMIN },
    });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };

  it("withdraws only an advisory it issued (404 otherwise), and refuses an id of another form", async () => {
    const before = await published();
    const never = await withdraw("adv_never-issued.1");
    expect(never.status).toBe(404);
    expect(never.json.error.code).toBe("not_found");
    for (const id of ["__proto__", "%0D%0Aevil", "*", "a%20b", "-dash", "x".repeat(65)]) {
      const r = await withdraw(id);
      expect(r.status, id).toBe(400);
      expect(r.json.error.code, id).toBe("validation_failed");
    }
    expect(await published()).toBe(before);

    const issued = await post("/api/v1/admin/advisories", ADMIN, {
      kind: "ntm",
      title: "Buoy adrift",
      area: { type: "Circle", center: [10, -20], radius_nm: 2 },
    });
    expect(issued.status).toBe(202);
    const id = String(issued.json.advisory_id);
    const first = await withdraw(id);
    expect(first.status).toBe(202);
    // Withdrawing again answers the same withdrawal and publishes nothing more.
    const again = await withdraw(id);
    expect(again).toEqual(first);
    expect(await published()).toBe(before + 2);
  });

  it("refuses a validity that ends before it starts, a radius out of 0.1-1000 nm, a ring that crosses itself", async () => {
    const advisory = (over: Record<string, unknown>) =>
      post("/api/v1/admin/advisories", ADMIN, {
        kind: "atba",
        title: "x",
        area: { type: "Circle", center: [0, 0], radius_nm: 5 },
        ...over,
      });
    const refused = async (over: Record<string, unknown>, message: RegExp) => {
      const r = await advisory(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      const error = r.json.error as { code: string; message: string };
      expect(error.code).toBe("validation_failed");
      expect(error.message).toMatch(message);
    };
    await refused(
      { valid_from: "2026-12-02T00:00:00Z", valid_until: "2026-12-01T00:00:00Z" },
      /valid_until: must be after valid_from/,
    );
    await refused(
      { valid_from: "2026-12-01T00:00:00Z", valid_until: "2026-12-01T00:00:00Z" },
      /valid_until: must be after valid_from/,
    );
    // No valid_from: it is valid from now, so an end in the past is refused as well.
    await refused({ valid_until: "2000-01-01T00:00:00Z" }, /valid_until: must be after/);
    for (const radius_nm of [5e-324, 0.05, 0, -1, 1000.5]) {
      await refused(
        { area: { type: "Circle", center: [0, 0], radius_nm } },
        /area\.radius_nm: .*0\.1.*1000/,
      );
    }
    await refused(
      {
        area: {
          type: "Polygon",
          coordinates: [
            [
              [-32, 43],
              [-28, 47],
              [-28, 43],
              [-32, 47],
              [-32, 43],
            ],
          ],
        },
      },
      /area\.coordinates\.0: .*crosses itself/,
    );
    await refused(
      { area: { type: "Circle", center: { latitude: 1, longitude: 2 }, radius_nm: 5 } },
      /area\.center: .*\[lon, lat\].*"lat".*"lon"/,
    );
    await refused({ area: { type: "Square", side_nm: 5 } }, /area\.type/);
    for (const radius_nm of [0.1, 1000]) {
      expect((await advisory({ area: { type: "Circle", center: [0, 0], radius_nm } })).status).toBe(
        202,
      );
    }
  });

  it('takes a Circle\'s center as {"lat", "lon"} too, stored as [lon, lat]', async () => {
    const r = await post("/api/v1/admin/advisories", ADMIN, {
      kind: "ntm",
      title: "Survey vessel",
      area: { type: "Circle", center: { lat: 10, lon: -30 }, radius_nm: 20 },
    });
    expect(r.status).toBe(202);
    const id = String(r.json.advisory_id);
    const stored = async () =>
      (await s.platform.analytics.queryEvents({ topic: TOPIC.advisories, key: id })).map(
        (e) => JSON.parse(JSON.parse(e.payload_json).area_json) as unknown,
      );
    await waitFor("the advisory stored", async () => (await stored()).length === 1, 30_000, stored);
    expect(await stored()).toEqual([{ type: "Circle", center: [-30, 10], radius_nm: 20 }]);
  });
});
