import { describe, expect, it } from "vitest";
import { EVENT, type VoyageMonitored, type VoyageScored } from "../contracts/events";
import {
  applyMonitoringEvent,
  applyScore,
  MAX_HISTORY,
  type MonitoredMeta,
  monitoredView,
  type ScoreHistory,
} from "./state";

/** The fold of a monitored voyage's events: registration, stop, scores; idempotent; ordered. */
const T0 = Date.UTC(2026, 10, 21, 6);
const registration: VoyageMonitored = {
  event_id: "e-reg",
  occurred_at: T0,
  voyage_id: "v1",
  key_id: "k1",
  fleet_id: "north-atlantic",
  vessel_id: "9321483",
  vessel_json: JSON.stringify({ type: "cargo_small", imo: "9321483" }),
  voyage_json: JSON.stringify({ origin: { lat: 1, lon: 2 } }),
  route_json: JSON.stringify([
    [2, 1],
    [3, 1.5],
  ]),
  thresholds: { wind_kts: 30 },
  departure: T0 + 86_400_000,
};
const score = (id: string, at: number, index: number, iface = "rescore"): VoyageScored => ({
  event_id: id,
  occurred_at: at,
  voyage_id: "v1",
  request_id: null,
  key_id: null,
  interface: iface,
  dimensions: { sea_state: index },
  confidence_low: index,
  confidence_high: index,
  departure: T0,
  eta_p90: at + 11 * 86_400_000,
  distance_nm: 3000,
  vessel_type: "cargo_small",
  index,
  band: index >= 40 ? "Caution" : "Moderate",
  weather_model: "synthetic",
  weather_cycle: at - 3_600_000,
  weather_synthetic: true,
  eta_p50: at + 10 * 86_400_000,
  peak_hs_m: 3.2,
  peak_wind_kts: 28,
});

describe("monitored voyage fold", () => {
  it("registers, then stops once; a repeated event changes nothing", () => {
    const meta = applyMonitoringEvent(null, {
      type: EVENT.VoyageMonitored,
      value: registration,
    }) as MonitoredMeta;
    expect(meta).toMatchObject({
      id: "v1",
      status: "active",
      key_id: "k1",
      fleet_id: "north-atlantic",
      vessel_id: "9321483",
      thresholds: { wind_kts: 30 },
      departure_utc: "2026-11-22T06:00:00.000Z",
      registered_at_utc: "2026-11-21T06:00:00.000Z",
      stopped_at_utc: null,
    });
    expect(applyMonitoringEvent(meta, { type: EVENT.VoyageMonitored, value: registration })).toBe(
      meta,
    );
    const stop = {
      event_id: "e-stop",
      occurred_at: T0 + 5,
      voyage_id: "v1",
      reason: "deleted",
      key_id: null,
    };
    const stopped = applyMonitoringEvent(meta, {
      type: EVENT.MonitoringStopped,
      value: stop,
    }) as MonitoredMeta;
    expect(stopped.status).toBe("stopped");
    expect(stopped.stopped_at_utc).toBe(new Date(T0 + 5).toISOString());
    expect(applyMonitoringEvent(stopped, { type: EVENT.MonitoringStopped, value: stop })).toBe(
      stopped,
    );
    // A later stop (completed) of a stopped voyage, or its registration replayed, changes nothing.
    const done = { ...stop, event_id: "e-done", reason: "completed" };
    expect(applyMonitoringEvent(stopped, { type: EVENT.MonitoringStopped, value: done })).toBe(
      stopped,
    );
    expect(
      applyMonitoringEvent(stopped, { type: EVENT.VoyageMonitored, value: registration }),
    ).toBe(stopped);
    const completed = applyMonitoringEvent(meta, {
      type: EVENT.MonitoringStopped,
      value: done,
    }) as MonitoredMeta;
    expect(completed.status).toBe("completed");
    // A stop of a voyage never registered is nothing.
    expect(applyMonitoringEvent(null, { type: EVENT.MonitoringStopped, value: stop })).toBeNull();
  });

  it("keeps monitoring and re-score scores only, each once, in scoring-time order", () => {
    const a = score("s-a", T0 + 1000, 30, "monitoring");
    const b = score("s-b", T0 + 2000, 45);
    const c = score("s-c", T0 + 3000, 50);
    let h: ScoreHistory | null = null;
    for (const e of [a, c, b, c, a]) h = applyScore(h, e);
    expect(h?.scores.map((s) => s.index)).toEqual([30, 45, 50]);
    expect(applyScore(h, score("s-u", T0, 99, "underwriting"))).toBe(h);
    expect(applyScore(null, score("s-r", T0, 99, "route-risk"))).toBeNull();
    const view = monitoredView(
      applyMonitoringEvent(null, {
        type: EVENT.VoyageMonitored,
        value: registration,
      }) as MonitoredMeta,
      h,
    );
    expect(view.latest).toMatchObject({ index: 50, band: "Caution", interface: "rescore" });
    expect(view.history).toHaveLength(3);
    expect(JSON.stringify(view)).not.toMatch(/event_id/);
  });

  it("keeps the newest MAX_HISTORY scores", () => {
    let h: ScoreHistory | null = null;
    for (let i = 0; i < MAX_HISTORY + 25; i++)
      h = applyScore(h, score(`s${i}`, T0 + i * 1000, i % 100));
    expect(h?.scores).toHaveLength(MAX_HISTORY);
    expect(h?.scores[0]?.scored_at_utc).toBe(new Date(T0 + 25_000).toISOString());
  });
});
