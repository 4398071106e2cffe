import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { mesh } from "topojson-client";
import { describe, expect, it } from "vitest";
import { PASSAGES } from "../engine/routing/passages";

/**
 * Fairways whose line is, over a stretch, a boundary that follows the river's thalweg, taken
 * from Natural Earth's 1:10m countries (world-atlas countries-10m): each waypoint of the stretch
 * must be a vertex of the boundary between the two countries, so the line can be traced to its
 * source and is not edited by hand. The stretches are those the entries' comments name.
 */
const BOUNDARY_STRETCHES = [
  { passage: "shatt-al-arab", countries: ["Iran", "Iraq"], from: 1, to: -1 },
  { passage: "danube", countries: ["Romania", "Ukraine"], from: 6, to: 19 },
  { passage: "bystroe", countries: ["Romania", "Ukraine"], from: 2, to: -1 },
] as const;

type Topology = Parameters<typeof mesh>[0];
type Named = { properties: { name: string } };

const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve("world-atlas/countries-10m.json"), "utf8"),
) as Topology;

/** The boundary between two countries as [lat, lon] vertices. */
function boundaryVertices(a: string, b: string): Array<[number, number]> {
  const countries = (topology.objects as Record<string, Parameters<typeof mesh>[1]>).countries;
  const between = (x: unknown, y: unknown) => {
    const [p, q] = [(x as Named).properties.name, (y as Named).properties.name];
    return (p === a && q === b) || (p === b && q === a);
  };
  const lines = mesh(topology, countries, between).coordinates as Array<Array<[number, number]>>;
  return lines.flat().map(([lon, lat]) => [lat, lon]);
}

describe("fairways drawn on Natural Earth's boundaries", () => {
  it("has every waypoint of each boundary stretch on a vertex of that boundary", () => {
    for (const { passage, countries, from, to } of BOUNDARY_STRETCHES) {
      const p = PASSAGES.find((q) => q.id === passage);
      expect(p, passage).toBeDefined();
      const vertices = boundaryVertices(countries[0], countries[1]);
      expect(vertices.length, passage).toBeGreaterThan(10);
      const stretch = (p?.waypoints ?? []).slice(from, to === -1 ? undefined : to + 1);
      expect(stretch.length, passage).toBeGreaterThan(10);
      const off = stretch.filter(
        ([lat, lon]) =>
          !vertices.some(([vl, vo]) => Math.abs(vl - lat) < 1e-4 && Math.abs(vo - lon) < 1e-4),
      );
      expect(off, passage).toEqual([]);
    }
  });
});
