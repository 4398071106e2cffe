/**
 * Gaussian latitudes: the latitudes of a Gaussian grid with N parallels between a pole and the
 * equator are the arcsines of the 2N roots of the Legendre polynomial P_2N (WMO FM 92 GRIB2,
 * grid template 3.40, note 1). The roots are found by Newton's method from the approximation
 * cos(pi (i - 1/4) / (2N + 1/2)), with P_n and its derivative from the three-term recurrence
 * (Abramowitz and Stegun 1964, 22.7.10 and 22.8.5; Press et al., Numerical Recipes, 3rd ed.
 * 2007, section 4.6.1, routine gauleg).
 */

const cache = new Map<number, Float64Array>();

/** The 2N Gaussian latitudes, degrees, north to south. */
export function gaussianLatitudes(n: number): Float64Array {
  const cached = cache.get(n);
  if (cached) return cached;
  const degree = 2 * n;
  const lats = new Float64Array(degree);
  for (let i = 0; i < n; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (degree + 0.5));
    for (let iteration = 0; iteration < 100; iteration++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= degree; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * x * p2 - (j - 1) * p3) / j;
      }
      const derivative = (degree * (x * p1 - p2)) / (x * x - 1);
      const dx = p1 / derivative;
      x -= dx;
      if (Math.abs(dx) < 1e-15) break;
    }
    const lat = (Math.asin(x) * 180) / Math.PI;
    lats[i] = lat;
    lats[degree - 1 - i] = -lat;
  }
  cache.set(n, lats);
  return lats;
}
