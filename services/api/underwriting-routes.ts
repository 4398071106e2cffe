import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { z } from "zod";
import type { EventBus } from "../platform/events/port";
import type { Scorer } from "../scoring/scorer";
import { publishScoreRequested, publishVoyageScored } from "../underwriting/events";
import { trackDeparture } from "../underwriting/route-score";
import { forecastFor, type ScoredVoyage } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import {
  historicalAvailabilityRequest,
  routeScoreRequest,
  voyageRiskRequest,
} from "./schemas/underwriting";

interface Ids {
  voyageId: string;
  requestId: string;
  keyId?: string;
}

export interface UnderwritingRoutesDeps {
  scorer: Scorer;
  /** Landed forecast cycles: each request's forecast is chosen here, when it arrives. */
  registry: CycleRegistry;
  now: () => number;
  bus: EventBus;
}

/** The underwriting interface (spec 4.1-4.4): voyage-risk, route-score, historical-availability. */
export function registerUnderwritingRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: UnderwritingRoutesDeps,
): void {
  /**
   * Validates the body at the edge, lands ScoreRequested, runs the computation; a scored voyage
   * also lands VoyageScored (the unit of usage) before the answer leaves.
   */
  const endpoint = <S extends z.ZodType, R>(
    path: string,
    kind: string,
    schema: S,
    run: (body: z.infer<S>, ids: Ids, nowMs: number) => Promise<R>,
  ) =>
    app.post(path, { preHandler: authenticate }, async (request: FastifyRequest) => {
      const body = schema.parse(request.body);
      const ids: Ids = {
        voyageId: randomUUID(),
        requestId: String(request.id),
        keyId: request.apiKey?.id,
      };
      const nowMs = deps.now();
      await publishScoreRequested(deps.bus, {
        ...ids,
        iface: "underwriting",
        kind,
        body,
        occurredAt: nowMs,
      });
      return run(body, ids, nowMs);
    });

  const scored = async (s: ScoredVoyage, ids: Ids, vesselType: string, nowMs: number) => {
    await publishVoyageScored(deps.bus, s.response, {
      keyId: ids.keyId,
      vesselType,
      ...s.used,
      occurredAt: nowMs,
    });
    return s.response;
  };
  const scoreIds = (ids: Ids) => ({ voyageId: ids.voyageId, requestId: ids.requestId });

  endpoint(
    "/api/v1/underwriting/voyage-risk",
    "voyage-risk",
    voyageRiskRequest,
    async (body, ids, nowMs) => {
      const departureMs = Date.parse(body.voyage.departure_utc);
      const forecast = forecastFor(deps.registry, nowMs, departureMs, "voyage.departure_utc");
      const s = await deps.scorer.run({ kind: "voyage-risk", body, ids: scoreIds(ids), forecast });
      return scored(s, ids, body.vessel.type, nowMs);
    },
  );
  endpoint(
    "/api/v1/underwriting/route-score",
    "route-score",
    routeScoreRequest,
    async (body, ids, nowMs) => {
      const { departureMs, field } = trackDeparture(body);
      const forecast = forecastFor(deps.registry, nowMs, departureMs, field);
      const s = await deps.scorer.run({ kind: "route-score", body, ids: scoreIds(ids), forecast });
      return scored(s, ids, body.vessel.type, nowMs);
    },
  );
  endpoint(
    "/api/v1/underwriting/historical-availability",
    "historical-availability",
    historicalAvailabilityRequest,
    (body, ids, nowMs) =>
      deps.scorer.run({
        kind: "historical-availability",
        body,
        requestId: ids.requestId,
        nowMs,
      }),
  );
}
