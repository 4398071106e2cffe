import { API_VERSION } from "../contracts/api-version";
import type { DependencyHealth } from "../platform/health";
import type { Platform } from "../platform/platform";
import type { CycleRegistry, ModelFreshness } from "../weather/cycle-registry";
import { type FeedsHealth, feedsHealth } from "../weather/feeds/health";
import { FeedStatusStore } from "../weather/feeds/status";

export interface HealthReport {
  /** draining: the process is shutting down (after SIGTERM) and takes no new work. */
  status: "ok" | "degraded" | "draining";
  api_version: string;
  mode: "embedded" | "platform";
  checked_at_utc: string;
  dependencies: {
    bus: DependencyHealth[];
    analytics: DependencyHealth;
    limiter: DependencyHealth;
  };
  /** Per-model forecast-cycle freshness, one entry per model with a landed cycle. */
  weather_models: ModelFreshness[];
  /**
   * The weather feeds (fetching real cycles from their providers): per model the last poll,
   * the last cycle landed, the lag behind the provider's publication and the bytes fetched;
   * or why none runs. Read from fast state, where the feed's process writes it.
   */
  weather_feeds: FeedsHealth | { error: string };
}

/**
 * Probes every dependency with a real request, in parallel, and reads the cycle registry.
 * Degraded when a dependency is down or no model has a cycle that is not stale (nothing usable
 * to score against); draining, whatever the rest, once the process is shutting down.
 */
export async function healthReport(
  platform: Platform,
  cycles: CycleRegistry,
  nowMs: number,
  draining = false,
): Promise<HealthReport> {
  const [bus, analytics, limiter, feeds] = await Promise.all([
    platform.bus.health(),
    platform.analytics.health(),
    platform.state.health(),
    // Fast state down is reported as the limiter's; the feeds then say they cannot be read.
    feedsHealth(new FeedStatusStore(platform.state), platform.config, nowMs).catch(
      (err: Error) => ({ error: `feed state unreadable: ${err.message}` }),
    ),
  ]);
  const all = [...bus, analytics, limiter];
  const weather = cycles.freshness(nowMs);
  const usableWeather = weather.some((m) => !m.stale);
  return {
    status: draining
      ? "draining"
      : all.every((d) => d.status === "up") && usableWeather
        ? "ok"
        : "degraded",
    api_version: API_VERSION,
    mode: platform.config.VOYAGE_RISK_MODE,
    checked_at_utc: new Date(nowMs).toISOString(),
    dependencies: { bus, analytics, limiter },
    weather_models: weather,
    weather_feeds: feeds,
  };
}
