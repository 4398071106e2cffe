import { randomUUID } from "node:crypto";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { ADVISORY_ISSUED, ADVISORY_WITHDRAWN } from "../advisories/events";
import type { EventBus } from "../platform/events/port";
import { eventRecord } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";
import { isoUtc } from "./schemas/common";

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const advisoryArea = z.union([
  z
    .object({
      type: z.literal("Polygon"),
      coordinates: z.array(z.array(position).min(4)).min(1).max(1).describe("one outer ring"),
    })
    .strict(),
  z
    .object({
      type: z.literal("Circle"),
      center: position,
      radius_nm: z.number().positive().max(1000),
    })
    .strict(),
]);

export const advisoryRequest = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/)
      .optional()
      .describe("an existing advisory's id changes it; none issues a new one"),
    kind: z.enum(["atba", "ntm"]).describe("area to be avoided, or Notice to Mariners"),
    title: z.string().min(1).max(500),
    area: advisoryArea,
    valid_from: isoUtc.optional(),
    valid_until: isoUtc.optional(),
  })
  .strict();

/**
 * Advisories as events (`authenticate` checks the admin scope): POST issues one (or, with the id of an existing one,
 * changes it), DELETE withdraws one. streams/advisories tells the monitored voyages whose
 * remaining route passes through the area. Answers 202: the effect follows on the stream.
 */
export function registerAdvisoryRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: { bus: EventBus; now: () => number },
): void {
  const admin = { preHandler: authenticate };
  app.post("/api/v1/admin/advisories", admin, async (request, reply) => {
    const body = advisoryRequest.parse(request.body);
    const id = body.id ?? `adv_${randomUUID()}`;
    const now = deps.now();
    const value = eventRecord(
      {
        advisory_id: id,
        kind: body.kind,
        title: body.title,
        area_json: JSON.stringify(body.area),
        valid_from: body.valid_from ? Date.parse(body.valid_from) : now,
        valid_until: body.valid_until ? Date.parse(body.valid_until) : null,
      },
      now,
    );
    await deps.bus.publish(TOPIC.advisories, [{ key: id, type: ADVISORY_ISSUED, value }]);
    return reply.status(202).send({ advisory_id: id, event_id: value.event_id });
  });
  app.delete<{ Params: { id: string } }>(
    "/api/v1/admin/advisories/:id",
    admin,
    async (request, reply) => {
      const value = eventRecord({ advisory_id: request.params.id }, deps.now());
      await deps.bus.publish(TOPIC.advisories, [
        { key: request.params.id, type: ADVISORY_WITHDRAWN, value },
      ]);
      return reply.status(202).send({ advisory_id: request.params.id, event_id: value.event_id });
    },
  );
}
