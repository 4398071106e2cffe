import { describe, expect, it } from "vitest";
import {
  exceedanceCounts,
  lossInputFromSamples,
  lossProbability,
  samplesFromSegments,
  weatherExposureHours,
} from "./index";

describe("insurance metrics from a route's segments", () => {
  it("computes all three payloads from the same samples", () => {
    const t0 = Date.UTC(2025, 10, 1);
    const h = 3_600_000;
    // Six 25 nm segments at ~12.5 kt (2 h each); a gale builds and eases.
    const conditions = [
      { wind_kts: 18, hs_m: 1.5 },
      { wind_kts: 28, hs_m: 2.8 },
      { wind_kts: 38, hs_m: 4.6 },
      { wind_kts: 36, hs_m: 4.2 },
      { wind_kts: 26, hs_m: 3.2 },
      { wind_kts: 15, hs_m: 1.8 },
    ];
    const segments = conditions.map((c, i) => ({
      start_ms: t0 + 2 * i * h,
      end_ms: t0 + 2 * (i + 1) * h,
      conditions: c,
    }));
    const samples = samplesFromSegments(segments);
    expect(weatherExposureHours(samples)).toEqual({
      wind_gt_25_kts: 8,
      wind_gt_35_kts: 4,
      wave_gt_3m: 6,
      wave_gt_4m: 4,
    });
    expect(exceedanceCounts(samples, { wind_kts: 30, wave_m: 4 })).toEqual({
      wind_threshold_breaches: 1,
      wave_threshold_breaches: 1,
      combined_breaches: 1,
    });
    const input = lossInputFromSamples(samples, {
      max_wave_m: 4,
      max_wind_kts: 30,
      type: "cargo_small",
    });
    expect(input.transit_h).toBe(12);
    expect(input.exposure).toEqual({
      heavy_weather_h: 4,
      over_wave_limit_h: 4,
      over_wind_limit_h: 4,
    });
    const p = lossProbability(input, { intervals: true });
    expect(p.total_loss).toBeLessThanOrEqual(p.major_damage);
    expect(p.major_damage).toBeLessThanOrEqual(p.minor_damage);
  });
});
