import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { publishRouteRiskScored } from "../route-risk/events";
import type { RouteResults } from "../route-risk/results";
import type { Scorer } from "../scoring/scorer";
import { publishScoreRequested } from "../underwriting/events";
import { forecastFor } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import { routeRiskRequest } from "./schemas/route-risk";

export interface RouteRiskRoutesDeps {
  scorer: Scorer;
  registry: CycleRegistry;
  results: RouteResults;
  now: () => number;
  bus: EventBus;
}

/** The route-risk interface (spec 4.5, 4.6): score a route; look a scored route up by its id. */
export function registerRouteRiskRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: RouteRiskRoutesDeps,
): void {
  app.post("/api/v1/route-risk", { preHandler: authenticate }, async (request: FastifyRequest) => {
    const body = routeRiskRequest.parse(request.body);
    const ins = body.insurance;
    // The insurance fields are gated on the key's scope, checked before any work is done.
    const wantsInsurance =
      ins !== undefined &&
      (ins.include_exposure_hours || ins.include_exceedance_counts || ins.include_loss_probability);
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
  });

  app.get<{ Params: { route_id: string } }>(
    "/api/v1/route-risk/:route_id",
    { preHandler: authenticate },
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
}
