import type { VoyageRiskRequest } from "../contracts/api/underwriting";
import { round } from "../engine/round";
import type { Route } from "../engine/routing/types";
import { aggregateExposure } from "../engine/scoring/exposure";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { voyageSeverity } from "../engine/scoring/vsi";
import { AppError } from "../platform/errors";
import type { VoyageScoredFields } from "../underwriting/events";
import { assessRoute } from "../underwriting/route-context";
import {
  type ForecastAt,
  type PreparedWeather,
  prepareWeather,
  routingVessel,
  type ScoringDeps,
} from "../underwriting/voyage-risk";
import type { AlertDecisionInput } from "./alert-rules";
import { derivedEventId } from "./event-ids";

/**
 * A monitored voyage re-scored against a new forecast cycle: its registered route sailed again
 * through the cycle's control member (with speed loss and current, so the timing moves with the
 * weather), and the part still ahead of the vessel's expected position scored with the index.
 * No re-routing: a fleet's voyage keeps its plan, and a re-score costs milliseconds, so a cycle
 * re-scores thousands of voyages. A voyage whose route is behind it has arrived. Whether the
 * score alerts is decided apart, by the re-score worker, with decideAlerts (alert-rules.ts).
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
}

export interface RescoreOutcome {
  /** Null when the voyage has arrived (nothing ahead to score) or the re-score was skipped. */
  score: (VoyageScoredFields & { event_id: string; occurred_at: number }) | null;
  arrived: boolean;
  /** What the alert rules (alert-rules.ts) need of this score; null when there is none. */
  alertFacts: Pick<AlertDecisionInput, "now" | "vesselLimits"> | null;
  /**
   * Why no score was made against this cycle, when none could be: weather_incomplete (no
   * source has the waves or the wind; a flat sea is never scored). The previous score stands.
   */
  skipped: { code: "weather_incomplete"; reason: string } | null;
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
        alertFacts: null,
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
  if (ahead.length === 0) return { score: null, arrived: true, alertFacts: null, skipped: null };
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

  return {
    score,
    arrived: false,
    alertFacts: {
      now: {
        index: vsi.score,
        band: vsi.band,
        peakWind: { value: wind.value, lat: wind.lat, lon: wind.lon },
        peakWave: { value: wave.value, lat: wave.lat, lon: wave.lon },
        seaStateLeads: vsi.dimensions.sea_state.score >= vsi.dimensions.wind.score,
      },
      vesselLimits: { wind_kts: vessel.max_wind_kts, wave_m: vessel.max_wave_m },
    },
    skipped: null,
  };
}
