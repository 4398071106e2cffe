import { describe, expect, it } from "vitest";
import { mulberry32, randomSamples } from "../../../tests/random-samples";
import { VESSEL_TYPE_DEFAULTS } from "../scoring/vessel-types";
import {
  BASE_COUNTS,
  BASE_HOURLY_RATE_INTERVALS,
  BASE_HOURLY_RATES,
  exposureMultiplier,
  type LossInput,
  type LossProbability,
  lossInputFromSamples,
  lossProbability,
  MAX_MULTIPLIER,
  WORLD_FLEET_VESSELS,
  weightedExposureHours,
} from "./loss-probability";

const CLASSES = ["minor_damage", "major_damage", "total_loss"] as const;

function input(
  transit_h: number,
  heavy = 0,
  overWave = 0,
  overWind = 0,
  vessel_type = "bulk_carrier",
): LossInput {
  return {
    transit_h,
    exposure: { heavy_weather_h: heavy, over_wave_limit_h: overWave, over_wind_limit_h: overWind },
    vessel_type,
  };
}

function expectWellFormed(p: LossProbability): void {
  for (const c of CLASSES) {
    expect(p[c]).toBeGreaterThanOrEqual(0);
    expect(p[c]).toBeLessThanOrEqual(1);
  }
  expect(p.total_loss).toBeLessThanOrEqual(p.major_damage);
  expect(p.major_damage).toBeLessThanOrEqual(p.minor_damage);
  if (p.intervals) {
    for (const c of CLASSES) {
      const [lo, hi] = p.intervals[c];
      expect(lo).toBeGreaterThanOrEqual(0);
      expect(hi).toBeLessThanOrEqual(1);
      expect(lo).toBeLessThanOrEqual(p[c]);
      expect(hi).toBeGreaterThanOrEqual(p[c]);
    }
  }
}

/** A random loss input: transit up to 60 days, exposures anywhere up to (and past) the transit. */
function randomInput(rand: () => number): LossInput {
  const t = rand() < 0.05 ? 0 : rand() * 1440;
  const e = () => (rand() < 0.3 ? 0 : rand() * t * 1.2);
  return input(t, e(), e(), e());
}

describe("base rates", () => {
  it("come from the published counts and nest", () => {
    expect(BASE_COUNTS.total_loss).toBe(62);
    expect(BASE_COUNTS.major_damage).toBeCloseTo(6273 * 0.289, 6);
    expect(BASE_COUNTS.minor_damage).toBeCloseTo(6273 * 0.824, 6);
    // About 2.8 total losses per 10,000 ship-years.
    const perShipYear = BASE_COUNTS.total_loss / 2 / WORLD_FLEET_VESSELS;
    expect(perShipYear).toBeGreaterThan(2.5e-4);
    expect(perShipYear).toBeLessThan(3.1e-4);
    expect(BASE_HOURLY_RATES.total_loss).toBeLessThan(BASE_HOURLY_RATES.major_damage);
    expect(BASE_HOURLY_RATES.major_damage).toBeLessThan(BASE_HOURLY_RATES.minor_damage);
    for (const c of CLASSES) {
      const [lo, hi] = BASE_HOURLY_RATE_INTERVALS[c];
      expect(lo).toBeLessThan(BASE_HOURLY_RATES[c]);
      expect(hi).toBeGreaterThan(BASE_HOURLY_RATES[c]);
    }
    // The small count is the uncertain one: total loss's interval is far wider in relative terms.
    const rel = (c: (typeof CLASSES)[number]) =>
      (BASE_HOURLY_RATE_INTERVALS[c][1] - BASE_HOURLY_RATE_INTERVALS[c][0]) / BASE_HOURLY_RATES[c];
    expect(rel("total_loss")).toBeGreaterThan(3 * rel("minor_damage"));
  });
});

