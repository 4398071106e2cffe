import type { LatLon } from "../../engine/geo/types";
import type { ExposureAggregates } from "../../engine/scoring/exposure";
import type { ScoringVessel } from "../../engine/scoring/vessel-types";
import type { SeaConditions, WeatherField } from "../../engine/weather/types";
import type { DependencyHealth } from "../../platform/health";
import type { ReanalysisGrid, ReanalysisGridSpec } from "./grid";

/**
 * The reanalysis store port: ClickHouse (table `reanalysis`) in platform mode, the synthetic
 * climate computed on demand in the embedded default. Both pass
 * tests/contract/reanalysis.contract.ts: the same cells and times give the same values.
 */

/** Stored variables, named as in the API (SeaConditions). */
export const REANALYSIS_VARIABLES = [
  "hs_m",
  "wave_period_s",
  "wave_dir_deg",
  "wind_kts",
  "wind_dir_deg",
  "swell_hs_m",
  "swell_period_s",
  "swell_dir_deg",
  "current_kts",
  "current_dir_deg",
] as const satisfies readonly (keyof SeaConditions)[];
export type ReanalysisVariable = (typeof REANALYSIS_VARIABLES)[number];

const DIRECTIONS = new Set<ReanalysisVariable>([
  "wave_dir_deg",
  "wind_dir_deg",
  "swell_dir_deg",
  "current_dir_deg",
]);

/** What a stored value is: rounded to 0.001 and held as Float32 (what the table keeps). */
export function storedValue(v: number): number {
  return Math.fround(Math.round(v * 1000) / 1000);
}

export interface ReanalysisStatus {
  adapter: "clickhouse" | "embedded";
  grid: ReanalysisGridSpec;
  /** Years completely available. */
  years: number[];
  synthetic: boolean;
  source: string;
}

export interface ReanalysisStore {
  readonly adapter: "clickhouse" | "embedded";
  readonly grid: ReanalysisGrid;
  status(): Promise<ReanalysisStatus>;
  /** The stored values of `cells` at every time step covering [t0Ms, t1Ms]. */
  window(cells: readonly number[], t0Ms: number, t1Ms: number): Promise<ReanalysisWindow>;
  /**
   * Historical departures: one a day at 00 UTC in `query.month` of every year of the range the
   * store holds, each sailed along `query.samples` through the stored values of the sample's
   * nearest cell, reduced with aggregateExposure. Departures the store cannot complete are left
   * out. Semantics in departures.ts; throws DepartureQueryError on a malformed query.
   */
  departures(query: DepartureQuery): Promise<readonly DepartureExposure[]>;
  health(): Promise<DependencyHealth>;
  close(): Promise<void>;
}

/** One point of the route sailed by every historical departure. */
export interface DepartureSample {
  lat: number;
  lon: number;
  /** Where the vessel is this many time steps (of grid.spec.everyH hours) after departure. */
  offsetSteps: number;
  /** Course over ground here, degrees true (for the dangerous-encounter check). */
  course_deg: number;
  /** Hours this sample stands for (its weight in the means and the hour counts). */
  hours: number;
}

export interface DepartureQuery {
  /** Points along the route, one per reanalysis time step of the voyage. */
  samples: ReadonlyArray<DepartureSample>;
  /** 1-12: departures on every day of this calendar month, at 00 UTC. */
  month: number;
  /** Years of departure, within 1979-2025 (only those the store holds are simulated). */
  fromYear: number;
  toYear: number;
  /** Limits and the facts dangerousEncounter needs. */
  vessel: ScoringVessel;
}

/** What one historical departure met. */
export interface DepartureExposure {
  year: number;
  /** Day of the month (1-31). */
  day: number;
  /** ISO 8601, 00 UTC of the departure day. */
  departure_utc: string;
  exposure: ExposureAggregates;
}

