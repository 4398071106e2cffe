import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName } from "../tests/helpers";
import { loadConfig } from "./platform/config";
import { type Served, serve } from "./serve";

/** The API in platform mode on the real services: health tells the truth about each of them. */
const started: Served[] = [];
const topicPrefix = `${uniqueName("serve")}.`;
afterAll(() => deleteKafkaTopics(loadConfig().KAFKA_BROKERS, topicPrefix));
const databases: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
  const admin = new ClickHouseAdmin();
  await admin.dropDatabases(databases.splice(0));
  await admin.close();
});

async function startPlatform(env: Record<string, string> = {}): Promise<Served> {
  const database = uniqueName("vr_serve_it");
  databases.push(database);
  const served = await serve(
    loadConfig({
      ...process.env,
      VOYAGE_RISK_MODE: "platform",
      PORT: "0",
      LOG_LEVEL: "silent",
      KAFKA_TOPIC_PREFIX: `${topicPrefix}${uniqueName("s")}.`,
      CLICKHOUSE_DATABASE: database,
      // Keys live in Redis in platform mode: a prefix of its own, so no other run's keys count.
      REDIS_KEY_PREFIX: `${uniqueName("serve-it")}:`,
      ...env,
    }),
  );
  started.push(served);
  return served;
}

describe("platform mode health", () => {
  it("answers 200 with every real dependency up", async () => {
    const s = await startPlatform();
    const res = await fetch(`${s.url}/api/v1/underwriting/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; dependencies: Record<string, unknown> };
    expect(body.status).toBe("ok");
    expect(body.dependencies).toMatchObject({
      bus: [
        { adapter: "kafka", status: "up" },
        { adapter: "schema-registry", status: "up" },
      ],
      analytics: { adapter: "clickhouse", status: "up" },
      limiter: { adapter: "redis", status: "up" },
    });
    expect(body).toMatchObject({ weather_models: [{ model: "synthetic", stale: false }] });
  });

  it("answers 503 naming the dependency that is down", async () => {
    const s = await startPlatform({ REDIS_URL: "redis://127.0.0.1:1/0" });
    const res = await fetch(`${s.url}/api/v1/underwriting/health`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as {
      status: string;
      dependencies: { limiter: { status: string } };
    };
    expect(body.status).toBe("degraded");
    expect(body.dependencies.limiter.status).toBe("down");
  });

  it("has no key in platform mode without a keys file, so authenticated calls answer 503", async () => {
    const s = await startPlatform();
    expect(s.devKey).toBeUndefined();
    const res = await fetch(`${s.url}/api/v1/whoami`, {
      headers: { "X-API-Key": "some-key-0123456789" },
    });
    expect(res.status).toBe(503);
  });

  it("refuses to start, naming the step, when Kafka is unreachable", async () => {
    await expect(startPlatform({ KAFKA_BROKERS: "127.0.0.1:1" })).rejects.toThrow(
      /start-up failed at event bus/,
    );
  });
});
