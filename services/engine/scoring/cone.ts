/**
 * The ensemble cone: a polygon enclosing the central `share` (default 80%) of the spatial spread
 * of an ensemble's routes, like a hurricane forecast cone laid along the voyage.
 *
 * Method (pure, deterministic; spherical Earth, ample for a corridor tens of miles wide):
 * 1. Centreline: every member is resampled at common progress fractions (share of its own
 *    length); each station is the member median of latitude and of (continuous) longitude, then
 *    moved sideways to the middle of the central `share` of the members there, and smoothed.
 *    A few outlier members do not pull it, and an ensemble split round a storm gets a centreline
 *    between its branches rather than along one of them (a plain median would follow one).
 * 2. Every point of every member is mapped to its nearest place on the centreline (great-circle
 *    pieces): a station and a signed cross-track distance (left positive).
 * 3. Per station, the left and right half-widths are the equal-tail quantiles (1 ± share) / 2 of
 *    the cross-track distances of the points of that station and its neighbours (pooled until
 *    there are enough), smoothed along the line and at least `minHalfWidthNm` (so an ensemble
 *    without spread still gets a corridor); each end is capped with a half-ellipse reaching as
 *    far as the points beyond it.
 * 4. The ring is the left offset line forward, the end cap, the right offset line back and the
 *    start cap. Offsets are taken perpendicular to the direction of travel over a baseline about
 *    as long as the corridor is wide (so wiggles of the centreline do not become saw teeth), and
 *    self-crossings (the inner side of a sharp turn) are cut out, keeping the larger part.
 * 5. The share of all member points inside the ring is measured with a point-in-polygon test on
 *    the output itself, and all half-widths are scaled by one factor (never below the minimum) to
 *    the smallest that still contains `share` of the points: geometric steps up when short, then
 *    a bisection. `contained_share` is that measurement.
 *
 * Output: a GeoJSON-style Polygon, one exterior ring of [lon, lat], counter-clockwise, closed.
 * Longitudes are continuous from the first point of the first member (not split at the
 * antimeridian), so a ring across 180° holds longitudes above 180 or below -180; a consumer that
 * needs RFC 7946 antimeridian cutting must split it. A point counts as inside when it is inside
 * in that plane with its longitude moved by the multiple of 360 that brings it nearest the
 * centreline there.
 *
 * Limits: times (t_ms) are not used, the cone is spatial (late members share it). Members are
 * expected to share their origin and destination (one voyage): members ending far apart give a
 * loose, odd-shaped end. Routes within a few degrees of a pole, routes that loop back over
 * themselves and turns much sharper than the corridor is wide give a valid but looser polygon
 * (crossings are cut, not rebuilt; the outside of a sharp corner is cut by a chord, which the
 * scaling pays for). A centreline that does not move (all points in one place) gives a circle.
 * Cost: one nearest-piece search per point (pruned by bounding balls) and ~12 ring builds with
 * point-in-polygon tests: ~50-150 ms for 31 members of 200 points, under 1 s for 100,000 points.
 */

export interface ConePoint {
  lat: number;
  lon: number;
  t_ms: number;
}

export interface EnsembleConeOptions {
  /** Share of all member points the cone must contain, in (0, 1]; default 0.8. */
  share?: number;
  /**
   * Stations along the centreline, 2..2000; default from the median member length, about one per
   * 50 nm, 16..200.
   */
  stations?: number;
  /** Smallest half-width either side of the centreline, nm; default 5. */
  minHalfWidthNm?: number;
}

export interface EnsembleCone {
  type: "Polygon";
  /** One closed exterior ring of [lon, lat], continuous longitudes (see the module comment). */
  coordinates: number[][][];
  /** The share asked for. */
  share: number;
  /**
   * Share of all member points inside the returned ring (point-in-polygon): >= share (short of it
   * only if even 7000-fold widths could not reach it, which no real ensemble comes near).
   */
  contained_share: number;
}

/** Mean Earth radius (IUGG, 6371.0088 km) in nautical miles. */
const EARTH_RADIUS_NM = 6371.0088 / 1.852;
const DEG = Math.PI / 180;
const DEFAULT_SHARE = 0.8;
const DEFAULT_MIN_HALF_WIDTH_NM = 5;
const STATION_SPACING_NM = 50;
const MIN_STATIONS = 16;
const MAX_STATIONS = 200;
/** Most stations a caller may ask for (the crossing cut is quadratic in the ring's size). */
const MAX_STATIONS_OPTION = 2000;
/**
 * Points a station's width is estimated from, at least (neighbours pooled until reached): this
 * many per member, and never fewer than MIN_POOL.
 */
