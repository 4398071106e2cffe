import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RISK_BANDS, routeRiskRequest, routeRiskResponse } from "../contracts/api/route-risk";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { publishRouteRiskScored } from "../route-risk/events";
import type { RouteResults } from "../route-risk/results";
import type { Scorer } from "../scoring/scorer";
import { publishScoreRequested } from "../underwriting/events";
import { forecastFor } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import { type KeyCheck, ROUTE_RISK_PLANS, routeRiskLimits } from "./auth";
import { answer, errorAnswer, pathId, SUBSCRIPTION_PLANS_TEXT, withExamples } from "./openapi";

export interface RouteRiskRoutesOptions {
  /** The route-risk scope's key check (a subscription plan's key). */
  key: KeyCheck;
  scorer: Scorer;
  registry: CycleRegistry;
  results: RouteResults;
  now: () => number;
  bus: EventBus;
}

/** The route-risk request the document shows (and its test sends through the schema). */
export const ROUTE_RISK_EXAMPLE = {
  origin: { lat: 51.98, lon: 3.9, name: "Rotterdam" },
  destination: { lat: 40.45, lon: -73.8, name: "New York" },
  departure_time: "2026-12-01T06:00:00Z",
  vessel: {
    vessel_type: "container_ship",
    loa_m: 300,
    beam_m: 48,
    draft_m: 14,
    displacement_t: 150000,
    cruising_speed_kts: 18,
  },
  objective: "safest",
  ensemble: true,
  insurance: {
    include_exposure_hours: true,
    include_exceedance_counts: true,
    include_loss_probability: true,
    include_confidence_intervals: true,
    thresholds: { wind_kts: 34, wave_m: 4 },
  },
};

const limitsText = ROUTE_RISK_PLANS.map((plan) => {
  const [hour, minute] = routeRiskLimits(plan);
  return `${plan} ${hour?.limit}/hour with a burst of ${minute?.limit}/minute`;
}).join("; ");

const tags = ["route-risk"];

/** The route-risk interface (spec 4.5, 4.6): score a route; look a scored route up by its id. */
export const routeRiskRoutes: FastifyPluginAsyncZod<RouteRiskRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;

  app.post(
    "/api/v1/route-risk",
    {
      schema: {
        tags,
        summary:
          "Route a vessel for an objective and score it: composite risk, band, segments, the other objectives' routes, ensemble ETA and cone, insurance metrics",
        description: `Plans: ${SUBSCRIPTION_PLANS_TEXT} (a per-query key gets 402); scope route-risk (403 without); the insurance fields need the insurance scope (403). Limits: ${limitsText}; every answer to an entitled key carries X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (of the binding window; the limits are sliding windows, Reset the epoch second its oldest counted request leaves it). Bands: ${RISK_BANDS.join(", ")} (from 0, 20, 40, 60, 80). Required: origin, destination, departure_time, vessel.vessel_type; objective defaults to safest; vessel.max_wave_m and vessel.max_wind_kts, when stated, are hard limits (422 no_route_within_limits when no route keeps them); otherwise the type's limits are kept wherever a route can keep them (route.limits_kept says whether it did).`,
        security,
        body: withExamples(routeRiskRequest, { rotterdam_new_york: ROUTE_RISK_EXAMPLE }),
        response: {
          200: answer(
            "the scored route; kept for GET /api/v1/route-risk/{route_id}",
            routeRiskResponse,
          ),
          400: errorAnswer("malformed JSON, a missing field or an invalid coordinate"),
          401: errorAnswer("missing or invalid X-API-Key"),
          402: errorAnswer("the key's plan does not include route-risk (subscription_required)"),
          403: errorAnswer(
            "the key lacks the route-risk scope, or the insurance scope for insurance fields",
          ),
          422: errorAnswer("origin or destination on land, or no path within the vessel's limits"),
          429: errorAnswer("rate limit exceeded (Retry-After, X-RateLimit-*)"),
          500: errorAnswer("routing engine failure: retry with exponential backoff"),
          503: errorAnswer(
            "no usable forecast cycle (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea): retry after Retry-After",
          ),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const ins = body.insurance;
      // The insurance fields are gated on the key's scope, checked before any work is done.
      const wantsInsurance =
        ins !== undefined &&
        (ins.include_exposure_hours ||
          ins.include_exceedance_counts ||
          ins.include_loss_probability);
      if (wantsInsurance && !request.apiKey?.scopes.includes("insurance")) {
        throw new AppError(
          "forbidden",
          "the insurance fields need a key with the 'insurance' scope",
          {
            scope: "insurance",
          },
        );
      }
      const nowMs = deps.now();
      const forecast = forecastFor(
        deps.registry,
        nowMs,
        Date.parse(body.departure_time),
        "departure_time",
      );
      const ids = { routeId: randomUUID(), requestId: String(request.id) };
      const keyId = request.apiKey?.id;
      await publishScoreRequested(deps.bus, {
        voyageId: ids.routeId,
        requestId: ids.requestId,
        keyId,
        iface: "route-risk",
        kind: "route-risk",
        body,
        occurredAt: nowMs,
      });
      const scored = await deps.scorer.run({ kind: "route-risk", body, ids, forecast });
      await deps.results.put(scored.response, keyId);
      await publishRouteRiskScored(deps.bus, scored.response, {
        keyId,
        vesselType: body.vessel.vessel_type,
        ...scored.used,
        occurredAt: nowMs,
      });
      return scored.response;
    },
  );

  app.get(
    "/api/v1/route-risk/:route_id",
    {
      schema: {
        tags,
        summary: "A route-risk answer by its route_id",
        description:
          "From Redis for ROUTE_RESULT_TTL_S (default 24 h) after the answer, then from ClickHouse (the RouteRiskResult event).",
        security,
        params: z.object({ route_id: pathId }),
        response: {
          200: answer("the answer as first served", routeRiskResponse),
          401: errorAnswer("missing or invalid X-API-Key"),
          402: errorAnswer("the key's plan does not include route-risk"),
          404: errorAnswer("no route with this id (not_found)"),
        },
      },
    },
    async (request) => {
      const found = await deps.results.get(request.params.route_id, request.apiKey?.id);
      if (!found) {
        throw new AppError("not_found", `no route ${request.params.route_id}`, {
          route_id: request.params.route_id,
        });
      }
      return found.response;
    },
  );
};
