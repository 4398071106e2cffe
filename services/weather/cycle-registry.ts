import type { WeatherCycleLanded } from "../contracts/events";
import { weatherModel } from "./models";

/**
 * Which forecast cycles have landed, per model: the fold of the WeatherCycleLanded events on
 * `weather.cycles`. Feeds health (per-model freshness) and response metadata
 * (`weather_data_age_h`). The same cycle landing twice (a retried publish, two schedulers) is
 * one cycle.
 */

/** The fields of a WeatherCycleLanded event beyond event_id and occurred_at. */
export type CycleFields = Omit<WeatherCycleLanded, "event_id" | "occurred_at">;

export type CycleLanded = WeatherCycleLanded;

export interface CycleInfo {
  model: string;
  cycleMs: number;
  members: number;
  resolutionDeg: number;
  horizonH: number;
  synthetic: boolean;
  source: string | null;
  landedAtMs: number;
}

/**
 * A cycle as response metadata names it (`weather_source`): "gefs cycle 2026-12-03T12:00:00.000Z
 * (31 members)", or for the synthetic model "synthetic model cycle ... (31 members), not real
 * weather".
 */
export function cycleSourceLabel(c: CycleInfo): string {
  const name = c.model === "synthetic" ? "synthetic model" : c.model;
  return `${name} cycle ${new Date(c.cycleMs).toISOString()} (${c.members} members)${c.synthetic ? ", not real weather" : ""}`;
}

export interface ModelFreshness {
  model: string;
  latest_cycle_utc: string;
  /** Hours from the cycle's initialisation time to now. */
  age_h: number;
  cadence_h: number;
  /** True once the latest cycle is older than STALE_AFTER_CADENCES cadences. */
  stale: boolean;
  synthetic: boolean;
  cycles_loaded: number;
}

/**
 * Real cycles are published some hours after their initialisation time (a few hours for NOAA's
 * GFS/GEFS), so a healthy 6-hourly feed's latest cycle is routinely 6-12 h old; older than three
 * cadences (18 h) means cycles were missed.
 */
export const STALE_AFTER_CADENCES = 3;
/** Cycles remembered per model (most recent first); older ones are forgotten. */
const KEEP_PER_MODEL = 64;

export class CycleRegistry {
  private readonly byModel = new Map<string, CycleInfo[]>();

  /** Folds one event in; answers false when the cycle was already known. */
  apply(e: CycleLanded): boolean {
    const list = this.byModel.get(e.model) ?? [];
    if (list.some((c) => c.cycleMs === e.cycle_time)) return false;
    list.push({
      model: e.model,
      cycleMs: e.cycle_time,
      members: e.members,
      resolutionDeg: e.resolution_deg,
      horizonH: e.horizon_h,
      synthetic: e.synthetic,
      source: e.source ?? null,
      landedAtMs: e.occurred_at,
    });
    list.sort((a, b) => b.cycleMs - a.cycleMs);
    list.length = Math.min(list.length, KEEP_PER_MODEL);
    this.byModel.set(e.model, list);
    return true;
  }

  latest(model: string): CycleInfo | undefined {
    return this.byModel.get(model)?.[0];
  }

  /** A cycle by its time, if it is still remembered. */
  find(model: string, cycleMs: number): CycleInfo | undefined {
    return this.byModel.get(model)?.find((c) => c.cycleMs === cycleMs);
  }

  models(): string[] {
    return [...this.byModel.keys()].sort();
  }

  cycles(model: string): readonly CycleInfo[] {
    return this.byModel.get(model) ?? [];
  }

  freshness(nowMs: number): ModelFreshness[] {
    return this.models().map((model) => {
      // The newest cycle already begun, as scores choose it (a cycle stamped ahead of this
      // clock, by a skewed clock elsewhere, is not yet the one in use).
      const latest =
        this.cycles(model).find((c) => c.cycleMs <= nowMs) ?? (this.latest(model) as CycleInfo);
      const cadence = weatherModel(model)?.cadence_h ?? 6;
      const ageH = Math.max(0, (nowMs - latest.cycleMs) / 3_600_000);
      return {
        model,
        latest_cycle_utc: new Date(latest.cycleMs).toISOString(),
        age_h: Math.round(ageH * 100) / 100,
        cadence_h: cadence,
        stale: ageH > STALE_AFTER_CADENCES * cadence,
        synthetic: latest.synthetic,
        cycles_loaded: this.cycles(model).length,
      };
    });
  }
}
