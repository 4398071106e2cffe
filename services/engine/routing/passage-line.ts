import { distanceNm, pathLengthNm } from "../geo/geodesic";
import { nearestOnSegment } from "../geo/planar";
import type { LatLon } from "../geo/types";
import type { Passage } from "./passages";

/**
 * A passage's drawn line and how long its stretches count. The catalogue's lines are simplified
 * and shorter than the channels they stand for; where a length is published the passage counts
 * as long as published. A river's kilometre posts (Passage.kilometre_posts) spread its length
 * between them, so a port part way up a river whose line cuts some bends harder than others is
 * as far up as its published kilometre says.
 */
export class PassageLine {
  /** The length counted for the whole passage, nm. */
  readonly lengthNm: number;
  /** Per segment of the line (points k to k+1), its counted length over its drawn length. */
  private readonly scales: number[];
  /** One scale for the whole line: no segment to look up. */
  private readonly uniform: boolean;

  constructor(
    passage: Passage,
    readonly path: readonly LatLon[],
  ) {
    const drawn = pathLengthNm(path);
    const published = passage.published_length_km ? (passage.published_length_km * 1000) / 1852 : 0;
    // A line drawn longer than published keeps its drawn length (never shorter than drawn).
    this.scales = new Array<number>(Math.max(0, path.length - 1)).fill(
      drawn > 0 ? Math.max(drawn, published) / drawn : 1,
    );
    const posts = passage.kilometre_posts;
    // Posts index the catalogue's waypoints: a line re-threaded into other points keeps one scale.
    if (posts && path.length === passage.waypoints.length) {
      for (let j = 1; j < posts.length; j++) {
        const a = posts[j - 1] as { waypoint: number; km: number };
        const b = posts[j] as { waypoint: number; km: number };
        const between = pathLengthNm(path.slice(a.waypoint, b.waypoint + 1));
        const counted = (Math.abs(b.km - a.km) * 1000) / 1852;
        const scale = between > 0 ? Math.max(1, counted / between) : 1;
        for (let k = a.waypoint; k < b.waypoint; k++) this.scales[k] = scale;
      }
    }
    let total = 0;
    for (let k = 0; k + 1 < path.length; k++) total += this.segmentNm(k);
    this.lengthNm = total;
    this.uniform = this.scales.every((s) => s === this.scales[0]);
  }

  /** The counted length of a piece a-b lying along the line (both points on it, on one segment). */
  pieceNm(a: LatLon, b: LatLon): number {
    return distanceNm(a, b) * this.scaleAt(a, b);
  }

  /** Counted over drawn length for a piece a-b along the line: its segment's scale. */
  scaleAt(a: LatLon, b: LatLon): number {
    if (this.uniform) return this.scales[0] ?? 1;
    const mid = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
    return this.scales[nearestOnPolyline(mid, this.path).k] as number;
  }

  /** The counted length of a stretch of points along the line. */
  stretchNm(points: readonly LatLon[]): number {
    let total = 0;
    for (let i = 1; i < points.length; i++)
      total += this.pieceNm(points[i - 1] as LatLon, points[i] as LatLon);
    return total;
  }

  private segmentNm(k: number): number {
    return (
      distanceNm(this.path[k] as LatLon, this.path[k + 1] as LatLon) * (this.scales[k] as number)
    );
  }
}

/**
 * The point of a polyline nearest p (each piece a straight line in a local equirectangular
 * projection about p: river fairways' pieces are a few kilometres), the piece it lies on (from
 * path[k] to path[k + 1]), and its geodesic distance from p.
 */
export function nearestOnPolyline(
  p: LatLon,
  path: readonly LatLon[],
): { point: LatLon; k: number; distance_nm: number } {
  const xScale = Math.cos((p.lat * Math.PI) / 180);
  let best = { point: path[0] as LatLon, k: 0, d2: Number.POSITIVE_INFINITY };
  for (let k = 0; k + 1 < path.length; k++) {
    const a = path[k] as LatLon;
    const b = path[k + 1] as LatLon;
    const q = nearestOnSegment(p.lon, p.lat, a.lon, a.lat, b.lon, b.lat, xScale);
    if (q.d2 < best.d2) best = { point: { lat: q.y, lon: q.x }, k, d2: q.d2 };
  }
  return { point: best.point, k: best.k, distance_nm: distanceNm(p, best.point) };
}

/**
 * How far along a polyline the point of it nearest p lies, as a fractional point index: k + t
 * on the piece from path[k] to path[k + 1]. Stations order points along a river from its sea end.
 */
export function stationOnLine(p: LatLon, path: readonly LatLon[]): number {
  const on = nearestOnPolyline(p, path);
  const a = path[on.k] as LatLon;
  const b = path[on.k + 1] as LatLon | undefined;
  const piece = b ? distanceNm(a, b) : 0;
  return on.k + (piece > 0 ? Math.min(1, distanceNm(a, on.point) / piece) : 0);
}
