import { randomUUID } from "node:crypto";
import type { Subscription } from "../platform/events/port";
import type { Platform } from "../platform/platform";
import { cycleEventId, followCycles } from "./cycle-events";
import { CycleRegistry } from "./cycle-registry";
import { CycleStore } from "./cycle-store";
import { FeedPoller, pollerSettings } from "./feeds/poller";
import { FeedStatusStore } from "./feeds/status";
import { landedFields } from "./ingest";
import { WeatherProvider } from "./provider";
import { SyntheticCycleScheduler } from "./synthetic-scheduler";

/** What a serving process knows and does about weather: the cycle registry, kept current from the bus, and (optionally) the synthetic cycle scheduler. */
export interface WeatherRuntime {
  registry: CycleRegistry;
  store: CycleStore;
  provider: WeatherProvider;
  scheduler?: SyntheticCycleScheduler;
  /** The weather feeds this process polls (embedded mode with WEATHER_FEEDS set). */
  feeds?: FeedPoller;
  close(): Promise<void>;
}

export async function startWeather(
  platform: Platform,
  options: {
    landSynthetic: boolean;
    weatherDir: string;
    now?: () => number;
    /** Poll the feeds of WEATHER_FEEDS from this process (the embedded default's way). */
    runFeeds?: boolean;
  },
): Promise<WeatherRuntime> {
  const now = options.now ?? Date.now;
  const registry = new CycleRegistry();
  const store = new CycleStore(options.weatherDir);
  // Cycles already in the store count as landed (an ingest while this process was down, or an
  // embedded-mode CLI ingest, whose event went to another process's in-memory bus).
  for (const manifest of await store.manifests()) {
    registry.apply({
      event_id: cycleEventId(manifest.model, manifest.cycle_ms),
      occurred_at: Date.parse(manifest.ingested_at_utc),
      ...landedFields(manifest),
    });
  }
  const following: Subscription = await followCycles(platform.bus, registry, randomUUID());
  let scheduler: SyntheticCycleScheduler | undefined;
  if (options.landSynthetic) {
    scheduler = new SyntheticCycleScheduler({
      bus: platform.bus,
      registry,
      now,
      logger: platform.logger,
    });
    await scheduler.landDue();
    scheduler.start();
  }
  let feeds: FeedPoller | undefined;
  if (options.runFeeds && platform.config.WEATHER_FEEDS.length > 0) {
    feeds = new FeedPoller({
      ...pollerSettings(platform.config),
      store,
      bus: platform.bus,
      registry,
      status: new FeedStatusStore(platform.state),
      now,
      logger: platform.logger,
    });
    feeds.start(platform.config.WEATHER_FEED_POLL_S * 1000);
  }
  return {
    registry,
    store,
    provider: new WeatherProvider(store, platform.config.ROUTING_CACHE_DIR),
    scheduler,
    feeds,
    close: async () => {
      scheduler?.stop();
      await feeds?.stop();
      await following.stop();
    },
  };
}
