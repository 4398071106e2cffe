import { EngineError } from "../engine/errors";

/**
 * Typed errors with stable codes. Code decides the HTTP status in exactly one place
 * (services/api/error-mapping.ts); messages are for humans and never carry internals.
 */
export const ERROR_CODES = {
  malformed_json: 400,
  validation_failed: 400,
  /** The body ended before its Content-Length: the client cut it short or went away. */
  incomplete_body: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  subscription_required: 402,
  forbidden: 403,
  not_found: 404,
  synthetic_cycles_disabled: 409,
  ingest_failed: 422,
  on_land: 422,
  no_route_within_limits: 422,
  no_sea_route: 422,
  /** A webhook URL the platform will not POST to (private address, credentials, no DNS). */
  destination_refused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  no_keys_configured: 503,
  weather_unavailable: 503,
  /**
   * No source has a condition the score stands on (the waves, the wind): the voyage is refused
   * rather than scored on a flat sea (services/underwriting/weather-choice.ts).
   */
  weather_incomplete: 503,
  dependency_unavailable: 503,
  /** The instance is draining after SIGTERM: retry (another instance answers). */
  shutting_down: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra, safe-to-show facts (e.g. which field, retry-after seconds). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * A typed failure as the platform's error: an AppError as it is, the engine's (bad input is
 * validation_failed, an infeasible voyage keeps its code). Undefined for anything else, which
 * the caller maps (the API: framework errors, else internal_error).
 */
export function appErrorOf(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof EngineError) {
    return new AppError(
      err.code === "invalid_input" ? "validation_failed" : err.code,
      err.message,
      err.details,
    );
  }
  return undefined;
}
