import { OnLandError } from "../errors";
import type { LatLon } from "../geo/types";
import { round } from "../round";
import type { NavigationGraph } from "./nav-graph";
import { nearestOnPolyline } from "./passage-line";
import type { SnappedEnd } from "./types";

/**
 * Where a route's requested end lies for routing: on the water the fine coastline draws, on a
 * river fairway's line, or on a canal's; moved there when the point lies on land within
 * MAX_SNAP_NM (a port in a dock basin or up a river the coastline draws as land), the move
 * reported as the end's snap.
 */

/** How far a port position may be from navigable water and still be routed (documented in README). */
export const MAX_SNAP_NM = 15;
/**
 * An end in sight of a canal's line this near it, in the water the canal's approach channel runs
 * through (Port Said's harbour, Cristobal inside the breakwaters, Balboa), joins the canal there
 * (canalJoins), nm.
 */
export const CANAL_JOIN_NM = 3;
/** A point this near a river fairway's line is on it (riverJoins), nm. */
export const RIVER_ON_LINE_NM = 0.01;

/** The closed water (a reef, a shallow bank) a point lies in, if any: named in an on-land refusal. */
export type ClosedWaterAt = (p: LatLon) => { id: string; name: string } | undefined;

export function snapEnd(
  graph: NavigationGraph,
  p: LatLon,
  which: "origin" | "destination",
  closedWaterAt: ClosedWaterAt,
): SnappedEnd {
  const sea = graph.verifyMask.nearestSea(p, MAX_SNAP_NM);
  if (sea?.distance_nm !== 0) {
    // A point on land nearer a river fairway or a canal than any water the coastline draws: a
    // river port, or a port on a canal (Ismailia on Lake Timsah, Rendsburg on the Kiel Canal),
    // which was refused or moved to other water (Rendsburg to Eckernfoerde Bay, 12 nm away).
    // Water within CANAL_JOIN_NM is the port's own (Port Said's harbour, Port Tewfik beside the
    // canal's access channels): an end there joins the canal from the water (canalJoins), or
    // not at all, as a voyage to Port Said does not transit the canal.
    const line = passageLineNear(graph, p, !sea || sea.distance_nm > CANAL_JOIN_NM);
    if (line && (!sea || line.distance_nm < sea.distance_nm)) {
      const snap = {
        requested: p,
        snapped: line.point,
        distance_nm: round(line.distance_nm, 2),
      };
      // Where the line runs over water the coastline draws (a fairway's first reach, a scrap of
      // drawn river beside it), the end lies in that water, not on the fairway: it is routed as
      // open water, and was held to the fairway's limits all the same (a point at Eastham's oil
      // dock, outside the Manchester Ship Canal's locks, was refused to a ship too deep for the
      // canal). The nearest drawn water clear of the coast serves, or else the line's point.
      if (!graph.verifyMask.isLand(line.point)) {
        if (!sea) return { point: line.point, snap };
      } else {
        const on =
          graph.passages[line.passage]?.kind === "river"
            ? { onRiver: true as const }
            : { onCanal: line.passage };
        if (line.distance_nm < RIVER_ON_LINE_NM) return { point: line.point, ...on };
        return { point: line.point, snap, ...on };
      }
    }
  }
  if (!sea) throw new OnLandError(which, p, MAX_SNAP_NM, closedWaterAt(p));
  if (sea.distance_nm === 0) return { point: p };
  return {
    point: sea.point,
    snap: { requested: p, snapped: sea.point, distance_nm: round(sea.distance_nm, 2) },
  };
}

/**
 * The nearest point of a river fairway's line, or with `canals` a canal's too, within
 * MAX_SNAP_NM of p, if any.
 */
function passageLineNear(
  graph: NavigationGraph,
  p: LatLon,
  canals: boolean,
): { point: LatLon; distance_nm: number; passage: number } | undefined {
  let best: { point: LatLon; distance_nm: number; passage: number } | undefined;
  graph.passages.forEach((passage, i) => {
    if (passage.kind === "strait" || (passage.kind === "canal" && !canals)) return;
    const on = nearestOnPolyline(p, graph.passagePaths[i] as LatLon[]);
    if (on.distance_nm <= MAX_SNAP_NM && (!best || on.distance_nm < best.distance_nm)) {
      best = { point: on.point, distance_nm: on.distance_nm, passage: i };
    }
  });
  return best;
}

/** Whether p lies on passage i's line (an end snapped onto a river fairway does). */
export function onPassageLine(graph: NavigationGraph, p: LatLon, i: number): boolean {
  return nearestOnPolyline(p, graph.passagePaths[i] as LatLon[]).distance_nm <= RIVER_ON_LINE_NM;
}
