import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ClimatologyGrid, syntheticClimate } from "../engine/weather/synthetic";
import { keptClimatologyGrid } from "./climatology-file";

const bytes = (g: ClimatologyGrid) =>
  Buffer.from(g.data.buffer, g.data.byteOffset, g.data.byteLength);

describe("the synthetic climate's grid kept in the cache directory", () => {
  it("reads back the grid it computed, value for value, and the weather is the same", () => {
    const dir = mkdtempSync(join(tmpdir(), "climatology-"));
    const computed = keptClimatologyGrid(dir);
    expect(readdirSync(dir).filter((f) => f.startsWith("climatology-"))).toHaveLength(1);
    const read = keptClimatologyGrid(dir);
    expect(read).not.toBe(computed);
    // Buffer.equals: the grid is 10 MB, too large for the matcher's element-wise comparison.
    expect(bytes(read).equals(bytes(computed))).toBe(true);
    const t = Date.UTC(2004, 0, 17, 6);
    expect(syntheticClimate({ climatology: read }).at(47.5, -31.2, t)).toEqual(
      syntheticClimate().at(47.5, -31.2, t),
    );
  });

  it("computes the grid again when the file does not hold a whole one", () => {
    const dir = mkdtempSync(join(tmpdir(), "climatology-"));
    const computed = keptClimatologyGrid(dir);
    const [file] = readdirSync(dir).filter((f) => f.startsWith("climatology-"));
    writeFileSync(join(dir, file as string), Buffer.alloc(12));
    const again = keptClimatologyGrid(dir);
    expect(bytes(again).equals(bytes(computed))).toBe(true);
  });
});
