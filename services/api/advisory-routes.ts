import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IssuedAdvisories } from "../advisories/issued";
import { isoUtc } from "../contracts/api/common";
import { EVENT } from "../contracts/events";
import { ringProblem } from "../engine/advisories/advisory-area";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { eventRecord } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";
import type { FastState } from "../platform/limits/port";
import type { KeyCheck } from "./auth";
import { answer, errorAnswer } from "./openapi";

/** Most positions an advisory's ring may have (the self-crossing test is quadratic in them). */
export const MAX_RING_POSITIONS = 1000;
/**
 * A Circle's radius: from 0.1 nm (185 m, about a large vessel's length: a smaller area is a
 * point, not an area to route round; 5e-324 was once taken) to 1,000 nm (an ocean basin).
 */
export const MIN_RADIUS_NM = 0.1;
export const MAX_RADIUS_NM = 1000;

const position = z
  .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
  .describe("[lon, lat], decimal degrees (GeoJSON order)");
const CENTER_FORMS =
  'must be [lon, lat] (GeoJSON order) or {"lat": ..., "lon": ...}, lat within -90..90 and lon within -180..180';
/** [lon, lat] as GeoJSON writes it, or {"lat", "lon"} as the rest of the API does; kept as [lon, lat]. */
const center = z.union(
  [
    position,
    z
      .object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
      .strict()
      .transform(({ lat, lon }): [number, number] => [lon, lat]),
  ],
  { error: CENTER_FORMS },
);

const advisoryArea = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("Polygon"),
        coordinates: z
          .array(
            z
              .array(position)
              .min(4)
              .max(MAX_RING_POSITIONS)
              .superRefine((ring, ctx) => {
                const problem = ringProblem(ring);
                if (problem) ctx.addIssue({ code: "custom", message: problem });
              }),
          )
          .min(1)
          .max(1)
          .describe(
            `one outer ring of 4 to ${MAX_RING_POSITIONS} [lon, lat] positions, the last repeating the first (GeoJSON); it must not cross, touch or double back on itself`,
          ),
      })
      .strict(),
    z
      .object({
        type: z.literal("Circle"),
        center,
        radius_nm: z
          .number()
          .min(MIN_RADIUS_NM, `must be from ${MIN_RADIUS_NM} to ${MAX_RADIUS_NM} nm`)
          .max(MAX_RADIUS_NM, `must be from ${MIN_RADIUS_NM} to ${MAX_RADIUS_NM} nm`)
          .describe(`radius, nautical miles (${MIN_RADIUS_NM} to ${MAX_RADIUS_NM})`),
      })
      .strict(),
  ])
  .describe(
    'a GeoJSON Polygon, or {"type": "Circle", "center": [lon, lat] or {"lat", "lon"}, "radius_nm"}',
  );

/**
 * An advisory's id: what POST generates (adv_ and a UUID) or accepts, and what DELETE looks up:
 * 1-64 letters, digits, '.', '_' or '-', beginning with a letter or a digit.
 */
export const advisoryId = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    "must be 1-64 letters, digits, '.', '_' or '-', beginning with a letter or a digit",
  );

export const advisoryRequest = z
  .object({
    id: advisoryId
      .optional()
      .describe("an existing advisory's id changes it; none issues a new one (adv_<uuid>)"),
    kind: z.enum(["atba", "ntm"]).describe("area to be avoided, or Notice to Mariners"),
    title: z.string().min(1).max(500),
    area: advisoryArea,
    valid_from: isoUtc.optional().describe("ISO 8601 (UTC); now when not given"),
    valid_until: isoUtc
      .optional()
      .describe("ISO 8601 (UTC), after valid_from (or now); open-ended when not given"),
  })
  .strict()
  .refine(
    (a) =>
      a.valid_from === undefined ||
      a.valid_until === undefined ||
      Date.parse(a.valid_until) > Date.parse(a.valid_from),
    { message: "must be after valid_from", path: ["valid_until"] },
  );

const advisoryParams = z.object({ id: advisoryId }).strict();

const advisoryAccepted = z.object({
  advisory_id: z.string(),
  event_id: z.string().describe("the AdvisoryIssued or AdvisoryWithdrawn event published"),
});

