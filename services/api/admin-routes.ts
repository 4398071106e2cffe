import { resolve, sep } from "node:path";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { cycleLandedEvent, landCycle } from "../weather/cycle-events";
import { IngestError, ingestGribFiles } from "../weather/ingest";
import type { WeatherRuntime } from "../weather/runtime";

/** Files named in an ingest request are looked up here, and nowhere else on the server. */
export const INBOX = "inbox";

const landCycleBody = z.union([
  z.object({ model: z.literal("synthetic") }).strict(),
  z
    .object({
      model: z.string().min(1).max(64),
      files: z
        .array(
          z
            .string()
            .min(1)
            .max(255)
            .regex(/^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/, "a file name inside WEATHER_DIR/inbox")
            .refine((f) => !f.split("/").includes(".."), "no '..' in file names"),
        )
        .min(1)
        .max(1000),
    })
    .strict(),
]);

/** Operator endpoints; `authenticate` checks the `admin` scope. */
export function registerAdminRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: { weather: WeatherRuntime; bus: EventBus; weatherDir: string; now: () => number },
): void {
  const admin = { preHandler: authenticate };
  const { weather } = deps;

  // {"model": "synthetic"}: lands a synthetic cycle initialised now, used at once by scores and
  // re-scores, so a demo or a test can move the weather on without waiting.
  // {"model": "gefs", "files": [...]}: ingests GRIB2 files already in WEATHER_DIR/inbox.
  app.post("/api/v1/admin/weather-cycles", admin, async (request, reply) => {
    const body = landCycleBody.parse(request.body ?? {});
    if (!("files" in body)) {
      const scheduler = weather.scheduler;
      if (!scheduler) {
        throw new AppError(
          "synthetic_cycles_disabled",
          "this deployment does not land synthetic cycles (WEATHER_SYNTHETIC_CYCLES=false)",
        );
      }
      const { cycleMs, landed } = await scheduler.landNow();
      const info = weather.registry.find(body.model, cycleMs);
      return reply.status(landed ? 201 : 200).send({
        model: body.model,
        cycle_utc: new Date(cycleMs).toISOString(),
        members: info?.members,
        horizon_h: info?.horizonH,
        synthetic: true,
      });
    }
    const inbox = resolve(deps.weatherDir, INBOX);
    const paths = body.files.map((f) => resolve(inbox, f));
    if (paths.some((p) => !p.startsWith(inbox + sep))) {
      throw new AppError("validation_failed", "files must lie inside WEATHER_DIR/inbox");
    }
    try {
      const { manifest, landed } = await ingestGribFiles(
        paths,
        body.model,
        weather.store,
        deps.now(),
      );
      await landCycle(deps.bus, weather.registry, cycleLandedEvent(landed, deps.now()));
      return reply.status(201).send({
        model: manifest.model,
        cycle_utc: manifest.cycle_utc,
        members: manifest.members.length,
        horizon_h: manifest.horizon_h,
        parameters: manifest.parameters,
        synthetic: false,
      });
    } catch (err) {
      if (err instanceof IngestError) {
        throw new AppError("ingest_failed", err.message, { ingest_code: err.code, ...err.details });
      }
      throw err;
    }
  });
}
