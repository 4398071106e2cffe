import type { AnalyticsStore, EventRow } from "../../services/platform/analytics/port";
import type { ConsumedEvent, EventBus, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";

/**
 * The analytics sink: every event on every topic into ClickHouse's `events` table, one INSERT
 * per fetched batch. Exactly-once in effect: the store skips event ids it already holds, so a
 * batch redelivered after a crash (handled, not yet committed) is not counted twice.
 */

export const ANALYTICS_SINK_GROUP = "analytics-sink";

export function toEventRow(e: ConsumedEvent): EventRow {
  return {
    event_id: e.value.event_id,
    event_type: e.type,
    topic: e.topic,
    key: e.key,
    occurred_at_ms: Number(e.value.occurred_at),
    partition: e.partition,
    offset: e.offset,
    schema_id: e.schemaId,
    payload_json: JSON.stringify(e.value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)),
  };
}

export interface AnalyticsSinkOptions {
  bus: EventBus;
  analytics: AnalyticsStore;
  batchSize: number;
  topics?: string[];
  groupId?: string;
  onBatch?: (report: { rows: number; inserted: number; duplicates: number }) => void;
}

export function startAnalyticsSink(opts: AnalyticsSinkOptions): Promise<Subscription> {
  return opts.bus.subscribe({
    groupId: opts.groupId ?? ANALYTICS_SINK_GROUP,
    topics: opts.topics ?? Object.values(TOPIC),
    fromBeginning: true,
    maxBatchSize: opts.batchSize,
    // ClickHouse down is an outage, not poison: keep the batch until it is back.
    dependencyHealthy: async () => (await opts.analytics.health()).status === "up",
    handleBatch: async (events) => {
      const report = await opts.analytics.insertEvents(events.map(toEventRow));
      opts.onBatch?.({ rows: events.length, ...report });
    },
  });
}
