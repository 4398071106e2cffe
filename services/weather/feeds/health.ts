import type { Config } from "../../platform/config";
import { FEEDS, type Feed, feedFor } from "./layouts";
import type { FeedStatus, FeedStatusStore } from "./status";

/**
 * The feeds' part of health: per model, what its feed last did (FeedStatus) and how far it is
 * behind the provider. The provider is taken to have published a cycle `publication_delay_h`
 * after its initialisation time (the model's usual delay, sources in docs/weather.md); `lag_h`
 * is how long the first cycle the feed lacks has been published (0 when it has the newest).
 */

export interface FeedHealth extends FeedStatus {
  provider: string;
  publication_delay_h: number;
  /** The newest cycle the provider has usually published by now. */
  expected_cycle_utc: string;
  /** Hours since the provider published the first cycle this feed has not landed (0: none). */
  lag_h: number;
}

export interface FeedsHealth {
  /** Where feeds run: this process (embedded), or `stream weather-feed` (platform). */
  runs_in: "this process" | "stream weather-feed";
  /** Models this process polls (embedded); null in platform mode, where another process does. */
  configured: string[] | null;
  note: string;
  feeds: FeedHealth[];
}

export async function feedsHealth(
  status: FeedStatusStore,
  config: Pick<Config, "VOYAGE_RISK_MODE" | "WEATHER_FEEDS">,
  nowMs: number,
): Promise<FeedsHealth> {
  const embedded = config.VOYAGE_RISK_MODE === "embedded";
  const models = embedded ? config.WEATHER_FEEDS : Object.keys(FEEDS);
  const statuses = await status.all(models);
  const feeds = statuses.map((s) => withLag(s, feedFor(s.model) as Feed, nowMs));
  let note: string;
  if (embedded && config.WEATHER_FEEDS.length === 0) {
    note =
      "no weather feed runs: none is configured (WEATHER_FEEDS is empty; the embedded default assumes no internet). Forecasts come from the synthetic model and from cycles ingested by hand (weather ingest, weather fetch).";
  } else if (feeds.length === 0) {
    note = embedded
      ? `feeds configured (${config.WEATHER_FEEDS.join(", ")}) have not finished a poll yet`
      : "no weather feed has reported: run `voyage-risk stream weather-feed` with WEATHER_FEEDS set";
  } else {
    const behind = feeds.filter((f) => f.lag_h > 0).map((f) => `${f.model} ${f.lag_h} h`);
    note =
      behind.length === 0
        ? `${feeds.length} feed(s) reporting, none behind the provider`
        : `${feeds.length} feed(s) reporting; behind the provider: ${behind.join(", ")}`;
  }
  return {
    runs_in: embedded ? "this process" : "stream weather-feed",
    configured: embedded ? [...config.WEATHER_FEEDS] : null,
    note,
    feeds,
  };
}

/** The feed's newest cycle published by `nowMs`, and its lag behind the provider. */
export function withLag(s: FeedStatus, feed: Feed, nowMs: number): FeedHealth {
  const delayMs = feed.publicationDelayH * 3_600_000;
  const expected = cycleAtOrBeforeOf(feed, nowMs - delayMs);
  const last = s.last_cycle_utc === null ? undefined : Date.parse(s.last_cycle_utc);
  let lagMs = 0;
  if (last === undefined || last < expected) {
    const firstMissing = last === undefined ? expected : nextCycleOf(feed, last);
    lagMs = Math.max(0, nowMs - (firstMissing + delayMs));
  }
  return {
    ...s,
    provider: feed.provider,
    publication_delay_h: feed.publicationDelayH,
    expected_cycle_utc: new Date(expected).toISOString(),
    lag_h: Math.round((lagMs / 3_600_000) * 100) / 100,
  };
}

/** The feed's cycle (of its cycle hours) at or before `t`. */
function cycleAtOrBeforeOf(feed: Feed, t: number): number {
  let c = Math.floor(t / 3_600_000) * 3_600_000;
  while (!feed.cycleHours.includes(new Date(c).getUTCHours())) c -= 3_600_000;
  return c;
}

/** The feed's next cycle after `t`. */
function nextCycleOf(feed: Feed, t: number): number {
  let c = Math.floor(t / 3_600_000) * 3_600_000 + 3_600_000;
  while (!feed.cycleHours.includes(new Date(c).getUTCHours())) c += 3_600_000;
  return c;
}
