/**
 * The part of a polygon that lies over water: the polygon minus the land.
 *
 * Why it exists: the land mask decides land by even-odd parity over all its edges
 * (coastline-edges.ts), so a polygon added to the land (waters closed to ships) turns any island
 * it overlaps into water, and parity gives the two's exclusive-or, not their union. Cutting the
 * land out of the added polygon first makes the two disjoint, and parity then gives the union.
 *
 * The land is first cut to the polygon's bounding box (lineclip, Sutherland-Hodgman), so the
 * boolean difference (polyclip-ts) sees a few hundred vertices instead of a continent's coast.
 * Land rings across the antimeridian (Fiji, Wrangel Island, and Afro-Eurasia, whose one ring at
 * 1:10m and 1:50m crosses it in Chukotka) are straight-line nonsense in a planar clip as they
 * come, so they are unwrapped: their longitudes run on past 180 where they cross, and a copy a
 * full turn west serves polygons on the other side (planarLand). Antarctica's ring goes round the
 * South Pole and cannot be made planar, so it is left out and polygons south of 60S are refused,
 * as are polygons across the antimeridian themselves.
 */
import { clipPolygon } from "lineclip";
import { difference, type Geom, intersection, union } from "polyclip-ts";
import type { PolygonRings } from "./types";

type Box = [number, number, number, number];
type Ring = Array<[number, number]>;

/** Bounding boxes touch a little beyond the polygon, so a coast on its edge is still cut. */
const BOX_MARGIN_DEG = 0.01;
/** Polygons are grouped by the cell of this size holding their box's centre (see seaParts). */
const GROUP_DEG = 5;

