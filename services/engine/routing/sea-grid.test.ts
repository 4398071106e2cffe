import { describe, expect, it } from "vitest";
import { buildLandMask } from "../geo/land-mask";
import type { PolygonRings } from "../geo/types";
import { courseDeg, greatCircleNm, SeaGrid } from "./sea-grid";

/**
 * The search graph of the sea grid: open water stepped two cells at a time from the even-row,
 * even-column "lattice" nodes, single steps near coasts. Whatever the steps, the search must
 * reach exactly the water the plain 8-neighbour grid reaches, and never step onto land.
 */

const box = (lon0: number, lat0: number, lon1: number, lat1: number): PolygonRings => [
  [
    [lon0, lat0],
    [lon1, lat0],
    [lon1, lat1],
    [lon0, lat1],
    [lon0, lat0],
  ],
];

// A continent with a bay, islands of several sizes, one near the antimeridian, and an enclosed
// lake of sea (a ring of land round open water), on a 1-degree grid.
const world: PolygonRings[] = [
  box(0, -30, 40, 30),
  box(40, 10, 60, 30), // the bay lies between this arm and the next
  box(40, -30, 60, -10),
  box(-30, 5, -27, 8),
  box(-20, -4, -19, -3),
  box(176, 40, 180, 44),
  box(100, 20, 130, 22),
  box(100, 38, 130, 40),
  box(100, 22, 102, 38),
  box(128, 22, 130, 38),
];
const grid = new SeaGrid(buildLandMask(world, { source: "test", cellDeg: 0.5 }), {
  cellDeg: 1,
  maxAbsLat: 70,
});

function reachable(
  from: number,
  neighbours: (node: number, visit: (nb: number) => void) => void,
): Set<number> {
  const seen = new Set([from]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    neighbours(queue[head] as number, (nb) => {
      if (seen.has(nb)) return;
      seen.add(nb);
      queue.push(nb);
    });
  }
  return seen;
}

const nodeAt = (lat: number, lon: number) => grid.cellOf({ lat, lon });

