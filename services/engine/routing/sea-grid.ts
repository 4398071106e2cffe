import { centralAngle, initialBearingDeg } from "../geo/sphere";
import type { LandMask, LatLon } from "../geo/types";
import { isRoutedLatitude, POLAR_LIMIT_DEG, type PolarWindow } from "./polar-waters";

/**
 * The navigation grid: one node per cell of a regular lat/lon grid whose centre is open water
 * with some clearance from the coast, joined to its 8 neighbours (longitude wraps at the
 * antimeridian). Whether an edge is clear of land is decided the first time a search needs it
 * and remembered in the grid (edges are symmetric, so four directions per node are stored).
 * Narrow waters the grid cannot resolve (canals, straits narrower than a cell) are joined by
 * explicit passages (passages.ts), not by the grid.
 *
 * Open water is searched at half the resolution: a node with even row and column whose 5 x 5
 * block of cells is all sea (a "lattice" node) steps two cells at a time in the 8 directions and
 * by knight's moves to other lattice nodes (see KX),
 * and the other nodes of open water lead only onto the lattice (or back towards the coast), so a
 * search crossing an ocean expands about a quarter of the nodes. Near coasts, where the 5 x 5
 * block touches land, every node keeps its 8 single steps. The routes differ from a full-
 * resolution search by at most a cell's width in open water, which the smoothing pass removes.
 */

export interface SeaGridOptions {
  /** Cell size in degrees (default 0.25). */
  cellDeg?: number;
  /** Nodes nearer than this to a coastline are left out (default 2 nm): ships keep off the coast. */
  clearanceNm?: number;
  /** Highest |latitude| routed (default 72): polar waters need ice data and an ice class. */
  maxAbsLat?: number;
  /** Polar waters routed beyond maxAbsLat (polar-waters.ts; default none). */
  polarWindows?: readonly PolarWindow[];
}

/** Mean earth radius in nm for the row distances (geodesic refinement happens on the final route). */
export const EARTH_RADIUS_NM = 3440.065;
/**
 * A lower bound of the geodesic distance for the A* heuristic: a great circle on a sphere of the
 * smallest radius of curvature of WGS84 (the meridional radius at the equator, 6,335.439 km).
 */
const MIN_RADIUS_NM = 6_335_439 / 1852;

const DEG = Math.PI / 180;

/**
 * The length of the pieces every leg a route may keep is tested in, nm: grid steps, the legs
 * joining a route's ends to the grid, and the taut string's legs alike. A densified geodesic is
 * tested piece by piece as straight lines in longitude and latitude, so two densifications of
 * one leg can disagree where a coastline comes within a metre of it; testing every kept leg at
 * one step keeps the route's answer the same as a check of the whole route at that step.
 */
export const LEG_STEP_NM = 1;

/** Edge state in the memo (0 = not known yet): clear of land, blocked. */
const CLEAR = 1;
const BLOCKED = 2;

/** Neighbour offsets: the first four are stored in the memo; the last four are their reverses. */
const DX = [1, 1, 0, -1, -1, -1, 0, 1] as const;
const DY = [0, 1, 1, 1, 0, -1, -1, -1] as const;
/**
 * Knight's-move steps between lattice nodes, in cells (directions 16-23; d + 4 reverses d): with
 * the lattice's 8 two-cell steps they give 16 headings, so a path across open water is at most
 * 2.7% longer than the straight line (8 headings: 8.2%), and the search picks the right side of
 * an island far more often (Gibraltar to Port Said south of Crete, not north).
 */
const KX = [4, 2, -2, -4, -4, -2, 2, 4] as const;
const KY = [2, 4, 4, 2, -2, -4, -4, -2] as const;
/** Directions a step is numbered in (see forEachStep): node * STEP_DIRECTIONS + direction names a step. */
export const STEP_DIRECTIONS = 24;

/** The steps out of one node, as SeaGrid.neighbours writes them: at most 16 (8 steps and 8 knight's moves). */
export class NeighbourBuffer {
  readonly node = new Int32Array(16);
  readonly lengthNm = new Float64Array(16);
  /** The step's direction, numbered as forEachStep numbers them. */
  readonly direction = new Uint8Array(16);
}

