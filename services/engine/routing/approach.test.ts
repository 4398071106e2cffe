import { describe, expect, it } from "vitest";
import { distanceNm } from "../geo/geodesic";
import { buildLandMask } from "../geo/land-mask";
import type { LatLon, PolygonRings } from "../geo/types";
import { threadWater } from "./approach";

/** A rectangle of land, lon w..e, lat s..n, as GeoJSON rings of [lon, lat]. */
const box = (w: number, s: number, e: number, n: number): PolygonRings => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];

// A wall of land along lon 0.2-0.22 with one gap, lat 0.05-0.1: the way from a to b is through it.
const wall = buildLandMask([box(0.2, -0.5, 0.22, 0.05), box(0.2, 0.1, 0.22, 0.5)], {
  source: "a wall with a gap",
  cellDeg: 0.1,
});
const a: LatLon = { lat: 0, lon: 0 };
const b: LatLon = { lat: 0, lon: 0.4 };

const lengthNm = (path: LatLon[]) =>
  path.slice(1).reduce((sum, p, i) => sum + distanceNm(path[i] as LatLon, p), 0);

describe("threadWater", () => {
  it("threads the gap in a wall, breadth-first or best-first towards the far end", () => {
    expect(wall.pathHitsLand(a, b)).toBe(true);
    const ways = [threadWater(a, b, wall), threadWater(a, b, wall, { guided: true })];
    for (const way of ways) {
      expect(way).not.toBeNull();
      const path = way as LatLon[];
      expect(path[0]).toEqual(a);
      expect(path.at(-1)).toEqual(b);
      for (let i = 1; i < path.length; i++)
        expect(wall.pathHitsLand(path[i - 1] as LatLon, path[i] as LatLon, 0.2)).toBe(false);
      // Through the gap, not round the wall's ends 30 nm away: where the path crosses the wall's
      // middle line, it is at the gap's latitudes.
      const crossings = path.slice(1).flatMap((q, i) => {
        const p = path[i] as LatLon;
        if ((p.lon - 0.21) * (q.lon - 0.21) > 0) return [];
        return [p.lat + ((q.lat - p.lat) * (0.21 - p.lon)) / (q.lon - p.lon)];
      });
      expect(crossings).toHaveLength(1);
      expect(crossings[0]).toBeGreaterThanOrEqual(0.05);
      expect(crossings[0]).toBeLessThanOrEqual(0.1);
    }
    // Breadth-first stops at the first cell in sight of b; best-first runs on to the gap's corner
    // and is no longer (about 24.8 nm against 27.2).
    const [broad, guided] = ways.map((w) => lengthNm(w as LatLon[]));
    expect(guided as number).toBeLessThanOrEqual((broad as number) + 0.1);
    expect(guided as number).toBeGreaterThan(24.3);
  });

  it("finds no way where the coast closes it", () => {
    const closed = buildLandMask([box(0.2, -1, 0.22, 1)], { source: "a wall", cellDeg: 0.1 });
    expect(threadWater(a, b, closed, { guided: true })).toBeNull();
    expect(threadWater(a, b, closed)).toBeNull();
  });
});
