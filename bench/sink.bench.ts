import { createClient } from "@clickhouse/client";
import { createClickHouseAnalytics } from "../services/platform/analytics/clickhouse";
import type { EventRow } from "../services/platform/analytics/port";
import { ident, sql } from "../services/platform/analytics/sql";
import { loadConfig } from "../services/platform/config";
import { KafkaEventBus } from "../services/platform/events/kafka-bus";
import { RegistryCodec } from "../services/platform/events/registry-codec";
import { SchemaCatalog } from "../services/platform/events/schema-catalog";
import { TOPIC } from "../services/platform/events/topics";
import { startAnalyticsSink } from "../streams/analytics/sink";
import { uniqueName, waitFor } from "../tests/helpers";
import { cycleEvent } from "./bus.bench";
import { type BenchSuite, round, withCeiling } from "./figures";

/**
 * Rows/s through the analytics sink (Kafka fetch, Avro decode, idempotency check, batched INSERT,
 * commit) against the raw ceiling: one bulk INSERT of the very same rows into the same table.
 */
const ROWS = 20_000;
const ROUNDS = 2;

async function sinkRound(): Promise<{ rate: number; rows: EventRow[] }> {
  const config = loadConfig();
  const database = uniqueName("vr_bench");
  const bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "bench-sink",
    prefix: `${uniqueName("bench")}.`,
    replicationFactor: 1,
    codec: new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL),
  });
  await bus.start([{ name: TOPIC.weatherCycles, partitions: 6 }]);
  for (let i = 0; i < ROWS; i += 1000) {
    await bus.publish(
      TOPIC.weatherCycles,
      Array.from({ length: 1000 }, (_, j) => cycleEvent(i + j)),
    );
  }
  const analytics = createClickHouseAnalytics({
    url: config.CLICKHOUSE_URL,
    database,
    username: config.CLICKHOUSE_USER,
    password: config.CLICKHOUSE_PASSWORD,
  });
  await analytics.migrate();
  const rows: EventRow[] = [];
  const t0 = performance.now();
  const sub = await startAnalyticsSink({
    bus,
    analytics,
    batchSize: config.SINK_BATCH_SIZE,
    topics: [TOPIC.weatherCycles],
    onBatch: () => undefined,
  });
  await waitFor(
    "sink rows",
    async () => (await analytics.countEvents({ topic: TOPIC.weatherCycles })) >= ROWS,
    300_000,
  );
  const rate = ROWS / ((performance.now() - t0) / 1000);
  await sub.stop();
  for (const r of await analytics.queryEvents({ topic: TOPIC.weatherCycles, limit: 10_000 }))
    rows.push(r);
  await bus.close();
  await dropDatabase(database);
  await analytics.close();
  return { rate, rows };
}

async function bulkRound(template: EventRow[]): Promise<number> {
  const config = loadConfig();
  const database = uniqueName("vr_bench_raw");
  const analytics = createClickHouseAnalytics({
    url: config.CLICKHOUSE_URL,
    database,
    username: config.CLICKHOUSE_USER,
    password: config.CLICKHOUSE_PASSWORD,
  });
  await analytics.migrate();
  await analytics.close();
  // The same rows, ROWS of them (the template repeated with fresh ids), in one INSERT.
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const t = template[i % template.length] as EventRow;
    return {
      ...t,
      event_id: `${t.event_id}-${i}`,
      occurred_at: Math.floor(t.occurred_at_ms / 1000),
    };
  });
  const client = createClient({
    url: config.CLICKHOUSE_URL,
    username: config.CLICKHOUSE_USER,
    password: config.CLICKHOUSE_PASSWORD,
    database,
  });
  const t0 = performance.now();
  await client.insert({ table: "events", values: rows, format: "JSONEachRow" });
  const rate = ROWS / ((performance.now() - t0) / 1000);
  await client.close();
  await dropDatabase(database);
  return rate;
}

async function dropDatabase(database: string): Promise<void> {
  const config = loadConfig();
  const client = createClient({
    url: config.CLICKHOUSE_URL,
    username: config.CLICKHOUSE_USER,
    password: config.CLICKHOUSE_PASSWORD,
  });
  await client.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
  await client.close();
}

export const sinkSuite: BenchSuite = {
  name: "sink",
  needsInfra: true,
  async run() {
    let best = { sink: 0, bulk: 0 };
    for (let r = 0; r < ROUNDS; r++) {
      const s = await sinkRound();
      best = {
        sink: Math.max(best.sink, s.rate),
        bulk: Math.max(best.bulk, await bulkRound(s.rows)),
      };
    }
    return [
      withCeiling(
        {
          name: `analytics sink Kafka -> ClickHouse (${ROWS} events, batches of ${loadConfig().SINK_BATCH_SIZE})`,
          value: round(best.sink, 0),
          unit: "rows/s",
          ceiling: { name: "one bulk INSERT of the same rows", value: round(best.bulk, 0) },
        },
        0.5,
      ),
    ];
  },
};
