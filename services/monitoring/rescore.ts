import type { VoyageRiskRequest } from "../api/schemas/underwriting";
import { round } from "../engine/round";
import type { Route } from "../engine/routing/router";
import { aggregateExposure } from "../engine/scoring/exposure";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { BANDS, bandOf, voyageSeverity } from "../engine/scoring/vsi";
import { AppError } from "../platform/errors";
import { nameBasedId } from "../platform/events/records";
import type { VoyageScoredFields } from "../underwriting/events";
import { assessRoute } from "../underwriting/route-context";
import {
  type ForecastAt,
  type PreparedWeather,
  prepareWeather,
  routingVessel,
  type ScoringDeps,
} from "../underwriting/voyage-risk";

/**
 * A monitored voyage re-scored against a new forecast cycle: its registered route sailed again
 * through the cycle's control member (with speed loss and current, so the timing moves with the
 * weather), and the part still ahead of the vessel's expected position scored with the index.
 * No re-routing: a fleet's voyage keeps its plan, and a re-score costs milliseconds, so a cycle
 * re-scores thousands of voyages. The outcome names what changed against the previous score:
 * the band, and the thresholds crossed; a voyage whose route is behind it has arrived.
 *
 * Event ids are derived from (voyage, cycle), so a re-score repeated after a crash produces the
 * same events, which every consumer deduplicates.
 */
export interface RescoreInput {
  voyageId: string;
  vesselId: string;
  vessel: VoyageRiskRequest["vessel"];
  departureMs: number;
  route: ReadonlyArray<readonly [number, number]>;
  thresholds: Readonly<Record<string, number>>;
  /** The previous score of this voyage, if any: what a change is measured against. */
  previous: { index: number; band: string; peak_wind_kts: number; peak_hs_m: number } | null;
}

export interface Trigger {
  field: "wind_kts" | "wave_m" | "index";
  threshold: number;
  observed: number;
  at: { lat: number; lon: number };
}

export interface RescoreOutcome {
  /** Null when the voyage has arrived (nothing ahead to score) or the re-score was skipped. */
  score: (VoyageScoredFields & { event_id: string; occurred_at: number }) | null;
  arrived: boolean;
  /**
   * Why no score was made against this cycle, when none could be: weather_incomplete (no
   * source has the waves or the wind; a flat sea is never scored). The previous score stands.
   */
  skipped: { code: "weather_incomplete"; reason: string } | null;
  /** One per band change or threshold crossing (empty when nothing changed). */
  alerts: Array<{
    event_id: string;
    risk_band_was: string;
    risk_band_now: string;
    trigger: Trigger;
  }>;
}

/** The id of an event a re-score produces, from its parts (see nameBasedId). */
export function derivedEventId(...parts: Array<string | number>): string {
  return nameBasedId(parts.join("|"));
}

