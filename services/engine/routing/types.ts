/**
 * Routing's shared types: what a request asks, what a route is, and what the search's parts hand
 * each other about a route's ends. In one module below the router and its parts, so none of
 * them imports another for a type (the import cycle this replaces ran through ten files).
 */
import type { LandMask, LatLon } from "../geo/types";
import type { SeaConditions } from "../weather/types";

export const OBJECTIVES = ["safest", "fastest", "most-comfortable", "fuel-efficient"] as const;
export type Objective = (typeof OBJECTIVES)[number];

export interface RoutingVessel {
  speed_kts: number;
  draft_m?: number;
  beam_m?: number;
  loa_m?: number;
  /** Height of the highest point above the waterline (m): bridges over a passage close it above theirs. */
  air_draft_m?: number;
  /** Hard limits: no leg is planned where they are exceeded, if any route avoids that. */
  max_wave_m?: number;
  max_wind_kts?: number;
  block_coefficient?: number;
  displacement_t?: number;
  container_ship?: boolean;
  /**
   * A sailing yacht: sails by its polar where that beats its engine, and motors at speed_kts
   * (its auxiliary's cruising speed) where it does not (edge-costs.ts, sailing-polar.ts).
   */
  sailing?: boolean;
}

export interface RouteRequest {
  from: LatLon;
  to: LatLon;
  objective: Objective;
  departureMs: number;
  vessel: RoutingVessel;
  /** Passage ids the route must not use (e.g. "suez", "panama"). */
  avoid?: readonly string[];
  /** Length of the fixed-distance segments of the output (default 25 nm). */
  segmentNm?: number;
  /**
   * The forecast the weather comes from: when its cycle was issued and the last time it covers
   * (beyond that the field is climatology). The weather objectives count what they charge for
   * the forecast's weather at its skill at that lead time (edge-costs.ts, forecastSkill): a storm
   * forecast ten days out is half as sure as one forecast for tomorrow. Unset: counted in full.
   */
  forecast?: { issuedMs: number; horizonEndMs: number };
  /**
   * When no route keeps the vessel's wave and wind limits: "refuse" (default) throws
   * no_route_within_limits; "route-anyway" returns the best route without them (limits_kept
   * false), for scoring a voyage whose risk is exactly that.
   */
  whenLimitsUnreachable?: "refuse" | "route-anyway";
}

export interface Snap {
  requested: LatLon;
  snapped: LatLon;
  distance_nm: number;
}

export interface RouteLeg {
  from: LatLon;
  to: LatLon;
  distance_nm: number;
  course_deg: number;
  start_ms: number;
  end_ms: number;
  /** Set when the leg runs through a named passage. */
  passage?: string;
  /**
   * Set when the route holds the ship below its own speed on this leg (speed through the water,
   * knots): the straight leg would otherwise reach its end ahead of the searched schedule, into
   * weather the search timed to miss (see TautString.straightenInWeather).
   */
  held_speed_kts?: number;
}

/** A turning point of a route as the smoothing leaves it: the leg from it may be held or in a passage. */
export interface RouteMark {
  point: LatLon;
  passage?: string;
  /** Speed held on the leg that starts here (RouteLeg.held_speed_kts). */
  heldKts?: number;
}

export interface RouteSegment {
  start: LatLon;
  end: LatLon;
  start_ms: number;
  end_ms: number;
  distance_nm: number;
  course_deg: number;
  speed_over_ground_kts: number;
  /** Conditions at the segment's midpoint and mid-time. */
  conditions: SeaConditions;
  /** True where the segment runs through a canal (land in coastline data by design). */
  in_canal: boolean;
  /**
   * The speed ordered through the water: the vessel's own, the leg's held speed
   * (RouteLeg.held_speed_kts), or a passage's speed limit. A sailing yacht's is the speed it
   * makes through the water, under sail by its polar or under engine (`propulsion`).
   */
  speed_through_water_kts: number;
  /** A sailing yacht's, outside passages: whether it sails the segment or motors. */
  propulsion?: "sail" | "motor";
  /** Set when the segment's leg is held below the vessel's speed (RouteLeg.held_speed_kts). */
  held_speed_kts?: number;
}

export interface Route {
  objective: Objective;
  waypoints: LatLon[];
  legs: RouteLeg[];
  segments: RouteSegment[];
  distance_nm: number;
  transit_h: number;
  departure_ms: number;
  eta_ms: number;
  passages: string[];
  snaps: { origin?: Snap; destination?: Snap };
  weather_source: string;
  /** False when no route kept the vessel's hard limits and this one was routed without them. */
  limits_kept: boolean;
}

/**
 * Where an end lies (moved by a snap, if any); `onRiver` when snapped onto a river fairway,
 * `onCanal` (the passage's index) when snapped onto a canal's line.
 */
export interface SnappedEnd {
  point: LatLon;
  snap?: Snap;
  onRiver?: true;
  onCanal?: number;
}

/**
 * A way from a route's end to a node of the search (a grid node or a passage's end): `points` run
 * from the end towards the node, leaving out both (the node stands for itself).
 */
export interface EndWay {
  node: number;
  lengthNm: number;
  points: LatLon[];
  /**
   * A way that sails a river fairway first (riverJoins, riverSeaWays): the fairway, and how many
   * of the way's points, from its start (the end on the river) on, are the river's.
   */
  river?: RiverStretch;
}
/** The first `points` points of a way, from the end on the river on, sail river fairway `passage`. */
export interface RiverStretch {
  passage: number;
  points: number;
}
/** A route's end as the search uses it: where it lies (moved by a snap, if any) and its ways out. */
export interface AttachedEnd {
  end: SnappedEnd;
  ways: EndWay[];
}

/** What a request may sail, as the ends' ways are found and tested. */
export interface RequestScope {
  /** The passages this request may use (PassageAllowance.ok). */
  ok: readonly boolean[];
  /** The passages (indices) whose gates legMask closes. */
  closedGates: readonly number[];
  /** Of those, the passages this request may not use (closedGates also has channel-only straits). */
  refusedGates: readonly number[];
  /** What this request's legs are tested against: the fine coastline, with closedGates as walls. */
  legMask: LandMask;
}
