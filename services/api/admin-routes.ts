import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { AppError } from "../platform/errors";
import type { WeatherRuntime } from "../weather/runtime";
import { requireScope } from "./auth";

const landCycleBody = z.object({
  model: z.literal("synthetic", { message: "only 'synthetic' cycles can be landed without files" }),
});

/** Operator endpoints: keys with the `admin` scope. */
export function registerAdminRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  weather: WeatherRuntime,
): void {
  const admin = { preHandler: [authenticate, requireScope("admin")] };

  // Lands the next synthetic cycle in model time (6 h after the latest), so a demo or a test can
  // move the weather on without waiting; every monitored voyage is re-scored against it.
  app.post("/api/v1/admin/weather-cycles", admin, async (request, reply) => {
    const body = landCycleBody.parse(request.body ?? {});
    const scheduler = weather.scheduler;
    if (!scheduler) {
      throw new AppError(
        "synthetic_cycles_disabled",
        "this deployment does not land synthetic cycles (WEATHER_SYNTHETIC_CYCLES=false)",
      );
    }
    const cycleMs = await scheduler.landNext();
    const info = weather.registry.find(body.model, cycleMs);
    return reply.status(201).send({
      model: body.model,
      cycle_utc: new Date(cycleMs).toISOString(),
      members: info?.members,
      horizon_h: info?.horizonH,
      synthetic: true,
    });
  });
}
