import { DAY_MS } from "./calendar";
import { ClimatologyGrid } from "./climatology";
import { CurrentGrid } from "./currents";
import { seedFrom } from "./hash";
import { LatticeNoise } from "./noise";
import { StormCatalogue } from "./storm-catalogue";
import { StormIndex } from "./storm-index";
import { StormSwellField } from "./storm-swell";
import type { StormTrack } from "./storm-track";

/**
 * What every synthetic field of one world shares, built once: the climatology grid (most of a second), the
 * current grid, the truth's storm catalogue, its storm swell (computed a tile at a time on first
 * use and shared by every field of the world) and the noise table. Forecasts of any model, cycle
 * and member are perturbations of this world's truth, so consecutive cycles forecast the same
 * storms and the synthetic reanalysis is the weather the forecasts were trying to predict.
 */

/** The world seed used when none is given. */
export const DEFAULT_WORLD_SEED = 20_240_601;
const CHUNK_MS = 30 * DAY_MS;
const CACHED_CHUNKS = 256;

export class SyntheticWorld {
  readonly climate: ClimatologyGrid;
  readonly currents: CurrentGrid;
  readonly storms: StormCatalogue;
  readonly noise: LatticeNoise;
  readonly truthSalt: number;
  readonly swell: StormSwellField;

  constructor(
    readonly seed: number = DEFAULT_WORLD_SEED,
    /** The climatology grid, if the caller kept one (it is the same for every seed). */
    climate: ClimatologyGrid = new ClimatologyGrid(),
  ) {
    this.climate = climate;
    this.currents = new CurrentGrid();
    const storms = new StormCatalogue(seed);
    this.storms = storms;
    this.swell = new StormSwellField((t0, t1) => storms.alive(t0, t1));
    this.noise = new LatticeNoise(seedFrom("synthetic-noise-table", seed));
    this.truthSalt = seedFrom("synthetic-truth", seed);
  }
}

/**
 * The truth's storms indexed by 30-day chunk, built on first use (a cache of a pure function:
 * evicting a chunk and rebuilding it gives the same index).
 */
export class ChunkedStormLookup {
  private readonly chunks = new Map<number, StormIndex>();

  constructor(private readonly catalogue: StormCatalogue) {}

  indexFor(timeMs: number): StormIndex {
    const k = Math.floor(timeMs / CHUNK_MS);
    let index = this.chunks.get(k);
    if (!index) {
      const t0 = k * CHUNK_MS;
      const t1 = t0 + CHUNK_MS;
      index = new StormIndex(this.catalogue.alive(t0, t1), t0, t1);
      if (this.chunks.size >= CACHED_CHUNKS) this.chunks.clear();
      this.chunks.set(k, index);
    }
    return index;
  }
}

/** A fixed list of storms indexed over one period (a forecast member's window). */
export class FixedStormLookup {
  private readonly index: StormIndex;

  constructor(
    readonly storms: readonly StormTrack[],
    t0: number,
    t1: number,
  ) {
    this.index = new StormIndex(storms, t0, t1);
  }

  indexFor(): StormIndex {
    return this.index;
  }
}
