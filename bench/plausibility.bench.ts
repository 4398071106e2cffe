import type { RouteRiskRequest } from "../services/contracts/api/route-risk";
import type { VoyageRiskRequest } from "../services/contracts/api/underwriting";
import { VESSEL_TYPE_DEFAULTS, type VesselType } from "../services/engine/scoring/vessel-types";
import { scoreRouteRisk } from "../services/route-risk/route-risk";
import { scoreVoyage } from "../services/underwriting/voyage-risk";
import { syntheticForecastAt, syntheticScoringDeps } from "../tests/synthetic-forecast";
import { type BenchSuite, type Figure, round } from "./figures";

/**
 * Would the answers survive a master's and an underwriter's first look? Over 34 voyages (five
 * ocean lanes for three ship types and a short sea lane for a small ship and a yacht, each in two
 * seasons), each scored by route-risk (every objective routed and
 * scored) and by voyage-risk (the ensemble), the figures a reader checks first:
 *
 * - the safest route's length against the fastest's (weather routing lengthens an ocean passage
 *   by some percent, not several times);
 * - the average speed over the ground against the vessel's cruising speed;
 * - ETA consistency: the quoted transit inside the ensemble's P10-P90;
 * - whether safest scores no worse than every other objective (it is the one meant to minimise
 *   risk);
 * - percentile rank against the index (rank correlation over the voyages).
 *
 * One fixed synthetic cycle (the API tests' 22 November 2026 00 UTC), so every run sees the same
 * weather: departures two days after it (forecast) and 180 days after it (the other season, on
 * climatology). Figures are answers, not speeds: no timing here.
 */

const CYCLE_MS = Date.UTC(2026, 10, 22, 0);
const NOW_MS = CYCLE_MS + 3_600_000;
const DAY = 86_400_000;

const LANES: Array<[string, { lat: number; lon: number }, { lat: number; lon: number }]> = [
  ["Rotterdam-New York", { lat: 51.98, lon: 3.9 }, { lat: 40.45, lon: -73.8 }],
  ["Singapore-Durban", { lat: 1.2, lon: 103.8 }, { lat: -29.9, lon: 31.1 }],
  ["Shanghai-Los Angeles", { lat: 31.2, lon: 122.2 }, { lat: 33.7, lon: -118.3 }],
  ["Houston-Genoa", { lat: 29.3, lon: -94.7 }, { lat: 44.4, lon: 8.9 }],
  ["Santos-Cape Town", { lat: -24.0, lon: -46.3 }, { lat: -33.9, lon: 18.4 }],
  ["Plymouth-A Coruna", { lat: 50.37, lon: -4.14 }, { lat: 43.3, lon: -8.4 }],
];
/** Vessel types, the yachts on the short lane only (an ocean crossing is not their trade here). */
const VESSELS: Array<{ type: string; lanes: "all" | "short" }> = [
  { type: "bulk_carrier", lanes: "all" },
  { type: "container_ship", lanes: "all" },
  { type: "cargo_small", lanes: "all" },
  { type: "sailing_monohull", lanes: "short" },
];
const SEASONS = [
  { name: "winter", departureMs: CYCLE_MS + 2 * DAY },
  { name: "summer", departureMs: CYCLE_MS + 180 * DAY },
];

interface Row {
  voyage: string;
  fastest_nm: number;
  safest_nm: number;
  detour: number;
  avg_kn: number;
  cruise_kn: number;
  speed_share: number;
  transit_h: number;
  eta_p10_p90: string;
  eta_consistent: boolean;
  scores: string;
  safest_lowest: boolean;
  index: number;
  percentile: number | null;
}

