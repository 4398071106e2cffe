import type { RouteRiskRequest } from "../contracts/api/route-risk";
import type {
  HistoricalAvailabilityRequest,
  HistoricalAvailabilityResponse,
  RouteScoreRequest,
  RouteScoreResponse,
  VoyageRiskRequest,
} from "../contracts/api/underwriting";
import {
  type FirstScore,
  type FirstScoreInput,
  firstMonitoringScore,
} from "../monitoring/first-score";
import { type RescoreInput, type RescoreOutcome, rescoreVoyage } from "../monitoring/rescore";
import { type RouteRiskIds, type RouteRiskScored, scoreRouteRisk } from "../route-risk/route-risk";
import { historicalAvailability } from "../underwriting/historical-availability";
import { scoreTrack } from "../underwriting/route-score";
import {
  type ForecastAt,
  type ScoredVoyage,
  type ScoringDeps,
  scoreVoyage,
} from "../underwriting/voyage-risk";

/**
 * The scoring computations (underwriting and route-risk) as messages: what the API hands a Scorer (in its own thread or
 * a worker's), and what comes back. Jobs and results are plain data, so they cross threads by
 * structured clone.
 */

export interface ScoreIds {
  voyageId: string;
  requestId: string;
}

export type ScoringJob =
  | { kind: "voyage-risk"; body: VoyageRiskRequest; ids: ScoreIds; forecast: ForecastAt }
  | { kind: "route-score"; body: RouteScoreRequest; ids: ScoreIds; forecast: ForecastAt }
  | { kind: "route-risk"; body: RouteRiskRequest; ids: RouteRiskIds; forecast: ForecastAt }
  | { kind: "rescore"; input: RescoreInput; forecast: ForecastAt }
  | { kind: "monitoring-first-score"; input: FirstScoreInput; forecast: ForecastAt }
  | {
      kind: "historical-availability";
      body: HistoricalAvailabilityRequest;
      requestId: string;
      nowMs: number;
    };

export interface JobResults {
  "voyage-risk": ScoredVoyage;
  "route-score": ScoredVoyage & { response: RouteScoreResponse };
  "historical-availability": HistoricalAvailabilityResponse;
  "route-risk": RouteRiskScored;
  rescore: RescoreOutcome;
  "monitoring-first-score": FirstScore;
}

export type JobResult<J extends ScoringJob> = JobResults[J["kind"]];

export function runJob<J extends ScoringJob>(deps: ScoringDeps, job: J): Promise<JobResult<J>> {
  const j = job as ScoringJob;
  switch (j.kind) {
    case "voyage-risk":
      return scoreVoyage(deps, j.body, j.ids, j.forecast) as Promise<JobResult<J>>;
    case "route-score":
      return scoreTrack(deps, j.body, j.ids, j.forecast) as Promise<JobResult<J>>;
    case "route-risk":
      return scoreRouteRisk(deps, j.body, j.ids, j.forecast) as Promise<JobResult<J>>;
    case "rescore":
      return rescoreVoyage(deps, j.input, j.forecast) as Promise<JobResult<J>>;
    case "monitoring-first-score":
      return firstMonitoringScore(deps, j.input, j.forecast) as Promise<JobResult<J>>;
    case "historical-availability":
      return historicalAvailability(deps, j.body, j.requestId, j.nowMs) as Promise<JobResult<J>>;
  }
}
