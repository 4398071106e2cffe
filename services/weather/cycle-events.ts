import { EVENT, type EventMessage, isEvent } from "../contracts/events";
import type { EventBus, Subscription } from "../platform/events/port";
import { nameBasedId } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";
import type { CycleFields, CycleLanded, CycleRegistry } from "./cycle-registry";

/**
 * The event id of a cycle is derived from (model, cycle time): landing the same cycle twice
 * (a retry, two schedulers) yields the same id, which every consumer already deduplicates on.
 */
export function cycleEventId(model: string, cycleMs: number): string {
  return nameBasedId(`weather-cycle:${model}:${cycleMs}`);
}

export function cycleLandedEvent(
  fields: CycleFields,
  occurredAtMs: number,
): EventMessage<typeof EVENT.WeatherCycleLanded> {
  const value: CycleLanded = {
    event_id: cycleEventId(fields.model, fields.cycle_time),
    occurred_at: occurredAtMs,
    ...fields,
  };
  return { key: fields.model, type: EVENT.WeatherCycleLanded, value };
}

/** Publishes a landed cycle and folds it into this process's registry at once. */
export async function landCycle(
  bus: EventBus,
  registry: CycleRegistry,
  event: EventMessage<typeof EVENT.WeatherCycleLanded>,
): Promise<void> {
  await bus.publish(TOPIC.weatherCycles, [event]);
  registry.apply(event.value);
}

/**
 * Keeps a registry current from `weather.cycles`: every process reads the whole topic (its own
 * consumer group, from the beginning), so each knows every cycle however many instances run.
 */
export function followCycles(
  bus: EventBus,
  registry: CycleRegistry,
  instanceId: string,
  /** Called after each event is folded in (tools that read the topic to its end count them). */
  onEvent?: () => void,
): Promise<Subscription> {
  return bus.subscribe({
    groupId: `weather-registry.${instanceId}`,
    topics: [TOPIC.weatherCycles],
    fromBeginning: true,
    handleBatch: async (events) => {
      for (const e of events) {
        if (isEvent(e, EVENT.WeatherCycleLanded)) registry.apply(e.value);
        onEvent?.();
      }
    },
  });
}
