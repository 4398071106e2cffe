import type { DependencyHealth } from "../health";

/** One event as data teams see it in ClickHouse table `events` (schemas/clickhouse). */
export interface EventRow {
  event_id: string;
  /** Avro record full name, e.g. "voyagerisk.weather.WeatherCycleLanded". */
  event_type: string;
  topic: string;
  key: string;
  /** Event time (the record's occurred_at), epoch milliseconds. */
  occurred_at_ms: number;
  partition: number;
  /** Kafka offset as a decimal string (64-bit). */
  offset: string;
  schema_id: number;
  /** The decoded Avro record as JSON. */
  payload_json: string;
}

export interface EventQuery {
  topic?: string;
  event_type?: string;
  key?: string;
  /** Newest first; default 100, max 10,000. */
  limit?: number;
}

/**
 * Metered events of one API key in a time range: events of `event_type` on `topic` whose payload
 * has `key_id` equal to `key_id`, counted once per event_id, grouped by the payload's
 * `interface` (underwriting, route-risk, ...).
 */
export interface UsageQuery {
  topic: string;
  event_type: string;
  key_id: string;
  /** Inclusive start and exclusive end, epoch ms (event time, occurred_at_ms). */
  from_ms: number;
  to_ms: number;
}

export interface InsertReport {
  inserted: number;
  /** Rows whose event_id was already stored (redelivery), not inserted again. */
  duplicates: number;
}

export interface MigrationReport {
  /** Versions applied by this call, in order. */
  applied: number[];
  /** Highest version now applied. */
  current: number;
}

/**
 * The analytics port: ClickHouse in platform mode, an in-process store in the embedded default;
 * both pass tests/contract/analytics.contract.ts.
 */
export interface AnalyticsStore {
  readonly adapter: "clickhouse" | "embedded";
  /** Applies the versioned migrations under schemas/clickhouse idempotently. */
  migrate(): Promise<MigrationReport>;
  /**
   * Idempotent by event_id: a redelivered event is counted in `duplicates`, never stored twice.
   * Resolves only once the rows are durable (the caller commits offsets after this).
   */
  insertEvents(rows: readonly EventRow[]): Promise<InsertReport>;
  /**
   * Stores rows the caller knows are not stored yet (the analytics sink, past its offset
   * watermark), without the lookup insertEvents makes; copies of one event_id within the batch
   * are still stored once. Same durability as insertEvents.
   */
  appendEvents(rows: readonly EventRow[]): Promise<InsertReport>;
  /**
   * Highest stored offset of each of the topic's given partitions (absent: nothing stored). The
   * sink resumes from here: what lies at or below it may be stored already, what lies above is not.
   */
  maxOffsets(topic: string, partitions: readonly number[]): Promise<Map<number, string>>;
  queryEvents(query: EventQuery): Promise<EventRow[]>;
  /** Exact count of distinct events matching the filter (limit ignored). */
  countEvents(query: Omit<EventQuery, "limit">): Promise<number>;
  /** Metered events per interface (see UsageQuery); interfaces with none are absent. */
  usage(query: UsageQuery): Promise<Map<string, number>>;
  health(): Promise<DependencyHealth>;
  close(): Promise<void>;
}
