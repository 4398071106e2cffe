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
 * checked every minute, and on demand the next one in model time (the admin call), which lets a
 * demo or a test advance the weather without waiting six hours.
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

  /** Lands the cycle after the latest known one (or the one due by the clock if none is). */
  async landNext(): Promise<number> {
    const latest = this.deps.registry.latest(MODEL.id);
    const cycle = latest
      ? latest.cycleMs + MODEL.cadence_h * 3_600_000
      : cycleAtOrBefore(this.deps.now(), MODEL.cadence_h);
    await this.land(cycle);
    return cycle;
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
