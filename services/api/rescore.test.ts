import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../tests/helpers";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { TEST_CLOCK_START_MS } from "../../tests/test-clock";
import { MonitoredProjection } from "../monitoring/projection";
import { TOPIC } from "../platform/events/topics";
import type { Served } from "../serve";
import { landCycle } from "../weather/cycle-events";
import { syntheticCycleEvent } from "../weather/synthetic-scheduler";

/**
 * Re-scoring on the embedded default: a forecast cycle lands, every active monitored voyage is
 * re-scored against it (once, even when the cycle lands twice), a stopped one is not, and the
 * alerts carry the voyage's owner and the trigger.
 */
const KEY = "vr_test_fleet_rescore_key_00000000000000000";
const ADMIN_KEY = "vr_test_admin_rescore_key_0000000000000000";
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys("rescore-api-test", [
    { key: KEY, plan: "fleet", scopes: ["monitoring"] },
    { key: ADMIN_KEY, plan: "enterprise", scopes: ["admin"] },
  ]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const register = async (thresholds: Record<string, number>) => {
  const res = await fetch(`${s.url}/api/v1/monitored-voyages`, {
    method: "POST",
    headers: { "X-API-Key": KEY, "Content-Type": "application/json" },
    body: JSON.stringify({
      vessel: { type: "cargo_small" },
      voyage: {
        origin: { lat: 51.98, lon: 3.9 },
        destination: { lat: 40.45, lon: -73.8 },
        departure_utc: new Date(TEST_CLOCK_START_MS + 3_600_000).toISOString(),
      },
      thresholds,
      fleet_id: "atlantic",
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

describe("re-scoring monitored voyages", { timeout: 300_000 }, () => {
  it("re-scores every active voyage once per landed cycle, and alerts with the owner", async () => {
    const active = await register({ index: 1 });
    const stopped = await register({});
    await fetch(`${s.url}/api/v1/monitored-voyages/${stopped}`, {
      method: "DELETE",
      headers: { "X-API-Key": KEY },
    });
    // A cycle newer than the one the voyages were scored with, already begun.
    const cycleMs = s.now() - 60_000;
    const event = syntheticCycleEvent(cycleMs, s.now());
    await landCycle(s.platform.bus, s.weather.registry, event);
    const projection = new MonitoredProjection(s.platform.state);
    await waitFor(
      "the active voyage re-scored",
      async () => ((await projection.history(active))?.scores.length ?? 0) >= 2,
      120_000,
    );
    const view = await projection.view(active);
    expect(view?.latest).toMatchObject({
      interface: "rescore",
      weather_cycle_utc: new Date(cycleMs).toISOString(),
    });

    // The same cycle landing again changes nothing.
    await s.platform.bus.publish(TOPIC.weatherCycles, [event]);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await projection.history(active))?.scores).toHaveLength(2);
    expect((await projection.history(stopped))?.scores).toHaveLength(1);

    // The index threshold (1) was already crossed at registration: a band change is the only
    // possible alert, and any alert names the owner and a trigger on the route.
    const alerts = await s.platform.analytics.queryEvents({
      topic: TOPIC.voyageAlerts,
      key: active,
    });
    for (const a of alerts) {
      const p = JSON.parse(a.payload_json);
      expect(p).toMatchObject({ voyage_id: active, fleet_id: "atlantic", trigger_field: "index" });
      expect(p.risk_band_was).not.toBe(p.risk_band_now);
    }
  });
  it("re-scores at once against a synthetic cycle an admin lands", async () => {
    const voyage = await register({});
    const res = await fetch(`${s.url}/api/v1/admin/weather-cycles`, {
      method: "POST",
      headers: { "X-API-Key": ADMIN_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "synthetic" }),
    });
    expect(res.status).toBe(201);
    const { cycle_utc } = (await res.json()) as { cycle_utc: string };
    const projection = new MonitoredProjection(s.platform.state);
    // Landed ahead of the clock in model time, the cycle re-scored nothing until the clock passed it.
    await waitFor(
      "the voyage re-scored on the admin's cycle",
      async () => (await projection.view(voyage))?.latest?.weather_cycle_utc === cycle_utc,
      120_000,
      async () => (await projection.view(voyage))?.latest?.weather_cycle_utc,
    );
  });
});