/** The cells a set of points interpolates from (see ReanalysisGrid.corners). */
export function cellsAround(grid: ReanalysisGrid, points: readonly LatLon[]): number[] {
  const cells = new Set<number>();
  for (const p of points) for (const c of grid.corners(p.lat, p.lon)) cells.add(c.cell);
  return [...cells].sort((a, b) => a - b);
}

/**
 * Values of some cells over some time steps, sampled like any weather field: bilinear between
 * the cells round a point (sea cells only), linear in time; directions on the circle.
 */
export class ReanalysisWindow implements WeatherField {
  readonly maxCurrentKts: number;
  private readonly position = new Map<number, number>();
  private readonly stepMs: number;

  constructor(
    readonly label: string,
    private readonly grid: ReanalysisGrid,
    readonly cells: readonly number[],
    /** Time steps, ms, increasing by grid.spec.everyH hours. */
    readonly steps: readonly number[],
    /** Per variable: cells.length * steps.length values, index cellPosition * steps.length + k; NaN where absent. */
    readonly values: Readonly<Record<ReanalysisVariable, Float32Array>>,
  ) {
    cells.forEach((c, i) => {
      this.position.set(c, i);
    });
    this.stepMs = grid.spec.everyH * 3_600_000;
    let max = 0;
    for (const v of values.current_kts) if (v > max) max = v;
    this.maxCurrentKts = max;
  }

  /** Conditions at a point and time; NaN fields where the window holds nothing round the point. */
  at(lat: number, lon: number, timeMs: number): SeaConditions {
    // Corner positions in the window and their weights, renormalised over those present.
    const corners = this.grid.corners(lat, lon);
    const pos = this.cornerPos;
    const wt = this.cornerWeight;
    let m = 0;
    let total = 0;
    for (const c of corners) {
      const p = this.position.get(c.cell);
      if (p === undefined) continue;
      pos[m] = p;
      wt[m] = c.weight;
      total += c.weight;
      m++;
    }
    for (let i = 0; i < m; i++) wt[i] = (wt[i] as number) / total;
    const n = this.steps.length;
    const first = this.steps[0] ?? 0;
    const k = Math.min(Math.max(0, Math.floor((timeMs - first) / this.stepMs)), Math.max(0, n - 2));
    const k1 = n < 2 ? k : k + 1;
    const ft =
      n < 2 ? 0 : Math.min(1, Math.max(0, (timeMs - (first + k * this.stepMs)) / this.stepMs));
    const out = {} as SeaConditions;
    for (const variable of REANALYSIS_VARIABLES) {
      const arr = this.values[variable];
      if (m === 0) {
        out[variable] = Number.NaN;
        continue;
      }
      if (DIRECTIONS.has(variable)) {
        // Directions interpolate in time and space as unit vectors (350 and 10 average to 0).
        let x = 0;
        let y = 0;
        for (let i = 0; i < m; i++) {
          const base = (pos[i] as number) * n;
          const a = ((arr[base + k] as number) * Math.PI) / 180;
          const b = ((arr[base + k1] as number) * Math.PI) / 180;
          const w = wt[i] as number;
          x += w * ((1 - ft) * Math.sin(a) + ft * Math.sin(b));
          y += w * ((1 - ft) * Math.cos(a) + ft * Math.cos(b));
        }
        out[variable] = ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
      } else {
        let sum = 0;
        for (let i = 0; i < m; i++) {
          const base = (pos[i] as number) * n;
          const a = arr[base + k] as number;
          sum += (wt[i] as number) * (a + ((arr[base + k1] as number) - a) * ft);
        }
        out[variable] = sum;
      }
    }
    return out;
  }

  private readonly cornerPos = new Int32Array(4);
  private readonly cornerWeight = new Float64Array(4);
}

export function emptyValues(size: number): Record<ReanalysisVariable, Float32Array> {
  return Object.fromEntries(
    REANALYSIS_VARIABLES.map((v) => [v, new Float32Array(size).fill(Number.NaN)]),
  ) as Record<ReanalysisVariable, Float32Array>;
}
