import type { LatLon } from "../geo/types";
import { EdgeCosts } from "../routing/edge-costs";
import type { Route, RouteRequest } from "../routing/types";
import type { SeaConditions, WeatherField } from "../weather/types";
import type { ExposureSample } from "./exposure";

/**
 * Sails a fixed route through a weather field: each piece at the vessel's speed (or the speed
 * the route holds on its leg) less its involuntary speed loss (a sailing yacht: its polar or its
 * engine) plus the current along the course (the router's own sailing model, EdgeCosts.sail), so an ensemble member or a re-scored forecast gets its
 * own transit time and conditions without routing again. Canal pieces keep the route's own
 * timing (their speed is the canal's limit).
 */

export interface SailedPiece {
  start: LatLon;
  end: LatLon;
  startMs: number;
  endMs: number;
  course_deg: number;
  conditions: SeaConditions;
}

export interface SailedRoute {
  pieces: SailedPiece[];
  transit_h: number;
  samples: ExposureSample[];
}

/**
 * `everyNm` merges the route's segments into pieces of about that length first (coarser pieces
 * sample the weather less often: 100 nm suits an ensemble's spread, the route's own 25 nm its
 * conditions).
 */
export function sailRoute(
  route: Route,
  request: RouteRequest,
  field: WeatherField,
  everyNm = 0,
  /** The vessel's speed-loss table, shared across members (EdgeCosts.speedLossTable). */
  lossTable?: Float32Array,
  /**
   * "scheduled": every piece keeps the route's own timing (a client's track with times on its
   * waypoints is sailed to its schedule in every member; only the weather met differs).
   */
  timing: "sailed" | "scheduled" = "sailed",
): SailedRoute {
  const costs = new EdgeCosts(request, field, lossTable);
  const pieces: SailedPiece[] = [];
  const samples: ExposureSample[] = [];
  let t = route.departure_ms;
  for (const group of groupSegments(route, everyNm)) {
    const first = group[0] as Route["segments"][number];
    const last = group.at(-1) as Route["segments"][number];
    const distance = group.reduce((s, g) => s + g.distance_nm, 0);
    let hours: number;
    let conditions: SeaConditions;
    let course: number;
    if (first.in_canal || timing === "scheduled") {
      hours = group.reduce((s, g) => s + (g.end_ms - g.start_ms) / 3_600_000, 0);
      const mid = group[Math.floor(group.length / 2)] as Route["segments"][number];
      conditions = field.at(mid.start.lat, mid.start.lon, t + (hours / 2) * 3_600_000);
      course = first.course_deg;
    } else {
      const s = costs.sail(first.start, last.end, distance, t, heldKts(first, request));
      hours = s.hours;
      conditions = s.conditions;
      course = s.course;
    }
    const endMs = t + hours * 3_600_000;
    pieces.push({
      start: first.start,
      end: last.end,
      startMs: t,
      endMs,
      course_deg: course,
      conditions,
    });
    samples.push({ conditions, course_deg: course, hours });
    t = endMs;
  }
  return { pieces, transit_h: (t - route.departure_ms) / 3_600_000, samples };
}

/**
 * Consecutive segments merged up to everyNm (never across a change in or out of a canal, nor of
 * the speed the route holds).
 */
function groupSegments(route: Route, everyNm: number): Route["segments"][] {
  const groups: Route["segments"][] = [];
  let current: Route["segments"] = [];
  let length = 0;
  for (const s of route.segments) {
    const prev = current[0];
    if (
      prev &&
      (prev.in_canal !== s.in_canal ||
        orderedKts(prev) !== orderedKts(s) ||
        length + s.distance_nm > everyNm)
    ) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(s);
    length += s.distance_nm;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The speed a segment's leg is held to, if any: its held_speed_kts, or (a route without it) a
 * speed through the water below the vessel's own. A sailing yacht's speed through the water is
 * the polar's or the engine's, not an order, so only held_speed_kts holds it.
 */
function heldKts(s: Route["segments"][number], request: RouteRequest): number | undefined {
  if (s.held_speed_kts !== undefined) return s.held_speed_kts;
  if (s.propulsion !== undefined || request.vessel.sailing) return undefined;
  return s.speed_through_water_kts < request.vessel.speed_kts
    ? s.speed_through_water_kts
    : undefined;
}

/** What a segment is ordered to sail at, for grouping: a yacht's held speed, else its speed through the water. */
function orderedKts(s: Route["segments"][number]): number | undefined {
  return s.propulsion === undefined ? s.speed_through_water_kts : s.held_speed_kts;
}