const POOL_PER_MEMBER = 3;
const MIN_POOL = 24;
/** Every station pools at least stations / this many neighbours each side. */
const POOL_MIN_REACH_DIVISOR = 30;
/** Passes of a [1, 2, 1] filter over the widths (4 passes: a Gaussian of ~1.4 stations). */
const SMOOTH_PASSES = 4;
/** Vertices per quarter of an end cap. */
const CAP_STEPS = 6;
/** Fitting the scale of the widths: geometric steps up (at most ~7000-fold), then bisection. */
const WIDEN_FACTOR = 1.25;
const WIDEN_MAX_STEPS = 40;
const BISECT_STEPS = 7;
/** Stations closer than this (radians, ~0.1 m) are merged. */
const SAME_PLACE_RAD = 1e-8;
/** Output coordinates are rounded to 1e-6 degree (~0.1 m). */
const COORD_DECIMALS = 6;

type Vec = [number, number, number];
type XY = [number, number];

const get = <T>(a: readonly T[], i: number): T => a[i] as T;

export function ensembleCone(
  members: ReadonlyArray<ReadonlyArray<ConePoint>>,
  options: EnsembleConeOptions = {},
): EnsembleCone {
  const share = options.share ?? DEFAULT_SHARE;
  if (!(share > 0 && share <= 1)) {
    throw new RangeError(`ensembleCone: share must be in (0, 1], got ${share}`);
  }
  const minW = options.minHalfWidthNm ?? DEFAULT_MIN_HALF_WIDTH_NM;
  if (!(minW > 0 && Number.isFinite(minW))) {
    throw new RangeError(`ensembleCone: minHalfWidthNm must be positive, got ${minW}`);
  }
  if (
    options.stations !== undefined &&
    !(
      Number.isInteger(options.stations) &&
      options.stations >= 2 &&
      options.stations <= MAX_STATIONS_OPTION
    )
  ) {
    throw new RangeError(
      `ensembleCone: stations must be an integer in [2, ${MAX_STATIONS_OPTION}], got ${options.stations}`,
    );
  }

  const tracks = buildTracks(members);
  const lon0 = get(get(tracks, 0).lon, 0);
  const medianLengthNm = median(tracks.map((t) => t.total)) * EARTH_RADIUS_NM;
  const stationCount =
    options.stations ??
    Math.min(
      MAX_STATIONS,
      Math.max(MIN_STATIONS, Math.ceil(medianLengthNm / STATION_SPACING_NM) + 1),
    );

  const line = centreline(tracks, stationCount, lon0, share);
  const points = tracks.flatMap((t) => t.vec);
  const pointLonLat = tracks.flatMap((t) => t.lat.map((lat, i): XY => [get(t.lon, i), lat]));

  if (line.vec.length < 2) {
    return circleCone(get(line.vec, 0), get(line.lon, 0), points, pointLonLat, share, minW);
  }

  const geometry = lineGeometry(line);
  let hint = 0;
  const placed = points.map((p) => {
    const at = place(p, geometry, hint);
    hint = at.piece;
    return at;
  });
  // Points in the plane of the ring: longitude moved to within 180° of the centreline there.
  const planar = placed.map((pl, i): XY => {
    const [lon, lat] = get(pointLonLat, i);
    return [unwrapNear(lon, get(line.lon, pl.station)), lat];
  });
  const pool = Math.max(MIN_POOL, POOL_PER_MEMBER * tracks.length);
  const widths = stationWidths(placed, line.vec.length, share, minW, pool);
  const build = (scale: number) => coneRing(geometry, widths, scale);
  return fitScale(build, planar, share);
}

// --- Members -------------------------------------------------------------------------------

interface Track {
  vec: Vec[];
  lat: number[];
  /** Longitudes unwrapped continuously along the member (first one near the reference). */
  lon: number[];
  /** Cumulative central angle at each point, radians. */
  cum: number[];
  total: number;
}

