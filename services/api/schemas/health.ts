import { z } from "zod";

const dependency = z.object({
  adapter: z.string().describe('adapter in use, e.g. "kafka", "memory", "clickhouse", "redis"'),
  status: z.enum(["up", "down"]),
  latency_ms: z.number().describe("round-trip time of the real request used as the probe"),
  detail: z.string().optional().describe("where it points (no credentials) or why it is down"),
});

/** GET /api/v1/underwriting/health (services/api/health.ts builds it). */
export const healthResponse = z.object({
  status: z
    .enum(["ok", "degraded", "draining"])
    .describe("draining: the instance is shutting down (after SIGTERM) and takes no new work"),
  api_version: z.string(),
  mode: z.enum(["embedded", "platform"]),
  checked_at_utc: z.string(),
  dependencies: z.object({
    bus: z.array(dependency),
    analytics: dependency,
    limiter: dependency,
  }),
  weather_models: z
    .array(
      z.object({
        model: z.string(),
        latest_cycle_utc: z.string(),
        age_h: z.number().describe("hours from the cycle's initialisation time to now"),
        cadence_h: z.number(),
        stale: z.boolean().describe("the latest cycle is older than three cadences"),
        synthetic: z.boolean(),
        cycles_loaded: z.number().int(),
      }),
    )
    .describe("per-model forecast-cycle freshness, one entry per model with a landed cycle"),
});
