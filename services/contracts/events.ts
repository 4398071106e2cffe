/**
 * The platform's events as types: one per Avro record under schemas/avro (generated into
 * event-types.generated.ts), the constant naming each (EVENT), a typed message builder for
 * producers and a guard narrowing a decoded event for consumers.
 *
 * Why a guard is sound: both codecs validate a value against its schema before writing it, and
 * decode every record of a type we know through our newest schema of that type (schema
 * resolution), so a decoded event whose name is in EventValues has exactly that type.
 */
import type { EventValues } from "./event-types.generated";

export * from "./event-types.generated";

export type EventName = keyof EventValues;

/** What a producer appends: a known event, its partition key and its value. */
export type EventMessage<K extends EventName = EventName> = {
  [N in K]: { key: string; type: N; value: EventValues[N] };
}[K];

/** A message of one known event, checked against its type where it is built. */
export function eventMessage<K extends EventName>(
  type: K,
  key: string,
  value: EventValues[K],
): { key: string; type: K; value: EventValues[K] } {
  return { key, type, value };
}

/** Narrows a decoded event (anything with a type name and a value) to the named event types. */
export function isEvent<E extends { type: string; value: unknown }, K extends EventName>(
  e: E,
  ...types: K[]
): e is E & EventMessage<K> {
  return (types as readonly string[]).includes(e.type);
}
