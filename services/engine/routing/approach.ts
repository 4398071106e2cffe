import type { LandMask, LatLon } from "../geo/types";
import { NodeHeap } from "./heap";
import { LEG_STEP_NM } from "./sea-grid";

/**
 * Ways through water too narrow for the navigation grid, found by a breadth-first search on a
 * fine local grid whose water is decided by the fine coastline:
 * - port approaches: a port up a river or inside a basin (Hamburg is ~55 nm up the Elbe) is led
 *   out to the first cell from which a grid node is in plain sight;
 * - strait threads: a catalogue passage drawn on a coarser coastline is re-threaded where one of
 *   its straight pieces touches the fine coastline.
 */

export interface FineSearchOptions {
  /** Fine cell size, degrees (default 0.005, about 0.3 nm: narrower than most port rivers). */
  stepDeg?: number;
  /** Half-size of the search window around the start, degrees of latitude (default 1.0). */
  windowDeg?: number;
  /**
   * Search best-first towards this point (A*, straight-line distance as the bound) instead of
   * breadth-first: the cells a search visits are those of a corridor, not of a disc as wide as
   * the way is long. For a `done` test that is dear per cell (a line of sight tens of miles long).
   */
  towards?: LatLon;
}

export interface Approach {
  /** From the port (first) to the grid node (last, excluded: its id is `node`). */
  points: LatLon[];
  node: number;
}

export function findApproach(
  port: LatLon,
  fine: LandMask,
  /** The grid node whose cell contains q, or -1. */
  nodeAt: (q: LatLon) => number,
  nodePoint: (node: number) => LatLon,
  options: FineSearchOptions = {},
): Approach | null {
  let found = -1;
  const points = searchWater(port, fine, options, (p) => {
    const node = nodeAt(p);
    if (node >= 0 && !fine.pathHitsLand(p, nodePoint(node), LEG_STEP_NM)) {
      found = node;
      return true;
    }
    return false;
  });
  return points ? { points, node: found } : null;
}

/**
 * A water path from a to b (both ends included), simplified; null if the fine coastline closes it.
 * `guided`: searched best-first towards b (FineSearchOptions.towards), for ways tens of miles
 * long: breadth-first, every cell of the disc round a tests its line of sight to b.
 */
export function threadWater(
  a: LatLon,
  b: LatLon,
  fine: LandMask,
  { guided = false }: { guided?: boolean } = {},
): LatLon[] | null {
  const span = Math.max(Math.abs(a.lat - b.lat), Math.abs(a.lon - b.lon)) + 0.1;
  const points = searchWater(
    a,
    fine,
    { windowDeg: span, ...(guided ? { towards: b } : {}) },
    // Walked from b: the land that hides b from a cell is mostly near b (a strait's shores), and
    // the walk stops at the first land it meets.
    (p) => !fine.pathHitsLand(b, p, 0.2),
  );
  if (!points) return null;
  return pullString([...points, b], fine);
}

/** Keeps a point only where the straight piece past it would touch land. */
export function pullString(points: LatLon[], fine: LandMask): LatLon[] {
  const out = [points[0] as LatLon];
  let anchor = 0;
  for (let i = 1; i + 1 < points.length; i++) {
    if (fine.pathHitsLand(points[anchor] as LatLon, points[i + 1] as LatLon, 0.2)) {
      out.push(points[i] as LatLon);
      anchor = i;
    }
  }
  if (points.length > 1) out.push(points.at(-1) as LatLon);
  return out;
}

/**
 * Breadth-first over water cells around `start` until `done(cell centre)`; the path there, or
 * null. A step is taken only where the straight piece between the two cells clears the coast:
 * both cells can be water with a spit or an islet narrower than a cell between them, and the
 * path's points become a route's legs as they are.
 */
