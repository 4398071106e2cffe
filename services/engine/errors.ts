import type { LatLon } from "./geo/types";

/**
 * Typed failures of the engine. Each carries a stable code and the facts a caller needs (which
 * end, where, what limit); the API maps codes to HTTP statuses in its one error mapping.
 */
export class EngineError extends Error {
  constructor(
    readonly code: "invalid_input" | "on_land" | "no_route_within_limits" | "no_sea_route",
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "EngineError";
  }
}

/**
 * Origin or destination is further than the snapping distance from navigable water: inland, or
 * deep inside a closed water (a reef, bank or area to be avoided, `closedWater`), which the
 * coastline draws as sea but the router treats as land.
 */
export class OnLandError extends EngineError {
  constructor(
    readonly which: "origin" | "destination",
    readonly point: LatLon,
    readonly maxSnapNm: number,
    readonly closedWater?: { id: string; name: string },
  ) {
    super(
      "on_land",
      closedWater === undefined
        ? `${which} ${point.lat},${point.lon} is on land: no navigable water within ${maxSnapNm} nm`
        : `${which} ${point.lat},${point.lon} lies in ${closedWater.name}, closed to shipping: no navigable water within ${maxSnapNm} nm`,
      {
        which,
        lat: point.lat,
        lon: point.lon,
        max_snap_nm: maxSnapNm,
        ...(closedWater === undefined ? {} : { closed_water: closedWater }),
      },
    );
  }
}

/** A sea route exists, but every one of them breaks a hard vessel limit or a passage limit. */
export class NoRouteWithinLimitsError extends EngineError {
  constructor(message: string, details: Record<string, unknown>) {
    super("no_route_within_limits", message, details);
  }
}

/** The two points are not connected by sea at all (e.g. the Caspian and the ocean), given the avoided passages. */
export class NoSeaRouteError extends EngineError {
  constructor(message: string, details: Record<string, unknown>) {
    super("no_sea_route", message, details);
  }
}

export class InvalidInputError extends EngineError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super("invalid_input", message, details);
  }
}
