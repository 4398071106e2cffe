import { beforeAll, describe, expect, it } from "vitest";
import { STRAIT_PROBES, straitStatus } from "../../tests/strait-probes";
import { densify, destination } from "../engine/geo/geodesic";
import { buildLandMask } from "../engine/geo/land-mask";
import type { LatLon, PolygonRings } from "../engine/geo/types";
import { seededRandom as mulberry32 } from "../engine/random";
import {
  createNaturalEarthLandMasks,
  loadLandPolygons,
  type NaturalEarthResolution,
  naturalEarthSource,
} from "./natural-earth";

const masks = createNaturalEarthLandMasks();
const polygons: Partial<Record<NaturalEarthResolution, PolygonRings[]>> = {};
function polygonsOf(resolution: NaturalEarthResolution): PolygonRings[] {
  polygons[resolution] ??= loadLandPolygons(resolution);
  return polygons[resolution];
}

beforeAll(() => {
  // Build both up front so that no single test pays for it against its timeout.
  masks.get("50m");
  masks.get("10m");
}, 60_000);

describe("loadLandPolygons", () => {
  it.each([
    ["110m", 126, 5_123],
    ["50m", 1_421, 60_629],
    ["10m", 4_062, 408_953],
  ] as const)(
    "reads world-atlas land-%s (%i rings, %i vertices)",
    (resolution, rings, vertices) => {
      const polys = polygonsOf(resolution);
      expect(polys.reduce((n, p) => n + p.length, 0)).toBe(rings);
      expect(polys.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0)).toBe(vertices);
    },
  );

  it("names the data and its version", () => {
    expect(naturalEarthSource("50m")).toBe("Natural Earth 1:50m land (world-atlas 2.0.2)");
    expect(masks.get("50m").source).toBe("Natural Earth 1:50m land (world-atlas 2.0.2)");
  });
});

// [name, lat, lon]
const SEA: Array<[string, number, number]> = [
  ["mid-Atlantic", 30, -40],
  ["English Channel", 50.2, -1.0],
  ["Strait of Gibraltar", 35.95, -5.6],
  ["Singapore Strait", 1.2, 103.9],
  ["Bosporus at Rumeli Hisari (0.4 nm wide)", 41.0838, 29.0605],
  ["Black Sea", 43, 34],
  ["Caspian Sea (a hole in Eurasia)", 42, 51],
  ["Ross Ice Shelf (ice shelves are not land)", -81, -175],
  ["North Pole", 90, 0],
  ["Pacific on the antimeridian", 30, -180],
  ["Pacific on the antimeridian, written +180", 30, 180],
  ["Bering Strait", 65.9, -169],
];

const LAND: Array<[string, number, number]> = [
  ["Paris", 48.85, 2.35],
  ["Sahara", 23, 10],
  ["Antarctica interior", -80, 0],
  ["Greenland interior", 75, -40],
  ["Chukotka east of the antimeridian", 66, -178],
  ["Chukotka west of the antimeridian", 66, 178],
  ["Chukotka on the antimeridian", 67.5, -180],
  ["Fiji, Viti Levu", -17.8, 178.0],
  ["Fiji, Vanua Levu on the antimeridian", -16.5, 180],
  ["South Pole", -90, 0],
  ["South Pole at another longitude", -90, 123],
  ["Lake Superior (lakes are land)", 47.7, -87.5],
  ["Lake Victoria", -1, 33],
  ["Suez Canal (not cut in the data)", 30.6, 32.3],
  ["Panama Canal, Gatun Lake", 9.2, -79.9],
];

