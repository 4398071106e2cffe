import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ensembleAnalysisRequest, ensembleAnalysisResponse } from "../contracts/api/ensemble";
import type { VoyageRiskRequest, VoyageRiskResponse } from "../contracts/api/underwriting";
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
import type { KeyCheck } from "./auth";
import { answer, errorAnswer, pathId } from "./openapi";

export interface EnsembleRoutesOptions {
  /** The underwriting scope's key check: an analysis is metered as an underwriting voyage. */
  key: KeyCheck;
  analyses: EnsembleAnalyses;
  registry: CycleRegistry;
  now: () => number;
  bus: EventBus;
}

const tags = ["ensemble analyses"];
const forbidden = errorAnswer("the key lacks the underwriting scope (forbidden)");

/**
 * Ensemble analyses: asked for with POST (202: the forecast is chosen now, the work is done by
 * streams/ensemble), read with GET (pending, ready with the voyage-risk answer, or failed with
 * why). The asking key's webhooks for ensemble.ready hear when it is done.
 */
export const ensembleRoutes: FastifyPluginAsyncZod<EnsembleRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;

  app.post(
    "/api/v1/ensemble-analyses",
    {
      schema: {
        tags,
        summary:
          "Ask for a full ensemble analysis of a voyage (every option on); ensemble.ready when done",
        description:
          "Answers 202 at once with the analysis' id: the forecast is chosen now, the analysis is computed by the ensemble stream, and the key's webhooks for ensemble.ready hear when it is ready (or failed). Metered as one underwriting voyage.",
        security,
        body: ensembleAnalysisRequest,
        response: {
          202: answer(
            "accepted, pending; Location names where to read it",
            ensembleAnalysisResponse,
          ),
          400: errorAnswer("malformed JSON or an invalid field"),
          401: errorAnswer("missing or invalid X-API-Key"),
          403: forbidden,
          503: errorAnswer(
            "no usable forecast cycle (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
          ),
        },
      },
    },
    async (request, reply) => {
      const { fleet_id, ...voyage } = request.body;
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

  app.get(
    "/api/v1/ensemble-analyses/:id",
    {
      schema: {
        tags,
        summary: "An ensemble analysis: pending, ready with the voyage-risk answer, or failed",
        security,
        params: z.object({ id: pathId }),
        response: {
          200: answer("the analysis", ensembleAnalysisResponse),
          403: forbidden,
          404: errorAnswer("no such analysis for this key (not_found)"),
        },
      },
    },
    async (request) => {
      const record = await deps.analyses.get(request.params.id, request.apiKey?.id ?? null);
      if (!record) {
        throw new AppError("not_found", `no ensemble analysis ${request.params.id} for this key`);
      }
      return view(record);
    },
  );
};

function view(record: AnalysisRecord) {
  const { key_id: _owner, ...shown } = record;
  // A ready analysis holds the voyage-risk answer the ensemble stream made (ensemble/analyses.ts).
  const result = shown.result as VoyageRiskResponse | null;
  return { ...shown, result, result_url: resultUrl(record.id) };
}
