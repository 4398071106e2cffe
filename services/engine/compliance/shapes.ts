/**
 * Helpers to write zone boundaries as they are published: degrees-minutes-seconds, circles of a
 * given radius (right-whale port areas), arcs (Papahanaumokuakea reporting area) and corridors
 * round a centre line (the approximate extents of traffic separation schemes).
 */
import { destination, distanceNm, initialCourseDeg } from "../geo/geodesic";
import type { EdgeKind, RingSpec, Vertex } from "./zone-spec";

/** Degrees, minutes, seconds to decimal degrees (north and east positive). */
export function dms(deg: number, min = 0, sec = 0): number {
  return deg + min / 60 + sec / 3600;
}

/** The same, negated: for south latitudes and west longitudes. */
export function dmsNeg(deg: number, min = 0, sec = 0): number {
  return -dms(deg, min, sec);
}

/** Points every `stepDeg` degrees of bearing make a circle's chord error r(1 - cos(step/2)). */
const CIRCLE_STEP_DEG = 5;

/** A geodesic circle of `radiusNm` about a centre, as a ring of `kind` edges. */
export function circle(lat: number, lon: number, radiusNm: number, kind: EdgeKind): RingSpec {
  const vertices: Vertex[] = [];
  for (let b = 0; b < 360; b += CIRCLE_STEP_DEG) {
    const p = destination({ lat, lon }, b, radiusNm);
    vertices.push([p.lat, p.lon, kind]);
  }
  return { vertices };
}

/**
 * The vertices of a circular arc about `centre` from `from` to `to` (both included as the first
 * and last vertex), turning clockwise or anticlockwise as seen from above. The radius is the
 * centre-to-`from` distance.
 */
export function arc(
  centre: readonly [number, number],
  from: readonly [number, number],
  to: readonly [number, number],
  turn: "clockwise" | "anticlockwise",
  kind: EdgeKind,
): Vertex[] {
  const c = { lat: centre[0], lon: centre[1] };
  const a = { lat: from[0], lon: from[1] };
  const r = distanceNm(c, a);
  const b0 = initialCourseDeg(c, a);
  const b1 = initialCourseDeg(c, { lat: to[0], lon: to[1] });
  let sweep = turn === "clockwise" ? b1 - b0 : b0 - b1;
  sweep = ((sweep % 360) + 360) % 360;
  const steps = Math.max(1, Math.ceil(sweep / CIRCLE_STEP_DEG));
  const out: Vertex[] = [[from[0], from[1], kind]];
  for (let i = 1; i < steps; i++) {
    const bearing = turn === "clockwise" ? b0 + (sweep * i) / steps : b0 - (sweep * i) / steps;
    const p = destination(c, bearing, r);
    out.push([p.lat, p.lon, kind]);
  }
  out.push([to[0], to[1], kind]);
  return out;
}

/**
 * A band of `halfWidthNm` either side of a centre line [lat, lon][], with square ends: the
 * overall extent of a traffic separation scheme drawn round its lanes. At each inner point the
 * offset is taken across the mean of the two courses.
 */
export function corridor(
  centreLine: ReadonlyArray<readonly [number, number]>,
  halfWidthNm: number,
  kind: EdgeKind,
): RingSpec {
  const pts = centreLine.map(([lat, lon]) => ({ lat, lon }));
  if (pts.length < 2) throw new RangeError("a corridor needs at least two centre-line points");
  const left: Vertex[] = [];
  const right: Vertex[] = [];
  for (let i = 0; i < pts.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i is within bounds by the loop condition.
    const p = pts[i]!;
    const course = courseAt(pts, i);
    const l = destination(p, course - 90, halfWidthNm);
    const r = destination(p, course + 90, halfWidthNm);
    left.push([l.lat, l.lon, kind]);
    right.push([r.lat, r.lon, kind]);
  }
  return { vertices: [...left, ...right.reverse()] };
}

function courseAt(pts: ReadonlyArray<{ lat: number; lon: number }>, i: number): number {
  const prev = pts[Math.max(0, i - 1)];
  const here = pts[i];
  const next = pts[Math.min(pts.length - 1, i + 1)];
  if (prev === undefined || here === undefined || next === undefined) return 0;
  if (i === 0) return initialCourseDeg(here, next);
  if (i === pts.length - 1) return initialCourseDeg(prev, here);
  const a = (initialCourseDeg(prev, here) * Math.PI) / 180;
  const b = (initialCourseDeg(here, next) * Math.PI) / 180;
  // Mean direction of two courses, which wraps correctly across north.
  return (Math.atan2(Math.sin(a) + Math.sin(b), Math.cos(a) + Math.cos(b)) * 180) / Math.PI;
}
