import type { FastifyRequest } from "fastify";
import { AppError } from "../platform/errors";
import {
  type ApiKeyRecord,
  type ApiKeyStore,
  type Plan,
  type Scope,
  SUBSCRIPTION_PLANS,
} from "../platform/keys/api-keys";
import type { FastState, RateLimitDecision, RateLimitRule } from "../platform/limits/port";

declare module "fastify" {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
    rateLimit?: RateLimitDecision;
  }
}

/** Underwriting interface: 600 requests per minute per key (spec section 8); enterprise keys 6,000. */
export function underwritingLimits(plan: Plan): RateLimitRule[] {
  return [{ name: "uw-minute", limit: plan === "enterprise" ? 6000 : 600, windowMs: 60_000 }];
}

/**
 * Route-risk interface (spec section 8): the captain plan 1,000 requests an hour with a burst of
 * 100 a minute; fleet and enterprise are "custom" in the spec, and these are their defaults.
 */
export function routeRiskLimits(plan: Plan): RateLimitRule[] {
  const [hour, minute] =
    plan === "enterprise" ? [100_000, 10_000] : plan === "fleet" ? [10_000, 1_000] : [1_000, 100];
  return [
    { name: "rr-hour", limit: hour, windowMs: 3_600_000 },
    { name: "rr-minute", limit: minute, windowMs: 60_000 },
  ];
}

/** Plans that include the route-risk interface (and monitoring, webhooks); per-query covers the underwriting one only. */
export const ROUTE_RISK_PLANS: readonly Plan[] = SUBSCRIPTION_PLANS;

/**
 * X-API-Key check for the underwriting interface, the admin endpoints and a key's own whoami
 * and usage: 503 when the deployment has no key at all, 401 for a missing or unknown key, 403
 * when the key lacks `scope` (null: any key will do), 429 past the key's limit. Limits count
 * only requests that got this far. The key itself is never logged.
 */
export function requireUnderwritingKey(keys: ApiKeyStore, state: FastState, scope: Scope | null) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await keys.hasKeys())) {
      throw new AppError("no_keys_configured", "this deployment has no API key configured", {
        retry_after_s: 60,
      });
    }
    const record = await authenticate(keys, request);
    if (scope !== null) checkScope(record, scope);
    await consume(state, request, record.id, underwritingLimits(record.plan));
  };
}

/**
 * X-API-Key check for the fleet operators' interfaces (route-risk; monitored voyages and
 * webhooks with their own scopes): 401 for a missing or unknown key (also when the deployment
 * has none), 402 when the key's plan does not include them, 403 when the key lacks `scope`, 429
 * past the plan's limits (one budget per key across these interfaces). Limits count only
 * requests that got this far.
 */
export function requireSubscriptionKey(keys: ApiKeyStore, state: FastState, scope: Scope) {
  return async (request: FastifyRequest): Promise<void> => {
    const record = await authenticate(keys, request);
    if (!ROUTE_RISK_PLANS.includes(record.plan)) {
      throw new AppError(
        "subscription_required",
        `this interface needs a ${ROUTE_RISK_PLANS.slice(0, -1).join(", ")} or ${ROUTE_RISK_PLANS.at(-1)} plan; this key's plan is ${record.plan}`,
        { plan: record.plan, plans: [...ROUTE_RISK_PLANS] },
      );
    }
    checkScope(record, scope);
    await consume(state, request, record.id, routeRiskLimits(record.plan));
  };
}

/** The OpenAPI security scheme every key check names (the X-API-Key header; openapi.ts). */
export const API_KEY_SCHEME = "apiKey";

/**
 * A key check as a route group declares it: the hook that runs it and the OpenAPI security
 * requirement that names the scope it checks (OpenAPI 3.1 lets an apiKey requirement list the
 * roles it needs; none: any key will do). The group runs `check` as its preValidation hook, so a
 * caller without the key is answered 401/402/403 whatever it sent, as before any body is read.
 */
export interface KeyCheck {
  check: (request: FastifyRequest) => Promise<void>;
  security: Array<Record<string, string[]>>;
}

const securityFor = (scope: Scope | null) => [{ [API_KEY_SCHEME]: scope === null ? [] : [scope] }];

/** requireUnderwritingKey as a route group declares it. */
export const underwritingKeyCheck = (
  keys: ApiKeyStore,
  state: FastState,
  scope: Scope | null,
): KeyCheck => ({
  check: requireUnderwritingKey(keys, state, scope),
  security: securityFor(scope),
});

/** requireSubscriptionKey as a route group declares it. */
export const subscriptionKeyCheck = (
  keys: ApiKeyStore,
  state: FastState,
  scope: Scope,
): KeyCheck => ({
  check: requireSubscriptionKey(keys, state, scope),
  security: securityFor(scope),
});

async function authenticate(keys: ApiKeyStore, request: FastifyRequest): Promise<ApiKeyRecord> {
  const presented = request.headers["x-api-key"];
  if (typeof presented !== "string" || presented.length === 0) {
    throw new AppError("missing_api_key", "send your API key in the X-API-Key header");
  }
  const record = await keys.authenticate(presented);
  if (!record)
    throw new AppError("invalid_api_key", "the X-API-Key is not valid or has been revoked");
  request.apiKey = record;
  request.log.info({ key_id: record.id }, "authenticated");
  return record;
}

async function consume(
  state: FastState,
  request: FastifyRequest,
  keyId: string,
  rules: RateLimitRule[],
): Promise<void> {
  const decision = await state.consume(keyId, rules);
  request.rateLimit = decision;
  if (!decision.allowed) {
    throw new AppError(
      "rate_limited",
      `rate limit of ${decision.limit} requests per window exceeded`,
      {
        retry_after_s: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
      },
    );
  }
}

/** X-RateLimit-* headers for a decision (Reset as epoch seconds). */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(Math.ceil(d.resetAtMs / 1000)),
  };
}

/** 403 unless the key holds the scope (README's scope table says which interface needs which). */
export function checkScope(record: Pick<ApiKeyRecord, "scopes">, scope: Scope): void {
  if (!record.scopes.includes(scope)) {
    throw new AppError("forbidden", `this key lacks the '${scope}' scope`, { scope });
  }
}
