import { describe, expect, it } from "vitest";
import {
  compileGeometry,
  geometryContains,
  mergeIntervals,
  pointInPolygon,
  segmentInside,
} from "./geometry";
import { circle, corridor } from "./shapes";
import type { GeometrySpec, Vertex } from "./zone-spec";

// Expected values are worked out by hand from the shapes (squares, bands), not from the code.

function square(lat0: number, lon0: number, lat1: number, lon1: number): GeometrySpec {
  const v: Vertex[] = [
    [lat0, lon0, "S"],
    [lat0, lon1, "S"],
    [lat1, lon1, "S"],
    [lat1, lon0, "S"],
  ];
  return { kind: "polygons", parts: [{ vertices: v }] };
}

function inside(spec: GeometrySpec, a: [number, number], b: [number, number]): number[] {
  const out: number[] = [];
  // Segments are given as [lat, lon]; the geometry works in lon/lat with b unwrapped against a.
  let bx = b[1];
  while (bx - a[1] > 180) bx -= 360;
  while (bx - a[1] < -180) bx += 360;
  segmentInside(compileGeometry(spec), a[1], a[0], bx, b[0], out);
  return out;
}

describe("segmentInside on a square 0..2 x 0..2", () => {
  const sq = square(0, 0, 2, 2);

  it("cuts a crossing segment at both edges", () => {
    const parts = inside(sq, [1, -1], [1, 3]);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBeCloseTo(0.25, 12);
    expect(parts[1]).toBeCloseTo(0.75, 12);
  });

  it("returns [0, 1] for a segment wholly inside and nothing for one outside", () => {
    expect(inside(sq, [0.5, 0.5], [1.5, 1.5])).toEqual([0, 1]);
    expect(inside(sq, [3, 3], [4, 5])).toEqual([]);
  });

  it("handles a segment through a vertex and one along an edge", () => {
    // Through the corner (2, 2) diagonally: inside from the start to the corner.
    const diag = inside(sq, [1, 1], [3, 3]);
    expect(diag[0]).toBe(0);
    expect(diag[1]).toBeCloseTo(0.5, 12);
    // Touching only a corner from outside: nothing inside.
    expect(inside(sq, [3, 1], [1, 3])).toEqual([]);
  });

  it("enters and leaves a concave polygon twice", () => {
    // A "U" open to the north: x 0..3, the notch x 1..2 above y 1.
    const u: GeometrySpec = {
      kind: "polygons",
      parts: [
        {
          vertices: [
            [0, 0, "S"],
            [0, 3, "S"],
            [2, 3, "S"],
            [2, 2, "S"],
            [1, 2, "S"],
            [1, 1, "S"],
            [2, 1, "S"],
            [2, 0, "S"],
          ],
        },
      ],
    };
    const parts = inside(u, [1.5, -1], [1.5, 4]);
    expect(parts.map((t) => Number(t.toFixed(9)))).toEqual([0.2, 0.4, 0.6, 0.8]);
  });
});

describe("antimeridian and the pole", () => {
  it("finds a zone straddling 180 from either side", () => {
    const g = compileGeometry(square(10, 179, 12, -179));
    expect(geometryContains(g, 11, 179.5)).toBe(true);
    expect(geometryContains(g, 11, -179.5)).toBe(true);
    expect(geometryContains(g, 11, 178.5)).toBe(false);
    // A segment crossing the antimeridian inside the zone is inside all along.
    expect(inside(square(10, 179, 12, -179), [11, 179.2], [11, -179.2])).toEqual([0, 1]);
  });

  it("treats a ring round the pole as everything north of it, seams included", () => {
    // North of 70 N, written once round eastwards from 0 to 360.
    const ring: Vertex[] = [
      [70, 0, "S"],
      [70, 90, "S"],
      [70, 180, "S"],
      [70, -90, "S"],
    ];
    const spec: GeometrySpec = {
      kind: "polygons",
      parts: [{ vertices: ring, enclosesNorthPole: true }],
    };
    const g = compileGeometry(spec);
    for (const lon of [-179, -90, -1, 0, 1, 45, 179.9]) {
      expect(geometryContains(g, 75, lon)).toBe(true);
      expect(geometryContains(g, 65, lon)).toBe(false);
    }
    // Across the ring's seam at 0 degrees: no artificial exit and entry.
    expect(inside(spec, [80, -5], [80, 5])).toEqual([0, 1]);
    // Across the 70 N line.
    const parts = inside(spec, [60, 10], [80, 10]);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBeCloseTo(0.5, 12);
    expect(parts[1]).toBe(1);
  });

  it("computes a latitude band by its parallels", () => {
    const band: GeometrySpec = { kind: "band", south: -90, north: -60 };
    const parts = inside(band, [-55, 0], [-65, 10]);
    expect(parts[0]).toBeCloseTo(0.5, 12);
    expect(parts[1]).toBe(1);
    expect(inside(band, [-50, 0], [-59.9, 0])).toEqual([]);
  });
});

describe("mergeIntervals", () => {
  it("unites overlapping and touching pieces and keeps gaps", () => {
    const out: number[] = [];
    mergeIntervals([0.5, 0.7, 0, 0.2, 0.2, 0.3, 0.65, 0.9], out);
    expect(out).toEqual([0, 0.3, 0.5, 0.9]);
  });
});

describe("shapes", () => {
  it("makes a circle whose inside matches its radius", () => {
    const g = compileGeometry({ kind: "polygons", parts: [circle(40, -73, 20, "S")] });
    // 19.9 nm north of the centre is inside, 20.1 nm is outside (1 nm = 1/60 degree of
    // latitude to within 0.5 %).
    expect(geometryContains(g, 40 + 19.8 / 60, -73)).toBe(true);
    expect(geometryContains(g, 40 + 20.2 / 60, -73)).toBe(false);
  });

  it("makes a corridor of the given half-width", () => {
    const poly = compileGeometry({
      kind: "polygons",
      parts: [
        corridor(
          [
            [0, 0],
            [0, 1],
          ],
          3,
          "A",
        ),
      ],
    });
    if (poly.kind !== "polygons") throw new Error("expected polygons");
    const p = poly.polygons[0];
    if (p === undefined) throw new Error("no polygon");
    expect(pointInPolygon(0.5, 2.9 / 60, p)).toBe(true);
    expect(pointInPolygon(0.5, 3.1 / 60, p)).toBe(false);
  });
});
