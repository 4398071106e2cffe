import { climateMonthIndex, MONTHLY_CLIMATOLOGY } from "./horizon-blend";
import { climatologyAt } from "./synthetic/mean-climate";
import type { SeaConditions, WeatherField } from "./types";

/**
 * MONTHLY_CLIMATOLOGY read through a lattice, so that it can stand in for a condition a forecast
 * lacks at the cost of a gridded read rather than of the tables (climatologyAt evaluates the
 * zonal profiles and regional patches of two months at every call: several microseconds, against
 * well under one for a gridded field; a route search reads its weather hundreds of thousands of
 * times).
 *
 * The lattice holds each calendar month's mean state (climatologyAt at an integer month index) at
 * nodes LATTICE_DEG apart, computed when a read first needs them and kept. A read interpolates
 * bilinearly between the four nodes round the point and between the two monthly means round its
 * date with climatologyAt's cosine weight; directions as unit vectors, the current as its vector.
 * The currents are on a 0.5-degree grid themselves (synthetic/currents.ts) and the other tables
 * vary over several degrees, so the lattice moves the values little (the test bounds it); unlike
 * climatologyAt it blends the two months' conditions, not their tables.
 *
 * Nodes are kept in tiles of TILE x TILE nodes per month, at most MAX_TILES of them (about 27 MB);
 * past that the lattice starts again empty, which changes no value, only the time to read.
 */
const LATTICE_DEG = 0.5;
const ROWS = 180 / LATTICE_DEG + 1; // -90 to 90
const COLUMNS = 360 / LATTICE_DEG; // 0 to 360 - LATTICE_DEG, wrapping
const TILE = 16;
const TILE_ROWS = Math.ceil(ROWS / TILE);
const TILE_COLUMNS = COLUMNS / TILE;
const MAX_TILES = 2048;

// Channels of a node: scalars, then directions as (east, north) unit vectors, then the current's
// (east, north) vector in knots.
const HS = 0;
const WAVE_PERIOD = 1;
const WIND = 2;
const SWELL_HS = 3;
const SWELL_PERIOD = 4;
const WAVE_DIR = 5;
const WIND_DIR = 7;
const SWELL_DIR = 9;
const CURRENT = 11;
const CHANNELS = 13;
const RAD = Math.PI / 180;

export class ClimatologyLattice implements WeatherField {
  readonly label = MONTHLY_CLIMATOLOGY.label;
  readonly maxCurrentKts = MONTHLY_CLIMATOLOGY.maxCurrentKts;
  /** Tiles by (month, tile row, tile column); a node not yet computed has NaN in channel 0. */
  #tiles = emptyTiles();
  #tileCount = 0;
  readonly #sum = new Float64Array(CHANNELS);

  // The calendar month of the last read ([start, end) ms and its index at start): a route's
  // reads fall in one or two months, and finding the month takes three Date computations.
  #monthStartMs = 0;
  #monthEndMs = 0;
  #monthIndexAtStart = 0;

