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

/** Origin or destination is further inland than the snapping distance. */
export class OnLandError extends EngineError {
  constructor(
    readonly which: "origin" | "destination",
    readonly point: LatLon,
    readonly maxSnapNm: number,
  ) {
    super(
      "on_land",
      `${which} ${point.lat},${point.lon} is on land: no navigable water within ${maxSnapNm} nm`,
      { which, lat: point.lat, lon: point.lon, max_snap_nm: maxSnapNm },
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
