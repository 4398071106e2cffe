import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadReefLines } from "./reefs";

interface Feature {
  bbox: [number, number, number, number];
  geometry: { type: string; coordinates: Array<[number, number]> };
}

const data = JSON.parse(
  readFileSync(new URL("./ne-10m-reefs-coral-sea.json", import.meta.url), "utf8"),
) as { source: string; features: Feature[] };

describe("Natural Earth reef lines round Australia and New Guinea", () => {
  it("holds each copied feature whole: its bbox is the extent of its own coordinates", () => {
    // Natural Earth ships each feature's bbox; a vertex lost or mistyped in the copy would
    // usually move the extent away from it.
    for (const f of data.features) {
      const xs = f.geometry.coordinates.map((c) => c[0]);
      const ys = f.geometry.coordinates.map((c) => c[1]);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual(f.bbox);
    }
  });

  it("lies within the box its source note names, and names Natural Earth", () => {
    expect(data.source).toMatch(/Natural Earth/);
    for (const f of data.features) {
      const [x0, y0, x1, y1] = f.bbox;
      expect(x0).toBeGreaterThanOrEqual(141.5);
      expect(x1).toBeLessThanOrEqual(156);
      expect(y0).toBeGreaterThanOrEqual(-25);
      expect(y1).toBeLessThanOrEqual(-8.5);
    }
  });

  it("loads one line per feature, from the Torres Strait to the Swain Reefs", () => {
    const { lines, source } = loadReefLines("coral-sea");
    expect(lines).toHaveLength(data.features.length);
    expect(source).toMatch(/Natural Earth 1:10m reefs/);
    const lats = lines.flat().map((c) => c[1]);
    expect(Math.max(...lats)).toBeGreaterThan(-10);
    expect(Math.min(...lats)).toBeLessThan(-22);
  });
});