describe.each(["50m", "10m"] as const)("Natural Earth %s land mask", (resolution) => {
  it.each(SEA)("%s is sea", (_name, lat, lon) => {
    expect(masks.get(resolution).isLand({ lat, lon })).toBe(false);
  });

  it.each(LAND)("%s is land", (_name, lat, lon) => {
    expect(masks.get(resolution).isLand({ lat, lon })).toBe(true);
  });

  it("agrees with brute-force ray casting on 20,000 seeded-random points", () => {
    const mask = masks.get(resolution);
    const brute = new BruteForceLand(polygonsOf(resolution));
    const points = randomTestPoints(polygonsOf(resolution), 20_000, 20260521);
    const wrong = points.filter((p) => mask.isLand(p) !== brute.isLand(p));
    expect(wrong).toEqual([]);
    // The sample is not all one kind: both answers occur often.
    const land = points.filter((p) => brute.isLand(p)).length;
    expect(land).toBeGreaterThan(4_000);
    expect(land).toBeLessThan(16_000);
  });

  it("agrees with testing every densified piece against every edge, on 1,000 coastal paths", () => {
    const { mismatches, hits } = comparePaths(resolution, {
      seeds: [7, 11],
      pool: 4_000,
      count: 1_000,
      maxAbsLat: 84,
      nm: [2, 152],
    });
    expect(mismatches).toEqual([]);
    expect(hits).toBeGreaterThan(200);
    expect(hits).toBeLessThan(900);
  });

  it("agrees with testing every densified piece, on 300 ocean paths of up to 3,000 nm", () => {
    // Long legs stride across open ocean (land-mask.ts, piecesSurelyAtSea); the answer must not
    // change, however far a path runs from the coast before it meets one.
    const { mismatches, hits } = comparePaths(resolution, {
      seeds: [29, 31],
      pool: 3_000,
      count: 300,
      maxAbsLat: 75,
      nm: [200, 3_000],
    });
    expect(mismatches).toEqual([]);
    expect(hits).toBeGreaterThan(60);
    expect(hits).toBeLessThan(280);
  });

  it("finds the New York to Channel great circle over Long Island, and a route around clear", () => {
    // The geodesic from the New York approach (course 054) runs up Long Island's south shore,
    // and from Nantucket Shoals it would cross Newfoundland: ships go south of both.
    const mask = masks.get(resolution);
    const newYork = { lat: 40.4, lon: -73.8 };
    const channel = { lat: 49.9, lon: -5.5 };
    expect(mask.pathHitsLand(newYork, channel)).toBe(true);
    const nantucketShoals = { lat: 40.3, lon: -70 };
    expect(mask.pathHitsLand(nantucketShoals, channel)).toBe(true);
    const route = [newYork, nantucketShoals, { lat: 45, lon: -50 }, channel];
    for (let i = 1; i < route.length; i++) {
      expect(mask.pathHitsLand(route[i - 1] as LatLon, route[i] as LatLon)).toBe(false);
    }
  });

  it("sees that Rotterdam to Genoa in a straight line crosses Europe", () => {
    const mask = masks.get(resolution);
    expect(mask.pathHitsLand({ lat: 52.0, lon: 3.9 }, { lat: 44.3, lon: 8.9 })).toBe(true);
    // Never leaving land counts too (Paris to Madrid crosses no coastline).
    expect(mask.pathHitsLand({ lat: 48.85, lon: 2.35 }, { lat: 40.42, lon: -3.7 })).toBe(true);
  });

  it("crosses the antimeridian in the open Pacific, and hits Fiji on the way across it", () => {
    const mask = masks.get(resolution);
    expect(mask.pathHitsLand({ lat: 30, lon: 170 }, { lat: 30, lon: -170 })).toBe(false);
    expect(mask.pathHitsLand({ lat: -17.8, lon: 176 }, { lat: -17.8, lon: -178 })).toBe(true);
    expect(mask.pathHitsLand({ lat: -20, lon: 176 }, { lat: -20, lon: -178 })).toBe(false);
  });

  it("snaps a port drawn as land to open water nearby, and refuses a point far inland", () => {
    const mask = masks.get(resolution);
    for (const port of [
      { lat: 51.92, lon: 4.48 }, // Rotterdam city
      { lat: 53.54, lon: 9.97 }, // Hamburg, on the Elbe
      { lat: 51.22, lon: 4.4 }, // Antwerp, on the Scheldt
    ]) {
      expect(mask.isLand(port)).toBe(true);
      const snapped = mask.nearestSea(port, 15);
      expect(snapped).not.toBeNull();
      if (snapped === null) continue;
      expect(snapped.distance_nm).toBeLessThanOrEqual(15);
      expect(mask.isLand(snapped.point)).toBe(false);
      expect(mask.distanceToCoastNm(snapped.point, 1)).toBeGreaterThan(0.19);
    }
    expect(mask.nearestSea({ lat: 40.42, lon: -3.7 }, 15)).toBeNull(); // Madrid
  });

  it("measures distance to the coast (Dover to Calais is 18 nm)", () => {
    const mask = masks.get(resolution);
    // Mid-channel between Dover and Cap Gris-Nez: about 9-10 nm to either shore.
    const d = mask.distanceToCoastNm({ lat: 51.0, lon: 1.5 }, 50);
    expect(d).toBeGreaterThan(7);
    expect(d).toBeLessThan(11);
    expect(mask.distanceToCoastNm({ lat: 30, lon: -40 }, 100)).toBe(100);
  });
});

