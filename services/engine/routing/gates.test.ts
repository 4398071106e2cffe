import { describe, expect, it } from "vitest";
import type { LandMask, LatLon } from "../geo/types";
import { ClosedSteps, Gate, GatedLandMask } from "./gates";
import { STEP_DIRECTIONS } from "./sea-grid";

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
    // A leg that starts 24 degrees north of the gate still finds it (the latitude test that
    // settles far gates without trigonometry reaches as far as the leg is long), and a short
    // piece that far north is settled.
    const t2 = GIBRALTAR.crossing({ lat: 60, lon: -5.56 }, { lat: 30, lon: -5.54 });
    expect(t2).toBeGreaterThan(0.78);
    expect(t2).toBeLessThan(0.82);
    expect(GIBRALTAR.crossing({ lat: 60, lon: -5.56 }, { lat: 59.9, lon: -5.55 })).toBeUndefined();
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

describe("ClosedSteps", () => {
  it("closes exactly the steps it was given, by node and direction", () => {
    const closed = new ClosedSteps([7 * STEP_DIRECTIONS + 3, 9 * STEP_DIRECTIONS + 23], 20);
    expect(closed.has(7, 3)).toBe(true);
    expect(closed.has(9, 23)).toBe(true);
    // The same nodes' other steps, and other nodes' steps in the same directions, stay open.
    expect(closed.has(7, 4)).toBe(false);
    expect(closed.has(9, 0)).toBe(false);
    expect(closed.has(8, 3)).toBe(false);
    expect(closed.has(10, 23)).toBe(false);
    expect(new ClosedSteps([], 20).has(7, 3)).toBe(false);
  });
});
