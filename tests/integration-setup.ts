import { Redis } from "ioredis";
import { Kafka, logLevel } from "kafkajs";
import { loadConfig } from "../services/platform/config";

/**
 * Global setup of the integration project: proves, before any test, that the real services
 * answer, and says which ones the run uses. No service, no run: nothing is skipped quietly.
 */
export default async function setup(): Promise<void> {
  const config = loadConfig();
  const lines: string[] = [];

  const admin = new Kafka({
    clientId: "it-setup",
    brokers: config.KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const cluster = await admin.describeCluster();
  await admin.disconnect();
  lines.push(
    `Kafka ${config.KAFKA_BROKERS.join(",")} (cluster ${cluster.clusterId}, ${cluster.brokers.length} broker)`,
  );

  const subjects = await fetch(`${config.SCHEMA_REGISTRY_URL}/subjects`);
  if (!subjects.ok)
    throw new Error(`Schema Registry ${config.SCHEMA_REGISTRY_URL} answered ${subjects.status}`);
  lines.push(
    `Schema Registry ${config.SCHEMA_REGISTRY_URL} (${((await subjects.json()) as unknown[]).length} subjects)`,
  );

  const version = await fetch(
    `${config.CLICKHOUSE_URL}/?query=${encodeURIComponent("SELECT version()")}`,
  );
  if (!version.ok)
    throw new Error(`ClickHouse ${config.CLICKHOUSE_URL} answered ${version.status}`);
  lines.push(`ClickHouse ${config.CLICKHOUSE_URL} (version ${(await version.text()).trim()})`);

  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const info = await redis.info("server");
  redis.disconnect();
  lines.push(`Redis ${config.REDIS_URL} (version ${/redis_version:(\S+)/.exec(info)?.[1]})`);

  process.stdout.write(
    `\nIntegration tests run against real services:\n  ${lines.join("\n  ")}\n\n`,
  );
}
