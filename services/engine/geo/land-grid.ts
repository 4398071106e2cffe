/**
 * A regular lon/lat grid over the coastline edges: each cell is pure sea, pure land, or coast
 * (touched by at least one edge, with the list of those edges and the exact land status of its
 * centre). Pure cells answer point and path queries without looking at any edge.
 *
 * Land status everywhere is the even-odd parity of coastline edges crossed by the meridian from
 * the point down to the South Pole, starting from the South Pole's own status. Formally, for a
 * point (x, y):
 *
 *   land(x, y) = southPoleIsLand XOR #{ edges e : e spans x, and e's latitude at x < y }
 *
 * where "e spans x" is half-open, x1 <= x < x2 (after ordering the ends by longitude). The
 * half-open rule counts a vertex exactly on the meridian once, never counts an edge lying along
 * a meridian, and makes the antimeridian seam (edges split at ±180) consistent: -180 is a column
 * and +180 is not. A meridian ray needs no special case for polar rings (Antarctica), which a
 * horizontal ray would have to close along the pole.
 */
import type { CoastlineEdges } from "./coastline-edges";
import { edgeYAtX, segmentMeetsRect } from "./planar";

/** Cell flags: bit 0 is the land status of the cell centre, bit 1 marks a coast cell. */
export const CELL_LAND = 1;
export const CELL_COAST = 2;

/**
 * Cells are widened by this much (degrees) when deciding which edges touch them, so that a point
 * on a cell boundary, rounded into either neighbour by floor(), still finds every edge through it.
 */
const CELL_SLACK_DEG = 1e-9;

export interface LandGrid {
  readonly cellDeg: number;
  readonly cols: number;
  readonly rows: number;
  /** cols * rows flags, row-major from the south-west corner: index = row * cols + col. */
  readonly cells: Uint8Array;
  /** Edge ids of cell i are edgeIds[edgeStart[i] .. edgeStart[i + 1]) (empty unless coast). */
  readonly edgeStart: Uint32Array;
  readonly edgeIds: Uint32Array;
}

export function colCentre(grid: LandGrid, col: number): number {
  return -180 + (col + 0.5) * grid.cellDeg;
}

export function rowCentre(grid: LandGrid, row: number): number {
  return -90 + (row + 0.5) * grid.cellDeg;
}

export function colOf(grid: LandGrid, lon: number): number {
  const c = Math.floor((lon + 180) / grid.cellDeg);
  return c < 0 ? 0 : c >= grid.cols ? grid.cols - 1 : c;
}

export function rowOf(grid: LandGrid, lat: number): number {
  const r = Math.floor((lat + 90) / grid.cellDeg);
  return r < 0 ? 0 : r >= grid.rows ? grid.rows - 1 : r;
}

export function buildLandGrid(edges: CoastlineEdges, cellDeg: number): LandGrid {
  const cols = Math.round(360 / cellDeg);
  const rows = Math.round(180 / cellDeg);
  if (Math.abs(cols * cellDeg - 360) > 1e-9 || Math.abs(rows * cellDeg - 180) > 1e-9) {
    throw new RangeError(`cellDeg must divide 180 evenly, got ${cellDeg}`);
  }
  const geometry = { cellDeg, cols, rows };
  const cells = new Uint8Array(cols * rows);
  const { edgeStart, edgeIds } = rasteriseEdges(edges, geometry);
  for (let i = 0; i < cells.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i + 1 <= cells.length, edgeStart has one more.
    if (edgeStart[i + 1]! > edgeStart[i]!) cells[i] = CELL_COAST;
  }
  classifyCentres(edges, geometry, cells);
  return { ...geometry, cells, edgeStart, edgeIds };
}

interface GridGeometry {
  cellDeg: number;
  cols: number;
  rows: number;
}

/**
 * Land status of every cell centre, by one sweep per column of centres: collect the latitudes
 * where edges cross the column's meridian, sort them, and count how many lie below each centre.
 */
function classifyCentres(edges: CoastlineEdges, g: GridGeometry, cells: Uint8Array): void {
  const { xy, count } = edges;
  const centreX = (c: number) => -180 + (c + 0.5) * g.cellDeg;
  // Columns whose centre x satisfies lo <= x < hi; floor() gives a first guess, the exact
  // comparison with the same centreX() decides.
  const spannedCols = (lo: number, hi: number): [number, number] => {
    let c0 = Math.max(0, Math.floor((lo + 180) / g.cellDeg - 0.5) - 1);
    let c1 = Math.min(g.cols - 1, Math.floor((hi + 180) / g.cellDeg - 0.5) + 1);
    while (c0 <= c1 && !(centreX(c0) >= lo)) c0++;
    while (c1 >= c0 && !(centreX(c1) < hi)) c1--;
    return [c0, c1];
  };

  const perCol = new Uint32Array(g.cols + 1);
  for (let e = 0; e < count; e++) {
    const x1 = xy[4 * e] as number;
    const x2 = xy[4 * e + 2] as number;
    if (x1 === x2) continue;
    const [c0, c1] = spannedCols(Math.min(x1, x2), Math.max(x1, x2));
    for (let c = c0; c <= c1; c++) perCol[c + 1] = (perCol[c + 1] as number) + 1;
  }
  for (let c = 0; c < g.cols; c++)
    perCol[c + 1] = (perCol[c + 1] as number) + (perCol[c] as number);
  const crossings = new Float64Array(perCol[g.cols] as number);
  const fill = perCol.slice(0, g.cols);
  for (let e = 0; e < count; e++) {
    const x1 = xy[4 * e] as number;
    const y1 = xy[4 * e + 1] as number;
    const x2 = xy[4 * e + 2] as number;
    const y2 = xy[4 * e + 3] as number;
    if (x1 === x2) continue;
    const [c0, c1] = spannedCols(Math.min(x1, x2), Math.max(x1, x2));
    for (let c = c0; c <= c1; c++) {
      const slot = fill[c] as number;
      fill[c] = slot + 1;
      crossings[slot] = edgeYAtX(x1, y1, x2, y2, centreX(c));
    }
  }

  const base = edges.southPoleIsLand ? 1 : 0;
  for (let c = 0; c < g.cols; c++) {
    const ys = crossings.subarray(perCol[c] as number, perCol[c + 1] as number).sort();
    let below = 0;
    for (let r = 0; r < g.rows; r++) {
      const yc = -90 + (r + 0.5) * g.cellDeg;
      while (below < ys.length && (ys[below] as number) < yc) below++;
      const land = (base ^ (below & 1)) === 1;
      const i = r * g.cols + c;
      if (land) cells[i] = (cells[i] as number) | CELL_LAND;
    }
  }
}

