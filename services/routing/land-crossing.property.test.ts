import { beforeAll, describe, expect, it } from "vitest";
import { EngineError } from "../engine/errors";
import { distanceNm } from "../engine/geo/geodesic";
import { buildLandMask } from "../engine/geo/land-mask";
import type { LandMask, LatLon } from "../engine/geo/types";
import { seededRandom as rng } from "../engine/random";
import { OVERLAND_PASSAGE_IDS } from "../engine/routing/passages";
import type { RoutingNetwork } from "../engine/routing/router";
import { loadLandPolygons } from "../geodata/natural-earth";
import { reefClosedWaters } from "../geodata/reefs";
import { buildRoutingNetwork } from "./network";

/**
 * Property: for 1,000 seeded-random sea-to-sea pairs, no leg of the route touches land on the
 * 1:10m coastline (the grid's nodes come from 1:50m), checked by a separately built mask (its
 * own index, built here from the coastline alone) and 1 nm steps, nor crosses a line of Natural Earth's reefs
 * layer (a mask of the reef bands alone); every route begins and ends at the requested point or
 * its reported snap. Canal legs are land in coastline data by design and are skipped.
 */
const PAIRS = 1000;

let net: RoutingNetwork;
let checker: LandMask;
let reefs: LandMask;
beforeAll(() => {
  net = buildRoutingNetwork();
  checker = buildLandMask(loadLandPolygons("10m"), { source: "checker 1:10m", cellDeg: 0.1 });
  reefs = buildLandMask(
    reefClosedWaters().flatMap((w) => w.polygons),
    { source: "reef bands", cellDeg: 0.1 },
  );
});

function randomSeaPoint(next: () => number): LatLon {
  for (;;) {
    const p = { lat: -60 + next() * 125, lon: -180 + next() * 360 };
    if (!checker.isLand(p)) return p;
  }
}

describe("routes never cross land", () => {
  it(`holds for ${PAIRS} random sea-to-sea pairs`, () => {
    const next = rng(20261121);
    let routed = 0;
    const refused: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const from = randomSeaPoint(next);
      // Partners within a few thousand miles: ocean-crossing and coastal voyages, not antipodes.
      let to = randomSeaPoint(next);
      while (distanceNm(from, to) > 4000) to = randomSeaPoint(next);
      let route: ReturnType<RoutingNetwork["route"]>;
      try {
        route = net.route({
          from,
          to,
          objective: "fastest",
          departureMs: 0,
          vessel: { speed_kts: 14 },
        });
      } catch (err) {
        // Only typed answers are allowed (enclosed waters such as the Caspian are not joined to the sea).
        expect(err).toBeInstanceOf(EngineError);
        refused.push(
          `${JSON.stringify(from)} -> ${JSON.stringify(to)}: ${(err as EngineError).code}`,
        );
        continue;
      }
      routed++;
      expect(route.waypoints[0]).toEqual(route.snaps.origin?.snapped ?? from);
      expect(route.waypoints.at(-1)).toEqual(route.snaps.destination?.snapped ?? to);
      for (const leg of route.legs) {
        if (leg.passage && OVERLAND_PASSAGE_IDS.has(leg.passage)) continue;
        expect(
          checker.pathHitsLand(leg.from, leg.to, 1),
          `pair ${i}: leg ${JSON.stringify(leg)}`,
        ).toBe(false);
        expect(
          reefs.pathHitsLand(leg.from, leg.to, 1),
          `pair ${i}: leg ${JSON.stringify(leg)} crosses a reef`,
        ).toBe(false);
      }
    }
    // Nearly every random pair of sea points is joined by sea; the few refusals are enclosed waters.
    expect(routed, refused.join("\n")).toBeGreaterThanOrEqual(PAIRS * 0.97);
  }, 600_000);
});
