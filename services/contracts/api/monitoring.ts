import { z } from "zod";
import { underwritingVessel, voyageRiskRequest } from "./underwriting";

/**
 * Monitored voyages (issue 7, spec sections 3 and 6): a voyage registered once, re-scored on
 * every forecast cycle, its band changes and threshold crossings pushed as webhooks.
 */
export const monitoredVoyageRequest = z
  .object({
    vessel: underwritingVessel,
    voyage: voyageRiskRequest.shape.voyage,
    thresholds: z
      .object({
        wind_kts: z.number().positive().max(150).optional(),
        wave_m: z.number().positive().max(30).optional(),
        index: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe("alert when the Voyage Severity Index crosses this value"),
      })
      .strict()
      .default({})
      .describe(
        "alert thresholds; a band change always alerts. Unstated wind and wave: the vessel's limits",
      ),
    fleet_id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "fleet_id: 1-64 letters, digits, . _ -")
      .optional(),
  })
  .strict();
export type MonitoredVoyageRequest = z.infer<typeof monitoredVoyageRequest>;

const scorePoint = z.object({
  scored_at_utc: z.string(),
  index: z.number(),
  band: z.string(),
  weather_model: z.string(),
  weather_cycle_utc: z.string(),
  weather_synthetic: z.boolean(),
  eta_p50_utc: z.string(),
  peak_hs_m: z.number(),
  peak_wind_kts: z.number(),
  interface: z.string(),
});

export const monitoredVoyageResponse = z.object({
  id: z.string(),
  status: z.enum(["active", "stopped", "completed"]),
  key_id: z.string().nullable(),
  fleet_id: z.string().nullable(),
  vessel_id: z.string().describe("the IMO number when given, else the voyage id"),
  vessel: z.unknown(),
  voyage: z.unknown(),
  route: z
    .array(z.tuple([z.number(), z.number()]))
    .describe("the route scored at registration, [lon, lat] waypoints; re-scores sail it"),
  thresholds: z.record(z.string(), z.number()),
  departure_utc: z.string(),
  registered_at_utc: z.string(),
  stopped_at_utc: z.string().nullable(),
  latest: scorePoint.nullable(),
  history: z.array(scorePoint).describe("oldest first, at most 400"),
});