export class SeaGrid {
  readonly cellDeg: number;
  readonly nx: number;
  readonly ny: number;
  readonly maxAbsLat: number;
  /** How far nodes keep from the coast (nm). */
  readonly clearanceNm: number;
  /** 1 where the cell is a node (open water with clearance); close() takes nodes out. */
  readonly sea: Uint8Array;
  /** Per row: great-circle length of an east-west step, a north step (to row+1), a diagonal step. */
  readonly stepEastNm: Float64Array;
  readonly stepNorthNm: Float64Array;
  readonly stepDiagNm: Float64Array;
  /** Per row and direction (row * 8 + d): initial course of the step, degrees true. */
  private readonly stepCourseDeg: Float64Array;
  /** Per row: latitude of the centre in radians and its cosine (for the heuristic). */
  private readonly rowLatRad: Float64Array;
  private readonly rowCos: Float64Array;
  private readonly edgeMemo: Uint8Array;
  /** 1 where the node's 5 x 5 block of cells is all sea (open water). */
  private readonly open: Uint8Array;
  /** 1 on open-water nodes of even row and column: they step two cells at a time. */
  private readonly lattice: Uint8Array;
  /** As the single-step tables, for the two-cell steps of the lattice (row * 8 + d for courses). */
  private readonly step2EastNm: Float64Array;
  private readonly step2NorthNm: Float64Array;
  private readonly step2DiagNm: Float64Array;
  private readonly step2CourseDeg: Float64Array;
  private readonly edgeMemo2: Uint8Array;
  /** Knight's-move tables: lengths per row (lower end) for 4x2 and 2x4 cell steps; courses. */
  private readonly knightWideNm: Float64Array;
  private readonly knightTallNm: Float64Array;
  private readonly knightCourseDeg: Float64Array;
  private readonly edgeMemoK: Uint8Array;
  private readonly seaScratch = new NeighbourBuffer();

  constructor(
    /** Decides which cells are nodes (open water with clearance). */
    mask: LandMask,
    options: SeaGridOptions = {},
    /** Decides which edges are clear; the finer coastline, so small islands are never cut through. */
    private readonly edgeMask: LandMask = mask,
  ) {
    this.cellDeg = options.cellDeg ?? 0.25;
    this.maxAbsLat = options.maxAbsLat ?? POLAR_LIMIT_DEG;
    const windows = options.polarWindows ?? [];
    this.clearanceNm = options.clearanceNm ?? 2;
    const clearance = this.clearanceNm;
    this.nx = Math.round(360 / this.cellDeg);
    this.ny = Math.round(180 / this.cellDeg);
    const n = this.nx * this.ny;
    this.sea = new Uint8Array(n);
    this.edgeMemo = new Uint8Array(n * 4);
    this.edgeMemo2 = new Uint8Array(n * 4);
    this.edgeMemoK = new Uint8Array(n * 4);
    this.knightWideNm = new Float64Array(this.ny);
    this.knightTallNm = new Float64Array(this.ny);
    this.knightCourseDeg = new Float64Array(this.ny * 8);
    this.step2EastNm = new Float64Array(this.ny);
    this.step2NorthNm = new Float64Array(this.ny);
    this.step2DiagNm = new Float64Array(this.ny);
    this.step2CourseDeg = new Float64Array(this.ny * 8);
    this.stepEastNm = new Float64Array(this.ny);
    this.stepNorthNm = new Float64Array(this.ny);
    this.stepDiagNm = new Float64Array(this.ny);
    this.rowLatRad = new Float64Array(this.ny);
    this.rowCos = new Float64Array(this.ny);
    this.stepCourseDeg = new Float64Array(this.ny * 8);
    for (let y = 0; y < this.ny; y++) {
      const lat = this.latOf(y);
      for (let d = 0; d < 8; d++) {
        this.stepCourseDeg[y * 8 + d] = courseDeg(
          lat,
          0,
          lat + (DY[d] as number) * this.cellDeg,
          (DX[d] as number) * this.cellDeg,
        );
      }
      for (let d = 0; d < 8; d++) {
        this.step2CourseDeg[y * 8 + d] = courseDeg(
          lat,
          0,
          lat + 2 * (DY[d] as number) * this.cellDeg,
          2 * (DX[d] as number) * this.cellDeg,
        );
      }
      for (let d = 0; d < 8; d++) {
        this.knightCourseDeg[y * 8 + d] = courseDeg(
          lat,
          0,
          lat + (KY[d] as number) * this.cellDeg,
          (KX[d] as number) * this.cellDeg,
        );
      }
      this.knightWideNm[y] = greatCircleNm(lat, 0, lat + 2 * this.cellDeg, 4 * this.cellDeg);
      this.knightTallNm[y] = greatCircleNm(lat, 0, lat + 4 * this.cellDeg, 2 * this.cellDeg);
      this.step2EastNm[y] = greatCircleNm(lat, 0, lat, 2 * this.cellDeg);
      this.step2NorthNm[y] = greatCircleNm(lat, 0, lat + 2 * this.cellDeg, 0);
      this.step2DiagNm[y] = greatCircleNm(lat, 0, lat + 2 * this.cellDeg, 2 * this.cellDeg);
      this.rowLatRad[y] = lat * DEG;
      this.rowCos[y] = Math.cos(lat * DEG);
      const latN = lat + this.cellDeg;
      this.stepEastNm[y] = greatCircleNm(lat, 0, lat, this.cellDeg);
      this.stepNorthNm[y] = greatCircleNm(lat, 0, latN, 0);
      this.stepDiagNm[y] = greatCircleNm(lat, 0, latN, this.cellDeg);
      const polar = Math.abs(lat) > this.maxAbsLat;
      if (polar && !windows.some((w) => lat > 0 && lat <= w.maxLat)) continue;
      for (let x = 0; x < this.nx; x++) {
        const p = { lat, lon: this.lonOf(x) };
        if (polar && !isRoutedLatitude(p, this.maxAbsLat, windows)) continue;
        if (!mask.isLand(p) && mask.distanceToCoastNm(p, clearance) >= clearance) {
          this.sea[y * this.nx + x] = 1;
        }
      }
    }
    this.open = new Uint8Array(n);
    this.lattice = new Uint8Array(n);
    for (let y = 2; y < this.ny - 2; y++) {
      for (let x = 0; x < this.nx; x++) {
        if (this.sea[y * this.nx + x] !== 1 || !this.blockIsSea(x, y)) continue;
        this.open[y * this.nx + x] = 1;
        if (x % 2 === 0 && y % 2 === 0) this.lattice[y * this.nx + x] = 1;
      }
    }
  }

