import { type DrawnGeometry, drawnLine } from "../engine/geo/drawn-line";
import type { RoutingNetwork } from "../engine/routing/router";
import type { Route } from "../engine/routing/types";

/**
 * A route's geometry as every interface prints it: drawn at sea when joined straight in lon/lat,
 * cut at the antimeridian (drawn-line.ts), checked against the 1:10m land and closed waters the
 * router keeps its legs off. A leg whose geodesic itself meets that land is drawn as given: a
 * canal or river fairway the coastline fills, or a client's track over land.
 */
export function routeGeometry(
  route: Pick<Route, "waypoints">,
  network: RoutingNetwork,
): DrawnGeometry {
  const land = network.keptOff();
  return drawnLine(route.waypoints, {
    // One piece: the straight lon/lat segment itself, as drawn (not the geodesic in 5 nm pieces).
    hitsLand: (a, b) => land.pathHitsLand(a, b, Number.MAX_VALUE),
    landUnchecked: (leg) => {
      const a = route.waypoints[leg];
      const b = route.waypoints[leg + 1];
      return a === undefined || b === undefined || land.pathHitsLand(a, b);
    },
  });
}

/** A route as a GeoJSON Feature (RFC 7946): a LineString of [lon, lat] with the route's facts as properties. */
export function routeFeature(route: Route, network: RoutingNetwork) {
  return {
    type: "Feature" as const,
    geometry: routeGeometry(route, network),
    properties: {
      objective: route.objective,
      distance_nm: route.distance_nm,
      transit_h: route.transit_h,
      departure_utc: new Date(route.departure_ms).toISOString(),
      eta_utc: new Date(route.eta_ms).toISOString(),
      passages: route.passages,
      snapping: route.snaps,
      legs: route.legs.length,
      segments: route.segments.length,
      weather_source: route.weather_source,
    },
  };
}
