import { describe, expect, it } from "vitest";
import { mulberry32, randomSamples } from "../../../tests/random-samples";
import { round } from "../round";
import {
  samplesFromSegments,
  transitHours,
  type WeatherSample,
  weatherExposureHours,
} from "./exposure-hours";

const s = (hours: number, wind_kts: number, hs_m: number): WeatherSample => ({
  hours,
  wind_kts,
  hs_m,
});

describe("weatherExposureHours", () => {
  it("is all zeros for no samples", () => {
    expect(weatherExposureHours([])).toEqual({
      wind_gt_25_kts: 0,
      wind_gt_35_kts: 0,
      wave_gt_3m: 0,
      wave_gt_4m: 0,
    });
  });

  it("sums the hours strictly above each threshold", () => {
    const samples = [
      s(2, 20, 1), // nothing
      s(1.5, 25, 3), // exactly at the thresholds: not above
      s(3, 25.5, 3.1), // > 25 kt, > 3 m
      s(2.25, 36, 4.5), // all four
      s(1, 35, 4), // > 25 kt, > 3 m, not > 35, not > 4
    ];
    expect(weatherExposureHours(samples)).toEqual({
      wind_gt_25_kts: 6.25,
      wind_gt_35_kts: 2.25,
      wave_gt_3m: 6.25,
      wave_gt_4m: 2.25,
    });
  });

  it("counts non-finite conditions as not above, and ignores samples with no valid hours", () => {
    const samples = [
      s(2, Number.NaN, Number.POSITIVE_INFINITY),
      s(2, Number.POSITIVE_INFINITY, Number.NaN),
      s(Number.NaN, 40, 6),
      s(-3, 40, 6),
      s(0, 40, 6),
      s(Number.POSITIVE_INFINITY, 40, 6),
      s(1, 40, 6),
    ];
    expect(weatherExposureHours(samples)).toEqual({
      wind_gt_25_kts: 1,
      wind_gt_35_kts: 1,
      wave_gt_3m: 1,
      wave_gt_4m: 1,
    });
  });

  it("rounds to 0.01 only at the end", () => {
    // 300 samples of 1/3 h above every threshold: 100 h exactly after summing, not 300 x 0.33.
    const samples = Array.from({ length: 300 }, () => s(1 / 3, 50, 8));
    const e = weatherExposureHours(samples);
    expect(e.wind_gt_25_kts).toBe(100);
    expect(e.wave_gt_4m).toBe(100);
    expect(weatherExposureHours([s(0.004, 50, 8), s(0.004, 50, 8)]).wind_gt_25_kts).toBe(0.01);
  });

  it("keeps its invariants on many random voyages (seeded)", () => {
    const rand = mulberry32(20240611);
    for (let i = 0; i < 2000; i++) {
      const samples = randomSamples(rand);
      const e = weatherExposureHours(samples);
      const transit = round(transitHours(samples), 2);
      for (const v of Object.values(e)) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(transit);
        expect(Number.isFinite(v)).toBe(true);
      }
      expect(e.wind_gt_35_kts).toBeLessThanOrEqual(e.wind_gt_25_kts);
      expect(e.wave_gt_4m).toBeLessThanOrEqual(e.wave_gt_3m);
      // Deterministic.
      expect(weatherExposureHours(samples)).toEqual(e);
    }
  });
});

describe("samplesFromSegments", () => {
  it("takes hours from the segment times and conditions from the segment", () => {
    const t0 = Date.UTC(2025, 0, 1);
    const segs = [
      { start_ms: t0, end_ms: t0 + 2.5 * 3_600_000, conditions: { wind_kts: 30, hs_m: 3.5 } },
      {
        start_ms: t0 + 2.5 * 3_600_000,
        end_ms: t0 + 4 * 3_600_000,
        conditions: { wind_kts: 10, hs_m: 1 },
      },
    ];
    expect(samplesFromSegments(segs)).toEqual([
      { hours: 2.5, wind_kts: 30, hs_m: 3.5 },
      { hours: 1.5, wind_kts: 10, hs_m: 1 },
    ]);
    expect(weatherExposureHours(samplesFromSegments(segs)).wave_gt_3m).toBe(2.5);
  });
});