describe("exposure multiplier", () => {
  it("is 1 in calm weather and 10 when every hour is heavy and over both limits", () => {
    expect(exposureMultiplier(input(100))).toBe(1);
    expect(exposureMultiplier(input(100, 100, 100, 100))).toBe(MAX_MULTIPLIER);
    expect(MAX_MULTIPLIER).toBe(10);
    expect(exposureMultiplier(input(100, 50))).toBe(2.5);
    expect(exposureMultiplier(input(0))).toBe(1);
  });

  it("caps exposures at the transit hours and ignores values that are not finite and >= 0", () => {
    expect(weightedExposureHours(input(10, 1e6, 1e6, 1e6))).toBe(100);
    expect(weightedExposureHours(input(10, Number.NaN, -5, Number.POSITIVE_INFINITY))).toBe(10);
    expect(weightedExposureHours(input(Number.NaN, 5, 5, 5))).toBe(0);
  });

  it("stays in [1, 10] on random inputs (seeded)", () => {
    const rand = mulberry32(5);
    for (let i = 0; i < 2000; i++) {
      const m = exposureMultiplier(randomInput(rand));
      expect(m).toBeGreaterThanOrEqual(1);
      expect(m).toBeLessThanOrEqual(MAX_MULTIPLIER);
    }
  });
});

describe("lossProbability", () => {
  it("gives small, ordered per-voyage probabilities for a two-week calm passage", () => {
    const p = lossProbability(input(336), { intervals: true });
    expectWellFormed(p);
    // Order of magnitude: ~1.5e-5 total loss, ~5e-4 major, ~1.3e-3 minor for 14 days.
    expect(p.total_loss).toBeGreaterThan(5e-6);
    expect(p.total_loss).toBeLessThan(5e-5);
    expect(p.major_damage).toBeGreaterThan(1e-4);
    expect(p.major_damage).toBeLessThan(2e-3);
    expect(p.minor_damage).toBeGreaterThan(5e-4);
    expect(p.minor_damage).toBeLessThan(5e-3);
  });

  it("is zero for a voyage of no hours, with intervals [0, 0]", () => {
    const p = lossProbability(input(0), { intervals: true });
    expect([p.minor_damage, p.major_damage, p.total_loss]).toEqual([0, 0, 0]);
    expect(p.intervals).toEqual({ minor_damage: [0, 0], major_damage: [0, 0], total_loss: [0, 0] });
  });

  it("leaves the intervals out unless asked", () => {
    expect(lossProbability(input(100)).intervals).toBeUndefined();
    expect(lossProbability(input(100), { intervals: false }).intervals).toBeUndefined();
    expect(lossProbability(input(100), { intervals: true }).intervals).toBeDefined();
  });

  it("makes a longer calm voyage riskier than a shorter calm one", () => {
    const short = lossProbability(input(48), { intervals: true });
    const long = lossProbability(input(480), { intervals: true });
    for (const c of CLASSES) {
      expect(long[c]).toBeGreaterThan(short[c]);
      expect(long.intervals?.[c][1]).toBeGreaterThan(short.intervals?.[c][1] as number);
    }
  });

  it("stays well formed on random inputs and never falls when exposure or duration rises (seeded)", () => {
    const rand = mulberry32(42);
    for (let i = 0; i < 1500; i++) {
      const base = randomInput(rand);
      const p = lossProbability(base, { intervals: true });
      expectWellFormed(p);
      // Raise one thing at a time: each exposure, then the transit hours (calm extra hours).
      const t = base.transit_h;
      const more = rand() * 100;
      const e = base.exposure;
      const raised: LossInput[] = [
        { ...base, exposure: { ...e, heavy_weather_h: e.heavy_weather_h + more } },
        { ...base, exposure: { ...e, over_wave_limit_h: e.over_wave_limit_h + more } },
        { ...base, exposure: { ...e, over_wind_limit_h: e.over_wind_limit_h + more } },
        { ...base, transit_h: t + more },
      ];
      for (const r of raised) {
        const q = lossProbability(r, { intervals: true });
        expectWellFormed(q);
        for (const c of CLASSES) {
          expect(q[c]).toBeGreaterThanOrEqual(p[c]);
          expect(q.intervals?.[c][0]).toBeGreaterThanOrEqual(p.intervals?.[c][0] as number);
          expect(q.intervals?.[c][1]).toBeGreaterThanOrEqual(p.intervals?.[c][1] as number);
        }
      }
    }
  });

  it("is deterministic", () => {
    const x = input(200, 30, 10, 5, "tanker");
    expect(lossProbability(x, { intervals: true })).toEqual(
      lossProbability(x, { intervals: true }),
    );
  });

  it("explains itself and names its sources", () => {
    const p = lossProbability(input(100, 10), { intervals: true });
    expect(p.methodology).toMatch(/not fitted to an incident corpus/);
    expect(p.methodology).toMatch(/Allianz/);
    expect(p.methodology).toMatch(/EMSA/);
    expect(p.methodology).toMatch(/UNCTAD/);
    expect(p.methodology).toMatch(/not verified/);
    expect(p.methodology).toMatch(/Garwood/);
    expect(p.sources.length).toBeGreaterThanOrEqual(4);
    for (const s of p.sources) {
      expect(s.name.length).toBeGreaterThan(0);
      expect(Number.isInteger(s.year)).toBe(true);
      expect(s.figure.length).toBeGreaterThan(0);
    }
    expect(lossProbability(input(100, 0, 0, 0, "sailing_monohull")).methodology).toMatch(/100 GT/);
    expect(lossProbability(input(100, 0, 0, 0, "hovercraft")).methodology).toMatch(
      /not one of the known types/,
    );
  });
});

