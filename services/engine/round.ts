/**
 * x rounded to `digits` decimal places (halves up, as Math.round), for figures reported to users;
 * a negative value that rounds to zero is reported as 0, not -0.
 */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f + 0;
}
