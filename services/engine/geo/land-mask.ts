/**
 * The land mask routing uses: exact point-in-land and path-over-land tests against coastline
 * polygons, accelerated by a regular grid (land-grid.ts) so that open-ocean queries touch no edge.
 *
 * Geometry conventions:
 * - Coastline edges are straight lines in lon/lat (as in Natural Earth's shapefiles).
 * - A path is the WGS84 geodesic, densified to pieces of at most `stepNm`; each piece is tested as
 *   a straight lon/lat segment. For a 5 nm piece the geodesic bows away from that chord by about
 *   L^2 tan(lat) / (8 R) = 0.001 nm x tan(lat): under 0.01 nm below 84 degrees latitude, far
 *   below the coastline data's own resolution (world-atlas quantises to ~0.2 nm).
 * - Distances to the coast use a local equirectangular projection about the query point (x scaled
 *   by cos(lat)): a few tenths of a percent off within 200 nm at mid latitudes, worse towards the
 *   poles; fine for clearances and snapping, not for navigation distances.
 * - A point exactly on a coastline edge is land; a path touching an edge hits land.
 *
 * The grid's per-cell edge lists serve every query (points, path pieces, distance searches by
 * widening a box), so there is no separate spatial index such as flatbush: a cell lookup is
 * cheaper than a tree walk, and a second index would hold the same edges again.
 */
import { type DenseGeodesic, denseGeodesic, distanceNm, normalizeLon } from "./geodesic";
import {
  CELL_COAST,
  CELL_LAND,
  colCentre,
  colOf,
  type LandGrid,
  rowCentre,
  rowOf,
} from "./land-grid";
import { buildLandMaskParts, type LandMaskParts, landMaskPartsProblem } from "./land-mask-parts";
import { edgeYAtX, nearestOnSegment, pointOnSegment, segmentsIntersect } from "./planar";
import type { LandMask, LatLon, PolygonRings } from "./types";

export interface LandMaskOptions {
  /** Name of the coastline data, reported as `LandMask.source`. */
  source: string;
  /** Grid cell size in degrees; must divide 180. Default 0.25. */
  cellDeg?: number;
}

/** Distance nearestSea keeps from the coast when it can, so the point is usable as a route end. */
export const SEA_CLEARANCE_NM = 0.5;
/** Smaller clearances nearestSea falls back to, in order, in waters narrower than 2 x 0.5 nm. */
const FALLBACK_CLEARANCES_NM = [0.2, 0.05];
/** Distances (in clearances) tried past a vertex of the coast, for corners of the water. */
const CORNER_STEPS = [1, 1.5, 2, 3];
/** Directions tried past a vertex of the coast: turned this far from straight on. */
const CORNER_TURNS_DEG = [0, 30, -30, 60, -60, 90, -90];
const NM_PER_DEG_LAT = 60;
/** Length of the runs of path pieces that pathHitsLand first tries to clear in one go. */
const COARSE_RUN_NM = 40;
/** Beyond this latitude pathHitsLand tests every piece (see runSurelyAtSea). */
const COARSE_MAX_ABS_LAT = 80;
const DEFAULT_STEP_NM = 5;
/** A lower bound on the length of a degree of latitude, and of longitude over cos(lat), in nm. */
const MIN_NM_PER_DEG = 59.6;
/** The highest latitude a stride may reach: longitude bounds need cos(lat) well above zero. */
const STRIDE_MAX_ABS_LAT = 85;

export function buildLandMask(polygons: readonly PolygonRings[], opts: LandMaskOptions): LandMask {
  return new GridLandMask(opts.source, buildLandMaskParts(polygons, opts.cellDeg));
}

/**
 * The mask buildLandMask would build from the polygons the parts were computed from
 * (buildLandMaskParts), without computing them again. Throws a RangeError when the parts do not
 * fit together: they may have been kept outside the process, and the queries trust every index.
 */
