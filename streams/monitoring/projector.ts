import { EVENT, isEvent } from "../../services/contracts/events";
import { MonitoredProjection } from "../../services/monitoring/projection";
import {
  applyMonitoringEvent,
  applyScore,
  MONITORING_INTERFACES,
} from "../../services/monitoring/state";
import type { EventBus, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";
import type { FastState } from "../../services/platform/limits/port";

/**
 * The monitored-voyage projector: folds voyages.monitoring and voyages.scores into the
 * projection in fast state, event by event in partition order. Idempotent (the fold ignores an
 * event it has seen), so a batch delivered again after a crash changes nothing; from the
 * beginning of both topics when the group is new, which is how the projection is rebuilt.
 */
export const MONITORING_PROJECTOR_GROUP = "monitoring-projector";

export function startMonitoringProjector(opts: {
  bus: EventBus;
  state: FastState;
  groupId?: string;
}): Promise<Subscription> {
  const projection = new MonitoredProjection(opts.state);
  return opts.bus.subscribe({
    groupId: opts.groupId ?? MONITORING_PROJECTOR_GROUP,
    topics: [TOPIC.voyageMonitoring, TOPIC.voyageScores],
    fromBeginning: true,
    maxBatchSize: 500,
    dependencyHealthy: async () => (await opts.state.health()).status === "up",
    handleBatch: async (events) => {
      for (const e of events) {
        if (e.topic === TOPIC.voyageMonitoring) {
          const before = await projection.meta(e.key);
          const after = applyMonitoringEvent(before, e);
          if (after && after !== before) await projection.putMeta(after);
        } else if (isEvent(e, EVENT.VoyageScored) && MONITORING_INTERFACES.has(e.value.interface)) {
          // Only monitored voyages' scores: the underwriting and route-risk ones are not read.
          const before = await projection.history(e.key);
          const after = applyScore(before, e.value);
          if (after && after !== before) await projection.putHistory(after);
        }
      }
    },
  });
}