function searchWater(
  start: LatLon,
  fine: LandMask,
  options: FineSearchOptions,
  done: (p: LatLon) => boolean,
): LatLon[] | null {
  const step = options.stepDeg ?? 0.005;
  const half = options.windowDeg ?? 1.0;
  const cos = Math.max(0.2, Math.cos((start.lat * Math.PI) / 180));
  const rows = Math.round((2 * half) / step) + 1;
  const cols = Math.round((2 * half) / cos / step) + 1;
  const lat0 = start.lat - half;
  const lon0 = start.lon - half / cos;
  const at = (r: number, c: number): LatLon => ({
    lat: lat0 + r * step,
    lon: wrap(lon0 + c * step),
  });
  // -1 unknown, 0 land, 1 water (decided lazily: the search stays in the channel's corridor).
  const water = new Int8Array(rows * cols).fill(-1);
  const parent = new Int32Array(rows * cols).fill(-2);
  const isWater = (i: number) => {
    if (water[i] === -1) water[i] = fine.isLand(at(Math.floor(i / cols), i % cols)) ? 0 : 1;
    return water[i] === 1;
  };
  const first =
    Math.round((start.lat - lat0) / step) * cols + Math.round((start.lon - lon0) / step);
  parent[first] = -1;
  const pointOf = (i: number) => (i === first ? start : at(Math.floor(i / cols), i % cols));
  const frontier = options.towards
    ? new BestFirst(first, cols, step, cos, options.towards, lat0, lon0)
    : new BreadthFirst(first);
  for (let i = frontier.next(); i >= 0; i = frontier.next()) {
    if (done(pointOf(i))) {
      const path: LatLon[] = [];
      for (let j = i; j !== -1; j = parent[j] as number) path.push(pointOf(j));
      return path.reverse();
    }
    const r = Math.floor(i / cols);
    const c = i % cols;
    for (const [dr, dc] of NEIGHBOURS) {
      const nr = r + dr;
      const nc = c + dc;
      if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
      const j = nr * cols + nc;
      if (parent[j] !== -2 || !isWater(j)) continue;
      // No corner cutting: a diagonal step needs both cells beside it to be water too.
      if (dr !== 0 && dc !== 0 && !(isWater(nr * cols + c) && isWater(r * cols + nc))) continue;
      if (fine.pathHitsLand(pointOf(i), pointOf(j), LEG_STEP_NM)) continue;
      parent[j] = i;
      frontier.add(j, i, dr, dc);
    }
  }
  return null;
}

/** The order searchWater visits cells in: the next cell (-1 when none is left), and a cell reached. */
interface Frontier {
  next(): number;
  add(cell: number, from: number, dr: number, dc: number): void;
}

class BreadthFirst implements Frontier {
  private readonly queue: number[];
  private head = 0;
  constructor(first: number) {
    this.queue = [first];
  }
  next(): number {
    return this.head < this.queue.length ? (this.queue[this.head++] as number) : -1;
  }
  add(cell: number): void {
    this.queue.push(cell);
  }
}

/**
 * A* over the cells, with costs in degrees of latitude (a step east is shorter by the cosine of
 * the latitude) and the straight-line distance to the target as the bound. A cell is entered
 * once, from the cell that first reached it (searchWater's parent), so this is best-first
 * towards the target, not an exact shortest path: the path is pulled taut afterwards.
 */
class BestFirst implements Frontier {
  private readonly heap = new NodeHeap();
  private readonly cost = new Map<number, number>();
  private readonly targetRow: number;
  private readonly targetCol: number;

  constructor(
    first: number,
    private readonly cols: number,
    private readonly step: number,
    private readonly cos: number,
    target: LatLon,
    lat0: number,
    lon0: number,
  ) {
    this.targetRow = (target.lat - lat0) / step;
    this.targetCol = (((((target.lon - lon0) % 360) + 540) % 360) - 180) / step;
    this.cost.set(first, 0);
    this.heap.push(first, this.bound(first));
  }

  next(): number {
    return this.heap.size > 0 ? this.heap.pop() : -1;
  }

  add(cell: number, from: number, dr: number, dc: number): void {
    const g = (this.cost.get(from) as number) + this.step * Math.hypot(dr, dc * this.cos);
    this.cost.set(cell, g);
    this.heap.push(cell, g + this.bound(cell));
  }

  private bound(cell: number): number {
    const dr = Math.floor(cell / this.cols) - this.targetRow;
    const dc = (cell % this.cols) - this.targetCol;
    return this.step * Math.hypot(dr, dc * this.cos);
  }
}

const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

const wrap = (lon: number) => (lon >= 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
