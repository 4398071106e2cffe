import { describe, expect, it } from "vitest";
import { MemoryFastState } from "../../platform/limits/memory";
import { feedsHealth, withLag } from "./health";
import { FEEDS, type Feed } from "./layouts";
import { type FeedStatus, FeedStatusStore } from "./status";

const H = 3_600_000;
const status = (last: string | null): FeedStatus => ({
  model: "gfs",
  last_poll_utc: "2026-09-20T12:25:00.000Z",
  last_poll_result: "up_to_date",
  last_error: null,
  last_cycle_utc: last,
  last_landed_utc: last,
  bytes_fetched: 0,
  last_cycle_bytes: null,
});

describe("a feed's lag behind its provider's publication", () => {
  const gfs = FEEDS.gfs as Feed; // published about 5 h after the cycle
  const ens = FEEDS["ecmwf-ens"] as Feed; // 00/12 UTC, about 8 h after
  const now = Date.UTC(2026, 8, 20, 12, 30);

  it("is 0 while the feed has the newest cycle the provider has published", () => {
    // 12:30: 06 UTC was published at 11:00, 12 UTC will be at 17:00.
    const h = withLag(status("2026-09-20T06:00:00.000Z"), gfs, now);
    expect(h).toMatchObject({ expected_cycle_utc: "2026-09-20T06:00:00.000Z", lag_h: 0 });
    expect(h.publication_delay_h).toBe(5);
  });

  it("counts from the publication of the first cycle the feed lacks", () => {
    // It has 00 UTC; 06 UTC has been out since 11:00.
    expect(withLag(status("2026-09-20T00:00:00.000Z"), gfs, now).lag_h).toBe(1.5);
    // It has 18 UTC of the day before: 00 UTC has been out since 05:00.
    expect(withLag(status("2026-09-19T18:00:00.000Z"), gfs, now).lag_h).toBe(7.5);
    // ECMWF at 12:30: 00 UTC out since 08:00; a feed with the 12 UTC of the day before lags 4.5 h.
    expect(withLag(status("2026-09-19T12:00:00.000Z"), ens, now)).toMatchObject({
      expected_cycle_utc: "2026-09-20T00:00:00.000Z",
      lag_h: 4.5,
    });
  });

  it("counts from the newest published cycle when the feed never landed one", () => {
    expect(withLag(status(null), gfs, now + 2 * H).lag_h).toBe(3.5);
  });
});

describe("the feeds in health", () => {
  it("says plainly that no feed runs in the embedded default", async () => {
    const h = await feedsHealth(
      new FeedStatusStore(new MemoryFastState()),
      { VOYAGE_RISK_MODE: "embedded", WEATHER_FEEDS: [] },
      Date.now(),
    );
    expect(h).toMatchObject({ runs_in: "this process", configured: [], feeds: [] });
    expect(h.note).toMatch(/^no weather feed runs: none is configured \(WEATHER_FEEDS is empty/);
  });

  it("in platform mode, shows what the feed process recorded and names the process to run when none did", async () => {
    const state = new MemoryFastState();
    const config = { VOYAGE_RISK_MODE: "platform" as const, WEATHER_FEEDS: [] };
    const now = Date.UTC(2026, 8, 20, 12, 30);
    const none = await feedsHealth(new FeedStatusStore(state), config, now);
    expect(none.note).toContain("stream weather-feed");
    await new FeedStatusStore(state).recordPoll("gefs", {
      atMs: now - 60_000,
      result: "landed",
      cycleMs: Date.UTC(2026, 8, 20, 0),
      landedAtMs: now - 30_000,
      bytes: 123_456,
    });
    const one = await feedsHealth(new FeedStatusStore(state), config, now);
    expect(one.configured).toBeNull();
    expect(one.feeds).toEqual([
      expect.objectContaining({
        model: "gefs",
        last_poll_result: "landed",
        last_cycle_utc: "2026-09-20T00:00:00.000Z",
        bytes_fetched: 123_456,
        // GEFS, about 6 h: 06 UTC came out at 12:00.
        expected_cycle_utc: "2026-09-20T06:00:00.000Z",
        lag_h: 0.5,
      }),
    ]);
    expect(one.note).toBe("1 feed(s) reporting; behind the provider: gefs 0.5 h");
  });
});
