/**
 * Thin polygons round polylines: a reef drawn as a line (Natural Earth's reefs layer) becomes a
 * band `halfWidthNm` either side of it, which the land mask can hold. A line on its own cannot
 * go into the mask: the mask decides land by even-odd parity over closed rings.
 *
 * Each segment becomes a rectangle, lengthened by the half-width at both ends so that the
 * rectangles of consecutive segments overlap at every bend, and all the rectangles are merged
 * (mergePolygons), so the bands come out as disjoint polygons however the lines cross.
 * Offsets are computed in a local plane (longitude scaled by the cosine of the segment's mean
 * latitude), which is exact enough for bands a fraction of a mile wide.
 */
import { mergePolygons } from "./sea-part";
import type { PolygonRings } from "./types";

const NM_PER_DEG_LAT = 60;

export function bufferLines(
  lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  halfWidthNm: number,
): PolygonRings[] {
  if (!(halfWidthNm > 0)) throw new RangeError(`halfWidthNm must be positive, got ${halfWidthNm}`);
  const pieces: PolygonRings[] = [];
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const [x1, y1] = line[i - 1] as readonly [number, number];
      const [x2, y2] = line[i] as readonly [number, number];
      if (Math.abs(x2 - x1) > 180) {
        throw new RangeError("a buffered line may not cross the antimeridian");
      }
      pieces.push([segmentBand(x1, y1, x2, y2, halfWidthNm)]);
    }
  }
  return mergePolygons(pieces);
}

/** The closed ring of a rectangle halfWidthNm either side of a segment, with square ends. */
function segmentBand(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  halfWidthNm: number,
): Array<[number, number]> {
  const cos = Math.cos((((y1 + y2) / 2) * Math.PI) / 180);
  // Along the segment, in nm east and north.
  let ux = (x2 - x1) * cos * NM_PER_DEG_LAT;
  let uy = (y2 - y1) * NM_PER_DEG_LAT;
  const length = Math.hypot(ux, uy);
  if (length === 0) {
    ux = 1;
    uy = 0;
  } else {
    ux /= length;
    uy /= length;
  }
  // Half-width steps along (t) and across (n) the segment, back in degrees.
  const tx = (ux * halfWidthNm) / (NM_PER_DEG_LAT * cos);
  const ty = (uy * halfWidthNm) / NM_PER_DEG_LAT;
  const nx = (-uy * halfWidthNm) / (NM_PER_DEG_LAT * cos);
  const ny = (ux * halfWidthNm) / NM_PER_DEG_LAT;
  const a: [number, number] = [x1 - tx + nx, y1 - ty + ny];
  return [
    a,
    [x2 + tx + nx, y2 + ty + ny],
    [x2 + tx - nx, y2 + ty - ny],
    [x1 - tx - nx, y1 - ty - ny],
    a,
  ];
}
