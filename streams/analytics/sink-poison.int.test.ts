import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT } from "../../services/contracts/events";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import type { AnalyticsStore, EventRow } from "../../services/platform/analytics/port";
import { loadConfig } from "../../services/platform/config";
import { KafkaEventBus } from "../../services/platform/events/kafka-bus";
import {
  DLQ_HEADERS,
  dlqTopicOf,
  type OutgoingEvent,
  type RawRecord,
  type Subscription,
} from "../../services/platform/events/port";
import { eventRecord } from "../../services/platform/events/records";
import { RegistryCodec } from "../../services/platform/events/registry-codec";
import { SchemaCatalog } from "../../services/platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../../services/platform/events/topics";
import { ClickHouseAdmin } from "../../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName, waitFor } from "../../tests/helpers";
import { startAnalyticsSink } from "./sink";

/**
 * One event ClickHouse cannot store (occurred_at in 2128, past DateTime's range) among 3,000
 * valid ones over the advisories topic's three partitions, on the real Kafka, Schema Registry and
 * ClickHouse: it goes alone to the dead-letter topic, every valid event is stored once, and the
 * sink keeps writing in bulk (before the fix, the group commit failed the other partitions'
 * batches with the poison's error, two valid events were dead-lettered, and the one-by-one
 * isolation made ~1,500 single-row INSERTs).
 */
const config = loadConfig();
const prefix = `${uniqueName("poison")}.`;
const database = uniqueName("vr_poison");

let bus: KafkaEventBus;
let clickhouse: AnalyticsStore;
const writes: number[] = [];

/** The real store, with the size of every write the sink makes recorded. */
function recordingWrites(inner: AnalyticsStore): AnalyticsStore {
  return {
    adapter: inner.adapter,
    migrate: () => inner.migrate(),
    insertEvents: (rows: readonly EventRow[]) => {
      writes.push(rows.length);
      return inner.insertEvents(rows);
    },
    appendEvents: (rows: readonly EventRow[]) => {
      writes.push(rows.length);
      return inner.appendEvents(rows);
    },
    maxOffsets: (topic, partitions) => inner.maxOffsets(topic, partitions),
    queryEvents: (q) => inner.queryEvents(q),
    countEvents: (q) => inner.countEvents(q),
    usage: (q) => inner.usage(q),
    health: () => inner.health(),
    close: () => inner.close(),
  };
}

const issued = (i: number, occurredAt: number): OutgoingEvent => ({
  key: `adv_${i}`,
  type: EVENT.AdvisoryIssued,
  value: eventRecord(
    {
      advisory_id: `adv_${i}`,
      kind: "ntm",
      title: `Notice ${i}`,
      area_json: JSON.stringify({ type: "Circle", center: [4, 52], radius_nm: 5 }),
      valid_from: Date.UTC(2026, 11, 1),
      valid_until: null,
    },
    occurredAt,
  ),
});

beforeAll(async () => {
  bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "sink-poison-it",
    prefix,
    replicationFactor: 1,
    minInsyncReplicas: 1,
    codec: new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL),
  });
  await bus.start(topicSpecs(2));
  clickhouse = createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), database });
  await clickhouse.migrate();
});

afterAll(async () => {
  await bus?.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
  await clickhouse?.close();
  const admin = new ClickHouseAdmin(config);
  await admin.dropDatabases([database]);
  await admin.close();
});

describe("analytics sink: one poison event among thousands over several partitions", () => {
  it("dead-letters the poison alone, stores every valid event once, and keeps bulk INSERTs", async () => {
    const base = Date.UTC(2026, 11, 3);
    const events = Array.from({ length: 3000 }, (_, i) => issued(i, base + i));
    const poisonAt = 1717;
    events[poisonAt] = issued(poisonAt, Date.UTC(2128, 0, 1));
    const poisonId = events[poisonAt]?.value.event_id;
    for (let i = 0; i < events.length; i += 500) {
      await bus.publish(TOPIC.advisories, events.slice(i, i + 500));
    }
    const end = await bus.endOffsets(TOPIC.advisories);
    expect([...end.values()].filter((o) => o !== "0").length).toBe(3);

    let sub: Subscription | undefined;
    try {
      sub = await startAnalyticsSink({
        bus,
        analytics: recordingWrites(clickhouse),
        batchSize: 500,
        topics: [TOPIC.advisories],
      });
      await sub.ready;
      await waitFor(
        "the sink to commit every partition to its end",
        async () => {
          const committed = await bus.committedOffsets("analytics-sink", TOPIC.advisories);
          return [...end].every(([p, o]) => committed.get(p) === o);
        },
        90_000,
      );
    } finally {
      await sub?.stop();
    }

    const letters: RawRecord[] = [];
    const inspector = await bus.inspect(dlqTopicOf(TOPIC.advisories), (r) => letters.push(...r));
    await waitFor("the dead letter", () => letters.length >= 1);
    // Anything else dead-lettered was written before the commits we waited for.
    await new Promise((r) => setTimeout(r, 500));
    await inspector.stop();
    const lettered = letters.map((l) => l.headers[DLQ_HEADERS.offset]);
    expect(letters, `dead-lettered offsets ${lettered.join(",")}`).toHaveLength(1);
    expect(letters[0]?.headers[DLQ_HEADERS.reason]).toBe("unprocessable");
    expect(letters[0]?.headers[DLQ_HEADERS.detail]).toContain("occurred_at");
    expect(letters[0]?.value?.includes(Buffer.from(String(poisonId)))).toBe(true);

    expect(await clickhouse.countEvents({ topic: TOPIC.advisories })).toBe(2999);
    const admin = new ClickHouseAdmin(config);
    try {
      expect(await admin.physicalRows(database, "events")).toBe(2999);
    } finally {
      await admin.close();
    }
    const stored = await clickhouse.queryEvents({ topic: TOPIC.advisories, limit: 10_000 });
    const ids = new Set(stored.map((r) => r.event_id));
    expect(ids.has(String(poisonId))).toBe(false);
    expect(events.filter((e) => !ids.has(e.value.event_id)).map((e) => e.key)).toEqual([
      `adv_${poisonAt}`,
    ]);

    // Bulk writes: a few INSERTs per 500-event batch, not one per event.
    expect(writes.reduce((a, b) => a + b, 0)).toBe(2999);
    expect(writes.length, `write sizes ${writes.join(",")}`).toBeLessThan(40);
    expect(writes.filter((n) => n === 1).length).toBeLessThanOrEqual(1);
  });
});
