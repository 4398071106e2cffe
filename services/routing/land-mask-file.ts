import { createHash } from "node:crypto";
import { endianness } from "node:os";
import type { LandMaskParts } from "../engine/geo/land-mask-parts";
import { typedArrayOf } from "./typed-bytes";

/**
 * A land mask's parts (land-mask-parts.ts) as one file's bytes, for the network cache.
 *
 * Layout: a 4-byte little-endian header length, the header as JSON (the grid's geometry, the
 * edges' scalars, each array's length and a SHA-256 of the arrays' bytes), padding to a multiple
 * of 8 bytes, then the arrays' raw bytes one after another: xy (float64), edgeStart and edgeIds
 * (uint32), cells and reach (uint8). Raw bytes are the arrays' memory, read back without parsing;
 * the hash catches a damaged file whose lengths still add up, since a flipped flag or sea reach
 * would route differently rather than fail.
 *
 * Typed arrays hold the machine's byte order, so a big-endian machine neither writes nor reads.
 */
const FORMAT = 1;
const LITTLE_ENDIAN = endianness() === "LE";

interface Header {
  format: number;
  cellDeg: number;
  cols: number;
  rows: number;
  count: number;
  southPoleIsLand: boolean;
  ringCount: number;
  droppedPolarRings: number;
  edgeIds: number;
  sha256: string;
}

export function encodeLandMaskParts(parts: LandMaskParts): Buffer | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  const { edges, grid, reach } = parts;
  const arrays = [edges.xy, grid.edgeStart, grid.edgeIds, grid.cells, reach].map((a) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength),
  );
  const hash = createHash("sha256");
  for (const a of arrays) hash.update(a);
  const header: Header = {
    format: FORMAT,
    cellDeg: grid.cellDeg,
    cols: grid.cols,
    rows: grid.rows,
    count: edges.count,
    southPoleIsLand: edges.southPoleIsLand,
    ringCount: edges.ringCount,
    droppedPolarRings: edges.droppedPolarRings,
    edgeIds: grid.edgeIds.length,
    sha256: hash.digest("hex"),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const padding = Buffer.alloc(align8(4 + json.length) - 4 - json.length);
  return Buffer.concat([length, json, padding, ...arrays]);
}

/**
 * The parts, or undefined when the file is not one encodeLandMaskParts wrote whole. Whether they
 * fit together as a mask is the engine's check (landMaskFromParts).
 */
export function decodeLandMaskParts(file: Buffer): LandMaskParts | undefined {
  if (!LITTLE_ENDIAN || file.length < 4) return undefined;
  const headerLength = file.readUInt32LE(0);
  let header: Header;
  try {
    header = JSON.parse(file.subarray(4, 4 + headerLength).toString("utf8")) as Header;
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null) return undefined;
  const { format, cellDeg, cols, rows, count, edgeIds, ringCount, droppedPolarRings } = header;
  if (format !== FORMAT || typeof cellDeg !== "number") return undefined;
  if (![cols, rows, count, edgeIds, ringCount, droppedPolarRings].every(isCount)) return undefined;
  const cells = cols * rows;
  const sizes = [8 * 4 * count, 4 * (cells + 1), 4 * edgeIds, cells, cells];
  const start = align8(4 + headerLength);
  if (file.length !== start + sizes.reduce((a, b) => a + b, 0)) return undefined;
  const hash = createHash("sha256");
  hash.update(file.subarray(start));
  if (hash.digest("hex") !== header.sha256) return undefined;
  let offset = start;
  const next = (i: number) => {
    const bytes = file.subarray(offset, offset + (sizes[i] as number));
    offset += sizes[i] as number;
    return bytes;
  };
  const xy = typedArrayOf(Float64Array, next(0));
  const edgeStart = typedArrayOf(Uint32Array, next(1));
  const ids = typedArrayOf(Uint32Array, next(2));
  return {
    edges: {
      xy,
      count,
      southPoleIsLand: header.southPoleIsLand === true,
      ringCount,
      droppedPolarRings,
    },
    grid: {
      cellDeg,
      cols,
      rows,
      cells: typedArrayOf(Uint8Array, next(3)),
      edgeStart,
      edgeIds: ids,
    },
    reach: typedArrayOf(Uint8Array, next(4)),
  };
}

const isCount = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
const align8 = (n: number) => Math.ceil(n / 8) * 8;
