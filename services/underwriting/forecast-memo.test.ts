import { describe, expect, it } from "vitest";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import type { RouteRequest } from "../engine/routing/types";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { memoRoute } from "./forecast-memo";
import { controlKey, prepareWeather, routingVessel } from "./voyage-risk";

/**
 * Routes kept per (request, member field): what a kept route is, is what routing again gives,
 * and a route is never handed out for another forecast or request.
 */
const { deps } = syntheticScoringDeps("forecast-memo-test");
const NOW = Date.UTC(2026, 10, 22, 1);
const request = (departureMs: number): RouteRequest => ({
  from: { lat: 1.2, lon: 103.85 },
  to: { lat: -29.87, lon: 31.05 },
  objective: "safest",
  departureMs,
  whenLimitsUnreachable: "route-anyway",
  vessel: routingVessel(resolveVessel({ type: "bulk_carrier" })),
  avoid: [],
});

describe("routes kept for a forecast", () => {
  it("give back the route routing gives, the same for the same request and field, read-only", async () => {
    const network = deps.network();
    const weather = await prepareWeather(deps, syntheticForecastAt(Date.UTC(2026, 10, 22), NOW));
    const asked = request(Date.UTC(2026, 10, 24, 6));
    const kept = memoRoute(network, asked, controlKey(weather), weather.control);
    expect(memoRoute(network, { ...asked }, controlKey(weather), weather.control)).toBe(kept);
    expect(kept).toEqual(network.route(asked, weather.control));
    expect(() => {
      (kept.segments as unknown[]).pop();
    }).toThrow(TypeError);
    expect(() => {
      (kept.segments[0] as { distance_nm: number }).distance_nm = 0;
    }).toThrow(TypeError);
  }, 120_000);

  it("route another request, or the same one through another cycle, anew", async () => {
    const network = deps.network();
    const first = await prepareWeather(deps, syntheticForecastAt(Date.UTC(2026, 10, 22), NOW));
    const next = await prepareWeather(
      deps,
      syntheticForecastAt(Date.UTC(2026, 10, 22, 6), NOW + 6 * 3_600_000),
    );
    const asked = request(Date.UTC(2026, 10, 24, 6));
    const kept = memoRoute(network, asked, controlKey(first), first.control);
    const later = memoRoute(network, asked, controlKey(next), next.control);
    expect(later).not.toBe(kept);
    expect(later).toEqual(network.route(asked, next.control));
    const otherDay = memoRoute(
      network,
      request(Date.UTC(2026, 10, 25, 6)),
      controlKey(first),
      first.control,
    );
    expect(otherDay.departure_ms).toBe(Date.UTC(2026, 10, 25, 6));
  }, 120_000);
});
