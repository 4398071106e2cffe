import { describe, expect, it } from "vitest";
import { buildLandMask } from "./land-mask";
import { seaParts, wrapAtAntimeridian } from "./sea-part";
import type { PolygonRings } from "./types";

const square = (x0: number, y0: number, x1: number, y1: number): PolygonRings => [
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ],
];

/** An island at lon/lat 0..1 with a lake at 0.4..0.6; a continent far away that the cut skips. */
const island: PolygonRings = [
  ...square(0, 0, 1, 1),
  [
    [0.4, 0.4],
    [0.6, 0.4],
    [0.6, 0.6],
    [0.4, 0.6],
    [0.4, 0.4],
  ],
];
const farAway = square(20, 20, 30, 30);
/** An island from 179.5E to 179.5W (Fiji-like), its ring jumping across the antimeridian twice. */
const straddling: PolygonRings = [
  [
    [179.5, 0.4],
    [-179.5, 0.4],
    [-179.5, 0.6],
    [179.5, 0.6],
    [179.5, 0.4],
  ],
];
/** Closed water over the island's eastern half and the sea beyond it. */
const closed = square(0.5, 0.2, 2, 0.8);

describe("seaParts", () => {
  it("keeps an island that closed water overlaps as land (parity would make it water)", () => {
    const naive = buildLandMask([island, farAway, closed], { source: "test" });
    // The flaw this module exists for: the overlap of two land rings counts twice, as water.
    expect(naive.isLand({ lat: 0.3, lon: 0.8 })).toBe(false);

    const parts = seaParts([closed], [island, farAway]);
    const mask = buildLandMask([island, farAway, ...parts.flat()], { source: "test" });
    expect(mask.isLand({ lat: 0.3, lon: 0.8 })).toBe(true); // island under the closed water
    expect(mask.isLand({ lat: 0.5, lon: 1.5 })).toBe(true); // closed water off the island
    expect(mask.isLand({ lat: 0.9, lon: 0.8 })).toBe(true); // island outside the closed water
    expect(mask.isLand({ lat: 0.5, lon: 2.5 })).toBe(false); // open sea
    expect(mask.isLand({ lat: 0.1, lon: 1.5 })).toBe(false); // open sea south of it
    expect(mask.isLand({ lat: 25, lon: 25 })).toBe(true); // the continent is untouched
  });

  it("closes the part of a lake that the closed water covers, and leaves the rest open", () => {
    const parts = seaParts([closed], [island]);
    const mask = buildLandMask([island, ...parts.flat()], { source: "test" });
    expect(mask.isLand({ lat: 0.5, lon: 0.55 })).toBe(true);
    expect(mask.isLand({ lat: 0.5, lon: 0.45 })).toBe(false);
  });

  it("returns the polygon unchanged when no land is near it", () => {
    const [part] = seaParts([closed], [farAway]);
    expect(part).toHaveLength(1);
    const mask = buildLandMask(part ?? [], { source: "test" });
    expect(mask.isLand({ lat: 0.5, lon: 1 })).toBe(true);
    expect(mask.isLand({ lat: 0.5, lon: 0.4 })).toBe(false);
  });

  it("cuts an island out of closed waters on both sides of it, however far apart they lie", () => {
    // Land is cut per group of nearby polygons (5-degree cells) and then per polygon: an island
    // across a cell boundary must come out of the polygons of both cells, and a continent far
    // away out of its own.
    const longIsland = square(4, 0, 6, 1);
    const west = square(4.5, 0.5, 5, 1.5);
    const east = square(5, 0.5, 5.5, 1.5);
    const far = square(24, 24, 26, 26);
    const parts = seaParts([west, east, far], [longIsland, farAway]);
    const mask = buildLandMask([longIsland, farAway, ...parts.flat()], { source: "test" });
    for (const lon of [4.75, 5.25]) {
      expect(mask.isLand({ lat: 0.75, lon })).toBe(true); // the island under the closed water
      expect(mask.isLand({ lat: 1.25, lon })).toBe(true); // closed water off it
    }
    expect(mask.isLand({ lat: 25, lon: 25 })).toBe(true); // the continent under the far one
    expect(mask.isLand({ lat: 1.25, lon: 6.5 })).toBe(false);
  });

  it("refuses polygons across the antimeridian and round Antarctica", () => {
    expect(() => seaParts([square(179, 0, 181, 1)], [])).toThrow(RangeError);
    expect(() => seaParts([square(0, -65, 1, -64)], [])).toThrow(RangeError);
    expect(seaParts([square(178.5, 0, 179.5, 1)], [])).toHaveLength(1);
  });

  it("cuts a land ring across the antimeridian out of closed waters on either side of it", () => {
    const west = square(179.2, 0.5, 179.8, 0.8);
    const east = square(-179.8, 0.5, -179.2, 0.8);
    const parts = seaParts([west, east], [straddling]);
    const mask = buildLandMask([straddling, ...parts.flat()], { source: "test" });
    for (const lon of [179.7, -179.7]) {
      expect(mask.isLand({ lat: 0.55, lon })).toBe(true); // the island under the closed water
      expect(mask.isLand({ lat: 0.7, lon })).toBe(true); // closed water off it
    }
    expect(mask.isLand({ lat: 0.3, lon: 179.7 })).toBe(false);
  });

  it("cuts a continent whose ring crosses the antimeridian far away out of a closed water", () => {
    // Like Afro-Eurasia at 1:10m, one ring that crosses the antimeridian at its far end (as in
    // Chukotka): left out of the cut, it would turn the coast under the closed water into water.
    const continent: PolygonRings = [
      [
        [-10, 0],
        [85, 0],
        [179, 0],
        [-179, 0],
        [-179, 10],
        [179, 10],
        [85, 10],
        [-10, 10],
        [-10, 0],
      ],
    ];
    const coastal = square(-11, 4, -9, 6);
    const parts = seaParts([coastal], [continent]);
    const mask = buildLandMask([continent, ...parts.flat()], { source: "test" });
    expect(mask.isLand({ lat: 5, lon: -9.5 })).toBe(true); // the coast under the closed water
    expect(mask.isLand({ lat: 5, lon: -10.5 })).toBe(true); // the closed water off it
    expect(mask.isLand({ lat: 5, lon: -11.5 })).toBe(false);
  });

  it("cuts nothing far away along a ring's edges that jump across the antimeridian", () => {
    // Taken as drawn, the island's jump edges would run across every longitude at 0.4N and 0.6N.
    const [part] = seaParts([closed], [straddling]);
    const mask = buildLandMask(part ?? [], { source: "test" });
    expect(mask.isLand({ lat: 0.5, lon: 1 })).toBe(true);
  });
});

