import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
  EVENT_INSERT_COLUMNS,
} from "../services/platform/analytics/clickhouse";
import type { AnalyticsStore, EventRow } from "../services/platform/analytics/port";
import { ident, sql } from "../services/platform/analytics/sql";
import { loadConfig } from "../services/platform/config";
import { KafkaEventBus } from "../services/platform/events/kafka-bus";
import { RegistryCodec } from "../services/platform/events/registry-codec";
import { SchemaCatalog } from "../services/platform/events/schema-catalog";
import { TOPIC } from "../services/platform/events/topics";
import { startAnalyticsSink } from "../streams/analytics/sink";
import { ClickHouseAdmin } from "../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName, waitFor } from "../tests/helpers";
import { cycleEvent } from "./bus.bench";
import { type BenchSuite, round, withCeiling } from "./figures";

/**
 * Rows/s through the analytics sink (Kafka fetch, Avro decode, idempotency check, batched INSERT,
 * commit) against the raw ceiling: bulk INSERTs of the very same rows into the same table.
 */
const ROWS = 50_000;
const ROUNDS = 2;

async function sinkRound(): Promise<{ rate: number; rows: EventRow[] }> {
  const config = loadConfig();
  const database = uniqueName("vr_bench");
  const prefix = `${uniqueName("bench")}.`;
  const bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "bench-sink",
    prefix,
    replicationFactor: 1,
    minInsyncReplicas: 1,
    codec: new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL),
  });
  await bus.start([{ name: TOPIC.weatherCycles, partitions: 6 }]);
  for (let i = 0; i < ROWS; i += 1000) {
    await bus.publish(
      TOPIC.weatherCycles,
      Array.from({ length: 1000 }, (_, j) => cycleEvent(i + j)),
    );
  }
  const analytics = createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), database });
  await analytics.migrate();
  const rows: EventRow[] = [];
  // The clock runs from the first batch handed to the store to the last one written: the
  // pipeline's throughput, not the consumer group's join. Progress comes from the sink's own
  // reports, so no polling query competes with it for the two cores.
  let t0 = 0;
  let written = 0;
  const timed = new Proxy(analytics, {
    get(target, prop) {
      const member = Reflect.get(target, prop, target);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        if (prop === "insertEvents" || prop === "appendEvents") t0 ||= performance.now();
        return member.apply(target, args);
      };
    },
  }) as AnalyticsStore;
  const sub = await startAnalyticsSink({
    bus,
    analytics: timed,
    batchSize: config.SINK_BATCH_SIZE,
    topics: [TOPIC.weatherCycles],
    onFlush: (r) => {
      written += r.inserted;
    },
  });
  await waitFor("sink rows", () => written >= ROWS, 300_000);
  const rate = ROWS / ((performance.now() - t0) / 1000);
  await sub.stop();
  const stored = await analytics.countEvents({ topic: TOPIC.weatherCycles });
  if (stored !== ROWS)
    throw new Error(`sink bench: ${stored} events in ClickHouse, expected ${ROWS}`);
  for (const r of await analytics.queryEvents({ topic: TOPIC.weatherCycles, limit: 10_000 }))
    rows.push(r);
  await bus.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
  await analytics.close();
  const admin = new ClickHouseAdmin(config);
  await admin.dropDatabases([database]);
  await admin.close();
  return { rate, rows };
}

async function bulkRound(template: EventRow[]): Promise<number> {
  const config = loadConfig();
  const database = uniqueName("vr_bench_raw");
  const analytics = createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), database });
  await analytics.migrate();
  await analytics.close();
  // The same rows, ROWS of them (the template repeated with fresh ids), the same columns.
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const t = template[i % template.length] as EventRow;
    return { ...t, event_id: `${t.event_id}-${i}` };
  });
  const admin = new ClickHouseAdmin(config);
  // The ceiling is the faster of one INSERT of everything and INSERTs of the sink's batch size.
  let best = 0;
  for (const chunk of [ROWS, loadConfig().SINK_BATCH_SIZE]) {
    await admin.client.command({ query: sql`TRUNCATE TABLE ${ident(database, "events")}`.text });
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += chunk) {
      await admin.client.insert({
        table: `${database}.events`,
        values: rows.slice(i, i + chunk),
        format: "JSONEachRow",
        columns: [...EVENT_INSERT_COLUMNS] as [string, ...string[]],
      });
    }
    best = Math.max(best, ROWS / ((performance.now() - t0) / 1000));
  }
  await admin.dropDatabases([database]);
  await admin.close();
  return best;
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
          ceiling: {
            name: "bulk INSERT of the same rows, best of 1 and batch-size chunks",
            value: round(best.bulk, 0),
          },
        },
        0.5,
      ),
    ];
  },
};
