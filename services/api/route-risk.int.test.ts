import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnalyticsSink } from "../../streams/analytics/sink";
import { ClickHouseAdmin } from "../../tests/clickhouse-admin";
import { deleteKafkaTopics, sleep, uniqueName, waitFor } from "../../tests/helpers";
import { loadConfig } from "../platform/config";
import type { Subscription } from "../platform/events/port";
import { RedisApiKeyStore } from "../platform/keys/redis-store";
import { type Served, serve } from "../serve";

/**
 * Route-risk in platform mode: the answer is kept in Redis for ROUTE_RESULT_TTL_S, then served
 * from ClickHouse (the RouteRiskResult event the sink wrote); the voyage is metered there too.
 */
const prefix = uniqueName("rr_it");
const config = loadConfig({
  ...process.env,
  VOYAGE_RISK_MODE: "platform",
  PORT: "0",
  LOG_LEVEL: "silent",
  SCORING_THREADS: "1",
  REDIS_KEY_PREFIX: `${prefix}:`,
  KAFKA_TOPIC_PREFIX: `${prefix}.`,
  CLICKHOUSE_DATABASE: prefix,
  ROUTE_RESULT_TTL_S: "1",
});
let s: Served;
let sink: Subscription;
let keys: RedisApiKeyStore;

beforeAll(async () => {
  s = await serve(config);
  sink = await startAnalyticsSink({
    bus: s.platform.bus,
    analytics: s.platform.analytics,
    batchSize: config.SINK_BATCH_SIZE,
  });
  keys = new RedisApiKeyStore({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
}, 120_000);

afterAll(async () => {
  await sink?.stop();
  await s?.close();
  await keys?.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, `${prefix}.`);
  const admin = new ClickHouseAdmin();
  await admin.dropDatabases([prefix]);
  await admin.close();
});

describe("route-risk on the real platform", { timeout: 180_000 }, () => {
  it("serves a route from Redis, then from ClickHouse after the TTL; meters the voyage", async () => {
    const { key, record } = await keys.create({ plan: "per-query", scopes: ["underwriting"] });
    const captain = await keys.create({ plan: "fleet", scopes: ["route-risk"] });
    const departure = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await fetch(`${s.url}/api/v1/route-risk`, {
      method: "POST",
      headers: { "X-API-Key": captain.key, "Content-Type": "application/json" },
      body: JSON.stringify({
        origin: { lat: 1.2, lon: 103.85 },
        destination: { lat: -29.87, lon: 31.05 },
        departure_time: departure,
        vessel: { vessel_type: "bulk_carrier" },
      }),
    });
    const answer = (await res.json()) as { route_id: string };
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");

    const lookup = () =>
      fetch(`${s.url}/api/v1/route-risk/${answer.route_id}`, {
        headers: { "X-API-Key": captain.key },
      });
    expect(await (await lookup()).json()).toEqual(answer);
    await sleep(1200); // past the Redis TTL
    expect(await s.platform.state.get(`route-risk:${answer.route_id}`)).toBeNull();
    await waitFor("the RouteRiskResult in ClickHouse", async () => (await lookup()).status === 200);
    expect(await (await lookup()).json()).toEqual(answer);

    // The per-query key scores one voyage on the underwriting interface; its bill counts it.
    const uw = await fetch(`${s.url}/api/v1/underwriting/voyage-risk`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({
        vessel: { type: "bulk_carrier" },
        voyage: {
          origin: { lat: 1.2, lon: 103.85 },
          destination: { lat: -29.87, lon: 31.05 },
          departure_utc: departure,
        },
      }),
    });
    expect(uw.status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const bill = async (k: string) =>
      (await (
        await fetch(`${s.url}/api/v1/usage?month=${month}`, { headers: { "X-API-Key": k } })
      ).json()) as { voyages_scored: { total: number; route_risk: number }; amount_usd: number };
    await waitFor("both voyages metered", async () => (await bill(key)).voyages_scored.total === 1);
    expect((await bill(key)).amount_usd).toBe(0.4);
    await waitFor(
      "the route metered",
      async () => (await bill(captain.key)).voyages_scored.route_risk === 1,
    );
    expect((await bill(captain.key)).amount_usd).toBe(0);
    expect(record.plan).toBe("per-query");
  });
});
