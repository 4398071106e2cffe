/**
 * Probes for whether a strait or canal is open water in a land mask: a sea point on each side and
 * a box around the passage; open when a lattice walk inside the box gets from one to the other
 * through sea points joined by land-free paths. A walk found is a proof (it is a real water path
 * in the mask); "closed" is only as sure as the lattice is fine (steps of 0.2-0.6 nm here).
 */
import type { LandMask, LatLon } from "../services/engine/geo/types";

export interface StraitProbe {
  name: string;
  /** Open water on either side, [lat, lon]. */
  a: [number, number];
  b: [number, number];
  /** [south, west, north, east] in degrees. */
  box: [number, number, number, number];
  /** Lattice step in degrees. */
  stepDeg: number;
}

export const STRAIT_PROBES: readonly StraitProbe[] = [
  { name: "Dover", a: [50.75, 1.2], b: [51.25, 2.0], box: [50.6, 0.9, 51.4, 2.3], stepDeg: 0.01 },
  {
    name: "Gibraltar",
    a: [35.95, -6.0],
    b: [36.0, -5.2],
    box: [35.7, -6.2, 36.2, -5.1],
    stepDeg: 0.005,
  },
  {
    name: "Bosporus",
    a: [40.98, 29.0],
    b: [41.28, 29.15],
    box: [40.95, 28.9, 41.3, 29.25],
    stepDeg: 0.002,
  },
  {
    name: "Dardanelles",
    a: [40.0, 26.15],
    b: [40.45, 26.85],
    box: [39.95, 26.1, 40.5, 26.9],
    stepDeg: 0.003,
  },
  {
    name: "Øresund",
    a: [55.4, 12.75],
    b: [56.15, 12.55],
    box: [55.3, 12.3, 56.2, 13.0],
    stepDeg: 0.004,
  },
  {
    name: "Singapore",
    a: [1.2, 103.65],
    b: [1.25, 104.25],
    box: [1.1, 103.6, 1.4, 104.3],
    stepDeg: 0.003,
  },
  {
    name: "Malacca",
    a: [3.3, 100.7],
    b: [1.8, 102.3],
    box: [1.5, 100.5, 3.5, 102.5],
    stepDeg: 0.01,
  },
  {
    name: "Hormuz",
    a: [25.8, 57.0],
    b: [26.3, 55.8],
    box: [25.5, 55.5, 27.2, 57.2],
    stepDeg: 0.01,
  },
  {
    name: "Bab-el-Mandeb",
    a: [12.5, 43.6],
    b: [13.05, 42.95],
    box: [12.3, 42.9, 13.15, 43.7],
    stepDeg: 0.005,
  },
  {
    name: "Magellan",
    a: [-52.4, -68.3],
    b: [-52.7, -74.6],
    box: [-54.2, -75.0, -52.2, -68.2],
    stepDeg: 0.01,
  },
  {
    name: "Torres",
    a: [-10.5, 141.6],
    b: [-10.0, 143.3],
    box: [-11.0, 141.5, -9.0, 143.5],
    stepDeg: 0.01,
  },
  {
    name: "Suez Canal",
    a: [31.3, 32.35],
    b: [29.85, 32.55],
    box: [29.8, 32.1, 31.4, 32.7],
    stepDeg: 0.003,
  },
  {
    name: "Panama Canal",
    a: [9.42, -79.92],
    b: [8.85, -79.52],
    box: [8.8, -80.0, 9.45, -79.45],
    stepDeg: 0.003,
  },
  {
    name: "Kiel Canal",
    a: [54.42, 10.2],
    b: [53.9, 8.85],
    box: [53.8, 8.7, 54.5, 10.3],
    stepDeg: 0.003,
  },
];

interface Lattice {
  count: number;
  point(i: number): LatLon;
  neighbours(i: number): number[];
  indexOf(p: [number, number]): number;
}

function lattice(probe: StraitProbe): Lattice {
  const [south, west, north, east] = probe.box;
  const step = probe.stepDeg;
  const nx = Math.round((east - west) / step) + 1;
  const ny = Math.round((north - south) / step) + 1;
  return {
    count: nx * ny,
    point: (i) => ({ lat: south + Math.floor(i / nx) * step, lon: west + (i % nx) * step }),
    neighbours(i) {
      const x = i % nx;
      const y = (i - x) / nx;
      const out: number[] = [];
      if (x > 0) out.push(i - 1);
      if (x < nx - 1) out.push(i + 1);
      if (y > 0) out.push(i - nx);
      if (y < ny - 1) out.push(i + nx);
      return out;
    },
    indexOf: ([lat, lon]) =>
      Math.round((lat - south) / step) * nx + Math.round((lon - west) / step),
  };
}

/** "open", "closed", or which probe end lies on land (then the probe says nothing). */
export function straitStatus(
  mask: LandMask,
  probe: StraitProbe,
): "open" | "closed" | "end on land" {
  const l = lattice(probe);
  const from = l.indexOf(probe.a);
  const to = l.indexOf(probe.b);
  if (mask.isLand(l.point(from)) || mask.isLand(l.point(to))) return "end on land";
  const seen = new Uint8Array(l.count);
  const stack = [from];
  seen[from] = 1;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    if (i === to) return "open";
    for (const j of l.neighbours(i)) {
      if (seen[j] !== 0) continue;
      seen[j] = 1;
      const q = l.point(j);
      if (!mask.isLand(q) && !mask.pathHitsLand(l.point(i), q)) stack.push(j);
      else if (!mask.isLand(q)) seen[j] = 0; // reachable later from another side
    }
  }
  return "closed";
}

/**
 * The widest way through: the largest clearance c such that a lattice walk from a to b exists
 * through points at least c from the coast (about half the narrowest width); -1 when closed.
 */
export function bottleneckClearanceNm(mask: LandMask, probe: StraitProbe, capNm = 20): number {
  const l = lattice(probe);
  const from = l.indexOf(probe.a);
  const to = l.indexOf(probe.b);
  const clearance = new Float64Array(l.count).fill(-1);
  const order: number[] = [];
  for (let i = 0; i < l.count; i++) {
    const p = l.point(i);
    if (mask.isLand(p)) continue;
    clearance[i] =
      i === from || i === to ? Number.POSITIVE_INFINITY : mask.distanceToCoastNm(p, capNm);
    order.push(i);
  }
  order.sort((i, j) => (clearance[j] as number) - (clearance[i] as number));
  // Add points widest first, joining them to added neighbours (union-find); the clearance of the
  // point that first joins a and b is the bottleneck.
  const parent = new Int32Array(l.count).fill(-1);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  for (const i of order) {
    parent[i] = i;
    for (const j of l.neighbours(i)) {
      if (parent[j] === -1 || mask.pathHitsLand(l.point(i), l.point(j))) continue;
      parent[root(i)] = root(j);
    }
    if (parent[from] !== -1 && parent[to] !== -1 && root(from) === root(to)) {
      return clearance[i] as number;
    }
  }
  return -1;
}
