import { buildLandMask } from "../engine/geo/land-mask";
import { seaParts } from "../engine/geo/sea-part";
import type { PolygonRings } from "../engine/geo/types";
import { CLOSED_WATERS } from "../engine/routing/closed-waters";
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
import { loadConfig } from "../platform/config";
import { fileLandmarkStore } from "./landmark-store";

const CLOSED_WATER_CELL_DEG = 2;

/**
 * The routing network of this process: built once (Natural Earth 1:50m for the grid's nodes,
 * 1:10m for its edges, for snapping and for checking every final leg; the passage catalogue;
 * waters closed to ships added to the land) and then shared by every request. Clients' tracks
 * are checked against the 1:10m coastline alone and each closed water on its own (made at the
 * first track), so a track over the Great Bahama Bank is reported as that, not as land.
 */
export function buildRoutingNetwork(options: RoutingNetworkOptions = {}): RoutingNetwork {
  const coarse = withClosedWaters("50m");
  const fine = withClosedWaters("10m");
  const cacheDir = loadConfig().ROUTING_CACHE_DIR;
  return new RoutingNetwork(coarse.mask, fine.mask, PASSAGES, {
    ...(cacheDir === "" ? {} : { landmarkStore: fileLandmarkStore(cacheDir) }),
    trackCheck: () => trackCheckMasks(fine.closedParts),
    ...options,
  });
}

/** The 1:10m coastline alone and each closed water's sea part on its own, for clients' tracks. */
function trackCheckMasks(closedParts: PolygonRings[][]): TrackCheckMasks {
  return {
    coast: buildLandMask(loadLandPolygons("10m"), { source: naturalEarthSource("10m") }),
    closedWaters: CLOSED_WATERS.map((w, i) => ({
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

function withClosedWaters(resolution: NaturalEarthResolution) {
  const land = loadLandPolygons(resolution);
  // Only the closed waters' sea part is added: where one overlapped an island, the mask's
  // even-odd rule would otherwise make that island water (sea-part.ts).
  const closedParts = seaParts(
    CLOSED_WATERS.map((w) => w.polygon),
    land,
  );
  const mask = buildLandMask([...land, ...closedParts.flat()], {
    source: `${naturalEarthSource(resolution)} + closed waters (${CLOSED_WATERS.map((w) => w.id).join(", ")})`,
  });
  return { closedParts, mask };
}

let shared: RoutingNetwork | undefined;

/** The process's one network, built on first use (a few seconds) and kept. */
export function sharedRoutingNetwork(): RoutingNetwork {
  shared ??= buildRoutingNetwork();
  return shared;
}
