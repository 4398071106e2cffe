import { buildLandMask, landMaskFromParts } from "../engine/geo/land-mask";
import { buildLandMaskParts } from "../engine/geo/land-mask-parts";
import { mergePolygons, seaParts } from "../engine/geo/sea-part";
import type { LandMask, PolygonRings } from "../engine/geo/types";
import { CLOSED_WATERS, type ClosedWater, REEF_REGIONS } from "../engine/routing/closed-waters";
import { PASSAGES } from "../engine/routing/passages";
import {
  RoutingNetwork,
  type RoutingNetworkOptions,
  type TrackCheckMasks,
} from "../engine/routing/router";
import {
  loadLandPolygons,
  type NaturalEarthResolution,
  naturalEarthSource,
} from "../geodata/natural-earth";
import { reefClosedWaters } from "../geodata/reefs";
import { loadConfig } from "../platform/config";
import {
  type ClosedWaterParts,
  fileNetworkCache,
  type NetworkCache,
  type NetworkGeometry,
} from "./network-cache";

const CLOSED_WATER_CELL_DEG = 2;
/**
 * Cell size of the 1:10m mask every route's legs are tested against (the 1:50m one keeps the
 * default 0.25). Near a coast a leg's pieces are tested against the edges of the cells they
 * cross; finer cells hold fewer edges and leave more pure sea between islands, so fewer pieces
 * are tested at all. The answers are the same at any cell size (land-mask.ts). Over the bench's
 * 20 ocean crossings, `fastest` took 13% less time at 0.1 than at 0.25 (0.125: 8%; 0.05: no
 * better than 0.1), for 33 MB more (55 MB against 22 MB in memory and in the cache).
 */
const FINE_MASK_CELL_DEG = 0.1;

/**
 * The routing network of this process: built once (Natural Earth 1:50m for the grid's nodes,
 * 1:10m for its edges, for snapping and for checking every final leg; the passage catalogue;
 * waters closed to ships added to the land) and then shared by every request. Clients' tracks
 * are checked against the 1:10m coastline alone and each closed water on its own (made at the
 * first track; the closed waters also at a refused end, to name the water it lies in), so a
 * track over the Great Bahama Bank is reported as that, not as land.
 *
 * What is computed from the code and data alone is kept in `cacheDir` (network-cache.ts; "" for
 * none): a network built from the cache is the same network.
 */
export function buildRoutingNetwork(
  options: RoutingNetworkOptions = {},
  cacheDir: string = loadConfig().ROUTING_CACHE_DIR,
): RoutingNetwork {
  const cache = cacheDir === "" ? undefined : fileNetworkCache(cacheDir);
  // Read only for what is computed: with the geometry and both masks kept, neither is needed.
  const read = new Map<NaturalEarthResolution, PolygonRings[]>();
  const land = (resolution: NaturalEarthResolution) => {
    let polygons = read.get(resolution);
    if (!polygons) {
      polygons = loadLandPolygons(resolution);
      read.set(resolution, polygons);
    }
    return polygons;
  };
  // The closed waters' geometry (5 MB of JSON) is wanted only to build a mask that is not kept,
  // and by the track checks (a client's track, the water a refused route end lies in): with both
  // masks kept, a build does not read it. Unread, it is not marked used either, so a cache whose
  // processes check no track for a week may prune it; the next check then computes it again.
  let geometry: NetworkGeometry | undefined;
  const closedGeometry = (): NetworkGeometry => {
    geometry ??= cache?.geometry.load();
    if (!geometry) {
      const closed = closedWaters();
      geometry = {
        waters: closed,
        coarse: closedWaterParts(land("50m"), closed),
        fine: closedWaterParts(land("10m"), closed),
      };
      cache?.geometry.save(geometry);
    }
    return geometry;
  };
  const coarse = landWithClosedWaters("50m", land, () => closedGeometry().coarse, cache);
  const fine = landWithClosedWaters("10m", land, () => closedGeometry().fine, cache);
  // The track checks hold `land` for the network's life: let the polygons go (tens of MB).
  read.clear();
  return new RoutingNetwork(coarse, fine, PASSAGES, {
    ...(cache ? { landmarkStore: cache.landmarks, waysOutStore: cache.waysOut } : {}),
    trackCheck: () => {
      const { waters, fine: fineParts } = closedGeometry();
      return trackCheckMasks(waters, fineParts.closedParts);
    },
    ...options,
  });
}

