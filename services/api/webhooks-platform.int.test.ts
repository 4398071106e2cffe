import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName, waitFor } from "../../tests/helpers";
import { PlatformProcesses } from "../../tests/platform-processes";
import { WebhookReceiver } from "../../tests/webhook-receiver";
import {
  type Api,
  bandChangesOfCycle,
  expectWebhooksFor,
  receiverSettles,
  registerVoyages,
  registerWebhook,
} from "../../tests/webhook-scenario";
import { ident, sql } from "../platform/analytics/sql";
import { loadConfig } from "../platform/config";
import { RedisApiKeyStore } from "../platform/keys/redis-store";
import { createLogger } from "../platform/logger";
import { openPlatform, type Platform } from "../platform/platform";
import { syntheticCycleEvent } from "../weather/synthetic-scheduler";
import { retryDelayRangeMs } from "../webhooks/schedule";

/**
 * Monitored voyages to signed webhooks on the real platform: Kafka, Schema Registry, ClickHouse
 * and Redis, every part its own `voyage-risk` process (API, monitoring projector, analytics sink,
 * re-scoring, notify), a receiver on loopback. A new cycle lands and the receiver gets correctly
 * signed threshold-crossed webhooks for exactly the voyages whose band changed; the re-scoring or
 * the notify process dies mid-cycle and, restarted, every expected webhook arrives once and no
 * score row is stored twice; a receiver down for a while gets every delivery on the schedule.
 */
const prefix = uniqueName("webhooks-e2e");
const RETRY_SCALE = 0.01;
const env = {
  ...process.env,
  VOYAGE_RISK_MODE: "platform",
  PORT: "0",
  LOG_LEVEL: "info",
  SCORING_THREADS: "1",
  REDIS_KEY_PREFIX: `${prefix}:`,
  KAFKA_TOPIC_PREFIX: `${prefix}.`,
  CLICKHOUSE_DATABASE: prefix.replace(/-/g, "_"),
  WEATHER_DIR: join(mkdtempSync(join(tmpdir(), "webhooks-e2e-")), "weather"),
  WEBHOOK_ALLOWLIST: "127.0.0.1",
  WEBHOOK_TIMEOUT_MS: "2000",
  WEBHOOK_RETRY_SCALE: String(RETRY_SCALE),
};
const config = loadConfig(env);
const processes = new PlatformProcesses(env);
const receiver = new WebhookReceiver();
const admin = new ClickHouseAdmin();
let platform: Platform;
let keys: RedisApiKeyStore;
let api: Api;
let secret: string;
let voyages: string[];

const READY = {
  monitoring: /monitoring projector consuming/,
  analytics: /analytics sink consuming/,
  rescore: /re-scoring consuming/,
  notify: /notify consuming/,
};
const startStream = (name: keyof typeof READY, extra: Record<string, string> = {}) =>
  processes.start(name, ["stream", name], READY[name], extra);

