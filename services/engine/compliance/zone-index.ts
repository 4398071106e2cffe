/**
 * The zones compiled once, with a coarse grid over the globe listing which zones' bounding boxes
 * touch each cell: a route segment is tested exactly only against the few zones whose boxes
 * share a cell with it (most ocean segments against none).
 */
import { type CompiledGeometry, compileGeometry, geometryBbox } from "./geometry";
import type { ZoneSpec } from "./zone-spec";

const CELL_DEG = 10;
const COLS = 360 / CELL_DEG;
const ROWS = 180 / CELL_DEG;

export interface IndexedZone {
  spec: ZoneSpec;
  geometry: CompiledGeometry;
}

export interface ZoneIndex {
  readonly zones: readonly IndexedZone[];
  /** Zone numbers whose boxes touch each cell (row-major, row 0 at 90 S). */
  readonly cells: ReadonlyArray<readonly number[]>;
}

export function buildZoneIndex(specs: readonly ZoneSpec[]): ZoneIndex {
  const ids = new Set<string>();
  const zones: IndexedZone[] = [];
  const cells: number[][] = Array.from({ length: COLS * ROWS }, () => []);
  specs.forEach((spec, z) => {
    if (ids.has(spec.id)) throw new RangeError(`duplicate zone id ${spec.id}`);
    ids.add(spec.id);
    const geometry = compileGeometry(spec.geometry);
    zones.push({ spec, geometry });
    const parts =
      geometry.kind === "band" ? [geometryBbox(geometry)] : geometry.polygons.map((p) => p);
    const marked = new Set<number>();
    for (const b of parts) {
      forEachCell(b.minX, b.maxX, b.minY, b.maxY, (cell) => {
        if (!marked.has(cell)) {
          marked.add(cell);
          cells[cell]?.push(z);
        }
      });
    }
  });
  return { zones, cells };
}

/**
 * Calls `fn` for every cell a box touches; x may be unwrapped (outside [-180, 180)), and a box
 * 360 degrees wide or more covers every column.
 */
export function forEachCell(
  minX: number,
  maxX: number,
  minY: number,
  maxY: number,
  fn: (cell: number) => void,
): void {
  const r0 = clampRow(Math.floor((minY + 90) / CELL_DEG));
  const r1 = clampRow(Math.floor((maxY + 90) / CELL_DEG));
  const c0 = Math.floor((minX + 180) / CELL_DEG);
  const c1 = Math.floor((maxX + 180) / CELL_DEG);
  const cols = Math.min(COLS, c1 - c0 + 1);
  for (let r = r0; r <= r1; r++) {
    for (let k = 0; k < cols; k++) {
      const c = (((c0 + k) % COLS) + COLS) % COLS;
      fn(r * COLS + c);
    }
  }
}

function clampRow(r: number): number {
  return Math.max(0, Math.min(ROWS - 1, r));
}
