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

export function aggregateExposure(
  samples: readonly ExposureSample[],
  vessel: ScoringVessel,
): ExposureAggregates {
  const acc = new ExposureAccumulator(vessel);
  for (const s of samples) acc.add(s.conditions, s.course_deg, s.hours);
  return acc.result();
}

/**
 * aggregateExposure one sample at a time, for callers that hold many voyages' samples at once
 * (the historical departures sail ~1,400 voyages side by side). Samples must come in voyage
 * order: the sums are made in that order, so results equal aggregateExposure's to the last bit.
 */
export class ExposureAccumulator {
  hours = 0;
  hsPeak = 0;
  hsSum = 0;
  hsOver70 = 0;
  hsOverLimit = 0;
  windPeak = 0;
  windSum = 0;
  windOver70 = 0;
  windOverLimit = 0;
  swellPeak = 0;
  swellSum = 0;
  currentPeak = 0;
  currentSum = 0;
  dangerousHours = 0;

  constructor(private readonly vessel: ScoringVessel) {}

  /** A sample whose Hs or wind is not a number is passed over (no data there). */
  add(c: SeaConditions, courseDeg: number, h: number): void {
    const hs = c.hs_m;
    const wind = c.wind_kts;
    if (!Number.isFinite(hs) || !Number.isFinite(wind)) return;
    const v = this.vessel;
    this.hours += h;
    this.hsPeak = Math.max(this.hsPeak, hs);
    this.hsSum += hs * h;
    if (hs > 0.7 * v.max_wave_m) this.hsOver70 += h;
    if (hs > v.max_wave_m) this.hsOverLimit += h;
    this.windPeak = Math.max(this.windPeak, wind);
    this.windSum += wind * h;
    if (wind > 0.7 * v.max_wind_kts) this.windOver70 += h;
    if (wind > v.max_wind_kts) this.windOverLimit += h;
    this.swellPeak = Math.max(this.swellPeak, c.swell_hs_m);
    this.swellSum += c.swell_hs_m * h;
    this.currentPeak = Math.max(this.currentPeak, c.current_kts);
    this.currentSum += c.current_kts * h;
    if (dangerousEncounter(c, courseDeg, v)) this.dangerousHours += h;
  }

  result(): ExposureAggregates {
    const mean = (sum: number) => (this.hours > 0 ? sum / this.hours : sum);
    return {
      hours: this.hours,
      hs: {
        peak: this.hsPeak,
        mean: mean(this.hsSum),
        hours_over_70: this.hsOver70,
        hours_over_limit: this.hsOverLimit,
      },
      wind: {
        peak: this.windPeak,
        mean: mean(this.windSum),
        hours_over_70: this.windOver70,
        hours_over_limit: this.windOverLimit,
      },
      swell: { peak: this.swellPeak, mean: mean(this.swellSum) },
      current: { peak: this.currentPeak, mean: mean(this.currentSum) },
      dangerous_hours: this.dangerousHours,
    };
  }
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
