/**
 * Reef lines from Natural Earth's 1:10m reefs layer (public domain,
 * https://www.naturalearthdata.com), by region: see each data file's own `source` for exactly
 * which features it holds and where they were copied from.
 */
import { readFileSync } from "node:fs";

interface ReefCollection {
  name: string;
  source: string;
  features: Array<{
    geometry:
      | { type: "LineString"; coordinates: Array<[number, number]> }
      | { type: "MultiLineString"; coordinates: Array<Array<[number, number]>> };
  }>;
}

const FILES = {
  "coral-sea": new URL("./ne-10m-reefs-coral-sea.json", import.meta.url),
  caribbean: new URL("./ne-10m-reefs-caribbean.json", import.meta.url),
} as const;

export type ReefData = keyof typeof FILES;

/** A region's lines, as [lon, lat] arrays, and a one-line description of where they come from. */
export function loadReefLines(region: ReefData): {
  lines: Array<Array<[number, number]>>;
  source: string;
} {
  const data = JSON.parse(readFileSync(FILES[region], "utf8")) as ReefCollection;
  const lines = data.features.flatMap((f) =>
    f.geometry.type === "LineString" ? [f.geometry.coordinates] : f.geometry.coordinates,
  );
  return { lines, source: `Natural Earth 1:10m reefs (${data.name})` };
}
