import type { AnalyticsStore } from "../../services/platform/analytics/port";
import type { EventBus, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";
import { SinkWriter } from "./sink-writer";

/**
 * The analytics sink: every event on every topic into ClickHouse's `events` table, one INSERT
 * per fetched batch, exactly once in effect (see SinkWriter): a batch redelivered after a crash
 * (stored, not yet committed) is not stored twice.
 */

export const ANALYTICS_SINK_GROUP = "analytics-sink";

export interface AnalyticsSinkOptions {
  bus: EventBus;
  analytics: AnalyticsStore;
  batchSize: number;
  topics?: string[];
  groupId?: string;
  /** Batches of different partitions handled (and written together) at once. */
  concurrentPartitions?: number;
  onFlush?: (report: { rows: number; inserted: number; duplicates: number }) => void;
}

export function startAnalyticsSink(opts: AnalyticsSinkOptions): Promise<Subscription> {
  const writer = new SinkWriter(opts.analytics, { maxRows: opts.batchSize, onFlush: opts.onFlush });
  return opts.bus.subscribe({
    groupId: opts.groupId ?? ANALYTICS_SINK_GROUP,
    topics: opts.topics ?? Object.values(TOPIC),
    fromBeginning: true,
    maxBatchSize: opts.batchSize,
    concurrentPartitions: opts.concurrentPartitions ?? 6,
    // ClickHouse down is an outage, not poison: keep the batch until it is back.
    dependencyHealthy: async () => (await opts.analytics.health()).status === "up",
    handleBatch: (events) => writer.write(events),
  });
}
