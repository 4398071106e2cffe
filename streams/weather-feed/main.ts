import { randomUUID } from "node:crypto";
import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { followCycles } from "../../services/weather/cycle-events";
import { CycleRegistry } from "../../services/weather/cycle-registry";
import { CycleStore } from "../../services/weather/cycle-store";
import { FeedPoller, pollerSettings } from "../../services/weather/feeds/poller";
import { FeedStatusStore } from "../../services/weather/feeds/status";

/**
 * The weather feeds as their own process (platform mode): `voyage-risk stream weather-feed`.
 * Polls every model of WEATHER_FEEDS, fetches the newest complete cycle into the shared
 * WEATHER_DIR and lands it on `weather.cycles`; each poll's outcome goes to fast state (Redis),
 * where the API's health reads it. It follows `weather.cycles` too, so a cycle another process
 * landed (an ingest) is not fetched again.
 */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "weather-feed");
  if (config.WEATHER_FEEDS.length === 0) {
    logger.error("WEATHER_FEEDS is empty: no feed to run (e.g. WEATHER_FEEDS=gfs,gefs,ecmwf-ens)");
    process.exitCode = 2;
    return;
  }
  const platform = await openPlatform(config, logger);
  const registry = new CycleRegistry();
  const following = await followCycles(platform.bus, registry, `feed-${randomUUID()}`);
  await following.ready;
  const poller = new FeedPoller({
    ...pollerSettings(config),
    store: new CycleStore(config.WEATHER_DIR),
    bus: platform.bus,
    registry,
    status: new FeedStatusStore(platform.state),
    now: Date.now,
    logger,
  });
  poller.start(config.WEATHER_FEED_POLL_S * 1000);
  logger.info(
    { models: config.WEATHER_FEEDS, every_s: config.WEATHER_FEED_POLL_S },
    "weather feed polling",
  );
  await runUntilSignalled(
    logger,
    [
      { name: "stopping the weather feed (after the poll in progress)", run: () => poller.stop() },
      { name: "stopping the cycle registry", run: () => following.stop() },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
