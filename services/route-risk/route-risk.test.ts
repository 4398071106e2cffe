import { describe, expect, it } from "vitest";
import { pointInRing } from "../../tests/point-in-ring";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import { routeRiskRequest } from "../contracts/api/route-risk";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { sharedRoutingNetwork } from "../routing/network";
import { prepareWeather, routingVessel } from "../underwriting/voyage-risk";
import { scoreRouteRisk } from "./route-risk";

/**
 * The route-risk ensemble against one fixed synthetic cycle (the API tests use the cycle of the
 * day they run, so they cannot hold a given cycle's answer): the member routes are made again
 * here, and the answer's ETA percentiles and cone are checked against them.
 */
const { deps } = syntheticScoringDeps("route-risk-test");
const CYCLE = Date.UTC(2026, 10, 21, 6);
const DEPARTURE = Date.UTC(2026, 10, 22, 6);
const forecast = syntheticForecastAt(CYCLE, CYCLE + 3_600_000);
const ROTTERDAM = { lat: 51.98, lon: 3.9 };
const NEW_YORK = { lat: 40.45, lon: -73.8 };
const request = routeRiskRequest.parse({
  origin: ROTTERDAM,
  destination: NEW_YORK,
  departure_time: new Date(DEPARTURE).toISOString(),
  vessel: { vessel_type: "container_ship" },
  objective: "fastest",
  ensemble: true,
});

describe("route-risk ensemble", { timeout: 300_000 }, () => {
  it("gives the members' ETA spread and a cone holding 80% of their route points", async () => {
    const { response } = await scoreRouteRisk(
      deps,
      request,
      { routeId: "route-1", requestId: "request-1" },
      forecast,
    );
    const ens = response.ensemble as NonNullable<typeof response.ensemble>;

    // Every member routed again, as the answer says it was: the asked objective through it.
    const weather = await prepareWeather(deps, forecast);
    const network = sharedRoutingNetwork();
    const members = (weather.fields[0] ?? []).map((field) =>
      network.route(
        {
          from: ROTTERDAM,
          to: NEW_YORK,
          objective: "fastest",
          departureMs: DEPARTURE,
          whenLimitsUnreachable: "route-anyway",
          vessel: routingVessel(resolveVessel({ type: "container_ship" })),
          avoid: [],
        },
        field,
      ),
    );
    expect(members.length).toBe(31);
    expect(ens.members).toBe(31);

    const hours = members.map((m) => m.transit_h).sort((a, b) => a - b);
    expect(ens.p10_eta_hours).toBeLessThanOrEqual(ens.p50_eta_hours);
    expect(ens.p50_eta_hours).toBeLessThanOrEqual(ens.p90_eta_hours);
    expect(ens.p10_eta_hours).toBeGreaterThanOrEqual((hours[0] as number) - 0.01);
    expect(ens.p90_eta_hours).toBeLessThanOrEqual((hours.at(-1) as number) + 0.01);
    // The median of 31 is the 16th.
    expect(ens.p50_eta_hours).toBeCloseTo(hours[15] as number, 1);

    const ring = ens.cone_polygon.coordinates[0] as Array<[number, number]>;
    const points = members.flatMap((m) => [
      ...m.segments.map((s) => s.start),
      ...m.segments.slice(-1).map((s) => s.end),
    ]);
    const inside = points.filter((p) => pointInRing(ring, p.lon, p.lat)).length / points.length;
    expect(inside).toBeGreaterThanOrEqual(0.8);
    expect(ens.cone_share).toBeCloseTo(inside, 1);
    // The members spread (the cone is not a corridor round one route) and share both ends.
    expect(new Set(members.map((m) => Math.round(m.distance_nm))).size).toBeGreaterThan(1);
    expect(pointInRing(ring, ROTTERDAM.lon, ROTTERDAM.lat)).toBe(true);
    expect(pointInRing(ring, NEW_YORK.lon, NEW_YORK.lat)).toBe(true);
  });
});
