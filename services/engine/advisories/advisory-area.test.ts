import { describe, expect, it } from "vitest";
import { compileArea, firstEntry, remainingRoute, ringProblem } from "./advisory-area";

/** Which part of a route lies ahead, and where it first enters an advisory's area. */
const ATLANTIC = [
  { lat: 50, lon: -5 },
  { lat: 45, lon: -30 },
  { lat: 41, lon: -70 },
];

describe("advisory areas", () => {
  it("finds where a route enters a polygon, and not a polygon it passes by", () => {
    const box = compileArea({
      type: "Polygon",
      coordinates: [
        [
          [-32, 43],
          [-28, 43],
          [-28, 47],
          [-32, 47],
          [-32, 43],
        ],
      ],
    });
    const entry = firstEntry(ATLANTIC, box);
    expect(entry?.lon).toBeGreaterThan(-28.5);
    expect(entry?.lon).toBeLessThanOrEqual(-27.99);
    expect(entry?.lat).toBeGreaterThan(45);
    const aside = compileArea({
      type: "Polygon",
      coordinates: [
        [
          [-20, 30],
          [-10, 30],
          [-10, 35],
          [-20, 35],
        ],
      ],
    });
    expect(firstEntry(ATLANTIC, aside)).toBeNull();
  });

  it("handles circles and the antimeridian", () => {
    const pacific = [
      { lat: 35, lon: 140 },
      { lat: 40, lon: 180 },
      { lat: 38, lon: -150 },
    ];
    const dateline = compileArea({ type: "Circle", center: [-179.5, 40], radius_nm: 60 });
    const entry = firstEntry(pacific, dateline);
    expect(entry).not.toBeNull();
    expect(entry?.lat).toBeGreaterThan(38.5);
    expect(entry?.lat).toBeLessThan(41.5);
    expect(
      firstEntry(pacific, compileArea({ type: "Circle", center: [160, 10], radius_nm: 60 })),
    ).toBeNull();
  });

  it("keeps only the route still ahead of a vessel sailing it at its speed", () => {
    const departure = Date.UTC(2026, 10, 22);
    expect(remainingRoute(ATLANTIC, departure, 12, departure - 3_600_000)).toEqual(ATLANTIC);
    const day3 = remainingRoute(ATLANTIC, departure, 12, departure + 3 * 86_400_000);
    // 864 nm sailed, inside the first leg (about 1,000 nm): its position, then both waypoints.
    expect(day3.length).toBe(3);
    expect(day3[0]?.lon).toBeLessThan(-5);
    expect(day3[0]?.lon).toBeGreaterThan(-30);
    expect(remainingRoute(ATLANTIC, departure, 12, departure + 60 * 86_400_000)).toEqual([]);
    // An area behind the vessel is no longer on its way.
    const early = compileArea({ type: "Circle", center: [-8, 49.3], radius_nm: 30 });
    expect(firstEntry(ATLANTIC, early)).not.toBeNull();
    expect(firstEntry(day3, early)).toBeNull();
  });
});

describe("advisory rings", () => {
  const square = [
    [-32, 43],
    [-28, 43],
    [-28, 47],
    [-32, 47],
  ];
  it("takes a simple ring, closed or open, also across the antimeridian", () => {
    expect(ringProblem([...square, square[0] as number[]])).toBeUndefined();
    expect(ringProblem(square)).toBeUndefined();
    expect(
      ringProblem([
        [175, 50],
        [-175, 50],
        [-175, 55],
        [175, 55],
        [175, 50],
      ]),
    ).toBeUndefined();
  });

  it("refuses a ring that crosses itself, touches itself or doubles back", () => {
    // A bow tie: the second and fourth edges cross at (-30, 45).
    const bowTie = [
      [-32, 43],
      [-28, 47],
      [-28, 43],
      [-32, 47],
      [-32, 43],
    ];
    expect(ringProblem(bowTie)).toMatch(/crosses itself/);
    // A figure of eight through one vertex twice.
    expect(
      ringProblem([
        [0, 0],
        [2, 0],
        [1, 1],
        [2, 2],
        [0, 2],
        [1, 1],
        [0, 0],
      ]),
    ).toMatch(/crosses itself|repeats/);
    // A spike: out along an edge and back.
    expect(
      ringProblem([
        [0, 0],
        [4, 0],
        [2, 0],
        [2, 3],
        [0, 0],
      ]),
    ).toMatch(/doubles back|crosses itself/);
    // Collinear: no area.
    expect(
      ringProblem([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
    ).toBeDefined();
    expect(
      ringProblem([
        [0, 0],
        [1, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toMatch(/repeats/);
  });
});
