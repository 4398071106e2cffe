import type { EventQuery, EventRow, UsageQuery } from "./port";
import { isWellFormedText } from "./sql";

/**
 * Rules both analytics adapters share, so the embedded store cannot drift from ClickHouse:
 * what a valid row is (it must fit the `events` column types), the query limit, the order of
 * results, and which copy of a redelivered event wins.
 */

export const DEFAULT_QUERY_LIMIT = 100;
export const MAX_QUERY_LIMIT = 10_000;

const MAX_UINT32 = 4_294_967_295;
const MAX_UINT64 = 18_446_744_073_709_551_615n;
/** occurred_at is a DateTime: unsigned 32-bit seconds (to 2106-02-07T06:28:15Z). */
export const MAX_OCCURRED_AT_MS = 4_294_967_295_999;
/** Canonical decimal (no sign, no leading zeros), so a stored offset reads back as the same string. */
const CANONICAL_UINT = /^(0|[1-9][0-9]*)$/;

export class InvalidEventRowError extends TypeError {
  override name = "InvalidEventRowError";
}

/** Throws InvalidEventRowError naming the first bad row and field; a bad batch is stored not at all. */
export function validateEventRows(rows: readonly EventRow[]): void {
  if (!Array.isArray(rows)) throw new InvalidEventRowError("rows must be an array");
  rows.forEach((row, index) => {
    const problem = eventRowProblem(row);
    if (problem !== undefined) throw new InvalidEventRowError(`rows[${index}].${problem}`);
  });
}

/**
 * Why one row cannot be stored ("field: why"), or undefined when it can. The analytics sink asks
 * this per event before a combined write, so one unstorable event fails alone.
 */
export function eventRowProblem(row: EventRow): string | undefined {
  if (row === null || typeof row !== "object") return "(row): must be an object";
  for (const field of ["event_id", "event_type", "topic", "key", "payload_json"] as const) {
    const value = row[field];
    if (typeof value !== "string") return `${field}: must be a string`;
    if (!isWellFormedText(value)) return `${field}: contains a lone UTF-16 surrogate`;
  }
  if (row.event_id.length === 0) return "event_id: must not be empty";
  if (row.topic.length === 0) return "topic: must not be empty";
  if (
    !Number.isSafeInteger(row.occurred_at_ms) ||
    row.occurred_at_ms < 0 ||
    row.occurred_at_ms > MAX_OCCURRED_AT_MS
  ) {
    return "occurred_at_ms: must be an integer epoch-millisecond time from 1970 to 2106";
  }
  for (const field of ["partition", "schema_id"] as const) {
    const value = row[field];
    if (!Number.isInteger(value) || value < 0 || value > MAX_UINT32) {
      return `${field}: must be an integer from 0 to 4294967295`;
    }
  }
  if (
    typeof row.offset !== "string" ||
    !CANONICAL_UINT.test(row.offset) ||
    BigInt(row.offset) > MAX_UINT64
  ) {
    return "offset: must be a decimal UInt64 string without sign or leading zeros";
  }
  return undefined;
}

/** A copy holding exactly the port's fields, so callers' extra properties or later edits never leak in. */
export function copyEventRow(row: EventRow): EventRow {
  return {
    event_id: row.event_id,
    event_type: row.event_type,
    topic: row.topic,
    key: row.key,
    occurred_at_ms: row.occurred_at_ms,
    partition: row.partition,
    offset: row.offset,
    schema_id: row.schema_id,
    payload_json: row.payload_json,
  };
}

/**
 * The first row per event_id, in batch order, and how many later copies were dropped. The first
 * delivery wins in both adapters (a stored event is never overwritten by a redelivery).
 */
export function firstPerEventId(rows: readonly EventRow[]): {
  unique: EventRow[];
  dropped: number;
} {
  const seen = new Set<string>();
  const unique: EventRow[] = [];
  for (const row of rows) {
    if (seen.has(row.event_id)) continue;
    seen.add(row.event_id);
    unique.push(row);
  }
  return { unique, dropped: rows.length - unique.length };
}

/** Default 100; larger than 10,000 is capped at 10,000; anything but a positive integer is an error. */
export function effectiveLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_QUERY_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a positive integer, got ${String(limit)}`);
  }
  return Math.min(limit, MAX_QUERY_LIMIT);
}

/** Throws if a filter field is present but not a valid string. */
export function validateEventQuery(query: Omit<EventQuery, "limit">): void {
  for (const field of ["topic", "event_type", "key"] as const) {
    const value = query[field];
    if (value === undefined) continue;
    if (typeof value !== "string" || !isWellFormedText(value)) {
      throw new TypeError(`${field} filter must be a well-formed string`);
    }
  }
}

/** Throws a TypeError naming the first bad field of a usage query. */
export function validateUsageQuery(q: UsageQuery): void {
  for (const field of ["topic", "event_type", "key_id"] as const) {
    if (typeof q[field] !== "string" || !isWellFormedText(q[field])) {
      throw new TypeError(`${field} must be a well-formed string`);
    }
  }
  if (!Number.isSafeInteger(q.from_ms) || !Number.isSafeInteger(q.to_ms) || q.from_ms > q.to_ms) {
    throw new TypeError("from_ms and to_ms must be integers with from_ms <= to_ms");
  }
}

/** The payload's top-level string field, as ClickHouse's visitParamExtractString reads it. */
export function payloadString(payloadJson: string, field: string): string {
  try {
    const v = (JSON.parse(payloadJson) as Record<string, unknown>)[field];
    return typeof v === "string" ? v : "";
  } catch {
    return "";
  }
}

export function matchesEventQuery(row: EventRow, query: Omit<EventQuery, "limit">): boolean {
  return (
    (query.topic === undefined || row.topic === query.topic) &&
    (query.event_type === undefined || row.event_type === query.event_type) &&
    (query.key === undefined || row.key === query.key)
  );
}

/**
 * Newest first: occurred_at_ms desc, then offset desc (numerically, 64-bit), then event_id asc
 * compared as UTF-8 bytes, which is how ClickHouse compares Strings. The ClickHouse adapter's
 * `ORDER BY occurred_at_ms DESC, offset DESC, event_id ASC` is the same order.
 */
export function newestFirst(a: EventRow, b: EventRow): number {
  if (a.occurred_at_ms !== b.occurred_at_ms) return b.occurred_at_ms - a.occurred_at_ms;
  const ao = BigInt(a.offset);
  const bo = BigInt(b.offset);
  if (ao !== bo) return ao < bo ? 1 : -1;
  return Buffer.compare(Buffer.from(a.event_id, "utf8"), Buffer.from(b.event_id, "utf8"));
}
