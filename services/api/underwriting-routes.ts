import { randomUUID } from "node:crypto";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { EventBus } from "../platform/events/port";
import { publishScoreRequested, publishVoyageScored } from "../underwriting/events";
import { historicalAvailability } from "../underwriting/historical-availability";
import { scoreTrack } from "../underwriting/route-score";
import { scoreVoyage, type UnderwritingDeps } from "../underwriting/voyage-risk";
import {
  historicalAvailabilityRequest,
  routeScoreRequest,
  voyageRiskRequest,
} from "./schemas/underwriting";

/** The underwriting interface (spec 4.1-4.4): voyage-risk so far. */
export function registerUnderwritingRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: { underwriting: UnderwritingDeps; bus: EventBus },
): void {
  app.post("/api/v1/underwriting/voyage-risk", { preHandler: authenticate }, async (request) => {
    const body = voyageRiskRequest.parse(request.body);
    const voyageId = randomUUID();
    const requestId = String(request.id);
    const keyId = request.apiKey?.id;
    await publishScoreRequested(deps.bus, {
      voyageId,
      requestId,
      keyId,
      iface: "underwriting",
      kind: "voyage-risk",
      body,
    });
    const { response, used } = await scoreVoyage(deps.underwriting, body, { voyageId, requestId });
    await publishVoyageScored(deps.bus, response, {
      keyId,
      vesselType: body.vessel.type,
      ...used,
    });
    return response;
  });

  app.post(
    "/api/v1/underwriting/historical-availability",
    { preHandler: authenticate },
    async (request) => {
      const body = historicalAvailabilityRequest.parse(request.body);
      await publishScoreRequested(deps.bus, {
        voyageId: randomUUID(),
        requestId: String(request.id),
        keyId: request.apiKey?.id,
        iface: "underwriting",
        kind: "historical-availability",
        body,
      });
      return historicalAvailability(deps.underwriting, body, String(request.id));
    },
  );

  app.post("/api/v1/underwriting/route-score", { preHandler: authenticate }, async (request) => {
    const body = routeScoreRequest.parse(request.body);
    const voyageId = randomUUID();
    const requestId = String(request.id);
    const keyId = request.apiKey?.id;
    await publishScoreRequested(deps.bus, {
      voyageId,
      requestId,
      keyId,
      iface: "underwriting",
      kind: "route-score",
      body,
    });
    const { response, used } = await scoreTrack(deps.underwriting, body, { voyageId, requestId });
    await publishVoyageScored(deps.bus, response, {
      keyId,
      vesselType: body.vessel.type,
      ...used,
    });
    return response;
  });
}
