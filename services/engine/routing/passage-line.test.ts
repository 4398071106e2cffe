import { describe, expect, it } from "vitest";
import { pathLengthNm } from "../geo/geodesic";
import type { LatLon } from "../geo/types";
import { PassageLine, stationOnLine } from "./passage-line";
import { PASSAGES, type Passage } from "./passages";

// A river drawn along the equator in three pieces of 0.1 degree (6 nm each).
const waypoints: Array<[number, number]> = [
  [0, 0],
  [0, 0.1],
  [0, 0.2],
  [0, 0.3],
];
const path: LatLon[] = waypoints.map(([lat, lon]) => ({ lat, lon }));
const drawn = pathLengthNm(path);
const river = (extra: Partial<Passage>): Passage => ({
  id: "toy",
  name: "toy river",
  kind: "river",
  waypoints,
  ...extra,
});
const km = (nm: number) => nm * 1.852;

describe("how long a passage's stretches count", () => {
  it("counts a line without a published length as drawn", () => {
    const line = new PassageLine(river({}), path);
    expect(line.lengthNm).toBeCloseTo(drawn, 9);
    expect(line.pieceNm(path[0] as LatLon, path[1] as LatLon)).toBeCloseTo(drawn / 3, 9);
  });

  it("spreads a published length longer than the line evenly over it, and never counts less than drawn", () => {
    const longer = new PassageLine(river({ published_length_km: km(drawn) * 2 }), path);
    expect(longer.lengthNm).toBeCloseTo(drawn * 2, 6);
    expect(longer.stretchNm([path[1] as LatLon, path[2] as LatLon])).toBeCloseTo(
      (drawn / 3) * 2,
      6,
    );
    const shorter = new PassageLine(river({ published_length_km: km(drawn) / 2 }), path);
    expect(shorter.lengthNm).toBeCloseTo(drawn, 6);
  });

  it("puts a point part way up as far as its kilometre posts say, where the line cuts bends unevenly", () => {
    // The lower piece (11.1 km drawn) stands for 30 km of river, the upper two for 15 km each.
    const line = new PassageLine(
      river({
        published_length_km: 60,
        kilometre_posts: [
          { waypoint: 0, km: 0 },
          { waypoint: 1, km: 30 },
          { waypoint: 3, km: 60 },
        ],
      }),
      path,
    );
    expect(km(line.lengthNm)).toBeCloseTo(60, 6);
    const up = path[1] as LatLon;
    expect(km(line.stretchNm([path[0] as LatLon, up]))).toBeCloseTo(30, 6);
    // Halfway along the second piece: 30 km plus a quarter of the upper 30.
    const halfway = { lat: 0, lon: 0.15 };
    expect(km(line.stretchNm([path[0] as LatLon, up, halfway]))).toBeCloseTo(37.5, 6);
    expect(km(line.pieceNm(halfway, path[3] as LatLon))).toBeCloseTo(22.5, 6);
    // Without the posts the same length is spread evenly: the point would sit at 30 km.
    const even = new PassageLine(river({ published_length_km: 60 }), path);
    expect(km(even.stretchNm([path[0] as LatLon, up, halfway]))).toBeCloseTo(30, 6);
  });

  it("has catalogue posts that run from the first waypoint to the last, rising, over the published length", () => {
    for (const p of PASSAGES.filter((q) => q.kilometre_posts)) {
      const posts = p.kilometre_posts ?? [];
      expect(posts[0]?.waypoint, p.id).toBe(0);
      expect(posts.at(-1)?.waypoint, p.id).toBe(p.waypoints.length - 1);
      for (let j = 1; j < posts.length; j++) {
        expect((posts[j]?.waypoint ?? 0) > (posts[j - 1]?.waypoint ?? 0), p.id).toBe(true);
      }
      const span = Math.abs((posts.at(-1)?.km ?? 0) - (posts[0]?.km ?? 0));
      expect(span, p.id).toBeCloseTo(p.published_length_km ?? 0, 6);
    }
    expect(PASSAGES.some((q) => q.kilometre_posts)).toBe(true);
  });

  it("places a point along the line as a fractional point index, from the line's first point", () => {
    expect(stationOnLine({ lat: 0, lon: 0 }, path)).toBe(0);
    expect(stationOnLine({ lat: 0.01, lon: 0.15 }, path)).toBeCloseTo(1.5, 6);
    expect(stationOnLine({ lat: -0.01, lon: 0.3 }, path)).toBeCloseTo(3, 6);
    expect(stationOnLine({ lat: 0, lon: 0.05 }, path)).toBeLessThan(
      stationOnLine({ lat: 0, lon: 0.25 }, path),
    );
  });
});
