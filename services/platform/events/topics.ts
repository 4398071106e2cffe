import type { TopicSpec } from "./port";

/** Logical topic names (the deployment's KAFKA_TOPIC_PREFIX is added by the bus). */
export const TOPIC = {
  weatherCycles: "weather.cycles",
  voyageRequests: "voyages.requests",
  voyageScores: "voyages.scores",
  voyageMonitoring: "voyages.monitoring",
  voyageRescore: "voyages.rescore",
  voyageAlerts: "voyages.alerts",
  advisories: "advisories",
  webhookDeliveries: "webhooks.deliveries",
} as const;

export type TopicName = (typeof TOPIC)[keyof typeof TOPIC];

/**
 * Every topic we create, each with a `.dlq` beside it. Voyage topics are keyed by voyage id and
 * carry the parallelism; weather cycles and advisories are few and keyed by model / area.
 */
export function topicSpecs(voyagePartitions: number): TopicSpec[] {
  return [
    { name: TOPIC.weatherCycles, partitions: 3 },
    { name: TOPIC.advisories, partitions: 3 },
    { name: TOPIC.voyageRequests, partitions: voyagePartitions },
    { name: TOPIC.voyageScores, partitions: voyagePartitions },
    {
      name: TOPIC.voyageMonitoring,
      partitions: voyagePartitions,
      config: { "retention.ms": "-1" },
    },
    // Re-scoring work, one message per voyage per cycle: only needed until it is done.
    {
      name: TOPIC.voyageRescore,
      partitions: voyagePartitions,
      config: { "retention.ms": String(86_400_000) },
    },
    { name: TOPIC.voyageAlerts, partitions: voyagePartitions },
    { name: TOPIC.webhookDeliveries, partitions: voyagePartitions },
  ];
}
