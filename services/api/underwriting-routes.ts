import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { z } from "zod";
import type { EventBus } from "../platform/events/port";
import { publishScoreRequested, publishVoyageScored } from "../underwriting/events";
import { historicalAvailability } from "../underwriting/historical-availability";
import { scoreTrack } from "../underwriting/route-score";
import { type ScoredVoyage, scoreVoyage, type UnderwritingDeps } from "../underwriting/voyage-risk";
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

/** The underwriting interface (spec 4.1-4.4): voyage-risk, route-score, historical-availability. */
export function registerUnderwritingRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: { underwriting: UnderwritingDeps; bus: EventBus },
): void {
  /**
   * Validates the body at the edge, lands ScoreRequested, runs the computation; a scored voyage
   * also lands VoyageScored (the unit of usage) before the answer leaves.
   */
  const endpoint = <S extends z.ZodType, R>(
    path: string,
    kind: string,
    schema: S,
    run: (body: z.infer<S>, ids: Ids) => Promise<R>,
  ) =>
    app.post(path, { preHandler: authenticate }, async (request: FastifyRequest) => {
      const body = schema.parse(request.body);
      const ids: Ids = {
        voyageId: randomUUID(),
        requestId: String(request.id),
        keyId: request.apiKey?.id,
      };
      await publishScoreRequested(deps.bus, { ...ids, iface: "underwriting", kind, body });
      return run(body, ids);
    });

  const scored = async (s: ScoredVoyage, ids: Ids, vesselType: string) => {
    await publishVoyageScored(deps.bus, s.response, { keyId: ids.keyId, vesselType, ...s.used });
    return s.response;
  };

  endpoint(
    "/api/v1/underwriting/voyage-risk",
    "voyage-risk",
    voyageRiskRequest,
    async (body, ids) =>
      scored(await scoreVoyage(deps.underwriting, body, ids), ids, body.vessel.type),
  );
  endpoint(
    "/api/v1/underwriting/route-score",
    "route-score",
    routeScoreRequest,
    async (body, ids) =>
      scored(await scoreTrack(deps.underwriting, body, ids), ids, body.vessel.type),
  );
  endpoint(
    "/api/v1/underwriting/historical-availability",
    "historical-availability",
    historicalAvailabilityRequest,
    (body, ids) => historicalAvailability(deps.underwriting, body, ids.requestId),
  );
}