  /**
   * Takes a node out of the grid (waters crossed only through a passage): the nodes whose 5 x 5
   * block held it are open water no more, so they step one cell at a time round the gap.
   */
  close(node: number): void {
    this.sea[node] = 0;
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    for (let dy = -2; dy <= 2; dy++) {
      if (y + dy < 0 || y + dy >= this.ny) continue;
      for (let dx = -2; dx <= 2; dx++) {
        const n = (y + dy) * this.nx + mod(x + dx, this.nx);
        this.open[n] = 0;
        this.lattice[n] = 0;
      }
    }
  }

  /** Whether the node is open water stepped two cells at a time (see the class comment). */
  isLattice(node: number): boolean {
    return this.lattice[node] === 1;
  }

  /** Whether the node's 5 x 5 block of cells is all sea. */
  isOpen(node: number): boolean {
    return this.open[node] === 1;
  }

  private blockIsSea(x: number, y: number): boolean {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        if (this.sea[(y + dy) * this.nx + mod(x + dx, this.nx)] !== 1) return false;
      }
    }
    return true;
  }

  get size(): number {
    return this.nx * this.ny;
  }

  latOf(y: number): number {
    return -90 + (y + 0.5) * this.cellDeg;
  }

  lonOf(x: number): number {
    return -180 + (x + 0.5) * this.cellDeg;
  }

  pointOf(node: number): LatLon {
    return { lat: this.latOf(Math.floor(node / this.nx)), lon: this.lonOf(node % this.nx) };
  }

  /** The cell containing p (whether or not it is a node). */
  cellOf(p: LatLon): number {
    const y = Math.min(this.ny - 1, Math.max(0, Math.floor((p.lat + 90) / this.cellDeg)));
    const x = mod(Math.floor((p.lon + 180) / this.cellDeg), this.nx);
    return y * this.nx + x;
  }

  /** The nodes (sea cells) whose centres lie within radiusNm of p (great circle), row by row. */
  nodesWithin(p: LatLon, radiusNm: number): number[] {
    const dLat = radiusNm / 60;
    const dLon = radiusNm / (60 * Math.max(0.05, Math.cos((p.lat * Math.PI) / 180)));
    const out: number[] = [];
    const y0 = Math.max(0, Math.floor((p.lat - dLat + 90) / this.cellDeg));
    const y1 = Math.min(this.ny - 1, Math.floor((p.lat + dLat + 90) / this.cellDeg));
    const span = Math.min(this.nx, Math.ceil((2 * dLon) / this.cellDeg) + 2);
    const x0 = Math.floor((p.lon - dLon + 180) / this.cellDeg);
    for (let y = y0; y <= y1; y++) {
      for (let k = 0; k < span; k++) {
        const x = mod(x0 + k, this.nx);
        const node = y * this.nx + x;
        if (
          this.sea[node] === 1 &&
          greatCircleNm(p.lat, p.lon, this.latOf(y), this.lonOf(x)) <= radiusNm
        )
          out.push(node);
      }
    }
    return out;
  }

  isNode(cell: number): boolean {
    return this.sea[cell] === 1;
  }

  /**
   * Writes into `out` every neighbour the search may step to from `node` by an edge clear of
   * land, and returns how many: two-cell steps from a lattice node, single steps onto the lattice
   * or towards the coast from other open-water nodes, every single step elsewhere; and, with
   * `knights`, the lattice's knight's moves. The first query of an edge tests it against the land
   * mask; later ones read the memo. A buffer rather than a callback: this is the search's
   * innermost loop, and a callback shared by several callers cannot be inlined.
   */
  neighbours(node: number, out: NeighbourBuffer, knights = true): number {
    if (this.lattice[node] === 1) {
      const n = this.writeLattice(node, out, 0);
      return knights ? this.writeKnight(node, true, out, n) : n;
    }
    return this.writeNeighbours(node, true, out, 0, this.open[node] === 1);
  }

  /**
   * For an open-water node off the lattice, which the search steps onto only from a coast (see
   * writeNeighbours): one call of visit(node, lengthNm) for each lattice node beside it with a
   * clear step, by which a search in open water may reach it. None for any other node.
   */
  forEachLatticeEntry(node: number, visit: (from: number, lengthNm: number) => void): void {
    if (this.open[node] !== 1 || this.lattice[node] === 1) return;
    this.forEachNeighbour(node, (nb, lengthNm) => {
      if (this.lattice[nb] === 1) visit(nb, lengthNm);
    });
  }

  /** As neighbours, one call of visit(neighbour, lengthNm, direction) each. */
  forEachNeighbour(
    node: number,
    visit: (neighbour: number, lengthNm: number, direction: number) => void,
    knights = true,
  ): void {
    const out = new NeighbourBuffer();
    const n = this.neighbours(node, out, knights);
    for (let k = 0; k < n; k++)
      visit(out.node[k] as number, out.lengthNm[k] as number, out.direction[k] as number);
  }

  /**
   * Every step the search could take from `node`, whatever the node's kind and the land: single
   * steps (directions 0-7), two-cell steps (8-15) and knight's moves (16-23), numbered as
   * forEachNeighbour numbers them. For finding the steps that cross a line (gates.ts).
   */
  forEachStep(node: number, visit: (neighbour: number, direction: number) => void): void {
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    const step = (dx: number, dy: number, direction: number) => {
      if (y + dy < 0 || y + dy >= this.ny) return;
      visit((y + dy) * this.nx + mod(x + dx, this.nx), direction);
    };
    for (let d = 0; d < 8; d++) {
      step(DX[d] as number, DY[d] as number, d);
      step(2 * (DX[d] as number), 2 * (DY[d] as number), d + 8);
      step(KX[d] as number, KY[d] as number, d + 16);
    }
  }

  /** Initial course (degrees true) of the step from `node` in `direction` (as passed to visit). */
  courseOf(node: number, direction: number): number {
    const row = Math.floor(node / this.nx) * 8;
    return (
      direction < 8
        ? this.stepCourseDeg[row + direction]
        : direction < 16
          ? this.step2CourseDeg[row + direction - 8]
          : this.knightCourseDeg[row + direction - 16]
    ) as number;
  }

  /**
   * Calls visit for every neighbouring node whether or not the edge clears land: the relaxed grid
   * the landmark bounds are computed on (landmarks.ts), without the costly coastline tests.
   */
  forEachSeaNeighbour(node: number, visit: (neighbour: number, lengthNm: number) => void): void {
    // One buffer for the grid: the landmark Dijkstras call this a million times per set, and
    // their visitors never ask the grid for neighbours themselves.
    const out = this.seaScratch;
    let n = this.writeNeighbours(node, false, out, 0);
    // The knight's moves are shorter than any path of single steps between their ends, so the
    // relaxed grid has them too or its distances would not bound the search's from below.
    if (this.lattice[node] === 1) n = this.writeKnight(node, false, out, n);
    for (let k = 0; k < n; k++) visit(out.node[k] as number, out.lengthNm[k] as number);
  }

  /** Single steps (directions 0-7) into out from index n; returns the new count. */
  private writeNeighbours(
    node: number,
    checkLand: boolean,
    out: NeighbourBuffer,
    n: number,
    ontoLatticeOrCoast = false,
  ): number {
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    for (let d = 0; d < 8; d++) {
      const ny = y + (DY[d] as number);
      if (ny < 0 || ny >= this.ny) continue;
      const nb = ny * this.nx + mod(x + (DX[d] as number), this.nx);
      if (this.sea[nb] !== 1) continue;
      // Open water off the lattice: every such node has an even-row-and-column neighbour, which
      // is either on the lattice or near a coast, so none is left without a way on.
      if (ontoLatticeOrCoast && this.open[nb] === 1 && this.lattice[nb] !== 1) continue;
      if (checkLand && !this.clearIn(this.edgeMemo, node, nb, d)) continue;
      const row = Math.min(y, ny);
      out.node[n] = nb;
      out.lengthNm[n] =
        DY[d] === 0
          ? (this.stepEastNm[y] as number)
          : DX[d] === 0
            ? (this.stepNorthNm[row] as number)
            : (this.stepDiagNm[row] as number);
      out.direction[n++] = d;
    }
    return n;
  }

  /** The two-cell steps of a lattice node (directions 8-15); the 5 x 5 block is all sea nodes. */
  private writeLattice(node: number, out: NeighbourBuffer, n: number): number {
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    for (let d = 0; d < 8; d++) {
      const ny = y + 2 * (DY[d] as number);
      const nb = ny * this.nx + mod(x + 2 * (DX[d] as number), this.nx);
      if (!this.clearIn(this.edgeMemo2, node, nb, d)) continue;
      const row = Math.min(y, ny);
      out.node[n] = nb;
      out.lengthNm[n] =
        DY[d] === 0
          ? (this.step2EastNm[y] as number)
          : DX[d] === 0
            ? (this.step2NorthNm[row] as number)
            : (this.step2DiagNm[row] as number);
      out.direction[n++] = d + 8;
    }
    return n;
  }

  /** The knight's moves of a lattice node to other lattice nodes (directions 16-23). */
  private writeKnight(node: number, checkLand: boolean, out: NeighbourBuffer, n: number): number {
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    for (let d = 0; d < 8; d++) {
      const ny = y + (KY[d] as number);
      if (ny < 0 || ny >= this.ny) continue;
      const nb = ny * this.nx + mod(x + (KX[d] as number), this.nx);
      // Both ends on the lattice: their 5 x 5 blocks of sea cover the cells the step crosses.
      if (this.lattice[nb] !== 1) continue;
      if (checkLand && !this.clearIn(this.edgeMemoK, node, nb, d)) continue;
      const row = Math.min(y, ny);
      out.node[n] = nb;
      out.lengthNm[n] =
        Math.abs(KY[d] as number) === 2
          ? (this.knightWideNm[row] as number)
          : (this.knightTallNm[row] as number);
      out.direction[n++] = d + 16;
    }
    return n;
  }

  /**
   * Whether the step from `node` to `nb` in direction d (0-7 of its kind) clears land, from the
   * memo of that kind of step, testing the edge mask the first time. Directions 4-7 reverse 0-3,
   * so every edge is stored once, at its "forward" end.
   */
  private clearIn(memo: Uint8Array, node: number, nb: number, d: number): boolean {
    const slot = d < 4 ? node * 4 + d : nb * 4 + d - 4;
    const known = memo[slot];
    if (known === CLEAR) return true;
    if (known === BLOCKED) return false;
    const clear = !this.edgeMask.pathHitsLand(this.pointOf(node), this.pointOf(nb), LEG_STEP_NM);
    memo[slot] = clear ? CLEAR : BLOCKED;
    return clear;
  }

  /**
   * Admissible A* heuristic from a node to a point: the haversine distance on a sphere of the
   * smallest radius of curvature, with the row's trigonometry precomputed.
   */
  lowerBoundToNm(node: number, to: { lat: number; lon: number; cos: number }): number {
    const x = node % this.nx;
    const y = (node - x) / this.nx;
    const dp = to.lat * DEG - (this.rowLatRad[y] as number);
    const dl = (to.lon - this.lonOf(x)) * DEG;
    const h = Math.sin(dp / 2) ** 2 + (this.rowCos[y] as number) * to.cos * Math.sin(dl / 2) ** 2;
    return 2 * MIN_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
  }
}

export function greatCircleNm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return EARTH_RADIUS_NM * centralAngle(lat1, lon1, lat2, lon2);
}

/** Initial great-circle course from the first point to the second, degrees true. */
export const courseDeg = initialBearingDeg;

const mod = (a: number, n: number) => ((a % n) + n) % n;
