import { describe, expect, it } from "vitest";
import { distanceNm } from "./geodesic";
import { buildLandMask, landMaskFromParts } from "./land-mask";
import { buildLandMaskParts, type LandMaskParts } from "./land-mask-parts";
import type { LandMask, PolygonRings } from "./types";

// Small hand-made coastlines in world-atlas's conventions; the Natural Earth data is tested in
// services/geodata. Coordinates in rings are [lon, lat]; queries are { lat, lon }.

/** A 1 x 1 degree island at lon 0..1, lat 0..1 with a lake (lon/lat 0.4..0.6), on cell lines. */
const island: PolygonRings = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [0, 0],
  ],
  [
    [0.4, 0.4],
    [0.6, 0.4],
    [0.6, 0.6],
    [0.4, 0.6],
    [0.4, 0.4],
  ],
];

/** An island straddling the antimeridian as one spherical ring (lon 179..-179, lat 10..12). */
const straddling: PolygonRings = [
  [
    [179, 10],
    [-179, 10],
    [-179, 12],
    [179, 12],
    [179, 10],
  ],
];

/** The same kind of island cut at the antimeridian into two polygons (lat 20..22). */
const cutWest: PolygonRings = [
  [
    [178, 20],
    [180, 20],
    [180, 22],
    [178, 22],
    [178, 20],
  ],
];
const cutEast: PolygonRings = [
  [
    [-180, 20],
    [-178, 20],
    [-178, 22],
    [-180, 22],
    [-180, 20],
  ],
];

/** A polar continent: one ring winding once around the South Pole at 70S, like Antarctica. */
const polar: PolygonRings = [
  [...Array.from({ length: 36 }, (_, i) => [-180 + 10 * i, -70] as [number, number]), [-180, -70]],
  // The zero-area ring at -89.999 that world-atlas 50m carries; it must not make the pole water.
  [
    [-180, -89.999],
    [90, -89.999],
    [0, -89.999],
    [-90, -89.999],
    [-180, -89.999],
  ],
];

const world = [island, straddling, cutWest, cutEast, polar];

const CELL_SIZES = [0.1, 0.25, 1, 5];

function masks(): Array<readonly [string, LandMask]> {
  // The answers must not depend on the grid: exact tests, whatever the cell size. A mask made
  // from parts computed beforehand (copied, as a cache would hand them back) must answer alike.
  return CELL_SIZES.flatMap((cellDeg) => [
    [`${cellDeg} degree grid`, buildLandMask(world, { source: "test", cellDeg })] as const,
    [`${cellDeg} degree grid, from its parts`, landMaskFromParts("test", copied(cellDeg))] as const,
  ]);
}

function copied(cellDeg: number): LandMaskParts {
  const { edges, grid, reach } = buildLandMaskParts(world, cellDeg);
  return {
    edges: { ...edges, xy: edges.xy.slice() },
    grid: {
      ...grid,
      cells: grid.cells.slice(),
      edgeStart: grid.edgeStart.slice(),
      edgeIds: grid.edgeIds.slice(),
    },
    reach: reach.slice(),
  };
}

