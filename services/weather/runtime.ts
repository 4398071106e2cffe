import { randomUUID } from "node:crypto";
import type { Subscription } from "../platform/events/port";
import type { Platform } from "../platform/platform";
import { followCycles } from "./cycle-events";
import { CycleRegistry } from "./cycle-registry";
import { SyntheticCycleScheduler } from "./synthetic-scheduler";

/** What a serving process knows and does about weather: the cycle registry, kept current from the bus, and (optionally) the synthetic cycle scheduler. */
export interface WeatherRuntime {
  registry: CycleRegistry;
  scheduler?: SyntheticCycleScheduler;
  close(): Promise<void>;
}

export async function startWeather(
  platform: Platform,
  options: { landSynthetic: boolean; now?: () => number },
): Promise<WeatherRuntime> {
  const now = options.now ?? Date.now;
  const registry = new CycleRegistry();
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
    scheduler,
    close: async () => {
      scheduler?.stop();
      await following.stop();
    },
  };
}
