import { buildLandMask } from "../engine/geo/land-mask";
import { CLOSED_WATERS } from "../engine/routing/closed-waters";
import { PASSAGES } from "../engine/routing/passages";
import { RoutingNetwork, type RoutingNetworkOptions } from "../engine/routing/router";
import {
  loadLandPolygons,
  type NaturalEarthResolution,
  naturalEarthSource,
} from "../geodata/natural-earth";

/**
 * The routing network of this process: built once (Natural Earth 1:50m for the grid's nodes,
 * 1:10m for its edges, for snapping and for checking every final leg; the passage catalogue;
 * waters closed to ships added to the land) and then shared by every request.
 */
export function buildRoutingNetwork(options: RoutingNetworkOptions = {}): RoutingNetwork {
  return new RoutingNetwork(routingLandMask("50m"), routingLandMask("10m"), PASSAGES, options);
}

function routingLandMask(resolution: NaturalEarthResolution) {
  return buildLandMask([...loadLandPolygons(resolution), ...CLOSED_WATERS.map((w) => w.polygon)], {
    source: `${naturalEarthSource(resolution)} + closed waters (${CLOSED_WATERS.map((w) => w.id).join(", ")})`,
  });
}

let shared: RoutingNetwork | undefined;

/** The process's one network, built on first use (a few seconds) and kept. */
export function sharedRoutingNetwork(): RoutingNetwork {
  shared ??= buildRoutingNetwork();
  return shared;
}
