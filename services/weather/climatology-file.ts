import { createHash } from "node:crypto";
import { endianness } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLIMATOLOGY_GRID_VALUES, ClimatologyGrid } from "../engine/weather/synthetic";
import { cacheFiles } from "../routing/cache-files";
import { fingerprintOf } from "../routing/network-inputs";
import { typedArrayOf } from "../routing/typed-bytes";

/**
 * The synthetic climate's background grid (climatology.ts) kept in ROUTING_CACHE_DIR: every
 * scoring thread's synthetic world needs it, and computing it takes about a second of CPU per
 * thread at every start; read back, it takes milliseconds. The file holds the grid's Float32
 * values as raw bytes, and is named by the fingerprint of the engine's code (where the tables, the
 * calibration storms and the computation live) and of the JavaScript engine (whose Math functions
 * the computation goes through), so it only ever holds the grid this code computes. A file of
 * the wrong length reads as missing; typed arrays hold the machine's byte order, so a big-endian
 * machine neither writes nor reads.
 */
export function keptClimatologyGrid(dir: string): ClimatologyGrid {
  if (dir === "" || endianness() !== "LE") return new ClimatologyGrid();
  const files = cacheFiles(dir);
  const name = `climatology-${inputs()}.bin`;
  const bytes = files.read(name);
  if (bytes?.length === 4 * CLIMATOLOGY_GRID_VALUES) {
    return new ClimatologyGrid(typedArrayOf(Float32Array, bytes));
  }
  const grid = new ClimatologyGrid();
  files.write(name, Buffer.from(grid.data.buffer, grid.data.byteOffset, grid.data.byteLength));
  return grid;
}

let fingerprint: string | undefined;
function inputs(): string {
  const services = dirname(dirname(fileURLToPath(import.meta.url)));
  fingerprint ??= createHash("sha256")
    .update(fingerprintOf([join(services, "engine")], []))
    .update(process.versions.v8)
    .digest("hex")
    .slice(0, 20);
  return fingerprint;
}
