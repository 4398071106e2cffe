/**
 * WGS84 geodesics (the shortest path on the ellipsoid, what "great circle" means for a ship) via
 * GeographicLib, which implements C. F. F. Karney, "Algorithms for geodesics", Journal of
 * Geodesy 87(1), 43-55 (2013), https://doi.org/10.1007/s00190-012-0578-z: accurate to about
 * 15 nm (nanometres) for any pair of points, including nearly antipodal ones.
 */
import geographiclib from "geographiclib-geodesic";
import type { LatLon } from "./types";

// The package is CommonJS without statically detectable named exports, so Node's ESM loader only
// offers the default export (module.exports); its bundled typings describe that object.
const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** The international nautical mile, exactly. */
export const METRES_PER_NM = 1852;

/** Longitude in degrees normalised to [-180, 180). */
export function normalizeLon(lon: number): number {
  if (lon >= -180 && lon < 180) return lon + 0; // the common case; + 0 turns -0 into 0
  const x = ((((lon + 180) % 360) + 360) % 360) - 180;
  // -0 and values that round up to 180 both belong to the canonical half-open interval.
  return x === 180 ? -180 : x + 0;
}

/** Geodesic distance in nautical miles. */
export function distanceNm(a: LatLon, b: LatLon): number {
  const r = WGS84.Inverse(a.lat, a.lon, b.lat, b.lon, Geodesic.DISTANCE);
  return (r.s12 ?? 0) / METRES_PER_NM;
}

/** Initial true course (forward azimuth at a) from a to b in degrees, [0, 360). */
export function initialCourseDeg(a: LatLon, b: LatLon): number {
  const r = WGS84.Inverse(a.lat, a.lon, b.lat, b.lon, Geodesic.AZIMUTH);
  return normalizeCourse(r.azi1 ?? 0);
}

/** The point reached by sailing the geodesic from p on initial course `courseDeg` for `nm`. */
export function destination(p: LatLon, courseDeg: number, nm: number): LatLon {
  const r = WGS84.Direct(
    p.lat,
    p.lon,
    courseDeg,
    nm * METRES_PER_NM,
    Geodesic.LATITUDE | Geodesic.LONGITUDE,
  );
  return { lat: r.lat2 ?? p.lat, lon: normalizeLon(r.lon2 ?? p.lon) };
}

/**
 * Points along the geodesic from a to b, both ends included (exactly as given, longitudes
 * normalised), at most `stepNm` apart.
 */
export function densify(a: LatLon, b: LatLon, stepNm: number): LatLon[] {
  const path = denseGeodesic(a, b, stepNm);
  const points: LatLon[] = [];
  for (let i = 0; i <= path.pieces; i++) points.push(path.point(i));
  return points;
}

/** The geodesic from a to b cut into `pieces` equal pieces of at most stepNm, evaluated lazily. */
export interface DenseGeodesic {
  readonly pieces: number;
  /** Point i of 0..pieces: point(0) is a and point(pieces) is b, exactly. */
  point(i: number): LatLon;
  /** The point a fraction t of the way along (by arc on the auxiliary sphere). */
  pointAtFraction(t: number): LatLon;
}

/**
 * The points are equally spaced in arc length on Karney's auxiliary sphere (ArcPosition is about
 * twice as fast as Position, which must first solve for the arc). Along a geodesic ds/dsigma lies
 * between the semi-minor and semi-major axes, so an arc step of stepNm / a never exceeds stepNm on
 * the ellipsoid; the pieces are equal in length to within the flattening (0.3 %).
 */
export function denseGeodesic(a: LatLon, b: LatLon, stepNm: number): DenseGeodesic {
  if (!(stepNm > 0)) throw new RangeError(`stepNm must be positive, got ${stepNm}`);
  const line = WGS84.InverseLine(
    a.lat,
    a.lon,
    b.lat,
    b.lon,
    Geodesic.LATITUDE | Geodesic.LONGITUDE,
  );
  const arcDeg = line.a13;
  const stepArcDeg = ((stepNm * METRES_PER_NM) / WGS84.a) * (180 / Math.PI);
  const pieces = Math.max(1, Math.ceil(arcDeg / stepArcDeg));
  const at = (t: number): LatLon => {
    const q = line.ArcPosition(arcDeg * t, Geodesic.LATITUDE | Geodesic.LONGITUDE);
    return { lat: q.lat2 ?? 0, lon: normalizeLon(q.lon2 ?? 0) };
  };
  return {
    pieces,
    point(i) {
      if (i <= 0) return { lat: a.lat, lon: normalizeLon(a.lon) };
      if (i >= pieces) return { lat: b.lat, lon: normalizeLon(b.lon) };
      return at(i / pieces);
    },
    pointAtFraction: at,
  };
}

/** Total geodesic length of a polyline in nautical miles. */
export function pathLengthNm(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: indices are within bounds by the loop condition.
    total += distanceNm(points[i - 1]!, points[i]!);
  }
  return total;
}

function normalizeCourse(deg: number): number {
  const c = ((deg % 360) + 360) % 360;
  return c === 360 ? 0 : c + 0;
}
