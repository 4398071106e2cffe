import { describe, expect, it } from "vitest";
import { polarSpeedKts } from "../physics/sailing-polar";
import { speedLossFraction } from "../physics/speed-loss";
import { CALM, type WeatherField } from "../weather/types";
import { EdgeCosts, exposurePenalty, forecastSkill } from "./edge-costs";
import type { RouteRequest } from "./types";

/** A steady gale from the west (wind from 270), no current. */
const gale: WeatherField = {
  label: "test gale",
  maxCurrentKts: 0,
  at: () => ({
    ...CALM,
    hs_m: 5,
    wave_period_s: 10,
    wave_dir_deg: 270,
    wind_kts: 40,
    wind_dir_deg: 270,
  }),
};
const vessel = {
  speed_kts: 14,
  loa_m: 200,
  block_coefficient: 0.8,
  displacement_t: 60_000,
};
const request: RouteRequest = {
  from: { lat: 45, lon: -20 },
  to: { lat: 45, lon: -30 },
  objective: "fastest",
  departureMs: 0,
  vessel,
};
const hull = {
  length_m: 200,
  block_coefficient: 0.8,
  displacement_t: 60_000,
  container_ship: false,
};
const west = { from: { lat: 45, lon: -20 }, to: { lat: 45, lon: -20.5 } };

describe("sailing a leg at a held speed", () => {
  it("loses Kwon's share for the held speed, not the vessel's own (head seas, 40 kt)", () => {
    const costs = new EdgeCosts(request, gale);
    const own = costs.sail(west.from, west.to, 21.2, 0);
    const held = costs.sail(west.from, west.to, 21.2, 0, 9);
    expect(own.loss).toBeCloseTo(speedLossFraction(hull, 14, 40, 0), 6);
    expect(held.loss).toBeCloseTo(speedLossFraction(hull, 9, 40, 0), 6);
    // A slower ship has a lower Froude number and, for a full hull, loses a larger share.
    expect(held.loss).toBeGreaterThan(own.loss);
    expect(held.hours).toBeCloseTo(21.2 / (9 * (1 - held.loss)), 6);
  });

  it("prices a long leg at the held speed throughout", () => {
    const costs = new EdgeCosts(request, gale);
    const own = costs.legCost(request.from, request.to, 0, true);
    const held = costs.legCost(request.from, request.to, 0, true, 10);
    expect(held.hours).toBeGreaterThan((own.hours * 14) / 10);
    expect(held.cost).toBe(held.hours); // fastest: the cost is the time
  });
});

describe("the weather objectives' charge, counted at the forecast's skill", () => {
  const DAY = 86_400_000;
  const issuedMs = Date.UTC(2026, 10, 22);
  const forecast = { issuedMs, horizonEndMs: issuedMs + 16 * DAY };
  const safest = { ...request, objective: "safest" as const, forecast };
  // The gale's 5 m and 40 kt against the default soft limits (4 m, 30 kt): past them.
  const charge = exposurePenalty(40 / 30);

  it("follows ECMWF's anomaly correlation with lead time, and is nothing from day 15", () => {
    expect(forecastSkill(0)).toBe(1);
    expect(forecastSkill(5)).toBeCloseTo(0.92, 6);
    expect(forecastSkill(8.5)).toBeCloseTo(0.65, 6);
    expect(forecastSkill(10)).toBeCloseTo(0.5, 6);
    expect(forecastSkill(15)).toBe(0);
    for (let d = 0; d < 16; d += 0.5)
      expect(forecastSkill(d + 0.5)).toBeLessThanOrEqual(forecastSkill(d));
  });

  it("charges a gale ten days ahead half what it charges one tomorrow; the hours themselves in full", () => {
    const costs = new EdgeCosts(safest, gale);
    const tomorrow = costs.legCost(west.from, west.to, issuedMs + DAY, true);
    const tenDays = costs.legCost(west.from, west.to, issuedMs + 10 * DAY, true);
    expect(tenDays.hours).toBeCloseTo(tomorrow.hours, 9);
    const extra = (leg: { hours: number; cost: number }) => leg.cost / leg.hours - 1;
    expect(extra(tomorrow)).toBeCloseTo(charge * forecastSkill(1), 1);
    expect(extra(tenDays)).toBeCloseTo(charge * forecastSkill(10), 1);
    expect(extra(tenDays)).toBeLessThan(0.55 * extra(tomorrow));
  });

  it("charges in full beyond the forecast's horizon (climatology) and without a named forecast", () => {
    const beyond = new EdgeCosts(safest, gale).legCost(
      request.from,
      request.to,
      issuedMs + 17 * DAY,
      true,
    );
    const unnamed = new EdgeCosts({ ...safest, forecast: undefined }, gale).legCost(
      request.from,
      request.to,
      issuedMs + 10 * DAY,
      true,
    );
    expect(beyond.cost / beyond.hours - 1).toBeCloseTo(charge, 6);
    expect(unnamed.cost / unnamed.hours - 1).toBeCloseTo(charge, 6);
  });

  it("does the same in the search's steps", () => {
    const costs = new EdgeCosts(safest, gale);
    const c = gale.at(45, -20, 0);
    costs.fromNode(c, issuedMs + 10 * DAY, true);
    costs.step(270, 20);
    expect(costs.stepCost / costs.stepHours - 1).toBeCloseTo(charge * 0.5, 6);
  });
});

