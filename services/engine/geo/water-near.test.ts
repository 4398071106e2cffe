import { describe, expect, it } from "vitest";
import { distanceNm } from "./geodesic";
import { buildLandMask } from "./land-mask";
import type { LatLon, PolygonRings } from "./types";
import { type WaterPoint, waterPointsNear } from "./water-near";

// Hand-made coastlines ([lon, lat] rings): an island lon/lat 0..1 with a lake (0.4..0.6, about
// 12 nm across) and a creek (lon 0.2..0.21, about 0.6 nm wide, lat 0.3..0.7) inside it.
/** A closed [lon, lat] ring round a lon/lat box. */
const box = (lon0: number, lat0: number, lon1: number, lat1: number): Array<[number, number]> => [
  [lon0, lat0],
  [lon1, lat0],
  [lon1, lat1],
  [lon0, lat1],
  [lon0, lat0],
];
const island: PolygonRings = [box(0, 0, 1, 1), box(0.4, 0.4, 0.6, 0.6), box(0.2, 0.3, 0.21, 0.7)];
const mask = buildLandMask([island], { source: "test island", cellDeg: 0.05 });
const inLake = (p: LatLon) => p.lat > 0.4 && p.lat < 0.6 && p.lon > 0.4 && p.lon < 0.6;
const inCreek = (p: LatLon) => p.lon > 0.2 && p.lon < 0.21 && p.lat > 0.3 && p.lat < 0.7;

function all(centre: LatLon, radiusNm: number, stepNm = 0.25): WaterPoint[] {
  return [...waterPointsNear(centre, mask, radiusNm, { stepNm })];
}

describe("waterPointsNear", () => {
  it("gives wide water first, nearest first, then the narrower water by the next clearance", () => {
    // On the island between the creek (about 5 nm west) and the lake (about 5 nm east).
    const centre = { lat: 0.5, lon: 0.3 };
    const points = all(centre, 15);
    expect(points.length).toBeGreaterThan(100);
    const wide = points.filter((w) => w.clearance_nm === 0.5);
    const narrow = points.filter((w) => w.clearance_nm < 0.5);
    // The creek is too narrow for 0.5 nm of clearance: its water comes after all the lake's.
    expect(wide.every((w) => inLake(w.point))).toBe(true);
    expect(narrow.some((w) => inCreek(w.point))).toBe(true);
    expect(points.indexOf(narrow[0] as WaterPoint)).toBe(wide.length);
    // Within each clearance, nearest first (on the raster: a cell's distance rounds).
    for (const clearance of [0.5, 0.2, 0.05]) {
      const group = points.filter((w) => w.clearance_nm === clearance);
      for (let i = 1; i < group.length; i++) {
        expect(group[i]?.distance_nm).toBeGreaterThan((group[i - 1]?.distance_nm ?? 0) - 0.3);
      }
    }
    // The lake's nearest point 0.5 nm clear of its western shore (lon 0.4).
    const first = points[0] as WaterPoint;
    expect(first.point.lat).toBeCloseTo(0.5, 2);
    expect(distanceNm(first.point, { lat: 0.5, lon: 0.4 })).toBeGreaterThanOrEqual(0.5);
    expect(distanceNm(first.point, { lat: 0.5, lon: 0.4 })).toBeLessThan(0.8);
  });

  it("keeps every point water, clear of the coast by its clearance, within the radius, and once", () => {
    const centre = { lat: 0.5, lon: 0.3 };
    const points = all(centre, 15);
    const seen = new Set<string>();
    for (const w of points) {
      expect(mask.isLand(w.point)).toBe(false);
      expect(mask.distanceToCoastNm(w.point, w.clearance_nm)).toBeGreaterThanOrEqual(
        w.clearance_nm,
      );
      expect(w.distance_nm).toBeCloseTo(distanceNm(centre, w.point), 6);
      expect(w.distance_nm).toBeLessThanOrEqual(15.2);
      const key = `${w.point.lat},${w.point.lon}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  it("gives nothing where there is no water within the radius, and the point itself at sea", () => {
    expect(all({ lat: 0.2, lon: 0.8 }, 5)).toEqual([]);
    const atSea = waterPointsNear({ lat: 2, lon: 2 }, mask, 5).next().value as WaterPoint;
    expect(atSea.point).toEqual({ lat: 2, lon: 2 });
    expect(atSea.distance_nm).toBe(0);
  });

  it("refuses a raster too large to be meant", () => {
    expect(() => waterPointsNear({ lat: 0, lon: 0 }, mask, 200).next()).toThrow(RangeError);
  });
});
