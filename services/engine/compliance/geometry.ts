/**
 * Zone geometry in the lon/lat plane: compiling the data's rings into flat arrays, and finding
 * which parts of a route segment lie inside a zone.
 *
 * Conventions:
 * - Polygon edges and route segments are straight lines in lon/lat. Boundary lines the sources
 *   give as geodesics or rhumb lines are densified at compile time (every 20 nm), so the
 *   straight pieces stay within about 0.05 nm of the true line at mid latitudes; route segments
 *   are short (the router's are 25 nm; route.ts splits longer ones), over which a geodesic
 *   departs from the lon/lat chord by about L^2 tan(lat) / (8 R) < 0.03 nm below 70 degrees.
 * - Longitudes along a ring are unwrapped (each within 180 of the previous one), so a ring may
 *   extend beyond [-180, 180); a segment is tested against copies of the polygon shifted by
 *   -360, 0 and +360 degrees. That handles zones across the antimeridian (Bering Sea) and the
 *   Arctic ring, which runs once round the globe and is closed over the pole: its artificial
 *   seam edges cancel out because a segment's inside parts from all copies are united.
 * - A segment's inside parts are found by cutting it at every crossing with the polygon's edges
 *   and testing the middle of each piece (even-odd rule), which needs no special cases for
 *   segments touching vertices or running along edges.
 */
import { densify, distanceNm } from "../geo/geodesic";
import type { GeometrySpec, RingSpec, Vertex } from "./zone-spec";

/** Longest straight piece kept for a geodesic or rhumb-line boundary edge. */
const DENSIFY_NM = 20;
/** Pieces of a segment shorter than this fraction are dropped (touching a vertex). */
const T_EPS = 1e-9;

