import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMonitoringProjector } from "../../streams/monitoring/projector";
import { waitFor } from "../../tests/helpers";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import { TEST_CLOCK_START_MS } from "../../tests/test-clock";
import { monitoredVoyageResponse } from "../contracts/api/monitoring";
import { MonitoredProjection } from "../monitoring/projection";
import { rescoreVoyage } from "../monitoring/rescore";
import { MemoryFastState } from "../platform/limits/memory";
import type { Served } from "../serve";

/**
 * Monitored voyages on the embedded default: register (scored at once), read back with the
 * score history, stop; owned by the registering key; the projection rebuilt from the events.
 */
const KEYS = {
  fleet: "vr_test_fleet_monitoring_key_000000000000",
  other: "vr_test_other_fleet_monitoring_00000000000",
  perQuery: "vr_test_per_query_monitoring_0000000000000",
  noScope: "vr_test_fleet_without_monitoring_000000000",
};
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("monitoring-test", [
    { key: KEYS.fleet, plan: "fleet", scopes: ["monitoring"] },
    { key: KEYS.other, plan: "fleet", scopes: ["monitoring"] },
    { key: KEYS.perQuery, plan: "per-query", scopes: ["underwriting", "monitoring"] },
    { key: KEYS.noScope, plan: "fleet", scopes: ["route-risk"] },
  ]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const departure = new Date(TEST_CLOCK_START_MS + 2 * 86_400_000).toISOString();
const registration = {
  vessel: { type: "bulk_carrier", imo: "9321483" },
  voyage: {
    origin: { lat: 1.2, lon: 103.85, name: "Singapore" },
    destination: { lat: -29.87, lon: 31.05, name: "Durban" },
    departure_utc: departure,
  },
  thresholds: { wind_kts: 30, wave_m: 4 },
  fleet_id: "indian-ocean",
};

const call = async (method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { "X-API-Key": key, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe("monitored voyages", { timeout: 300_000 }, () => {
  it("registers a voyage scored at once, reads it back, stops it; only for its key", async () => {
    const created = await call("POST", "/api/v1/monitored-voyages", KEYS.fleet, registration);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const v = monitoredVoyageResponse.parse(created.json);
    expect(v).toMatchObject({
      status: "active",
      fleet_id: "indian-ocean",
      vessel_id: "9321483",
      thresholds: { wind_kts: 30, wave_m: 4 },
      departure_utc: new Date(departure).toISOString(),
    });
    expect(v.latest).toMatchObject({ interface: "monitoring", weather_synthetic: true });
    expect(v.history).toHaveLength(1);

    const got = await call("GET", `/api/v1/monitored-voyages/${v.id}`, KEYS.fleet);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(created.json);
    expect((await call("GET", `/api/v1/monitored-voyages/${v.id}`, KEYS.other)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/monitored-voyages/${v.id}`, KEYS.other)).status).toBe(
      404,
    );

    const stopped = await call("DELETE", `/api/v1/monitored-voyages/${v.id}`, KEYS.fleet);
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ id: v.id, status: "stopped" });
    const again = await call("DELETE", `/api/v1/monitored-voyages/${v.id}`, KEYS.fleet);
    expect(again.json).toEqual(stopped.json);
    const after = await call("GET", `/api/v1/monitored-voyages/${v.id}`, KEYS.fleet);
    expect(after.json).toMatchObject({ status: "stopped", history: [{ interface: "monitoring" }] });
  });

  it("starts the history with a score made as re-scores make theirs, so the first re-score compares like with like", async () => {
    const created = await call("POST", "/api/v1/monitored-voyages", KEYS.fleet, registration);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const v = monitoredVoyageResponse.parse(created.json);
    const meta = await new MonitoredProjection(s.platform.state).meta(v.id);
    const cycleMs = Date.parse(v.latest?.weather_cycle_utc ?? "");
    // A re-score against the registration's own cycle: the same index, band and peaks. (The
    // voyage-risk index is the ensemble's median member's, a re-score the control member's: a
    // history starting with the former raised a band change on the first cycle that was none.)
    const again = await rescoreVoyage(
      syntheticScoringDeps("monitoring-first-score").deps,
      {
        voyageId: v.id,
        vesselId: "9321483",
        vessel: registration.vessel as never,
        departureMs: Date.parse(departure),
        route: meta?.route ?? [],
      },
      syntheticForecastAt(cycleMs, s.now()),
    );
    expect(v.latest).toMatchObject({
      interface: "monitoring",
      index: again.score?.index,
      band: again.score?.band,
      peak_hs_m: again.score?.peak_hs_m,
    });
  });

  it("rebuilds the same projection from the events alone", async () => {
    const created = await call("POST", "/api/v1/monitored-voyages", KEYS.fleet, registration);
    const id = String(created.json.id);
    await call("DELETE", `/api/v1/monitored-voyages/${id}`, KEYS.fleet);
    const served = (await call("GET", `/api/v1/monitored-voyages/${id}`, KEYS.fleet)).json;
    // A fresh projector group on empty fast state replays both topics from the beginning.
    const state = new MemoryFastState();
    const sub = await startMonitoringProjector({
      bus: s.platform.bus,
      state,
      groupId: "monitoring-rebuild-test",
    });
    try {
      const rebuilt = new MonitoredProjection(state);
      await waitFor("the projection rebuilt", async () => {
        const view = await rebuilt.view(id);
        return view?.status === "stopped" && view.history.length === 1;
      });
      expect(await rebuilt.view(id)).toEqual(served);
    } finally {
      await sub.stop();
    }
  });

  it("answers 400 for bad input, 402 for a per-query key, 403 without the monitoring scope, 404 for an unknown id", async () => {
    const bad = await call("POST", "/api/v1/monitored-voyages", KEYS.fleet, {
      ...registration,
      thresholds: { wind_kts: -3 },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call("POST", "/api/v1/monitored-voyages", KEYS.perQuery, registration)).status,
    ).toBe(402);
    expect(
      (await call("POST", "/api/v1/monitored-voyages", KEYS.noScope, registration)).status,
    ).toBe(403);
    const unknown = await call("GET", "/api/v1/monitored-voyages/no-such-voyage", KEYS.fleet);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { code: "not_found" } });
  });
});