function buildTracks(members: ReadonlyArray<ReadonlyArray<ConePoint>>): Track[] {
  const tracks: Track[] = [];
  let reference: number | undefined;
  members.forEach((member, m) => {
    if (member.length === 0) return;
    const vec: Vec[] = [];
    const lat: number[] = [];
    const lon: number[] = [];
    const cum: number[] = [];
    member.forEach((p, i) => {
      if (!(Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90)) {
        throw new RangeError(
          `ensembleCone: member ${m} point ${i} is not a valid position (${p.lat}, ${p.lon})`,
        );
      }
      const v = toVec(p.lat, p.lon);
      const prevLon = i === 0 ? (reference ?? p.lon) : get(lon, i - 1);
      lon.push(unwrapNear(p.lon, prevLon));
      lat.push(p.lat);
      cum.push(i === 0 ? 0 : get(cum, i - 1) + angle(get(vec, i - 1), v));
      vec.push(v);
    });
    reference ??= get(lon, 0);
    tracks.push({ vec, lat, lon, cum, total: get(cum, cum.length - 1) });
  });
  if (tracks.length === 0) {
    throw new RangeError(
      `ensembleCone: no route points (${members.length} members, all empty); need at least one`,
    );
  }
  return tracks;
}

/** The member's position a fraction f of the way along it (by length), slerped. */
function positionAt(track: Track, f: number): Vec {
  const n = track.vec.length;
  if (n === 1 || track.total === 0) return get(track.vec, 0);
  const target = f * track.total;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (get(track.cum, mid) <= target) lo = mid;
    else hi = mid;
  }
  const a = get(track.vec, lo);
  const b = get(track.vec, hi);
  const span = get(track.cum, hi) - get(track.cum, lo);
  if (span <= 0) return a;
  return slerp(a, b, Math.min(1, Math.max(0, (target - get(track.cum, lo)) / span)));
}

// --- Centreline ----------------------------------------------------------------------------

interface Line {
  vec: Vec[];
  /** Continuous longitudes of the stations. */
  lon: number[];
}

function centreline(tracks: readonly Track[], count: number, lon0: number, share: number): Line {
  // The members' positions at common progress fractions, and their median.
  const samples: Vec[][] = [];
  const medians: Vec[] = [];
  let ref = lon0;
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1);
    const at = tracks.map((t) => positionAt(t, f));
    const lats: number[] = [];
    const lons: number[] = [];
    for (const v of at) {
      const [lat, lon] = toLatLon(v);
      lats.push(lat);
      lons.push(unwrapNear(lon, ref));
    }
    const lon = median(lons);
    samples.push(at);
    medians.push(toVec(median(lats), lon));
    ref = lon;
  }
  // Two passes of a [1, 2, 1] filter on the interior take out the jitter of the medians.
  const median2 = smoothLine(medians, 2);
  // Recentred: each station moves sideways to the middle of the central `share` of the members
  // there (the median of a split ensemble would follow one branch; this runs between them).
  const lo = (1 - share) / 2;
  const hi = (1 + share) / 2;
  const lefts = median2.map((c, i) =>
    leftNormal(get(median2, Math.max(0, i - 1)), c, get(median2, Math.min(count - 1, i + 1))),
  );
  const shifts = median2.map((_, i) => {
    const nl = get(lefts, i);
    if (nl === undefined) return 0;
    const x = get(samples, i)
      .map((p) => Math.asin(clamp1(dot(p, nl))))
      .sort((a, b) => a - b);
    return (quantileSorted(x, lo) + quantileSorted(x, hi)) / 2;
  });
  const smoothShifts = smoothValues(shifts, SMOOTH_PASSES);
  const centred = median2.map((c, i) => {
    const nl = get(lefts, i);
    return nl === undefined ? c : offset(c, nl, get(smoothShifts, i));
  });
  const smooth = smoothLine(centred, 2);

  const vec: Vec[] = [];
  const lon: number[] = [];
  for (const v of smooth) {
    const last = vec.at(-1);
    if (last !== undefined && angle(last, v) < SAME_PLACE_RAD) continue;
    const [, l] = toLatLon(v);
    lon.push(unwrapNear(l, lon.at(-1) ?? lon0));
    vec.push(v);
  }
  // A dropped last station would lose the destination: the last kept one takes its place.
  const end = get(smooth, smooth.length - 1);
  if (vec.length > 1 && get(vec, vec.length - 1) !== end) {
    vec[vec.length - 1] = end;
    lon[lon.length - 1] = unwrapNear(toLatLon(end)[1], get(lon, lon.length - 1));
  }
  return { vec, lon };
}

