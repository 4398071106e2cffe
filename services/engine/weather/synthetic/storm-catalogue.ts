import { seededRandom } from "../../random";
import { calendarMonthAt, DAY_MS, EPOCH_2000_MS } from "./calendar";
import { seedFrom } from "./hash";
import { STORM_BASINS, type StormBasin } from "./storm-basins";
import { generateStorm, type StormTrack } from "./storm-track";

/**
 * The storms of the synthetic world ("truth"): every storm that forms in a 5-day block is drawn
 * from a generator seeded by (world seed, block), so any period can be produced on demand, in any
 * order, with the same result. Forecast members perturb these storms (ensemble.ts); the synthetic
 * reanalysis uses them as they are.
 */

const BLOCK_MS = 5 * DAY_MS;
/** No storm lives longer than this (tropical cyclones up to 10 days, extratropical up to 6). */
export const MAX_STORM_LIFE_MS = 11 * DAY_MS;
/** Blocks kept in memory; regenerating an evicted block gives identical storms. */
const CACHED_BLOCKS = 1024;

/** Knuth's Poisson sampler (Knuth, TAOCP vol. 2), for the small means used here. */
function poisson(mean: number, random: () => number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

export class StormCatalogue {
  private readonly blocks = new Map<number, StormTrack[]>();

  constructor(readonly worldSeed: number) {}

  /**
   * Storms born in block k: per basin, a Poisson number at the basin's highest monthly rate,
   * each kept with probability rate(month of its genesis) / highest rate (thinning), so storms
   * form only in their season and at its rate.
   */
  block(k: number): StormTrack[] {
    const cached = this.blocks.get(k);
    if (cached) return cached;
    const random = seededRandom(seedFrom("synthetic-storms", this.worldSeed, k));
    const start = EPOCH_2000_MS + k * BLOCK_MS;
    const storms: StormTrack[] = [];
    let index = 0;
    for (const basin of STORM_BASINS) {
      const maxRate = Math.max(...basin.perDay);
      const n = poisson(maxRate * (BLOCK_MS / DAY_MS), random);
      for (let i = 0; i < n; i++) {
        const genesis = start + Math.floor(random() * BLOCK_MS);
        const month = calendarMonthAt(genesis);
        const keep = random() < (basin.perDay[month] as number) / maxRate;
        // Draw the storm whether kept or not, so one basin's season never shifts another's draws.
        const storm = generateStorm(basin, month, genesis, k * 1000 + index++, random);
        if (keep) storms.push(storm);
      }
    }
    if (this.blocks.size >= CACHED_BLOCKS) this.blocks.clear();
    this.blocks.set(k, storms);
    return storms;
  }

  /** Every storm alive at some instant of [t0, t1]. */
  alive(t0: number, t1: number): StormTrack[] {
    const first = Math.floor((t0 - MAX_STORM_LIFE_MS - EPOCH_2000_MS) / BLOCK_MS);
    const last = Math.floor((t1 - EPOCH_2000_MS) / BLOCK_MS);
    const out: StormTrack[] = [];
    for (let k = first; k <= last; k++) {
      for (const s of this.block(k)) if (s.endMs >= t0 && s.startMs <= t1) out.push(s);
    }
    return out;
  }
}

/** The basin definition a storm came from. */
export function basinOf(storm: StormTrack): StormBasin | undefined {
  return STORM_BASINS.find((b) => b.id === storm.basin);
}
