import { z } from "zod";
import { isoUtc } from "./common";

/**
 * The health answer (GET /api/v1/underwriting/health), for the OpenAPI document; the tests
 * parse real answers with it, so it cannot drift from services/api/health.ts.
 */

const dependency = z.object({
  adapter: z
    .string()
    .describe('adapter in use: "kafka", "memory", "clickhouse", "embedded", "redis"'),
  status: z.enum(["up", "down"]),
  latency_ms: z.number().describe("round trip of the real request used as the probe"),
  detail: z.string().optional().describe("where it points (no credentials) or why it is down"),
});

const modelFreshness = z.object({
  model: z.string(),
  latest_cycle_utc: isoUtc,
  age_h: z.number().describe("hours from the latest cycle's initialisation to now"),
  cadence_h: z.number(),
  stale: z.boolean().describe("older than three cadences: cycles were missed"),
  synthetic: z.boolean(),
  cycles_loaded: z.number().int(),
});

export const feedHealth = z
  .object({
    model: z.string().describe("the model the feed lands (gfs, gefs, ecmwf-ens)"),
    provider: z.string().describe("NOAA open data (NODD) or ECMWF open data"),
    last_poll_utc: isoUtc.describe("when the feed last looked for a newer complete cycle"),
    last_poll_result: z
      .enum(["landed", "up_to_date", "not_published", "failed"])
      .describe(
        "landed: it fetched and landed a cycle; up_to_date: the newest complete cycle was already landed; not_published: no complete cycle on the server among the recent ones; failed: see last_error",
      ),
    last_error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe("why the last poll did not land (feed_unreachable, feed_bad_grib, ...)"),
    last_cycle_utc: isoUtc.nullable().describe("the newest cycle the feed landed"),
    last_landed_utc: isoUtc.nullable().describe("when it landed"),
    bytes_fetched: z.number().int().describe("GRIB2 bytes the feed has fetched, all cycles"),
    last_cycle_bytes: z.number().int().nullable().describe("GRIB2 bytes of the last cycle fetched"),
    publication_delay_h: z
      .number()
      .describe(
        "hours after its initialisation at which the provider usually has a cycle out whole",
      ),
    expected_cycle_utc: isoUtc.describe(
      "the newest cycle the provider has usually published by now",
    ),
    lag_h: z
      .number()
      .describe(
        "hours since the provider published the first cycle the feed has not landed (0 when it has the newest)",
      ),
  })
  .strict();

export const feedsHealth = z.union([
  z
    .object({
      runs_in: z
        .enum(["this process", "stream weather-feed"])
        .describe(
          "embedded: the serving process polls; platform: `voyage-risk stream weather-feed` does",
        ),
      configured: z
        .array(z.string())
        .nullable()
        .describe("models this process polls (WEATHER_FEEDS; null in platform mode)"),
      note: z.string().describe("in words: no feed configured, none reporting, or who is behind"),
      feeds: z.array(feedHealth),
    })
    .strict(),
  z.object({ error: z.string() }).strict().describe("the feeds' state could not be read"),
]);

export const healthResponse = z.object({
  status: z
    .enum(["ok", "degraded", "draining"])
    .describe(
      "degraded: a dependency is down or no forecast cycle is usable; draining: shutting down",
    ),
  api_version: z.string(),
  mode: z.enum(["embedded", "platform"]),
  checked_at_utc: isoUtc,
  dependencies: z.object({
    bus: z.array(dependency),
    analytics: dependency,
    limiter: dependency,
  }),
  weather_models: z.array(modelFreshness).describe("per model with a landed cycle: its freshness"),
  weather_feeds: feedsHealth.describe(
    "the weather feeds fetching real cycles from their providers: per model the last poll, the last cycle landed, the lag behind the provider's publication and the bytes fetched; or why none runs",
  ),
});
