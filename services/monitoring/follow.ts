import type { EventBus, Subscription } from "../platform/events/port";
import { TOPIC } from "../platform/events/topics";
import { applyMonitoringEvent, type MonitoredMeta } from "./state";

/**
 * This process's own fold of every monitored voyage (`voyages.monitoring`, kept forever, read
 * from the beginning under a private consumer group at every start), for stream processors that
 * act on all voyages at once (re-scoring fan-out, advisories). `caughtUp` says whether the fold
 * has reached the topic's end as of now, so an action waits for it and misses no voyage.
 */
export interface MonitoredVoyagesFollower {
  readonly voyages: ReadonlyMap<string, MonitoredMeta>;
  caughtUp(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function followMonitoredVoyages(
  bus: EventBus,
  groupId: string,
): Promise<MonitoredVoyagesFollower> {
  const voyages = new Map<string, MonitoredMeta>();
  const seen = new Map<number, bigint>();
  const sub: Subscription = await bus.subscribe({
    groupId,
    topics: [TOPIC.voyageMonitoring],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        const after = applyMonitoringEvent(voyages.get(e.key) ?? null, e);
        if (after) voyages.set(e.key, after);
        seen.set(e.partition, BigInt(e.offset));
      }
    },
  });
  return {
    voyages,
    caughtUp: async () => {
      for (const [partition, end] of await bus.endOffsets(TOPIC.voyageMonitoring)) {
        const last = seen.get(partition);
        if (BigInt(end) > 0n && (last === undefined || last + 1n < BigInt(end))) return false;
      }
      return true;
    },
    stop: () => sub.stop(),
  };
}

/** Resolves once `ready()` answers true, asking every 20 ms. */
export async function waitUntil(ready: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await ready())) await new Promise((r) => setTimeout(r, 20));
}
