import { randomUUID } from "node:crypto";
import { BatchProcessor } from "./batch-processor";
import type { EventCodec } from "./codec";
import {
  dlqTopicOf,
  type EventMap,
  type OutgoingEvent,
  type RawMessage,
  type RawRecord,
  type SubscribeOptions,
} from "./port";

/** What both bus adapters share: how events become messages and what a consumer does with records. */

export interface BusOptions {
  codec: EventCodec;
  defaultMaxAttempts?: number;
  defaultRetryBackoffMs?: number;
  onError?: (err: Error, context: string) => void;
}

/** What a group member does with fetched records; process answers false for "interrupted, do not commit". */
export interface MemberSpec {
  groupId: string;
  topics: string[];
  fromBeginning: boolean;
  maxBatchSize: number;
  concurrentPartitions: number;
  commit: boolean;
  process: (records: RawRecord[], shouldContinue: () => boolean) => Promise<boolean>;
}

export function encodeEvents(
  codec: EventCodec,
  events: readonly OutgoingEvent<EventMap>[],
): Promise<RawMessage[]> {
  return Promise.all(
    events.map(async (e) => ({ key: e.key, value: await codec.encode(e.type, e.value) })),
  );
}

/** A subscription: decode, handle with retries, dead-letter through `publishRaw`, commit. */
export function consumerSpec(
  options: SubscribeOptions,
  bus: BusOptions,
  publishRaw: (topic: string, messages: RawMessage[]) => Promise<void>,
): MemberSpec {
  return {
    groupId: options.groupId,
    topics: [...options.topics],
    fromBeginning: options.fromBeginning ?? false,
    maxBatchSize: options.maxBatchSize ?? 500,
    concurrentPartitions: options.concurrentPartitions ?? 1,
    commit: true,
    process: (records, shouldContinue) =>
      new BatchProcessor({
        codec: bus.codec,
        groupId: options.groupId,
        handleBatch: options.handleBatch,
        maxAttempts: options.maxAttempts ?? bus.defaultMaxAttempts ?? 5,
        retryBackoffMs: options.retryBackoffMs ?? bus.defaultRetryBackoffMs ?? 200,
        deadLetter: (topic, letters) => publishRaw(dlqTopicOf(topic), letters),
        dependencyHealthy: options.dependencyHealthy,
        shouldContinue,
        onError: bus.onError,
      }).process(records),
  };
}

/** A raw follower of one topic from its start: no decoding, no commits (DLQ tools). */
export function inspectorSpec(
  topic: string,
  onRecords: (records: RawRecord[]) => void,
): MemberSpec {
  return {
    groupId: `inspect-${randomUUID()}`,
    topics: [topic],
    fromBeginning: true,
    maxBatchSize: 500,
    concurrentPartitions: 1,
    commit: false,
    process: async (records) => {
      onRecords(records);
      return true;
    },
  };
}