  at(lat: number, lon: number, timeMs: number): SeaConditions {
    if (!(timeMs >= this.#monthStartMs && timeMs < this.#monthEndMs)) {
      const d = new Date(timeMs);
      this.#monthStartMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      this.#monthEndMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      this.#monthIndexAtStart = climateMonthIndex(this.#monthStartMs);
    }
    // climateMonthIndex, from the month's bounds.
    const monthIndex =
      this.#monthIndexAtStart +
      (timeMs - this.#monthStartMs) / (this.#monthEndMs - this.#monthStartMs);
    const m0 = Math.floor(monthIndex);
    const w = (1 - Math.cos(Math.PI * (monthIndex - m0))) / 2;
    let y = (Math.min(90, Math.max(-90, lat)) + 90) / LATTICE_DEG;
    let r0 = Math.floor(y);
    if (r0 > ROWS - 2) r0 = ROWS - 2;
    y -= r0;
    let x = (((lon % 360) + 360) % 360) / LATTICE_DEG;
    const c0 = Math.floor(x) % COLUMNS;
    x -= Math.floor(x);
    const c1 = c0 + 1 === COLUMNS ? 0 : c0 + 1;
    const sum = this.#sum;
    sum.fill(0);
    for (let k = 0; k < 2; k++) {
      const mw = k === 0 ? 1 - w : w;
      if (mw <= 0) continue;
      const month = (((m0 + k) % 12) + 12) % 12;
      this.#add(month, r0, c0, mw * (1 - x) * (1 - y));
      this.#add(month, r0, c1, mw * x * (1 - y));
      this.#add(month, r0 + 1, c0, mw * (1 - x) * y);
      this.#add(month, r0 + 1, c1, mw * x * y);
    }
    const ce = sum[CURRENT] as number;
    const cn = sum[CURRENT + 1] as number;
    return {
      hs_m: sum[HS] as number,
      wave_period_s: sum[WAVE_PERIOD] as number,
      wave_dir_deg: compass(sum[WAVE_DIR] as number, sum[WAVE_DIR + 1] as number),
      wind_kts: sum[WIND] as number,
      wind_dir_deg: compass(sum[WIND_DIR] as number, sum[WIND_DIR + 1] as number),
      swell_hs_m: sum[SWELL_HS] as number,
      swell_period_s: sum[SWELL_PERIOD] as number,
      swell_dir_deg: compass(sum[SWELL_DIR] as number, sum[SWELL_DIR + 1] as number),
      current_kts: Math.hypot(ce, cn),
      current_dir_deg: compass(ce, cn),
    };
  }

  /** Adds `weight` times the node's channels to the sum, computing the node first if need be. */
  #add(month: number, row: number, column: number, weight: number): void {
    if (!(weight > 0)) return;
    const tileRow = Math.floor(row / TILE);
    const tileColumn = Math.floor(column / TILE);
    const key = (month * TILE_ROWS + tileRow) * TILE_COLUMNS + tileColumn;
    let tile = this.#tiles[key];
    if (!tile) {
      if (this.#tileCount >= MAX_TILES) {
        this.#tiles = emptyTiles();
        this.#tileCount = 0;
      }
      tile = new Float32Array(TILE * TILE * CHANNELS).fill(Number.NaN);
      this.#tiles[key] = tile;
      this.#tileCount++;
    }
    const base = ((row - tileRow * TILE) * TILE + (column - tileColumn * TILE)) * CHANNELS;
    if (Number.isNaN(tile[base])) fillNode(tile, base, row, column, month);
    const sum = this.#sum;
    for (let ch = 0; ch < CHANNELS; ch++)
      sum[ch] = (sum[ch] as number) + weight * (tile[base + ch] as number);
  }
}

/** Every tile's slot, filled (a dense array: sparse indices would make it a slow dictionary). */
function emptyTiles(): Array<Float32Array | undefined> {
  return new Array<Float32Array | undefined>(12 * TILE_ROWS * TILE_COLUMNS).fill(undefined);
}

function fillNode(tile: Float32Array, base: number, row: number, column: number, month: number) {
  const c = climatologyAt(row * LATTICE_DEG - 90, column * LATTICE_DEG, month);
  tile[base + HS] = c.hs_m;
  tile[base + WAVE_PERIOD] = c.wave_period_s;
  tile[base + WIND] = c.wind_kts;
  tile[base + SWELL_HS] = c.swell_hs_m;
  tile[base + SWELL_PERIOD] = c.swell_period_s;
  unit(tile, base + WAVE_DIR, c.wave_dir_deg, 1);
  unit(tile, base + WIND_DIR, c.wind_dir_deg, 1);
  unit(tile, base + SWELL_DIR, c.swell_dir_deg, 1);
  unit(tile, base + CURRENT, c.current_dir_deg, c.current_kts);
}

/** The (east, north) vector of `length` pointing `deg` degrees true, into out[i], out[i + 1]. */
function unit(out: Float32Array, i: number, deg: number, length: number): void {
  out[i] = length * Math.sin(deg * RAD);
  out[i + 1] = length * Math.cos(deg * RAD);
}

/** Degrees true, [0, 360), of the vector (east, north); 0 for none. */
function compass(east: number, north: number): number {
  if (east === 0 && north === 0) return 0;
  const d = Math.atan2(east, north) / RAD;
  return d < 0 ? d + 360 : d;
}