export async function rescoreVoyage(
  deps: ScoringDeps,
  input: RescoreInput,
  forecast: ForecastAt,
): Promise<RescoreOutcome> {
  let weather: PreparedWeather;
  try {
    weather = await prepareWeather(deps, forecast);
  } catch (err) {
    if (err instanceof AppError && err.code === "weather_incomplete") {
      return {
        score: null,
        arrived: false,
        alerts: [],
        skipped: { code: err.code, reason: err.message },
      };
    }
    throw err;
  }
  const vessel = resolveVessel({ ...input.vessel, type: input.vessel.type });
  const network = deps.network();
  const { route } = network.track(
    { departureMs: input.departureMs, vessel: routingVessel(vessel) },
    input.route.map(([lon, lat]) => ({ lat, lon })),
    weather.control,
  );
  const nowMs = forecast.nowMs;
  const ahead = route.segments.filter((s) => s.end_ms > nowMs);
  if (ahead.length === 0) return { score: null, arrived: true, alerts: [], skipped: null };
  const remaining: Route = { ...route, segments: ahead };
  const { context } = assessRoute(remaining, network, vessel);
  const exposure = aggregateExposure(
    ahead.map((s) => ({
      conditions: s.conditions,
      course_deg: s.course_deg,
      hours: (s.end_ms - Math.max(s.start_ms, nowMs)) / 3_600_000,
    })),
    vessel,
  );
  const vsi = voyageSeverity(exposure, context, vessel);
  const cycle = forecast.choice.primary;
  const peakAt = (pick: (s: Route["segments"][number]) => number) => {
    const worst = ahead.reduce((a, s) => (pick(s) > pick(a) ? s : a));
    return { lat: worst.start.lat, lon: worst.start.lon, value: pick(worst) };
  };
  const wind = peakAt((s) => s.conditions.wind_kts);
  const wave = peakAt((s) => s.conditions.hs_m);
  const score = {
    event_id: derivedEventId("rescore", input.voyageId, cycle.model, cycle.cycleMs),
    occurred_at: nowMs,
    voyage_id: input.voyageId,
    request_id: null,
    key_id: null,
    interface: "rescore" as const,
    index: vsi.score,
    band: vsi.band,
    dimensions: Object.fromEntries(Object.entries(vsi.dimensions).map(([k, d]) => [k, d.score])),
    confidence_low: vsi.score,
    confidence_high: vsi.score,
    weather_model: cycle.model,
    weather_cycle: cycle.cycleMs,
    weather_synthetic: cycle.synthetic,
    departure: input.departureMs,
    eta_p50: route.eta_ms,
    eta_p90: route.eta_ms,
    distance_nm: route.distance_nm,
    peak_hs_m: round(wave.value, 2),
    peak_wind_kts: round(wind.value, 2),
    vessel_type: vessel.type,
  };

  const was = input.previous;
  const bandWas = was?.band ?? vsi.band;
  const alerts: RescoreOutcome["alerts"] = [];
  const alert = (trigger: Trigger) =>
    alerts.push({
      event_id: derivedEventId("alert", input.voyageId, cycle.model, cycle.cycleMs, trigger.field),
      risk_band_was: bandWas,
      risk_band_now: vsi.band,
      trigger,
    });
  // A band change: the boundary crossed is the trigger's threshold.
  if (was && was.band !== vsi.band) {
    const boundary = bandBoundary(was.index, vsi.score);
    const worst = vsi.dimensions.sea_state.score >= vsi.dimensions.wind.score ? wave : wind;
    alert({
      field: "index",
      threshold: boundary,
      observed: vsi.score,
      at: { lat: worst.lat, lon: worst.lon },
    });
  }
  // Thresholds crossed upwards since the last score (unstated wind and wave: the vessel's limits).
  const limits = {
    wind_kts: input.thresholds.wind_kts ?? vessel.max_wind_kts,
    wave_m: input.thresholds.wave_m ?? vessel.max_wave_m,
  };
  if (wind.value > limits.wind_kts && !(was && was.peak_wind_kts > limits.wind_kts)) {
    alert({
      field: "wind_kts",
      threshold: limits.wind_kts,
      observed: score.peak_wind_kts,
      at: { lat: wind.lat, lon: wind.lon },
    });
  }
  if (wave.value > limits.wave_m && !(was && was.peak_hs_m > limits.wave_m)) {
    alert({
      field: "wave_m",
      threshold: limits.wave_m,
      observed: score.peak_hs_m,
      at: { lat: wave.lat, lon: wave.lon },
    });
  }
  const indexThreshold = input.thresholds.index;
  if (
    indexThreshold !== undefined &&
    vsi.score > indexThreshold &&
    !(was && was.index > indexThreshold) &&
    !(was && was.band !== vsi.band)
  ) {
    alert({
      field: "index",
      threshold: indexThreshold,
      observed: vsi.score,
      at: { lat: wave.lat, lon: wave.lon },
    });
  }
  return { score, arrived: false, alerts, skipped: null };
}

/** The band boundary between two index values (the one crossed going from `was` to `now`). */
function bandBoundary(was: number, now: number): number {
  const lo = Math.min(was, now);
  const crossed = BANDS.map((b) => b.from).filter(
    (from) => from > lo && from <= Math.max(was, now),
  );
  const pick = now > was ? crossed.at(-1) : crossed[0];
  return pick ?? BANDS.find((b) => b.name === bandOf(now))?.from ?? 0;
}
