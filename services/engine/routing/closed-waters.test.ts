import { describe, expect, it } from "vitest";
import { dms } from "../compliance/shapes";
import { destination, METRES_PER_NM } from "../geo/geodesic";
import { buildLandMask } from "../geo/land-mask";
import type { LatLon } from "../geo/types";
import { CLOSED_WATERS } from "./closed-waters";

/** Nautical miles per kilometre, for `destination`. */
const KM = 1000 / METRES_PER_NM;
/** Degrees and minutes, as the sources give positions. */
const dm = dms;

function closes(id: string, p: LatLon): boolean {
  const water = CLOSED_WATERS.find((w) => w.id === id);
  if (water === undefined) throw new Error(`no closed water ${id}`);
  return buildLandMask(water.polygons, { source: id }).isLand(p);
}

describe("closed waters drawn from published positions", () => {
  // Each outline must hold the positions its `reason` cites, and not much more: a point a few
  // kilometres beyond the published extent stays open.
  it("Lihou Reef: the centre, the lagoon along 059 to the beacon off the eastern tip", () => {
    const centre = { lat: -dm(17, 25), lon: dm(151, 40) };
    expect(closes("lihou-reef", centre)).toBe(true);
    expect(closes("lihou-reef", destination(centre, 59, 55 * KM))).toBe(true);
    expect(closes("lihou-reef", destination(centre, 239, 55 * KM))).toBe(true);
    // 30 km lagoon: 15 km either side of the axis is inside, 25 km is not.
    expect(closes("lihou-reef", destination(centre, 149, 15 * KM))).toBe(true);
    expect(closes("lihou-reef", destination(centre, 329, 25 * KM))).toBe(false);
    expect(closes("lihou-reef", destination(centre, 59, 62 * KM))).toBe(false);
  });

  it("Saumarez Reefs: North East Cay, South East Elbow and South West Cay", () => {
    for (const [lat, lon] of [
      [dm(21, 38), dm(153, 46)],
      [dm(21, 55), dm(153, 35)],
      [dm(21, 50), dm(153, 30)],
    ] as const) {
      expect(closes("saumarez-reefs", { lat: -lat, lon }), `${lat},${lon}`).toBe(true);
    }
    // 10 km west of South West Cay is open water.
    expect(closes("saumarez-reefs", { lat: -dm(21, 50), lon: dm(153, 30) - 0.095 })).toBe(false);
  });

  it("Frederick Reefs: the North Cay light and Observatory Cay", () => {
    expect(closes("frederick-reefs", { lat: -dm(20, 56.1), lon: dm(154, 24) })).toBe(true);
    expect(closes("frederick-reefs", { lat: -dm(21, 2), lon: dm(154, 23) })).toBe(true);
    expect(closes("frederick-reefs", { lat: -dm(20, 58), lon: dm(154, 30) })).toBe(false);
  });

  it("Cato Reef: Cato Island and Hutchison Rock", () => {
    expect(closes("cato-reef", { lat: -dm(23, 15), lon: dm(155, 32) })).toBe(true);
    expect(closes("cato-reef", { lat: -dm(23, 15), lon: dm(155, 36) })).toBe(true);
    expect(closes("cato-reef", { lat: -dm(23, 22), lon: dm(155, 34) })).toBe(false);
  });
});
