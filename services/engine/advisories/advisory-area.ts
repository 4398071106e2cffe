import {
  type CompiledGeometry,
  compileGeometry,
  segmentInside,
  unwrapLon,
} from "../compliance/geometry";
import { circle } from "../compliance/shapes";
import { densify, distanceNm } from "../geo/geodesic";
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

const samePosition = (a?: number[], b?: number[]) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

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