export function landMaskFromParts(source: string, parts: LandMaskParts): LandMask {
  const problem = landMaskPartsProblem(parts);
  if (problem !== undefined) throw new RangeError(`land mask parts: ${problem}`);
  return new GridLandMask(source, parts);
}

class GridLandMask implements LandMask {
  private readonly xy: Float64Array;
  private readonly grid: LandGrid;
  /** Per cell, how many cells round it are pure sea (land-grid.ts, seaReach). */
  private readonly reach: Uint8Array;

  constructor(
    readonly source: string,
    parts: LandMaskParts,
  ) {
    this.xy = parts.edges.xy;
    this.grid = parts.grid;
    this.reach = parts.reach;
  }

  isLand(p: LatLon): boolean {
    return this.isLandXY(normalizeLon(p.lon), clampLat(p.lat));
  }

  pathHitsLand(a: LatLon, b: LatLon, stepNm = DEFAULT_STEP_NM): boolean {
    if (this.isLand(a)) return true;
    // Walk the densified path from both ends at once, a stretch from each in turn: from a point
    // deep in open water, stride over the pieces that cannot leave the pure sea round it;
    // elsewhere take runs of fine pieces, skipping a run whose whole neighbourhood is pure sea
    // without computing its inner points. Every other fine piece is tested exactly, so the answer
    // is the same as testing every fine piece, in any order. Both ends: a taut leg runs from one
    // headland to another, and a leg that meets land mostly meets it near one of them, often the
    // far one; walked from one end only, the ocean between was crossed first.
    const path = denseGeodesic(a, b, stepNm);
    const run = Math.max(1, Math.floor(COARSE_RUN_NM / stepNm));
    let lo = 0;
    let hi = path.pieces;
    let front = path.point(0);
    let back = path.point(hi);
    while (lo < hi) {
      // From the front, towards the back.
      let stride = this.piecesSurelyAtSea(front, stepNm);
      if (stride > 0) {
        lo = Math.min(hi, lo + stride);
        front = lo === hi ? back : path.point(lo);
      } else {
        const i1 = Math.min(hi, lo + run);
        const end = i1 === hi ? back : path.point(i1);
        if (this.runHitsLand(path, lo, i1, front, end)) return true;
        lo = i1;
        front = end;
      }
      if (lo >= hi) break;
      // From the back, towards the front.
      stride = this.piecesSurelyAtSea(back, stepNm);
      if (stride > 0) {
        hi = Math.max(lo, hi - stride);
        back = hi === lo ? front : path.point(hi);
      } else {
        const i0 = Math.max(lo, hi - run);
        const start = i0 === lo ? front : path.point(i0);
        if (this.runHitsLand(path, i0, hi, start, back)) return true;
        hi = i0;
        back = start;
      }
    }
    return false;
  }

  /** Whether any piece of the run from point i0 (p) to point i1 (q) meets a coastline edge. */
  private runHitsLand(path: DenseGeodesic, i0: number, i1: number, p: LatLon, q: LatLon): boolean {
    if (i1 - i0 > 1 && this.runSurelyAtSea(path, i0, i1, p, q)) return false;
    let from = p;
    for (let i = i0 + 1; i <= i1; i++) {
      const to = i === i1 ? q : path.point(i);
      if (this.pieceHitsLand(from.lon, from.lat, to.lon, to.lat)) return true;
      from = to;
    }
    return false;
  }

  /**
   * How many path pieces of at most stepNm, starting at p, surely stay within pure sea: the
   * cells within reach - 1 of p's cell are pure sea, and a path of length d from p changes
   * latitude by at most d / 59.6 degrees and longitude by at most d / (59.6 cos(lat)) degrees
   * (a degree of latitude is at least 59.7 nm on WGS84, a degree of longitude at least
   * 60.1 nm x cos(lat)), taking the highest latitude the path can reach.
   */
  private piecesSurelyAtSea(p: LatLon, stepNm: number): number {
    const g = this.grid;
    const absLat = Math.abs(p.lat);
    if (absLat > COARSE_MAX_ABS_LAT) return 0;
    const k = this.reach[rowOf(g, p.lat) * g.cols + colOf(g, normalizeLon(p.lon))] as number;
    const spanDeg = Math.min((k - 1) * g.cellDeg, STRIDE_MAX_ABS_LAT - absLat);
    if (spanDeg <= 0) return 0;
    const cosLat = Math.cos(((absLat + spanDeg) * Math.PI) / 180);
    return Math.floor((spanDeg * MIN_NM_PER_DEG * cosLat) / stepNm);
  }