describe("straits and canals in Natural Earth", () => {
  // Open at both 1:50m and 1:10m (bench/strait-report.ts prints the narrowest clearances: the Bosporus
  // is about 2 nm wide at 1:50m but 0.3 nm at 1:10m). The canals are not cut in the data.
  const expected: Record<string, "open" | "closed"> = {
    Dover: "open",
    Gibraltar: "open",
    Bosporus: "open",
    Dardanelles: "open",
    Øresund: "open",
    Singapore: "open",
    Malacca: "open",
    Hormuz: "open",
    "Bab-el-Mandeb": "open",
    Magellan: "open",
    Torres: "open",
    "Suez Canal": "closed",
    "Panama Canal": "closed",
    "Kiel Canal": "closed",
  };
  it.each(
    (["50m", "10m"] as const).flatMap((r) => STRAIT_PROBES.map((p) => [p.name, r, p] as const)),
  )("%s at %s", (name, resolution, probe) => {
    expect(straitStatus(masks.get(resolution), probe)).toBe(expected[name]);
  });
});

describe("grid independence", () => {
  it("gives the same answers whatever the grid cell size (the tests are exact)", () => {
    const polys = polygonsOf("50m");
    const coarse = buildLandMask(polys, { source: "t", cellDeg: 2 });
    const fine = buildLandMask(polys, { source: "t", cellDeg: 0.1 });
    const reference = masks.get("50m");
    const points = randomTestPoints(polys, 20_000, 99);
    for (const m of [coarse, fine]) {
      expect(points.filter((p) => m.isLand(p) !== reference.isLand(p))).toEqual([]);
    }
    const rand = mulberry32(5);
    for (const a of points.slice(0, 300)) {
      const b = destination(a, rand() * 360, 5 + rand() * 100);
      expect(coarse.pathHitsLand(a, b)).toBe(reference.pathHitsLand(a, b));
    }
  });
});

// ---- test helpers --------------------------------------------------------------------------

/**
 * Half uniform on the sphere, half within 0.1 degree of a random coastline vertex (where the
 * exact part of the mask does its work), plus the awkward places: the antimeridian, the poles,
 * and exact vertices.
 */
function randomTestPoints(polys: PolygonRings[], n: number, seed: number): LatLon[] {
  const rand = mulberry32(seed);
  const vertices = polys.flatMap((p) => p.flat());
  const out: LatLon[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 10;
    if (kind < 5) {
      out.push({ lat: (Math.asin(2 * rand() - 1) * 180) / Math.PI, lon: rand() * 360 - 180 });
      continue;
    }
    const [x, y] = vertices[Math.floor(rand() * vertices.length)] as [number, number];
    if (kind === 5) {
      out.push({ lat: (rand() - 0.5) * 180, lon: -180 }); // on the antimeridian
    } else if (kind === 6) {
      out.push({ lat: rand() < 0.5 ? -90 : 90, lon: rand() * 360 - 180 });
    } else {
      const lon = x + (rand() - 0.5) * 0.2;
      out.push({
        lat: Math.max(-90, Math.min(90, y + (rand() - 0.5) * 0.2)),
        lon: lon >= 180 ? lon - 360 : lon < -180 ? lon + 360 : lon,
      });
    }
  }
  return out;
}

/**
 * Land by the textbook method, written independently of the engine: even-odd crossings of a ray
 * going east along the parallel, against every ring. Rings are unwrapped in longitude and tested
 * with copies shifted by 360 degrees (so rings across the antimeridian work), and a ring winding
 * around the globe (Antarctica) is closed along the pole it surrounds. Edges are bucketed by
 * latitude only to keep 20,000 points fast; every edge spanning a point's latitude is tested.
 */
/**
 * The mask's pathHitsLand against brute force on `count` seeded-random paths: each from one of
 * the sea points (|lat| < maxAbsLat) among `pool` random points, on a random course, `nm[0]` to
 * `nm[1]` long.
 */
function comparePaths(
  resolution: NaturalEarthResolution,
  o: {
    seeds: [number, number];
    pool: number;
    count: number;
    maxAbsLat: number;
    nm: [number, number];
  },
): { mismatches: string[]; hits: number } {
  const mask = masks.get(resolution);
  const brute = new BruteForceLand(polygonsOf(resolution));
  const rand = mulberry32(o.seeds[0]);
  const starts = randomTestPoints(polygonsOf(resolution), o.pool, o.seeds[1]).filter(
    (p) => Math.abs(p.lat) < o.maxAbsLat && !brute.isLand(p),
  );
  let hits = 0;
  const mismatches: string[] = [];
  for (const a of starts.slice(0, o.count)) {
    const b = destination(a, rand() * 360, o.nm[0] + rand() * (o.nm[1] - o.nm[0]));
    const expected = brute.pathHitsLand(a, b, 5);
    if (expected) hits++;
    if (mask.pathHitsLand(a, b) !== expected) mismatches.push(JSON.stringify([a, b, expected]));
  }
  return { mismatches, hits };
}

