import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_CYCLE_MS, writeCycleParts } from "../../tests/fixtures/grib/load";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import { sharedRoutingNetwork } from "../routing/network";
import { CycleStore } from "../weather/cycle-store";
import { ingestGribFiles } from "../weather/ingest";
import { WeatherProvider } from "../weather/provider";
import { decideAlerts, type PreviousScore } from "./alert-rules";
import { derivedEventId } from "./event-ids";
import { type RescoreInput, type RescoreOutcome, rescoreVoyage } from "./rescore";

/**
 * A monitored voyage re-scored against a forecast cycle: the same cycle gives the same events
 * (ids included), another cycle other ids; band changes and thresholds crossed become alerts,
 * nothing changed gives none; a voyage whose route lies behind it has arrived; a cycle without
 * waves, and no other source of them, is skipped with its reason.
 */
const { deps } = syntheticScoringDeps("rescore-test");

const CYCLE = Date.UTC(2026, 10, 21, 6);
const DEPARTURE = Date.UTC(2026, 10, 22, 6);
const route = sharedRoutingNetwork().route({
  from: { lat: 51.98, lon: 3.9 },
  to: { lat: 40.45, lon: -73.8 },
  objective: "fastest",
  departureMs: DEPARTURE,
  vessel: { speed_kts: 11 },
});
const input = (over: Partial<RescoreInput> = {}): RescoreInput => ({
  voyageId: "voyage-1",
  vesselId: "9321483",
  vessel: { type: "cargo_small" },
  departureMs: DEPARTURE,
  route: route.waypoints.map((p) => [p.lon, p.lat] as const),
  ...over,
});

/** What the re-score worker does with an outcome: the alert rules against the previous score. */
const alertsOf = (
  outcome: RescoreOutcome,
  previous: PreviousScore | null,
  thresholds: Record<string, number> = {},
) =>
  outcome.alertFacts
    ? decideAlerts({
        voyage: { id: "voyage-1", vessel_id: "9321483", key_id: null, fleet_id: null },
        cycle: { model: "synthetic", cycleMs: CYCLE },
        occurredAt: CYCLE + 3_600_000,
        previous,
        thresholds,
        ...outcome.alertFacts,
      })
    : [];

describe("re-scoring a monitored voyage", { timeout: 120_000 }, () => {
  it("gives the same score and ids for the same cycle, other ids for another cycle", async () => {
    const a = await rescoreVoyage(deps, input(), syntheticForecastAt(CYCLE, CYCLE + 3_600_000));
    const b = await rescoreVoyage(deps, input(), syntheticForecastAt(CYCLE, CYCLE + 3_600_000));
    expect(a).toEqual(b);
    expect(a.score?.event_id).toBe(derivedEventId("rescore", "voyage-1", "synthetic", CYCLE));
    expect(a.score).toMatchObject({ interface: "rescore", key_id: null, weather_synthetic: true });
    const next = await rescoreVoyage(
      deps,
      input(),
      syntheticForecastAt(CYCLE + 6 * 3_600_000, CYCLE + 7 * 3_600_000),
    );
    expect(next.score?.event_id).not.toBe(a.score?.event_id);
  });

  it("alerts on a band change and on thresholds crossed, and stays quiet when nothing changed", async () => {
    const now = await rescoreVoyage(deps, input(), syntheticForecastAt(CYCLE, CYCLE + 3_600_000));
    const s = now.score as NonNullable<typeof now.score>;
    const same = {
      index: s.index,
      band: s.band,
      peak_wind_kts: s.peak_wind_kts,
      peak_hs_m: s.peak_hs_m,
    };
    expect(alertsOf(now, same)).toEqual([]);

    const fromSevere = alertsOf(now, { ...same, index: 95, band: "Severe" });
    expect(s.band).not.toBe("Severe");
    expect(fromSevere).toHaveLength(1);
    expect(fromSevere[0]).toMatchObject({
      risk_band_was: "Severe",
      risk_band_now: s.band,
      trigger_field: "index",
      trigger_observed: s.index,
    });
    expect(fromSevere[0]?.trigger_threshold).toBeGreaterThan(s.index);

    const windy = alertsOf(now, { ...same, peak_wind_kts: 0 }, { wind_kts: 1 });
    expect(windy.map((a) => a.trigger_field)).toEqual(["wind_kts"]);
    expect(windy[0]).toMatchObject({ trigger_threshold: 1, trigger_observed: s.peak_wind_kts });
    expect(Math.abs(windy[0]?.trigger_lat ?? 99)).toBeLessThan(90);
    // Already above it at the last score: no new crossing.
    expect(alertsOf(now, same, { wind_kts: 1 })).toEqual([]);
  });

  it("scores only what lies ahead, and says when the voyage has arrived", async () => {
    const atSea = await rescoreVoyage(
      deps,
      input(),
      syntheticForecastAt(CYCLE, DEPARTURE + 5 * 86_400_000),
    );
    expect(atSea.arrived).toBe(false);
    expect(atSea.score).not.toBeNull();
    const arrived = await rescoreVoyage(
      deps,
      input(),
      syntheticForecastAt(CYCLE, DEPARTURE + 60 * 86_400_000),
    );
    expect(arrived).toEqual({ score: null, arrived: true, alertFacts: null, skipped: null });
  });

  it("skips a cycle no source has waves for, with the reason, rather than score a flat sea", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rescore-wind-only-"));
    const store = new CycleStore(join(dir, "weather"));
    const now = FIXTURE_CYCLE_MS + 5 * 3_600_000;
    const files = writeCycleParts(dir, (f) => f.discipline === 0, "gefs-wind");
    const { landed } = await ingestGribFiles(files, "gefs", store, now);
    const windOnly = { ...deps, provider: new WeatherProvider(store) };
    const forecast = {
      nowMs: now,
      choice: {
        primary: {
          model: "gefs",
          cycleMs: landed.cycle_time,
          members: landed.members,
          resolutionDeg: landed.resolution_deg,
          horizonH: landed.horizon_h,
          synthetic: false,
          source: null,
          landedAtMs: now,
        },
      },
    };
    const outcome = await rescoreVoyage(windOnly, input({ departureMs: now }), forecast);
    expect(outcome).toEqual({
      score: null,
      arrived: false,
      alertFacts: null,
      skipped: { code: "weather_incomplete", reason: expect.stringContaining("hs_m") },
    });
  });
});