/** Every water closed to ships: those drawn in the catalogue, and the reefs of the reef layer. */
function closedWaters(): ClosedWater[] {
  return [...CLOSED_WATERS, ...reefClosedWaters()];
}

/** closedWaters()'s ids, in its order, without buffering a reef: one closed water per reef region. */
const CLOSED_WATER_IDS = [...CLOSED_WATERS, ...REEF_REGIONS].map((w) => w.id);

/**
 * The 1:10m coastline alone and each closed water's sea part on its own, for clients' tracks.
 * The coastline is built when a track first asks for it: a refused route end asks only which
 * closed water it lies in (small masks), and need not pay for a second fine coastline.
 */
function trackCheckMasks(waters: ClosedWater[], closedParts: PolygonRings[][]): TrackCheckMasks {
  let coast: LandMask | undefined;
  return {
    get coast() {
      coast ??= buildLandMask(loadLandPolygons("10m"), { source: naturalEarthSource("10m") });
      return coast;
    },
    closedWaters: waters.map((w, i) => ({
      id: w.id,
      name: w.name,
      // Coarse cells: a mask grid costs bytes per cell worldwide, and these hold a few edges.
      mask: buildLandMask(closedParts[i] as PolygonRings[], {
        source: w.id,
        cellDeg: CLOSED_WATER_CELL_DEG,
      }),
    })),
  };
}

/**
 * Every closed water's sea part (per water in `closedParts`), and all of them merged. Only the
 * sea part is added to the land: where a closed water overlapped an island, the mask's even-odd
 * rule would otherwise make that island water (sea-part.ts); and the parts are merged, since
 * closed waters may overlap each other (a reef line inside a reef drawn as an ellipse) and parity
 * would reopen the overlap.
 */
function closedWaterParts(
  land: readonly PolygonRings[],
  waters: readonly ClosedWater[],
): ClosedWaterParts {
  const parts = seaParts(
    waters.flatMap((w) => w.polygons),
    land,
  );
  const closedParts: PolygonRings[][] = [];
  let next = 0;
  for (const w of waters) {
    closedParts.push(parts.slice(next, next + w.polygons.length).flat());
    next += w.polygons.length;
  }
  return { closedParts, merged: mergePolygons(closedParts.flat()) };
}

/**
 * The land of one coastline plus the closed waters' merged sea parts, read from the cache when a
 * build has kept it: the mask's parts depend on nothing the cache's fingerprint does not name.
 */
function landWithClosedWaters(
  resolution: NaturalEarthResolution,
  land: (resolution: NaturalEarthResolution) => readonly PolygonRings[],
  parts: () => ClosedWaterParts,
  cache: NetworkCache | undefined,
): LandMask {
  const source = `${naturalEarthSource(resolution)} + closed waters (${CLOSED_WATER_IDS.join(", ")})`;
  const kept = cache?.masks.load(resolution, source);
  if (kept) return kept;
  const built = buildLandMaskParts(
    [...land(resolution), ...parts().merged],
    resolution === "10m" ? FINE_MASK_CELL_DEG : undefined,
  );
  cache?.masks.save(resolution, built);
  return landMaskFromParts(source, built);
}

let shared: RoutingNetwork | undefined;

/** The process's one network, built on first use (a few seconds) and kept. */
export function sharedRoutingNetwork(): RoutingNetwork {
  shared ??= buildRoutingNetwork();
  return shared;
}
