import { randomUUID } from "node:crypto";
import type { EventRecord } from "./port";

/** A new event record: a fresh event id (consumers deduplicate on it) and its time. */
export function eventRecord<T extends Record<string, unknown>>(
  fields: T,
  occurredAt: number = Date.now(),
): EventRecord & T {
  return { event_id: randomUUID(), occurred_at: occurredAt, ...fields };
}
