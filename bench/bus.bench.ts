import { Kafka, logLevel } from "kafkajs";
import { loadConfig } from "../services/platform/config";
import { KafkaEventBus } from "../services/platform/events/kafka-bus";
import type { OutgoingEvent } from "../services/platform/events/port";
import { eventRecord } from "../services/platform/events/records";
import { RegistryCodec } from "../services/platform/events/registry-codec";
import { SchemaCatalog } from "../services/platform/events/schema-catalog";
import { deleteKafkaTopics, uniqueName, waitFor } from "../tests/helpers";
import { type BenchSuite, round, withCeiling } from "./figures";

/**
 * Events/s through our Kafka bus adapter (Avro encode via the registry, acks=all, consumer
 * group, decode, batch processor, commit per batch) against the raw ceiling: kafkajs producing
 * and consuming bytes of the same size with no layer of ours, same partitions, same acks.
 */
const EVENTS = 20_000;
const PARTITIONS = 6;
const CHUNK = 1000;
const ROUNDS = 2;

export const cycleEvent = (i: number): OutgoingEvent => ({
  key: `model-${i % 12}`,
  type: "voyagerisk.weather.WeatherCycleLanded",
  value: eventRecord(
    {
      model: `model-${i % 12}`,
      cycle_time: Date.UTC(2026, 0, 1) + i * 21_600_000,
      members: 31,
      resolution_deg: 0.25,
      horizon_h: 384,
      synthetic: true,
      source: `bench ${i}`,
    },
    Date.UTC(2026, 0, 1) + i * 21_600_000 + 3_600_000,
  ),
});

async function ours(): Promise<{ rate: number; bytes: number }> {
  const config = loadConfig();
  const codec = new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL);
  const prefix = `${uniqueName("bench")}.`;
  const bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "bench",
    prefix,
    replicationFactor: 1,
    minInsyncReplicas: 1,
    codec,
  });
  await bus.start([{ name: "bench.bus", partitions: PARTITIONS }]);
  let seen = 0;
  const sub = await bus.subscribe({
    groupId: "bench",
    topics: ["bench.bus"],
    fromBeginning: true,
    handleBatch: async (batch) => {
      seen += batch.length;
    },
  });
  await sub.ready;
  const events = Array.from({ length: EVENTS }, (_, i) => cycleEvent(i));
  const bytes = (await codec.encode(events[0]?.type ?? "", events[0]?.value ?? ({} as never)))
    .length;
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i += CHUNK)
    await bus.publish("bench.bus", events.slice(i, i + CHUNK));
  await waitFor("bus events", () => seen >= EVENTS, 120_000);
  const rate = EVENTS / ((performance.now() - t0) / 1000);
  await bus.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
  return { rate, bytes };
}

async function raw(bytes: number): Promise<number> {
  const config = loadConfig();
  const kafka = new Kafka({
    clientId: "bench-raw",
    brokers: config.KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
  });
  const topic = uniqueName("bench-raw");
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({
    waitForLeaders: true,
    topics: [{ topic, numPartitions: PARTITIONS, replicationFactor: 1 }],
  });
  const producer = kafka.producer();
  await producer.connect();
  const consumer = kafka.consumer({ groupId: uniqueName("bench-raw") });
  let seen = 0;
  const joined = new Promise<void>((r) => consumer.on(consumer.events.GROUP_JOIN, () => r()));
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachBatch: async ({ batch }) => {
      seen += batch.messages.length;
    },
  });
  await joined;
  const value = Buffer.alloc(bytes, 7);
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i += CHUNK) {
    await producer.send({
      topic,
      acks: -1,
      messages: Array.from({ length: CHUNK }, (_, j) => ({ key: `model-${(i + j) % 12}`, value })),
    });
  }
  await waitFor("raw events", () => seen >= EVENTS, 120_000);
  const rate = EVENTS / ((performance.now() - t0) / 1000);
  await consumer.disconnect();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  return rate;
}

export const busSuite: BenchSuite = {
  name: "bus",
  needsInfra: true,
  async run() {
    let bytes = 0;
    let best = { ours: 0, raw: 0 };
    // Interleaved rounds so both sides see the same machine weather.
    for (let r = 0; r < ROUNDS; r++) {
      const o = await ours();
      bytes = o.bytes;
      best = { ours: Math.max(best.ours, o.rate), raw: Math.max(best.raw, await raw(bytes)) };
    }
    return [
      withCeiling(
        {
          name: `Kafka bus adapter publish+consume (${EVENTS} events of ${bytes} B, ${PARTITIONS} partitions, acks=all)`,
          value: round(best.ours, 0),
          unit: "events/s",
          ceiling: { name: "raw kafkajs produce+consume", value: round(best.raw, 0) },
        },
        0.5,
      ),
    ];
  },
};
