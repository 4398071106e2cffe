/**
 * Where a route is inside each zone: the route's segments in the lon/lat plane, the parts of each
 * segment inside each zone (via the zone index), chained into transits with entry and exit
 * points. Positions along a segment are interpolated linearly in lon/lat and times linearly in
 * the fraction of the segment, which is the same assumption the router makes within a segment
 * (constant speed).
 */
import { denseGeodesic, distanceNm, normalizeLon } from "../geo/geodesic";
import { round } from "../round";
import { segmentInside, unwrapLon } from "./geometry";
import type { ComplianceSegment, RoutePoint, ZoneTransit } from "./types";
import { forEachCell, type ZoneIndex } from "./zone-index";

/** Segments longer than this are cut along the geodesic (see geometry.ts on chord error). */
const MAX_SEGMENT_NM = 50;
const PIECE_NM = 25;
const NM_PER_DEG = 60;
const T_EPS = 1e-9;

export interface PreparedSegment {
  /** lon, lat of the start and end; bx is unwrapped against ax (may leave [-180, 180)). */
  ax: number;
  ay: number;
  bx: number;
  by: number;
  start_ms: number;
  end_ms: number;
  /** Given by the caller or computed on first use (geodesic). */
  distance_nm: number | undefined;
}

/**
 * The route as plain segments in the lon/lat plane. Long segments are cut into geodesic pieces
 * so that the straight-chord assumption holds; time and distance are shared out evenly.
 */
export function prepareRoute(segments: readonly ComplianceSegment[]): PreparedSegment[] {
  const out: PreparedSegment[] = [];
  for (const s of segments) {
    const ax = normalizeLon(s.start.lon);
    const bx = unwrapLon(normalizeLon(s.end.lon), ax);
    // A flat-earth estimate is enough to decide whether to cut.
    const roughNm =
      NM_PER_DEG *
      Math.hypot(
        s.end.lat - s.start.lat,
        (bx - ax) * Math.cos(((s.start.lat + s.end.lat) * Math.PI) / 360),
      );
    if (roughNm <= MAX_SEGMENT_NM) {
      out.push({
        ax,
        ay: s.start.lat,
        bx,
        by: s.end.lat,
        start_ms: s.start_ms,
        end_ms: s.end_ms,
        distance_nm: s.distance_nm,
      });
      continue;
    }
    const path = denseGeodesic(s.start, s.end, PIECE_NM);
    const total = s.distance_nm ?? distanceNm(s.start, s.end);
    let prev = path.point(0);
    let prevX = ax;
    for (let i = 1; i <= path.pieces; i++) {
      const p = path.point(i);
      const px = unwrapLon(p.lon, prevX);
      out.push({
        ax: prevX,
        ay: prev.lat,
        bx: px,
        by: p.lat,
        start_ms: s.start_ms + ((s.end_ms - s.start_ms) * (i - 1)) / path.pieces,
        end_ms: s.start_ms + ((s.end_ms - s.start_ms) * i) / path.pieces,
        distance_nm: total / path.pieces,
      });
      prev = p;
      prevX = normalizeLon(px);
    }
  }
  return out;
}

export function segmentDistanceNm(s: PreparedSegment): number {
  if (s.distance_nm === undefined) {
    s.distance_nm = distanceNm({ lat: s.ay, lon: s.ax }, { lat: s.by, lon: s.bx });
  }
  return s.distance_nm;
}

/** A part [t0, t1] of segment `seg` inside a zone. */
export interface Piece {
  seg: number;
  t0: number;
  t1: number;
}

