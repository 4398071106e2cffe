/**
 * Natural Earth's 1:10m reefs layer (public domain, https://www.naturalearthdata.com), copied
 * whole (the file's own `source` says from where), and the closed waters it makes: one per reef
 * region of the routing engine (REEF_REGIONS).
 */
import { readFileSync } from "node:fs";
import {
  type ClosedWater,
  REEF_REGIONS,
  type ReefLine,
  reefLinesByRegion,
  reefWaters,
} from "../engine/routing/closed-waters";

interface ReefCollection {
  name: string;
  source: string;
  features: Array<{
    bbox: [number, number, number, number];
    geometry: { type: "LineString"; coordinates: Array<[number, number]> };
  }>;
}

const FILE = new URL("./ne-10m-reefs.json", import.meta.url);

/** The layer's lines, each with its bounding box, and a one-line description of the layer. */
export function loadReefLines(): { lines: ReefLine[]; source: string } {
  const data = JSON.parse(readFileSync(FILE, "utf8")) as ReefCollection;
  return {
    lines: data.features.map((f) => ({ bbox: f.bbox, line: f.geometry.coordinates })),
    source: `Natural Earth 1:10m reefs (${data.name})`,
  };
}

/** Each reef region's closed water, in REEF_REGIONS order. */
export function reefClosedWaters(): ClosedWater[] {
  const { lines, source } = loadReefLines();
  const byRegion = reefLinesByRegion(lines);
  return REEF_REGIONS.map((region, i) => reefWaters(region, byRegion[i] ?? [], source));
}
