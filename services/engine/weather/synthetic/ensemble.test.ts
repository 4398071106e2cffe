import { describe, expect, it } from "vitest";
import { monthIndexAt } from "./calendar";
import { climatologyAt, ENSEMBLE_MEMBERS, syntheticClimate, syntheticForecast } from "./index";

const DAY = 86_400_000;
const MS_PER_KT = 1852 / 3600;
const climate = syntheticClimate();
const cycle = Date.UTC(2024, 0, 15, 12);

/** Places across storm tracks and trades where the spread is measured. */
const POINTS: Array<[number, number]> = [];
for (const [lat0, lon0] of [
  [50, -35],
  [20, -45],
  [-48, 70],
  [40, 170],
]) {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) POINTS.push([(lat0 as number) + 4 * i, (lon0 as number) + 6 * j]);
  }
}

function std(values: number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

describe("synthetic forecast ensemble", () => {
  it("labels every member as synthetic, with model, cycle and member", () => {
    const f = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 7, climate });
    expect(f.label).toBe(
      "synthetic forecast (not real weather): gefs 2024-01-15T12:00:00Z member 7",
    );
    expect(climate.label).toContain("synthetic climate (not real weather)");
  });

  it("gives identical values for the same (model, cycle, member), whatever the order of sampling", () => {
    const a = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 3, climate });
    const b = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 3, climate });
    const samples = POINTS.flatMap(([lat, lon], k) =>
      [0, 2.5, 9, 15.75].map((d) => [lat, lon, cycle + d * DAY + k * 3_600_000] as const),
    );
    const forward = samples.map(([lat, lon, t]) => a.at(lat, lon, t));
    const backward = [...samples]
      .reverse()
      .map(([lat, lon, t]) => b.at(lat, lon, t))
      .reverse();
    expect(backward).toEqual(forward);
    // A separately built world with the same seed is the same world.
    const again = syntheticForecast({
      model: "gefs",
      cycleMs: cycle,
      member: 3,
      climate: syntheticClimate(),
    });
    expect(again.at(50, -30, cycle + 4 * DAY)).toEqual(a.at(50, -30, cycle + 4 * DAY));
  });

  it("gives different values for another member, another model or another world", () => {
    const base = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 1, climate });
    const other = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 2, climate });
    const model = syntheticForecast({ model: "ecmwf-ens", cycleMs: cycle, member: 1, climate });
    const world = syntheticForecast({
      model: "gefs",
      cycleMs: cycle,
      member: 1,
      climate: syntheticClimate({ seed: 7 }),
    });
    const t = cycle + 5 * DAY;
    let differMember = 0;
    let differModel = 0;
    let differWorld = 0;
    for (const [lat, lon] of POINTS) {
      const s = base.at(lat, lon, t);
      if (Math.abs(other.at(lat, lon, t).wind_kts - s.wind_kts) > 0.5) differMember++;
      if (Math.abs(model.at(lat, lon, t).wind_kts - s.wind_kts) > 0.5) differModel++;
      if (Math.abs(world.at(lat, lon, t).wind_kts - s.wind_kts) > 0.5) differWorld++;
    }
    expect(differMember).toBeGreaterThan(POINTS.length / 2);
    expect(differModel).toBeGreaterThan(POINTS.length / 2);
    expect(differWorld).toBeGreaterThan(POINTS.length / 2);
  });

  it("spreads little at day 1 and much more at day 7 (31 members; NOAA North Atlantic: wind error ~0.5 m/s at analysis to ~4 m/s at long lead, Hs ~0.2 to ~0.9 m, Campos et al. 2018)", () => {
    const members = Array.from({ length: ENSEMBLE_MEMBERS }, (_, member) =>
      syntheticForecast({ model: "gefs", cycleMs: cycle, member, climate }),
    );
    const spread = (leadDays: number) => {
      let hs = 0;
      let wind = 0;
      for (const [lat, lon] of POINTS) {
        const s = members.map((f) => f.at(lat, lon, cycle + leadDays * DAY));
        hs += std(s.map((x) => x.hs_m));
        wind += std(s.map((x) => x.wind_kts * MS_PER_KT));
      }
      return { hs: hs / POINTS.length, wind: wind / POINTS.length };
    };
    const analysis = spread(0);
    const day1 = spread(1);
    const day7 = spread(7);
    const day15 = spread(15);
    expect(analysis.wind).toBeLessThan(1);
    expect(day1.hs).toBeLessThan(0.5);
    expect(day1.wind).toBeLessThan(1.5);
    expect(day7.hs).toBeGreaterThan(1.5 * day1.hs);
    expect(day7.wind).toBeGreaterThan(1.5 * day1.wind);
    expect(day15.wind).toBeGreaterThan(2);
    expect(day15.wind).toBeLessThan(6);
  });

  it("marks the horizon and fades into climatology beyond it", () => {
    const a = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 4, climate });
    const b = syntheticForecast({
      model: "gefs",
      cycleMs: cycle,
      member: 9,
      climate,
      horizonH: 240,
    });
    expect(a.horizonEndMs).toBe(cycle + 384 * 3_600_000);
    expect(b.horizonEndMs).toBe(cycle + 240 * 3_600_000);
    expect(a.withinHorizon(cycle + 16 * DAY)).toBe(true);
    expect(a.withinHorizon(cycle + 16 * DAY + 1)).toBe(false);
    const late = cycle + 20 * DAY;
    const mean = climatologyAt(52, -30, monthIndexAt(late));
    const sample = a.at(52, -30, late);
    expect(sample).toEqual(b.at(52, -30, late));
    expect(sample.hs_m).toBeCloseTo(mean.hs_m, 1);
    expect(sample.wind_kts).toBeCloseTo(mean.wind_kts, 0);
    // Continuous across the fade: an hour apart, a small change.
    const edge = a.horizonEndMs + 12 * 3_600_000;
    expect(Math.abs(a.at(52, -30, edge).hs_m - a.at(52, -30, edge + 3_600_000).hs_m)).toBeLessThan(
      0.5,
    );
  });
});
