import { resolve, sep } from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { cycleLandedEvent, landCycle } from "../weather/cycle-events";
import { IngestError, ingestGribFiles } from "../weather/ingest";
import type { WeatherRuntime } from "../weather/runtime";
import type { KeyCheck } from "./auth";
import { answer, errorAnswer } from "./openapi";

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

const cycleLanded = z.object({
  model: z.string(),
  cycle_utc: z.string(),
  members: z.number().int().optional(),
  horizon_h: z.number().optional(),
  parameters: z.array(z.string()).optional().describe("ingested GRIB2 files only"),
  synthetic: z.boolean(),
});

export interface AdminRoutesOptions {
  /** The admin scope's key check. */
  key: KeyCheck;
  weather: WeatherRuntime;
  bus: EventBus;
  weatherDir: string;
  now: () => number;
}

/** Operator endpoints (admin scope): land a forecast cycle now. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const { weather } = deps;

  // {"model": "synthetic"}: lands a synthetic cycle initialised now, used at once by scores and
  // re-scores, so a demo or a test can move the weather on without waiting.
  // {"model": "gefs", "files": [...]}: ingests GRIB2 files already in WEATHER_DIR/inbox.
  app.post(
    "/api/v1/admin/weather-cycles",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Land a synthetic cycle initialised now (used at once), or ingest GRIB2 files from WEATHER_DIR/inbox (admin scope)",
        security: deps.key.security,
        body: landCycleBody,
        response: {
          201: answer("the cycle landed", cycleLanded),
          200: answer(
            "a synthetic cycle initialised this second had already landed: that cycle",
            cycleLanded,
          ),
          400: errorAnswer(
            "malformed JSON, an unknown form, or a file outside WEATHER_DIR/inbox (validation_failed)",
          ),
          401: errorAnswer("missing or invalid X-API-Key"),
          403: errorAnswer("the key lacks the admin scope"),
          409: errorAnswer(
            "this deployment does not land synthetic cycles (synthetic_cycles_disabled)",
          ),
          422: errorAnswer("ingest_failed"),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
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
          throw new AppError("ingest_failed", err.message, {
            ingest_code: err.code,
            ...err.details,
          });
        }
        throw err;
      }
    },
  );
};
