import { describe, expect, it } from "vitest";
import { pointInRing } from "../../../tests/point-in-ring";
import { seededRandom } from "../random";
import { type ConePoint, ensembleCone } from "./cone";

// --- Independent geometry for the checks (not the module's own code) -----------------------

type V = [number, number, number];
const RAD = Math.PI / 180;
const R_NM = 3440.065;

const vec = (lat: number, lon: number): V => [
  Math.cos(lat * RAD) * Math.cos(lon * RAD),
  Math.cos(lat * RAD) * Math.sin(lon * RAD),
  Math.sin(lat * RAD),
];
const unit = (v: V): V => {
  const n = Math.hypot(...v);
  return [v[0] / n, v[1] / n, v[2] / n];
};
const crossV = (a: V, b: V): V => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const latLon = (v: V) => ({
  lat: Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD,
  lon: Math.atan2(v[1], v[0]) / RAD, // (-180, 180]: inputs jump at the antimeridian
});

/**
 * A member: the great circle from `from` to `to`, each of its n points moved sideways by
 * lateral(f) nm (f = fraction of the way), hourly times.
 */
function member(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  n: number,
  lateral: (f: number) => number,
): ConePoint[] {
  const a = vec(from.lat, from.lon);
  const b = vec(to.lat, to.lon);
  const normal = unit(crossV(a, b));
  const omega = Math.acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
  const points: ConePoint[] = [];
  for (let i = 0; i < n; i++) {
    const f = i / (n - 1);
    const s1 = Math.sin((1 - f) * omega) / Math.sin(omega);
    const s2 = Math.sin(f * omega) / Math.sin(omega);
    const p: V = [a[0] * s1 + b[0] * s2, a[1] * s1 + b[1] * s2, a[2] * s1 + b[2] * s2];
    const d = lateral(f) / R_NM;
    const q = unit([
      p[0] * Math.cos(d) + normal[0] * Math.sin(d),
      p[1] * Math.cos(d) + normal[1] * Math.sin(d),
      p[2] * Math.cos(d) + normal[2] * Math.sin(d),
    ]);
    points.push({ ...latLon(q), t_ms: 1_700_000_000_000 + i * 3_600_000 });
  }
  return points;
}

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

const inside = (ring: number[][], lon: number, lat: number) => pointInRing(ring, lon, lat);

function shareInside(ring: number[][], members: ConePoint[][]): number {
  const all = members.flat();
  return all.filter((p) => inside(ring, p.lon, p.lat)).length / all.length;
}

