import { round } from "../round";
import type { ExposureAggregates } from "./exposure";
import type { ScoringVessel } from "./vessel-types";

/**
 * The Voyage Severity Index: seven sub-scores (0-100) and their weighted sum. Every sub-score is
 * a documented function of what the voyage meets (exposure.ts) or of the route itself; there is
 * no empirically calibrated casualty layer and no Notices-to-Mariners adjustment (domain guide).
 */

export const DIMENSIONS = [
  "sea_state",
  "wind",
  "drift",
  "traffic",
  "grounding",
  "seasonal",
  "regulatory",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Weights (sum 1): weather first, then the month's climate, the route's geography and rules. */
export const WEIGHTS: Readonly<Record<Dimension, number>> = {
  sea_state: 0.25,
  wind: 0.2,
  drift: 0.08,
  traffic: 0.1,
  grounding: 0.1,
  seasonal: 0.15,
  regulatory: 0.12,
};

/** Bands, lower bound inclusive: [0, 20) Low, [20, 40) Moderate, [40, 60) Caution, [60, 80) High, [80, 100] Severe. */
export const BANDS = [
  { name: "Low", from: 0 },
  { name: "Moderate", from: 20 },
  { name: "Caution", from: 40 },
  { name: "High", from: 60 },
  { name: "Severe", from: 80 },
] as const;
export type Band = (typeof BANDS)[number]["name"];

export function bandOf(score: number): Band {
  let band: Band = "Low";
  for (const b of BANDS) if (score >= b.from) band = b.name;
  return band;
}

/** What the route itself contributes (geometry, rules, the month's climate). */
export interface RouteContext {
  /** Canals and straits the route passes through. */
  passages: number;
  /** Traffic separation schemes crossed or followed. */
  tss_transits: number;
  /** Port approaches at the ends (0-2): origin and destination within 20 nm of a coast. */
  port_approaches: number;
  /** Share of voyage hours within 10 nm of a coastline. */
  near_coast_share: number;
  /** Share of voyage hours within 3 nm of a coastline (narrow waters). */
  narrow_share: number;
  seasonal: SeasonalHazard;
  /** 0-100, from the compliance check (regulatoryBurdenScore). */
  regulatory_burden: number;
}

/** The month's climatological hazard along the route (seasonal dimension). */
export interface SeasonalHazard {
  /** Time-weighted climatological mean Hs over the vessel's wave limit. */
  climate_hs_ratio: number;
  /** Same for wind. */
  climate_wind_ratio: number;
  /** Share of voyage hours inside a tropical-cyclone basin in its season, weighted by activity (0-1). */
  tropical_cyclone_share: number;
  /** Share of voyage hours in the winter storm belt (40-65 degrees, winter hemisphere). */
  winter_storm_share: number;
  /** Share of voyage hours in seasonal ice waters (beyond 60 degrees in the hemisphere's winter half). */
  ice_share: number;
}

export interface DimensionScore {
  score: number;
  weight: number;
  description: string;
}

export interface VsiResult {
  score: number;
  band: Band;
  dimensions: Record<Dimension, DimensionScore>;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * A peak-and-exposure score against a limit: half from the peak (from 30% of the limit to 120%),
 * a fifth from the mean (from 15% to 75%), the rest from the time above 70% of the limit (a full
 * half of the voyage saturates it); any time above the limit itself adds up to 25 points.
 */
function limitScore(a: ExposureAggregates["hs"], hours: number, limit: number): number {
  if (hours <= 0) return 0;
  const peak = clamp01((a.peak / limit - 0.3) / 0.9);
  const mean = clamp01((a.mean / limit - 0.15) / 0.6);
  const over70 = clamp01((2 * a.hours_over_70) / hours);
  const breach =
    a.hours_over_limit > 0 ? 0.5 + 0.5 * clamp01((10 * a.hours_over_limit) / hours) : 0;
  return 100 * clamp01(0.5 * peak + 0.2 * mean + 0.3 * over70 + 0.25 * breach);
}

export function voyageSeverity(
  e: ExposureAggregates,
  route: RouteContext,
  vessel: ScoringVessel,
): VsiResult {
  const scores = subScores(e, route, vessel);
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((d) => [
      d,
      { score: scores[d], weight: WEIGHTS[d], description: describe(d, e, route, vessel) },
    ]),
  ) as Record<Dimension, DimensionScore>;
  const score = indexOf(scores);
  return { score, band: bandOf(score), dimensions };
}

/** voyageSeverity(...).score alone, without the descriptions (for the ~1,400 historical departures). */
export function severityScore(
  e: ExposureAggregates,
  route: RouteContext,
  vessel: ScoringVessel,
): number {
  return indexOf(subScores(e, route, vessel));
}

/** The index is the weighted sum of the rounded sub-scores (to 0.01), so a reader can check it. */
function indexOf(scores: Record<Dimension, number>): number {
  const sum = DIMENSIONS.reduce((acc, d) => acc + scores[d] * WEIGHTS[d], 0);
  return round(sum, 2);
}

/**
 * The three sub-scores that come from the weather met (sea state, wind, drift), unrounded: the
 * index's, and, of one segment's exposure, the route-risk interface's per-segment decomposition.
 */
export function weatherSubScores(
  e: ExposureAggregates,
  vessel: ScoringVessel,
): { sea_state: number; wind: number; drift: number } {
  const hours = Math.max(e.hours, 1e-9);
  // Dangerous wave encounters (MSC.1/Circ.1228) add up to 20 points, at a quarter of the voyage.
  const dangerous = clamp01((4 * e.dangerous_hours) / hours);
  const seaState = Math.min(100, limitScore(e.hs, e.hours, vessel.max_wave_m) + 20 * dangerous);
  const wind = limitScore(e.wind, e.hours, vessel.max_wind_kts);
  // Drift: current against the vessel's speed (a 30% current is a loss of control margin), plus
  // leeway from wind on the windage (mean wind over the wind limit, scaled by windage / 3).
  const drift =
    100 *
    clamp01(
      0.5 * clamp01(e.current.peak / vessel.speed_kts / 0.3) +
        0.2 * clamp01(e.current.mean / vessel.speed_kts / 0.15) +
        0.3 * clamp01((e.wind.mean / vessel.max_wind_kts) * (vessel.windage / 3)),
    );
  return { sea_state: seaState, wind, drift };
}

/** The seven sub-scores, each rounded to 0.1 as the API shows them. */
function subScores(
  e: ExposureAggregates,
  route: RouteContext,
  vessel: ScoringVessel,
): Record<Dimension, number> {
  const { sea_state: seaState, wind, drift } = weatherSubScores(e, vessel);
  const traffic = Math.min(
    100,
    10 * route.passages + 6 * route.tss_transits + 8 * route.port_approaches,
  );
  // Grounding: time near the coast, worse with a deeper draft (10 m doubles it), narrow waters.
  const draftFactor = 0.5 + clamp01(vessel.draft_m / 20);
  const grounding =
    100 *
    clamp01(
      draftFactor * (1.2 * route.near_coast_share + 3 * route.narrow_share) + 0.04 * route.passages,
    );
  const s = route.seasonal;
  const seasonal =
    100 *
    clamp01(
      0.35 * clamp01((s.climate_hs_ratio - 0.2) / 0.6) +
        0.15 * clamp01((s.climate_wind_ratio - 0.2) / 0.6) +
        0.3 * clamp01(2 * s.tropical_cyclone_share) +
        0.1 * clamp01(2 * s.winter_storm_share) +
        0.1 * clamp01(3 * s.ice_share),
    );
  return {
    sea_state: round(seaState, 1),
    wind: round(wind, 1),
    drift: round(drift, 1),
    traffic: round(traffic, 1),
    grounding: round(grounding, 1),
    seasonal: round(seasonal, 1),
    regulatory: round(Math.min(100, Math.max(0, route.regulatory_burden)), 1),
  };
}

function describe(
  d: Dimension,
  e: ExposureAggregates,
  route: RouteContext,
  v: ScoringVessel,
): string {
  const pct = (h: number) => `${Math.round((100 * h) / Math.max(e.hours, 1e-9))}%`;
  switch (d) {
    case "sea_state":
      return `peak Hs ${round(e.hs.peak, 1)} m against a ${v.max_wave_m} m limit (mean ${round(e.hs.mean, 1)} m); ${pct(e.hs.hours_over_70)} of the voyage above 70% of the limit, ${pct(e.hs.hours_over_limit)} above it; ${pct(e.dangerous_hours)} in dangerous wave encounters (IMO MSC.1/Circ.1228)`;
    case "wind":
      return `peak wind ${round(e.wind.peak, 1)} kt against a ${v.max_wind_kts} kt limit (mean ${round(e.wind.mean, 1)} kt); ${pct(e.wind.hours_over_70)} above 70% of the limit, ${pct(e.wind.hours_over_limit)} above it`;
    case "drift":
      return `peak current ${round(e.current.peak, 1)} kt (mean ${round(e.current.mean, 1)} kt) at ${round(v.speed_kts, 1)} kt; windage ${v.windage} in a mean wind of ${round(e.wind.mean, 1)} kt`;
    case "traffic":
      return `${route.passages} canal/strait passage(s), ${route.tss_transits} traffic separation scheme(s), ${route.port_approaches} port approach(es)`;
    case "grounding":
      return `${Math.round(100 * route.near_coast_share)}% of the voyage within 10 nm of a coast, ${Math.round(100 * route.narrow_share)}% within 3 nm, at a ${round(v.draft_m, 1)} m draft`;
    case "seasonal": {
      const s = route.seasonal;
      return `month's climatological Hs ${Math.round(100 * s.climate_hs_ratio)}% and wind ${Math.round(100 * s.climate_wind_ratio)}% of the limits; ${Math.round(100 * s.tropical_cyclone_share)}% of the voyage in a tropical-cyclone basin in season, ${Math.round(100 * s.winter_storm_share)}% in a winter storm belt, ${Math.round(100 * s.ice_share)}% in seasonal ice waters`;
    }
    case "regulatory":
      return "ECA/SECA time, Polar Code, traffic separation schemes, areas to be avoided, PSSAs and speed restrictions on the route (compliance check)";
  }
}

/** One sentence for voyage_severity_index.description. */
export function describeIndex(v: VsiResult): string {
  const top = [...DIMENSIONS]
    .sort((a, b) => v.dimensions[b].score * WEIGHTS[b] - v.dimensions[a].score * WEIGHTS[a])
    .slice(0, 2);
  return `${v.band} (${v.score}/100): driven mostly by ${top.map((d) => d.replace("_", " ")).join(" and ")}.`;
}