/** Passes of a [1, 2, 1] filter over the interior of a line of unit vectors (ends kept). */
function smoothLine(line: readonly Vec[], passes: number): Vec[] {
  let out = [...line];
  for (let pass = 0; pass < passes; pass++) {
    const prev = out;
    out = prev.map((v, i) =>
      i === 0 || i === prev.length - 1
        ? v
        : normalize(add(add(get(prev, i - 1), scale(v, 2)), get(prev, i + 1))),
    );
  }
  return out;
}

/**
 * The unit normal to the left of travel at c, travel being the direction from `before` to
 * `after` (seen from c); undefined when they coincide.
 */
function leftNormal(before: Vec, c: Vec, after: Vec): Vec | undefined {
  const d = sub(after, before);
  const along = sub(d, scale(c, dot(d, c)));
  const n = norm(along);
  if (!(n > 1e-15)) return undefined;
  return normalize(cross(c, scale(along, 1 / n)));
}

/** A piece of the centreline: the great-circle arc from a to b. */
interface Piece {
  a: Vec;
  b: Vec;
  /** Unit normal of the great circle (left of travel) and the unit direction of travel at a. */
  n: Vec;
  u: Vec;
  /** Length, radians. */
  len: number;
  /** Midpoint of the arc and the chord length from it to the ends (a bounding ball). */
  mid: Vec;
  ball: number;
}

interface Geometry {
  line: Line;
  pieces: Piece[];
  /** Mean length of a piece, nm. */
  spacingNm: number;
}

function lineGeometry(line: Line): Geometry {
  const pieces: Piece[] = [];
  for (let k = 0; k < line.vec.length - 1; k++) {
    const a = get(line.vec, k);
    const b = get(line.vec, k + 1);
    const n = normalize(cross(a, b));
    const len = angle(a, b);
    pieces.push({
      a,
      b,
      n,
      u: cross(n, a),
      len,
      mid: normalize(add(a, b)),
      ball: 2 * Math.sin(len / 4) * (1 + 1e-9),
    });
  }
  const spacingNm = (pieces.reduce((sum, q) => sum + q.len, 0) / pieces.length) * EARTH_RADIUS_NM;
  return { line, pieces, spacingNm };
}

/**
 * The left normal and the direction of travel at each station for a ring with the given
 * half-widths (nm). Travel is taken over a baseline of +-k stations with k about the half-width
 * over the station spacing, so that a wide corridor does not magnify the small wiggles of the
 * centreline into saw teeth along its edges.
 */
function stationFrames(
  g: Geometry,
  halfWidthNm: (i: number) => number,
): { left: Vec[]; forward: Vec[] } {
  const { vec } = g.line;
  const n = vec.length;
  const kMax = Math.max(1, Math.floor((n - 1) / 4));
  const left: Vec[] = [];
  const forward: Vec[] = [];
  for (let i = 0; i < n; i++) {
    const c = get(vec, i);
    let nl: Vec | undefined;
    const k0 = Math.min(kMax, Math.max(1, Math.ceil(halfWidthNm(i) / g.spacingNm)));
    for (let k = k0; nl === undefined && k <= n; k++) {
      nl = leftNormal(get(vec, Math.max(0, i - k)), c, get(vec, Math.min(n - 1, i + k)));
    }
    // A line that comes back to where it started: any normal will do.
    nl ??= normalize(sub([0, 0, 1], scale(c, c[2])));
    if (!Number.isFinite(nl[0])) nl = [0, 1, 0];
    left.push(nl);
    forward.push(normalize(cross(nl, c)));
  }
  return { left, forward };
}

// --- Points on the centreline --------------------------------------------------------------

interface Placed {
  station: number;
  /** Signed cross-track distance, nm, left positive. */
  cross: number;
  /** Along-track distance beyond the start (-1) or end (+1) of the line, nm; 0 elsewhere. */
  overshoot: number;
  end: -1 | 0 | 1;
}

