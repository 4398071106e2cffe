import { denseGeodesic } from "../geo/geodesic";
import { nearestOnSegment, segmentsIntersect } from "../geo/planar";
import { centralAngle, initialBearingDeg } from "../geo/sphere";
import type { LandMask, LatLon } from "../geo/types";
import type { Passage } from "./passages";
import { EARTH_RADIUS_NM, greatCircleNm, STEP_DIRECTIONS } from "./sea-grid";

/** A passage's gate (passages.ts), if it has one. */
export function gateOf(passage: Passage): Gate | undefined {
  return passage.gate ? new Gate(passage.gate.map(([lat, lon]) => ({ lat, lon }))) : undefined;
}

/**
 * A gate is a line across a strait's narrows, drawn from land on one shore to land on the
 * other: every way through the strait crosses it, and a way round the land does not. Straits
 * that are open water in the coastline data need one. Without it the grid and the taut string
 * sail through a strait the caller asked to avoid, and a route through it does not report it.
 */
export class Gate {
  /** Vertices as x = longitude, y = latitude (no gate comes near the antimeridian). */
  private readonly xy: number[];
  /** Centre of the gate's bounding box and the radius (nm) of a circle round it holding the gate. */
  private readonly centre: LatLon;
  private readonly reachNm: number;
  readonly minLat: number;
  readonly maxLat: number;
  readonly minLon: number;
  readonly maxLon: number;

  constructor(readonly points: readonly LatLon[]) {
    if (points.length < 2) throw new RangeError("a gate needs at least two points");
    this.xy = points.flatMap((p) => [p.lon, p.lat]);
    this.minLat = Math.min(...points.map((p) => p.lat));
    this.maxLat = Math.max(...points.map((p) => p.lat));
    this.minLon = Math.min(...points.map((p) => p.lon));
    this.maxLon = Math.max(...points.map((p) => p.lon));
    this.centre = { lat: (this.minLat + this.maxLat) / 2, lon: (this.minLon + this.maxLon) / 2 };
    this.reachNm = Math.max(...points.map((p) => sphereNm(this.centre, p)));
  }

  /** Whether p lies within `nm` of the gate (lon/lat plane, longitude scaled at p's latitude). */
  withinNm(p: LatLon, nm: number): boolean {
    const dLat = nm / 60;
    const cos = Math.max(0.05, Math.cos(p.lat * DEG));
    const dLon = dLat / cos;
    if (p.lat < this.minLat - dLat || p.lat > this.maxLat + dLat) return false;
    if (p.lon < this.minLon - dLon || p.lon > this.maxLon + dLon) return false;
    return this.someSegment(
      (ax, ay, bx, by) => nearestOnSegment(p.lon, p.lat, ax, ay, bx, by, cos).d2 <= dLat * dLat,
    );
  }

  /**
   * Whether the gate's bounding box comes within `deg` degrees of latitude of p, and as many
   * degrees of longitude scaled by p's latitude (the fine-grid searches' window round p).
   */
  nearBox(p: LatLon, deg: number): boolean {
    const dLon = deg / Math.max(0.2, Math.cos(p.lat * DEG));
    return (
      this.maxLat >= p.lat - deg &&
      this.minLat <= p.lat + deg &&
      this.maxLon >= p.lon - dLon &&
      this.minLon <= p.lon + dLon
    );
  }

  /** Whether the straight piece p-q (short enough to be a straight line in lon/lat) crosses the gate. */
  pieceCrosses(p: LatLon, q: LatLon): boolean {
    if (Math.abs(q.lon - p.lon) > 180) return false;
    return this.someSegment((ax, ay, bx, by) =>
      segmentsIntersect(p.lon, p.lat, q.lon, q.lat, ax, ay, bx, by),
    );
  }

  /** Whether `test` holds for some segment of the gate (x = longitude, y = latitude). */
  private someSegment(test: (ax: number, ay: number, bx: number, by: number) => boolean): boolean {
    const xy = this.xy;
    for (let i = 0; i + 3 < xy.length; i += 2) {
      if (test(xy[i] as number, xy[i + 1] as number, xy[i + 2] as number, xy[i + 3] as number))
        return true;
    }
    return false;
  }

  /**
   * Where along the geodesic a-b it first crosses the gate, as a fraction of the leg; undefined
   * when it does not. Legs whose great circle keeps further from the gate than the gate reaches
   * are settled on the sphere; the rest are walked in 1 nm pieces near their closest approach.
   */
  crossing(a: LatLon, b: LatLon): number | undefined {
    const lengthNm = sphereNm(a, b);
    // The geodesic strays from the great circle by well under 0.5% of the leg.
    const margin = 5 + 0.005 * lengthNm;
    // Every point of the leg lies within its length of a, and a degree of latitude is at least
    // 59.6 nm: a gate further north or south than that is settled without trigonometry (the
    // harbour searches test every gate at every fine-grid step).
    const latReach = (lengthNm + this.reachNm + margin) / 59.6;
    if (Math.abs(a.lat - this.centre.lat) > latReach) return undefined;
    const near = closestApproach(a, b, this.centre);
    if (near.distanceNm > this.reachNm + margin) return undefined;
    if (lengthNm === 0) return undefined;
    const window = (this.reachNm + 2 * margin) / lengthNm;
    const t0 = Math.max(0, near.alongFraction - window);
    const t1 = Math.min(1, near.alongFraction + window);
    const pieces = Math.max(1, Math.ceil(((t1 - t0) * lengthNm) / GATE_STEP_NM));
    const path = denseGeodesic(a, b, Number.POSITIVE_INFINITY);
    const at = (t: number) => (t <= 0 ? a : t >= 1 ? b : path.pointAtFraction(t));
    let p = at(t0);
    for (let k = 1; k <= pieces; k++) {
      const t = t0 + ((t1 - t0) * k) / pieces;
      const q = at(t);
      if (this.pieceCrosses(p, q)) return t;
      p = q;
    }
    return undefined;
  }
}

