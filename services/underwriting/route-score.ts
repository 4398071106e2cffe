import type { RouteScoreRequest, RouteScoreResponse } from "../contracts/api/underwriting";
import type { Route } from "../engine/routing/types";
import { resolveVessel } from "../engine/scoring/vessel-types";
import type { WeatherField } from "../engine/weather/types";
import {
  type ForecastAt,
  prepareWeather,
  routingVessel,
  type ScoredVoyage,
  type ScoringDeps,
  scoreRoute,
} from "./voyage-risk";

/**
 * Route scoring (underwriting interface): a client's track, not routed, sailed and scored like a
 * routed voyage against the latest forecast. A track that touches land is scored and flagged.
 * With times on the waypoints, each leg keeps the client's timing (the conditions are read at
 * those times); without, the vessel sails it at its speed with speed loss and current.
 */
export async function scoreTrack(
  deps: ScoringDeps,
  req: RouteScoreRequest,
  ids: { voyageId: string; requestId: string },
  forecast: ForecastAt,
): Promise<ScoredVoyage & { response: RouteScoreResponse }> {
  const points = req.track.waypoints;
  const { departureMs, timed } = trackDeparture(req);
  const weather = await prepareWeather(deps, forecast);
  const vessel = resolveVessel({ ...req.vessel, type: req.vessel.type });
  const network = deps.network();
  const request = { departureMs, vessel: routingVessel(vessel) };
  const made = network.track(request, points, weather.control);
  const route = timed
    ? retime(
        made.route,
        points.map((p) => Date.parse(p.time_utc as string)),
        weather.control,
      )
    : made.route;
  const routeRequest = {
    ...request,
    from: points[0] as never,
    to: points.at(-1) as never,
    objective: "safest" as const,
  };
  const first = points[0] as RouteScoreRequest["track"]["waypoints"][number];
  const last = points.at(-1) as RouteScoreRequest["track"]["waypoints"][number];
  const scored = await scoreRoute(
    deps,
    network,
    route,
    routeRequest,
    vessel,
    weather,
    req.options,
    ids,
    {
      origin: { lat: first.lat, lon: first.lon, ...(first.name ? { name: first.name } : {}) },
      destination: { lat: last.lat, lon: last.lon, ...(last.name ? { name: last.name } : {}) },
    },
    timed ? "scheduled" : "sailed",
  );
  return {
    used: scored.used,
    response: {
      ...scored.response,
      track: {
        waypoints: points.length,
        timing: timed ? "waypoint times" : "vessel speed",
        crosses_land: made.crossesLand.length > 0,
        land_crossings: made.crossesLand.map((c) => ({
          leg: c.leg,
          from: { lat: c.from.lat, lon: c.from.lon },
          to: { lat: c.to.lat, lon: c.to.lon },
        })),
        closed_water_crossings: made.crossesClosedWater.map((c) => ({
          leg: c.leg,
          id: c.water.id,
          name: c.water.name,
          from: { lat: c.from.lat, lon: c.from.lon },
          to: { lat: c.to.lat, lon: c.to.lon },
        })),
      },
    },
  };
}

/**
 * When a track sets out: its first waypoint's time when the waypoints are timed, else the
 * request's departure_utc; `field` names where that came from (for a 400).
 */
export function trackDeparture(req: RouteScoreRequest): {
  departureMs: number;
  timed: boolean;
  field: string;
} {
  const first = req.track.waypoints[0];
  const timed = first?.time_utc !== undefined;
  return timed
    ? {
        departureMs: Date.parse(first?.time_utc as string),
        timed,
        field: "track.waypoints[0].time_utc",
      }
    : { departureMs: Date.parse(req.departure_utc as string), timed, field: "departure_utc" };
}

/** The route's legs stretched to the client's waypoint times, conditions read again at the new times. */
function retime(route: Route, times: readonly number[], field: WeatherField): Route {
  const segments: Route["segments"] = [];
  const legs = route.legs.map((leg, i) => {
    const t0 = times[i] as number;
    const t1 = times[i + 1] as number;
    const span = Math.max(1, leg.end_ms - leg.start_ms);
    const map = (t: number) => t0 + ((t - leg.start_ms) / span) * (t1 - t0);
    for (const s of route.segments) {
      if (s.start_ms < leg.start_ms || s.start_ms >= leg.end_ms) continue;
      const start = map(s.start_ms);
      const end = map(s.end_ms);
      const mid = (start + end) / 2;
      const midLat = (s.start.lat + s.end.lat) / 2;
      const midLon = (s.start.lon + s.end.lon) / 2;
      const hours = (end - start) / 3_600_000;
      segments.push({
        ...s,
        start_ms: start,
        end_ms: end,
        speed_over_ground_kts: hours > 0 ? Math.round((s.distance_nm / hours) * 100) / 100 : 0,
        conditions: field.at(midLat, midLon, mid),
      });
    }
    return { ...leg, start_ms: t0, end_ms: t1 };
  });
  const eta = times.at(-1) as number;
  return {
    ...route,
    legs,
    segments,
    departure_ms: times[0] as number,
    eta_ms: eta,
    transit_h: Math.round(((eta - (times[0] as number)) / 3_600_000) * 100) / 100,
  };
}
