import { describe, expect, it } from "vitest";
import {
  densify,
  destination,
  distanceAndCourse,
  distanceNm,
  geodesicMidpoint,
  geodesicPieces,
  initialCourseDeg,
  METRES_PER_NM,
  normalizeLon,
  pathLengthNm,
} from "./geodesic";
import type { LatLon } from "./types";

// Expected values are published figures, not outputs of this wrapper:
// - WGS84 equatorial degree of longitude: a * pi / 180 = 111,319.491 m.
// - Meridian degree centred on 45 deg: 111,132.92 - 559.82 cos 2phi + 1.175 cos 4phi
//   - 0.0023 cos 6phi = 111,131.745 m (the standard series for the WGS84 meridian arc).
// - WGS84 quarter meridian: 10,001,965.729 m.
// - GeographicLib's documented examples (geographiclib.sourceforge.io, "Geodesic calculations"):
//   Wellington (41.32S 174.81E) to Salamanca (40.96N 5.50W): s12 = 19,959,679.267 m,
//   azi1 = 161.067669986; JFK (40.64N 73.78W) 10,000 km on azimuth 45: 32.621100463726N,
//   49.052487092960E.

describe("distanceNm", () => {
  it("gives the published equatorial degree of longitude, 60.1077 nm", () => {
    expect(distanceNm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(111_319.491 / 1852, 6);
    expect(distanceNm({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(60.1077, 4);
  });

  it("gives the published meridian degree at 45N (60.0063 nm, not 60 nm)", () => {
    const d = distanceNm({ lat: 44.5, lon: 0 }, { lat: 45.5, lon: 0 });
    expect(Math.abs(d - 111_131.745 / 1852)).toBeLessThan(0.001);
  });

  it("gives twice the quarter meridian from pole to pole", () => {
    expect(distanceNm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 }) * METRES_PER_NM).toBeCloseTo(
      2 * 10_001_965.729,
      2,
    );
  });

  it("matches GeographicLib's Wellington-Salamanca example (nearly antipodal)", () => {
    const d = distanceNm({ lat: -41.32, lon: 174.81 }, { lat: 40.96, lon: -5.5 });
    expect(d * METRES_PER_NM).toBeCloseTo(19_959_679.267, 2);
  });

  it("is zero for the same point and symmetric", () => {
    const a = { lat: 51.9, lon: 4.5 };
    const b = { lat: 44.4, lon: 8.9 };
    expect(distanceNm(a, a)).toBe(0);
    expect(distanceNm(a, b)).toBeCloseTo(distanceNm(b, a), 9);
  });
});

describe("geodesicMidpoint", () => {
  it("halves the geodesic, north of the lat/lon midpoint on a long eastbound leg", () => {
    const yokohama = { lat: 35.45, lon: 139.67 };
    const sanFrancisco = { lat: 37.8, lon: -122.4 };
    const m = geodesicMidpoint(yokohama, sanFrancisco);
    const whole = distanceNm(yokohama, sanFrancisco);
    expect(distanceNm(yokohama, m)).toBeCloseTo(whole / 2, 6);
    expect(distanceNm(m, sanFrancisco)).toBeCloseTo(whole / 2, 6);
    // The great circle arcs towards the pole: its middle is far north of the mean latitude.
    expect(m.lat).toBeGreaterThan(45);
    expect(Math.abs(m.lon)).toBeGreaterThan(170);
  });
});

describe("initialCourseDeg", () => {
  it("gives the cardinal courses in [0, 360)", () => {
    const o = { lat: 0, lon: 0 };
    expect(initialCourseDeg(o, { lat: 1, lon: 0 })).toBeCloseTo(0, 9);
    expect(initialCourseDeg(o, { lat: 0, lon: 1 })).toBeCloseTo(90, 9);
    expect(initialCourseDeg(o, { lat: -1, lon: 0 })).toBeCloseTo(180, 9);
    expect(initialCourseDeg(o, { lat: 0, lon: -1 })).toBeCloseTo(270, 9);
  });

  it("matches GeographicLib's Wellington-Salamanca azimuth", () => {
    expect(initialCourseDeg({ lat: -41.32, lon: 174.81 }, { lat: 40.96, lon: -5.5 })).toBeCloseTo(
      161.067669986,
      8,
    );
  });

  it("starts north of east on an eastbound great circle in the northern hemisphere", () => {
    const c = initialCourseDeg({ lat: 40.4, lon: -73.8 }, { lat: 49.9, lon: -5.5 });
    expect(c).toBeGreaterThan(40);
    expect(c).toBeLessThan(70);
  });
});

describe("distanceAndCourse", () => {
  it("gives GeographicLib's Wellington-Salamanca distance and azimuth from one solution", () => {
    const r = distanceAndCourse({ lat: -41.32, lon: 174.81 }, { lat: 40.96, lon: -5.5 });
    expect(r.distanceNm * METRES_PER_NM).toBeCloseTo(19_959_679.267, 2);
    expect(r.courseDeg).toBeCloseTo(161.067669986, 8);
  });

  it("gives a westbound course in [0, 360)", () => {
    const r = distanceAndCourse({ lat: 0, lon: 0 }, { lat: 0, lon: -1 });
    expect(r.courseDeg).toBeCloseTo(270, 9);
    expect(r.distanceNm).toBeCloseTo(111_319.491 / 1852, 6);
  });
});

describe("destination", () => {
  it("matches GeographicLib's JFK 10,000 km example", () => {
    const p = destination({ lat: 40.64, lon: -73.78 }, 45, 10_000_000 / METRES_PER_NM);
    expect(p.lat).toBeCloseTo(32.621100463726, 9);
    expect(p.lon).toBeCloseTo(49.05248709296, 9);
  });

  it("normalises longitude across the antimeridian", () => {
    const p = destination({ lat: 0, lon: 179.5 }, 90, 60.1077 * 1);
    expect(p.lon).toBeCloseTo(-179.5, 4);
  });

  it("inverts distanceNm and initialCourseDeg", () => {
    const a = { lat: 35.95, lon: -5.6 };
    const b = { lat: 50.2, lon: -1 };
    const p = destination(a, initialCourseDeg(a, b), distanceNm(a, b));
    expect(p.lat).toBeCloseTo(b.lat, 9);
    expect(p.lon).toBeCloseTo(b.lon, 9);
  });
});

describe("densify", () => {
  const a = { lat: 40.4, lon: -73.8 };
  const b = { lat: 49.9, lon: -5.5 };

  it("keeps both ends exactly and never exceeds the step", () => {
    const pts = densify(a, b, 5);
    expect(pts[0]).toEqual(a);
    expect(pts.at(-1)).toEqual(b);
    for (let i = 1; i < pts.length; i++) {
      // biome-ignore lint/style/noNonNullAssertion: within bounds.
      expect(distanceNm(pts[i - 1]!, pts[i]!)).toBeLessThanOrEqual(5);
    }
    // At most 0.4 % more pieces than the minimum (equal arc steps on the auxiliary sphere).
    expect(pts.length - 1).toBeLessThanOrEqual(Math.ceil((distanceNm(a, b) / 5) * 1.004));
  });

  it("puts every point within 7 m of the geodesic (the legs add up to the whole)", () => {
    const pts = densify(a, b, 50);
    const course = initialCourseDeg(a, b);
    for (const p of pts) {
      // The geodesic's own point as far from a as p is.
      const onGeodesic = destination(a, course, distanceNm(a, p));
      expect(distanceNm(p, onGeodesic) * METRES_PER_NM).toBeLessThan(7);
    }
    // Points 7 m off the line lengthen 2,850 nm by well under a centimetre.
    expect(Math.abs(pathLengthNm(pts) - distanceNm(a, b)) * METRES_PER_NM).toBeLessThan(0.01);
  });

  it("computes exact points at least every 100 nm, so long legs stay on the geodesic", () => {
    // A 5,000 nm leg where the WGS84 geodesic and the spherical great circle between its ends
    // part by kilometres: interpolating between the ends alone would be far off.
    const x = { lat: 10, lon: -20 };
    const y = { lat: 55, lon: 80 };
    const course = initialCourseDeg(x, y);
    let worst = 0;
    for (const p of densify(x, y, 25)) {
      const off = distanceNm(p, destination(x, course, distanceNm(x, p))) * METRES_PER_NM;
      worst = Math.max(worst, off);
    }
    expect(worst).toBeLessThan(7);
  });

  it("normalises longitudes to [-180, 180) across the antimeridian", () => {
    const pts = densify({ lat: 30, lon: 170 }, { lat: 30, lon: -170 }, 60);
    for (const p of pts) {
      expect(p.lon).toBeGreaterThanOrEqual(-180);
      expect(p.lon).toBeLessThan(180);
    }
    expect(pts.some((p) => p.lon > 170)).toBe(true);
    expect(pts.some((p) => p.lon < -170)).toBe(true);
  });

  it("returns just the two ends for a path shorter than the step, and rejects bad steps", () => {
    expect(densify(a, { lat: 40.41, lon: -73.8 }, 5)).toHaveLength(2);
    expect(() => densify(a, b, 0)).toThrow(RangeError);
  });
});

describe("geodesicPieces", () => {
  it("cuts a leg as densify does, each piece with its own length and course", () => {
    for (const [a, b, step] of [
      [{ lat: 51.9, lon: 4.1 }, { lat: 1.25, lon: 103.8 }, 25], // long: anchored
      [{ lat: 40.4, lon: -73.8 }, { lat: 40.6, lon: -72.9 }, 5], // short: no anchors
      [{ lat: 50, lon: 179.5 }, { lat: 51, lon: -179 }, 10], // across the antimeridian
    ] as const) {
      const pieces = geodesicPieces(a, b, step);
      const points = densify(a, b, step);
      expect(pieces).toHaveLength(points.length - 1);
      expect(pieces[0]?.start).toEqual(points[0]);
      expect(pieces.at(-1)?.end).toEqual(points.at(-1));
      let total = 0;
      for (const [k, piece] of pieces.entries()) {
        // Exactly on the geodesic, where densify interpolates between anchors (within 7 m).
        expect(distanceNm(piece.start, points[k] as LatLon)).toBeLessThan(0.004);
        expect(piece.distanceNm).toBeCloseTo(distanceNm(piece.start, piece.end), 6);
        expect(piece.distanceNm).toBeLessThanOrEqual(step);
        expect(piece.courseDeg).toBeCloseTo(initialCourseDeg(piece.start, piece.end), 6);
        if (k > 0) expect(piece.start).toEqual(pieces[k - 1]?.end);
        total += piece.distanceNm;
      }
      expect(total).toBeCloseTo(distanceNm(a, b), 6);
    }
  });
});

describe("normalizeLon", () => {
  it("maps to [-180, 180)", () => {
    expect(normalizeLon(180)).toBe(-180);
    expect(normalizeLon(-180)).toBe(-180);
    expect(normalizeLon(190)).toBe(-170);
    expect(normalizeLon(-190)).toBe(170);
    expect(normalizeLon(540)).toBe(-180);
    expect(Object.is(normalizeLon(-0), 0)).toBe(true);
  });
});
