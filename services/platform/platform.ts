import { clickHouseOptionsFromConfig, createClickHouseAnalytics } from "./analytics/clickhouse";
import { EmbeddedAnalytics } from "./analytics/embedded";
import type { AnalyticsStore } from "./analytics/port";
import type { Config } from "./config";
import { KafkaEventBus } from "./events/kafka-bus";
import { MemoryEventBus } from "./events/memory-bus";
import { MemoryCodec } from "./events/memory-codec";
import type { EventBus } from "./events/port";
import { RegistryCodec } from "./events/registry-codec";
import { SchemaCatalog } from "./events/schema-catalog";
import { topicSpecs } from "./events/topics";
import { crashAt } from "./failpoints";
import { MemoryFastState } from "./limits/memory";
import type { FastState } from "./limits/port";
import { createRedisFastState } from "./limits/redis";
import type { Logger } from "./logger";

/** The three ports, wired to real infrastructure (platform mode) or in-process (embedded). */
export interface Platform {
  config: Config;
  logger: Logger;
  bus: EventBus;
  analytics: AnalyticsStore;
  state: FastState;
  close(): Promise<void>;
}

/**
 * Builds the adapters the mode asks for, then starts them: schemas registered, topics created,
 * ClickHouse migrations applied. Fails fast, naming the dependency, if one is unreachable.
 */
export async function openPlatform(
  config: Config,
  logger: Logger,
  catalog = SchemaCatalog.load(),
): Promise<Platform> {
  const onError = (err: Error, context: string) =>
    logger.warn({ err: err.message, context }, "consumer error");
  const embedded = config.VOYAGE_RISK_MODE === "embedded";
  const bus: EventBus = embedded
    ? new MemoryEventBus({
        codec: new MemoryCodec(catalog),
        defaultMaxAttempts: config.CONSUMER_MAX_ATTEMPTS,
        defaultRetryBackoffMs: config.CONSUMER_RETRY_BACKOFF_MS,
        onError,
        retention: {
          ms: bound(config.EMBEDDED_BUS_RETENTION_MS),
          bytesPerPartition: bound(config.EMBEDDED_BUS_RETENTION_BYTES),
        },
      })
    : new KafkaEventBus({
        brokers: config.KAFKA_BROKERS,
        clientId: config.KAFKA_CLIENT_ID,
        prefix: config.KAFKA_TOPIC_PREFIX,
        replicationFactor: config.KAFKA_REPLICATION_FACTOR,
        minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
        codec: new RegistryCodec(catalog, config.SCHEMA_REGISTRY_URL),
        defaultMaxAttempts: config.CONSUMER_MAX_ATTEMPTS,
        defaultRetryBackoffMs: config.CONSUMER_RETRY_BACKOFF_MS,
        onError,
        beforeCommit: crashAt(config, "consumer.before-commit"),
      });
  const analytics: AnalyticsStore = embedded
    ? new EmbeddedAnalytics({
        retention: {
          ms: bound(config.EMBEDDED_ANALYTICS_RETENTION_MS),
          maxBytes: bound(config.EMBEDDED_ANALYTICS_RETENTION_BYTES),
        },
      })
    : createClickHouseAnalytics(clickHouseOptionsFromConfig(config));
  const state: FastState = embedded
    ? new MemoryFastState()
    : createRedisFastState({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });

  const platform: Platform = {
    config,
    logger,
    bus,
    analytics,
    state,
    close: async () => {
      await Promise.allSettled([bus.close(), analytics.close(), state.close()]);
    },
  };
  try {
    await step("event bus (Kafka + schema registry)", () =>
      bus.start(topicSpecs(config.KAFKA_PARTITIONS)),
    );
    const migrated = await step("analytics (ClickHouse migrations)", () => analytics.migrate());
    logger.info({ applied: migrated.applied, version: migrated.current }, "analytics schema ready");
  } catch (err) {
    await platform.close();
    throw err;
  }
  return platform;
}

/** A retention setting as the adapters take it: -1 (no bound) is undefined. */
const bound = (v: number): number | undefined => (v === -1 ? undefined : v);

async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new Error(`start-up failed at ${what}: ${(err as Error).message}`, { cause: err });
  }
}
