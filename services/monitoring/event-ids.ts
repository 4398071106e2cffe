import { nameBasedId } from "../platform/events/records";

/**
 * The id of an event a re-score or a stream processor produces, from its parts (see
 * nameBasedId): producing it again after a crash gives the same id.
 */
export function derivedEventId(...parts: Array<string | number>): string {
  return nameBasedId(parts.join("|"));
}
