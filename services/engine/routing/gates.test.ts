import { describe, expect, it } from "vitest";
import type { LandMask, LatLon } from "../geo/types";
import { Gate, GatedLandMask } from "./gates";

/** Tarifa - Punta Cires, across the Strait of Gibraltar. */
const GIBRALTAR = new Gate([
  { lat: 36.1, lon: -5.6 },
  { lat: 35.85, lon: -5.5 },
]);

const OPEN_SEA: LandMask = {
  source: "no land",
  isLand: () => false,
  pathHitsLand: () => false,
  nearestSea: (p) => ({ point: p, distance_nm: 0 }),
  distanceToCoastNm: (_p, max) => max,
};

describe("gates across straits", () => {
  it("finds where a long leg through the strait crosses, and no crossing for a leg beside it", () => {
    const atlantic: LatLon = { lat: 35.9, lon: -9 };
    const alboran: LatLon = { lat: 36.0, lon: -3 };
    const t = GIBRALTAR.crossing(atlantic, alboran);
    expect(t).toBeGreaterThan(0.5);
    expect(t).toBeLessThan(0.65);
    expect(GIBRALTAR.crossing(alboran, atlantic)).toBeGreaterThan(0.35);
    // Ending short of the gate, and passing north of its end.
    expect(GIBRALTAR.crossing(atlantic, { lat: 35.95, lon: -6 })).toBeUndefined();
    expect(GIBRALTAR.crossing({ lat: 36.3, lon: -9 }, { lat: 36.3, lon: -3 })).toBeUndefined();
    // A great circle far away (New York - Lisbon) is settled without walking it.
    expect(GIBRALTAR.crossing({ lat: 40.5, lon: -73.8 }, { lat: 38.7, lon: -9.2 })).toBeUndefined();
  });

  it("makes a closed gate a wall for legs and for cell-by-cell searches, and nothing else", () => {
    const walled = new GatedLandMask(OPEN_SEA, [GIBRALTAR]);
    expect(walled.pathHitsLand({ lat: 35.9, lon: -9 }, { lat: 36.0, lon: -3 })).toBe(true);
    expect(walled.pathHitsLand({ lat: 35.9, lon: -9 }, { lat: 35.9, lon: -7 })).toBe(false);
    expect(walled.isLand({ lat: 35.975, lon: -5.55 })).toBe(true);
    expect(walled.isLand({ lat: 35.975, lon: -5.4 })).toBe(false);
    expect(walled.distanceToCoastNm({ lat: 35.975, lon: -5.55 }, 10)).toBe(10);
  });
});
