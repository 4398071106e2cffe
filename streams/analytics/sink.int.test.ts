import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import type { AnalyticsStore } from "../../services/platform/analytics/port";
import { loadConfig } from "../../services/platform/config";
import { KafkaEventBus } from "../../services/platform/events/kafka-bus";
import {
  DLQ_HEADERS,
  dlqTopicOf,
  type OutgoingEvent,
  type RawRecord,
} from "../../services/platform/events/port";
import { eventRecord } from "../../services/platform/events/records";
import { RegistryCodec } from "../../services/platform/events/registry-codec";
import { SchemaCatalog } from "../../services/platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../../services/platform/events/topics";
import { ClickHouseAdmin } from "../../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName, waitFor } from "../../tests/helpers";
import { ANALYTICS_SINK_GROUP } from "./sink";

/**
 * The acceptance round trip on the real platform: Avro events published through the Schema
 * Registry, consumed by the analytics sink running as its own process, written to ClickHouse.
 * The first sink process is SIGKILLed after its first INSERT and before its commit; the second
 * gets the same batch again and ClickHouse still holds every event exactly once.
 */
const config = loadConfig();
const prefix = `${uniqueName("it")}.`;
const database = uniqueName("vr_it");
const env = {
  ...process.env,
  VOYAGE_RISK_MODE: "platform",
  KAFKA_TOPIC_PREFIX: prefix,
  CLICKHOUSE_DATABASE: database,
  KAFKA_PARTITIONS: "2",
  LOG_LEVEL: "warn",
  SINK_BATCH_SIZE: "20",
};
const cli = resolve(import.meta.dirname, "../../bin/voyage-risk.js");

let bus: KafkaEventBus;
let analytics: AnalyticsStore;

function sinkProcess(extra: Record<string, string> = {}): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output: () => string;
} {
  const child = spawn(process.execPath, [cli, "stream", "analytics"], {
    env: { ...env, ...extra },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
    child.on("exit", (code, signal) => done({ code, signal })),
  );
  return { child, exited, output: () => output };
}

const cycle = (model: string, i: number): OutgoingEvent => ({
  key: model,
  type: "voyagerisk.weather.WeatherCycleLanded",
  value: eventRecord(
    {
      model,
      cycle_time: Date.UTC(2026, 10, 1) + i * 6 * 3600_000,
      members: 31,
      resolution_deg: 0.25,
      horizon_h: 384,
      synthetic: true,
      source: `round-trip ${i} ✓ 'quoted' \\ back`,
    },
    Date.UTC(2026, 10, 1) + i * 6 * 3600_000 + 3_600_000,
  ),
});

beforeAll(async () => {
  bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "sink-it",
    prefix,
    replicationFactor: 1,
    minInsyncReplicas: 1,
    codec: new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL),
  });
  await bus.start(topicSpecs(2));
  analytics = createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), database });
});

afterAll(async () => {
  await bus?.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
  await analytics?.close();
  const admin = new ClickHouseAdmin(config);
  await admin.dropDatabases([database]);
  await admin.close();
});

describe("analytics sink on Kafka + Schema Registry + ClickHouse", () => {
  it("lands every event exactly once despite a crash between insert and commit, dead-letters poison, and reads back", async () => {
    const sent = Array.from({ length: 60 }, (_, i) => cycle(i % 2 ? "gefs" : "synthetic", i));
    await bus.publish(TOPIC.weatherCycles, sent.slice(0, 30));
    // A producer retry delivers the same event twice: same event id, two Kafka records.
    await bus.publish(TOPIC.weatherCycles, [sent[0] as OutgoingEvent]);
    await bus.publishRaw(TOPIC.weatherCycles, [
      { key: "gefs", value: Buffer.from("garbage, not Confluent wire format") },
      { key: "gefs", value: Buffer.from([0, 0x7f, 0, 0, 1, 2, 3]) },
    ]);
    await bus.publish(TOPIC.weatherCycles, sent.slice(30));

    // 1. The first sink dies (SIGKILL) right after its first INSERT is acknowledged.
    const first = sinkProcess({ FAILPOINTS: "consumer.before-commit" });
    const crash = await first.exited;
    expect(crash.signal, first.output()).toBe("SIGKILL");
    const afterCrash = await analytics.countEvents({ topic: TOPIC.weatherCycles });
    expect(afterCrash).toBeGreaterThan(0);
    expect(afterCrash).toBeLessThan(60);
    expect(await bus.committedOffsets(ANALYTICS_SINK_GROUP, TOPIC.weatherCycles)).toEqual(
      new Map(),
    );

    // 2. A fresh sink redelivers from the last commit and finishes the job.
    const second = sinkProcess();
    try {
      await waitFor(
        "60 events in ClickHouse",
        async () => (await analytics.countEvents({ topic: TOPIC.weatherCycles })) >= 60,
        60_000,
      );
      const end = await bus.endOffsets(TOPIC.weatherCycles);
      await waitFor("the sink to commit to the end", async () => {
        const committed = await bus.committedOffsets(ANALYTICS_SINK_GROUP, TOPIC.weatherCycles);
        return [...end].every(([p, o]) => o === "0" || committed.get(p) === o);
      });
    } finally {
      second.child.kill("SIGTERM");
    }
    expect((await second.exited).code, second.output()).toBe(0);

    // Exactly once: 60 distinct events, and 60 physical rows (nothing inserted twice, so even a
    // query without dedupe counts right).
    expect(await analytics.countEvents({ topic: TOPIC.weatherCycles })).toBe(60);
    const admin = new ClickHouseAdmin(config);
    try {
      expect(await admin.physicalRows(database, "events")).toBe(60);
    } finally {
      await admin.close();
    }
    const rows = await analytics.queryEvents({ topic: TOPIC.weatherCycles, limit: 1000 });
    expect(rows).toHaveLength(60);
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    for (const s of sent) {
      const row = byId.get(s.value.event_id);
      expect(row?.event_type).toBe("voyagerisk.weather.WeatherCycleLanded");
      expect(row?.key).toBe(s.key);
      expect(row?.occurred_at_ms).toBe(s.value.occurred_at);
      expect(JSON.parse(row?.payload_json ?? "null")).toEqual(s.value);
    }

    // Poison went to the DLQ with its reason, and processing went on past it.
    const letters: RawRecord[] = [];
    const inspector = await bus.inspect(dlqTopicOf(TOPIC.weatherCycles), (r) => letters.push(...r));
    await waitFor("2 dead letters", () => letters.length >= 2);
    await inspector.stop();
    // Dead letters are at-least-once too (the crash may repeat them): one reason per original offset.
    const byOffset = new Map(
      letters.map((l) => [l.headers[DLQ_HEADERS.offset], l.headers[DLQ_HEADERS.reason]]),
    );
    expect([...byOffset.values()].sort()).toEqual(["bad-magic-byte", "unknown-schema-id"]);
    expect(letters.every((l) => l.headers[DLQ_HEADERS.group] === ANALYTICS_SINK_GROUP)).toBe(true);
  });
});