/** The nearest place on the centreline; `hint` (a piece index) is tried first. */
function place(p: Vec, g: Geometry, hint: number): Placed & { piece: number } {
  const pieces = g.pieces;
  let best = Number.POSITIVE_INFINITY;
  let bestChord = Number.POSITIVE_INFINITY;
  let bestK = -1;
  for (let step = -1; step < pieces.length; step++) {
    if (step === hint) continue; // done first
    const k = step === -1 ? hint : step;
    const q = get(pieces, k);
    // No point of the piece is nearer than its bounding ball allows (chord lengths).
    const lower = Math.hypot(p[0] - q.mid[0], p[1] - q.mid[1], p[2] - q.mid[2]) - q.ball;
    if (lower > bestChord) continue;
    const d = pieceDistance(p, q);
    if (d < best) {
      best = d;
      bestChord = 2 * Math.sin(Math.min(best, Math.PI) / 2);
      bestK = k;
    }
  }
  const k = bestK;
  const q = get(pieces, k);
  const side = dot(p, q.n);
  const along = Math.atan2(dot(p, q.u), dot(p, q.a));
  const last = pieces.length - 1;
  const crossNm = Math.asin(clamp1(side)) * EARTH_RADIUS_NM;
  if (along < 0) {
    return k === 0
      ? { piece: k, station: 0, cross: crossNm, overshoot: -along * EARTH_RADIUS_NM, end: -1 }
      : {
          piece: k,
          station: k,
          cross: signOf(side) * best * EARTH_RADIUS_NM,
          overshoot: 0,
          end: 0,
        };
  }
  if (along > q.len) {
    return k === last
      ? {
          piece: k,
          station: k + 1,
          cross: crossNm,
          overshoot: (along - q.len) * EARTH_RADIUS_NM,
          end: 1,
        }
      : {
          piece: k,
          station: k + 1,
          cross: signOf(side) * best * EARTH_RADIUS_NM,
          overshoot: 0,
          end: 0,
        };
  }
  return { piece: k, station: along < q.len / 2 ? k : k + 1, cross: crossNm, overshoot: 0, end: 0 };
}

/** Central angle from p to the nearest point of the piece, radians. */
function pieceDistance(p: Vec, q: Piece): number {
  const along = Math.atan2(dot(p, q.u), dot(p, q.a));
  if (along < 0) return angle(p, q.a);
  if (along > q.len) return angle(p, q.b);
  return Math.abs(Math.asin(clamp1(dot(p, q.n))));
}

// --- Widths --------------------------------------------------------------------------------

interface Widths {
  left: number[];
  right: number[];
  /** How far the end caps reach beyond the first and last stations, nm. */
  startReach: number;
  endReach: number;
  /** The smallest half-width and reach, nm: scaling never goes below it. */
  min: number;
}

function stationWidths(
  placed: readonly Placed[],
  stations: number,
  share: number,
  minW: number,
  poolTarget: number,
): Widths {
  const byStation: number[][] = Array.from({ length: stations }, () => []);
  const startOver: number[] = [];
  const endOver: number[] = [];
  for (const p of placed) {
    get(byStation, p.station).push(p.cross);
    if (p.end === -1) startOver.push(p.overshoot);
    if (p.end === 1) endOver.push(p.overshoot);
  }
  const pool = Math.min(poolTarget, placed.length);
  const minReach = Math.floor(stations / POOL_MIN_REACH_DIVISOR);
  const maxReach = Math.max(1, Math.floor(stations / 8));
  const lo = (1 - share) / 2;
  const hi = (1 + share) / 2;
  const rawLeft: number[] = [];
  const rawRight: number[] = [];
  for (let i = 0; i < stations; i++) {
    const values = [...get(byStation, i)];
    for (let h = 1; (h <= minReach || values.length < pool) && h <= maxReach; h++) {
      if (i - h >= 0) values.push(...get(byStation, i - h));
      if (i + h < stations) values.push(...get(byStation, i + h));
    }
    values.sort((a, b) => a - b);
    rawLeft.push(values.length > 0 ? Math.max(0, quantileSorted(values, hi)) : 0);
    rawRight.push(values.length > 0 ? Math.max(0, -quantileSorted(values, lo)) : 0);
  }
  const finish = (w: number[]) => smoothValues(w, SMOOTH_PASSES).map((v) => Math.max(minW, v));
  const reach = (over: number[]) => {
    if (over.length === 0) return minW;
    over.sort((a, b) => a - b);
    return Math.max(minW, quantileSorted(over, share));
  };
  return {
    left: finish(rawLeft),
    right: finish(rawRight),
    startReach: reach(startOver),
    endReach: reach(endOver),
    min: minW,
  };
}

