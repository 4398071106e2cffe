/**
 * Plane geometry on lon/lat treated as x/y: the exact predicates behind the land mask. Coastline
 * edges and short path pieces are straight lines in this plane (see land-mask.ts for why that is
 * close enough to the geodesic for 5 nm pieces).
 */

/** Twice the signed area of (a, b, c): > 0 when c is left of a->b, 0 when collinear. */
export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether the closed segments a-b and c-d share a point (touching counts). */
export function segmentsIntersect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  // Bounding boxes first: cheap, and it settles the collinear case exactly.
  if (Math.max(ax, bx) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(ax, bx)) return false;
  if (Math.max(ay, by) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(ay, by)) return false;
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) return false;
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) return false;
  // Either a proper crossing, a touch, or all four collinear with overlapping boxes.
  return true;
}

/** Whether p lies exactly on the closed segment a-b. */
export function pointOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  if (px < Math.min(ax, bx) || px > Math.max(ax, bx)) return false;
  if (py < Math.min(ay, by) || py > Math.max(ay, by)) return false;
  return orient(ax, ay, bx, by, px, py) === 0;
}

/** Whether the closed segment a-b meets the closed axis-aligned rectangle. */
export function segmentMeetsRect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  if (Math.max(ax, bx) < x0 || Math.min(ax, bx) > x1) return false;
  if (Math.max(ay, by) < y0 || Math.min(ay, by) > y1) return false;
  // The boxes overlap, so the segment misses the rectangle only if all four corners lie strictly
  // on one side of its line.
  const s1 = orient(ax, ay, bx, by, x0, y0);
  const s2 = orient(ax, ay, bx, by, x1, y0);
  const s3 = orient(ax, ay, bx, by, x1, y1);
  const s4 = orient(ax, ay, bx, by, x0, y1);
  if (s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) return false;
  if (s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0) return false;
  return true;
}

/**
 * Latitude of a non-vertical edge at longitude x. Always interpolated from the western end so
 * that every caller gets bit-identical answers for the same edge and x (the parity bookkeeping
 * in land-grid.ts relies on that).
 */
export function edgeYAtX(x1: number, y1: number, x2: number, y2: number, x: number): number {
  if (x1 > x2) return y2 + ((x - x2) * (y1 - y2)) / (x1 - x2);
  return y1 + ((x - x1) * (y2 - y1)) / (x2 - x1);
}

/**
 * Squared distance from (px, py) to segment a-b, and the nearest point, in a plane where x is
 * scaled by `xScale` (a local equirectangular projection: xScale = cos(latitude)).
 */
export function nearestOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  xScale: number,
): { x: number; y: number; d2: number } {
  const ux = (bx - ax) * xScale;
  const uy = by - ay;
  const wx = (px - ax) * xScale;
  const wy = py - ay;
  const len2 = ux * ux + uy * uy;
  let t = len2 > 0 ? (wx * ux + wy * uy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = wx - t * ux;
  const ey = wy - t * uy;
  return { x: ax + t * (bx - ax), y: ay + t * (by - ay), d2: ex * ex + ey * ey };
}
