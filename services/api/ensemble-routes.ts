import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import {
  type AnalysisRecord,
  type EnsembleAnalyses,
  publishAnalysisRequested,
  resultUrl,
} from "../ensemble/analyses";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { forecastFor } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import { ensembleAnalysisRequest } from "./schemas/ensemble";
import type { VoyageRiskRequest } from "./schemas/underwriting";

export interface EnsembleRoutesDeps {
  analyses: EnsembleAnalyses;
  registry: CycleRegistry;
  now: () => number;
  bus: EventBus;
}

/**
 * Ensemble analyses: asked for with POST (202: the forecast is chosen now, the work is done by
 * streams/ensemble), read with GET (pending, ready with the voyage-risk answer, or failed with
 * why). The asking key's webhooks for ensemble.ready hear when it is done.
 */
export function registerEnsembleRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: EnsembleRoutesDeps,
): void {
  app.post(
    "/api/v1/ensemble-analyses",
    { preHandler: authenticate },
    async (request: FastifyRequest, reply) => {
      const { fleet_id, ...voyage } = ensembleAnalysisRequest.parse(request.body);
      const body: VoyageRiskRequest = {
        ...voyage,
        options: {
          ensemble_routing: true,
          include_historical_baseline: true,
          include_compliance_check: true,
        },
      };
      const nowMs = deps.now();
      // Refused now (503, 422 for the departure) rather than failing later in the stream.
      const forecast = forecastFor(
        deps.registry,
        nowMs,
        Date.parse(body.voyage.departure_utc),
        "voyage.departure_utc",
      );
      const record: AnalysisRecord = {
        id: randomUUID(),
        key_id: request.apiKey?.id ?? null,
        fleet_id: fleet_id ?? null,
        status: "pending",
        requested_at: new Date(nowMs).toISOString(),
        completed_at: null,
        result: null,
        error: null,
      };
      await deps.analyses.put(record);
      await publishAnalysisRequested(
        deps.bus,
        { id: record.id, keyId: record.key_id, fleetId: record.fleet_id, body, forecast },
        nowMs,
      );
      return reply.status(202).header("Location", resultUrl(record.id)).send(view(record));
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/v1/ensemble-analyses/:id",
    { preHandler: authenticate },
    async (request) => {
      const record = await deps.analyses.get(request.params.id, request.apiKey?.id ?? null);
      if (!record) {
        throw new AppError("not_found", `no ensemble analysis ${request.params.id} for this key`);
      }
      return view(record);
    },
  );
}

function view(record: AnalysisRecord) {
  const { key_id: _owner, ...shown } = record;
  return { ...shown, result_url: resultUrl(record.id) };
}
