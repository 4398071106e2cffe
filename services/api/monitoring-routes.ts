import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import {
  monitoringStoppedRecord,
  publishMonitoringStopped,
  publishVoyageMonitored,
  voyageMonitoredRecord,
} from "../monitoring/events";
import { MonitoredProjection } from "../monitoring/projection";
import type { RescoreOutcome } from "../monitoring/rescore";
import {
  applyMonitoringEvent,
  applyScore,
  MONITORING_STOPPED,
  type MonitoredMeta,
  VOYAGE_MONITORED,
} from "../monitoring/state";
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
import { monitoredVoyageRequest } from "./schemas/monitoring";

export interface MonitoringRoutesDeps {
  scorer: Scorer;
  registry: CycleRegistry;
  state: FastState;
  now: () => number;
  bus: EventBus;
}

/**
 * Monitored voyages: register (scored at once, then on every new forecast cycle by
 * streams/rescore), look up (state and score history), stop. A voyage is its registering key's:
 * another key gets 404.
 */
export function registerMonitoringRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: MonitoringRoutesDeps,
): void {
  const projection = new MonitoredProjection(deps.state);

  app.post(
    "/api/v1/monitored-voyages",
    { preHandler: authenticate },
    async (request: FastifyRequest, reply) => {
      const body = monitoredVoyageRequest.parse(request.body);
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
      const meta = applyMonitoringEvent(null, VOYAGE_MONITORED, registration) as MonitoredMeta;
      await projection.putMeta(meta);
      const history = applyScore(null, score);
      if (history) await projection.putHistory(history);
      return reply.status(201).send(await projection.view(id));
    },
  );

  const owned = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const meta = await projection.meta(request.params.id);
    if (!meta || meta.key_id !== (request.apiKey?.id ?? null)) {
      throw new AppError("not_found", `no monitored voyage ${request.params.id}`, {
        id: request.params.id,
      });
    }
    return meta;
  };

  app.get<{ Params: { id: string } }>(
    "/api/v1/monitored-voyages/:id",
    { preHandler: authenticate },
    async (request) => {
      await owned(request);
      return projection.view(request.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/api/v1/monitored-voyages/:id",
    { preHandler: authenticate },
    async (request) => {
      const meta = await owned(request);
      if (meta.status === "active") {
        const stopped = monitoringStoppedRecord(meta.id, "deleted", request.apiKey?.id, deps.now());
        await publishMonitoringStopped(deps.bus, stopped);
        const after = applyMonitoringEvent(meta, MONITORING_STOPPED, stopped);
        if (after) await projection.putMeta(after);
      }
      return projection.view(meta.id);
    },
  );
}

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
