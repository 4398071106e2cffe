import type { HistoricalBaselineOut } from "../contracts/api/underwriting";
import { round } from "../engine/round";
import type { Route } from "../engine/routing/types";
import { percentileRank, summariseDepartures } from "../engine/scoring/history";
import type { ScoringVessel } from "../engine/scoring/vessel-types";
import { type RouteContext, severityScore } from "../engine/scoring/vsi";
import type { ReanalysisStore } from "../weather/reanalysis/port";
import { routeSamples } from "./route-samples";

/**
 * The route in its history: every daily departure of the departure's month in the reanalysis
 * years, sailed along the route (ReanalysisStore.departures: a ClickHouse query in platform
 * mode), scored with the same index, so the voyage's index gets a percentile rank, and the
 * availability baseline (share within the vessel's limits) when asked for.
 */
export interface HistoryBaseline {
  /** The API's historical_baseline. */
  baseline: HistoricalBaselineOut;
  /** Percentile (0-100) of the voyage's index among the historical departures; null without history. */
  percentile: number | null;
}

export async function historicalBaseline(
  store: ReanalysisStore,
  route: Route,
  vessel: ScoringVessel,
  context: RouteContext,
  /** The voyage's own index, ranked against its history (NaN: no rank). */
  score: number,
  /** Years to simulate (default: all the store holds). */
  range?: { fromYear: number; toYear: number },
): Promise<HistoryBaseline> {
  const status = await store.status();
  const month = new Date(route.departure_ms).getUTCMonth() + 1;
  const years = status.years.filter((y) => !range || (y >= range.fromYear && y <= range.toYear));
  const fromYear = range?.fromYear ?? years[0] ?? 0;
  const toYear = range?.toYear ?? years.at(-1) ?? 0;
  const departures =
    years.length === 0
      ? []
      : await store.departures({
          samples: routeSamples(route, store.grid.spec.everyH),
          month,
          fromYear,
          toYear,
          vessel,
        });
  const indices = departures
    .map((d) => severityScore(d.exposure, context, vessel))
    .sort((a, b) => a - b);
  const summary = summariseDepartures(departures, vessel, { month, fromYear, toYear });
  const rank = percentileRank(score, indices);
  const percentile = rank === null ? null : round(rank, 1);
  return {
    baseline: {
      ...summary,
      index_distribution: indices.length
        ? {
            p10: indices[Math.floor(0.1 * (indices.length - 1))],
            p50: indices[Math.floor(0.5 * (indices.length - 1))],
            p90: indices[Math.floor(0.9 * (indices.length - 1))],
          }
        : null,
      index_percentile: percentile,
      source: status.source,
      synthetic: status.synthetic,
      grid: status.grid,
    },
    percentile,
  };
}