export interface Bbox {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export interface CompiledPolygon extends Bbox {
  /** Interleaved lon, lat of the ring's vertices; the last joins the first. */
  xy: Float64Array;
}

export type CompiledGeometry =
  | { kind: "polygons"; polygons: CompiledPolygon[] }
  | { kind: "band"; south: number; north: number };

export function compileGeometry(spec: GeometrySpec): CompiledGeometry {
  if (spec.kind === "band") return { kind: "band", south: spec.south, north: spec.north };
  return { kind: "polygons", polygons: spec.parts.map(compileRing) };
}

/** Moves lon by whole turns to within 180 degrees of ref. */
export function unwrapLon(lon: number, ref: number): number {
  return lon + 360 * Math.round((ref - lon) / 360);
}

function compileRing(ring: RingSpec): CompiledPolygon {
  const vs = ring.vertices;
  if (vs.length < 3) throw new RangeError("a ring needs at least three vertices");
  const out: number[] = [];
  let prevLon = (vs[0] as Vertex)[1];
  for (let i = 0; i < vs.length; i++) {
    const v = vs[i] as Vertex;
    const next = vs[(i + 1) % vs.length] as Vertex;
    const lon = unwrapLon(v[1], prevLon);
    let nextLon = unwrapLon(next[1], lon);
    if (i === vs.length - 1 && !ring.enclosesNorthPole) {
      // The closing edge of an ordinary ring returns to the first vertex exactly.
      nextLon = out[0] as number;
    }
    out.push(lon, v[0]);
    appendEdgeInterior(out, v[2], v[0], lon, next[0], nextLon);
    prevLon = lon;
  }
  if (ring.enclosesNorthPole) {
    // The ring went once round eastwards: repeat the first vertex one turn on, then close over
    // the pole (two artificial vertices at 90 N).
    const firstLon = out[0] as number;
    const firstLat = out[1] as number;
    const lastLon = out[out.length - 2] as number;
    const turnLon = firstLon + 360 * Math.round((lastLon - firstLon) / 360);
    if (Math.abs(turnLon - firstLon - 360) > 1e-9) {
      throw new RangeError("a ring enclosing the north pole must run once round eastwards");
    }
    out.push(turnLon, firstLat, turnLon, 90, firstLon, 90);
  }
  const xy = Float64Array.from(out);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < xy.length; i += 2) {
    const x = xy[i] as number;
    const y = xy[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { xy, minX, maxX, minY, maxY };
}

/** Interior points of a boundary edge that is a geodesic or a rhumb line (not its ends). */
function appendEdgeInterior(
  out: number[],
  kind: Vertex[2],
  lat0: number,
  lon0: number,
  lat1: number,
  lon1: number,
): void {
  if (kind !== "G" && kind !== "R") return;
  const nm = distanceNm({ lat: lat0, lon: lon0 }, { lat: lat1, lon: lon1 });
  if (nm <= DENSIFY_NM) return;
  if (kind === "G") {
    const pts = densify({ lat: lat0, lon: lon0 }, { lat: lat1, lon: lon1 }, DENSIFY_NM);
    let prev = lon0;
    for (let k = 1; k < pts.length - 1; k++) {
      const p = pts[k];
      if (p === undefined) continue;
      prev = unwrapLon(p.lon, prev);
      out.push(prev, p.lat);
    }
    return;
  }
  // A rhumb line is straight in the Mercator projection: interpolate there.
  const y0 = mercatorY(lat0);
  const y1 = mercatorY(lat1);
  const pieces = Math.ceil(nm / DENSIFY_NM);
  for (let k = 1; k < pieces; k++) {
    const f = k / pieces;
    out.push(lon0 + f * (lon1 - lon0), inverseMercatorY(y0 + f * (y1 - y0)));
  }
}

function mercatorY(latDeg: number): number {
  return Math.log(Math.tan(Math.PI / 4 + (latDeg * Math.PI) / 360));
}

function inverseMercatorY(y: number): number {
  return (Math.atan(Math.sinh(y)) * 180) / Math.PI;
}

/** Even-odd point-in-polygon test on one ring. */
export function pointInPolygon(x: number, y: number, poly: CompiledPolygon): boolean {
  if (x < poly.minX || x > poly.maxX || y < poly.minY || y > poly.maxY) return false;
  const xy = poly.xy;
  const n = xy.length;
  let inside = false;
  let jx = xy[n - 2] as number;
  let jy = xy[n - 1] as number;
  for (let i = 0; i < n; i += 2) {
    const ix = xy[i] as number;
    const iy = xy[i + 1] as number;
    if (iy > y !== jy > y && x < ((jx - ix) * (y - iy)) / (jy - iy) + ix) inside = !inside;
    jx = ix;
    jy = iy;
  }
  return inside;
}

/** Whether a point (any longitude) is inside the geometry. */
export function geometryContains(g: CompiledGeometry, lat: number, lon: number): boolean {
  if (g.kind === "band") return lat >= g.south && lat < g.north;
  for (const poly of g.polygons) {
    for (const shift of SHIFTS) {
      if (pointInPolygon(lon + shift, lat, poly)) return true;
    }
  }
  return false;
}

const SHIFTS = [-360, 0, 360] as const;

/**
 * The parts of the segment a->b inside the geometry, as sorted, disjoint [t0, t1] pairs
 * (fractions of the segment) appended to `out`. `bx` must be unwrapped against `ax`.
 */
export function segmentInside(
  g: CompiledGeometry,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  out: number[],
): void {
  if (g.kind === "band") {
    bandInside(g.south, g.north, ay, by, out);
    return;
  }
  const parts: number[] = [];
  const sx0 = Math.min(ax, bx);
  const sx1 = Math.max(ax, bx);
  const sy0 = Math.min(ay, by);
  const sy1 = Math.max(ay, by);
  for (const poly of g.polygons) {
    if (sy1 < poly.minY || sy0 > poly.maxY) continue;
    for (const shift of SHIFTS) {
      if (sx1 + shift < poly.minX || sx0 + shift > poly.maxX) continue;
      polygonInside(poly, ax + shift, ay, bx + shift, by, parts);
    }
  }
  mergeIntervals(parts, out);
}

function bandInside(south: number, north: number, ay: number, by: number, out: number[]): void {
  if (ay === by) {
    if (ay >= south && ay < north) out.push(0, 1);
    return;
  }
  // Latitude is linear in t along the lon/lat chord.
  const tS = (south - ay) / (by - ay);
  const tN = (north - ay) / (by - ay);
  const t0 = Math.max(0, Math.min(tS, tN));
  const t1 = Math.min(1, Math.max(tS, tN));
  if (t1 - t0 > T_EPS) out.push(t0, t1);
}

function polygonInside(
  poly: CompiledPolygon,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  out: number[],
): void {
  const rx = bx - ax;
  const ry = by - ay;
  const sx0 = Math.min(ax, bx);
  const sx1 = Math.max(ax, bx);
  const sy0 = Math.min(ay, by);
  const sy1 = Math.max(ay, by);
  const cuts = [0, 1];
  const xy = poly.xy;
  const n = xy.length;
  let cx = xy[n - 2] as number;
  let cy = xy[n - 1] as number;
  for (let i = 0; i < n; i += 2) {
    const dx = xy[i] as number;
    const dy = xy[i + 1] as number;
    if (
      !(
        Math.max(cx, dx) < sx0 ||
        Math.min(cx, dx) > sx1 ||
        Math.max(cy, dy) < sy0 ||
        Math.min(cy, dy) > sy1
      )
    ) {
      const ex = dx - cx;
      const ey = dy - cy;
      const denom = rx * ey - ry * ex;
      if (denom !== 0) {
        const qx = cx - ax;
        const qy = cy - ay;
        const t = (qx * ey - qy * ex) / denom;
        const u = (qx * ry - qy * rx) / denom;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.push(t);
      }
    }
    cx = dx;
    cy = dy;
  }
  cuts.sort((p, q) => p - q);
  for (let k = 0; k + 1 < cuts.length; k++) {
    const t0 = cuts[k] as number;
    const t1 = cuts[k + 1] as number;
    if (t1 - t0 <= T_EPS) continue;
    const tm = (t0 + t1) / 2;
    if (pointInPolygon(ax + tm * rx, ay + tm * ry, poly)) out.push(t0, t1);
  }
}

/** Unites [t0, t1] pairs (in any order) into sorted disjoint pairs appended to `out`. */
export function mergeIntervals(pairs: readonly number[], out: number[]): void {
  if (pairs.length === 0) return;
  const idx: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) idx.push(i);
  idx.sort((p, q) => (pairs[p] as number) - (pairs[q] as number));
  let s = pairs[idx[0] as number] as number;
  let e = pairs[(idx[0] as number) + 1] as number;
  for (let k = 1; k < idx.length; k++) {
    const i = idx[k] as number;
    const ps = pairs[i] as number;
    const pe = pairs[i + 1] as number;
    if (ps <= e + T_EPS) {
      if (pe > e) e = pe;
    } else {
      if (e - s > T_EPS) out.push(s, e);
      s = ps;
      e = pe;
    }
  }
  if (e - s > T_EPS) out.push(s, e);
}

/** The bounding box of a compiled geometry (bands span all longitudes). */
export function geometryBbox(g: CompiledGeometry): Bbox {
  if (g.kind === "band") return { minX: -180, maxX: 180, minY: g.south, maxY: g.north };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of g.polygons) {
    minX = Math.min(minX, p.minX);
    maxX = Math.max(maxX, p.maxX);
    minY = Math.min(minY, p.minY);
    maxY = Math.max(maxY, p.maxY);
  }
  return { minX, maxX, minY, maxY };
}
