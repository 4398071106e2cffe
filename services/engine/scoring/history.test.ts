import { describe, expect, it } from "vitest";
import type { ExposureAggregates } from "./exposure";
import {
  type DepartureExposure,
  distribution,
  percentile,
  percentileRank,
  summariseDepartures,
  withinLimits,
} from "./history";
import { resolveVessel } from "./vessel-types";

const vessel = resolveVessel({ type: "general_cargo" }); // limits 4 m, 30 kt

/** A hand-made departure: peaks, hours over the limits (wave, wind), dangerous hours. */
function dep(
  year: number,
  day: number,
  o: { hs?: number; wind?: number; overWave?: number; overWind?: number; dangerous?: number } = {},
): DepartureExposure {
  const exposure: ExposureAggregates = {
    hours: 48,
    hs: {
      peak: o.hs ?? 2,
      mean: (o.hs ?? 2) / 2,
      hours_over_70: o.overWave ?? 0,
      hours_over_limit: o.overWave ?? 0,
    },
    wind: {
      peak: o.wind ?? 20,
      mean: (o.wind ?? 20) / 2,
      hours_over_70: o.overWind ?? 0,
      hours_over_limit: o.overWind ?? 0,
    },
    swell: { peak: 1, mean: 0.5 },
    current: { peak: 0.5, mean: 0.2 },
    dangerous_hours: o.dangerous ?? 0,
  };
  return {
    year,
    departure_utc: new Date(Date.UTC(year, 0, day)).toISOString(),
    exposure,
  };
}

const asked = { month: 1, fromYear: 2000, toYear: 2002 };

describe("summariseDepartures", () => {
  it("no departures: counts 0, availability and distributions null", () => {
    const s = summariseDepartures([], vessel, asked);
    expect(s).toMatchObject({
      month: 1,
      years: { from: 2000, to: 2002, count: 0 },
      departures_simulated: 0,
      within_limits: 0,
      availability: null,
      by_year: [],
      peak_hs_m: null,
      peak_wind_kts: null,
      hours_over_limit_mean: null,
      dangerous_hours_mean: null,
      worst_departure: null,
    });
    expect(s.limits).toEqual({ max_wave_m: 4, max_wind_kts: 30 });
  });

  it("all within limits: availability 1, every year share 1", () => {
    const list = [dep(2000, 1), dep(2000, 2), dep(2001, 1)];
    const s = summariseDepartures(list, vessel, asked);
    expect(s.departures_simulated).toBe(3);
    expect(s.within_limits).toBe(3);
    expect(s.availability).toBe(1);
    expect(s.years.count).toBe(2);
    expect(s.by_year).toEqual([
      { year: 2000, departures: 2, within_limits: 2, share: 1 },
      { year: 2001, departures: 1, within_limits: 1, share: 1 },
    ]);
    expect(s.hours_over_limit_mean).toEqual({ wave: 0, wind: 0 });
  });

  it("any hour over the wave or the wind limit takes a departure out of availability", () => {
    const list = [
      dep(2001, 1, { hs: 5, overWave: 6 }),
      dep(2000, 1, { wind: 35, overWind: 12, dangerous: 6 }),
      dep(2000, 2),
      dep(2002, 3, { hs: 4.5, wind: 31, overWave: 6, overWind: 6 }),
    ];
    expect(list.map(withinLimits)).toEqual([false, false, true, false]);
    const s = summariseDepartures(list, vessel, asked);
    expect(s.within_limits).toBe(1);
    expect(s.availability).toBe(0.25);
    // by_year sorted by year whatever the input order.
    expect(s.by_year).toEqual([
      { year: 2000, departures: 2, within_limits: 1, share: 0.5 },
      { year: 2001, departures: 1, within_limits: 0, share: 0 },
      { year: 2002, departures: 1, within_limits: 0, share: 0 },
    ]);
    expect(s.hours_over_limit_mean).toEqual({ wave: 3, wind: 4.5 });
    expect(s.dangerous_hours_mean).toBe(1.5);
    expect(s.voyage_hours_mean).toBe(48);
    expect(s.peak_hs_m?.max).toBe(5);
    expect(s.peak_wind_kts?.max).toBe(35);
    expect(s.worst_departure).toEqual({
      departure_utc: "2001-01-01T00:00:00.000Z",
      peak_hs_m: 5,
      peak_wind_kts: 20,
    });
  });

  it("ties: equal peaks give flat percentiles; the earliest of equal worst departures is kept", () => {
    const list = [dep(2000, 1, { hs: 3 }), dep(2000, 2, { hs: 3 }), dep(2000, 3, { hs: 3 })];
    const s = summariseDepartures(list, vessel, asked);
    expect(s.peak_hs_m).toEqual({ p10: 3, p50: 3, p90: 3, max: 3 });
    expect(s.worst_departure?.departure_utc).toBe("2000-01-01T00:00:00.000Z");
  });
});

describe("distribution and percentile", () => {
  it("interpolates linearly between order statistics", () => {
    // 11 values 0..10: p10 = 1, p50 = 5, p90 = 9 exactly.
    expect(distribution([10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({
      p10: 1,
      p50: 5,
      p90: 9,
      max: 10,
    });
    // Two values: p50 half-way, p10 a tenth of the way.
    expect(percentile([2, 4], 0.5)).toBe(3);
    expect(percentile([2, 4], 0.1)).toBeCloseTo(2.2, 12);
    expect(percentile([7], 0.9)).toBe(7);
    expect(distribution([])).toBeNull();
    expect(Number.isNaN(percentile([], 0.5))).toBe(true);
  });
});

describe("percentileRank", () => {
  const history = [10, 20, 20, 20, 30, 40, 50, 60, 70, 80];

  it("is the share of historical values at or below the value, 0-100", () => {
    expect(percentileRank(5, history)).toBe(0);
    expect(percentileRank(10, history)).toBe(10);
    expect(percentileRank(35, history)).toBe(50);
    expect(percentileRank(80, history)).toBe(100);
    expect(percentileRank(1000, history)).toBe(100);
  });

  it("counts ties as at or below", () => {
    expect(percentileRank(20, history)).toBe(40);
    expect(percentileRank(19.999, history)).toBe(10);
    expect(percentileRank(3, [3, 3, 3])).toBe(100);
  });

  it("has no rank without history or without a number", () => {
    expect(percentileRank(10, [])).toBeNull();
    expect(percentileRank(Number.NaN, history)).toBeNull();
  });
});
