import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pointInRing } from "../../tests/point-in-ring";
import { buildLandMask } from "../engine/geo/land-mask";
import { CLOSED_WATERS, REEF_REGIONS, reefLinesByRegion } from "../engine/routing/closed-waters";
import { loadReefLines, reefClosedWaters } from "./reefs";

interface Feature {
  bbox: [number, number, number, number];
  geometry: { type: string; coordinates: Array<[number, number]> };
}

const copy: { source: string; features: Feature[] } = JSON.parse(
  readFileSync(new URL("./ne-10m-reefs.json", import.meta.url), "utf8"),
);
const layer = loadReefLines();
const byRegion = reefLinesByRegion(layer.lines);
const regionLines = (id: string) => byRegion[REEF_REGIONS.findIndex((r) => r.id === id)] ?? [];

describe("Natural Earth's reef layer, copied whole", () => {
  it("holds each feature whole: its bbox is the extent of its own coordinates", () => {
    // Natural Earth ships each feature's bbox; a vertex lost or mistyped in the copy would
    // usually move the extent away from it.
    expect(copy.features).toHaveLength(1043);
    for (const f of copy.features) {
      const xs = f.geometry.coordinates.map((c) => c[0]);
      const ys = f.geometry.coordinates.map((c) => c[1]);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual(f.bbox);
    }
  });

  it("names Natural Earth and the commit it was copied at", () => {
    expect(copy.source).toMatch(/Natural Earth 1:10m.*public domain/);
    expect(copy.source).toContain("84c039951fc3ccdf97968687ccda67824afa833f");
    expect(layer.source).toMatch(/Natural Earth 1:10m reefs/);
  });
});

describe("the reef layer by region", () => {
  it("gives every line to one region", () => {
    const counts = byRegion.map((lines) => lines.length);
    expect(counts).toEqual([201, 19, 823]);
    expect(layer.lines.filter((l) => !byRegion.some((r) => r.includes(l.line)))).toEqual([]);
  });

  it("closes the lines whose bands run past the antimeridian, on both sides of it", () => {
    // Three lines (two off Vanua Levu, Fiji) end within the band's half-width of 180 (they used to be left out:
    // the land cut takes nothing across the antimeridian). Their bands are cut there and the
    // far parts wrapped round.
    const elsewhere = reefClosedWaters().find((w) => w.id === "reefs-elsewhere");
    const mask = buildLandMask(elsewhere?.polygons ?? [], { source: "reefs", cellDeg: 0.1 });
    const atSeam = layer.lines.filter(({ bbox }) => bbox[0] < -179.994 || bbox[2] > 179.994);
    expect(atSeam).toHaveLength(3);
    for (const { line } of atSeam) {
      for (const [lon, lat] of line) expect(mask.isLand({ lat, lon }), `${lat}, ${lon}`).toBe(true);
    }
    // 0.19 nm west of the westernmost vertex of the loop at 11.77S, across the antimeridian.
    expect(mask.isLand({ lat: -11.773131, lon: 179.9995 })).toBe(true);
    // Every polygon lies within -180..180, where the land cut and the mask take it.
    for (const [lon] of (elsewhere?.polygons ?? []).flat(2)) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    }
  });

  it("has the Coral Sea's lines from the Torres Strait to the Swain Reefs", () => {
    const lats = regionLines("coral-sea-reefs")
      .flat()
      .map((c) => c[1]);
    expect(Math.max(...lats)).toBeGreaterThan(-10);
    expect(Math.min(...lats)).toBeLessThan(-22);
  });

  it("has the Caribbean's 19 lines, Glover's Reef among them", () => {
    // Glover's Reef atoll, off Belize at about 16 50N 87 45W.
    expect(
      regionLines("caribbean-reefs").some((l) =>
        l.every(([lon, lat]) => lon > -87.85 && lon < -87.6 && lat > 16.65 && lat < 16.95),
      ),
    ).toBe(true);
  });

  it("has the rest elsewhere: the Maldives, the Tuamotus and the Red Sea among them", () => {
    const rest = regionLines("reefs-elsewhere");
    const within = (w: number, s: number, e: number, n: number) =>
      rest.filter((l) => l.every(([lon, lat]) => lon >= w && lon <= e && lat >= s && lat <= n))
        .length;
    expect(within(72.5, -1, 74, 7.2)).toBeGreaterThan(50); // Maldives
    expect(within(-149, -23, -136, -14)).toBeGreaterThan(30); // Tuamotus
    expect(within(32, 12, 44, 30)).toBeGreaterThan(20); // Red Sea
  });

  it("is covered by the Swain Reefs outline, which is drawn as the hull of its lines there", () => {
    const swains = CLOSED_WATERS.find((w) => w.id === "swain-reefs")?.polygons[0]?.[0];
    expect(swains).toBeDefined();
    const ring = swains as Array<[number, number]>;
    const there = regionLines("coral-sea-reefs").filter((l) =>
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