describe("wrapAtAntimeridian", () => {
  /** Shoelace area of every ring, summed (the test's rings have no holes). */
  const area = (polygons: PolygonRings[]) => {
    let sum = 0;
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i++) {
        const [x0, y0] = ring[i - 1] as [number, number];
        const [x1, y1] = ring[i] as [number, number];
        sum += (x0 * y1 - x1 * y0) / 2;
      }
    }
    return Math.abs(sum);
  };

  it("cuts a band running past 180 there and brings its far part round from -180", () => {
    // A band from 179.9E to 180.1 in the plane it was drawn in, over the island's lagoon latitude.
    const band = square(179.9, 0.45, 180.1, 0.55);
    const wrapped = wrapAtAntimeridian([band]);
    expect(wrapped).toHaveLength(2);
    for (const p of wrapped) {
      for (const [x] of p.flat()) {
        expect(x).toBeGreaterThanOrEqual(-180);
        expect(x).toBeLessThanOrEqual(180);
      }
    }
    expect(area(wrapped)).toBeCloseTo(area([band]), 9);
    // The pieces go through the land cut and into a mask, and close the water on both sides.
    const parts = seaParts(wrapped, [straddling]);
    const mask = buildLandMask([straddling, ...parts.flat()], { source: "test" });
    expect(mask.isLand({ lat: 0.5, lon: 179.95 })).toBe(true);
    expect(mask.isLand({ lat: 0.5, lon: -179.95 })).toBe(true);
    expect(mask.isLand({ lat: 0.5, lon: -179.85 })).toBe(true); // the island
    expect(mask.isLand({ lat: 0.3, lon: -179.95 })).toBe(false);
  });

  it("merges a wrapped piece with a band already on that side, and brings -180's overhang east", () => {
    const east = square(-179.95, 1, -179.9, 1.2);
    const overhang = square(-180.05, 1.1, -179.92, 1.15); // overlaps `east`, runs past -180
    const wrapped = wrapAtAntimeridian([east, overhang]);
    // -180..-179.9 merged into one polygon, and 179.95..180 wrapped from -180.05..-180.
    expect(wrapped).toHaveLength(2);
    const boxes = wrapped.map((p) => {
      const xs = p.flat().map(([x]) => x);
      return [Math.min(...xs), Math.max(...xs)];
    });
    expect(boxes).toContainEqual([-180, -179.9]);
    expect(boxes.find(([x0]) => (x0 as number) > 0)?.[0]).toBeCloseTo(179.95, 9);
  });

  it("returns polygons within -180..180 as they are", () => {
    const inside = [square(179, 0, 180, 1), square(-180, 2, -179, 3)];
    expect(wrapAtAntimeridian(inside)).toEqual(inside);
  });
});
