/**
 * Great circles on a sphere, for the hot loops that cannot afford the WGS84 geodesic (route
 * search, storm swell): the central angle by the haversine formula and the initial bearing.
 * Callers multiply the angle by the radius in their unit (distances on the final route are
 * geodesic, geodesic.ts).
 */
const DEG = Math.PI / 180;

/** Central angle between two points, radians (haversine). */
export function centralAngle(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const dp = p2 - p1;
  const dl = (lon2 - lon1) * DEG;
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from the first point to the second, degrees true. */
export function initialBearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const dl = (lon2 - lon1) * DEG;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return (((Math.atan2(y, x) / DEG) % 360) + 360) % 360;
}
