import type { VoyageRiskRequest } from "../../services/contracts/api/underwriting";
import { EVENT, eventMessage, isEvent } from "../../services/contracts/events";
import { decideAlerts } from "../../services/monitoring/alert-rules";
import { derivedEventId } from "../../services/monitoring/event-ids";
import {
  monitoringStoppedMessage,
  monitoringStoppedRecord,
} from "../../services/monitoring/events";
import { MonitoredProjection } from "../../services/monitoring/projection";
import type { RescoreInput } from "../../services/monitoring/rescore";
import type { EventBus, OutgoingEvent, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";
import type { FastState } from "../../services/platform/limits/port";
import type { Scorer } from "../../services/scoring/scorer";

/**
 * The re-scoring workers (group "rescore", several processes share voyages.rescore by
 * partition): each RescoreRequested re-scores its voyage on the scoring threads against the
 * cycle it names, as of the cycle's landing, and publishes the VoyageScored, the alerts the
 * alert rules decide against the previous score (decideAlerts) and, for a voyage that has
 * arrived, its completion. Every event id
 * derives from (voyage, cycle): a request handled again after a crash publishes the same events,
 * which every consumer deduplicates. The previous score is the latest of an earlier cycle, so the
 * repeat compares against the same one. A re-score that cannot be made (no source has the waves:
 * weather_incomplete) publishes nothing, leaves the previous score standing and is reported to
 * onSkipped with its reason, never scored on a flat sea.
 */
export const RESCORE_GROUP = "rescore";

export function startRescoreWorker(opts: {
  bus: EventBus;
  state: FastState;
  scorer: Scorer;
  groupId?: string;
  onRescored?: (voyageId: string) => void;
  /** A voyage not re-scored against a cycle, and why (the process logs it). */
  onSkipped?: (skip: {
    voyageId: string;
    model: string;
    cycleMs: number;
    code: string;
    reason: string;
  }) => void;
  /** Failpoint rescore.after-first-batch. */
  crashAfterFirstBatch?: () => void;
}): Promise<Subscription> {
  const projection = new MonitoredProjection(opts.state);
  const { bus } = opts;
  return bus.subscribe({
    groupId: opts.groupId ?? RESCORE_GROUP,
    topics: [TOPIC.voyageRescore],
    fromBeginning: true,
    maxBatchSize: 200,
    concurrentPartitions: 6,
    dependencyHealthy: async () => (await opts.state.health()).status === "up",
    handleBatch: async (events) => {
      // The scoring threads work on the batch's voyages at once; events go out in batch order.
      const outcomes = await Promise.all(
        events.map(async (e) => {
          if (!isEvent(e, EVENT.RescoreRequested)) return null;
          const r = e.value;
          const voyageId = r.voyage_id;
          const [meta, history] = await Promise.all([
            projection.meta(voyageId),
            projection.history(voyageId),
          ]);
          // A registration without its route (none are made so) cannot be sailed again.
          if (meta?.status !== "active" || meta.route.length < 2) return null;
          const cycleMs = r.cycle;
          const previous =
            (history?.scores ?? [])
              .filter((s) => Date.parse(s.weather_cycle_utc) < cycleMs)
              .at(-1) ?? null;
          const input: RescoreInput = {
            voyageId,
            vesselId: meta.vessel_id,
            vessel: meta.vessel as VoyageRiskRequest["vessel"],
            departureMs: Date.parse(meta.departure_utc),
            route: meta.route,
          };
          const asOf = r.as_of;
          const outcome = await opts.scorer.run({
            kind: "rescore",
            input,
            forecast: {
              nowMs: asOf,
              choice: {
                primary: {
                  model: r.model,
                  cycleMs,
                  members: r.members,
                  resolutionDeg: r.resolution_deg,
                  horizonH: r.horizon_h,
                  synthetic: r.synthetic,
                  source: null,
                  landedAtMs: asOf,
                },
              },
            },
          });
          const alerts = outcome.alertFacts
            ? decideAlerts({
                voyage: meta,
                cycle: { model: r.model, cycleMs },
                occurredAt: asOf,
                previous,
                thresholds: meta.thresholds,
                ...outcome.alertFacts,
              })
            : [];
          return { meta, outcome, alerts, asOf, model: r.model, cycleMs };
        }),
      );
      // One publish per topic for the whole batch: a round trip per voyage would make a
      // cycle of 10,000 voyages wait on 10,000 acknowledgements.
      const scores: OutgoingEvent[] = [];
      const alerts: OutgoingEvent[] = [];
      const stopped: OutgoingEvent[] = [];
      for (const done of outcomes) {
        if (!done) continue;
        const { meta, outcome, asOf } = done;
        if (outcome.skipped) {
          opts.onSkipped?.({
            voyageId: meta.id,
            model: done.model,
            cycleMs: done.cycleMs,
            ...outcome.skipped,
          });
          continue;
        }
        const owner = { vessel_id: meta.vessel_id, key_id: meta.key_id, fleet_id: meta.fleet_id };
        if (outcome.score) scores.push(eventMessage(EVENT.VoyageScored, meta.id, outcome.score));
        for (const alert of done.alerts) {
          alerts.push(eventMessage(EVENT.RiskThresholdCrossed, meta.id, alert));
        }
        if (outcome.arrived) {
          alerts.push(
            eventMessage(EVENT.VoyageCompleted, meta.id, {
              event_id: derivedEventId("completed", meta.id),
              occurred_at: asOf,
              voyage_id: meta.id,
              ...owner,
            }),
          );
          stopped.push(
            monitoringStoppedMessage({
              ...monitoringStoppedRecord(meta.id, "completed", undefined, asOf),
              event_id: derivedEventId("monitoring-stopped", meta.id),
            }),
          );
        }
      }
      if (scores.length > 0) await bus.publish(TOPIC.voyageScores, scores);
      if (alerts.length > 0) await bus.publish(TOPIC.voyageAlerts, alerts);
      if (stopped.length > 0) await bus.publish(TOPIC.voyageMonitoring, stopped);
      for (const done of outcomes) if (done) opts.onRescored?.(done.meta.id);
      if (outcomes.some((o) => o !== null)) opts.crashAfterFirstBatch?.();
    },
  });
}