  nearestSea(p: LatLon, maxNm: number): { point: LatLon; distance_nm: number } | null {
    const lon = normalizeLon(p.lon);
    const lat = clampLat(p.lat);
    if (!this.isLandXY(lon, lat)) return { point: { lat, lon }, distance_nm: 0 };
    const candidates = this.coastPointsNear(lon, lat, maxNm);
    for (const clearance of [SEA_CLEARANCE_NM, ...FALLBACK_CLEARANCES_NM]) {
      // The nearest of the clear points beside the coast points, not the first found: beside a
      // nearer coast point (a corner) the clear point may lie further than beside the next one.
      // Water beyond a coast point is no nearer than the coast point itself, hence the stop.
      let best: { point: LatLon; distance_nm: number } | null = null;
      for (const c of candidates) {
        if (c.distNm > maxNm || (best !== null && c.distNm >= best.distance_nm)) break;
        const q = this.clearSeaPointBeside(lon, lat, c, clearance);
        if (q === null) continue;
        const d = distanceNm({ lat, lon }, q);
        if (d <= maxNm && (best === null || d < best.distance_nm))
          best = { point: q, distance_nm: d };
      }
      if (best !== null) return best;
    }
    return null;
  }

  distanceToCoastNm(p: LatLon, maxNm: number): number {
    const lon = normalizeLon(p.lon);
    const lat = clampLat(p.lat);
    // Widen the search until it finds an edge no further than the searched radius: everything
    // within that radius has been seen, so nothing closer can be missed.
    let radius = Math.min(maxNm, this.grid.cellDeg * NM_PER_DEG_LAT);
    for (;;) {
      let best2 = Number.POSITIVE_INFINITY;
      const xScale = Math.cos((lat * Math.PI) / 180);
      this.forEachEdgeNear(lon, lat, radius, (x1, y1, x2, y2) => {
        const n = nearestOnSegment(lon, lat, x1, y1, x2, y2, xScale);
        if (n.d2 < best2) best2 = n.d2;
      });
      const best = Math.sqrt(best2) * NM_PER_DEG_LAT;
      if (best <= radius) return Math.min(best, maxNm);
      if (radius >= maxNm) return maxNm;
      radius = Math.min(maxNm, radius * 2);
    }
  }

  // ---- points ---------------------------------------------------------------------------------

  /** Land status of (x, y), x in [-180, 180), y in [-90, 90]. */
  private isLandXY(x: number, y: number): boolean {
    const g = this.grid;
    const col = colOf(g, x);
    const row = rowOf(g, y);
    const cell = row * g.cols + col;
    const flags = g.cells[cell] as number;
    if ((flags & CELL_COAST) === 0) return (flags & CELL_LAND) !== 0;

    // Status of the centre (exact, from the grid build), flipped by every edge crossed on the way
    // from the centre to the point: first along the centre's parallel to the point's meridian,
    // then along that meridian. The tie rules match land-grid.ts's definition of land status.
    const xc = colCentre(g, col);
    const yc = rowCentre(g, row);
    const hLo = Math.min(xc, x);
    const hHi = Math.max(xc, x);
    const vLo = Math.min(yc, y);
    const vHi = Math.max(yc, y);
    let land = flags & CELL_LAND;
    const xy = this.xy;
    const end = g.edgeStart[cell + 1] as number;
    for (let k = g.edgeStart[cell] as number; k < end; k++) {
      const e = 4 * (g.edgeIds[k] as number);
      const x1 = xy[e] as number;
      const y1 = xy[e + 1] as number;
      const x2 = xy[e + 2] as number;
      const y2 = xy[e + 3] as number;
      if (pointOnSegment(x, y, x1, y1, x2, y2)) return true;
      if (y1 < yc !== y2 < yc) {
        const xs =
          y1 < y2
            ? x1 + ((yc - y1) * (x2 - x1)) / (y2 - y1)
            : x2 + ((yc - y2) * (x1 - x2)) / (y1 - y2);
        if (xs > hLo && xs <= hHi) land ^= 1;
      }
      if (x1 <= x !== x2 <= x) {
        const ys = edgeYAtX(x1, y1, x2, y2, x);
        if (ys >= vLo && ys < vHi) land ^= 1;
      }
    }
    return land !== 0;
  }

