import { round } from "../round";
/**
 * Weather exposure hours of the route-risk interface's insurance payload: how many in-transit
 * hours the voyage spends with wind above 25 / 35 kt and significant wave height above 3 / 4 m.
 *
 * A sample is a stretch of the voyage under one set of conditions: a 25 nm route segment (its
 * hours are end_ms - start_ms), an ensemble member's segment, or a reanalysis step. "Above" is
 * strict (35.0 kt is not above 35 kt). A wind or wave value that is not a finite number counts as
 * not above (no data there is not evidence of a gale); a sample whose hours are not a finite
 * positive number contributes no hours at all. The hours are summed unrounded and rounded to
 * 0.01 h only at the end, so each figure is at most the voyage's (equally rounded) transit hours.
 */

/** One stretch of a voyage under one set of conditions. */
export interface WeatherSample {
  /** Hours this sample stands for. */
  hours: number;
  /** Sustained wind at 10 m, knots. */
  wind_kts: number;
  /** Significant wave height of the combined sea, m. */
  hs_m: number;
}

export interface WeatherExposureHours {
  wind_gt_25_kts: number;
  wind_gt_35_kts: number;
  wave_gt_3m: number;
  wave_gt_4m: number;
}

/** The fixed thresholds of weather_exposure_hours (interface spec 2.6; domain guide). */
export const EXPOSURE_THRESHOLDS = {
  wind_kts: [25, 35],
  wave_m: [3, 4],
} as const;

/** Hours a sample stands for: a finite positive number, else 0. */
export function sampleHours(s: { hours: number }): number {
  const h = s.hours;
  return Number.isFinite(h) && h > 0 ? h : 0;
}

/** Strictly above the threshold; NaN, ±Infinity and non-numbers are never above. */
export function isAbove(value: number, threshold: number): boolean {
  return Number.isFinite(value) && value > threshold;
}

export function weatherExposureHours(samples: ReadonlyArray<WeatherSample>): WeatherExposureHours {
  let wind25 = 0;
  let wind35 = 0;
  let wave3 = 0;
  let wave4 = 0;
  for (const s of samples) {
    const h = sampleHours(s);
    if (h === 0) continue;
    if (isAbove(s.wind_kts, EXPOSURE_THRESHOLDS.wind_kts[0])) wind25 += h;
    if (isAbove(s.wind_kts, EXPOSURE_THRESHOLDS.wind_kts[1])) wind35 += h;
    if (isAbove(s.hs_m, EXPOSURE_THRESHOLDS.wave_m[0])) wave3 += h;
    if (isAbove(s.hs_m, EXPOSURE_THRESHOLDS.wave_m[1])) wave4 += h;
  }
  return {
    wind_gt_25_kts: round(wind25, 2),
    wind_gt_35_kts: round(wind35, 2),
    wave_gt_3m: round(wave3, 2),
    wave_gt_4m: round(wave4, 2),
  };
}

/** Transit hours of a sequence of samples, summed the same way (unrounded). */
export function transitHours(samples: ReadonlyArray<{ hours: number }>): number {
  let total = 0;
  for (const s of samples) total += sampleHours(s);
  return total;
}

/**
 * A route's segments as weather samples: hours from the segment's times, conditions at its
 * midpoint. Structural, so a routing RouteSegment (routing/router.ts) fits as it is.
 */
export function samplesFromSegments(
  segments: ReadonlyArray<{
    start_ms: number;
    end_ms: number;
    conditions: { wind_kts: number; hs_m: number };
  }>,
): WeatherSample[] {
  return segments.map((s) => ({
    hours: (s.end_ms - s.start_ms) / 3_600_000,
    wind_kts: s.conditions.wind_kts,
    hs_m: s.conditions.hs_m,
  }));
}
