import { createHash } from "node:crypto";
import { z } from "zod";
import { landMaskFromParts } from "../engine/geo/land-mask";
import type { LandMaskParts } from "../engine/geo/land-mask-parts";
import type { LandMask, PolygonRings } from "../engine/geo/types";
import type { ClosedWater } from "../engine/routing/closed-waters";
import type { LandmarkStore } from "../engine/routing/landmarks";
import type { PassageWayOut, PassageWaysOutStore } from "../engine/routing/nav-graph";
import { cacheFiles } from "./cache-files";
import { decodeLandMaskParts, encodeLandMaskParts } from "./land-mask-file";
import { fileLandmarkStore } from "./landmark-store";
import { networkInputsFingerprint } from "./network-inputs";

/**
 * The routing network's computed parts kept in ROUTING_CACHE_DIR, so that a process (a server, a
 * scoring thread, a CLI call, a test file) builds its network in well under a second once any
 * process on the machine has built it: the closed waters' geometry (the reefs buffered into
 * polygons, every closed water cut against each coastline and merged, about 2.2 s), the two
 * routing masks' edges and grids (about 0.5 s, and the land polygons need not be read), the
 * passage ends' ways out (about 1.3 s) and the landmark sets (seconds each).
 *
 * The geometry, the masks and the ways out are named by the fingerprint of the code and data they
 * are computed from (network-inputs.ts), so an edit to any of it computes them again; the landmark
 * sets by that fingerprint too, with the rest of what their graph is built from (scopedLandmarks).
 * A file that does not parse, or does not have the expected shape, is computed again. JSON keeps
 * every coordinate exactly (a double prints as the shortest text that reads back as the same
 * double), and the masks are the typed arrays' own bytes (land-mask-file.ts), so a network built
 * from the cache routes exactly as one that computed everything.
 */
export interface NetworkCache {
  geometry: {
    load(): NetworkGeometry | undefined;
    save(geometry: NetworkGeometry): void;
  };
  /** Land masks by name, each named for exactly the polygons it is built from. */
  masks: {
    /** The mask, or undefined when the file is missing or does not make a whole mask. */
    load(name: string, source: string): LandMask | undefined;
    save(name: string, parts: LandMaskParts): void;
  };
  waysOut: PassageWaysOutStore;
  landmarks: LandmarkStore;
}

/** A closed water cut against one coastline: per water its sea part, and all of them merged. */
export interface ClosedWaterParts {
  closedParts: PolygonRings[][];
  merged: PolygonRings[];
}

export interface NetworkGeometry {
  /** Every water closed to ships: the catalogue's and the reef layer's, buffered. */
  waters: ClosedWater[];
  /** Cut against Natural Earth 1:50m (the grid's coastline). */
  coarse: ClosedWaterParts;
  /** Cut against Natural Earth 1:10m (legs, snapping, tracks). */
  fine: ClosedWaterParts;
}

const position = z.tuple([z.number(), z.number()]);
const polygon = z.array(z.array(position));
const parts = z.object({ closedParts: z.array(z.array(polygon)), merged: z.array(polygon) });
const geometrySchema = z.object({
  waters: z.array(
    z.object({ id: z.string(), name: z.string(), reason: z.string(), polygons: z.array(polygon) }),
  ),
  coarse: parts,
  fine: parts,
});
const waysOutSchema = z.array(
  z.object({
    end: z.number().int().nonnegative(),
    points: z.array(z.object({ lat: z.number(), lon: z.number() })),
    node: z.number().int().nonnegative(),
  }),
);

export function fileNetworkCache(
  dir: string,
  fingerprint: string = networkInputsFingerprint(),
): NetworkCache {
  const files = cacheFiles(dir);
  const readJson = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const bytes = files.read(name);
    if (!bytes) return undefined;
    try {
      const parsed = schema.safeParse(JSON.parse(bytes.toString("utf8")));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  const geometryFile = `network-geometry-${fingerprint}.json`;
  const maskFile = (name: string) => `land-mask-${fingerprint}-${name}.bin`;
  const waysOutFile = (key: string) => `passage-ways-out-${fingerprint}-${key}.json`;
  return {
    geometry: {
      load: () => readJson(geometryFile, geometrySchema) as NetworkGeometry | undefined,
      save: (geometry) => files.write(geometryFile, JSON.stringify(geometry)),
    },
    masks: {
      load(name, source) {
        const bytes = files.read(maskFile(name));
        const parts = bytes && decodeLandMaskParts(bytes);
        try {
          return parts && landMaskFromParts(source, parts);
        } catch {
          return undefined;
        }
      },
      save(name, parts) {
        const bytes = encodeLandMaskParts(parts);
        if (bytes) files.write(maskFile(name), bytes);
      },
    },
    waysOut: {
      load: (key) => readJson(waysOutFile(key), waysOutSchema) as PassageWayOut[] | undefined,
      save: (key, ways) => files.write(waysOutFile(key), JSON.stringify(ways)),
    },
    landmarks: scopedLandmarks(fileLandmarkStore(dir), `${fingerprint}-${runtime()}`),
  };
}

/**
 * The network names a landmark set's graph by what it is built from but the masks (nav-graph.ts),
 * so the sets are kept apart by the fingerprint the masks are named by, and by the JavaScript
 * engine: the grid's edge lengths go through Math.sin and Math.cos, whose last bits a new V8
 * may change, and a set computed on other lengths may bound a search above the truth.
 */
function scopedLandmarks(store: LandmarkStore, scope: string): LandmarkStore {
  return {
    load: (key) => store.load(`${scope}-${key}`),
    save: (key, set) => store.save(`${scope}-${key}`, set),
  };
}

const runtime = () => createHash("sha256").update(process.versions.v8).digest("hex").slice(0, 8);
