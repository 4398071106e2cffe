import type { VoyageRiskRequest } from "../contracts/api/underwriting";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { memoRoute } from "../underwriting/forecast-memo";
import {
  controlKey,
  type ForecastAt,
  prepareWeather,
  type ScoredVoyage,
  type ScoringDeps,
  safestRouteRequest,
  scoreVoyage,
} from "../underwriting/voyage-risk";
import { type RescoreOutcome, rescoreVoyage } from "./rescore";

/**
 * A voyage's registration for monitoring, in one scoring job: the route voyage-risk would score
 * (safest through the forecast's control: the same route, kept for the forecast), and the first
 * score made as every re-score makes its own (the control sailing that route). Only the route is
 * needed of a voyage-risk answer, so its members and history are not computed, but for a voyage
 * already arrived, which has no re-score: its registration records voyage-risk's answer instead.
 */
export interface FirstScoreInput {
  voyageId: string;
  vesselId: string;
  requestId: string;
  vessel: VoyageRiskRequest["vessel"];
  voyage: VoyageRiskRequest["voyage"];
}

export type FirstScore = {
  /** The route's turning points as [lon, lat] (re-scores sail them again at each cycle). */
  waypoints: Array<[number, number]>;
} & (
  | { arrived: false; score: NonNullable<RescoreOutcome["score"]> }
  /** voyage-risk's answer for a voyage already arrived. */
  | { arrived: true; scored: ScoredVoyage }
);

export async function firstMonitoringScore(
  deps: ScoringDeps,
  input: FirstScoreInput,
  forecast: ForecastAt,
): Promise<FirstScore> {
  const weather = await prepareWeather(deps, forecast);
  const vessel = resolveVessel({ ...input.vessel, type: input.vessel.type });
  const route = memoRoute(
    deps.network(),
    safestRouteRequest(input, vessel, weather),
    controlKey(weather),
    weather.control,
  );
  const waypoints = route.waypoints.map((p) => [p.lon, p.lat] as [number, number]);
  const first = await rescoreVoyage(
    deps,
    {
      voyageId: input.voyageId,
      vesselId: input.vesselId,
      vessel: input.vessel,
      departureMs: Date.parse(input.voyage.departure_utc),
      route: waypoints,
    },
    forecast,
  );
  if (first.score) return { waypoints, arrived: false, score: first.score };
  const scored = await scoreVoyage(
    deps,
    {
      vessel: input.vessel,
      voyage: input.voyage,
      options: {
        ensemble_routing: false,
        include_historical_baseline: false,
        include_compliance_check: false,
      },
    },
    { voyageId: input.voyageId, requestId: input.requestId },
    forecast,
  );
  return { waypoints, arrived: true, scored };
}