const RAD = Math.PI / 180;

/** A steady wind from the north with the sea it raises, no current. */
function northerly(windKts: number, hsM: number): WeatherField {
  return {
    label: "test northerly",
    maxCurrentKts: 0,
    at: () => ({
      ...CALM,
      wind_kts: windKts,
      wind_dir_deg: 0,
      hs_m: hsM,
      wave_dir_deg: 0,
      wave_period_s: 6,
    }),
  };
}
const yacht = { speed_kts: 6.5, loa_m: 12.5, block_coefficient: 0.4, sailing: true };
const at = { lat: 45, lon: -10 };
const headed = (course: number) => ({
  lat: at.lat + 0.2 * Math.cos(course * RAD),
  lon: at.lon + (0.2 * Math.sin(course * RAD)) / Math.cos(at.lat * RAD),
});
const sailed = (field: WeatherField, course: number) =>
  new EdgeCosts(
    { from: at, to: headed(course), objective: "fastest", departureMs: 0, vessel: yacht },
    field,
  ).sail(at, headed(course), 12, 0);

describe("a sailing yacht's legs (EdgeCosts)", () => {
  it("reaches at its polar's speed in a breeze, beyond its cruising speed", () => {
    const beam = sailed(northerly(14, 1.5), 90);
    expect(beam.propulsion).toBe("sail");
    expect(beam.stwKts).toBeCloseTo(polarSpeedKts(12.5, 90, 14), 1);
    expect(beam.stwKts).toBeGreaterThan(6.5);
  });

  it("motors in light air, and close to the wind, at its cruising speed less the sea's toll", () => {
    const light = sailed(northerly(3, 0.3), 90);
    expect(light.propulsion).toBe("motor");
    expect(light.stwKts).toBeGreaterThan(6.4);
    const upwind = sailed(northerly(14, 1.5), 0);
    expect(upwind.propulsion).toBe("motor");
    expect(upwind.stwKts).toBeGreaterThan(5.5);
    expect(upwind.stwKts).toBeLessThan(6.5);
  });

  it("bounds the search's heuristic by the fastest it can sail, not its cruising speed", () => {
    for (const wind of [4, 8, 12, 16, 20, 30]) {
      const costs = new EdgeCosts(
        { from: at, to: at, objective: "fastest", departureMs: 0, vessel: yacht },
        northerly(wind, 0),
      );
      expect(costs.speedUpperBoundKts).toBeGreaterThanOrEqual(8.57 * Math.sqrt(12.5 / 12));
      for (let course = 0; course < 360; course += 5) {
        const s = costs.sail(at, headed(course), 12, 0);
        expect(s.stwKts).toBeLessThanOrEqual(costs.speedUpperBoundKts);
      }
    }
  });
});
