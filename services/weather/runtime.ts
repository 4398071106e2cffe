import { randomUUID } from "node:crypto";
import type { Subscription } from "../platform/events/port";
import type { Platform } from "../platform/platform";
import { cycleEventId, followCycles } from "./cycle-events";
import { CycleRegistry } from "./cycle-registry";
import { CycleStore } from "./cycle-store";
import { landedFields } from "./ingest";
import { WeatherProvider } from "./provider";
import { SyntheticCycleScheduler } from "./synthetic-scheduler";

/** What a serving process knows and does about weather: the cycle registry, kept current from the bus, and (optionally) the synthetic cycle scheduler. */
export interface WeatherRuntime {
  registry: CycleRegistry;
  store: CycleStore;
  provider: WeatherProvider;
  scheduler?: SyntheticCycleScheduler;
  close(): Promise<void>;
}

export async function startWeather(
  platform: Platform,
  options: { landSynthetic: boolean; weatherDir: string; now?: () => number },
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
  return {
    registry,
    store,
    provider: new WeatherProvider(store, platform.config.ROUTING_CACHE_DIR),
    scheduler,
    close: async () => {
      scheduler?.stop();
      await following.stop();
    },
  };
}
