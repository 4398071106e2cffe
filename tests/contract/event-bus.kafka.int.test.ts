import { afterAll } from "vitest";
import { loadConfig } from "../../services/platform/config";
import { GROUP_SESSION_TIMEOUT_MS, KafkaEventBus } from "../../services/platform/events/kafka-bus";
import { RegistryCodec } from "../../services/platform/events/registry-codec";
import { deleteKafkaTopics, testCatalog, uniqueName } from "../helpers";
import { eventBusContract, TOPICS } from "./event-bus.contract";

const config = loadConfig();
const runPrefix = `${uniqueName("test")}.`;
afterAll(() => deleteKafkaTopics(config.KAFKA_BROKERS, runPrefix));

// Real Kafka and a real Confluent-compatible registry; every test gets its own topic prefix.
eventBusContract(
  "Kafka + Schema Registry",
  async () => {
    const bus = new KafkaEventBus({
      brokers: config.KAFKA_BROKERS,
      clientId: "contract-test",
      prefix: `${runPrefix}${uniqueName("t")}.`,
      replicationFactor: 1,
      minInsyncReplicas: 1,
      codec: new RegistryCodec(testCatalog(), config.SCHEMA_REGISTRY_URL),
      defaultRetryBackoffMs: 10,
    });
    await bus.start(TOPICS);
    return bus;
  },
  { groupSessionTimeoutMs: GROUP_SESSION_TIMEOUT_MS },
);
