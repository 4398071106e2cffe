import type { LandMask, LatLon } from "../geo/types";
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

/** A water path from a to b (both ends included), simplified; null if the fine coastline closes it. */
export function threadWater(
  a: LatLon,
  b: LatLon,
  fine: LandMask,
  stepDeg = 0.005,
): LatLon[] | null {
  const span = Math.max(Math.abs(a.lat - b.lat), Math.abs(a.lon - b.lon)) + 0.1;
  const points = searchWater(
    a,
    fine,
    { stepDeg, windowDeg: span },
    (p) => !fine.pathHitsLand(p, b, 0.2),
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
  const queue = [first];
  const pointOf = (i: number) => (i === first ? start : at(Math.floor(i / cols), i % cols));
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
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
      queue.push(j);
    }
  }
  return null;
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
