import { seededRandom } from "../../random";

/**
 * Smooth deterministic noise on a (lat, lon, time) lattice: value noise (Perlin, 1985, "An
 * image synthesizer", in its value-noise form) with the quintic fade of Perlin (2002, "Improving
 * noise"), so neighbouring hours and places are strongly correlated and nothing is drawn per
 * call. Lattice values come from a table filled once by Mulberry32; a lattice point finds its
 * value by hashing its integer coordinates (hash.ts's latticeHash, inlined here because this runs
 * several times per sample), so the field is a pure function of (lat, lon, time) and the seed.
 * Longitude wraps at the antimeridian (the cell size must divide 360).
 */

const TABLE_BITS = 12;
const TABLE_SIZE = 1 << TABLE_BITS;
const TABLE_MASK = TABLE_SIZE - 1;

/**
 * Variance kept by one dimension of fade interpolation between independent unit-variance
 * values: the integral over the cell of (1 - w)^2 + w^2 for the quintic fade, exactly 181/231.
 */
const FADE_VARIANCE_1D = 181 / 231;
/** Scale that brings trilinear value noise back to unit variance (averaged over the cell). */
const UNIT_VARIANCE_SCALE = 1 / Math.sqrt(FADE_VARIANCE_1D ** 3);

function fade(u: number): number {
  return u * u * u * (u * (u * 6 - 15) + 10);
}

/** A lattice scale: cell sizes in degrees (dividing 360) and hours. */
export interface LatticeScale {
  readonly cellDeg: number;
  readonly cellHours: number;
}

/** Channels one call can produce. */
export const MAX_CHANNELS = 6;

export class LatticeNoise {
  /** Channels of lattice values, uniform with zero mean and unit variance. */
  private readonly table = new Float64Array(MAX_CHANNELS * TABLE_SIZE);

  constructor(seed: number) {
    const random = seededRandom(seed);
    const halfWidth = Math.sqrt(3); // uniform on [-sqrt 3, sqrt 3] has unit variance
    for (let i = 0; i < this.table.length; i++) this.table[i] = (random() * 2 - 1) * halfWidth;
  }

  /**
   * Three independent channels of unit-variance smooth noise at (lat, lon, hours) into out[at],
   * out[at + 1], out[at + 2]. `salt` selects an independent field on the same lattice. lon in
   * [-180, 180).
   */
  sample3(
    lat: number,
    lon: number,
    hours: number,
    scale: LatticeScale,
    salt: number,
    out: Float64Array,
    at: number,
  ): void {
    this.sample(lat, lon, hours, scale, salt, out, at, false);
  }

  /** As sample3, with six channels (out[at] .. out[at + 5]). */
  sample6(
    lat: number,
    lon: number,
    hours: number,
    scale: LatticeScale,
    salt: number,
    out: Float64Array,
    at: number,
  ): void {
    this.sample(lat, lon, hours, scale, salt, out, at, true);
  }

  private sample(
    lat: number,
    lon: number,
    hours: number,
    scale: LatticeScale,
    salt: number,
    out: Float64Array,
    at: number,
    six: boolean,
  ): void {
    const cellDeg = scale.cellDeg;
    const nx = Math.round(360 / cellDeg);
    const x = (lon + 180) / cellDeg;
    const y = (lat + 90) / cellDeg;
    const z = hours / scale.cellHours;
    const xf = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    const fx = fade(x - xf);
    const fy = fade(y - y0);
    const fz = fade(z - z0);
    const x0 = ((xf % nx) + nx) % nx;
    const x1 = x0 + 1 === nx ? 0 : x0 + 1;
    // Teschner et al. (2003, "Optimized spatial hashing for collision detection of deformable
    // objects") primes per axis, then MurmurHash3's finaliser (Appleby, 2008) as hash.ts's fmix32.
    const hx0 = Math.imul(x0, 73856093);
    const hx1 = Math.imul(x1, 73856093);
    const hy0 = Math.imul(y0, 19349663) ^ salt;
    const hy1 = Math.imul(y0 + 1, 19349663) ^ salt;
    const hz0 = Math.imul(z0, 83492791);
    const hz1 = Math.imul(z0 + 1, 83492791);
    const t = this.table;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let e = 0;
    let f = 0;
    for (let corner = 0; corner < 8; corner++) {
      const cx = corner & 1;
      const cy = corner & 2;
      const cz = corner & 4;
      const w = (cx ? fx : 1 - fx) * (cy ? fy : 1 - fy) * (cz ? fz : 1 - fz);
      let h = (cx ? hx1 : hx0) ^ (cy ? hy1 : hy0) ^ (cz ? hz1 : hz0);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      // Each channel reads its own table with 12 bits of the hash.
      a += w * (t[h & TABLE_MASK] as number);
      b += w * (t[TABLE_SIZE + ((h >>> TABLE_BITS) & TABLE_MASK)] as number);
      c += w * (t[2 * TABLE_SIZE + ((h >>> 20) & TABLE_MASK)] as number);
      if (six) {
        // Three more channels from a second mix of the same hash.
        let g = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
        g ^= g >>> 12;
        d += w * (t[3 * TABLE_SIZE + (g & TABLE_MASK)] as number);
        e += w * (t[4 * TABLE_SIZE + ((g >>> TABLE_BITS) & TABLE_MASK)] as number);
        f += w * (t[5 * TABLE_SIZE + ((g >>> 20) & TABLE_MASK)] as number);
      }
    }
    out[at] = a * UNIT_VARIANCE_SCALE;
    out[at + 1] = b * UNIT_VARIANCE_SCALE;
    out[at + 2] = c * UNIT_VARIANCE_SCALE;
    if (six) {
      out[at + 3] = d * UNIT_VARIANCE_SCALE;
      out[at + 4] = e * UNIT_VARIANCE_SCALE;
      out[at + 5] = f * UNIT_VARIANCE_SCALE;
    }
  }
}
