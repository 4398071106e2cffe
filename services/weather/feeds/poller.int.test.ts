import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../../../tests/clickhouse-admin";
import { FeedMirror } from "../../../tests/feed-mirror";
import { deleteKafkaTopics, uniqueName } from "../../../tests/helpers";
import { PlatformProcesses } from "../../../tests/platform-processes";
import { healthReport } from "../../api/health";
import { healthResponse } from "../../contracts/api/health";
import { type Config, loadConfig } from "../../platform/config";
import { TOPIC } from "../../platform/events/topics";
import { createLogger } from "../../platform/logger";
import { openPlatform, type Platform } from "../../platform/platform";
import { followCycles } from "../cycle-events";
import { CycleRegistry } from "../cycle-registry";
import { CycleStore } from "../cycle-store";
import { FeedPoller, pollerSettings } from "./poller";
import { FeedStatusStore } from "./status";

/**
 * The feed in platform mode on the real Kafka and Redis: the feed's process lands a cycle once
 * on `weather.cycles` and records its polls in Redis, where another process (the API) reads
 * them for health.
 */
const topicPrefix = `${uniqueName("feed")}.`;
const database = uniqueName("vr_feed_it");
const mirror = new FeedMirror();
let config: Config;
const platforms: Platform[] = [];
const processes = new PlatformProcesses(process.env);

beforeAll(async () => {
  const base = await mirror.start();
  config = loadConfig({
    ...process.env,
    VOYAGE_RISK_MODE: "platform",
    LOG_LEVEL: "silent",
    KAFKA_TOPIC_PREFIX: topicPrefix,
    CLICKHOUSE_DATABASE: database,
    REDIS_KEY_PREFIX: `${uniqueName("feed-it")}:`,
    WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-feed-it-")),
    WEATHER_FEED_STAGING_DIR: mkdtempSync(join(tmpdir(), "vr-feed-it-staging-")),
    WEATHER_FEEDS: "gfs",
    WEATHER_FEED_BASE_URLS: `gfs=${base}/noaa`,
    WEATHER_FEED_TO_H: "3",
    WEATHER_FEED_POLL_S: "1",
    WEATHER_FEED_RETRY_BACKOFF_MS: "10",
  });
});

afterAll(async () => {
  await processes.stopAll();
  await Promise.all(platforms.map((p) => p.close()));
  await mirror.stop();
  await deleteKafkaTopics(config.KAFKA_BROKERS, topicPrefix);
  const admin = new ClickHouseAdmin();
  await admin.dropDatabases([database]);
  await admin.close();
});

async function open(): Promise<Platform> {
  const platform = await openPlatform(config, createLogger(config));
  platforms.push(platform);
  return platform;
}

describe("weather feed in platform mode", () => {
  it("lands a cycle once on Kafka and the API's health reads the feed's state from Redis", async () => {
    // 12:30 UTC on the fixtures' day: the newest GFS cycle complete to 3 h is 00 UTC.
    const now = () => Date.UTC(2024, 0, 15, 12, 30);
    const feedSide = await open();
    const registry = new CycleRegistry();
    const following = await followCycles(feedSide.bus, registry, uniqueName("feed"));
    await following.ready;
    const poller = new FeedPoller({
      ...pollerSettings(config),
      store: new CycleStore(config.WEATHER_DIR),
      bus: feedSide.bus,
      registry,
      status: new FeedStatusStore(feedSide.state),
      now,
    });
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(...(await poller.pollAll()));
    expect(polls.map((p) => p.last_poll_result)).toEqual(["landed", "up_to_date", "up_to_date"]);
    await following.stop();

    // Once on the topic, whatever the number of polls.
    const apiSide = await open();
    const offsets = await apiSide.bus.endOffsets(TOPIC.weatherCycles);
    expect([...offsets.values()].reduce((s, o) => s + Number(o), 0)).toBe(1);
    const apiRegistry = new CycleRegistry();
    const apiFollowing = await followCycles(apiSide.bus, apiRegistry, uniqueName("api"));
    await expect.poll(() => apiRegistry.latest("gfs")?.cycleMs).toBe(Date.UTC(2024, 0, 15, 0));
    await apiFollowing.stop();

    // The API (another connection to Redis) reads what the feed recorded.
    const report = await healthReport(apiSide, apiRegistry, now());
    expect(() => healthResponse.parse(report)).not.toThrow();
    expect(report.weather_feeds).toMatchObject({
      runs_in: "stream weather-feed",
      configured: null,
      feeds: [
        expect.objectContaining({
          model: "gfs",
          last_poll_result: "up_to_date",
          last_cycle_utc: "2024-01-15T00:00:00.000Z",
          bytes_fetched: 29_435,
          last_cycle_bytes: 29_435,
          lag_h: 1.5,
        }),
      ],
    });
  });

  it("`voyage-risk stream weather-feed` runs as its own process and records its polls in Redis", async () => {
    const env = Object.fromEntries(
      Object.entries({
        VOYAGE_RISK_MODE: "platform",
        LOG_LEVEL: "info",
        KAFKA_TOPIC_PREFIX: topicPrefix,
        CLICKHOUSE_DATABASE: database,
        REDIS_KEY_PREFIX: config.REDIS_KEY_PREFIX,
        WEATHER_DIR: config.WEATHER_DIR,
        WEATHER_FEED_STAGING_DIR: config.WEATHER_FEED_STAGING_DIR,
        WEATHER_FEEDS: "gfs",
        WEATHER_FEED_BASE_URLS: `gfs=${config.WEATHER_FEED_BASE_URLS.gfs}`,
        WEATHER_FEED_TO_H: "3",
        WEATHER_FEED_POLL_S: "1",
      }),
    );
    await processes.start("feed", ["stream", "weather-feed"], /weather feed polling/, env);
    // On the real clock the mirror has no recent cycle: each poll says so, and the state shows
    // it next to what the first test landed.
    const status = new FeedStatusStore((await open()).state);
    await expect
      .poll(async () => (await status.get("gfs"))?.last_poll_result, { timeout: 60_000 })
      .toBe("not_published");
    const recorded = await status.get("gfs");
    expect(recorded).toMatchObject({
      last_cycle_utc: "2024-01-15T00:00:00.000Z",
      last_error: { code: "feed_no_complete_cycle" },
      bytes_fetched: 29_435,
    });
    expect(Date.parse(recorded?.last_poll_utc as string)).toBeGreaterThan(Date.now() - 60_000);
    await processes.kill("feed", "SIGTERM");
  });
});