beforeAll(async () => {
  await receiver.start();
  const [, url] = await processes.start("api", ["serve"], /listening on (http:\/\/\S+)/);
  platform = await openPlatform(config, createLogger({ LOG_LEVEL: "silent" }));
  keys = new RedisApiKeyStore({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  const { key } = await keys.create({ plan: "enterprise", scopes: ["monitoring", "webhooks"] });
  api = { url: String(url), key };
  await Promise.all([
    startStream("monitoring"),
    startStream("analytics"),
    startStream("rescore"),
    startStream("notify"),
  ]);
  secret = (await registerWebhook(api, receiver.url)).secret;
  voyages = await registerVoyages(api, 16);
}, 300_000);

afterAll(async () => {
  await processes.stopAll();
  await receiver.stop();
  await keys?.close();
  await platform?.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, `${prefix}.`);
  await admin.dropDatabases([config.CLICKHOUSE_DATABASE]);
  await admin.close();
}, 120_000);

/** A new synthetic cycle, published to weather.cycles as the weather ingest would. */
const landNewCycle = async (): Promise<number> => {
  const cycleMs = Date.now() - 30_000;
  await platform.bus.publish("weather.cycles", [syntheticCycleEvent(cycleMs, Date.now())]);
  return cycleMs;
};

/** Raw rows of the cycle's re-scores in ClickHouse (no FINAL, no dedupe) and their distinct ids. */
const rescoreRows = async (cycleMs: number) => {
  const [row] = await admin.rows<{ rows: string; events: string }>(
    sql`SELECT count() AS rows, uniqExact(event_id) AS events
        FROM ${ident(config.CLICKHOUSE_DATABASE, "events")}
        WHERE topic = 'voyages.scores'
          AND visitParamExtractString(payload_json, 'interface') = 'rescore'
          AND visitParamExtractUInt(payload_json, 'weather_cycle') = ${cycleMs}`,
  );
  return { rows: Number(row?.rows ?? 0), events: Number(row?.events ?? 0) };
};

/** The attempts ClickHouse holds, per delivery id, oldest first. */
const attemptsInClickHouse = async () => {
  const rows = await admin.rows<{ payload_json: string }>(
    sql`SELECT any(payload_json) AS payload_json
        FROM ${ident(config.CLICKHOUSE_DATABASE, "events")}
        WHERE topic = 'webhooks.deliveries'
          AND event_type = 'voyagerisk.webhooks.WebhookDeliveryAttempted'
        GROUP BY event_id`,
  );
  const byDelivery = new Map<string, Array<Record<string, unknown>>>();
  for (const r of rows) {
    const p = JSON.parse(r.payload_json) as Record<string, unknown>;
    const id = String(p.delivery_id);
    byDelivery.set(id, [...(byDelivery.get(id) ?? []), p]);
  }
  for (const list of byDelivery.values())
    list.sort((a, b) => Number(a.attempt) - Number(b.attempt));
  return byDelivery;
};

/**
 * Lands cycles (at most three) until one moves a band; `during` runs right after each landing
 * (to crash a process mid-cycle). Returns the cycle and its band changes, once the receiver
 * has had time to get them.
 */
const cycleWithChanges = async (during: () => Promise<void> = async () => {}) => {
  for (let round = 0; round < 3; round++) {
    const before = receiver.received.length;
    const cycleMs = await landNewCycle();
    await during();
    const changes = await bandChangesOfCycle(api, voyages, cycleMs, 240_000);
    await receiverSettles(receiver, before + changes.size, 120_000);
    expectWebhooksFor(receiver.received.slice(before), secret, changes);
    if (changes.size > 0) return { cycleMs, changes, before };
  }
  throw new Error("no band changed in three cycles");
};

describe("webhooks end to end on the platform (separate processes)", { timeout: 900_000 }, () => {
  it("sends signed threshold-crossed webhooks for exactly the voyages whose band changed", async () => {
    const { cycleMs, changes } = await cycleWithChanges();
    expect(changes.size).toBeLessThan(voyages.length);
    expect(receiver.repeatedIds()).toEqual([]);

    // ClickHouse: each voyage's re-score once, and one delivered attempt per webhook.
    await waitFor(
      "the re-scores in ClickHouse",
      async () => (await rescoreRows(cycleMs)).events === voyages.length,
      60_000,
    );
    expect(await rescoreRows(cycleMs)).toEqual({ rows: voyages.length, events: voyages.length });
    await waitFor(
      "the attempts in ClickHouse",
      async () => (await attemptsInClickHouse()).size === receiver.deliveryIds().size,
      60_000,
    );
    for (const [id, attempts] of await attemptsInClickHouse()) {
      expect(receiver.deliveryIds().has(id)).toBe(true);
      expect(attempts.map((a) => [a.attempt, a.outcome, a.status])).toEqual([
        [1, "delivered", 200],
      ]);
    }
  });

  it("re-scoring killed mid-cycle and restarted: every webhook once, no score row twice", async () => {
    await processes.kill("rescore", "SIGTERM");
    await startStream("rescore", { FAILPOINTS: "rescore.after-first-batch" });
    // The failpoint kills it after its first batch's events, before that batch's commit;
    // it is started again (without the failpoint) as soon as it has died.
    let crashed = "";
    let restarted: Promise<unknown> | null = null;
    const { cycleMs, before } = await cycleWithChanges(async () => {
      restarted ??= processes.exited("rescore").then((how) => {
        crashed = how;
        return startStream("rescore");
      });
    });
    await restarted;
    expect(crashed).toBe("SIGKILL");
    expect(receiver.received.slice(before).length).toBeGreaterThan(0);
    expect(receiver.repeatedIds()).toEqual([]);
    await waitFor(
      "the re-scores in ClickHouse",
      async () => (await rescoreRows(cycleMs)).events === voyages.length,
      60_000,
    );
    // The crashed batch was re-scored with the same event ids: stored once each.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await rescoreRows(cycleMs)).toEqual({ rows: voyages.length, events: voyages.length });
  });

  it("notify killed mid-delivery and restarted: every webhook once, every attempt recorded", async () => {
    await processes.kill("notify", "SIGTERM");
    // One attempt at a time, so the crash point is exactly after the first delivery's move.
    await startStream("notify", {
      FAILPOINTS: "notify.after-first-delivery",
      WEBHOOK_CONCURRENCY: "1",
    });
    // It dies at the first delivery (in whichever cycle moves a band) and is started again.
    let crashed = "";
    let restarted: Promise<unknown> | null = null;
    const { before } = await cycleWithChanges(async () => {
      restarted ??= processes.exited("notify").then((how) => {
        crashed = how;
        return startStream("notify");
      });
    });
    await restarted;
    expect(crashed).toBe("SIGKILL");
    expect(receiver.repeatedIds()).toEqual([]);
    // The record the crash left in the outbox was published by the restarted process.
    const received = receiver.received.slice(before).map((r) => r.deliveryId);
    await waitFor(
      "every attempt in ClickHouse",
      async () => {
        const attempts = await attemptsInClickHouse();
        return received.every((id) => attempts.get(id)?.some((a) => a.outcome === "delivered"));
      },
      60_000,
    );
  });

  it("a receiver down for a while gets every delivery, on the retry schedule", async () => {
    await receiver.down();
    let changes = new Map<string, { was: string; now: string }>();
    for (let round = 0; round < 3 && changes.size === 0; round++) {
      changes = await bandChangesOfCycle(api, voyages, await landNewCycle(), 240_000);
    }
    expect(changes.size, "no band changed in three cycles").toBeGreaterThan(0);
    // Down long enough for several attempts to fail: waits of 0.1 s, 0.3 s, 0.9 s, 2.7 s, 8.1 s
    // at this scale, so 8 s after the alerts five attempts have failed and the sixth is due at
    // about 12 s.
    await new Promise((r) => setTimeout(r, 8_000));
    const before = receiver.received.length;
    await receiver.up();
    await receiverSettles(receiver, before + changes.size, 120_000);
    expectWebhooksFor(receiver.received.slice(before), secret, changes);
    expect(receiver.repeatedIds()).toEqual([]);

    const ids = receiver.received.slice(before).map((r) => r.deliveryId);
    await waitFor(
      "the delivered attempts in ClickHouse",
      async () => {
        const attempts = await attemptsInClickHouse();
        return ids.every((id) => attempts.get(id)?.at(-1)?.outcome === "delivered");
      },
      60_000,
    );
    const attempts = await attemptsInClickHouse();
    for (const id of ids) {
      const list = attempts.get(id) ?? [];
      // Failed while down, then delivered: attempts numbered 1..n without a gap.
      expect(list.map((a) => a.attempt)).toEqual(list.map((_, i) => i + 1));
      expect(list.length).toBeGreaterThan(2);
      expect(list.slice(0, -1).every((a) => a.outcome === "retry" && a.status === null)).toBe(true);
      for (let i = 1; i < list.length; i++) {
        const previous = list[i - 1] as Record<string, unknown>;
        const at = Number((list[i] as Record<string, unknown>).occurred_at);
        // Made when the previous record said, give or take the dispatcher's poll, and that wait
        // lies within the schedule's jittered range for its step.
        const due = Number(previous.next_attempt_at);
        expect(at).toBeGreaterThanOrEqual(due);
        expect(at - due).toBeLessThan(2_000);
        const range = retryDelayRangeMs(i, RETRY_SCALE);
        const wait = due - Number(previous.occurred_at);
        expect(wait).toBeGreaterThanOrEqual(Math.floor(range?.minMs ?? 0));
        expect(wait).toBeLessThanOrEqual(Math.ceil(range?.maxMs ?? 0));
      }
    }
  });
});
