import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedMirror } from "../../../tests/feed-mirror";
import { testClock } from "../../../tests/test-clock";
import { healthResponse } from "../../contracts/api/health";
import { loadConfig } from "../../platform/config";
import { type Served, serve } from "../../serve";

const mirror = new FeedMirror();
let served: Served;
beforeAll(async () => {
  const base = await mirror.start();
  served = await serve(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "silent",
      WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-serve-feed-")),
      WEATHER_FEED_STAGING_DIR: mkdtempSync(join(tmpdir(), "vr-serve-staging-")),
      WEATHER_FEEDS: "gfs",
      WEATHER_FEED_BASE_URLS: `gfs=${base}/noaa`,
      WEATHER_FEED_TO_H: "3",
      WEATHER_FEED_POLL_S: "1",
    }),
    // 12:30 UTC on the fixtures' day: GFS 06 UTC (out at about 11:00) lacks its 3 h step.
    { now: testClock(Date.UTC(2024, 0, 15, 12, 30)) },
  );
});
afterAll(async () => {
  await served?.close();
  await mirror.stop();
});

describe("a weather feed in the embedded server (WEATHER_FEEDS set)", () => {
  it("lands the newest complete cycle once and health shows the poll, the cycle, the bytes and the lag", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary JSON answers
    const health = async (): Promise<any> =>
      (await fetch(`${served.url}/api/v1/underwriting/health`)).json();
    await expect
      .poll(async () => (await health()).weather_feeds.feeds[0]?.last_poll_result, {
        timeout: 30_000,
      })
      .toBe("landed");
    // Later polls find it landed.
    await expect
      .poll(async () => (await health()).weather_feeds.feeds[0]?.last_poll_result, {
        timeout: 30_000,
      })
      .toBe("up_to_date");
    const body = await health();
    expect(() => healthResponse.parse(body)).not.toThrow();
    expect(body.weather_feeds).toMatchObject({ runs_in: "this process", configured: ["gfs"] });
    const [gfs] = body.weather_feeds.feeds;
    expect(gfs).toMatchObject({
      model: "gfs",
      provider: "NOAA open data (NODD)",
      last_cycle_utc: "2024-01-15T00:00:00.000Z",
      last_error: null,
      bytes_fetched: 29_435,
      last_cycle_bytes: 29_435,
      publication_delay_h: 5,
      expected_cycle_utc: "2024-01-15T06:00:00.000Z",
    });
    // 06 UTC has been out since about 11:00: the feed is 1.5 h behind (plus the test's seconds).
    expect(gfs.lag_h).toBeGreaterThanOrEqual(1.5);
    expect(gfs.lag_h).toBeLessThan(1.6);
    expect(body.weather_models).toContainEqual(
      expect.objectContaining({
        model: "gfs",
        latest_cycle_utc: "2024-01-15T00:00:00.000Z",
        cycles_loaded: 1,
      }),
    );
    // One cycle landed, however many polls: the registry knows it once.
    expect(served.weather.registry.cycles("gfs")).toHaveLength(1);
    // Fetched once: per step one range of the atmosphere file and three of the wave file.
    expect(mirror.dataRequests()).toHaveLength(4 * (1 + 3));
  });
});