describe.each(masks())("land mask on a %s", (_cellDeg, mask) => {
  it("tells land, lakes and sea apart", () => {
    expect(mask.isLand({ lat: 0.2, lon: 0.5 })).toBe(true);
    expect(mask.isLand({ lat: 0.5, lon: 0.5 })).toBe(false); // the lake
    expect(mask.isLand({ lat: 0.5, lon: 1.5 })).toBe(false);
    expect(mask.isLand({ lat: -0.0001, lon: 0.5 })).toBe(false);
    expect(mask.isLand({ lat: 0.0001, lon: 0.5 })).toBe(true);
  });

  it("counts points exactly on a coastline as land", () => {
    expect(mask.isLand({ lat: 0, lon: 0.5 })).toBe(true);
    expect(mask.isLand({ lat: 0.3, lon: 1 })).toBe(true);
    expect(mask.isLand({ lat: 0, lon: 0 })).toBe(true);
    expect(mask.isLand({ lat: 0.4, lon: 0.5 })).toBe(true); // the lake shore
  });

  it("handles an island across the antimeridian, given as one ring", () => {
    for (const lon of [179.5, -179.5, -180, 180, 179.999999]) {
      expect(mask.isLand({ lat: 11, lon })).toBe(true);
    }
    expect(mask.isLand({ lat: 11, lon: 178.9 })).toBe(false);
    expect(mask.isLand({ lat: 11, lon: -178.9 })).toBe(false);
    expect(mask.isLand({ lat: 9, lon: -180 })).toBe(false);
  });

  it("joins an island cut at the antimeridian, and does not treat the cut as coast", () => {
    for (const lon of [179.9, -180, -179.9]) expect(mask.isLand({ lat: 21, lon })).toBe(true);
    // Nearest real coast is 1 degree north or south (60 nm), not the cut at 0 nm.
    expect(mask.distanceToCoastNm({ lat: 21, lon: -180 }, 200)).toBeCloseTo(60, 0);
    expect(mask.pathHitsLand({ lat: 21, lon: 177 }, { lat: 21, lon: -177 })).toBe(true);
    expect(mask.pathHitsLand({ lat: 23, lon: 177 }, { lat: 23, lon: -177 })).toBe(false);
  });

  it("makes a ring around the South Pole a polar continent", () => {
    expect(mask.isLand({ lat: -80, lon: 0 })).toBe(true);
    expect(mask.isLand({ lat: -71, lon: -180 })).toBe(true);
    expect(mask.isLand({ lat: -90, lon: 0 })).toBe(true);
    expect(mask.isLand({ lat: -89.9995, lon: 45 })).toBe(true);
    expect(mask.isLand({ lat: -60, lon: 0 })).toBe(false);
    expect(mask.isLand({ lat: 90, lon: 0 })).toBe(false);
    expect(mask.isLand({ lat: 0, lon: 100 })).toBe(false);
  });

  it("finds paths over land, including ones that only touch it", () => {
    expect(mask.pathHitsLand({ lat: 0.5, lon: -1 }, { lat: 0.5, lon: 2 })).toBe(true);
    expect(mask.pathHitsLand({ lat: 2, lon: -1 }, { lat: 2, lon: 2 })).toBe(false);
    expect(mask.pathHitsLand({ lat: 0.2, lon: 0.2 }, { lat: 3, lon: 3 })).toBe(true); // starts on land
    expect(mask.pathHitsLand({ lat: 3, lon: 3 }, { lat: 0.2, lon: 0.2 })).toBe(true); // ends on land
    expect(mask.pathHitsLand({ lat: 0.2, lon: 0.2 }, { lat: 0.3, lon: 0.3 })).toBe(true); // all land
    // A piece shorter than the step is the straight chord, here through the corner (0, 0).
    expect(mask.pathHitsLand({ lat: -0.01, lon: 0.01 }, { lat: 0.01, lon: -0.01 })).toBe(true);
    expect(mask.pathHitsLand({ lat: -0.01, lon: 0.01 }, { lat: -0.001, lon: 0.03 })).toBe(false);
    // Within the lake.
    expect(mask.pathHitsLand({ lat: 0.45, lon: 0.45 }, { lat: 0.55, lon: 0.55 })).toBe(false);
  });

  it("finds an island near either end or in the middle of a long path, whichever way it runs", () => {
    // The walk strides over open ocean from both ends; the island (lon 0..1) must be found
    // wherever along a 2,400 nm path it lies, and a path passing it must stay clear.
    for (const [west, east] of [
      [-0.5, 40],
      [-20, 20],
      [-40, 0.5],
    ] as const) {
      const a = { lat: 0.5, lon: west };
      const b = { lat: 0.5, lon: east };
      expect(mask.pathHitsLand(a, b), `${west} -> ${east}`).toBe(true);
      expect(mask.pathHitsLand(b, a), `${east} -> ${west}`).toBe(true);
      expect(mask.pathHitsLand({ ...a, lat: 1.2 }, { ...b, lat: 1.2 }), `${west} clear`).toBe(
        false,
      );
    }
  });

  it("finds paths over land across the antimeridian and near the pole", () => {
    expect(mask.pathHitsLand({ lat: 11, lon: 175 }, { lat: 11, lon: -175 })).toBe(true);
    expect(mask.pathHitsLand({ lat: 14, lon: 175 }, { lat: 14, lon: -175 })).toBe(false);
    expect(mask.pathHitsLand({ lat: -60, lon: 0 }, { lat: -75, lon: 0 })).toBe(true);
    // The great circle dips to 67.8S between these points: clear of a coast at 70S.
    expect(mask.pathHitsLand({ lat: -60, lon: 0 }, { lat: -60, lon: 90 })).toBe(false);
    expect(mask.pathHitsLand({ lat: -65, lon: 0 }, { lat: -65, lon: 90 })).toBe(true);
  });

  it("measures the distance to the nearest coastline, capped", () => {
    // 10 nm west of the island's west coast (lon 0) at 0.5N.
    const off = { lat: 0.5, lon: -10 / (60 * Math.cos((0.5 * Math.PI) / 180)) };
    expect(mask.distanceToCoastNm(off, 50)).toBeCloseTo(10, 2);
    expect(mask.distanceToCoastNm(off, 5)).toBe(5);
    expect(mask.distanceToCoastNm({ lat: 0.2, lon: 0.2 }, 50)).toBeCloseTo(12, 1);
    expect(mask.distanceToCoastNm({ lat: 0, lon: 0.5 }, 50)).toBe(0);
  });

  it("snaps a point on land to nearby open water with clearance", () => {
    const p = { lat: 0.5, lon: 0.05 }; // 3 nm inside the west coast
    const snapped = mask.nearestSea(p, 10);
    expect(snapped).not.toBeNull();
    if (snapped === null) return;
    expect(mask.isLand(snapped.point)).toBe(false);
    expect(mask.distanceToCoastNm(snapped.point, 5)).toBeGreaterThan(0.45);
    expect(snapped.point.lon).toBeLessThan(0);
    expect(snapped.distance_nm).toBeGreaterThan(3);
    expect(snapped.distance_nm).toBeLessThan(4);
    expect(snapped.distance_nm).toBeCloseTo(distanceNm(p, snapped.point), 9);
    expect(mask.pathHitsLand(snapped.point, { lat: 0.5, lon: -1 })).toBe(false);
  });

  it("returns a sea point itself, and null when no sea is near enough", () => {
    expect(mask.nearestSea({ lat: 5, lon: 5 }, 10)).toEqual({
      point: { lat: 5, lon: 5 },
      distance_nm: 0,
    });
    expect(mask.nearestSea({ lat: 0.5, lon: 0.05 }, 2)).toBeNull();
    expect(mask.nearestSea({ lat: -85, lon: 0 }, 50)).toBeNull();
  });

  it("snaps past a corner of the water when the corner is the nearest water", () => {
    // 3 nm south and 3 nm west of the lake's south-western corner: no edge's normal points at
    // it, and one clearance past the corner is still within a clearance of both its edges.
    const snapped = mask.nearestSea({ lat: 0.35, lon: 0.35 }, 30);
    expect(snapped?.point.lat).toBeGreaterThan(0.4);
    expect(snapped?.point.lon).toBeGreaterThan(0.4);
    expect(mask.distanceToCoastNm(snapped?.point ?? { lat: 0, lon: 0 }, 5)).toBeGreaterThan(0.45);
    // The corner is 4.24 nm off; a clear point 0.5 nm from both edges lies 0.71 nm past it.
    expect(snapped?.distance_nm).toBeGreaterThan(4.9);
    expect(snapped?.distance_nm).toBeLessThan(5.6);
  });

  it("snaps within a mile of the nearest water that keeps the clearance, wherever the point is", () => {
    // Against a brute-force search on a 0.1 nm raster, for points all over the island (its lake
    // and its coast at every angle, corners included).
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 40; i++) {
      const p = { lat: 0.02 + 0.96 * next(), lon: 0.02 + 0.96 * next() };
      if (!mask.isLand(p)) continue;
      const snapped = mask.nearestSea(p, 40);
      let brute = Number.POSITIVE_INFINITY;
      const reach = Math.min(40, (snapped?.distance_nm ?? 40) + 0.2);
      for (let dy = -reach; dy <= reach; dy += 0.1) {
        for (let dx = -reach; dx <= reach; dx += 0.1) {
          const d = Math.hypot(dx, dy);
          if (d > reach || d >= brute) continue;
          const q = { lat: p.lat + dy / 60, lon: p.lon + dx / 60 };
          if (!mask.isLand(q) && mask.distanceToCoastNm(q, 0.5) >= 0.5) brute = d;
        }
      }
      expect(snapped, JSON.stringify(p)).not.toBeNull();
      expect(snapped?.distance_nm, JSON.stringify(p)).toBeLessThan(brute + 1);
    }
  });

  it("counts a lake as water when snapping (it is water in the polygons)", () => {
    const snapped = mask.nearestSea({ lat: 0.5, lon: 0.39 }, 30);
    expect(snapped?.point.lon).toBeGreaterThan(0.4);
  });
});

