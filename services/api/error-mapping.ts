import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { AppError, appErrorOf, ERROR_CODES, type ErrorCode } from "../platform/errors";
import { redactUrl } from "../platform/logger";

/** The one error-to-HTTP mapping: every error leaves as {error: {code, message, request_id}}. */

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    request_id: string;
    details?: Record<string, unknown>;
  };
}

export function toAppError(err: unknown): AppError {
  // The platform's and the engine's typed failures: bad input is a 400, an infeasible voyage a
  // 422 saying which.
  const typed = appErrorOf(err);
  if (typed) return typed;
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const field = first?.path.join(".") || "(body)";
    return new AppError("validation_failed", `${field}: ${first?.message ?? "invalid"}`, {
      issues: err.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  const fe = err as Partial<FastifyError>;
  switch (fe.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("malformed_json", "request body is not valid JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", "request body is too large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type", "send Content-Type: application/json");
    // Raised by the router before any route runs (Fastify's frameworkErrors, installed below).
    case "FST_ERR_BAD_URL":
      return new AppError("validation_failed", "the URL has a malformed percent-encoding");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError(
        "validation_failed",
        `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
      );
  }
  if (fe.statusCode === 400 && typeof fe.message === "string" && /JSON/i.test(fe.message)) {
    return new AppError("malformed_json", "request body is not valid JSON");
  }
  return new AppError(
    "internal_error",
    "internal error; retry with exponential backoff and quote the request_id",
  );
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  err: unknown,
): FastifyReply {
  const appError = isIncompleteBody(err, request)
    ? new AppError("incomplete_body", "the request body ended before its Content-Length")
    : toAppError(err);
  const status = ERROR_CODES[appError.code];
  if (status >= 500 && appError.code === "internal_error")
    request.log.error({ err }, "unhandled error");
  else request.log.info({ code: appError.code }, appError.message);
  const retryAfter = appError.details?.retry_after_s;
  if (typeof retryAfter === "number") reply.header("Retry-After", String(retryAfter));
  const body: ErrorBody = {
    error: { code: appError.code, message: appError.message, request_id: String(request.id) },
  };
  if (appError.details && appError.code !== "internal_error") body.error.details = appError.details;
  return reply.status(status).send(body);
}

/**
 * A body the client cut short: fewer bytes than its Content-Length before the end, or the
 * connection closed mid-body (node's "aborted", ECONNRESET, on the request stream itself). The
 * client's doing, not an error of ours: answered 400 when anyone is left to hear it, logged at
 * info like every other client error.
 */
function isIncompleteBody(err: unknown, request: FastifyRequest): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") return true;
  return request.raw.readableAborted && (code === "ECONNRESET" || code === "ECONNABORTED");
}

/** Fastify's router's limit on a path parameter (its default): ids are far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * For the Fastify factory's `frameworkErrors`: errors the router raises before any route or
 * hook runs (a malformed URL, an over-long path parameter) leave in the same envelope as the rest.
 */
export function sendFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No hook runs for these, so the request id header the onSend hook sets is set here.
  reply.header("X-Request-Id", String(request.id));
  sendError(reply, request, err);
}

export function installErrorMapping(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => sendError(reply, request, err));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      request,
      // The URL may carry a key (a client's ?api_key=): the message is logged and answered.
      new AppError("not_found", `no route ${request.method} ${redactUrl(request.url)}`),
    ),
  );
}
