import type { SeaConditions } from "../types";
import { DAY_MS, HOUR_MS } from "./calendar";
import type { ClimatologyGrid } from "./climatology";
import { perturbStorm } from "./ensemble";
import { SyntheticField } from "./field";
import { seedFrom } from "./hash";
import { climatologyAt } from "./mean-climate";
import { MAX_STORM_LIFE_MS } from "./storm-catalogue";
import type { StormTrack } from "./storm-track";
import { ChunkedStormLookup, DEFAULT_WORLD_SEED, FixedStormLookup, SyntheticWorld } from "./world";

/**
 * The synthetic weather source: deterministic, physically plausible stand-ins for forecast
 * ensembles (GEFS-like: 31 members, 16 days) and for a reanalysis, for the embedded default and
 * tests. Every field's label says it is synthetic. See field.ts for how a value is made,
 * climatology.ts for how the means are kept on the published ones, ensemble.ts for the spread.
 */

export { CLIMATOLOGY_GRID_VALUES, ClimatologyGrid } from "./climatology";
export { ENSEMBLE_MEMBERS, memberShare } from "./ensemble";
export type { SampleArrays } from "./field";
export { SyntheticField } from "./field";
export { climatologyAt } from "./mean-climate";
export type { StormTrack } from "./storm-track";
export { DEFAULT_WORLD_SEED, SyntheticWorld } from "./world";

/** GEFS's range: 16 days. */
export const DEFAULT_HORIZON_H = 384;

export interface SyntheticForecastOptions {
  /** Model name, e.g. "gefs" (part of the seed and the label). */
  model: string;
  /** Analysis (cycle) time, ms since the epoch. */
  cycleMs: number;
  /** Ensemble member: 0 = control, 1..30 perturbed. */
  member: number;
  /** Forecast range, hours (default 384). */
  horizonH?: number;
  /**
   * The synthetic world (climatology, truth storms) to forecast; building one takes about a second,
   * so pass the same `syntheticClimate()` to every forecast. Default: a new default world.
   */
  climate?: SyntheticClimate;
}

/**
 * One member of a synthetic forecast cycle. Same (model, cycle, member) → identical values
 * everywhere; another member → different values, more so with lead time. Beyond `horizonEndMs`
 * the field fades over a day into the climatological mean.
 */
export function syntheticForecast(options: SyntheticForecastOptions): SyntheticField {
  const climate = options.climate ?? syntheticClimate();
  const world = climate.world;
  const { model, cycleMs, member } = options;
  const horizonEndMs = cycleMs + (options.horizonH ?? DEFAULT_HORIZON_H) * HOUR_MS;
  const memberSeed = seedFrom(model, cycleMs, member);
  // Storms that can blow or send swell within [cycle - 2 days, horizon + 1 day].
  const t0 = cycleMs - 2 * DAY_MS - MAX_STORM_LIFE_MS;
  const t1 = horizonEndMs + DAY_MS;
  const storms = world.storms
    .alive(t0, t1)
    .map((s) => perturbStorm(s, cycleMs, member, memberSeed));
  const lookup = new FixedStormLookup(storms, t0, t1);
  const iso = new Date(cycleMs).toISOString().replace(".000Z", "Z");
  return new SyntheticField({
    label: `synthetic forecast (not real weather): ${model} ${iso} member ${member}`,
    climate: world.climate,
    currents: world.currents,
    noise: world.noise,
    truthSalt: world.truthSalt,
    memberSalt: seedFrom("member-noise", memberSeed),
    storms: lookup,
    swell: world.swell,
    cycleMs,
    member,
    horizonEndMs,
  });
}

export interface SyntheticClimateOptions {
  /** World seed (default DEFAULT_WORLD_SEED): another seed, another history of storms and weather. */
  seed?: number;
  /** A climatology grid kept from before (default: computed, about a second). */
  climatology?: ClimatologyGrid;
}

/**
 * The synthetic world's own weather, for any time (reanalysis / backtest use): the truth that
 * forecasts perturb. Also answers `climatologyAt` (the published mean state) and lists its storms.
 */
export class SyntheticClimate extends SyntheticField {
  readonly world: SyntheticWorld;

  constructor(world: SyntheticWorld) {
    const lookup = new ChunkedStormLookup(world.storms);
    super({
      label: `synthetic climate (not real weather): seed ${world.seed}`,
      climate: world.climate,
      currents: world.currents,
      noise: world.noise,
      truthSalt: world.truthSalt,
      memberSalt: 0,
      storms: lookup,
      swell: world.swell,
      cycleMs: 0,
      member: -1,
      horizonEndMs: Number.POSITIVE_INFINITY,
    });
    this.world = world;
  }

  /**
   * The climatological mean state at (lat, lon) for a month index (0 = January's mean, 11 =
   * December's; fractions interpolate smoothly between monthly means).
   */
  climatologyAt(lat: number, lon: number, monthIndex: number): SeaConditions {
    return climatologyAt(lat, lon, monthIndex);
  }

  /** The truth's storms alive at some instant of [t0, t1]. */
  stormsAlive(t0: number, t1: number): StormTrack[] {
    return this.world.storms.alive(t0, t1);
  }
}

/** The synthetic climate (reanalysis-like truth) of a world. */
export function syntheticClimate(options: SyntheticClimateOptions = {}): SyntheticClimate {
  return new SyntheticClimate(
    new SyntheticWorld(options.seed ?? DEFAULT_WORLD_SEED, options.climatology),
  );
}
