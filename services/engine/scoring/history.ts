import type { ExposureAggregates } from "./exposure";
import type { ScoringVessel } from "./vessel-types";

/**
 * The historical baseline of a route, vessel and month (the API's `historical_baseline`): the
 * departures simulated over the reanalysis (ReanalysisStore.departures: one a day at 00 UTC in
 * the month, in every year the store holds) summarised as availability, the share of departures
 * that stayed within the vessel's limits, with the distribution behind it. Pure: no I/O.
 *
 * A departure is within limits when it spent no hour above the wave limit and no hour above the
 * wind limit (exposure.hs.hours_over_limit and exposure.wind.hours_over_limit both 0; the hours
 * were counted against `vessel`'s limits when the departures were computed).
 *
 * Percentiles (p10, p50, p90) interpolate linearly between order statistics (position
 * p * (n - 1) in the sorted values; NumPy's default), so they need not be one of the values.
 */

/** One simulated departure (ReanalysisStore.departures returns these, as DepartureExposure). */
export interface DepartureExposure {
  year: number;
  departure_utc: string;
  exposure: ExposureAggregates;
}

export interface Distribution {
  p10: number;
  p50: number;
  p90: number;
  max: number;
}

export interface YearAvailability {
  year: number;
  departures: number;
  within_limits: number;
  /** within_limits / departures (0-1). */
  share: number;
}

export interface HistoricalBaseline {
  month: number;
  /** The years asked for; count: those with at least one departure simulated (the store may hold fewer). */
  years: { from: number; to: number; count: number };
  departures_simulated: number;
  /** Departures with no hour over the wave or the wind limit. */
  within_limits: number;
  /** within_limits / departures_simulated (0-1); null when nothing could be simulated. */
  availability: number | null;
  /** The limits the departures were judged against. */
  limits: { max_wave_m: number; max_wind_kts: number };
  /** Years with at least one departure simulated, ascending. */
  by_year: YearAvailability[];
  /** Distributions over departures of each departure's peak; null when there are none. */
  peak_hs_m: Distribution | null;
  peak_wind_kts: Distribution | null;
  /** Mean over departures of the hours above each limit, and above 70% of it. */
  hours_over_limit_mean: { wave: number; wind: number } | null;
  hours_over_70_mean: { wave: number; wind: number } | null;
  /** Mean over departures of the hours in dangerous wave encounters (MSC.1/Circ.1228). */
  dangerous_hours_mean: number | null;
  /** Mean hours each simulated voyage covers. */
  voyage_hours_mean: number | null;
  /** The departure with the highest peak Hs (the earliest among equals). */
  worst_departure: { departure_utc: string; peak_hs_m: number; peak_wind_kts: number } | null;
}

/** True when a departure spent no hour above the wave limit nor above the wind limit. */
export function withinLimits(d: DepartureExposure): boolean {
  return d.exposure.hs.hours_over_limit === 0 && d.exposure.wind.hours_over_limit === 0;
}

export function summariseDepartures(
  departures: readonly DepartureExposure[],
  vessel: ScoringVessel,
  asked: { month: number; fromYear: number; toYear: number },
): HistoricalBaseline {
  const byYear = new Map<number, YearAvailability>();
  let within = 0;
  for (const d of departures) {
    const ok = withinLimits(d);
    if (ok) within++;
    let y = byYear.get(d.year);
    if (!y) {
      y = { year: d.year, departures: 0, within_limits: 0, share: 0 };
      byYear.set(d.year, y);
    }
    y.departures++;
    if (ok) y.within_limits++;
  }
  const by_year = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (const y of by_year) y.share = y.within_limits / y.departures;
  const n = departures.length;
  const mean = (pick: (d: DepartureExposure) => number) =>
    n === 0 ? null : departures.reduce((acc, d) => acc + pick(d), 0) / n;
  let worst: DepartureExposure | undefined;
  for (const d of departures) {
    if (!worst || d.exposure.hs.peak > worst.exposure.hs.peak) worst = d;
  }
  return {
    month: asked.month,
    years: { from: asked.fromYear, to: asked.toYear, count: by_year.length },
    departures_simulated: n,
    within_limits: within,
    availability: n === 0 ? null : within / n,
    limits: { max_wave_m: vessel.max_wave_m, max_wind_kts: vessel.max_wind_kts },
    by_year,
    peak_hs_m: distribution(departures.map((d) => d.exposure.hs.peak)),
    peak_wind_kts: distribution(departures.map((d) => d.exposure.wind.peak)),
    hours_over_limit_mean:
      n === 0
        ? null
        : {
            wave: mean((d) => d.exposure.hs.hours_over_limit) as number,
            wind: mean((d) => d.exposure.wind.hours_over_limit) as number,
          },
    hours_over_70_mean:
      n === 0
        ? null
        : {
            wave: mean((d) => d.exposure.hs.hours_over_70) as number,
            wind: mean((d) => d.exposure.wind.hours_over_70) as number,
          },
    dangerous_hours_mean: mean((d) => d.exposure.dangerous_hours),
    voyage_hours_mean: mean((d) => d.exposure.hours),
    worst_departure: worst
      ? {
          departure_utc: worst.departure_utc,
          peak_hs_m: worst.exposure.hs.peak,
          peak_wind_kts: worst.exposure.wind.peak,
        }
      : null,
  };
}

/** p10, p50, p90 (linear between order statistics) and max of some values; null when empty. */
export function distribution(values: readonly number[]): Distribution | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p10: percentile(sorted, 0.1),
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    max: sorted[sorted.length - 1] as number,
  };
}

/** The p-quantile (0-1) of ascending values, linear between order statistics. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = Math.min(1, Math.max(0, p)) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/**
 * Percentile rank of `value` among historical values (ascending): the share of them that are
 * less than or equal to it, 0-100 (ties count as at or below, so the largest value ranks 100).
 * Null when there is no history or the value is not a number.
 */
export function percentileRank(value: number, sortedValues: readonly number[]): number | null {
  if (sortedValues.length === 0 || Number.isNaN(value)) return null;
  // Upper bound: the first index whose value is greater than `value`.
  let lo = 0;
  let hi = sortedValues.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sortedValues[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return (100 * lo) / sortedValues.length;
}