describe("buildLandMask", () => {
  it("keeps the source name and rejects a cell size that does not divide 180", () => {
    expect(buildLandMask(world, { source: "hand-made" }).source).toBe("hand-made");
    expect(() => buildLandMask(world, { source: "x", cellDeg: 0.7 })).toThrow(RangeError);
  });
});

describe("landMaskFromParts", () => {
  it("keeps the source name, and refuses parts that do not fit together", () => {
    expect(landMaskFromParts("kept", copied(1)).source).toBe("kept");
    const broken: Array<[string, (p: LandMaskParts) => void]> = [
      ["an edge id past the edges", (p) => p.grid.edgeIds.fill(p.edges.count, 0, 1)],
      ["a coast cell without edges", (p) => p.grid.cells.fill(2, 0, 1)],
      [
        "sea reach over land",
        (p) => p.reach.fill(3, p.grid.cells.indexOf(1), p.grid.cells.indexOf(1) + 1),
      ],
      ["a coordinate off the globe", (p) => p.edges.xy.fill(Number.NaN, 5, 6)],
      ["a decreasing edge list offset", (p) => p.grid.edgeStart.fill(1e6, 1, 2)],
    ];
    for (const [what, damage] of broken) {
      const parts = copied(1);
      damage(parts);
      expect(() => landMaskFromParts("x", parts), what).toThrow(RangeError);
    }
    const short = copied(1);
    expect(() =>
      landMaskFromParts("x", {
        ...short,
        grid: { ...short.grid, cells: short.grid.cells.subarray(1) },
      }),
    ).toThrow(RangeError);
    expect(() =>
      landMaskFromParts("x", { ...short, edges: { ...short.edges, count: short.edges.count + 1 } }),
    ).toThrow(RangeError);
  });
});
