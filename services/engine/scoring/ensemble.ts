import { round } from "../round";
import type { Route, RouteRequest } from "../routing/types";
import type { WeatherField } from "../weather/types";
import { aggregateExposure, type ExposureAggregates } from "./exposure";
import { type SailedPiece, sailRoute } from "./sail";
import type { ScoringVessel } from "./vessel-types";
import { type RouteContext, severityScore } from "./vsi";

/**
 * The route sailed through every member of an ensemble: per member its transit time, what it
 * met and its index; then the tail statistics underwriters ask for (domain guide, "Ensemble
 * analysis"): p_violation per limit, CVaR-95 of the index, the index distribution, ETA
 * percentiles (P10 the best case).
 */

export interface MemberResult {
  member: number;
  /** Ensemble the member belongs to (e.g. "synthetic", "ecmwf-ens"). */
  model: string;
  transit_h: number;
  exposure: ExposureAggregates;
  index: number;
  violation: { wave: boolean; wind: boolean; swell: boolean };
  /** The route as this member sails it (where and when it met what). */
  pieces: SailedPiece[];
}

/**
 * The swell limit: no caller states one, so primary swell above 60% of the wave limit counts
 * as a violation (long swell drives rolling at heights the combined-sea limit allows).
 */
export const SWELL_SHARE_OF_WAVE_LIMIT = 0.6;

export function sailMember(
  route: Route,
  request: RouteRequest,
  model: string,
  member: number,
  field: WeatherField,
  vessel: ScoringVessel,
  context: RouteContext,
  everyNm: number,
  lossTable?: Float32Array,
  timing: "sailed" | "scheduled" = "sailed",
): MemberResult {
  const sailed = sailRoute(route, request, field, everyNm, lossTable, timing);
  const exposure = aggregateExposure(sailed.samples, vessel);
  return {
    member,
    model,
    transit_h: sailed.transit_h,
    exposure,
    index: severityScore(exposure, context, vessel),
    violation: {
      wave: exposure.hs.hours_over_limit > 0,
      wind: exposure.wind.hours_over_limit > 0,
      swell: exposure.swell.peak > SWELL_SHARE_OF_WAVE_LIMIT * vessel.max_wave_m,
    },
    pieces: sailed.pieces,
  };
}

export interface EnsembleSummary {
  members: number;
  /** Members per ensemble and the weight each ensemble carries in the statistics. */
  ensembles: Array<{ model: string; members: number; weight: number }>;
  p_violation: { wave: number; wind: number; swell: number; any: number };
  /** Mean index of the worst 5% of (weighted) members. */
  cvar_95: number;
  index_distribution: Record<
    "min" | "p5" | "p10" | "p25" | "p50" | "p75" | "p90" | "p95" | "max" | "mean",
    number
  >;
  transit_h: { p10: number; p50: number; p90: number };
  /**
   * The representative member: the one whose index is the weighted median (so its index is
   * index_distribution.p50, inside every interval the distribution gives). The voyage's index,
   * sub-scores and conditions are this member's.
   */
  representative: number;
}

/**
 * Combines members; with two ensembles each ensemble carries `weights[model]` (default: equal
 * shares per ensemble, so a 51-member ENS does not outvote a 31-member GEFS by its size).
 */
export function summariseEnsemble(
  members: readonly MemberResult[],
  weights: Readonly<Record<string, number>> = {},
): EnsembleSummary {
  const models = [...new Set(members.map((m) => m.model))];
  const share = (model: string) => weights[model] ?? 1 / models.length;
  const count = (model: string) => members.filter((m) => m.model === model).length;
  const w = members.map((m) => share(m.model) / count(m.model));
  const total = w.reduce((s, v) => s + v, 0);
  const p = (pick: (m: MemberResult) => boolean) =>
    round(members.reduce((s, m, i) => s + (pick(m) ? (w[i] as number) : 0), 0) / total, 4);
  const quantile = (values: number[], q: number) => weightedQuantile(values, w, q);
  const indices = members.map((m) => m.index);
  const transits = members.map((m) => m.transit_h);
  const median = quantile(indices, 0.5);
  return {
    representative: members.findIndex((m) => m.index === median),
    members: members.length,
    ensembles: models.map((model) => ({
      model,
      members: count(model),
      weight: round(share(model), 4),
    })),
    p_violation: {
      wave: p((m) => m.violation.wave),
      wind: p((m) => m.violation.wind),
      swell: p((m) => m.violation.swell),
      any: p((m) => m.violation.wave || m.violation.wind || m.violation.swell),
    },
    cvar_95: round(cvar(indices, w, 0.95), 2),
    index_distribution: {
      min: round(Math.min(...indices), 2),
      p5: round(quantile(indices, 0.05), 2),
      p10: round(quantile(indices, 0.1), 2),
      p25: round(quantile(indices, 0.25), 2),
      p50: round(quantile(indices, 0.5), 2),
      p75: round(quantile(indices, 0.75), 2),
      p90: round(quantile(indices, 0.9), 2),
      p95: round(quantile(indices, 0.95), 2),
      max: round(Math.max(...indices), 2),
      mean: round(indices.reduce((s, v, i) => s + v * (w[i] as number), 0) / total, 2),
    },
    transit_h: {
      p10: round(quantile(transits, 0.1), 2),
      p50: round(quantile(transits, 0.5), 2),
      p90: round(quantile(transits, 0.9), 2),
    },
  };
}

/** The smallest value whose cumulative weight reaches q (of the total). */
export function weightedQuantile(
  values: readonly number[],
  weights: readonly number[],
  q: number,
): number {
  const order = values.map((v, i) => ({ v, w: weights[i] as number })).sort((a, b) => a.v - b.v);
  const total = order.reduce((s, o) => s + o.w, 0);
  let acc = 0;
  for (const o of order) {
    acc += o.w;
    if (acc >= q * total - 1e-12) return o.v;
  }
  return order.at(-1)?.v ?? Number.NaN;
}

/** Conditional value at risk: the weighted mean of the worst (1 - level) share of the values. */
export function cvar(values: readonly number[], weights: readonly number[], level: number): number {
  const order = values.map((v, i) => ({ v, w: weights[i] as number })).sort((a, b) => b.v - a.v);
  const total = order.reduce((s, o) => s + o.w, 0);
  let tail = (1 - level) * total;
  let sum = 0;
  let mass = 0;
  for (const o of order) {
    if (tail <= 1e-12) break;
    const take = Math.min(o.w, tail);
    sum += o.v * take;
    mass += take;
    tail -= take;
  }
  return mass > 0 ? sum / mass : Number.NaN;
}
