import type { EventValues } from "../../contracts/events";
import type { DependencyHealth } from "../health";

/**
 * The event bus port: Kafka (+ Schema Registry) in platform mode, an in-process log in the
 * embedded default. Both pass tests/contract/event-bus.contract.ts: ordering per key, consumer
 * groups sharing partitions, at-least-once redelivery, committed offsets, and poison or
 * repeatedly failing messages moved to `<topic>.dlq` with the reason.
 */

/** Every event record carries these two fields (see schemas/avro). */
export interface EventRecord {
  event_id: string;
  /** Epoch milliseconds (Avro timestamp-millis). */
  occurred_at: number;
  [field: string]: unknown;
}

/** Event types by Avro full name; a bus carries the platform's own (EventValues) by default. */
export type EventMap = { [type: string]: EventRecord };

/**
 * One event to append: its partition key (events with the same key keep their order), its
 * Avro full name (e.g. "voyagerisk.weather.WeatherCycleLanded") and a value of that type.
 */
export type OutgoingEvent<E extends EventMap = EventValues> = {
  [K in keyof E & string]: { key: string; type: K; value: E[K] };
}[keyof E & string];

export interface RawMessage {
  key: string | null;
  value: Buffer | null;
  headers?: Record<string, string>;
}

/** A record as stored, before decoding. */
export interface RawRecord {
  /** Logical topic name (without KAFKA_TOPIC_PREFIX). */
  topic: string;
  partition: number;
  /** Decimal string: Kafka offsets are 64-bit. */
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: Record<string, string>;
}

export interface ConsumedEvent {
  /** Logical topic name (without KAFKA_TOPIC_PREFIX). */
  topic: string;
  partition: number;
  /** Decimal string: Kafka offsets are 64-bit. */
  offset: string;
  key: string;
  type: string;
  schemaId: number;
  value: EventRecord;
  headers: Record<string, string>;
}

/**
 * Handles a batch of events of one partition, in offset order. It must be idempotent by
 * `value.event_id` (a batch may be delivered again after a crash or a failure) and resolve only
 * once its effect is durable: offsets are committed after it resolves, never before.
 */
export type BatchHandler = (events: ConsumedEvent[]) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: members of one group share the partitions. */
  groupId: string;
  topics: string[];
  handleBatch: BatchHandler;
  /** Where a group with no committed offset starts: the first retained message, or only new ones. */
  fromBeginning?: boolean;
  /** Largest batch handed to handleBatch (default 500). */
  maxBatchSize?: number;
  /**
   * Batches of different partitions handled at once (default 1); order within a partition is
   * kept either way. The in-process bus handles one at a time.
   */
  concurrentPartitions?: number;
  /** Attempts per batch (and then per message) before the message goes to the DLQ (default 5). */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt (default 200 ms). */
  retryBackoffMs?: number;
  /**
   * Health of what the handler writes to. When a whole batch keeps failing while this answers
   * false, the batch is kept and retried instead of dead-lettered: an outage is not poison.
   */
  dependencyHealthy?: () => Promise<boolean>;
}

export interface Subscription {
  /** Resolves once the group has assigned partitions to this member and it is consuming. */
  readonly ready: Promise<void>;
  /** Graceful stop: finishes the batch in hand, commits it, leaves the group. */
  stop(): Promise<void>;
  /**
   * Stops at once without committing anything further, as a crash would: whatever was handled
   * but not committed is delivered again to the group's next member.
   */
  abort(): Promise<void>;
}

export interface TopicSpec {
  /** Logical name; the adapter adds KAFKA_TOPIC_PREFIX. */
  name: string;
  partitions: number;
  /** Kafka topic configs (retention.ms, cleanup.policy, ...). */
  config?: Record<string, string>;
}

/** Headers on a dead-lettered message, beside its original key and bytes. */
export const DLQ_HEADERS = {
  reason: "dlq.reason",
  detail: "dlq.detail",
  topic: "dlq.original.topic",
  partition: "dlq.original.partition",
  offset: "dlq.original.offset",
  group: "dlq.consumer.group",
  attempts: "dlq.attempts",
  failedAt: "dlq.failed.at",
} as const;

export const dlqTopicOf = (topic: string): string => `${topic}.dlq`;

/**
 * The adapters carry any record their catalog holds (EventMap); the platform's code sees
 * EventBus<EventValues>, so every event it publishes is checked against its Avro-generated type.
 */
export interface EventBus<E extends EventMap = EventValues> {
  readonly adapter: "kafka" | "memory";
  /** Connects, registers the schemas and creates the topics (each with its .dlq); idempotent. */
  start(topics: readonly TopicSpec[]): Promise<void>;
  /** Encodes and appends; resolves when every event is acknowledged by all in-sync replicas. */
  publish(topic: string, events: readonly OutgoingEvent<E>[]): Promise<void>;
  /** Appends bytes as they are (replaying a DLQ, tooling, poison-message tests). */
  publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Follows a topic's raw records from the beginning without decoding or committing (DLQ
   * inspection and replay tools); stop the returned subscription when done.
   */
  inspect(topic: string, onRecords: (records: RawRecord[]) => void): Promise<Subscription>;
  /** Committed offset (next to read) per partition; partitions without a commit are absent. */
  committedOffsets(groupId: string, topic: string): Promise<Map<number, string>>;
  /** Messages appended per partition so far (the high watermark). */
  endOffsets(topic: string): Promise<Map<number, string>>;
  health(): Promise<DependencyHealth[]>;
  close(): Promise<void>;
}