/** Passes of a [1, 2, 1] filter ([2, 1] at the ends). */
function smoothValues(values: readonly number[], passes: number): number[] {
  let w = [...values];
  const n = w.length;
  if (n < 3) return w;
  for (let pass = 0; pass < passes; pass++) {
    const prev = w;
    w = prev.map((v, i) => {
      if (i === 0) return (2 * v + get(prev, 1)) / 3;
      if (i === n - 1) return (2 * v + get(prev, n - 2)) / 3;
      return (get(prev, i - 1) + 2 * v + get(prev, i + 1)) / 4;
    });
  }
  return w;
}

// --- The ring ------------------------------------------------------------------------------

function coneRing(g: Geometry, unscaled: Widths, s: number): XY[] {
  const { vec, lon } = g.line;
  const n = vec.length;
  const scaled = (nm: number) => Math.max(unscaled.min, nm * s);
  const w = {
    left: unscaled.left.map(scaled),
    right: unscaled.right.map(scaled),
    startReach: scaled(unscaled.startReach),
    endReach: scaled(unscaled.endReach),
  };
  const at = (i: number, dir: Vec, nm: number): XY => {
    const [la, lo] = toLatLon(offset(get(vec, i), dir, nm / EARTH_RADIUS_NM));
    return [unwrapNear(lo, get(lon, i)), la];
  };
  const frames = stationFrames(g, (i) => Math.max(get(w.left, i), get(w.right, i)));
  const ring: XY[] = [];
  for (let i = 0; i < n; i++) ring.push(at(i, get(frames.left, i), get(w.left, i)));
  // End cap: from the left side round the front to the right side.
  ring.push(...cap(frames, n - 1, 1, get(w.left, n - 1), w.endReach, get(w.right, n - 1), at));
  for (let i = n - 1; i >= 0; i--) ring.push(at(i, neg(get(frames.left, i)), get(w.right, i)));
  // Start cap: from the right side round the back to the left side.
  ring.push(...cap(frames, 0, -1, get(w.right, 0), w.startReach, get(w.left, 0), at));
  let cleaned = removeSelfCrossings(dedupe(ring.map(roundXY)));
  if (signedArea(cleaned) < 0) cleaned = cleaned.reverse();
  return cleaned;
}

/**
 * The interior vertices of a half-ellipse cap round station i: it starts on the side the ring
 * arrives from (`fromW` wide), reaches `reach` straight ahead (direction `sign` * forward) and
 * ends on the other side (`toW` wide).
 */
function cap(
  g: { left: Vec[]; forward: Vec[] },
  i: number,
  sign: 1 | -1,
  fromW: number,
  reach: number,
  toW: number,
  at: (i: number, dir: Vec, nm: number) => XY,
): XY[] {
  const ahead = scale(get(g.forward, i), sign);
  // Travelling forward the ring arrives on the left; at the start it arrives on the right.
  const from = sign === 1 ? get(g.left, i) : neg(get(g.left, i));
  const out: XY[] = [];
  for (let k = 1; k < 2 * CAP_STEPS; k++) {
    const phi = (k / (2 * CAP_STEPS)) * Math.PI;
    const side = k < CAP_STEPS ? fromW : toW;
    const c = Math.cos(phi);
    const sn = Math.sin(phi);
    const r = 1 / Math.sqrt((c / side) ** 2 + (sn / reach) ** 2);
    out.push(at(i, normalize(add(scale(from, c), scale(ahead, sn))), r));
  }
  return out;
}

/**
 * Cuts self-crossings out of a ring (no repeated closing vertex): where two non-adjacent edges
 * cross, the ring splits into two loops at the crossing and the one with the larger area is
 * kept. The inner side of a turn sharper than the corridor is wide makes such a crossing, and the
 * part cut off is the small inverted "swallowtail".
 */
function removeSelfCrossings(input: XY[]): XY[] {
  let ring = input;
  let i = 0;
  while (i < ring.length && ring.length >= 4) {
    const n = ring.length;
    const a = get(ring, i);
    const b = get(ring, (i + 1) % n);
    let cut: { j: number; hit: XY } | undefined;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) break; // adjacent through the closing edge
      const hit = crossing(a, b, get(ring, j), get(ring, (j + 1) % n));
      if (hit !== undefined) {
        cut = { j, hit };
        break;
      }
    }
    if (cut === undefined) {
      i++;
      continue;
    }
    const inner: XY[] = [cut.hit, ...ring.slice(i + 1, cut.j + 1)];
    const outer: XY[] = [cut.hit, ...ring.slice(cut.j + 1), ...ring.slice(0, i + 1)];
    ring = dedupe(Math.abs(signedArea(inner)) > Math.abs(signedArea(outer)) ? inner : outer);
    i = 0;
  }
  return ring;
}