export interface AdvisoryRoutesOptions {
  /** The admin scope's key check. */
  key: KeyCheck;
  bus: EventBus;
  state: FastState;
  now: () => number;
}

const tags = ["admin"];
const adminOnly = errorAnswer("the key lacks the admin scope");

/**
 * Advisories as events (admin scope): POST issues one (or, with the id of an existing one,
 * changes it), DELETE withdraws one the API issued (404 for any other id). streams/advisories
 * tells the monitored voyages whose remaining route passes through the area. Answers 202: the
 * effect follows on the stream.
 */
export const advisoryRoutes: FastifyPluginAsyncZod<AdvisoryRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;
  const issued = new IssuedAdvisories(deps.state);
  app.post(
    "/api/v1/admin/advisories",
    {
      schema: {
        tags,
        summary:
          "Issue an advisory (an area to be avoided, a Notice to Mariners), or change one by its id",
        description: `Answers 202: the monitored voyages whose remaining route passes through the area are told (voyage.advisory_changed) by the advisories stream. The area is a GeoJSON Polygon (one ring of 4 to ${MAX_RING_POSITIONS} [lon, lat] positions that does not cross, touch or double back on itself) or a Circle: center as [lon, lat] (GeoJSON order) or {"lat", "lon"} (kept as [lon, lat]), radius_nm from ${MIN_RADIUS_NM} to ${MAX_RADIUS_NM}. valid_until must be after valid_from (now when not given). An id is 1-64 letters, digits, '.', '_' or '-', beginning with a letter or digit; without one, adv_<uuid> is made.`,
        security,
        body: advisoryRequest,
        response: {
          202: answer("issued: the advisory's id and its event's", advisoryAccepted),
          400: errorAnswer(
            "malformed JSON or an invalid field: the area's form, a ring that crosses itself, a radius out of range, valid_until not after valid_from (validation_failed)",
          ),
          403: adminOnly,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const id = body.id ?? `adv_${randomUUID()}`;
      const now = deps.now();
      const validFrom = body.valid_from ? Date.parse(body.valid_from) : now;
      const validUntil = body.valid_until ? Date.parse(body.valid_until) : null;
      if (validUntil !== null && validUntil <= validFrom) {
        // Only reached without valid_from (the schema compares the two when both are given).
        throw new AppError("validation_failed", "valid_until: must be after valid_from (now)");
      }
      const value = eventRecord(
        {
          advisory_id: id,
          kind: body.kind,
          title: body.title,
          area_json: JSON.stringify(body.area),
          valid_from: validFrom,
          valid_until: validUntil,
        },
        now,
      );
      await issued.live(id);
      await deps.bus.publish(TOPIC.advisories, [{ key: id, type: EVENT.AdvisoryIssued, value }]);
      return reply.status(202).send({ advisory_id: id, event_id: value.event_id });
    },
  );
  app.delete(
    "/api/v1/admin/advisories/:id",
    {
      schema: {
        tags,
        summary: "Withdraw an advisory this API issued",
        description:
          "Only an id the API issued (kept in Redis in platform mode, in memory embedded): any other is 404 and nothing is published. Withdrawing again answers the first withdrawal's event_id and publishes nothing more. An advisory issued before the API kept this record is withdrawn by issuing it again with its id, then withdrawing it.",
        security,
        params: advisoryParams,
        response: {
          202: answer("withdrawn: the advisory's id and the withdrawal's event", advisoryAccepted),
          400: errorAnswer("the id is not of an advisory id's form (validation_failed)"),
          403: adminOnly,
          404: errorAnswer("no advisory with this id was issued (not_found)"),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const known = await issued.get(id);
      if (!known)
        throw new AppError("not_found", `no advisory ${id} was issued`, { advisory_id: id });
      if (known.state === "withdrawn") {
        // Withdrawing again is the same withdrawal: nothing more is published.
        return reply.status(202).send({ advisory_id: id, event_id: known.event_id });
      }
      const value = eventRecord({ advisory_id: id }, deps.now());
      await deps.bus.publish(TOPIC.advisories, [{ key: id, type: EVENT.AdvisoryWithdrawn, value }]);
      await issued.withdrawn(id, value.event_id);
      return reply.status(202).send({ advisory_id: id, event_id: value.event_id });
    },
  );
};
