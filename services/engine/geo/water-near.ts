import { distanceNm, normalizeLon } from "./geodesic";
import type { LandMask, LatLon } from "./types";

/**
 * Points of water within a disc round a point, for a caller looking for the nearest water it can
 * use: wide water first (at least the first clearance from the coast), nearest first, then
 * narrower water by the next clearance. The points are the centres of a local raster (square
 * cells in nm, x scaled by cos(lat)); a cell is water by the mask's point test at its centre.
 *
 * Why wide water first: a coastline draws many rivers and creeks a few cables wide beside the
 * water ships use, and where the nearest water leads nowhere (a dock basin drawn cut off, the
 * Riviere des Prairies behind Montreal), the nearest wide water is the likelier port.
 */

export interface WaterPoint {
  point: LatLon;
  /** Geodesic distance from the centre, nm. */
  distance_nm: number;
  /** The clearance from the coast the point was found by, nm. */
  clearance_nm: number;
}

export interface WaterNearOptions {
  /** Raster cell size, nm (default 0.1). */
  stepNm?: number;
  /** Distances from the coast, nm, each a pass over the disc (default 0.5, 0.2, 0.05 as LandMask.nearestSea keeps). */
  clearancesNm?: readonly number[];
}

/** Cells the raster may have per side; a disc this large is a caller's mistake. */
const MAX_SIDE = 1001;
/** Highest latitude the raster is laid at: the x scale needs cos(lat) well above zero. */
const MAX_ABS_LAT = 85;

/**
 * Water points within `radiusNm` of `centre` (see the module's comment), lazily: a caller that
 * takes the first point it can use tests no more of the coast than it needs. A point is yielded
 * once, by the first clearance it has.
 */
export function* waterPointsNear(
  centre: LatLon,
  mask: LandMask,
  radiusNm: number,
  options: WaterNearOptions = {},
): Generator<WaterPoint> {
  const step = options.stepNm ?? 0.1;
  const clearances = options.clearancesNm ?? [0.5, 0.2, 0.05];
  const n = Math.ceil(radiusNm / step);
  const side = 2 * n + 1;
  if (!(side <= MAX_SIDE)) throw new RangeError(`waterPointsNear: ${side} cells per side`);
  const lat0 = Math.max(-MAX_ABS_LAT, Math.min(MAX_ABS_LAT, centre.lat));
  const dLat = step / 60;
  const dLon = step / (60 * Math.cos((lat0 * Math.PI) / 180));
  const pointOf = (k: number): LatLon => ({
    lat: centre.lat + (Math.floor(k / side) - n) * dLat,
    lon: normalizeLon(centre.lon + ((k % side) - n) * dLon),
  });
  const rank = (k: number) => (Math.floor(k / side) - n) ** 2 + ((k % side) - n) ** 2;
  const cells: number[] = [];
  for (let k = 0; k < side * side; k++) if (rank(k) <= n * n) cells.push(k);
  cells.sort((a, b) => rank(a) - rank(b) || a - b);
  // NaN: not yet measured; -1: land or off the globe; else distance to the coast (capped).
  const coastNm = new Float32Array(side * side).fill(Number.NaN);
  const widest = Math.max(...clearances);
  const yielded = new Uint8Array(side * side);
  for (const clearance of clearances) {
    for (const k of cells) {
      if (yielded[k]) continue;
      let d = coastNm[k] as number;
      if (Number.isNaN(d)) {
        const p = pointOf(k);
        d = Math.abs(p.lat) > 90 || mask.isLand(p) ? -1 : mask.distanceToCoastNm(p, widest);
        coastNm[k] = d;
      }
      if (d < clearance) continue;
      yielded[k] = 1;
      const point = pointOf(k);
      yield { point, distance_nm: distanceNm(centre, point), clearance_nm: clearance };
    }
  }
}
