/**
 * Plain geographic types of the engine. Latitude and longitude in decimal degrees (WGS84);
 * longitudes are normalised to [-180, 180). GeoJSON output uses [lon, lat] order.
 */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A polygon as GeoJSON rings of [lon, lat]: the outer ring first, then holes. */
export type PolygonRings = Array<Array<[number, number]>>;

/** Land and sea, with the tests routing needs. Built once from coastline polygons; pure. */
export interface LandMask {
  /** Name of the coastline data it was built from, e.g. "Natural Earth 1:50m land". */
  readonly source: string;
  /** Exact point-in-land test against the polygons (a point on a coastline counts as land). */
  isLand(p: LatLon): boolean;
  /**
   * Whether the great-circle (WGS84 geodesic) path from a to b touches land anywhere: the path is
   * densified (at most `stepNm` between points, default 5 nm) and every short piece is tested
   * exactly against the coastline edges. Handles the antimeridian.
   */
  pathHitsLand(a: LatLon, b: LatLon, stepNm?: number): boolean;
  /**
   * The nearest point of open water to `p` within `maxNm` (p itself when it is at sea), with the
   * distance; null when there is none (p is further inland).
   */
  nearestSea(p: LatLon, maxNm: number): { point: LatLon; distance_nm: number } | null;
  /** Distance from p to the nearest coastline in nm, capped at maxNm. */
  distanceToCoastNm(p: LatLon, maxNm: number): number;
}
