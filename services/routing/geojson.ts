import type { Route } from "../engine/routing/router";

/** A route as a GeoJSON Feature (RFC 7946): a LineString of [lon, lat] with the route's facts as properties. */
export function routeFeature(route: Route) {
  return {
    type: "Feature" as const,
    geometry: {
      type: "LineString" as const,
      coordinates: route.waypoints.map((p) => [round6(p.lon), round6(p.lat)]),
    },
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

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
