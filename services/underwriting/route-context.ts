import { checkCompliance, regulatoryBurdenScore } from "../engine/compliance";
import type { RoutingNetwork } from "../engine/routing/router";
import type { Route } from "../engine/routing/types";
import { seasonalHazard } from "../engine/scoring/route-context";
import type { ScoringVessel } from "../engine/scoring/vessel-types";
import type { RouteContext } from "../engine/scoring/vsi";

/**
 * What the route itself contributes to the index (VSI traffic, grounding, seasonal and
 * regulatory dimensions): passages, TSS transits, port approaches, time near the coast (the
 * 1:10m coastline), the month's climatological hazard and the compliance burden.
 */
/** The compliance check of a route and, from it and the route, the index's route context. */
export function assessRoute(
  route: Route,
  network: RoutingNetwork,
  vessel: ScoringVessel,
): { compliance: ReturnType<typeof checkCompliance>; context: RouteContext } {
  const compliance = checkCompliance({
    segments: route.segments,
    vessel: { speed_kts: vessel.speed_kts, loa_m: vessel.loa_m },
    departure_ms: route.departure_ms,
  });
  const context = routeContext(
    route,
    network,
    vessel,
    regulatoryBurdenScore(compliance),
    compliance,
  );
  return { compliance, context };
}

/** Near-coast thresholds of the grounding dimension, nm. */
const NEAR_COAST_NM = 10;
const NARROW_NM = 3;
const PORT_APPROACH_NM = 20;

function routeContext(
  route: Route,
  network: RoutingNetwork,
  vessel: ScoringVessel,
  burden: number,
  compliance: ReturnType<typeof checkCompliance>,
): RouteContext {
  let hours = 0;
  let near = 0;
  let narrow = 0;
  const points = route.segments.map((s) => {
    const h = (s.end_ms - s.start_ms) / 3_600_000;
    const mid = {
      lat: (s.start.lat + s.end.lat) / 2,
      lon: s.start.lon + wrap(s.end.lon - s.start.lon) / 2,
    };
    const d = s.in_canal ? 0 : network.coastDistanceNm(mid, NEAR_COAST_NM);
    hours += h;
    if (d < NEAR_COAST_NM) near += h;
    if (d < NARROW_NM) narrow += h;
    return { lat: mid.lat, lon: mid.lon, timeMs: s.start_ms, hours: h };
  });
  const ends = [route.waypoints[0], route.waypoints.at(-1)].filter(
    (p) => p && network.coastDistanceNm(p, PORT_APPROACH_NM) < PORT_APPROACH_NM,
  );
  return {
    passages: route.passages.length,
    tss_transits: compliance.traffic_separation_schemes.reduce((s, t) => s + t.transits.length, 0),
    port_approaches: ends.length,
    near_coast_share: hours > 0 ? near / hours : 0,
    narrow_share: hours > 0 ? narrow / hours : 0,
    seasonal: seasonalHazard(points, vessel),
    regulatory_burden: burden,
  };
}

const wrap = (d: number) => (d > 180 ? d - 360 : d < -180 ? d + 360 : d);
