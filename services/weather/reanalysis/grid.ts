import type { LandMask } from "../../engine/geo/types";

/**
 * The reanalysis grid: regular cells of `resolutionDeg`, centres from -maxAbsLat+res/2 to
 * maxAbsLat-res/2 and from -180+res/2 eastward, time steps every `everyH` hours from 00 UTC.
 * Only cells whose centre is at sea are stored. The default (2.5 degrees, 6-hourly, to 75
 * degrees) is what this machine can hold for 47 years: about 6,000 ocean cells x 68,664 steps =
 * about 400 million rows.
 */
export interface ReanalysisGridSpec {
  resolutionDeg: number;
  everyH: number;
  maxAbsLat: number;
}

export const DEFAULT_REANALYSIS_GRID: ReanalysisGridSpec = {
  resolutionDeg: 2.5,
  everyH: 6,
  maxAbsLat: 75,
};

/** Years of the backtest (spec: 47 years of reanalysis). */
export const REANALYSIS_FIRST_YEAR = 1979;
export const REANALYSIS_LAST_YEAR = 2025;

export class ReanalysisGrid {
  readonly rows: number;
  readonly cols: number;
  /** 1 where the cell is stored (its centre is at sea), by cell index row * cols + col. */
  readonly ocean: Uint8Array;
  readonly oceanCount: number;

  constructor(
    readonly spec: ReanalysisGridSpec,
    mask: LandMask,
  ) {
    const { resolutionDeg: r, maxAbsLat } = spec;
    // Multiples of 0.25 degree keep every centre (a multiple of 0.125) exact in Float32, so a
    // centre read back from ClickHouse is equal to the one computed here.
    if (
      !(r > 0) ||
      Math.abs(r * 4 - Math.round(r * 4)) > 1e-9 ||
      Math.abs(360 / r - Math.round(360 / r)) > 1e-9
    ) {
      throw new RangeError(`resolution ${r} must be a multiple of 0.25 degree that divides 360`);
    }
    this.rows = Math.round((2 * maxAbsLat) / r);
    this.cols = Math.round(360 / r);
    this.ocean = new Uint8Array(this.rows * this.cols);
    let count = 0;
    for (let i = 0; i < this.rows; i++) {
      for (let j = 0; j < this.cols; j++) {
        if (!mask.isLand({ lat: this.latOf(i), lon: this.lonOf(j) })) {
          this.ocean[i * this.cols + j] = 1;
          count++;
        }
      }
    }
    this.oceanCount = count;
  }

  latOf(row: number): number {
    return -this.spec.maxAbsLat + (row + 0.5) * this.spec.resolutionDeg;
  }

  lonOf(col: number): number {
    return -180 + (col + 0.5) * this.spec.resolutionDeg;
  }

  /** Cell index of a stored cell centre (as written to ClickHouse), or -1. */
  cellAt(lat: number, lon: number): number {
    const r = this.spec.resolutionDeg;
    const row = Math.round((lat + this.spec.maxAbsLat) / r - 0.5);
    const col = Math.round(((((lon + 180) % 360) + 360) % 360) / r - 0.5) % this.cols;
    if (row < 0 || row >= this.rows) return -1;
    return row * this.cols + col;
  }

  /** The stored cell nearest a point (the largest-weight corner; see corners), or -1. */
  nearestCell(lat: number, lon: number): number {
    let best = -1;
    let weight = -1;
    for (const c of this.corners(lat, lon)) {
      if (c.weight > weight) {
        weight = c.weight;
        best = c.cell;
      }
    }
    return best;
  }

  /** Every ocean cell index, in index order. */
  oceanCells(): number[] {
    const out: number[] = [];
    for (let c = 0; c < this.ocean.length; c++) if (this.ocean[c] === 1) out.push(c);
    return out;
  }

  /** Time steps of a calendar year (UTC), ms. */
  yearSteps(year: number): number[] {
    const step = this.spec.everyH * 3_600_000;
    const from = Date.UTC(year, 0, 1);
    const to = Date.UTC(year + 1, 0, 1);
    const out: number[] = [];
    for (let t = from; t < to; t += step) out.push(t);
    return out;
  }

  /** Steps covering [t0, t1]: from the one at or before t0 to the one at or after t1. */
  stepsCovering(t0: number, t1: number): number[] {
    const step = this.spec.everyH * 3_600_000;
    const out: number[] = [];
    for (let t = Math.floor(t0 / step) * step; t <= Math.ceil(t1 / step) * step; t += step)
      out.push(t);
    return out;
  }

  /**
   * The (up to four) stored cells round a point with their bilinear weights; cells on land are
   * left out and the others' weights renormalised, so a coastal point reads the sea next to it.
   * A point with no stored cell round it takes the nearest stored cell within two cells.
   */
  corners(lat: number, lon: number): Array<{ cell: number; weight: number }> {
    const r = this.spec.resolutionDeg;
    const y = (lat + this.spec.maxAbsLat) / r - 0.5;
    const x = ((((lon + 180) % 360) + 360) % 360) / r - 0.5;
    const y0 = Math.floor(y);
    const x0 = Math.floor(x);
    const fy = y - y0;
    const fx = x - x0;
    const out: Array<{ cell: number; weight: number }> = [];
    let total = 0;
    for (const [dy, dx, w] of [
      [0, 0, (1 - fy) * (1 - fx)],
      [0, 1, (1 - fy) * fx],
      [1, 0, fy * (1 - fx)],
      [1, 1, fy * fx],
    ] as const) {
      const row = Math.min(this.rows - 1, Math.max(0, y0 + dy));
      const col = (((x0 + dx) % this.cols) + this.cols) % this.cols;
      const cell = row * this.cols + col;
      if (this.ocean[cell] !== 1 || w <= 0) continue;
      const known = out.find((o) => o.cell === cell);
      if (known) known.weight += w;
      else out.push({ cell, weight: w });
      total += w;
    }
    if (out.length > 0) return out.map((o) => ({ cell: o.cell, weight: o.weight / total }));
    const near = this.nearestOcean(Math.round(y), Math.round(x), 2);
    return near < 0 ? [] : [{ cell: near, weight: 1 }];
  }

  private nearestOcean(row: number, col: number, radius: number): number {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const rr = row + dy;
        if (rr < 0 || rr >= this.rows) continue;
        const cell = rr * this.cols + ((((col + dx) % this.cols) + this.cols) % this.cols);
        const d = dy * dy + dx * dx;
        if (this.ocean[cell] === 1 && d < bestD) {
          bestD = d;
          best = cell;
        }
      }
    }
    return best;
  }
}
