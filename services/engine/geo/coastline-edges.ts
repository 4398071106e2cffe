/**
 * Coastline polygons turned into the plain list of straight lon/lat edges the land mask tests
 * against, on the cylinder [-180, 180) x [-90, 90].
 *
 * The input rings follow the spherical conventions of world-atlas (d3-geo): a ring may cross the
 * antimeridian (Chukotka, Fiji, Wrangel Island), and Antarctica is one ring that winds once around
 * the South Pole instead of running along -90 and ±180. Edges are straight lines in lon/lat, which
 * is how Natural Earth's shapefiles define them.
 *
 * Land is decided by even-odd parity along the meridian from a point down to the South Pole (see
 * land-grid.ts), so nothing has to be added to close polar rings: each edge is only split at the
 * antimeridian, and the South Pole's own status is recorded instead.
 */
import type { PolygonRings } from "./types";

export interface CoastlineEdges {
  /** Edge i runs from (xy[4i], xy[4i+1]) to (xy[4i+2], xy[4i+3]) as lon, lat; lon in [-180, 180]. */
  readonly xy: Float64Array;
  readonly count: number;
  /** Whether the South Pole is land: the parity of the rings that wind around it. */
  readonly southPoleIsLand: boolean;
  /** Rings read, and rings dropped as polar artefacts (see below). */
  readonly ringCount: number;
  readonly droppedPolarRings: number;
}

/**
 * Rings lying entirely within this distance of a pole (in degrees of latitude) are artefacts of
 * cutting Antarctica along -90 in the source shapefile (world-atlas 50m keeps one at -89.999 as a
 * zero-area "hole"); they carry no coastline and would make the pole itself water.
 */
const POLAR_ARTEFACT_DEG = 0.01;

export function coastlineEdges(polygons: readonly PolygonRings[]): CoastlineEdges {
  const out = new GrowableFloats(1 << 16);
  let southPoleRings = 0;
  let ringCount = 0;
  let droppedPolarRings = 0;

  for (const polygon of polygons) {
    for (const ring of polygon) {
      ringCount++;
      if (ring.length < 3) continue;
      if (isPolarArtefact(ring)) {
        droppedPolarRings++;
        continue;
      }
      let winding = 0;
      for (let i = 0; i < ring.length; i++) {
        // biome-ignore lint/style/noNonNullAssertion: i and i+1 (mod length) are valid indices.
        const [x1, y1] = ring[i]!;
        // biome-ignore lint/style/noNonNullAssertion: as above; closes the ring if it is open.
        const [x2, y2] = ring[(i + 1) % ring.length]!;
        winding += wrapDelta(x2 - x1);
        addEdge(out, x1, y1, x2, y2);
      }
      // A ring that winds around the globe separates the two poles. Even-odd cannot say which
      // side is land, so take the pole on the side of the ring's bulk (Antarctica: south).
      if (Math.abs(winding) > 180 && meanLat(ring) < 0) southPoleRings++;
    }
  }
  const xy = out.finish();
  return {
    xy,
    count: xy.length / 4,
    southPoleIsLand: southPoleRings % 2 === 1,
    ringCount,
    droppedPolarRings,
  };
}

function addEdge(out: GrowableFloats, x1: number, y1: number, x2: number, y2: number): void {
  const onAntimeridian1 = Math.abs(x1) === 180;
  const onAntimeridian2 = Math.abs(x2) === 180;
  // Edges along the antimeridian are where the source cut a polygon in two (Chukotka, Fiji); the
  // two halves carry the same cut in opposite directions. They bound no water, and the meridian
  // parity never counts a meridian-parallel edge, so leave them out.
  if (onAntimeridian1 && onAntimeridian2) return;
  if (x1 === x2 && y1 === y2) return;
  const dx = x2 - x1;
  if (Math.abs(dx) <= 180) {
    out.push4(x1, y1, x2, y2);
    return;
  }
  // The short way round crosses the antimeridian: split there, at the latitude where the
  // straight lon/lat edge (in unwrapped longitude) meets it.
  const x2u = x2 - Math.sign(dx) * 360;
  const side = x1 > 0 ? 180 : -180; // the antimeridian as seen from x1's side
  const t = (side - x1) / (x2u - x1);
  const yCross = y1 + t * (y2 - y1);
  if (x1 !== side) out.push4(x1, y1, side, yCross);
  if (x2 !== -side) out.push4(-side, yCross, x2, y2);
}

/** A longitude difference taken the short way round, in (-180, 180]. */
function wrapDelta(d: number): number {
  if (d > 180) return d - 360;
  if (d <= -180) return d + 360;
  return d;
}

function isPolarArtefact(ring: ReadonlyArray<readonly [number, number]>): boolean {
  let north = true;
  let south = true;
  for (const [, y] of ring) {
    if (y < 90 - POLAR_ARTEFACT_DEG) north = false;
    if (y > -90 + POLAR_ARTEFACT_DEG) south = false;
  }
  return north || south;
}

function meanLat(ring: ReadonlyArray<readonly [number, number]>): number {
  let s = 0;
  for (const [, y] of ring) s += y;
  return s / ring.length;
}

class GrowableFloats {
  private buf: Float64Array;
  private n = 0;
  constructor(capacity: number) {
    this.buf = new Float64Array(capacity);
  }
  push4(a: number, b: number, c: number, d: number): void {
    if (this.n + 4 > this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = a;
    this.buf[this.n++] = b;
    this.buf[this.n++] = c;
    this.buf[this.n++] = d;
  }
  finish(): Float64Array {
    return this.buf.slice(0, this.n);
  }
}
