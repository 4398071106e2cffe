/**
 * Land-mask benchmark: build time, retained memory, isLand and pathHitsLand speed for each
 * Natural Earth resolution. Run: node --expose-gc --import tsx bench/land-mask.ts
 */
import { densify, destination } from "../services/engine/geo/geodesic";
import { buildLandMask } from "../services/engine/geo/land-mask";
import type { LandMask, LatLon } from "../services/engine/geo/types";
import { seededRandom as mulberry32 } from "../services/engine/random";
import {
  loadLandPolygons,
  type NaturalEarthResolution,
  naturalEarthSource,
} from "../services/geodata/natural-earth";

const gc = (globalThis as { gc?: () => void }).gc;

function retainedBytes(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Bytes of the typed arrays reachable from the mask's own fields (two levels deep). */
function typedArrayBytes(root: object, depth = 2): number {
  let total = 0;
  for (const value of Object.values(root)) {
    if (ArrayBuffer.isView(value)) total += value.byteLength;
    else if (depth > 1 && value !== null && typeof value === "object") {
      total += typedArrayBytes(value, depth - 1);
    }
  }
  return total;
}

/** Best of five timed runs (the first ones include JIT warm-up), in ms. */
function bestOf5(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    run();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

function randomPointOnSphere(rand: () => number): LatLon {
  return { lat: (Math.asin(2 * rand() - 1) * 180) / Math.PI, lon: rand() * 360 - 180 };
}

function bench(resolution: NaturalEarthResolution, cellDeg: number): void {
  const polygons = loadLandPolygons(resolution);
  const before = retainedBytes();
  const t0 = performance.now();
  const mask: LandMask = buildLandMask(polygons, {
    source: naturalEarthSource(resolution),
    cellDeg,
  });
  const buildMs = performance.now() - t0;
  const memMb = (retainedBytes() - before) / 1e6;
  const arraysMb = typedArrayBytes(mask) / 1e6;

  const rand = mulberry32(42);
  const points = Array.from({ length: 1_000_000 }, () => randomPointOnSphere(rand));
  let land = 0;
  for (const p of points) if (mask.isLand(p)) land++;
  const isLandNs =
    (bestOf5(() => {
      for (const p of points) mask.isLand(p);
    }) *
      1e6) /
    points.length;

  // Coastal points: random vertices of the coastline jittered by up to 0.1 degree.
  const vertices = polygons.flatMap((poly) => poly.flat());
  const coastal = Array.from({ length: 200_000 }, () => {
    const v = vertices[Math.floor(rand() * vertices.length)] as [number, number];
    return {
      lat: Math.max(-90, Math.min(90, v[1] + (rand() - 0.5) * 0.2)),
      lon: ((v[0] + (rand() - 0.5) * 0.2 + 540) % 360) - 180,
    };
  });
  const coastalNs =
    (bestOf5(() => {
      for (const p of coastal) mask.isLand(p);
    }) *
      1e6) /
    coastal.length;

  // Ocean segments: both ends at sea, 50-500 nm apart on a random course.
  const segments: Array<[LatLon, LatLon]> = [];
  while (segments.length < 5_000) {
    const a = randomPointOnSphere(rand);
    if (Math.abs(a.lat) > 80 || mask.isLand(a)) continue;
    const b = destination(a, rand() * 360, 50 + rand() * 450);
    if (!mask.isLand(b)) segments.push([a, b]);
  }
  let hits = 0;
  for (const [a, b] of segments) if (mask.pathHitsLand(a, b)) hits++;
  const pathUs =
    (bestOf5(() => {
      for (const [a, b] of segments) mask.pathHitsLand(a, b);
    }) *
      1e3) /
    segments.length;
  // Coastal paths: from sea points near the coast, 5-150 nm on a random course.
  const coastalPaths = coastal
    .filter((p) => Math.abs(p.lat) < 80 && !mask.isLand(p))
    .slice(0, 5_000)
    .map((a) => [a, destination(a, rand() * 360, 5 + rand() * 145)] as const);
  let coastalHits = 0;
  for (const [a, b] of coastalPaths) if (mask.pathHitsLand(a, b)) coastalHits++;
  const coastalPathUs =
    (bestOf5(() => {
      for (const [a, b] of coastalPaths) mask.pathHitsLand(a, b);
    }) *
      1e3) /
    coastalPaths.length;
  // Short grid edges as the routing sea grid tests them: 0.25 degree neighbours, 2 nm step.
  const short = segments.map(([a]) => [a, { lat: a.lat + 0.25, lon: a.lon + 0.25 }] as const);
  const shortUs =
    (bestOf5(() => {
      for (const [a, b] of short) mask.pathHitsLand(a, b, 2);
    }) *
      1e3) /
    short.length;
  // The geodesic densification alone, for comparison.
  let n = 0;
  for (const [a, b] of segments) n += densify(a, b, 5).length;
  const densifyUs =
    (bestOf5(() => {
      for (const [a, b] of segments) densify(a, b, 5);
    }) *
      1e3) /
    segments.length;

  console.log(
    [
      `${resolution} cell ${cellDeg}°`,
      `build ${buildMs.toFixed(0)} ms`,
      `retained ${memMb.toFixed(1)} MB (typed arrays ${arraysMb.toFixed(1)} MB)`,
      `isLand ${isLandNs.toFixed(0)} ns (random, ${((100 * land) / 1e6).toFixed(0)}% land) / ${coastalNs.toFixed(0)} ns (coastal)`,
      `coastal pathHitsLand ${coastalPathUs.toFixed(1)} µs (${((100 * coastalHits) / coastalPaths.length).toFixed(0)}% hit)`,
      `pathHitsLand 0.25° grid step ${shortUs.toFixed(1)} µs`,
      `pathHitsLand ${pathUs.toFixed(1)} µs (${((100 * hits) / segments.length).toFixed(0)}% hit; densify alone ${densifyUs.toFixed(1)} µs, ${(n / segments.length).toFixed(0)} pts)`,
    ].join(" | "),
  );
}

// One resolution per process keeps the memory figures clean: node --expose-gc --import tsx
// bench/land-mask.ts 10m 0.25
const resolution = (process.argv[2] ?? "50m") as NaturalEarthResolution;
bench(resolution, Number(process.argv[3] ?? 0.25));
