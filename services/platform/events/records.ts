import { createHash, randomUUID } from "node:crypto";
import type { EventRecord } from "./port";

/**
 * A new event record: a fresh event id (consumers deduplicate on it) and its time, which the
 * caller gives from its own clock (a request's, a cycle's), so that the events one request or
 * one cycle makes agree on when they happened.
 */
export function eventRecord<T extends Record<string, unknown>>(
  fields: T,
  occurredAt: number,
): EventRecord & T {
  return { event_id: randomUUID(), occurred_at: occurredAt, ...fields };
}

/**
 * An event id derived from a name (SHA-256, shaped as a UUID: version-5-like nibble, RFC 4122
 * variant): the same name always gives the same id, so an event produced again (a repeated
 * fan-out, a re-score after a crash) is recognised by every consumer's deduplication.
 */
export function nameBasedId(name: string): string {
  const h = createHash("sha256").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
