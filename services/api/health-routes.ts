import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponse } from "../contracts/api/health";
import type { Platform } from "../platform/platform";
import type { CycleRegistry } from "../weather/cycle-registry";
import { type Drain, HEALTH_PATH } from "./drain";
import { healthReport } from "./health";
import { answer } from "./openapi";

export interface HealthRoutesOptions {
  platform: Platform;
  registry: CycleRegistry;
  now: () => number;
  drain: Drain;
}

/** Health needs no key: callers and load balancers check it before spending a request. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, deps) => {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        tags: ["health"],
        summary: "API status, dependencies and per-model forecast-cycle freshness (no key needed)",
        description:
          "Besides the dependencies and each model's latest cycle, `weather_feeds` tells what the weather feeds (real cycles fetched from NOAA's and ECMWF's open data) last did: per model the last poll and its result, the last cycle landed, the bytes fetched, and the lag behind the provider's usual publication time. In the embedded default no feed runs unless WEATHER_FEEDS is set, and the note says so.",
        response: {
          200: answer("every dependency up and a usable forecast cycle", healthResponse),
          503: answer(
            "degraded: a dependency is down or no forecast cycle is usable; draining: the instance is shutting down",
            healthResponse,
          ),
        },
      },
    },
    async (_request, reply) => {
      const report = await healthReport(
        deps.platform,
        deps.registry,
        deps.now(),
        deps.drain.draining,
      );
      return reply.status(report.status === "ok" ? 200 : 503).send(report);
    },
  );
};
