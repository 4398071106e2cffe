import {
  type CompiledGeometry,
  compileGeometry,
  segmentInside,
  unwrapLon,
} from "../compliance/geometry";
import { circle } from "../compliance/shapes";
import { densify, distanceNm } from "../geo/geodesic";
import { pointOnSegment, segmentsIntersect } from "../geo/planar";
import type { LatLon } from "../geo/types";

/**
 * Where an advisory applies (an area to be avoided, a Notice to Mariners' area), and whether a
 * voyage's remaining route passes through it. The compliance engine's zone geometry does the
 * test (straight lon/lat pieces, across the antimeridian), so advisories and regulatory zones
 * mean the same thing by "inside".
 */
export type AdvisoryArea =
  | {
      /** GeoJSON Polygon: [lon, lat] rings, the first the outer boundary. */
      type: "Polygon";
      coordinates: number[][][];
    }
  | { type: "Circle"; center: [number, number]; radius_nm: number };

/** Route pieces are tested every this many nm (the zone geometry wants short segments). */
const PIECE_NM = 25;

export function compileArea(area: AdvisoryArea): CompiledGeometry {
  if (area.type === "Circle") {
    const [lon, lat] = area.center;
    return compileGeometry({ kind: "polygons", parts: [circle(lat, lon, area.radius_nm, "L")] });
  }
  const outer = area.coordinates[0] ?? [];
  // A closed GeoJSON ring repeats its first position; the zone rings do not.
  const open =
    outer.length > 1 && samePosition(outer[0], outer.at(-1)) ? outer.slice(0, -1) : outer;
  return compileGeometry({
    kind: "polygons",
    parts: [{ vertices: open.map(([lon, lat]) => [lat as number, lon as number, "L"] as const) }],
  });
}

const samePosition = (a?: readonly number[], b?: readonly number[]) =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1];

/**
 * Why a ring of [lon, lat] positions (closed, as GeoJSON writes it, or open) is not a simple
 * polygon's boundary, or undefined when it is. A ring that crosses or touches itself has no
 * well-defined inside (the even-odd rule compileArea's geometry applies would carve holes out of
 * it), so such an advisory is refused rather than drawn other than meant.
 *
 * The test is the definition of a simple polygon (e.g. O'Rourke, Computational Geometry in C,
 * 2nd ed., section 1.1): consecutive edges meet only at their shared vertex, any other two
 * edges not at all. Every pair of edges is tested with the land mask's exact predicates
 * (segmentsIntersect, pointOnSegment), O(n^2) for n positions: 500,000 pairs at the 1,000
 * positions a ring may have. Longitudes are unwrapped along the ring as compileArea does, so a
 * ring across the antimeridian is tested as drawn.
 */
export function ringProblem(ring: readonly (readonly number[])[]): string | undefined {
  const open = ring.length > 1 && samePosition(ring[0], ring.at(-1)) ? ring.slice(0, -1) : ring;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [lon, lat] of open) {
    xs.push(xs.length === 0 ? (lon as number) : unwrapLon(lon as number, xs.at(-1) as number));
    ys.push(lat as number);
  }
  const n = xs.length;
  if (n < 3) return "a ring needs at least three distinct positions";
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    if (xs[i] === xs[j] && ys[i] === ys[j]) return `repeats position ${i} at once`;
  }
  const first = xs[0] as number;
  if (unwrapLon(first, xs[n - 1] as number) !== first) {
    return "the ring goes round the globe; split it at the antimeridian";
  }
  const x = (k: number) => xs[k % n] as number;
  const y = (k: number) => ys[k % n] as number;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        // Consecutive edges share one vertex; neither may run back along the other.
        const [a, b, c] = j === i + 1 ? [i, j, j + 1] : [j, i, i + 1];
        if (
          pointOnSegment(x(c), y(c), x(a), y(a), x(b), y(b)) ||
          pointOnSegment(x(a), y(a), x(b), y(b), x(c), y(c))
        ) {
          return `doubles back on itself at position ${b % n}`;
        }
      } else if (
        segmentsIntersect(x(i), y(i), x(i + 1), y(i + 1), x(j), y(j), x(j + 1), y(j + 1))
      ) {
        return `crosses itself: the edges from position ${i} and from position ${j} meet`;
      }
    }
  }
  return undefined;
}

/**
 * The part of a route still ahead at `atMs`, sailing it at `speedKts` from `departureMs` (a
 * calm-water estimate of where the vessel is; monitored voyages are re-scored with the weather
 * at every cycle, advisories only need which part of the route is behind).
 */
export function remainingRoute(
  route: readonly LatLon[],
  departureMs: number,
  speedKts: number,
  atMs: number,
): LatLon[] {
  let behindNm = Math.max(0, ((atMs - departureMs) / 3_600_000) * speedKts);
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1] as LatLon;
    const b = route[i] as LatLon;
    const leg = distanceNm(a, b);
    if (behindNm < leg) {
      const pts = densify(a, b, Math.max(0.1, leg / 64));
      const at = Math.min(pts.length - 1, Math.round((behindNm / leg) * (pts.length - 1)));
      return [pts[at] as LatLon, ...route.slice(i)];
    }
    behindNm -= leg;
  }
  return [];
}

/** The first point where the route enters the area (or starts inside it); null if it never does. */
export function firstEntry(route: readonly LatLon[], area: CompiledGeometry): LatLon | null {
  const parts: number[] = [];
  for (let i = 1; i < route.length; i++) {
    const pts = densify(route[i - 1] as LatLon, route[i] as LatLon, PIECE_NM);
    for (let k = 1; k < pts.length; k++) {
      const a = pts[k - 1] as LatLon;
      const b = pts[k] as LatLon;
      parts.length = 0;
      const bx = unwrapLon(b.lon, a.lon);
      segmentInside(area, a.lon, a.lat, bx, b.lat, parts);
      const t = parts[0];
      if (t !== undefined) {
        const lon = a.lon + (bx - a.lon) * t;
        return { lat: a.lat + (b.lat - a.lat) * t, lon: ((lon + 540) % 360) - 180 };
      }
    }
  }
  return null;
}
