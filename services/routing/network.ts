import { buildLandMask } from "../engine/geo/land-mask";
import { mergePolygons, seaParts } from "../engine/geo/sea-part";
import type { LandMask, PolygonRings } from "../engine/geo/types";
import { CLOSED_WATERS, type ClosedWater } from "../engine/routing/closed-waters";
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
import { fileLandmarkStore } from "./landmark-store";

const CLOSED_WATER_CELL_DEG = 2;

/**
 * The routing network of this process: built once (Natural Earth 1:50m for the grid's nodes,
 * 1:10m for its edges, for snapping and for checking every final leg; the passage catalogue;
 * waters closed to ships added to the land) and then shared by every request. Clients' tracks
 * are checked against the 1:10m coastline alone and each closed water on its own (made at the
 * first track; the closed waters also at a refused end, to name the water it lies in), so a
 * track over the Great Bahama Bank is reported as that, not as land.
 */
export function buildRoutingNetwork(options: RoutingNetworkOptions = {}): RoutingNetwork {
  const waters = closedWaters();
  const coarse = withClosedWaters("50m", waters);
  const fine = withClosedWaters("10m", waters);
  const cacheDir = loadConfig().ROUTING_CACHE_DIR;
  return new RoutingNetwork(coarse.mask, fine.mask, PASSAGES, {
    ...(cacheDir === "" ? {} : { landmarkStore: fileLandmarkStore(cacheDir) }),
    trackCheck: () => trackCheckMasks(waters, fine.closedParts),
    ...options,
  });
}

/** Every water closed to ships: those drawn in the catalogue, and the reefs of the reef layer. */
function closedWaters(): ClosedWater[] {
  return [...CLOSED_WATERS, ...reefClosedWaters()];
}

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
 * The land plus every closed water's sea part (per water in `closedParts`). Only the sea part is
 * added: where a closed water overlapped an island, the mask's even-odd rule would otherwise
 * make that island water (sea-part.ts); and the parts are merged first, since closed waters may
 * overlap each other (a reef line inside a reef drawn as an ellipse) and parity would reopen the
 * overlap.
 */
function withClosedWaters(resolution: NaturalEarthResolution, waters: readonly ClosedWater[]) {
  const land = loadLandPolygons(resolution);
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
  const mask = buildLandMask([...land, ...mergePolygons(closedParts.flat())], {
    source: `${naturalEarthSource(resolution)} + closed waters (${waters.map((w) => w.id).join(", ")})`,
  });
  return { closedParts, mask };
}

let shared: RoutingNetwork | undefined;

/** The process's one network, built on first use (a few seconds) and kept. */
export function sharedRoutingNetwork(): RoutingNetwork {
  shared ??= buildRoutingNetwork();
  return shared;
}