describe("lossInputFromSamples", () => {
  const cargo = { ...VESSEL_TYPE_DEFAULTS.general_cargo, type: "general_cargo" }; // 4 m, 30 kt

  it("sums transit, heavy-weather and over-limit hours", () => {
    const samples = [
      { hours: 2, wind_kts: 20, hs_m: 2 }, // calm
      { hours: 3, wind_kts: 34, hs_m: 3 }, // Beaufort 8: heavy; over the 30 kt limit
      { hours: 1, wind_kts: 33.9, hs_m: 4.5 }, // Hs > 4: heavy; over the 4 m limit and 30 kt
      { hours: 4, wind_kts: 30, hs_m: 4 }, // at both limits: nothing
      { hours: Number.NaN, wind_kts: 60, hs_m: 9 }, // no hours: ignored
      { hours: 1, wind_kts: Number.NaN, hs_m: Number.NaN }, // no data: transit only
    ];
    expect(lossInputFromSamples(samples, cargo)).toEqual({
      transit_h: 11,
      exposure: { heavy_weather_h: 4, over_wave_limit_h: 1, over_wind_limit_h: 4 },
      vessel_type: "general_cargo",
    });
  });

  it("never lowers any probability when a sample's wind or waves rise (seeded)", () => {
    const rand = mulberry32(1234);
    for (let i = 0; i < 600; i++) {
      const samples = randomSamples(rand, 50);
      if (samples.length === 0) continue;
      const j = Math.floor(rand() * samples.length);
      const worse = samples.map((s, k) =>
        k === j
          ? {
              ...s,
              wind_kts: (Number.isFinite(s.wind_kts) ? s.wind_kts : 0) + rand() * 20,
              hs_m: (Number.isFinite(s.hs_m) ? s.hs_m : 0) + rand() * 3,
            }
          : s,
      );
      const a = lossInputFromSamples(samples, cargo);
      const b = lossInputFromSamples(worse, cargo);
      expect(b.exposure.heavy_weather_h).toBeLessThanOrEqual(b.transit_h);
      expect(b.exposure.over_wave_limit_h).toBeLessThanOrEqual(b.transit_h);
      const pa = lossProbability(a, { intervals: true });
      const pb = lossProbability(b, { intervals: true });
      for (const c of CLASSES) expect(pb[c]).toBeGreaterThanOrEqual(pa[c]);
    }
  });
});