  // ---- paths ----------------------------------------------------------------------------------

  /**
   * Whether the stretch of geodesic between points i0 and i1 (p and q) certainly stays in pure sea
   * cells. The stretch bows away from the chord p-q by its sagitta, measured at the midpoint;
   * twice that (the arc is nearly a parabola over a few tens of nm, so its largest deviation is
   * close to the midpoint's) widens the chord's box. Near the poles lon/lat curves too sharply
   * for that estimate, so those stretches are always tested piece by piece.
   */
  private runSurelyAtSea(
    path: DenseGeodesic,
    i0: number,
    i1: number,
    p: LatLon,
    q: LatLon,
  ): boolean {
    if (Math.abs(p.lat) > COARSE_MAX_ABS_LAT || Math.abs(q.lat) > COARSE_MAX_ABS_LAT) return false;
    const m = path.pointAtFraction((i0 + i1) / 2 / path.pieces);
    if (Math.abs(m.lat) > COARSE_MAX_ABS_LAT) return false;
    // Longitudes unwrapped relative to p, so a stretch across the antimeridian stays contiguous.
    const qx = p.lon + wrapLonDelta(q.lon - p.lon);
    const mx = p.lon + wrapLonDelta(m.lon - p.lon);
    const sagitta = Math.hypot(mx - (p.lon + qx) / 2, m.lat - (p.lat + q.lat) / 2);
    const margin = 2 * sagitta + 1e-6;
    return this.boxIsPureSea(
      Math.min(p.lon, qx, mx) - margin,
      Math.min(p.lat, q.lat, m.lat) - margin,
      Math.max(p.lon, qx, mx) + margin,
      Math.max(p.lat, q.lat, m.lat) + margin,
    );
  }

  /** Whether every cell meeting the box is pure sea; x may run past ±180 (columns wrap). */
  private boxIsPureSea(x0: number, y0: number, x1: number, y1: number): boolean {
    const g = this.grid;
    const r0 = rowOf(g, y0);
    const r1 = rowOf(g, y1);
    const c0 = Math.floor((x0 + 180) / g.cellDeg);
    const c1 = Math.floor((x1 + 180) / g.cellDeg);
    for (let r = r0; r <= r1; r++) {
      for (let cc = c0; cc <= c1; cc++) {
        const c = cc < 0 ? cc + g.cols : cc >= g.cols ? cc - g.cols : cc;
        if ((g.cells[r * g.cols + c] as number) !== 0) return false;
      }
    }
    return true;
  }

  /** Whether the straight lon/lat piece from (x1, y1) to (x2, y2) meets any coastline edge. */
  private pieceHitsLand(x1: number, y1: number, x2: number, y2: number): boolean {
    if (Math.abs(x2 - x1) <= 180) return this.segmentHitsLand(x1, y1, x2, y2);
    // The piece crosses the antimeridian: split it there.
    const x2u = x2 - Math.sign(x2 - x1) * 360;
    const side = x1 > 0 ? 180 : -180;
    const yCross = y1 + ((side - x1) / (x2u - x1)) * (y2 - y1);
    return (
      this.segmentHitsLand(x1, y1, side, yCross) || this.segmentHitsLand(-side, yCross, x2, y2)
    );
  }