class BruteForceLand {
  private readonly bands: number[][] = Array.from({ length: 180 }, () => []);
  /** Edges as x1, y1, x2, y2 in unwrapped longitude. */
  private readonly edges: number[] = [];

  constructor(polys: PolygonRings[]) {
    for (const poly of polys) {
      for (const ring of poly) {
        // world-atlas 50m has a zero-area ring hugging the South Pole; it is no coastline.
        if (ring.every(([, y]) => y < -89.99)) continue;
        const xs: number[] = [];
        const ys: number[] = [];
        // Unwrap by whole turns (x + 360 k), so that unwrapped coordinates stay exact.
        let prevX = Number.NaN;
        let turns = 0;
        for (const [x, y] of ring) {
          if (x - prevX > 180) turns--;
          else if (x - prevX < -180) turns++;
          xs.push(x + 360 * turns);
          prevX = x;
          ys.push(y);
        }
        const winding = (xs.at(-1) as number) - (xs[0] as number);
        if (Math.abs(winding) > 180) {
          const pole = ys.reduce((s, y) => s + y, 0) < 0 ? -90 : 90;
          xs.push(xs.at(-1) as number, xs[0] as number, xs[0] as number);
          ys.push(pole, pole, ys[0] as number);
        }
        for (const shift of [-720, -360, 0, 360, 720]) {
          const lo = Math.min(...xs) + shift;
          const hi = Math.max(...xs) + shift;
          if (hi < -190 || lo > 190) continue; // pieces may reach a little past ±180
          for (let i = 1; i < xs.length; i++) {
            this.addEdge(
              (xs[i - 1] as number) + shift,
              ys[i - 1] as number,
              (xs[i] as number) + shift,
              ys[i] as number,
            );
          }
        }
      }
    }
  }

  private addEdge(x1: number, y1: number, x2: number, y2: number): void {
    const id = this.edges.length;
    this.edges.push(x1, y1, x2, y2);
    const b0 = Math.max(0, Math.floor(Math.min(y1, y2) + 90));
    const b1 = Math.min(179, Math.floor(Math.max(y1, y2) + 90));
    for (let b = b0; b <= b1; b++) (this.bands[b] as number[]).push(id);
  }

  isLand(p: LatLon): boolean {
    const band = this.bands[Math.min(179, Math.floor(p.lat + 90))] as number[];
    let inside = false;
    const e = this.edges;
    for (const i of band) {
      const x1 = e[i] as number;
      const y1 = e[i + 1] as number;
      const x2 = e[i + 2] as number;
      const y2 = e[i + 3] as number;
      if (y1 > p.lat !== y2 > p.lat && p.lon < x1 + ((p.lat - y1) * (x2 - x1)) / (y2 - y1)) {
        inside = !inside;
      }
    }
    return inside;
  }

  /** Densify as the interface says, then test each straight piece against every nearby edge. */
  pathHitsLand(a: LatLon, b: LatLon, stepNm: number): boolean {
    if (this.isLand(a)) return true;
    const pts = densify(a, b, stepNm);
    for (let i = 1; i < pts.length; i++) {
      const p = pts[i - 1] as LatLon;
      const q = pts[i] as LatLon;
      // Put q on p's side of the antimeridian; the shifted edge copies cover both sides.
      const qx = q.lon - p.lon > 180 ? q.lon - 360 : q.lon - p.lon < -180 ? q.lon + 360 : q.lon;
      if (this.segmentHits(p.lon, p.lat, qx, q.lat)) return true;
    }
    return false;
  }

  private segmentHits(ax: number, ay: number, bx: number, by: number): boolean {
    const b0 = Math.max(0, Math.floor(Math.min(ay, by) + 90));
    const b1 = Math.min(179, Math.floor(Math.max(ay, by) + 90));
    const e = this.edges;
    const orient = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
      Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
    for (let band = b0; band <= b1; band++) {
      for (const i of this.bands[band] as number[]) {
        const [cx, cy, dx, dy] = [e[i], e[i + 1], e[i + 2], e[i + 3]] as number[] as [
          number,
          number,
          number,
          number,
        ];
        if (Math.max(cx, dx) < Math.min(ax, bx) || Math.min(cx, dx) > Math.max(ax, bx)) continue;
        if (Math.max(cy, dy) < Math.min(ay, by) || Math.min(cy, dy) > Math.max(ay, by)) continue;
        const o1 = orient(ax, ay, bx, by, cx, cy);
        const o2 = orient(ax, ay, bx, by, dx, dy);
        const o3 = orient(cx, cy, dx, dy, ax, ay);
        const o4 = orient(cx, cy, dx, dy, bx, by);
        if (o1 * o2 <= 0 && o3 * o4 <= 0) return true;
      }
    }
    return false;
  }
}
