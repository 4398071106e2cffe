import type { EventBus } from "../platform/events/port";
import type { Logger } from "../platform/logger";
import { cycleLandedEvent, landCycle } from "./cycle-events";
import type { CycleRegistry } from "./cycle-registry";
import { cycleAtOrBefore, WEATHER_MODELS } from "./models";

const MODEL = WEATHER_MODELS.synthetic as (typeof WEATHER_MODELS)[string];

/** The WeatherCycleLanded of a synthetic cycle (any cycle time: tests land off-cadence ones). */
export function syntheticCycleEvent(cycleMs: number, occurredAtMs: number) {
  return cycleLandedEvent(
    {
      model: MODEL.id,
      cycle_time: cycleMs,
      members: MODEL.members,
      resolution_deg: MODEL.resolution_deg,
      horizon_h: MODEL.horizon_h,
      synthetic: true,
      source: "synthetic generator (services/engine/weather/synthetic), deterministic per cycle",
    },
    occurredAtMs,
  );
}

/**
 * Lands synthetic forecast cycles: the one due by the clock (00/06/12/18 UTC) when it is missing,
 * checked every minute, and on demand one initialised now (the admin call), which lets a demo or
 * a test move the weather on without waiting six hours. Landing cycles ahead of the clock would
 * make them unusable until the clock reaches them (scores use cycles already begun).
 */
export class SyntheticCycleScheduler {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly deps: {
      bus: EventBus;
      registry: CycleRegistry;
      now: () => number;
      logger?: Logger;
      checkEveryMs?: number;
    },
  ) {}

  /** Lands the cycle due by the clock unless it is known; answers its time. */
  async landDue(): Promise<number> {
    const cycle = cycleAtOrBefore(this.deps.now(), MODEL.cadence_h);
    if (!this.deps.registry.find(MODEL.id, cycle)) await this.land(cycle);
    return cycle;
  }

  /**
   * Lands a cycle initialised now (to the second: synthetic cycles may start at any time), so
   * that scores and re-scores use it at once; answers its time, and landed: false when the latest
   * known cycle is already as new (two calls within a second), which is then the one answered.
   */
  async landNow(): Promise<{ cycleMs: number; landed: boolean }> {
    const cycle = Math.floor(this.deps.now() / 1000) * 1000;
    const latest = this.deps.registry.latest(MODEL.id);
    if (latest && latest.cycleMs >= cycle) return { cycleMs: latest.cycleMs, landed: false };
    await this.land(cycle);
    return { cycleMs: cycle, landed: true };
  }

  start(): void {
    this.timer = setInterval(() => {
      this.landDue().catch((err: Error) =>
        this.deps.logger?.warn({ err: err.message }, "synthetic cycle not landed; will retry"),
      );
    }, this.deps.checkEveryMs ?? 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async land(cycleMs: number): Promise<void> {
    const event = syntheticCycleEvent(cycleMs, this.deps.now());
    await landCycle(this.deps.bus, this.deps.registry, event);
    this.deps.logger?.info(
      { model: MODEL.id, cycle: new Date(cycleMs).toISOString() },
      "synthetic weather cycle landed",
    );
  }
}
