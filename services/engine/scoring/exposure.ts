import type { SeaConditions } from "../weather/types";
import type { ScoringVessel } from "./vessel-types";

/**
 * What a voyage met, reduced to time-weighted aggregates: peaks, means, hours beyond 70% of and
 * beyond the vessel's limits, and hours in dangerous wave encounters. The same reduction is made
 * of a forecast route (25 nm segments), of every ensemble member, and of every historical
 * departure (6-hourly reanalysis samples), so their indices are comparable.
 */

export interface ExposureSample {
  conditions: SeaConditions;
  /** Course over ground, degrees true. */
  course_deg: number;
  /** Hours this sample stands for. */
  hours: number;
}

export interface ExposureAggregates {
  hours: number;
  hs: Aggregate;
  wind: Aggregate;
  swell: { peak: number; mean: number };
  current: { peak: number; mean: number };
  /** Hours in a dangerous encounter with the waves (IMO MSC.1/Circ.1228; see dangerousEncounter). */
  dangerous_hours: number;
}

export interface Aggregate {
  peak: number;
  mean: number;
  /** Hours above 70% of the vessel's limit, and above the limit itself. */
  hours_over_70: number;
  hours_over_limit: number;
}

const empty = (): Aggregate => ({ peak: 0, mean: 0, hours_over_70: 0, hours_over_limit: 0 });

export function aggregateExposure(
  samples: readonly ExposureSample[],
  vessel: ScoringVessel,
): ExposureAggregates {
  const out: ExposureAggregates = {
    hours: 0,
    hs: empty(),
    wind: empty(),
    swell: { peak: 0, mean: 0 },
    current: { peak: 0, mean: 0 },
    dangerous_hours: 0,
  };
  for (const s of samples) {
    const c = s.conditions;
    if (!Number.isFinite(c.hs_m) || !Number.isFinite(c.wind_kts)) continue;
    const h = s.hours;
    out.hours += h;
    add(out.hs, c.hs_m, vessel.max_wave_m, h);
    add(out.wind, c.wind_kts, vessel.max_wind_kts, h);
    out.swell.peak = Math.max(out.swell.peak, c.swell_hs_m);
    out.swell.mean += c.swell_hs_m * h;
    out.current.peak = Math.max(out.current.peak, c.current_kts);
    out.current.mean += c.current_kts * h;
    if (dangerousEncounter(c, s.course_deg, vessel)) out.dangerous_hours += h;
  }
  if (out.hours > 0) {
    out.hs.mean /= out.hours;
    out.wind.mean /= out.hours;
    out.swell.mean /= out.hours;
    out.current.mean /= out.hours;
  }
  return out;
}

function add(a: Aggregate, v: number, limit: number, hours: number): void {
  a.peak = Math.max(a.peak, v);
  a.mean += v * hours;
  if (v > 0.7 * limit) a.hours_over_70 += hours;
  if (v > limit) a.hours_over_limit += hours;
}

/**
 * Dangerous situations in following and quartering seas, IMO MSC.1/Circ.1228 (2007), with the
 * encounter angle alpha measured from the bow (0 head seas, 180 following seas) and the wave
 * length lambda = 1.56 T^2 (m, deep water):
 * - surf-riding and broaching-to: seas from astern (alpha 135-180) and a speed above
 *   1.8 sqrt(L) / cos(180 - alpha) knots;
 * - successive high-wave attack: lambda > 0.8 L and Hs > 0.04 L;
 * - synchronous and parametric rolling: the encounter period T_E = 3T^2 / (3T + V cos alpha)
 *   within 20% of the roll period, or of half of it, in a sea of some height (Hs > 0.02 L).
 */
export function dangerousEncounter(c: SeaConditions, courseDeg: number, v: ScoringVessel): boolean {
  const T = c.wave_period_s;
  if (!(T > 0) || !(c.hs_m > 0)) return false;
  const L = v.loa_m;
  const alpha = Math.abs(((((c.wave_dir_deg - courseDeg) % 360) + 540) % 360) - 180);
  const lambda = 1.56 * T * T;
  if (alpha >= 135) {
    const cos = Math.cos(((180 - alpha) * Math.PI) / 180);
    if (v.speed_kts > (1.8 * Math.sqrt(L)) / cos && lambda > 0.8 * L) return true;
  }
  if (lambda > 0.8 * L && c.hs_m > 0.04 * L) return true;
  if (c.hs_m > 0.02 * L) {
    const te = (3 * T * T) / (3 * T + v.speed_kts * Math.cos((alpha * Math.PI) / 180));
    if (te > 0) {
      const near = (target: number) => Math.abs(te - target) <= 0.2 * target;
      if (near(v.roll_period_s) || near(v.roll_period_s / 2)) return true;
    }
  }
  return false;
}