/**
 * Half-thickness of a closed gate seen as land (nm): more than the diagonal of the fine grid's
 * cells (0.005 deg, approach.ts), so a cell-by-cell search cannot step across it.
 */
const WALL_NM = 0.5;
/** Length of the pieces a leg near a gate is tested in (nm). */
const GATE_STEP_NM = 1;
const DEG = Math.PI / 180;

function sphereNm(a: LatLon, b: LatLon): number {
  return greatCircleNm(a.lat, a.lon, b.lat, b.lon);
}

/** The great-circle arc a-b's closest approach to c (sphere): distance and fraction along a-b. */
function closestApproach(
  a: LatLon,
  b: LatLon,
  c: LatLon,
): { distanceNm: number; alongFraction: number } {
  const d12 = centralAngle(a.lat, a.lon, b.lat, b.lon);
  const d13 = centralAngle(a.lat, a.lon, c.lat, c.lon);
  if (d12 === 0) return { distanceNm: d13 * EARTH_RADIUS_NM, alongFraction: 0 };
  const dTheta =
    (initialBearingDeg(a.lat, a.lon, c.lat, c.lon) -
      initialBearingDeg(a.lat, a.lon, b.lat, b.lon)) *
    DEG;
  // Cross-track and along-track distances (the spherical right triangle a, foot, c).
  const xt = Math.asin(Math.max(-1, Math.min(1, Math.sin(d13) * Math.sin(dTheta))));
  const cosXt = Math.cos(xt);
  const at =
    Math.acos(Math.max(-1, Math.min(1, Math.cos(d13) / (cosXt === 0 ? 1 : cosXt)))) *
    Math.sign(Math.cos(dTheta));
  if (at <= 0) return { distanceNm: d13 * EARTH_RADIUS_NM, alongFraction: 0 };
  if (at >= d12)
    return {
      distanceNm: centralAngle(b.lat, b.lon, c.lat, c.lon) * EARTH_RADIUS_NM,
      alongFraction: 1,
    };
  return { distanceNm: Math.abs(xt) * EARTH_RADIUS_NM, alongFraction: at / d12 };
}

/**
 * The coastline with closed gates added as walls: a leg that crosses one "hits land". What the
 * string pulling and the harbour attachments of a request test their legs against when the
 * request avoids a gated strait; points, snapping and distances to the coast are the coastline's.
 */
export class GatedLandMask implements LandMask {
  readonly source: string;

  constructor(
    private readonly coast: LandMask,
    private readonly closed: readonly Gate[],
  ) {
    this.source = coast.source;
  }

  /** Land, or within WALL_NM of a closed gate: the fine-grid searches out of harbours step cell by cell and would slip through a line. */
  isLand(p: LatLon): boolean {
    for (const gate of this.closed) if (gate.withinNm(p, WALL_NM)) return true;
    return this.coast.isLand(p);
  }

  pathHitsLand(a: LatLon, b: LatLon, stepNm?: number): boolean {
    for (const gate of this.closed) if (gate.crossing(a, b) !== undefined) return true;
    return this.coast.pathHitsLand(a, b, stepNm);
  }

  nearestSea(p: LatLon, maxNm: number): { point: LatLon; distance_nm: number } | null {
    return this.coast.nearestSea(p, maxNm);
  }

  distanceToCoastNm(p: LatLon, maxNm: number): number {
    return this.coast.distanceToCoastNm(p, maxNm);
  }
}

/**
 * The grid steps a request may not take: those that cross its closed gates. Asked for every step
 * the search takes, and nearly every node has none: a flag per node answers those without
 * looking the step up.
 */
export class ClosedSteps {
  private readonly steps: ReadonlySet<number>;
  private readonly fromNode: Uint8Array;

  constructor(steps: readonly number[], nodes: number) {
    this.steps = new Set(steps);
    this.fromNode = new Uint8Array(nodes);
    for (const step of steps) this.fromNode[Math.floor(step / STEP_DIRECTIONS)] = 1;
  }

  /** Whether the step out of `node` in `direction` (numbered as SeaGrid.forEachStep numbers them) is closed. */
  has(node: number, direction: number): boolean {
    return this.fromNode[node] === 1 && this.steps.has(node * STEP_DIRECTIONS + direction);
  }
}
