import { derivedEventId } from "../../services/monitoring/rescore";
import { applyMonitoringEvent, type MonitoredMeta } from "../../services/monitoring/state";
import type { EventBus, Subscription } from "../../services/platform/events/port";
import { eventRecord } from "../../services/platform/events/records";
import { TOPIC } from "../../services/platform/events/topics";
import { chooseForecast } from "../../services/underwriting/weather-choice";
import { CYCLE_LANDED_TYPE, followCycles } from "../../services/weather/cycle-events";
import { CycleRegistry } from "../../services/weather/cycle-registry";

/**
 * The re-scoring fan-out: when a forecast cycle lands that is the one scores now use, one
 * RescoreRequested per active monitored voyage on voyages.rescore (keyed by voyage, so the
 * re-scoring workers share the voyages by partition). The active voyages are this process's own
 * fold of voyages.monitoring, read from the beginning at every start (the topic is kept
 * forever); a cycle waits until that fold has caught up with the topic, so no voyage is missed.
 * The cycle's offset is committed after its requests are published: a crash in between repeats
 * the fan-out, and the repeated requests carry the same ids.
 */
export const RESCORE_FANOUT_GROUP = "rescore-fanout";
export const RESCORE_REQUESTED = "voyagerisk.voyages.RescoreRequested";

export interface RescoreFanout {
  /** Active voyages known to this fan-out (for tests and health). */
  activeVoyages(): number;
  stop(): Promise<void>;
}

export async function startRescoreFanout(opts: {
  bus: EventBus;
  /** Distinguishes this process's private consumer groups (its fold, its cycle registry). */
  instanceId: string;
  groupId?: string;
  onFannedOut?: (report: { model: string; cycleMs: number; voyages: number }) => void;
}): Promise<RescoreFanout> {
  const { bus } = opts;
  const voyages = new Map<string, MonitoredMeta>();
  const seen = new Map<number, bigint>();
  const fold: Subscription = await bus.subscribe({
    groupId: `rescore-voyages.${opts.instanceId}`,
    topics: [TOPIC.voyageMonitoring],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        const after = applyMonitoringEvent(voyages.get(e.key) ?? null, e.type, e.value);
        if (after) voyages.set(e.key, after);
        seen.set(e.partition, BigInt(e.offset));
      }
    },
  });
  const registry = new CycleRegistry();
  const following = await followCycles(bus, registry, `rescore.${opts.instanceId}`);

  /** True once every message on voyages.monitoring when asked has been folded in. */
  const caughtUp = async () => {
    for (const [partition, end] of await bus.endOffsets(TOPIC.voyageMonitoring)) {
      const last = seen.get(partition);
      if (BigInt(end) > 0n && (last === undefined || last + 1n < BigInt(end))) return false;
    }
    return true;
  };

  const cycles = await bus.subscribe({
    groupId: opts.groupId ?? RESCORE_FANOUT_GROUP,
    topics: [TOPIC.weatherCycles],
    fromBeginning: false,
    handleBatch: async (events) => {
      for (const e of events) {
        if (e.type !== CYCLE_LANDED_TYPE) continue;
        const model = String(e.value.model);
        const cycleMs = Number(e.value.cycle_time);
        const asOf = Number(e.value.occurred_at);
        while (!(await caughtUp())) await new Promise((r) => setTimeout(r, 20));
        // Only the cycle scores now use (the registry follows the same topic).
        while (!registry.cycles(model).some((c) => c.cycleMs === cycleMs)) {
          await new Promise((r) => setTimeout(r, 20));
        }
        const choice = chooseForecast(registry, asOf);
        const cycle = choice?.primary;
        if (!cycle || cycle.model !== model || cycle.cycleMs !== cycleMs) continue;
        const active = [...voyages.values()].filter((v) => v.status === "active");
        const messages = active.map((v) => ({
          key: v.id,
          type: RESCORE_REQUESTED,
          value: {
            ...eventRecord(
              {
                voyage_id: v.id,
                model,
                cycle: cycleMs,
                members: cycle.members,
                resolution_deg: cycle.resolutionDeg,
                horizon_h: cycle.horizonH,
                synthetic: cycle.synthetic,
                as_of: asOf,
              },
              asOf,
            ),
            event_id: derivedEventId("rescore-requested", v.id, model, cycleMs),
          },
        }));
        for (let i = 0; i < messages.length; i += 1000) {
          await bus.publish(TOPIC.voyageRescore, messages.slice(i, i + 1000));
        }
        opts.onFannedOut?.({ model, cycleMs, voyages: messages.length });
      }
    },
  });

  return {
    activeVoyages: () => [...voyages.values()].filter((v) => v.status === "active").length,
    stop: async () => {
      await cycles.stop();
      await Promise.allSettled([fold.stop(), following.stop()]);
    },
  };
}