  private segmentHitsLand(x1: number, y1: number, x2: number, y2: number): boolean {
    const g = this.grid;
    const c0 = colOf(g, Math.min(x1, x2));
    const c1 = colOf(g, Math.max(x1, x2));
    const r0 = rowOf(g, Math.min(y1, y2));
    const r1 = rowOf(g, Math.max(y1, y2));
    const xy = this.xy;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * g.cols + c;
        const flags = g.cells[cell] as number;
        // Pure sea: nothing to test. Pure land cells are only reachable by crossing a coast
        // cell's edge (the path starts at sea), so they need no test either.
        if ((flags & CELL_COAST) === 0) continue;
        const end = g.edgeStart[cell + 1] as number;
        for (let k = g.edgeStart[cell] as number; k < end; k++) {
          const e = 4 * (g.edgeIds[k] as number);
          if (
            segmentsIntersect(
              x1,
              y1,
              x2,
              y2,
              xy[e] as number,
              xy[e + 1] as number,
              xy[e + 2] as number,
              xy[e + 3] as number,
            )
          ) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // ---- neighbourhoods -------------------------------------------------------------------------

  /**
   * Calls visit for every edge in the cells covering all points within radiusNm of (lon, lat) in
   * the local projection (possibly more than once for an edge spanning cells), with the edge
   * shifted by a multiple of 360 degrees so that it lies on the same side of the antimeridian.
   */
  private forEachEdgeNear(
    lon: number,
    lat: number,
    radiusNm: number,
    visit: (x1: number, y1: number, x2: number, y2: number) => void,
  ): void {
    const g = this.grid;
    const dLat = radiusNm / NM_PER_DEG_LAT;
    const cosLat = Math.cos((lat * Math.PI) / 180);
    const dLon = cosLat > 1e-9 ? dLat / cosLat : 360;
    const r0 = rowOf(g, lat - dLat);
    const r1 = rowOf(g, lat + dLat);
    let c0: number;
    let c1: number;
    if (dLon >= 180) {
      c0 = 0;
      c1 = g.cols - 1;
    } else {
      c0 = Math.floor((lon - dLon + 180) / g.cellDeg);
      c1 = Math.floor((lon + dLon + 180) / g.cellDeg);
    }
    const xy = this.xy;
    for (let r = r0; r <= r1; r++) {
      for (let cc = c0; cc <= c1; cc++) {
        const c = ((cc % g.cols) + g.cols) % g.cols;
        const cell = r * g.cols + c;
        if (((g.cells[cell] as number) & CELL_COAST) === 0) continue;
        const end = g.edgeStart[cell + 1] as number;
        for (let k = g.edgeStart[cell] as number; k < end; k++) {
          const e = 4 * (g.edgeIds[k] as number);
          const x1 = xy[e] as number;
          const x2 = xy[e + 2] as number;
          const shift = lonShiftTowards(lon, (x1 + x2) / 2);
          visit(x1 + shift, xy[e + 1] as number, x2 + shift, xy[e + 3] as number);
        }
      }
    }
  }

  /** Nearest points on coastline edges within maxNm of (lon, lat), nearest first. */
  private coastPointsNear(lon: number, lat: number, maxNm: number): CoastPoint[] {
    const xScale = Math.cos((lat * Math.PI) / 180);
    const out: CoastPoint[] = [];
    this.forEachEdgeNear(lon, lat, maxNm, (x1, y1, x2, y2) => {
      const n = nearestOnSegment(lon, lat, x1, y1, x2, y2, xScale);
      const distNm = Math.sqrt(n.d2) * NM_PER_DEG_LAT;
      if (distNm > maxNm) return;
      // Unit normal of the edge in the local projection (either side; both are tried).
      const ex = (x2 - x1) * xScale;
      const ey = y2 - y1;
      const len = Math.hypot(ex, ey) || 1;
      const corner = (n.x === x1 && n.y === y1) || (n.x === x2 && n.y === y2);
      out.push({ x: n.x, y: n.y, distNm, nx: -ey / len, ny: ex / len, corner });
    });
    out.sort((p, q) => p.distNm - q.distNm);
    return out;
  }

  /**
   * A sea point with no coastline within `clearance` of it, beside coast point c. Where c lies
   * inside its edge: one clearance straight on from the query point through c (the edge's normal),
   * then back along it. Where c is a vertex, a corner of the water (a channel's end, a cut in a
   * closed bank) whose clear water lies further than one clearance off (clearance / sin(half the
   * corner's angle): 1.4 clearances for a right angle) and, for a query point off to one side, not
   * straight on: the nearest of a fan of directions about straight on, each at 1 to 3 clearances.
   * One clearance from c the disc is edge-free, so the short line from c to the point is open
   * water; further out it is not tested.
   */
  private clearSeaPointBeside(
    lon: number,
    lat: number,
    c: CoastPoint,
    clearance: number,
  ): LatLon | null {
    const xScale = Math.cos((lat * Math.PI) / 180);
    const ax = (c.x - lon) * xScale;
    // Step from c in c's own local scale, so that q's clearance check (about q) agrees.
    const cScale = Math.cos((c.y * Math.PI) / 180);
    const ay = c.y - lat;
    const alen = Math.hypot(ax, ay);
    const clearAt = (ux: number, uy: number, k: number): LatLon | null => {
      const stepDeg = (k * clearance) / NM_PER_DEG_LAT;
      const qLat = c.y + uy * stepDeg;
      if (qLat < -90 || qLat > 90) return null;
      const qLon = normalizeLon(c.x + (cScale > 1e-9 ? (ux * stepDeg) / cScale : 0));
      if (this.isLandXY(qLon, qLat)) return null;
      // Allow for the projections about c and q differing slightly.
      if (this.distanceToCoastNm({ lat: qLat, lon: qLon }, clearance) < clearance * 0.98) {
        return null;
      }
      return { lat: qLat, lon: qLon };
    };
    if (!c.corner || alen === 0) {
      const tries: Array<[number, number]> = [
        [c.nx, c.ny],
        [-c.nx, -c.ny],
      ];
      if (alen > 0) tries.unshift([ax / alen, ay / alen]);
      for (const [ux, uy] of tries) {
        const q = clearAt(ux, uy, 1);
        if (q) return q;
      }
      return null;
    }
    let best: LatLon | null = null;
    let bestD2 = Number.POSITIVE_INFINITY;
    for (const turnDeg of CORNER_TURNS_DEG) {
      const t = (turnDeg * Math.PI) / 180;
      const ux = (ax * Math.cos(t) - ay * Math.sin(t)) / alen;
      const uy = (ax * Math.sin(t) + ay * Math.cos(t)) / alen;
      for (const k of CORNER_STEPS) {
        const q = clearAt(ux, uy, k);
        if (!q) continue;
        const d2 = ((q.lon - lon) * xScale) ** 2 + (q.lat - lat) ** 2;
        if (d2 < bestD2) [best, bestD2] = [q, d2];
        break; // further along this direction is further from the query point
      }
    }
    return best;
  }
}

interface CoastPoint {
  /** Nearest point on the edge (lon may lie outside [-180, 180) near the antimeridian). */
  x: number;
  y: number;
  distNm: number;
  /** A unit normal of the edge in the local projection. */
  nx: number;
  ny: number;
  /** Whether the point is one of the edge's ends: a vertex, maybe a corner of the water. */
  corner: boolean;
}

/** The multiple of 360 that brings longitude x nearest to lon. */
function lonShiftTowards(lon: number, x: number): number {
  const d = x - lon;
  if (d > 180) return -360;
  if (d < -180) return 360;
  return 0;
}

/** A longitude difference taken the short way round, in [-180, 180]. */
function wrapLonDelta(d: number): number {
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

function clampLat(lat: number): number {
  return lat < -90 ? -90 : lat > 90 ? 90 : lat;
}
