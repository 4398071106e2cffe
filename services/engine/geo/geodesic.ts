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

/** distanceNm and initialCourseDeg of one geodesic, from one solution of the inverse problem. */
export function distanceAndCourse(a: LatLon, b: LatLon): { distanceNm: number; courseDeg: number } {
  const r = WGS84.Inverse(a.lat, a.lon, b.lat, b.lon, Geodesic.DISTANCE | Geodesic.AZIMUTH);
  return { distanceNm: (r.s12 ?? 0) / METRES_PER_NM, courseDeg: normalizeCourse(r.azi1 ?? 0) };
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

/** The middle of the geodesic from a to b (a lat/lon midpoint lies off it on long legs). */
export function geodesicMidpoint(a: LatLon, b: LatLon): LatLon {
  const { distanceNm: nm, courseDeg } = distanceAndCourse(a, b);
  return destination(a, courseDeg, nm / 2);
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

/** A piece of a geodesic: its ends, its length and its course where it begins. */
export interface GeodesicPiece {
  start: LatLon;
  end: LatLon;
  distanceNm: number;
  courseDeg: number;
}

/**
 * The geodesic from a to b cut into as many equal pieces as densify cuts it into, each with its
 * exact length and initial course. The points are GeographicLib's own along one line (equal steps
 * of arc on the auxiliary sphere, as densify's anchors are), so a piece's length and course come
 * from the line, without solving the inverse problem once per piece (several times dearer).
 */
export function geodesicPieces(a: LatLon, b: LatLon, stepNm: number): GeodesicPiece[] {
  const line = WGS84.InverseLine(a.lat, a.lon, b.lat, b.lon, LINE_CAPS);
  const pieces = new AnchoredGeodesic(a, b, stepNm, line).pieces;
  const at = (k: number) => {
    if (k === 0) return { point: denseEnd(a), s: 0, azi: line.azi1 };
    if (k === pieces) return { point: denseEnd(b), s: line.s13 ?? 0, azi: 0 };
    const q = line.ArcPosition((line.a13 * k) / pieces, LINE_CAPS);
    return {
      point: { lat: q.lat2 ?? 0, lon: normalizeLon(q.lon2 ?? 0) },
      s: q.s12 ?? 0,
      azi: q.azi2 ?? 0,
    };
  };
  const out: GeodesicPiece[] = [];
  let from = at(0);
  for (let k = 1; k <= pieces; k++) {
    const to = at(k);
    out.push({
      start: from.point,
      end: to.point,
      distanceNm: (to.s - from.s) / METRES_PER_NM,
      courseDeg: normalizeCourse(from.azi),
    });
    from = to;
  }
  return out;
}

const LINE_CAPS = Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.AZIMUTH | Geodesic.DISTANCE;
const denseEnd = (p: LatLon): LatLon => ({ lat: p.lat, lon: normalizeLon(p.lon) });

/** The geodesic from a to b cut into `pieces` equal pieces of at most stepNm, evaluated lazily. */
export interface DenseGeodesic {
  readonly pieces: number;
  /** Point i of 0..pieces: point(0) is a and point(pieces) is b, exactly. */
  point(i: number): LatLon;
  /** The point a fraction t of the way along (by arc on the auxiliary sphere). */
  pointAtFraction(t: number): LatLon;
}

/**
 * Anchor spacing for denseGeodesic. Between two points of a WGS84 geodesic this close, the great
 * circle through them (geodetic latitude and longitude taken as spherical) lies within 7 m of the
 * geodesic (measured against GeographicLib over 2,000 random legs: 0.27 m at 20 nm, 1.1 m at
 * 40 nm, 6.8 m at 100 nm, 27 m at 200 nm): far inside the 1:10m coastline's own accuracy, and
 * well inside the 1 nm steps the finest land test takes.
 */
const ANCHOR_NM = 100;
/**
 * A geodesic is at most (1 + f) times the spherical arc a * psi between its ends (psi the central
 * angle between the geodetic unit vectors; 1.00336 measured over 200,000 random legs); twice the
 * flattening keeps a margin, so pieces counted from the arc never exceed the step.
 */
const ARC_TO_GEODESIC = 1 + 2 * WGS84.f;
const RAD = Math.PI / 180;
/** Degrees of arc on the auxiliary sphere per nautical mile at the semi-major axis. */
const ARC_DEG_PER_NM = METRES_PER_NM / WGS84.a / RAD;
const LAT_LON = Geodesic.LATITUDE | Geodesic.LONGITUDE;
type GeodesicLine = ReturnType<typeof WGS84.InverseLine>;

/**
 * The points are equally spaced along the geodesic: exact WGS84 points (GeographicLib's
 * ArcPosition, equal steps of arc on Karney's auxiliary sphere) at most ANCHOR_NM apart, and
 * between two anchors the great circle through them, to within 7 m. An ArcPosition costs
 * several times a spherical interpolation, and a leg shorter than ANCHOR_NM needs no GeographicLib
 * call at all; routing densifies hundreds of legs per route to test them against land.
 */
export function denseGeodesic(a: LatLon, b: LatLon, stepNm: number): DenseGeodesic {
  if (!(stepNm > 0)) throw new RangeError(`stepNm must be positive, got ${stepNm}`);
  return new AnchoredGeodesic(a, b, stepNm);
}

class AnchoredGeodesic implements DenseGeodesic {
  readonly pieces: number;
  private readonly intervals: number = 1;
  /**
   * Per anchor, its unit vector (three numbers), then per interval the angle between its anchors
   * and 1 / its sine: NaN until computed. One array, since typed arrays are dear to allocate and
   * most legs are one interval.
   */
  private readonly table: Float64Array;
  private readonly line: GeodesicLine | undefined;

  constructor(
    private readonly a: LatLon,
    private readonly b: LatLon,
    stepNm: number,
    /** The geodesic's line, when the caller has solved it already (with at least LAT_LON). */
    line?: GeodesicLine,
  ) {
    const ax = unitX(a.lat, a.lon);
    const ay = unitY(a.lat, a.lon);
    const az = Math.sin(a.lat * RAD);
    const bx = unitX(b.lat, b.lon);
    const by = unitY(b.lat, b.lon);
    const bz = Math.sin(b.lat * RAD);
    const angle = angleBetween(ax, ay, az, bx, by, bz);
    const sphericalNm = (WGS84.a * angle) / METRES_PER_NM;
    if (sphericalNm <= ANCHOR_NM / ARC_TO_GEODESIC) {
      this.pieces = Math.max(1, Math.ceil((sphericalNm * ARC_TO_GEODESIC) / stepNm));
      this.table = Float64Array.of(ax, ay, az, bx, by, bz, angle, inverseSine(angle));
      return;
    }
    this.line = line ?? WGS84.InverseLine(a.lat, a.lon, b.lat, b.lon, LAT_LON);
    // Along a geodesic ds/dsigma lies between the semi-minor and semi-major axes, so an arc step
    // of stepNm / a never exceeds stepNm on the ellipsoid.
    const arcDeg = this.line.a13;
    this.pieces = Math.max(1, Math.ceil(arcDeg / (stepNm * ARC_DEG_PER_NM)));
    const n = Math.max(1, Math.ceil(arcDeg / (ANCHOR_NM * ARC_DEG_PER_NM)));
    this.intervals = n;
    this.table = new Float64Array(5 * n + 3).fill(Number.NaN);
    this.table.set([ax, ay, az], 0);
    this.table.set([bx, by, bz], 3 * n);
  }

  point(i: number): LatLon {
    if (i <= 0) return { lat: this.a.lat, lon: normalizeLon(this.a.lon) };
    if (i >= this.pieces) return { lat: this.b.lat, lon: normalizeLon(this.b.lon) };
    return this.pointAtFraction(i / this.pieces);
  }

  pointAtFraction(t: number): LatLon {
    const n = this.intervals;
    const u = Math.min(n, Math.max(0, t * n));
    const j = Math.min(n - 1, Math.floor(u));
    const v = this.table;
    const k = 3 * j;
    if (Number.isNaN(v[k] as number)) this.anchor(j);
    if (Number.isNaN(v[k + 3] as number)) this.anchor(j + 1);
    const ux = v[k] as number;
    const uy = v[k + 1] as number;
    const uz = v[k + 2] as number;
    const wx = v[k + 3] as number;
    const wy = v[k + 4] as number;
    const wz = v[k + 5] as number;
    const m = 3 * n + 3 + 2 * j;
    let omega = v[m] as number;
    if (Number.isNaN(omega)) {
      omega = angleBetween(ux, uy, uz, wx, wy, wz);
      v[m] = omega;
      v[m + 1] = inverseSine(omega);
    }
    const f = u - j;
    let p = 1 - f;
    let q = f;
    if (omega >= TINY_ANGLE) {
      const inv = v[m + 1] as number;
      p = Math.sin(p * omega) * inv;
      q = Math.sin(q * omega) * inv;
    }
    const x = p * ux + q * wx;
    const y = p * uy + q * wy;
    const z = p * uz + q * wz;
    return {
      lat: Math.atan2(z, Math.sqrt(x * x + y * y)) / RAD,
      lon: normalizeLon(Math.atan2(y, x) / RAD),
    };
  }

  /** Computes anchor j exactly (only long legs have inner anchors, and only they have a line). */
  private anchor(j: number): void {
    const line = this.line as GeodesicLine;
    const q = line.ArcPosition((line.a13 * j) / this.intervals, LAT_LON);
    const lat = q.lat2 ?? 0;
    const lon = q.lon2 ?? 0;
    this.table[3 * j] = unitX(lat, lon);
    this.table[3 * j + 1] = unitY(lat, lon);
    this.table[3 * j + 2] = Math.sin(lat * RAD);
  }
}

/** Below this angle (radians) two anchors are the same point and interpolation is linear. */
const TINY_ANGLE = 1e-12;
const inverseSine = (angle: number) => (angle < TINY_ANGLE ? 0 : 1 / Math.sin(angle));

const unitX = (lat: number, lon: number) => Math.cos(lat * RAD) * Math.cos(lon * RAD);
const unitY = (lat: number, lon: number) => Math.cos(lat * RAD) * Math.sin(lon * RAD);

/** The angle between two unit vectors, accurate for small angles too (atan2 of |u x w| and u . w). */
function angleBetween(
  ux: number,
  uy: number,
  uz: number,
  wx: number,
  wy: number,
  wz: number,
): number {
  const cx = uy * wz - uz * wy;
  const cy = uz * wx - ux * wz;
  const cz = ux * wy - uy * wx;
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ux * wx + uy * wy + uz * wz);
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
