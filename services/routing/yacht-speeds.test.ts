import { beforeAll, describe, expect, it } from "vitest";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import { beaufortFromKnots } from "../engine/physics/speed-loss";
import type { Route, RouteRequest } from "../engine/routing/types";
import { sailRoute } from "../engine/scoring/sail";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { prepareWeather, routingVessel } from "../underwriting/voyage-risk";

/**
 * Issue 40's "yacht at 2 knots": Plymouth to A Coruña for a 12.5 m sailing monohull cruising at
 * 6.5 kn under engine, fastest, leaving 6 July 2027. Before, Kwon's ship formula made it lose 80%
 * of its speed in moderate seas (1.28 kn over the ground on a beam reach in 14 kt, 2.0 kn on
 * average over 494.6 nm). Routed twice: beyond the forecast's horizon (the month's climatology,
 * as the issue's request was), and inside a synthetic forecast of that week.
 */
const yacht = resolveVessel({ type: "sailing_monohull", loa_m: 12.5, cruising_speed_kts: 6.5 });
const DEPARTURE = Date.UTC(2027, 6, 6, 6);
const { deps } = syntheticScoringDeps("yacht-speeds");
const request: RouteRequest = {
  from: { lat: 50.37, lon: -4.14 },
  to: { lat: 43.3, lon: -8.4 },
  objective: "fastest",
  departureMs: DEPARTURE,
  whenLimitsUnreachable: "route-anyway",
  vessel: routingVessel(yacht),
};
const routes = new Map<string, Route>();
const fields = new Map<string, Awaited<ReturnType<typeof prepareWeather>>["control"]>();

beforeAll(async () => {
  const cases = {
    // The issue's: a cycle months before departure, so the voyage sails the July climatology.
    climatology: Date.UTC(2026, 10, 22, 0),
    forecast: Date.UTC(2027, 6, 5, 0),
  };
  for (const [name, cycle] of Object.entries(cases)) {
    const weather = await prepareWeather(deps, syntheticForecastAt(cycle, cycle + 3_600_000));
    fields.set(name, weather.control);
    routes.set(name, deps.network().route(request, weather.control));
  }
}, 180_000);

const RAD = Math.PI / 180;

describe("a 12.5 m sailing yacht from Plymouth to A Coruña in July", () => {
  it("averages a yacht's speed over the ground, not 2 knots", () => {
    for (const [name, r] of routes) {
      const average = r.distance_nm / r.transit_h;
      expect(average, name).toBeGreaterThan(5);
      expect(average, name).toBeLessThan(8.6);
    }
  });

  it("sails no segment below 60% of its cruising speed in Beaufort 3-6 unless a foul current slows it", () => {
    for (const [name, r] of routes) {
      for (const s of r.segments.filter((s) => !s.in_canal)) {
        const bft = beaufortFromKnots(s.conditions.wind_kts);
        if (bft < 2.5 || bft >= 6.5) continue;
        const foul = Math.min(
          0,
          s.conditions.current_kts * Math.cos((s.conditions.current_dir_deg - s.course_deg) * RAD),
        );
        expect(s.speed_through_water_kts, `${name} through the water`).toBeGreaterThanOrEqual(
          0.6 * yacht.speed_kts,
        );
        expect(s.speed_over_ground_kts - foul, `${name} over the ground`).toBeGreaterThanOrEqual(
          0.6 * yacht.speed_kts - 0.01,
        );
      }
    }
  });

  it("says of every segment whether it sails or motors, and motors only below its cruising speed under sail", () => {
    for (const [name, r] of routes) {
      const open = r.segments.filter((s) => !s.in_canal);
      expect(
        open.every((s) => s.propulsion === "sail" || s.propulsion === "motor"),
        name,
      ).toBe(true);
      for (const s of open.filter((s) => s.propulsion === "motor")) {
        expect(s.speed_through_water_kts, name).toBeLessThanOrEqual(yacht.speed_kts + 0.01);
      }
    }
  });

  it("an ensemble member sailing the route gets the router's transit", () => {
    for (const [name, r] of routes) {
      const sailed = sailRoute(r, request, fields.get(name) as never, 100);
      expect(Math.abs(sailed.transit_h - r.transit_h) / r.transit_h, name).toBeLessThan(0.02);
    }
  });
});
