import { EVENT, eventMessage, isEvent } from "../../services/contracts/events";
import { derivedEventId } from "../../services/monitoring/event-ids";
import { followMonitoredVoyages, waitUntil } from "../../services/monitoring/follow";
import type { EventBus } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";
import { chooseForecast } from "../../services/underwriting/weather-choice";
import { followCycles } from "../../services/weather/cycle-events";
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

export interface RescoreFanout {
  /**
   * Resolves once the fan-out's group consumes weather.cycles. A new group starts at the topic's
   * end, so a cycle landed before this is not fanned out by it.
   */
  readonly ready: Promise<void>;
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
  const followed = await followMonitoredVoyages(bus, `rescore-voyages.${opts.instanceId}`);
  const registry = new CycleRegistry();
  const following = await followCycles(bus, registry, `rescore.${opts.instanceId}`);

  const cycles = await bus.subscribe({
    groupId: opts.groupId ?? RESCORE_FANOUT_GROUP,
    topics: [TOPIC.weatherCycles],
    fromBeginning: false,
    handleBatch: async (events) => {
      for (const e of events) {
        if (!isEvent(e, EVENT.WeatherCycleLanded)) continue;
        const { model, cycle_time: cycleMs, occurred_at: asOf } = e.value;
        await waitUntil(followed.caughtUp);
        // Only the cycle scores now use (the registry follows the same topic).
        await waitUntil(() => registry.cycles(model).some((c) => c.cycleMs === cycleMs));
        const choice = chooseForecast(registry, asOf);
        const cycle = choice?.primary;
        if (!cycle || cycle.model !== model || cycle.cycleMs !== cycleMs) continue;
        const active = [...followed.voyages.values()].filter((v) => v.status === "active");
        const messages = active.map((v) =>
          eventMessage(EVENT.RescoreRequested, v.id, {
            event_id: derivedEventId("rescore-requested", v.id, model, cycleMs),
            occurred_at: asOf,
            voyage_id: v.id,
            model,
            cycle: cycleMs,
            members: cycle.members,
            resolution_deg: cycle.resolutionDeg,
            horizon_h: cycle.horizonH,
            synthetic: cycle.synthetic,
            as_of: asOf,
          }),
        );
        for (let i = 0; i < messages.length; i += 1000) {
          await bus.publish(TOPIC.voyageRescore, messages.slice(i, i + 1000));
        }
        opts.onFannedOut?.({ model, cycleMs, voyages: messages.length });
      }
    },
  });

  return {
    ready: cycles.ready,
    activeVoyages: () => [...followed.voyages.values()].filter((v) => v.status === "active").length,
    stop: async () => {
      await cycles.stop();
      await Promise.allSettled([followed.stop(), following.stop()]);
    },
  };
}
