/**
 * Thin polygons round polylines: a reef drawn as a line (Natural Earth's reefs layer) becomes a
 * band `halfWidthNm` either side of it, which the land mask can hold. A line on its own cannot
 * go into the mask: the mask decides land by even-odd parity over closed rings.
 *
 * A line's band is its two offset lines joined at square ends, with mitred bends, in a local
 * plane (longitude scaled by the cosine of the line's mean latitude, exact enough for bands a
 * fraction of a mile wide over lines a few miles long). Where that ring would cross itself (a
 * bend sharper than 120 degrees, a segment shorter than the band is wide) the line is halved
 * until each piece makes a ring (bandPieces). Bands and pieces that may touch are then merged
 * (mergePolygons, polyclip-ts), so they come out as disjoint polygons however the lines cross.
 */
import { segmentsIntersect } from "./planar";
import { mergePolygons } from "./sea-part";
import type { PolygonRings } from "./types";

const NM_PER_DEG_LAT = 60;
/** Mitre factor beyond which a bend counts as sharp: 1 / cos(60 deg), a bend of 120 degrees. */
const MAX_MITRE = 2;

type Ring = Array<[number, number]>;

export function bufferLines(
  lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  halfWidthNm: number,
): PolygonRings[] {
  if (!(halfWidthNm > 0)) throw new RangeError(`halfWidthNm must be positive, got ${halfWidthNm}`);
  const bands: PolygonRings[] = [];
  for (const raw of lines) {
    const line = raw.filter(
      (p, i) =>
        i === 0 ||
        p[0] !== (raw[i - 1] as readonly [number, number])[0] ||
        p[1] !== (raw[i - 1] as readonly [number, number])[1],
    );
    for (let i = 1; i < line.length; i++) {
      if (
        Math.abs(
          (line[i] as readonly [number, number])[0] - (line[i - 1] as readonly [number, number])[0],
        ) > 180
      ) {
        throw new RangeError("a buffered line may not cross the antimeridian");
      }
    }
    if (line.length < 2) continue;
    bands.push(...bandPieces(line, halfWidthNm));
  }
  return mergePolygons(bands);
}

/**
 * The line's band as mitred rings: the whole line's if it makes one, else its two halves' (they
 * share the middle vertex, and their square ends overlap there), split again as needed. A single
 * segment always makes a ring, so every piece is found; mergePolygons unions the pieces. Halving
 * finds a handful of pieces where a rectangle per segment would give polyclip-ts dozens.
 */
function bandPieces(line: ReadonlyArray<readonly [number, number]>, w: number): PolygonRings[] {
  const ring = mitredBand(line, w);
  if (ring) return [[ring]];
  const middle = Math.floor(line.length / 2);
  return [...bandPieces(line.slice(0, middle + 1), w), ...bandPieces(line.slice(middle), w)];
}

/** The mitred band as one ring, or undefined where it would cross itself. */
function mitredBand(line: ReadonlyArray<readonly [number, number]>, w: number): Ring | undefined {
  const lat0 = line.reduce((s, p) => s + p[1], 0) / line.length;
  const kx = Math.cos((lat0 * Math.PI) / 180) * NM_PER_DEG_LAT;
  const pts = line.map(([x, y]) => [x * kx, y * NM_PER_DEG_LAT] as [number, number]);
  const dirs: Array<[number, number]> = [];
  for (let i = 1; i < pts.length; i++) {
    const [x1, y1] = pts[i - 1] as [number, number];
    const [x2, y2] = pts[i] as [number, number];
    const len = Math.hypot(x2 - x1, y2 - y1);
    dirs.push([(x2 - x1) / len, (y2 - y1) / len]);
  }
  const left: Array<[number, number]> = [];
  const right: Array<[number, number]> = [];
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const [px, py] = pts[i] as [number, number];
    if (i === 0 || i === n - 1) {
      // Square end: the point pushed out along the segment by the half-width.
      const [ux, uy] = dirs[i === 0 ? 0 : n - 2] as [number, number];
      const s = i === 0 ? -w : w;
      const cx = px + ux * s;
      const cy = py + uy * s;
      left.push([cx - uy * w, cy + ux * w]);
      right.push([cx + uy * w, cy - ux * w]);
      continue;
    }
    const [ax, ay] = dirs[i - 1] as [number, number];
    const [bx, by] = dirs[i] as [number, number];
    // Left normals of the two segments; the mitre runs along their sum.
    const mx = -ay - by;
    const my = ax + bx;
    const ml = Math.hypot(mx, my);
    if (ml < 1e-9) return undefined; // the line doubles back
    const cos = (mx * -ay + my * ax) / ml; // between the mitre and either normal
    if (cos < 1 / MAX_MITRE) return undefined;
    const d = w / cos / ml;
    left.push([px + mx * d, py + my * d]);
    right.push([px - mx * d, py - my * d]);
  }
  const ring: Ring = [...left, ...right.reverse()];
  ring.push(ring[0] as [number, number]);
  if (selfIntersects(ring)) return undefined;
  return ring.map(([x, y]) => [x / kx, y / NM_PER_DEG_LAT]);
}

/** Whether two non-adjacent edges of a closed ring cross or touch. */
function selfIntersects(ring: Ring): boolean {
  const m = ring.length - 1;
  for (let i = 0; i < m; i++) {
    for (let j = i + 2; j < m; j++) {
      if (i === 0 && j === m - 1) continue; // the closing edge meets the first at ring[0]
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[i + 1] as [number, number];
      const [cx, cy] = ring[j] as [number, number];
      const [dx, dy] = ring[j + 1] as [number, number];
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return true;
    }
  }
  return false;
}
