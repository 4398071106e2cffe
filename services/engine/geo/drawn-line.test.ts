import { describe, expect, it } from "vitest";
import { DRAW_TOLERANCE_NM, drawnLine } from "./drawn-line";
import { distanceNm, geodesicMidpoint } from "./geodesic";

const at = ([lon, lat]: [number, number]) => ({ lat, lon });

describe("a route drawn for GeoJSON", () => {
  it("keeps every straight lon/lat piece of a long leg within the tolerance of its geodesic", () => {
    const line = drawnLine([
      { lat: 49.9, lon: -5.2 }, // off the Lizard
      { lat: 40.4, lon: -73.7 }, // off New York
    ]);
    expect(line.type).toBe("LineString");
    const coords = line.coordinates as Array<[number, number]>;
    // Drawn from its ends alone, the piece's middle lies ~350 nm south of the great circle.
    const ends = [
      { lat: 49.9, lon: -5.2 },
      { lat: 40.4, lon: -73.7 },
    ] as const;
    expect(
      distanceNm(geodesicMidpoint(ends[0], ends[1]), { lat: 45.15, lon: -39.45 }),
    ).toBeGreaterThan(300);
    expect(coords.length).toBeGreaterThan(20);
    expect(coords[0]).toEqual([-5.2, 49.9]);
    expect(coords.at(-1)).toEqual([-73.7, 40.4]);
    for (let i = 1; i < coords.length; i++) {
      const a = at(coords[i - 1] as [number, number]);
      const b = at(coords[i] as [number, number]);
      const chordMid = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
      expect(distanceNm(geodesicMidpoint(a, b), chordMid)).toBeLessThanOrEqual(
        DRAW_TOLERANCE_NM * 1.01,
      );
    }
  });

  it("adds nothing to short legs", () => {
    const line = drawnLine([
      { lat: 51.0, lon: 1.5 },
      { lat: 51.1, lon: 1.6 },
      { lat: 51.2, lon: 1.6 },
    ]);
    expect(line).toEqual({
      type: "LineString",
      coordinates: [
        [1.5, 51],
        [1.6, 51.1],
        [1.6, 51.2],
      ],
    });
  });

  it("cuts a line across the antimeridian into a MultiLineString, both sides meeting at one latitude", () => {
    const line = drawnLine([
      { lat: 34.9, lon: 139.9 }, // off Tokyo Bay
      { lat: 37.7, lon: -122.7 }, // off the Golden Gate
    ]);
    expect(line.type).toBe("MultiLineString");
    const [west, east] = line.coordinates as Array<Array<[number, number]>>;
    expect(west?.at(-1)?.[0]).toBe(180);
    expect(east?.[0]?.[0]).toBe(-180);
    expect(west?.at(-1)?.[1]).toBeCloseTo(east?.[0]?.[1] as number, 9);
    for (const [lon] of [...(west ?? []), ...(east ?? [])]) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    }
    // The great circle runs far north of both ends (past 47 N), as drawn.
    expect(Math.max(...(west ?? []).map(([, lat]) => lat))).toBeGreaterThan(47);
  });

  it("cuts westward crossings too, and a line that crosses twice into three parts", () => {
    const back = drawnLine([
      { lat: 37.7, lon: -122.7 },
      { lat: 34.9, lon: 139.9 },
    ]);
    expect(back.type).toBe("MultiLineString");
    expect((back.coordinates as unknown[][])[0]?.at(-1)).toEqual([-180, expect.any(Number)]);
    const twice = drawnLine([
      { lat: -40, lon: 170 },
      { lat: -42, lon: -170 },
      { lat: -44, lon: 175 },
    ]);
    expect(twice.type).toBe("MultiLineString");
    expect(twice.coordinates).toHaveLength(3);
  });
});