/** Area in the lon/lat plane (shoelace). */
function planeArea(ring: number[][]): number {
  let a = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[i + 1] as [number, number];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

/** Area in square nm, sinusoidal (equal-area) projection about the ring's first meridian. */
function areaNm2(ring: number[][]): number {
  const lon0 = (ring[0] as number[])[0] as number;
  const projected = ring.map(([lon, lat]) => [
    ((lon as number) - lon0) * 60 * Math.cos((lat as number) * RAD),
    (lat as number) * 60,
  ]);
  return Math.abs(planeArea(projected));
}

/** Convex hull (monotone chain) of [lon, lat] points, closed. */
function convexHull(points: Array<[number, number]>): number[][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: number[], a: number[], b: number[]) =>
    ((a[0] as number) - (o[0] as number)) * ((b[1] as number) - (o[1] as number)) -
    ((a[1] as number) - (o[1] as number)) * ((b[0] as number) - (o[0] as number));
  const half = (pts: Array<[number, number]>) => {
    const h: number[][] = [];
    for (const q of pts) {
      while (
        h.length >= 2 &&
        turn(h[h.length - 2] as number[], h[h.length - 1] as number[], q) <= 0
      )
        h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  const hull = [...half(p), ...half([...p].reverse())];
  return [...hull, hull[0] as number[]];
}

function properlyCross(a: number[], b: number[], c: number[], d: number[]): boolean {
  const o = (p: number[], q: number[], r: number[]) =>
    Math.sign(
      ((q[0] as number) - (p[0] as number)) * ((r[1] as number) - (p[1] as number)) -
        ((q[1] as number) - (p[1] as number)) * ((r[0] as number) - (p[0] as number)),
    );
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** A closed ring of >= 4 positions whose non-adjacent edges never cross. */
function expectValidRing(ring: number[][]) {
  expect(ring.length).toBeGreaterThanOrEqual(4);
  expect(ring[0]).toEqual(ring[ring.length - 1]);
  for (const p of ring) {
    expect(p).toHaveLength(2);
    expect(Number.isFinite(p[0]) && Number.isFinite(p[1])).toBe(true);
  }
  const n = ring.length - 1; // edges
  let crossings = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (
        properlyCross(
          ring[i] as number[],
          ring[i + 1] as number[],
          ring[j] as number[],
          ring[j + 1] as number[],
        )
      )
        crossings++;
    }
  }
  expect(crossings).toBe(0);
  expect(planeArea(ring)).toBeGreaterThan(0); // counter-clockwise, as RFC 7946 asks
}

// --- Ensembles -------------------------------------------------------------------------------

const NEW_YORK = { lat: 40.4, lon: -69.5 };
const CHANNEL = { lat: 49.6, lon: -6.0 };
const YOKOHAMA = { lat: 35.3, lon: 139.9 };
const SAN_FRANCISCO = { lat: 37.7, lon: -123.2 };

/** 31 members fanning out from a common origin and meeting again at the destination. */
function fan(
  seed: number,
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  sigmaNm: number,
): ConePoint[][] {
  const rng = seededRandom(seed);
  const members: ConePoint[][] = [];
  for (let m = 0; m < 31; m++) {
    const spread = sigmaNm * gaussian(rng);
    const wave = 0.3 * sigmaNm * gaussian(rng);
    const n = 80 + Math.floor(rng() * 41); // members at different speeds: 80..120 points
    const jitter = Array.from({ length: n }, () => 3 * gaussian(rng));
    members.push(
      member(
        from,
        to,
        n,
        (f) =>
          spread * Math.sin(Math.PI * f) +
          wave * Math.sin(2 * Math.PI * f) +
          (jitter[Math.round(f * (n - 1))] as number) * Math.sin(Math.PI * f),
      ),
    );
  }
  return members;
}

describe("ensembleCone", () => {
  const members = fan(20240917, NEW_YORK, CHANNEL, 60);
  const outliers = [
    member(NEW_YORK, CHANNEL, 100, (f) => 600 * Math.sin(Math.PI * f)),
    member(NEW_YORK, CHANNEL, 90, (f) => -650 * Math.sin(Math.PI * f)),
  ];
  const all = [...members, ...outliers];

  it("encloses 80% of a fanning ensemble's points, tightly, leaving the outliers out", () => {
    const cone = ensembleCone(all);
    const ring = cone.coordinates[0] as number[][];
    expect(cone.type).toBe("Polygon");
    expect(cone.coordinates).toHaveLength(1);
    expect(cone.share).toBe(0.8);
    expectValidRing(ring);

    const measured = shareInside(ring, all);
    expect(measured).toBeGreaterThanOrEqual(0.8);
    expect(cone.contained_share).toBeGreaterThanOrEqual(0.8);
    expect(Math.abs(cone.contained_share - measured)).toBeLessThan(0.005);
    // Tight: not much more than the share asked for.
    expect(cone.contained_share).toBeLessThan(0.85);

    // The outliers' middle stretches (far from the common ends) lie outside.
    for (const o of outliers) {
      const middle = o.slice(Math.floor(o.length * 0.2), Math.ceil(o.length * 0.8));
      expect(middle.every((p) => !inside(ring, p.lon, p.lat))).toBe(true);
    }

    // Much smaller than the convex hull of every point.
    const hull = convexHull(all.flat().map((p): [number, number] => [p.lon, p.lat]));
    const ratio = Math.abs(planeArea(ring)) / Math.abs(planeArea(hull));
    expect(ratio).toBeLessThan(0.35);

    // The cone really is the 80% spread: members are offset by sigma x sin(pi f) with sigma
    // 60 nm, so the 10-90% range averages 2 x 1.28 x 60 x 2 / pi = 98 nm over the crossing.
    const meanWidth = areaNm2(ring) / 2930; // the crossing is ~2930 nm long
    expect(meanWidth).toBeGreaterThan(65);
    expect(meanWidth).toBeLessThan(135);
  });

  it("honours another share", () => {
    const cone = ensembleCone(all, { share: 0.5, stations: 40 });
    const ring = cone.coordinates[0] as number[][];
    expectValidRing(ring);
    expect(shareInside(ring, all)).toBeGreaterThanOrEqual(0.5);
    expect(cone.contained_share).toBeLessThan(0.7);
    const wide = ensembleCone(all, { share: 0.95 });
    expect(shareInside(wide.coordinates[0] as number[][], all)).toBeGreaterThanOrEqual(0.95);
    expect(areaNm2(wide.coordinates[0] as number[][])).toBeGreaterThan(areaNm2(ring));
  });

  it("follows a route across the antimeridian in continuous longitudes", () => {
    const pacific = fan(7, YOKOHAMA, SAN_FRANCISCO, 120);
    const lons = pacific.flat().map((p) => p.lon);
    expect(lons.some((l) => l > 170) && lons.some((l) => l < -170)).toBe(true); // input jumps

    const cone = ensembleCone(pacific);
    const ring = cone.coordinates[0] as number[][];
    expectValidRing(ring);
    for (let i = 1; i < ring.length; i++) {
      const step = Math.abs(
        ((ring[i] as number[])[0] as number) - ((ring[i - 1] as number[])[0] as number),
      );
      expect(step).toBeLessThan(20); // no jump of ~360 anywhere
    }
    const ringLons = ring.map((p) => p[0] as number);
    expect(Math.min(...ringLons)).toBeGreaterThan(100); // starts near Yokohama's 139.9
    expect(Math.max(...ringLons)).toBeGreaterThan(230); // ends past 180, near 360 - 123.2
    expect(shareInside(ring, pacific)).toBeGreaterThanOrEqual(0.8);
    expect(cone.contained_share).toBeGreaterThanOrEqual(0.8);
    const hull = convexHull(
      pacific.flat().map((p): [number, number] => [p.lon < 0 ? p.lon + 360 : p.lon, p.lat]),
    );
    expect(Math.abs(planeArea(ring)) / Math.abs(planeArea(hull))).toBeLessThan(0.5);
  });

  it("gives a thin corridor round identical members and round a single member", () => {
    const route = member(NEW_YORK, CHANNEL, 400, (f) => 40 * Math.sin(3 * Math.PI * f));
    const lengthNm = 2930;
    for (const input of [Array.from({ length: 31 }, () => route), [route]]) {
      const cone = ensembleCone(input);
      const ring = cone.coordinates[0] as number[][];
      expectValidRing(ring);
      expect(cone.contained_share).toBeGreaterThanOrEqual(0.8);
      expect(shareInside(ring, input)).toBeGreaterThanOrEqual(0.8);
      // About 2 x 5 nm wide along the whole route.
      const meanWidth = areaNm2(ring) / lengthNm;
      expect(meanWidth).toBeGreaterThan(8);
      expect(meanWidth).toBeLessThan(20);
    }
  });

  it("a zero-length ensemble (every point in one place) gives a small circle", () => {
    const still = Array.from({ length: 5 }, () => [{ lat: 51.9, lon: 4.1, t_ms: 0 }]);
    const cone = ensembleCone(still);
    const ring = cone.coordinates[0] as number[][];
    expectValidRing(ring);
    expect(cone.contained_share).toBe(1);
    expect(shareInside(ring, still)).toBe(1);
    expect(areaNm2(ring)).toBeLessThan(Math.PI * 6 ** 2);
  });

  it("spans both branches of an ensemble split round a storm, centred between them", () => {
    // Westbound across the antimeridian; odd members pass north of a storm, even ones south.
    const rng = seededRandom(5);
    const split = Array.from({ length: 31 }, (_, m) => {
      const side = m % 2 === 0 ? 1 : -1;
      const n = 150 + Math.floor(rng() * 60);
      return Array.from({ length: n }, (_, i): ConePoint => {
        const f = i / (n - 1);
        const lon = -150 - 80 * f;
        return {
          lat: 30 + side * (5 + rng()) * Math.sin(Math.PI * f) + 0.2 * rng(),
          lon: lon < -180 ? lon + 360 : lon,
          t_ms: i * 3_600_000,
        };
      });
    });
    const cone = ensembleCone(split);
    const ring = cone.coordinates[0] as number[][];
    expectValidRing(ring);
    expect(shareInside(ring, split)).toBeGreaterThanOrEqual(0.8);
    expect(cone.contained_share).toBeLessThan(0.9);
    // Both branches are in it at mid-voyage, and so is the storm between them (no holes).
    expect(inside(ring, -190, 35.5)).toBe(true);
    expect(inside(ring, -190, 24.5)).toBe(true);
    expect(inside(ring, -190, 30)).toBe(true);
    const ringLons = ring.map((p) => p[0] as number);
    expect(Math.min(...ringLons)).toBeLessThan(-180); // continuous longitudes going west
  });

  it("stays a simple polygon round a sharp turn", () => {
    // East along 10N for 600 nm, then north along 30W for 600 nm: a right-angle corner. Each
    // member is that track moved sideways (left positive, sigma 48 nm, tapering to the ends)
    // with its own corner, the inner members turning earlier than the outer ones.
    const rng = seededRandom(99);
    const members = Array.from({ length: 31 }, () => {
      const off = 0.8 * gaussian(rng);
      const points: ConePoint[] = [];
      const push = (lon: number, lat: number) =>
        points.push({ lat, lon, t_ms: points.length * 3_600_000 });
      for (let i = 0; i <= 100; i++) {
        const s = (i / 100) * 20; // degrees along the base track
        const o = off * Math.sin((Math.PI * s) / 20);
        if (s < 10 && -40 + s < -30 - off) push(-40 + s, 10 + o);
        if (i === 50) push(-30 - off, 10 + off); // the corner of the member's own track
        if (s > 10 && s > 10 + off) push(-30 - o, s);
      }
      return points;
    });
    const cone = ensembleCone(members);
    const ring = cone.coordinates[0] as number[][];
    expectValidRing(ring);
    expect(shareInside(ring, members)).toBeGreaterThanOrEqual(0.8);
  });

  it("is deterministic and leaves its input alone", () => {
    const copy = structuredClone(all);
    const a = ensembleCone(all);
    const b = ensembleCone(all);
    expect(b).toEqual(a);
    expect(all).toEqual(copy);
  });

  it("refuses an ensemble without points and bad options", () => {
    expect(() => ensembleCone([])).toThrow(RangeError);
    expect(() => ensembleCone([[], []])).toThrow(/no route points/);
    expect(() => ensembleCone(members, { share: 0 })).toThrow(RangeError);
    expect(() => ensembleCone(members, { share: 1.2 })).toThrow(RangeError);
    expect(() => ensembleCone(members, { stations: 1 })).toThrow(RangeError);
    expect(() => ensembleCone(members, { stations: 2.5 })).toThrow(RangeError);
    expect(() => ensembleCone(members, { minHalfWidthNm: 0 })).toThrow(RangeError);
    expect(() => ensembleCone([[{ lat: 95, lon: 0, t_ms: 0 }]])).toThrow(RangeError);
  });
});