/** The point where segments p-q and r-s cross (touching counts), undefined when they do not. */
function crossing(p: XY, q: XY, r: XY, s: XY): XY | undefined {
  if (Math.max(p[0], q[0]) < Math.min(r[0], s[0]) || Math.max(r[0], s[0]) < Math.min(p[0], q[0]))
    return undefined;
  if (Math.max(p[1], q[1]) < Math.min(r[1], s[1]) || Math.max(r[1], s[1]) < Math.min(p[1], q[1]))
    return undefined;
  const dx1 = q[0] - p[0];
  const dy1 = q[1] - p[1];
  const dx2 = s[0] - r[0];
  const dy2 = s[1] - r[1];
  const den = dx1 * dy2 - dy1 * dx2;
  if (den === 0) return undefined; // parallel (a collinear overlap is not cut)
  const t = ((r[0] - p[0]) * dy2 - (r[1] - p[1]) * dx2) / den;
  const u = ((r[0] - p[0]) * dy1 - (r[1] - p[1]) * dx1) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return undefined;
  return roundXY([p[0] + t * dx1, p[1] + t * dy1]);
}

/** Signed area (shoelace) of a ring without its closing vertex; > 0 is counter-clockwise. */
function signedArea(ring: readonly XY[]): number {
  let a = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = get(ring, i);
    const [x2, y2] = get(ring, (i + 1) % ring.length);
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

function dedupe(ring: readonly XY[]): XY[] {
  const out: XY[] = [];
  for (const p of ring) {
    const last = out.at(-1);
    if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  while (out.length > 1) {
    const first = get(out, 0);
    const last = get(out, out.length - 1);
    if (first[0] !== last[0] || first[1] !== last[1]) break;
    out.pop();
  }
  return out;
}

// --- Fitting the share ---------------------------------------------------------------------

function fitScale(
  build: (scale: number) => XY[],
  points: readonly XY[],
  share: number,
): EnsembleCone {
  const evaluate = (s: number) => {
    const ring = build(s);
    return { ring, contained: containedShare(ring, points) };
  };
  const holds = (t: { contained: number }) => t.contained >= share;
  let best = evaluate(1);
  // A scale that fails and a larger one that holds, to bisect between.
  let bracket: [number, number] | undefined;
  if (holds(best)) {
    const narrowest = evaluate(0); // every half-width at its minimum
    if (holds(narrowest)) best = narrowest;
    else bracket = [0, 1];
  } else {
    let s = 1;
    for (let step = 0; step < WIDEN_MAX_STEPS; step++) {
      const trial = evaluate(s * WIDEN_FACTOR);
      if (holds(trial)) {
        best = trial;
        bracket = [s, s * WIDEN_FACTOR];
        break;
      }
      s *= WIDEN_FACTOR;
      if (trial.contained > best.contained) best = trial;
    }
  }
  if (bracket !== undefined) {
    let [below, above] = bracket;
    for (let step = 0; step < BISECT_STEPS; step++) {
      const mid = (below + above) / 2;
      const trial = evaluate(mid);
      if (holds(trial)) {
        best = trial;
        above = mid;
      } else below = mid;
    }
  }
  const ring = best.ring.map(([x, y]) => [x, y]);
  ring.push([...get(ring, 0)]);
  return { type: "Polygon", coordinates: [ring], share, contained_share: best.contained };
}

/** Share of the points inside the ring (even-odd rule), with lat bands to skip far edges. */
function containedShare(ring: readonly XY[], points: readonly XY[]): number {
  if (points.length === 0) return 1;
  const n = ring.length;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [, y] of ring) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const bands = Math.max(1, Math.min(256, n));
  const h = (maxY - minY) / bands || 1;
  const band = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - minY) / h)));
  const index: number[][] = Array.from({ length: bands }, () => []);
  for (let k = 0; k < n; k++) {
    const y1 = get(ring, k)[1];
    const y2 = get(ring, (k + 1) % n)[1];
    for (let b = band(Math.min(y1, y2)); b <= band(Math.max(y1, y2)); b++) get(index, b).push(k);
  }
  let inside = 0;
  for (const [px, py] of points) {
    if (py < minY || py > maxY) continue;
    let odd = false;
    for (const k of get(index, band(py))) {
      const [x1, y1] = get(ring, k);
      const [x2, y2] = get(ring, (k + 1) % n);
      if (y1 > py !== y2 > py && px < x1 + ((py - y1) * (x2 - x1)) / (y2 - y1)) odd = !odd;
    }
    if (odd) inside++;
  }
  return inside / points.length;
}

