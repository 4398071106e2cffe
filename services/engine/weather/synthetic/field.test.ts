import { describe, expect, it } from "vitest";
import { type SampleArrays, syntheticClimate, syntheticForecast } from "./index";
import { fullyDevelopedHs } from "./waves";

const DAY = 86_400_000;
const MS_PER_KT = 1852 / 3600;
const climate = syntheticClimate();
const cycle = Date.UTC(2023, 9, 1);
const forecast = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 5, climate });

/** Deterministic spread of sample places (open ocean between 60 S and 60 N) and times. */
function places(n: number): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let k = 0; k < n; k++) {
    out.push([
      -60 + ((k * 37.7) % 120),
      -180 + ((k * 113.3) % 360),
      cycle + ((k * 7.3) % 14) * DAY,
    ]);
  }
  return out;
}

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += ((a[i] as number) - ma) * ((b[i] as number) - mb);
    aa += ((a[i] as number) - ma) ** 2;
    bb += ((b[i] as number) - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe("synthetic weather field", () => {
  it("persists in time: values an hour apart are highly correlated, a week apart hardly", () => {
    const p = places(800);
    const wind = (dt: number) => p.map(([lat, lon, t]) => forecast.at(lat, lon, t + dt).wind_kts);
    const hs = (dt: number) => p.map(([lat, lon, t]) => forecast.at(lat, lon, t + dt).hs_m);
    const anomaly = (dt: number) =>
      p.map(
        ([lat, lon, t]) =>
          forecast.at(lat, lon, t + dt).wind_kts - climate.meanAt(lat, lon, t + dt).wind_kts,
      );
    expect(correlation(wind(0), wind(3_600_000))).toBeGreaterThan(0.98);
    expect(correlation(hs(0), hs(3_600_000))).toBeGreaterThan(0.98);
    // The weather itself (departure from the mean) decorrelates over days.
    expect(correlation(anomaly(0), anomaly(3_600_000))).toBeGreaterThan(0.95);
    expect(correlation(anomaly(0), anomaly(7 * DAY))).toBeLessThan(0.4);
  });

  it("is smooth in space: neighbours a quarter degree apart are alike", () => {
    const p = places(800);
    const a = p.map(([lat, lon, t]) => forecast.at(lat, lon, t).wind_kts);
    const b = p.map(([lat, lon, t]) => forecast.at(lat + 0.25, lon + 0.25, t).wind_kts);
    expect(correlation(a, b)).toBeGreaterThan(0.97);
  });

  it("keeps the sea consistent with the wind: wind sea never above the fully developed sea, equal to it in the open-ocean trades", () => {
    for (const [lat, lon, t] of places(2000)) {
      const s = forecast.at(lat, lon, t);
      const windSea = Math.sqrt(Math.max(0, s.hs_m ** 2 - s.swell_hs_m ** 2));
      expect(windSea).toBeLessThanOrEqual(fullyDevelopedHs(s.wind_kts * MS_PER_KT) + 1e-9);
      expect(s.hs_m).toBeGreaterThanOrEqual(s.swell_hs_m);
    }
    // North-east trades (steady wind, long fetch): a fully developed wind sea.
    for (let k = 0; k < 50; k++) {
      const s = climate.at(18 + (k % 5), -45 + (k % 7), Date.UTC(2023, 0, 10) + k * 7 * 3_600_000);
      const windSea = Math.sqrt(s.hs_m ** 2 - s.swell_hs_m ** 2);
      expect(windSea / fullyDevelopedHs(s.wind_kts * MS_PER_KT)).toBeCloseTo(1, 2);
    }
  });

  it("keeps periods plausible and consistent with the sea (longer with higher waves)", () => {
    const low: number[] = [];
    const high: number[] = [];
    for (const [lat, lon, t] of places(2000)) {
      const s = forecast.at(lat, lon, t);
      expect(s.wave_period_s).toBeGreaterThan(1);
      expect(s.wave_period_s).toBeLessThan(20);
      if (s.swell_hs_m > 0.05) {
        expect(s.swell_period_s).toBeGreaterThan(5);
        expect(s.swell_period_s).toBeLessThan(18);
      }
      if (s.hs_m < 1.5) low.push(s.wave_period_s);
      if (s.hs_m > 4) high.push(s.wave_period_s);
    }
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    expect(mean(high)).toBeGreaterThan(mean(low));
  });

  it("uses the conventions of types.ts: wind and waves coming FROM, currents going TO", () => {
    // North-east trades come from the north-east.
    const trades = climate.meanAt(18, -40, Date.UTC(2023, 0, 15));
    expect(trades.wind_dir_deg).toBeGreaterThan(20);
    expect(trades.wind_dir_deg).toBeLessThan(80);
    // Westerlies in the Southern Ocean come from the west.
    const westerlies = climate.meanAt(-50, 80, Date.UTC(2023, 6, 15));
    expect(westerlies.wind_dir_deg).toBeGreaterThan(240);
    expect(westerlies.wind_dir_deg).toBeLessThan(300);
    // Southern Ocean swell reaches the tropics from the south-west.
    const swell = climate.meanAt(-10, -120, Date.UTC(2023, 6, 15));
    expect(swell.swell_dir_deg).toBeGreaterThan(180);
    expect(swell.swell_dir_deg).toBeLessThan(270);
    // The Florida Current flows north; the South Equatorial Current west; the ACC east.
    const florida = forecast.at(27.5, -79.8, cycle);
    expect(florida.current_kts).toBeGreaterThan(2.5);
    expect(Math.abs(((florida.current_dir_deg + 180) % 360) - 180)).toBeLessThan(20);
    expect(forecast.at(-1, -120, cycle).current_dir_deg).toBeCloseTo(270, 0);
    expect(forecast.at(-52, 0, cycle).current_dir_deg).toBeCloseTo(90, 0);
  });

  it("reports its strongest current (at most 4 kt) and never exceeds it", () => {
    expect(forecast.maxCurrentKts).toBeGreaterThan(3);
    expect(forecast.maxCurrentKts).toBeLessThanOrEqual(4);
    for (let lat = 20; lat <= 45; lat += 0.25) {
      for (let lon = -82; lon <= -45; lon += 0.25) {
        expect(forecast.at(lat, lon, cycle).current_kts).toBeLessThanOrEqual(
          forecast.maxCurrentKts,
        );
      }
    }
  });

  it("samples many points at once with the same values as one by one", () => {
    const p = places(300);
    const lats = Float64Array.from(p, (x) => x[0]);
    const lons = Float64Array.from(p, (x) => x[1] + 360); // any longitude range
    const times = Float64Array.from(p, (x) => x[2]);
    const out: Required<SampleArrays> = {
      hs: new Float32Array(p.length),
      wavePeriod: new Float32Array(p.length),
      waveDir: new Float32Array(p.length),
      wind: new Float32Array(p.length),
      windDir: new Float32Array(p.length),
      swellHs: new Float32Array(p.length),
      swellPeriod: new Float32Array(p.length),
      swellDir: new Float32Array(p.length),
      current: new Float32Array(p.length),
      currentDir: new Float32Array(p.length),
    };
    forecast.sampleMany(lats, lons, times, out);
    p.forEach(([lat, lon, t], i) => {
      const s = forecast.at(lat, lon, t);
      expect(out.hs[i]).toBeCloseTo(s.hs_m, 4);
      expect(out.wind[i]).toBeCloseTo(s.wind_kts, 3);
      expect(out.windDir[i]).toBeCloseTo(s.wind_dir_deg, 2);
      expect(out.swellHs[i]).toBeCloseTo(s.swell_hs_m, 4);
      expect(out.currentDir[i]).toBeCloseTo(s.current_dir_deg, 2);
    });
  });

  it("gives finite values everywhere, poles and antimeridian included", () => {
    for (const lat of [-90, -89.99, -45, 0, 45, 89.99, 90]) {
      for (const lon of [-180, -179.999, 0, 179.999, 180, 540]) {
        const s = forecast.at(lat, lon, cycle + 3 * DAY);
        for (const v of Object.values(s)) expect(Number.isFinite(v)).toBe(true);
        expect(s.wind_dir_deg).toBeGreaterThanOrEqual(0);
        expect(s.wind_dir_deg).toBeLessThan(360);
      }
    }
    expect(forecast.at(10, 180, cycle)).toEqual(forecast.at(10, -180, cycle));
  });
});
