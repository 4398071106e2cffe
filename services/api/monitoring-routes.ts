import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { monitoredVoyageRequest, monitoredVoyageResponse } from "../contracts/api/monitoring";
import { EVENT } from "../contracts/events";
import {
  monitoringStoppedRecord,
  publishMonitoringStopped,
  publishVoyageMonitored,
  voyageMonitoredRecord,
} from "../monitoring/events";
import { MonitoredProjection } from "../monitoring/projection";
import type { RescoreOutcome } from "../monitoring/rescore";
import { applyMonitoringEvent, applyScore, type MonitoredMeta } from "../monitoring/state";
import { AppError } from "../platform/errors";
import type { EventBus } from "../platform/events/port";
import { TOPIC } from "../platform/events/topics";
import type { FastState } from "../platform/limits/port";
import type { Scorer } from "../scoring/scorer";
import {
  publishScoreRequested,
  publishVoyageScored,
  voyageScoredMessage,
} from "../underwriting/events";
import { forecastFor } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import type { KeyCheck } from "./auth";
import { answer, errorAnswer, pathId, SUBSCRIPTION_PLANS_TEXT } from "./openapi";

export interface MonitoringRoutesOptions {
  /** The monitoring scope's key check (a subscription plan's key). */
  key: KeyCheck;
  scorer: Scorer;
  registry: CycleRegistry;
  state: FastState;
  now: () => number;
  bus: EventBus;
}

const tags = ["monitoring"];

/**
 * Monitored voyages: register (scored at once, then on every new forecast cycle by
 * streams/rescore), look up (state and score history), stop. A voyage is its registering key's:
 * another key gets 404.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<MonitoringRoutesOptions> = async (
  app,
  deps,
) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;
  const projection = new MonitoredProjection(deps.state);
  const params = z.object({ id: pathId });
  const notFound = errorAnswer("no such voyage for this key (not_found)");

  app.post(
    "/api/v1/monitored-voyages",
    {
      schema: {
        tags,
        summary: "Register a voyage for monitoring: scored now and on every new forecast cycle",
        description: `Plans: ${SUBSCRIPTION_PLANS_TEXT} (402 otherwise); scope monitoring (403 otherwise). The state is the fold of the voyage's events (docs/monitoring.md).`,
        security,
        body: monitoredVoyageRequest,
        response: {
          201: answer("the registered voyage, with its first score", monitoredVoyageResponse),
          400: errorAnswer("malformed JSON or an invalid field"),
          401: errorAnswer("missing or invalid X-API-Key"),
          402: errorAnswer("the key's plan does not include monitoring"),
          403: errorAnswer("the key lacks the monitoring scope"),
          422: errorAnswer("infeasible voyage (on_land, no_sea_route)"),
          503: errorAnswer(
            "no usable forecast cycle (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
          ),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const nowMs = deps.now();
      const departureMs = Date.parse(body.voyage.departure_utc);
      const forecast = forecastFor(deps.registry, nowMs, departureMs, "voyage.departure_utc");
      const id = randomUUID();
      const keyId = request.apiKey?.id;
      const requestId = String(request.id);
      await publishScoreRequested(deps.bus, {
        voyageId: id,
        requestId,
        keyId,
        iface: "monitoring",
        kind: "monitored-voyage",
        body,
        occurredAt: nowMs,
      });
      const vesselId = body.vessel.imo ?? id;
      // The route voyage-risk would score and the first score made as every re-score makes its
      // own (the control member sailing the registered route, streams/rescore), so the first
      // re-score's band change is a change in the weather, not in the definition (voyage-risk
      // quotes the ensemble's median member: docs/monitoring.md).
      const first = await deps.scorer.run({
        kind: "monitoring-first-score",
        input: { voyageId: id, vesselId, requestId, vessel: body.vessel, voyage: body.voyage },
        forecast,
      });
      const registration = voyageMonitoredRecord({
        voyageId: id,
        keyId,
        fleetId: body.fleet_id,
        vesselId,
        vessel: body.vessel,
        voyage: body.voyage,
        route: first.waypoints,
        thresholds: body.thresholds as Record<string, number>,
        departureMs,
        occurredAt: nowMs,
      });
      // The registration first, then its first score: the fold sees them in that order.
      await publishVoyageMonitored(deps.bus, registration);
      const score = first.arrived
        ? await publishVoyageScored(deps.bus, first.scored.response, {
            keyId,
            vesselType: body.vessel.type,
            iface: "monitoring",
            ...first.scored.used,
            occurredAt: nowMs,
          })
        : await publishMonitoringScore(deps.bus, first.score, { keyId, requestId, nowMs });
      // Written through, so the caller reads what it just registered (the projector writes the same).
      const meta = applyMonitoringEvent(null, {
        type: EVENT.VoyageMonitored,
        value: registration,
      }) as MonitoredMeta;
      await projection.putMeta(meta);
      const history = applyScore(null, score);
      if (history) await projection.putHistory(history);
      return reply.status(201).send(await projection.view(id));
    },
  );

  const owned = async (request: FastifyRequest, id: string) => {
    const meta = await projection.meta(id);
    if (!meta || meta.key_id !== (request.apiKey?.id ?? null)) {
      throw new AppError("not_found", `no monitored voyage ${id}`, { id });
    }
    return meta;
  };
  /** The voyage as shown; gone between the ownership check and the read: not found either. */
  const shown = async (id: string) => {
    const view = await projection.view(id);
    if (!view) throw new AppError("not_found", `no monitored voyage ${id}`, { id });
    return view;
  };

  app.get(
    "/api/v1/monitored-voyages/:id",
    {
      schema: {
        tags,
        summary: "A monitored voyage's state and score history",
        security,
        params,
        response: { 200: answer("the voyage", monitoredVoyageResponse), 404: notFound },
      },
    },
    async (request) => {
      await owned(request, request.params.id);
      return shown(request.params.id);
    },
  );

  app.delete(
    "/api/v1/monitored-voyages/:id",
    {
      schema: {
        tags,
        summary: "Stop monitoring a voyage (idempotent); answers its final state",
        security,
        params,
        response: { 200: answer("the stopped voyage", monitoredVoyageResponse), 404: notFound },
      },
    },
    async (request) => {
      const meta = await owned(request, request.params.id);
      if (meta.status === "active") {
        const stopped = monitoringStoppedRecord(meta.id, "deleted", request.apiKey?.id, deps.now());
        await publishMonitoringStopped(deps.bus, stopped);
        const after = applyMonitoringEvent(meta, { type: EVENT.MonitoringStopped, value: stopped });
        if (after) await projection.putMeta(after);
      }
      return shown(meta.id);
    },
  );
};

/**
 * A registration's first score, from a re-score's fields: metered to the registering key as the
 * monitoring interface's, with its own event id (the re-score's derived id is for re-scores).
 */
async function publishMonitoringScore(
  bus: EventBus,
  score: NonNullable<RescoreOutcome["score"]>,
  who: { keyId: string | undefined; requestId: string; nowMs: number },
) {
  const { event_id: _id, occurred_at: _at, ...fields } = score;
  const message = voyageScoredMessage(
    { ...fields, interface: "monitoring", key_id: who.keyId ?? null, request_id: who.requestId },
    who.nowMs,
  );
  await bus.publish(TOPIC.voyageScores, [message]);
  return message.value;
}