export const plausibilitySuite: BenchSuite = {
  name: "plausibility",
  needsInfra: false,
  async run(): Promise<Figure[]> {
    const { deps } = syntheticScoringDeps("plausibility");
    const forecast = syntheticForecastAt(CYCLE_MS, NOW_MS);
    const rows: Row[] = [];
    for (const [lane, from, to] of LANES) {
      const short = lane === "Plymouth-A Coruna";
      for (const { type, lanes } of VESSELS) {
        if (lanes === "short" && !short) continue;
        if (lanes === "all" && short && type !== "cargo_small") continue;
        for (const season of SEASONS) {
          const row = await voyage(deps, forecast, lane, from, to, type, season);
          if (row) rows.push(row);
        }
      }
    }
    console.table(rows);
    const detours = rows.map((r) => r.detour).sort((a, b) => a - b);
    const shares = rows.map((r) => r.speed_share).sort((a, b) => a - b);
    const ranked = rows.filter((r) => r.percentile !== null);
    return [
      { name: "voyages scored", value: rows.length, unit: "voyages" },
      {
        name: "safest / fastest distance, median",
        value: round(detours[Math.floor(detours.length / 2)] ?? Number.NaN, 3),
        unit: "x",
      },
      {
        name: "safest / fastest distance, largest",
        value: round(detours.at(-1) ?? Number.NaN, 3),
        unit: "x",
        target: "<= 1.3",
        met: (detours.at(-1) ?? Number.POSITIVE_INFINITY) <= 1.3,
      },
      {
        name: "average speed over ground / cruising speed, lowest",
        value: round(shares[0] ?? Number.NaN, 3),
        unit: "x",
        target: ">= 0.6",
        met: (shares[0] ?? 0) >= 0.6,
      },
      {
        name: "quoted transit within the ensemble's P10-P90",
        value: rows.filter((r) => r.eta_consistent).length,
        unit: `of ${rows.length}`,
        target: "all",
        met: rows.every((r) => r.eta_consistent),
      },
      {
        name: "safest scores no worse than every other objective",
        value: rows.filter((r) => r.safest_lowest).length,
        unit: `of ${rows.length}`,
        target: "all",
        met: rows.every((r) => r.safest_lowest),
      },
      {
        name: "percentile rank vs index, Spearman rho",
        value: round(
          spearman(
            ranked.map((r) => r.index),
            ranked.map((r) => r.percentile as number),
          ),
          3,
        ),
        unit: "rho",
        target: "> 0",
        met:
          spearman(
            ranked.map((r) => r.index),
            ranked.map((r) => r.percentile as number),
          ) > 0,
      },
    ];
  },
};

async function voyage(
  deps: ReturnType<typeof syntheticScoringDeps>["deps"],
  forecast: ReturnType<typeof syntheticForecastAt>,
  lane: string,
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  type: string,
  season: { name: string; departureMs: number },
): Promise<Row | null> {
  const departure = new Date(season.departureMs).toISOString();
  const name = `${lane}, ${type}, ${season.name}`;
  try {
    const rr = await scoreRouteRisk(
      deps,
      {
        origin: from,
        destination: to,
        departure_time: departure,
        vessel: { vessel_type: type },
        objective: "safest",
        ensemble: false,
        insurance: {},
      } as unknown as RouteRiskRequest,
      { routeId: "plausibility", requestId: "plausibility" },
      forecast,
    );
    const r = rr.response;
    const fastest = r.alternatives.find((a) => a.objective === "fastest");
    const scores = [
      { objective: "safest", score: r.composite_risk_score },
      ...r.alternatives.map((a) => ({ objective: a.objective, score: a.composite_risk_score })),
    ];
    const vr = await scoreVoyage(
      deps,
      {
        vessel: { type },
        voyage: { origin: from, destination: to, departure_utc: departure },
        options: {
          ensemble_routing: true,
          include_historical_baseline: false,
          include_compliance_check: false,
        },
      } as unknown as VoyageRiskRequest,
      { voyageId: "plausibility", requestId: "plausibility" },
      forecast,
    );
    const v = vr.response;
    const eta = v.ensemble_analysis?.eta_hours;
    const transit = v.route_summary.estimated_transit_h;
    const vesselCruise = VESSEL_TYPE_DEFAULTS[type as VesselType].cruising_speed_kts;
    return {
      voyage: name,
      fastest_nm: fastest?.distance_nm ?? Number.NaN,
      safest_nm: r.route.distance_nm,
      detour: round(r.route.distance_nm / (fastest?.distance_nm ?? Number.NaN), 3),
      avg_kn: round(v.route_summary.distance_nm / transit, 2),
      cruise_kn: vesselCruise,
      speed_share: round(v.route_summary.distance_nm / transit / vesselCruise, 3),
      transit_h: transit,
      eta_p10_p90: eta ? `${eta.p10}-${eta.p90}` : "",
      eta_consistent: eta !== undefined && transit >= eta.p10 && transit <= eta.p90,
      scores: scores.map((s) => `${s.objective} ${s.score}`).join(", "),
      safest_lowest: scores.every((s) => r.composite_risk_score <= s.score),
      index: v.voyage_severity_index.score,
      percentile: v.voyage_severity_index.percentile_rank,
    };
  } catch (err) {
    process.stdout.write(`  ${name}: ${(err as Error).message}\n`);
    return null;
  }
}

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const order = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    for (let k = 0; k < order.length; ) {
      let j = k;
      while (j + 1 < order.length && order[j + 1]?.value === order[k]?.value) j++;
      for (let m = k; m <= j; m++) r[(order[m] as { i: number }).i] = (k + j) / 2 + 1;
      k = j + 1;
    }
    return r;
  };
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const mean = (n + 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; i++) {
    const a = (rx[i] as number) - mean;
    const b = (ry[i] as number) - mean;
    num += a * b;
    dx += a * a;
    dy += b * b;
  }
  return num / Math.sqrt(dx * dy);
}
