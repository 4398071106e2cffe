import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pointInRing } from "../../tests/point-in-ring";
import { CLOSED_WATERS } from "../engine/routing/closed-waters";
import { loadReefLines } from "./reefs";

interface Feature {
  bbox: [number, number, number, number];
  geometry: { type: string; coordinates: Array<[number, number]> };
}

function readCopy(file: string): { source: string; features: Feature[] } {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8"));
}

const data = readCopy("./ne-10m-reefs-coral-sea.json");

/** Each copied subset and the box ([west, south, east, north]) its source note names. */
const COPIES = [
  { file: "./ne-10m-reefs-coral-sea.json", box: [141.5, -25, 156, -8.5] },
  { file: "./ne-10m-reefs-caribbean.json", box: [-90, 8, -60, 28] },
] as const;

describe.each(COPIES)("Natural Earth reef lines copied to $file", ({ file, box }) => {
  const copy = readCopy(file);

  it("holds each copied feature whole: its bbox is the extent of its own coordinates", () => {
    // Natural Earth ships each feature's bbox; a vertex lost or mistyped in the copy would
    // usually move the extent away from it.
    for (const f of copy.features) {
      const xs = f.geometry.coordinates.map((c) => c[0]);
      const ys = f.geometry.coordinates.map((c) => c[1]);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual(f.bbox);
    }
  });

  it("lies within the box its source note names, and names Natural Earth", () => {
    expect(copy.source).toMatch(/Natural Earth/);
    expect(copy.source).toContain(`${Math.abs(box[0])}`);
    for (const f of copy.features) {
      const [x0, y0, x1, y1] = f.bbox;
      expect(x0).toBeGreaterThanOrEqual(box[0]);
      expect(y0).toBeGreaterThanOrEqual(box[1]);
      expect(x1).toBeLessThanOrEqual(box[2]);
      expect(y1).toBeLessThanOrEqual(box[3]);
    }
  });
});

describe("Natural Earth reef lines round Australia and New Guinea", () => {
  it("loads one line per feature, from the Torres Strait to the Swain Reefs", () => {
    const { lines, source } = loadReefLines("coral-sea");
    expect(lines).toHaveLength(data.features.length);
    expect(source).toMatch(/Natural Earth 1:10m reefs/);
    const lats = lines.flat().map((c) => c[1]);
    expect(Math.max(...lats)).toBeGreaterThan(-10);
    expect(Math.min(...lats)).toBeLessThan(-22);
  });

  it("loads the Caribbean copy's 19 lines, Glover's Reef among them", () => {
    const { lines } = loadReefLines("caribbean");
    expect(lines).toHaveLength(19);
    // Glover's Reef atoll, off Belize at about 16 50N 87 45W.
    expect(
      lines.some((l) =>
        l.every(([lon, lat]) => lon > -87.85 && lon < -87.6 && lat > 16.65 && lat < 16.95),
      ),
    ).toBe(true);
  });

  it("is covered by the Swain Reefs outline, which is drawn as the hull of its lines there", () => {
    const swains = CLOSED_WATERS.find((w) => w.id === "swain-reefs")?.polygons[0]?.[0];
    expect(swains).toBeDefined();
    const ring = swains as Array<[number, number]>;
    const { lines } = loadReefLines("coral-sea");
    const there = lines.filter((l) =>
      l.every(([lon, lat]) => lon > 151 && lat > -23 && lat < -20.5),
    );
    expect(there).toHaveLength(13);
    // Inside, or on the edge within the outline's rounding (0.001 degree).
    const outside = there
      .flat()
      .filter(
        ([lon, lat]) => !pointInRing(ring, lon, lat) && distanceToRing(ring, lon, lat) > 0.002,
      );
    expect(outside).toEqual([]);
  });
});

/** Planar distance in degrees from a point to a ring's nearest edge. */
function distanceToRing(ring: ReadonlyArray<[number, number]>, x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < ring.length; i++) {
    const [ax, ay] = ring[i - 1] as [number, number];
    const [bx, by] = ring[i] as [number, number];
    const t = Math.max(
      0,
      Math.min(
        1,
        ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
      ),
    );
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return best;
}