// --- Degenerate centreline: a circle ------------------------------------------------------

function circleCone(
  centre: Vec,
  centreLon: number,
  points: readonly Vec[],
  lonLat: readonly XY[],
  share: number,
  minW: number,
): EnsembleCone {
  const distances = points.map((p) => angle(centre, p) * EARTH_RADIUS_NM).sort((a, b) => a - b);
  const radius = Math.max(minW, quantileSorted(distances, share));
  const east = normalize(cross([0, 0, 1], centre));
  const basisE = Number.isFinite(east[0]) ? east : ([0, 1, 0] as Vec); // at a pole
  const basisN = cross(centre, basisE);
  const planar = lonLat.map(([lon, lat]): XY => [unwrapNear(lon, centreLon), lat]);
  const build = (s: number) => {
    const ring: XY[] = [];
    const steps = 4 * CAP_STEPS;
    for (let k = 0; k < steps; k++) {
      const phi = (k / steps) * 2 * Math.PI;
      const dir = normalize(add(scale(basisE, Math.cos(phi)), scale(basisN, Math.sin(phi))));
      const r = Math.max(minW, radius * s);
      const [la, lo] = toLatLon(offset(centre, dir, r / EARTH_RADIUS_NM));
      ring.push(roundXY([unwrapNear(lo, centreLon), la]));
    }
    const out = dedupe(ring);
    return signedArea(out) < 0 ? out.reverse() : out;
  };
  return fitScale(build, planar, share);
}

// --- Small helpers -------------------------------------------------------------------------

function toVec(lat: number, lon: number): Vec {
  const p = lat * DEG;
  const l = lon * DEG;
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
}

/** [lat, lon] in degrees, lon in (-180, 180]. */
function toLatLon(v: Vec): [number, number] {
  return [Math.atan2(v[2], Math.hypot(v[0], v[1])) / DEG, Math.atan2(v[1], v[0]) / DEG];
}

/** lon moved by a multiple of 360 to within 180° of ref. */
function unwrapNear(lon: number, ref: number): number {
  return lon - 360 * Math.round((lon - ref) / 360);
}

const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
const neg = (a: Vec): Vec => [-a[0], -a[1], -a[2]];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec) => Math.hypot(a[0], a[1], a[2]);
const normalize = (a: Vec): Vec => scale(a, 1 / norm(a));
/** Central angle between unit vectors, radians (atan2 form: accurate at all angles). */
const angle = (a: Vec, b: Vec) => Math.atan2(norm(cross(a, b)), dot(a, b));
const clamp1 = (x: number) => Math.min(1, Math.max(-1, x));
const signOf = (x: number) => (x < 0 ? -1 : 1);

/** The point reached from unit vector c in unit tangent direction dir after `rad` radians. */
function offset(c: Vec, dir: Vec, rad: number): Vec {
  return normalize(add(scale(c, Math.cos(rad)), scale(dir, Math.sin(rad))));
}

function slerp(a: Vec, b: Vec, t: number): Vec {
  const omega = angle(a, b);
  if (omega < 1e-12) return a;
  const s = Math.sin(omega);
  return normalize(add(scale(a, Math.sin((1 - t) * omega) / s), scale(b, Math.sin(t * omega) / s)));
}

function median(values: readonly number[]): number {
  return quantileSorted(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Linear-interpolated quantile of ascending values (type 7). */
function quantileSorted(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return get(sorted, lo) + (get(sorted, hi) - get(sorted, lo)) * (pos - lo);
}

function roundXY([x, y]: XY): XY {
  const k = 10 ** COORD_DECIMALS;
  return [Math.round(x * k) / k, Math.round(y * k) / k];
}