/** Which edges touch which cells (closed, slightly widened cells), as a CSR table over cells. */
function rasteriseEdges(
  edges: CoastlineEdges,
  g: GridGeometry,
): { edgeStart: Uint32Array; edgeIds: Uint32Array } {
  const { xy, count } = edges;
  const ncells = g.cols * g.rows;
  // Two passes over the same enumeration (count, then fill) keep memory to the final table.
  const edgeStart = new Uint32Array(ncells + 1);
  forEachTouchedCell(xy, count, g, (cell) => {
    edgeStart[cell + 1] = (edgeStart[cell + 1] as number) + 1;
  });
  for (let i = 0; i < ncells; i++) {
    edgeStart[i + 1] = (edgeStart[i + 1] as number) + (edgeStart[i] as number);
  }
  const edgeIds = new Uint32Array(edgeStart[ncells] as number);
  const fill = edgeStart.slice(0, ncells);
  forEachTouchedCell(xy, count, g, (cell, e) => {
    const slot = fill[cell] as number;
    fill[cell] = slot + 1;
    edgeIds[slot] = e;
  });
  return { edgeStart, edgeIds };
}

function forEachTouchedCell(
  xy: Float64Array,
  count: number,
  g: GridGeometry,
  visit: (cell: number, edge: number) => void,
): void {
  const clampCol = (c: number) => (c < 0 ? 0 : c >= g.cols ? g.cols - 1 : c);
  const clampRow = (r: number) => (r < 0 ? 0 : r >= g.rows ? g.rows - 1 : r);
  for (let e = 0; e < count; e++) {
    const x1 = xy[4 * e] as number;
    const y1 = xy[4 * e + 1] as number;
    const x2 = xy[4 * e + 2] as number;
    const y2 = xy[4 * e + 3] as number;
    const c0 = clampCol(Math.floor((Math.min(x1, x2) - CELL_SLACK_DEG + 180) / g.cellDeg));
    const c1 = clampCol(Math.floor((Math.max(x1, x2) + CELL_SLACK_DEG + 180) / g.cellDeg));
    const r0 = clampRow(Math.floor((Math.min(y1, y2) - CELL_SLACK_DEG + 90) / g.cellDeg));
    const r1 = clampRow(Math.floor((Math.max(y1, y2) + CELL_SLACK_DEG + 90) / g.cellDeg));
    for (let r = r0; r <= r1; r++) {
      const cy0 = -90 + r * g.cellDeg - CELL_SLACK_DEG;
      const cy1 = -90 + (r + 1) * g.cellDeg + CELL_SLACK_DEG;
      for (let c = c0; c <= c1; c++) {
        const cx0 = -180 + c * g.cellDeg - CELL_SLACK_DEG;
        const cx1 = -180 + (c + 1) * g.cellDeg + CELL_SLACK_DEG;
        // Single-cell edges (most of them) need no test.
        if ((c0 === c1 && r0 === r1) || segmentMeetsRect(x1, y1, x2, y2, cx0, cy0, cx1, cy1)) {
          visit(r * g.cols + c, e);
        }
      }
    }
  }
}

/** seaReach's cap: a byte per cell. */
const MAX_SEA_REACH = 255;

/**
 * For each cell, the Chebyshev distance in cells (columns wrapping at the antimeridian, rows not
 * past the poles) to the nearest cell that is not pure sea, capped at MAX_SEA_REACH; 0 for land
 * and coast cells. Every cell within reach - 1 of a cell is then pure sea, which lets a path test
 * stride across open ocean without computing its points. A breadth-first search over the eight
 * neighbours from all non-sea cells at once gives exactly that distance.
 */
export function seaReach(grid: LandGrid): Uint8Array {
  const { cols, rows, cells } = grid;
  const reach = new Uint8Array(cells.length).fill(MAX_SEA_REACH);
  const queue = new Int32Array(cells.length);
  let tail = 0;
  for (let i = 0; i < cells.length; i++) {
    if ((cells[i] as number) !== 0) {
      reach[i] = 0;
      queue[tail++] = i;
    }
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head] as number;
    const next = (reach[i] as number) + 1;
    if (next >= MAX_SEA_REACH) continue;
    const r = Math.floor(i / cols);
    const c = i - r * cols;
    for (let dr = -1; dr <= 1; dr++) {
      const rr = r + dr;
      if (rr < 0 || rr >= rows) continue;
      for (let dc = -1; dc <= 1; dc++) {
        const cc = c + dc < 0 ? c + dc + cols : c + dc >= cols ? c + dc - cols : c + dc;
        const j = rr * cols + cc;
        if ((reach[j] as number) > next) {
          reach[j] = next;
          queue[tail++] = j;
        }
      }
    }
  }
  return reach;
}
