import { describe, expect, it } from "vitest";
import { speedLossFraction } from "../physics/speed-loss";
import { CALM, type WeatherField } from "../weather/types";
import { EdgeCosts } from "./edge-costs";
import type { RouteRequest } from "./router";

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
