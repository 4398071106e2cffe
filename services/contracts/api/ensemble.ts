import { z } from "zod";
import { monitoredVoyageRequest } from "./monitoring";
import { voyageRiskRequest, voyageRiskResponse } from "./underwriting";

/**
 * Ensemble analyses (webhook event ensemble.ready, spec 6.1): the voyage-risk request without
 * options (every option is on: ensemble routing, historical baseline, compliance check),
 * answered 202 at once and computed by streams/ensemble.
 */
export const ensembleAnalysisRequest = z
  .object({
    vessel: voyageRiskRequest.shape.vessel,
    voyage: voyageRiskRequest.shape.voyage,
    fleet_id: monitoredVoyageRequest.shape.fleet_id.describe(
      "the fleet it is for: webhooks limited to a fleet receive its ensemble.ready",
    ),
  })
  .strict();
export type EnsembleAnalysisRequest = z.infer<typeof ensembleAnalysisRequest>;

export const ensembleAnalysisResponse = z.object({
  id: z.string(),
  status: z.enum(["pending", "ready", "failed"]),
  fleet_id: z.string().nullable(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  result_url: z.string().describe("GET it with the asking key"),
  result: voyageRiskResponse.nullable().describe("the voyage-risk answer, once ready"),
  error: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe(
      "why it could not be made (on_land, no_sea_route, weather_unavailable, weather_incomplete, ...)",
    ),
});
