import { ConfigResourceTypes, Kafka, logLevel } from "kafkajs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { deleteKafkaTopics, testCatalog, uniqueName } from "../../../tests/helpers";
import { LostProduceAnswers } from "../../../tests/kafka-faults";
import { loadConfig } from "../config";
import { KafkaEventBus, type KafkaEventBusOptions } from "./kafka-bus";
import { dlqTopicOf, type RawMessage, type RawRecord } from "./port";
import { RegistryCodec } from "./registry-codec";

/** The Kafka adapter's producer and topic settings, on the real broker. */
const config = loadConfig();
const runPrefix = `${uniqueName("kbus")}.`;
const open: KafkaEventBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});
afterAll(() => deleteKafkaTopics(config.KAFKA_BROKERS, runPrefix));

const TOPIC = "producer.probe";

async function startBus(options: Partial<KafkaEventBusOptions> = {}): Promise<KafkaEventBus> {
  const bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "kafka-bus-it",
    prefix: `${runPrefix}${uniqueName("t")}.`,
    replicationFactor: 1,
    minInsyncReplicas: 1,
    codec: new RegistryCodec(testCatalog(), config.SCHEMA_REGISTRY_URL),
    ...options,
  });
  open.push(bus);
  await bus.start([{ name: TOPIC, partitions: 1 }]);
  return bus;
}

async function readAll(bus: KafkaEventBus, topic: string, expected: number): Promise<RawRecord[]> {
  const records: RawRecord[] = [];
  const end = Number((await bus.endOffsets(topic)).get(0) ?? "0");
  const sub = await bus.inspect(topic, (batch) => records.push(...batch));
  const deadline = Date.now() + 30_000;
  while (records.length < Math.max(end, expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
  await sub.stop();
  return records;
}

const text = (records: RawRecord[]) => records.map((r) => r.value?.toString() ?? "");

describe("KafkaEventBus on the real broker", () => {
  it("creates its topics, and their dead-letter topics, with the min.insync.replicas it is given", async () => {
    // One broker holds one replica, so 2 is more than the topic has: the test reads the setting
    // back. Kafka 3.7 and later take min(min.insync.replicas, replicas) as the minimum
    // (KAFKA-15583, apache/kafka#14594), so the write still goes through; which is why the
    // configuration refuses a minimum above the replication factor rather than let it mislead.
    const bus = await startBus({ minInsyncReplicas: 2 });
    const admin = new Kafka({
      clientId: "kafka-bus-it-admin",
      brokers: config.KAFKA_BROKERS,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const names = [bus.physical(TOPIC), bus.physical(dlqTopicOf(TOPIC))];
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: names.map((name) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configNames: ["min.insync.replicas"],
        })),
      });
      const isr = Object.fromEntries(
        described.resources.map((r) => [r.resourceName, r.configEntries[0]?.configValue]),
      );
      expect(isr).toEqual(Object.fromEntries(names.map((n) => [n, "2"])));
    } finally {
      await admin.disconnect();
    }
    await bus.publishRaw(TOPIC, [{ key: "k", value: Buffer.from("capped at one replica") }]);
    expect(text(await readAll(bus, TOPIC, 1))).toEqual(["capped at one replica"]);
  });

  it("writes a batch once although it sent it again after losing the broker's answer, and loses none after", async () => {
    const faults = new LostProduceAnswers();
    const bus = await startBus({ socketFactory: faults.socketFactory });
    const batch = (label: string): RawMessage[] =>
      [1, 2, 3].map((i) => ({ key: "one-key", value: Buffer.from(`${label}${i}`) }));

    // Every answer to A is lost: the broker appends A, the client never hears so, retries until
    // it gives up and the publish fails. Without idempotence each retry appends A again.
    faults.dropProduce = true;
    await expect(bus.publishRaw(TOPIC, batch("A"))).rejects.toThrow();
    faults.dropProduce = false;
    expect(faults.dropped).toBeGreaterThan(1);

    // B has as many records as A: a producer that rewound its sequence numbers after the failed
    // send would present B as A's duplicate, and the broker would answer "written" for a batch
    // it dropped.
    await bus.publishRaw(TOPIC, batch("B"));
    const records = await readAll(bus, TOPIC, 6);
    expect(text(records)).toEqual(["A1", "A2", "A3", "B1", "B2", "B3"]);
  });
});
