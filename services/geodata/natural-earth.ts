/**
 * Natural Earth land polygons from the world-atlas package, and land masks built from them.
 *
 * Natural Earth (https://www.naturalearthdata.com) is in the public domain; world-atlas
 * (https://github.com/topojson/world-atlas, Mike Bostock) is ISC-licensed TopoJSON of it.
 *
 * What the data calls land (checked by natural-earth.test.ts and bench/strait-report.ts):
 * - Lakes are land (Great Lakes, Victoria, Baikal, Ladoga, the Aral Sea), except the Caspian Sea,
 *   which is water at every scale (the only hole in the polygons; a landlocked water body).
 * - Enclosed seas joined to the ocean are water: Black Sea, Azov, Marmara, Baltic, Maracaibo.
 * - Antarctica's ice shelves (Ross, Ronne-Filchner, Amery) are water: its coast follows the
 *   grounding line, so the water under the Ross Ice Shelf reaches 85S.
 * - Canals are not cut: Africa and Asia are one polygon across Suez, the Americas one across
 *   Panama, and Jutland is whole across the Kiel Canal, so canals must be explicit passages.
 * - Straits: Dover, Gibraltar, Bosporus, Dardanelles, Øresund, Singapore, Malacca, Hormuz,
 *   Bab-el-Mandeb, Magellan and Torres are all open water at 1:50m and 1:10m, but 1:50m widens
 *   the narrow ones (the Bosporus is about 2 nm wide at 1:50m and 0.3 nm at 1:10m).
 * - Coordinates are quantised to about 0.0036 x 0.0017 degrees (0.2 x 0.1 nm).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import { buildLandMask } from "../engine/geo/land-mask";
import type { LandMask, PolygonRings } from "../engine/geo/types";

export type NaturalEarthResolution = "10m" | "50m" | "110m";

const require = createRequire(import.meta.url);
const WORLD_ATLAS_VERSION: string = (
  JSON.parse(readFileSync(require.resolve("world-atlas/package.json"), "utf8")) as {
    version: string;
  }
).version;

/** Reads world-atlas's land-<resolution>.json and returns its polygons as GeoJSON rings. */
export function loadLandPolygons(resolution: NaturalEarthResolution): PolygonRings[] {
  const path = require.resolve(`world-atlas/land-${resolution}.json`);
  const topology = JSON.parse(readFileSync(path, "utf8")) as Parameters<typeof feature>[0];
  const land = topology.objects.land as Parameters<typeof feature>[1];
  const geo = feature(topology, land);
  const geometries = "features" in geo ? geo.features.map((f) => f.geometry) : [geo.geometry];
  const polygons: PolygonRings[] = [];
  for (const g of geometries) {
    if (g.type === "Polygon") polygons.push(g.coordinates as PolygonRings);
    else if (g.type === "MultiPolygon") polygons.push(...(g.coordinates as PolygonRings[]));
  }
  return polygons;
}

/** "Natural Earth 1:50m land (world-atlas 2.0.2)" and so on. */
export function naturalEarthSource(resolution: NaturalEarthResolution): string {
  return `Natural Earth 1:${resolution} land (world-atlas ${WORLD_ATLAS_VERSION})`;
}

/** Reads and builds in one go: about 0.15 s for 50m and 0.4 s for 10m (bench/land-mask.ts). */
export function naturalEarthLandMask(
  resolution: NaturalEarthResolution,
  cellDeg?: number,
): LandMask {
  return buildLandMask(loadLandPolygons(resolution), {
    source: naturalEarthSource(resolution),
    ...(cellDeg === undefined ? {} : { cellDeg }),
  });
}

/**
 * Builds each resolution's mask at most once; create one at start-up (or per test file) and pass
 * it to whatever needs a mask.
 */
export function createNaturalEarthLandMasks(): {
  get(resolution: NaturalEarthResolution): LandMask;
} {
  const built = new Map<NaturalEarthResolution, LandMask>();
  return {
    get(resolution) {
      let mask = built.get(resolution);
      if (mask === undefined) {
        mask = naturalEarthLandMask(resolution);
        built.set(resolution, mask);
      }
      return mask;
    },
  };
}
