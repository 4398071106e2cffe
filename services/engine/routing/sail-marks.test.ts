import { describe, expect, it } from "vitest";
import { distanceNm } from "../geo/geodesic";
import { CALM_WEATHER } from "../weather/types";
import { EdgeCosts } from "./edge-costs";
import { PassageLine } from "./passage-line";
import type { Passage } from "./passages";
import { sailMarks } from "./sail-marks";
import type { RouteMark, RouteRequest } from "./types";

/**
 * A route's turning points sailed into legs and fixed-length segments: open water at the
 * vessel's speed (or the speed held on a leg), a canal at its speed limit over its published
 * length rather than its drawn one.
 */

// A canal drawn 60 nm long (one degree of latitude along a meridian) but published at 100 nm.
const canal: Passage = {
  id: "canal",
  name: "A canal",
  kind: "canal",
  waypoints: [
    [1, 0],
    [2, 0],
  ],
  published_length_km: 185.2,
  transit: { speed_limit_kts: 8 },
};
const line = new PassageLine(canal, [
  { lat: 1, lon: 0 },
  { lat: 2, lon: 0 },
]);
const request: RouteRequest = {
  from: { lat: 0, lon: 0 },
  to: { lat: 2, lon: 1 },
  objective: "fastest",
  departureMs: Date.UTC(2026, 0, 1),
  vessel: { speed_kts: 12 },
  segmentNm: 25,
};
const marks: RouteMark[] = [
  { point: { lat: 0, lon: 0 }, heldKts: 10 },
  { point: { lat: 1, lon: 0 }, passage: "canal" },
  { point: { lat: 2, lon: 0 }, passage: "canal" },
  { point: { lat: 2, lon: 1 } },
];
const sailed = sailMarks(request, marks, new EdgeCosts(request, CALM_WEATHER), () => ({
  passage: canal,
  line,
}));

describe("sailing a route's turning points", () => {
  it("makes a leg between each two turning points, the canal's counted at its published length", () => {
    expect(sailed.legs.map((l) => l.passage)).toEqual([undefined, "canal", undefined]);
    expect(sailed.legs[1]?.distance_nm).toBeCloseTo(100, 1);
    const open = distanceNm(marks[0]?.point ?? request.from, marks[1]?.point ?? request.from);
    expect(sailed.legs[0]?.distance_nm).toBeCloseTo(open, 1);
    expect(sailed.distance_nm).toBeCloseTo(
      sailed.legs.reduce((s, l) => s + l.distance_nm, 0),
      1,
    );
  });

  it("times each leg at the speed ordered on it: held, the canal's limit, the vessel's own", () => {
    const [held, inCanal, own] = sailed.legs as [
      (typeof sailed.legs)[0],
      (typeof sailed.legs)[0],
      (typeof sailed.legs)[0],
    ];
    const hours = (l: typeof held) => (l.end_ms - l.start_ms) / 3_600_000;
    expect(held.held_speed_kts).toBe(10);
    expect(hours(held)).toBeCloseTo(held.distance_nm / 10, 3);
    expect(hours(inCanal)).toBeCloseTo(100 / 8, 3);
    expect(hours(own)).toBeCloseTo(own.distance_nm / 12, 3);
    expect(sailed.eta_ms).toBe(Math.round(own.end_ms));
    expect(sailed.transit_h).toBeCloseTo(hours(held) + hours(inCanal) + hours(own), 2);
  });

  it("cuts the legs into segments of at most 25 nm that join end to end, flagged in the canal", () => {
    const segs = sailed.segments;
    for (const [i, s] of segs.entries()) {
      expect(s.distance_nm).toBeLessThanOrEqual(25 * (s.in_canal ? 100 / 60 : 1) + 0.01);
      if (i > 0) {
        expect(s.start).toEqual(segs[i - 1]?.end);
        expect(s.start_ms).toBe(segs[i - 1]?.end_ms);
      }
    }
    const inCanal = segs.filter((s) => s.in_canal);
    expect(inCanal.length).toBeGreaterThan(0);
    expect(inCanal.every((s) => s.speed_through_water_kts === 8)).toBe(true);
    expect(inCanal.reduce((n, s) => n + s.distance_nm, 0)).toBeCloseTo(100, 1);
  });
});
