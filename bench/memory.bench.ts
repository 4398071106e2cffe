import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { EVENT } from "../services/contracts/events";
import { EmbeddedAnalytics } from "../services/platform/analytics/embedded";
import { loadConfig } from "../services/platform/config";
import { MemoryEventBus } from "../services/platform/events/memory-bus";
import { MemoryCodec } from "../services/platform/events/memory-codec";
import { eventRecord } from "../services/platform/events/records";
import { SchemaCatalog } from "../services/platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../services/platform/events/topics";
import { startAnalyticsSink } from "../streams/analytics/sink";
import { waitFor } from "../tests/helpers";
import { type BenchSuite, round } from "./figures";

/**
 * The embedded default's memory over a long run: route-risk answers (the largest events, one
 * RouteRiskResult of ~40 KB each) published through the in-process bus and stored by the
 * analytics sink in the embedded store, as `npm start` does. The heap (and the buffers outside
 * it) after a full GC, with the default retention and with none (EMBEDDED_*_RETENTION_* = -1),
 * beside what the events weigh.
 */
const EVENTS = 8_000;
const ANSWER_BYTES = 40_000;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The JS heap and the memory outside it (the bus's record buffers), after a full GC. */
function heapMiB(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 1_048_576;
}

async function run(bounded: boolean): Promise<number> {
  const config = loadConfig({});
  const bus = new MemoryEventBus({
    codec: new MemoryCodec(SchemaCatalog.load()),
    retention: bounded
      ? {
          ms: config.EMBEDDED_BUS_RETENTION_MS,
          bytesPerPartition: config.EMBEDDED_BUS_RETENTION_BYTES,
        }
      : undefined,
  });
  const analytics = new EmbeddedAnalytics({
    retention: bounded
      ? {
          ms: config.EMBEDDED_ANALYTICS_RETENTION_MS,
          maxBytes: config.EMBEDDED_ANALYTICS_RETENTION_BYTES,
        }
      : undefined,
  });
  await bus.start(topicSpecs(config.KAFKA_PARTITIONS));
  await analytics.migrate();
  let stored = 0;
  const sink = await startAnalyticsSink({
    bus,
    analytics,
    batchSize: config.SINK_BATCH_SIZE,
    onFlush: (r) => {
      stored += r.rows;
    },
  });
  const before = heapMiB();
  const answer = JSON.stringify({ segments: "s".repeat(ANSWER_BYTES) });
  for (let i = 0; i < EVENTS; i += 100) {
    await bus.publish(
      TOPIC.voyageScores,
      Array.from({ length: 100 }, (_, j) => {
        const routeId = `route-${i + j}`;
        return {
          key: routeId,
          type: EVENT.RouteRiskResult,
          value: eventRecord(
            {
              route_id: routeId,
              request_id: null,
              key_id: "k",
              objective: "safest",
              response_json: answer,
            },
            Date.UTC(2026, 10, 22) + i + j,
          ),
        };
      }),
    );
    // The sink keeps up, as with requests arriving over time: a publisher faster than its
    // consumers by more than the retention would lose events here, as it would in Kafka.
    await waitFor("the sink to keep up", () => stored >= i + 100, 120_000);
  }
  const grown = heapMiB() - before;
  await sink.stop();
  await bus.close();
  await analytics.close();
  return grown;
}

export const memorySuite: BenchSuite = {
  name: "memory",
  needsInfra: false,
  async run() {
    const published = (EVENTS * ANSWER_BYTES) / 1_048_576;
    const bounded = await run(true);
    const unbounded = await run(false);
    return [
      {
        name: `embedded memory growth (heap and buffers) after ${EVENTS} route-risk answers of ${ANSWER_BYTES / 1000} KB (${round(published, 0)} MiB published), default retention`,
        value: round(bounded, 0),
        unit: "MiB",
        ceiling: { name: "no retention", value: round(unbounded, 0) },
      },
    ];
  },
};
