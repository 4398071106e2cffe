/**
 * Even-odd ray casting in the lon/lat plane, for tests of polygons the engine makes (an
 * implementation of its own, so a test does not check the code with itself). Rings may run on
 * past +-180 degrees of longitude, so the point is also tried at lon +-360.
 */
export function pointInRing(
  ring: readonly (readonly number[])[],
  lon: number,
  lat: number,
): boolean {
  return [lon, lon - 360, lon + 360].some((x) => {
    let odd = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > lat !== yj > lat && x < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  });
}