export function seaParts(
  polygons: readonly PolygonRings[],
  land: readonly PolygonRings[],
): PolygonRings[][] {
  const planar = planarLand(land);
  const planarBoxes = planar.map((rings) => boxOf(rings[0] ?? []));
  const boxes = polygons.map((polygon) => {
    const [x0, y0, x1, y1] = boxOf(polygon[0] ?? []);
    if (!clipsPlanar([x0, y0, x1, y1])) {
      throw new RangeError("a polygon must not cross the antimeridian, and must lie north of 60S");
    }
    return [
      x0 - BOX_MARGIN_DEG,
      y0 - BOX_MARGIN_DEG,
      x1 + BOX_MARGIN_DEG,
      y1 + BOX_MARGIN_DEG,
    ] as Box;
  });
  // Land is cut twice: to the box of each group of nearby polygons, then to each polygon's box
  // within it, so a continent's coast (80,000 vertices) is walked once per group rather than once
  // per reef band (a thousand of them). Clipping to a box inside the group's is the same cut.
  const groups = new Map<string, number[]>();
  boxes.forEach((b, i) => {
    const key = `${Math.floor((b[0] + b[2]) / 2 / GROUP_DEG)},${Math.floor((b[1] + b[3]) / 2 / GROUP_DEG)}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  const parts: PolygonRings[][] = new Array(polygons.length);
  for (const members of groups.values()) {
    const near = clipLand(planar, planarBoxes, unionBox(members.map((i) => boxes[i] as Box)));
    const nearBoxes = near.map((rings) => boxOf(rings[0] ?? []));
    for (const i of members) {
      const polygon = polygons[i] as PolygonRings;
      const cut = clipLand(near, nearBoxes, boxes[i] as Box);
      // Nothing to cut (a reef offshore): the polygon is its own sea part.
      parts[i] =
        cut.length === 0 ? [polygon] : (difference(polygon as Geom, ...cut) as PolygonRings[]);
    }
  }
  return parts;
}

/** The land polygons (with their outer rings' boxes) cut to a box, those not in it left out. */
function clipLand(
  land: readonly PolygonRings[],
  landBoxes: readonly Box[],
  box: Box,
): PolygonRings[] {
  const out: PolygonRings[] = [];
  for (const [i, rings] of land.entries()) {
    if (!overlaps(landBoxes[i] as Box, box)) continue;
    // The outer ring comes first; if none of it is in the box, none of its holes are.
    const [outer, ...holes] = rings.map((ring) => clipPolygon(ring, box) as Ring);
    if (outer === undefined || outer.length < 3) continue;
    out.push([outer, ...holes.filter((ring) => ring.length >= 3)]);
  }
  return out;
}

function unionBox(boxes: readonly Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/**
 * Whether seaParts can take a polygon with this bounding box ([west, south, east, north]): not
 * across the antimeridian, and clear of Antarctica's ring, which it leaves out.
 */
export function clipsPlanar(box: readonly [number, number, number, number]): boolean {
  return box[0] >= -180 && box[2] <= 180 && box[1] >= -60;
}

/**
 * The land as planar polygons. A ring with an edge jumping across the antimeridian is unwrapped:
 * each longitude is moved by whole turns to lie within 180 degrees of the one before, so the ring
 * runs on past 180 (or -180) where it crosses. Unwrapped, an ordinary ring closes on itself and
 * gets a copy a full turn the other way, so either side of the antimeridian finds it; a ring round
 * a pole does not close (it gains a full turn) and is left out. Holes follow their outer ring.
 */
function planarLand(land: readonly PolygonRings[]): PolygonRings[] {
  const out: PolygonRings[] = [];
  for (const rings of land) {
    if (!rings.some(wraps)) {
      out.push(rings);
      continue;
    }
    const unwrapped = rings.map(unwrap);
    const [outer, ...holes] = unwrapped;
    if (outer === undefined || !closes(outer)) continue;
    const mean = meanLon(outer);
    const aligned: Ring[] = [
      outer,
      ...holes.filter(closes).map((h) => shiftLon(h, 360 * Math.round((mean - meanLon(h)) / 360))),
    ];
    const [west, , east] = boxOf(outer);
    out.push(aligned);
    if (east > 180) out.push(aligned.map((r) => shiftLon(r, -360)));
    if (west < -180) out.push(aligned.map((r) => shiftLon(r, 360)));
  }
  return out;
}

function unwrap(ring: ReadonlyArray<readonly [number, number]>): Ring {
  const out: Ring = [];
  let shift = 0;
  ring.forEach(([lon, lat], i) => {
    if (i > 0) {
      const previous = (ring[i - 1] as readonly [number, number])[0];
      shift += 360 * Math.round((previous - lon) / 360);
    }
    out.push([lon + shift, lat]);
  });
  return out;
}

/** Whether an unwrapped ring ends where it began (one round a pole ends a full turn away). */
function closes(ring: Ring): boolean {
  const first = ring[0];
  const last = ring.at(-1);
  return first !== undefined && last !== undefined && Math.abs(first[0] - last[0]) < 1e-9;
}

function meanLon(ring: Ring): number {
  return ring.reduce((sum, p) => sum + p[0], 0) / ring.length;
}

function shiftLon(ring: Ring, degrees: number): Ring {
  return ring.map(([lon, lat]) => [lon + degrees, lat]);
}

/**
 * The union of polygons, as disjoint polygons (what the mask's even-odd rule needs). Only
 * polygons whose bounding boxes overlap, directly or through others, are merged by polyclip-ts;
 * the rest are returned as they are (valid polygons assumed), since a sweep over all of them at
 * once costs far more (hundreds of reef bands: 1.9 s instead of a few milliseconds).
 */
export function mergePolygons(polygons: readonly PolygonRings[]): PolygonRings[] {
  const boxes = polygons.map((p) => boxOf(p[0] ?? []));
  const parent = polygons.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    parent[i] = r;
    return r;
  };
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlaps(boxes[i] as Box, boxes[j] as Box)) parent[root(j)] = root(i);
    }
  }
  const clusters = new Map<number, PolygonRings[]>();
  polygons.forEach((p, i) => {
    const r = root(i);
    clusters.set(r, [...(clusters.get(r) ?? []), p]);
  });
  return [...clusters.values()].flatMap(([first, ...rest]) =>
    rest.length === 0
      ? [first as PolygonRings]
      : (union(first as Geom, ...(rest as Geom[])) as PolygonRings[]),
  );
}

/**
 * Polygons drawn in a plane that runs on past the antimeridian (a band round a reef line that
 * ends at it), cut there and wrapped: the part east of 180 comes back a full turn west, the part
 * west of -180 a full turn east. seaParts takes nothing across the antimeridian, and the wrapped
 * pieces merge with whatever lies on their side. Polygons within -180..180 come back as they are.
 */
export function wrapAtAntimeridian(polygons: readonly PolygonRings[]): PolygonRings[] {
  const crosses = (p: PolygonRings) => {
    const [x0, , x1] = boxOf(p[0] ?? []);
    return x0 < -180 || x1 > 180;
  };
  if (!polygons.some(crosses)) return [...polygons];
  const pieces: PolygonRings[] = [];
  for (const p of polygons) {
    if (!crosses(p)) {
      pieces.push(p);
      continue;
    }
    for (const turn of [-1, 0, 1]) {
      const west = -180 + 360 * turn;
      const strip: Geom = [
        [
          [west, -90],
          [west + 360, -90],
          [west + 360, 90],
          [west, 90],
          [west, -90],
        ],
      ];
      for (const part of intersection(p as Geom, strip) as PolygonRings[]) {
        pieces.push(part.map((ring) => ring.map(([x, y]) => [x - 360 * turn, y])));
      }
    }
  }
  return mergePolygons(pieces);
}

/** Whether a ring has an edge jumping across the antimeridian (more than 180 degrees of longitude). */
function wraps(ring: ReadonlyArray<readonly [number, number]>): boolean {
  return ring.some(
    (p, i) => i > 0 && Math.abs(p[0] - (ring[i - 1] as readonly [number, number])[0]) > 180,
  );
}

function boxOf(ring: ReadonlyArray<readonly [number, number]>): Box {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of ring) {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}
