import { type DenseGeodesic, denseGeodesic, distanceNm } from "./geodesic";
import type { LatLon } from "./types";

/**
 * A route as GeoJSON draws it. RFC 7946 §3.1.1 joins a LineString's positions by straight lines
 * in longitude and latitude, not by geodesics, so a route of long geodesic legs drawn from its
 * turning points alone strays from the legs it sails: the great circle from Rotterdam to the
 * Cape bows away from the straight lon/lat line across the Cotentin, a leg round Tsugaru across
 * Honshu. Points are added along each leg (halving it at its geodesic midpoint) until every
 * straight lon/lat piece stays within `toleranceNm` of the geodesic it stands for, and, where the
 * caller says a piece meets land (a leg taut round a headland passes it by metres), further
 * until it does not; and a line that crosses the antimeridian is cut there into a
 * MultiLineString (RFC 7946 §3.1.9).
 */

/** How far a drawn piece may lie from its leg: under the 0.05 nm the coastline's nearest-sea fallback keeps. */
export const DRAW_TOLERANCE_NM = 0.02;
/** Halvings per leg at most (2^20 pieces: never reached on Earth at this tolerance). */
const MAX_DEPTH = 20;
/** Pieces shorter than this are not halved again for land (the coastline's own precision). */
const MIN_LAND_PIECE_NM = 0.005;

export interface DrawOptions {
  toleranceNm?: number;
  /** Does the straight lon/lat piece from a to b meet land? (Pieces are short: under ~50 nm.) */
  hitsLand?: (a: LatLon, b: LatLon) => boolean;
  /** Legs (by index: points[i] to points[i + 1]) not checked for land: canals the coastline fills. */
  landUnchecked?: (leg: number) => boolean;
}

export type DrawnGeometry =
  | { type: "LineString"; coordinates: Array<[number, number]> }
  | { type: "MultiLineString"; coordinates: Array<Array<[number, number]>> };

/** The turning points of a route drawn at sea (see the module comment), longitudes in [-180, 180]. */
export function drawnLine(points: readonly LatLon[], options: DrawOptions = {}): DrawnGeometry {
  const continuous = continuousPoints(points, options);
  const parts = splitAtAntimeridian(continuous);
  const rounded = parts.map((part) => part.map(([lon, lat]) => [round6(lon), round6(lat)]));
  return rounded.length === 1
    ? { type: "LineString", coordinates: rounded[0] as Array<[number, number]> }
    : { type: "MultiLineString", coordinates: rounded as Array<Array<[number, number]>> };
}

/** The densified line with each longitude within 180 degrees of the one before (no wrap). */
function continuousPoints(
  points: readonly LatLon[],
  options: DrawOptions,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const first = points[0];
  if (!first) return out;
  out.push([first.lon, first.lat]);
  const tolerance = options.toleranceNm ?? DRAW_TOLERANCE_NM;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as LatLon;
    const b = points[i] as LatLon;
    const length = distanceNm(a, b);
    const leg: Leg = {
      line: denseGeodesic(a, b, Math.max(length, 1)),
      length,
      tolerance,
      hitsLand: options.landUnchecked?.(i - 1) ? undefined : options.hitsLand,
    };
    const aLon = (out.at(-1) as [number, number])[0];
    addPiece(leg, 0, { lat: a.lat, lon: aLon }, 1, b, 0, out);
  }
  return out;
}

interface Leg {
  /** Points along the geodesic by fraction (within 7 m of it: geodesic.ts, ANCHOR_NM). */
  line: DenseGeodesic;
  length: number;
  tolerance: number;
  hitsLand: DrawOptions["hitsLand"];
}

/**
 * Appends the piece of the leg from fraction t0 (at p, longitude as already drawn) to t1 (at q),
 * halving it while its straight lon/lat chord strays from the geodesic by more than the tolerance
 * (measured at the middle, where it strays most) or meets land.
 */
function addPiece(
  leg: Leg,
  t0: number,
  p: LatLon,
  t1: number,
  q: LatLon,
  depth: number,
  out: Array<[number, number]>,
): void {
  const qLon = p.lon + wrap180(q.lon - p.lon);
  const length = leg.length * (t1 - t0);
  if (depth < MAX_DEPTH && length > leg.tolerance) {
    const tm = (t0 + t1) / 2;
    const m = leg.line.pointAtFraction(tm);
    const mLon = p.lon + wrap180(m.lon - p.lon);
    const split =
      planarNm(m.lat, mLon, (p.lat + q.lat) / 2, (p.lon + qLon) / 2) > leg.tolerance ||
      (length > MIN_LAND_PIECE_NM &&
        leg.hitsLand !== undefined &&
        leg.hitsLand(p, { lat: q.lat, lon: qLon }));
    if (split) {
      const mid = { lat: m.lat, lon: mLon };
      addPiece(leg, t0, p, tm, mid, depth + 1, out);
      addPiece(leg, tm, mid, t1, { lat: q.lat, lon: qLon }, depth + 1, out);
      return;
    }
  }
  out.push([qLon, q.lat]);
}

/** Distance between two close points, nm (equirectangular: exact enough at tens of metres). */
function planarNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(x, lat2 - lat1) * 60;
}

/**
 * Cuts a line of continuous longitudes where it crosses ±180 (the crossing's latitude by linear
 * interpolation, exact for the straight lon/lat piece drawn), each part shifted into [-180, 180].
 */
function splitAtAntimeridian(line: Array<[number, number]>): Array<Array<[number, number]>> {
  const parts: Array<Array<[number, number]>> = [];
  let part: Array<[number, number]> = [];
  let shift = Number.NaN;
  for (let i = 0; i < line.length; i++) {
    const [lon, lat] = line[i] as [number, number];
    // The copy of the world this point is drawn in: lon + 360 k within [-180, 180].
    const k = Math.round(-lon / 360);
    if (i === 0) shift = k;
    if (k !== shift) {
      const [pLon, pLat] = line[i - 1] as [number, number];
      // The boundary between the two copies: 180 - 360 shift on the way east, its mirror west.
      const boundary = lon > pLon ? 180 - 360 * shift : -180 - 360 * shift;
      const t = (boundary - pLon) / (lon - pLon);
      const crossLat = pLat + t * (lat - pLat);
      part.push([boundary + 360 * shift, crossLat]);
      parts.push(part);
      shift = k;
      part = [[boundary + 360 * shift, crossLat]];
    }
    part.push([lon + 360 * shift, lat]);
  }
  parts.push(part);
  return parts.filter((p) => p.length >= 2);
}

const wrap180 = (d: number): number => ((((d + 180) % 360) + 360) % 360) - 180;
const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