/** For each zone the route enters (by zone number), its inside pieces in route order. */
export function zonePieces(
  route: readonly PreparedSegment[],
  index: ZoneIndex,
): Map<number, Piece[]> {
  const result = new Map<number, Piece[]>();
  const lastSeen = new Int32Array(index.zones.length).fill(-1);
  const candidates: number[] = [];
  const pairs: number[] = [];
  route.forEach((s, segNo) => {
    candidates.length = 0;
    forEachCell(
      Math.min(s.ax, s.bx),
      Math.max(s.ax, s.bx),
      Math.min(s.ay, s.by),
      Math.max(s.ay, s.by),
      (cell) => {
        for (const z of index.cells[cell] ?? []) {
          if (lastSeen[z] !== segNo) {
            lastSeen[z] = segNo;
            candidates.push(z);
          }
        }
      },
    );
    for (const z of candidates) {
      const zone = index.zones[z];
      if (zone === undefined) continue;
      pairs.length = 0;
      segmentInside(zone.geometry, s.ax, s.ay, s.bx, s.by, pairs);
      for (let k = 0; k < pairs.length; k += 2) {
        let list = result.get(z);
        if (list === undefined) {
          list = [];
          result.set(z, list);
        }
        list.push({ seg: segNo, t0: pairs[k] as number, t1: pairs[k + 1] as number });
      }
    }
  });
  return result;
}

/** The position and time a fraction t along a prepared segment. */
export function pointAt(
  route: readonly PreparedSegment[],
  seg: number,
  t: number,
): {
  lat: number;
  lon: number;
  ms: number;
} {
  const s = route[seg];
  if (s === undefined) throw new RangeError(`no segment ${seg}`);
  return {
    lat: s.ay + t * (s.by - s.ay),
    lon: normalizeLon(s.ax + t * (s.bx - s.ax)),
    ms: s.start_ms + t * (s.end_ms - s.start_ms),
  };
}

/** A transit with the pieces it is made of (kept for rules that look at segment speeds). */
export interface RawTransit {
  pieces: Piece[];
  entry: { seg: number; t: number };
  exit: { seg: number; t: number };
  distance_nm: number;
  hours: number;
  entry_ms: number;
  exit_ms: number;
}

/**
 * Chains inside pieces into transits: a piece that ends at the end of its segment continues into
 * a piece that starts at the start of the next one.
 */
export function chainTransits(
  route: readonly PreparedSegment[],
  pieces: readonly Piece[],
): RawTransit[] {
  const out: RawTransit[] = [];
  let current: Piece[] = [];
  const flush = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    if (first === undefined || last === undefined) return;
    let distance = 0;
    let ms = 0;
    for (const p of current) {
      const s = route[p.seg] as PreparedSegment;
      distance += (p.t1 - p.t0) * segmentDistanceNm(s);
      ms += (p.t1 - p.t0) * (s.end_ms - s.start_ms);
    }
    out.push({
      pieces: current,
      entry: { seg: first.seg, t: first.t0 },
      exit: { seg: last.seg, t: last.t1 },
      distance_nm: distance,
      hours: ms / 3_600_000,
      entry_ms: pointAt(route, first.seg, first.t0).ms,
      exit_ms: pointAt(route, last.seg, last.t1).ms,
    });
    current = [];
  };
  for (const p of pieces) {
    const last = current[current.length - 1];
    const continues =
      last !== undefined && p.seg === last.seg + 1 && last.t1 >= 1 - T_EPS && p.t0 <= T_EPS;
    if (!continues) flush();
    current.push(p);
  }
  flush();
  return out;
}

/** A transit in the report's shape (rounded for the API). */
export function reportTransit(route: readonly PreparedSegment[], raw: RawTransit): ZoneTransit {
  const lastSeg = route.length - 1;
  const startsInside = raw.entry.seg === 0 && raw.entry.t <= T_EPS;
  const endsInside = raw.exit.seg === lastSeg && raw.exit.t >= 1 - T_EPS;
  return {
    entry: routePoint(route, raw.entry.seg, raw.entry.t, !startsInside),
    exit: routePoint(route, raw.exit.seg, raw.exit.t, !endsInside),
    distance_nm: round(raw.distance_nm, 2),
    hours: round(raw.hours, 3),
  };
}

function routePoint(
  route: readonly PreparedSegment[],
  seg: number,
  t: number,
  onBoundary: boolean,
): RoutePoint {
  const p = pointAt(route, seg, t);
  return {
    lat: round(p.lat, 5),
    lon: round(p.lon, 5),
    time_utc: new Date(Math.round(p.ms)).toISOString(),
    on_boundary: onBoundary,
  };
}
