import type { LandMask, LatLon } from "../geo/types";

/**
 * Port approaches. A port in a river or harbour basin is water only on the finer coastline, and
 * too far up-river for a straight leg to reach the navigation grid (Hamburg is ~55 nm up the
 * Elbe). A breadth-first search on a fine local grid (water decided by the fine coastline) finds
 * the way out to the first cell from which a grid node is in plain sight.
 */

export interface ApproachOptions {
  /** Fine cell size, degrees (default 0.005, about 0.3 nm: narrower than most port rivers). */
  stepDeg?: number;
  /** Half-size of the search window, degrees of latitude (default 1.0). */
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
  options: ApproachOptions = {},
): Approach | null {
  const step = options.stepDeg ?? 0.005;
  const half = options.windowDeg ?? 1.0;
  const cos = Math.max(0.2, Math.cos((port.lat * Math.PI) / 180));
  const rows = Math.round((2 * half) / step) + 1;
  const cols = Math.round((2 * half) / cos / step) + 1;
  const lat0 = port.lat - half;
  const lon0 = port.lon - half / cos;
  const at = (r: number, c: number): LatLon => ({
    lat: lat0 + r * step,
    lon: wrap(lon0 + c * step),
  });
  // -1 unknown, 0 land, 1 water (visited lazily: the search stays in the river's corridor).
  const water = new Int8Array(rows * cols).fill(-1);
  const parent = new Int32Array(rows * cols).fill(-2);
  const isWater = (i: number) => {
    if (water[i] === -1) water[i] = fine.isLand(at(Math.floor(i / cols), i % cols)) ? 0 : 1;
    return water[i] === 1;
  };
  const startR = Math.round((port.lat - lat0) / step);
  const startC = Math.round((port.lon - lon0) / step);
  const start = startR * cols + startC;
  parent[start] = -1;
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    const p = i === start ? port : at(Math.floor(i / cols), i % cols);
    const node = nodeAt(p);
    if (node >= 0 && !fine.pathHitsLand(p, nodePoint(node), 0.5)) return { points: trace(i), node };
    const r = Math.floor(i / cols);
    const c = i % cols;
    for (const [dr, dc] of NEIGHBOURS) {
      const nr = r + dr;
      const nc = c + dc;
      if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
      const j = nr * cols + nc;
      if (parent[j] !== -2 || !isWater(j)) continue;
      parent[j] = i;
      queue.push(j);
    }
  }
  return null;

  function trace(end: number): LatLon[] {
    const out: LatLon[] = [];
    for (let i = end; i !== -1; i = parent[i] as number)
      out.push(i === start ? port : at(Math.floor(i / cols), i % cols));
    return out.reverse();
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