describe("sea grid search graph", () => {
  const start = nodeAt(-45.5, -150.5);

  it("reaches the water the plain 8-neighbour grid reaches, within a cell of every node", () => {
    expect(grid.isNode(start)).toBe(true);
    const plain = reachable(start, (n, visit) => grid.forEachSeaNeighbour(n, visit));
    const search = reachable(start, (n, visit) => grid.forEachNeighbour(n, visit));
    expect(plain.size).toBeGreaterThan(20_000);
    // The enclosed lake is reached by neither.
    expect(plain.has(nodeAt(30.5, 115.5))).toBe(false);
    expect([...search].filter((n) => !plain.has(n))).toEqual([]);
    // What the search passes over is open water off the lattice, and a neighbour of it is
    // reached (a route's end attaches to every node within 45 nm, so it always finds one).
    const passedOver = [...plain].filter((n) => !search.has(n));
    expect(passedOver.length).toBeGreaterThan(0);
    for (const n of passedOver) {
      expect(grid.isOpen(n) && !grid.isLattice(n)).toBe(true);
      let reachedNeighbour = false;
      grid.forEachSeaNeighbour(n, (nb) => {
        if (search.has(nb)) reachedNeighbour = true;
      });
      expect(reachedNeighbour).toBe(true);
    }
    // Every coastal node (near land, single steps) that the plain grid reaches, the search does.
    expect([...plain].filter((n) => !grid.isOpen(n) && !search.has(n))).toEqual([]);
  });

  it("keeps the lattice out of a closed node's neighbourhood", () => {
    const g = new SeaGrid(buildLandMask(world, { source: "test", cellDeg: 0.5 }), {
      cellDeg: 1,
      maxAbsLat: 70,
    });
    const node = nodeAt(-41.5, -121.5);
    expect(g.isLattice(node)).toBe(true);
    g.close(node);
    expect(g.isNode(node)).toBe(false);
    let onto = 0;
    for (let n = 0; n < g.size; n++) {
      if (!g.isNode(n)) continue;
      g.forEachNeighbour(n, (nb) => {
        if (nb === node) onto++;
      });
    }
    expect(onto).toBe(0);
  });

  it("routes beyond its latitude limit only inside the polar windows, northern latitudes only", () => {
    const g = new SeaGrid(buildLandMask(world, { source: "test", cellDeg: 0.5 }), {
      cellDeg: 1,
      maxAbsLat: 70,
      polarWindows: [
        { id: "w", name: "window", westLon: -60, eastLon: -50, maxLat: 78, reason: "test" },
      ],
    });
    const node = (lat: number, lon: number) => g.isNode(g.cellOf({ lat, lon }));
    expect(node(69.5, -100.5)).toBe(true); // below the limit: everywhere
    expect(node(75.5, -55.5)).toBe(true); // in the window
    expect(node(77.5, -50.5)).toBe(true);
    expect(node(75.5, -61.5)).toBe(false); // beside it
    expect(node(75.5, -48.5)).toBe(false);
    expect(node(78.5, -55.5)).toBe(false); // beyond its latitude
    expect(node(-75.5, -55.5)).toBe(false); // and never in the south
  });

  it("steps two cells at a time (and by knight's moves) in open water and one cell near a coast, never onto land", () => {
    // Checked by hand and collected: an expect() per edge would take longer than the walk.
    const wrong: string[] = [];
    let twoCell = 0;
    let oneCell = 0;
    let stuck = 0;
    for (let node = 0; node < grid.size; node++) {
      if (!grid.isNode(node)) continue;
      let count = 0;
      grid.forEachNeighbour(node, (nb, lengthNm, direction) => {
        count++;
        const a = grid.pointOf(node);
        const b = grid.pointOf(nb);
        const dy = Math.abs(Math.floor(nb / grid.nx) - Math.floor(node / grid.nx));
        // 0-7 single steps, 8-15 two-cell steps, 16-23 knight's moves (4 x 2 or 2 x 4 cells).
        const rows = direction >= 16 ? [2, 4] : direction >= 8 ? [0, 2] : [0, 1];
        if (direction >= 8) twoCell++;
        else oneCell++;
        if (!grid.isNode(nb)) wrong.push(`${node}->${nb} onto land`);
        if (!rows.includes(dy))
          wrong.push(`${node}->${nb} direction ${direction} spans ${dy} rows`);
        if (Math.abs(lengthNm - greatCircleNm(a.lat, a.lon, b.lat, b.lon)) > 1e-6)
          wrong.push(`${node}->${nb} length ${lengthNm}`);
        if (Math.abs(grid.courseOf(node, direction) - courseDeg(a.lat, a.lon, b.lat, b.lon)) > 1e-6)
          wrong.push(`${node}->${nb} course ${grid.courseOf(node, direction)}`);
        if (direction >= 8 && !grid.isLattice(node)) wrong.push(`${node} off the lattice steps 2`);
        if (direction >= 16 && !grid.isLattice(nb))
          wrong.push(`${node}->${nb} knight off the lattice`);
      });
      if (count === 0) stuck++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(twoCell).toBeGreaterThan(oneCell / 2);
    // Every node of water has a way on (the lake's too, within the lake).
    expect(stuck).toBe(0);
    // Beside the continent's coast: single steps only.
    const directions: number[] = [];
    grid.forEachNeighbour(nodeAt(0.5, -0.5), (_nb, _l, direction) => directions.push(direction));
    expect(directions.length).toBeGreaterThan(0);
    expect(directions.every((d) => d < 8)).toBe(true);
  });

  it("relaxed grid (the landmarks' bounds) has every step the search takes, or a shorter way", () => {
    // The landmark bound is admissible only if no search step is shorter than the relaxed
    // grid's distance between its ends: the knight's moves are, so the relaxed grid has them.
    const relaxed = new Map<number, number>();
    const wrong: string[] = [];
    let knights = 0;
    for (let node = 0; node < grid.size; node++) {
      if (!grid.isNode(node)) continue;
      relaxed.clear();
      grid.forEachSeaNeighbour(node, (nb, len) => relaxed.set(nb, len));
      grid.forEachNeighbour(node, (nb, len, direction) => {
        if (direction >= 16) knights++;
        if (direction >= 8 && direction < 16) return; // two single steps of (nearly) equal length
        const r = relaxed.get(nb);
        if (r === undefined || r > len + 1e-9) wrong.push(`${node}->${nb} direction ${direction}`);
      });
    }
    expect(knights).toBeGreaterThan(0);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("lists the sea nodes within a radius of a point, across the antimeridian, and no others", () => {
    for (const [p, radius] of [
      [{ lat: 42, lon: 179.6 }, 300], // beside the island at the antimeridian, wrapping round it
      [{ lat: 0, lon: -19.5 }, 150], // round a one-degree island
      [{ lat: 60, lon: -10 }, 500], // far north, where a degree of longitude is short
    ] as const) {
      const listed = new Set(grid.nodesWithin(p, radius));
      const expected: number[] = [];
      for (let node = 0; node < grid.size; node++) {
        const q = grid.pointOf(node);
        if (grid.isNode(node) && greatCircleNm(p.lat, p.lon, q.lat, q.lon) <= radius) {
          expected.push(node);
        }
      }
      expect(expected.length).toBeGreaterThan(10);
      expect([...listed].sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it("leads into an open-water node off the lattice from the lattice nodes beside it, and only there", () => {
    let entered = 0;
    for (let node = 0; node < grid.size; node++) {
      if (!grid.isNode(node)) continue;
      const entries: number[] = [];
      grid.forEachLatticeEntry(node, (from) => entries.push(from));
      if (!grid.isOpen(node) || grid.isLattice(node)) {
        expect(entries).toEqual([]);
        continue;
      }
      // Each entry is a lattice node one step away whose own steps do not lead here.
      const own = new Set<number>();
      grid.forEachNeighbour(node, (nb) => own.add(nb));
      for (const from of entries) {
        expect(grid.isLattice(from)).toBe(true);
        expect(own.has(from)).toBe(true);
        const out: number[] = [];
        grid.forEachNeighbour(from, (nb) => out.push(nb));
        expect(out).not.toContain(node);
      }
      expect(entries.length).toBeGreaterThan(0);
      entered++;
    }
    expect(entered).toBeGreaterThan(100);
  });
});
