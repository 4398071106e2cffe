/**
 * What building a land mask computes from coastline polygons, kept apart from the mask's queries
 * so that a caller may store it and build the same mask again without the polygons. The parts
 * are plain typed arrays; a mask made from them answers exactly as one built from the polygons.
 */
import { type CoastlineEdges, coastlineEdges } from "./coastline-edges";
import { buildLandGrid, CELL_COAST, CELL_LAND, type LandGrid, seaReach } from "./land-grid";
import type { PolygonRings } from "./types";

export interface LandMaskParts {
  edges: CoastlineEdges;
  grid: LandGrid;
  /** seaReach(grid): as costly as the grid's rasterisation, so it is part of what is kept. */
  reach: Uint8Array;
}

export function buildLandMaskParts(
  polygons: readonly PolygonRings[],
  cellDeg = 0.25,
): LandMaskParts {
  const edges = coastlineEdges(polygons);
  const grid = buildLandGrid(edges, cellDeg);
  return { edges, grid, reach: seaReach(grid) };
}

/**
 * Why parts cannot make a mask (undefined when they can): every array the size the others imply,
 * every edge index and offset in range, every coordinate a longitude and latitude, and the cell
 * flags and sea reach agreeing with the edge lists. The mask's queries index these arrays without
 * bounds checks, so parts from outside (a cache file) must pass this before use; a wrong value
 * that passes it can only be a wrong coordinate or a coast cell's land bit.
 */
export function landMaskPartsProblem(parts: LandMaskParts): string | undefined {
  const { edges, grid, reach } = parts;
  const { xy, count } = edges;
  if (!Number.isInteger(count) || count < 0 || xy.length !== 4 * count) return "edge count";
  for (let i = 0; i < xy.length; i += 2) {
    const x = xy[i] as number;
    const y = xy[i + 1] as number;
    // Written as negations so that NaN fails too.
    if (!(x >= -180 && x <= 180 && y >= -90 && y <= 90)) return `edge coordinate ${i}`;
  }
  const { cellDeg, cols, rows, cells, edgeStart, edgeIds } = grid;
  // As buildLandGrid makes it: whole cells round the globe.
  if (
    !(cellDeg > 0) ||
    cols !== Math.round(360 / cellDeg) ||
    rows !== Math.round(180 / cellDeg) ||
    Math.abs(cols * cellDeg - 360) > 1e-9 ||
    Math.abs(rows * cellDeg - 180) > 1e-9
  ) {
    return "grid geometry";
  }
  const n = cols * rows;
  if (cells.length !== n || reach.length !== n || edgeStart.length !== n + 1) return "grid size";
  if (edgeStart[0] !== 0 || edgeStart[n] !== edgeIds.length) return "edge list bounds";
  for (let i = 0; i < n; i++) {
    const from = edgeStart[i] as number;
    const to = edgeStart[i + 1] as number;
    if (to < from) return `edge list ${i}`;
    const flags = cells[i] as number;
    if (flags > (CELL_LAND | CELL_COAST) || to > from !== ((flags & CELL_COAST) !== 0)) {
      return `cell ${i}`;
    }
    if ((reach[i] === 0) !== (flags !== 0)) return `sea reach ${i}`;
  }
  for (let k = 0; k < edgeIds.length; k++) {
    if ((edgeIds[k] as number) >= count) return `edge id ${k}`;
  }
  return undefined;
}
