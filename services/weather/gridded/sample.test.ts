import { describe, expect, it } from "vitest";
import { gribFixture } from "../../../tests/fixtures/grib/load";
import { parameterFromFunction } from "../../../tests/gridded-from-function";
import { decodeGrib } from "../grib/decode";
import { GriddedError } from "./errors";
import { fromGribMessages } from "./from-grib";
import { coastalSamplerOf, sample, sampleMany } from "./sample";
import type { GriddedField, GriddedParameter, GridGeometry } from "./types";

const T0 = Date.UTC(2024, 0, 15, 0);
const HOUR = 3_600_000;

function fieldOf(...parameters: GriddedParameter[]): GriddedField {
  return { label: "test", parameters: new Map(parameters.map((p) => [p.name, p])) };
}

/** A deterministic pseudo-random sequence in [0, 1) (a 32-bit LCG, Numerical Recipes' constants). */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const regional: GridGeometry = { nx: 21, ny: 21, lat0: -50, lon0: 170, dlat: 1, dlon: 1 };
const global: GridGeometry = { nx: 144, ny: 73, lat0: -90, lon0: 0, dlat: 2.5, dlon: 2.5 };

describe("sample in space", () => {
  it("is exact at grid points", () => {
    const p = parameterFromFunction("X", regional, [T0], (lat, lon) => Math.sin(lat) * 7 + lon / 3);
    const field = fieldOf(p);
    for (let r = 0; r < regional.ny; r++) {
      for (let c = 0; c < regional.nx; c++) {
        const stored = p.planes[0]?.[r * regional.nx + c];
        expect(sample(field, "X", -50 + r, 170 + c, T0)).toBe(stored);
      }
    }
  });

  it("interpolates bilinearly between grid points", () => {
    // f = a + b lon + c lat + d lon lat is bilinear, so interpolation reproduces it exactly.
    const f = (lat: number, lon: number) =>
      2 + 0.05 * (lon - 170) - 0.03 * lat + 0.002 * (lon - 170) * lat;
    const field = fieldOf(parameterFromFunction("X", regional, [T0], f));
    const next = randomSequence(7);
    for (let n = 0; n < 200; n++) {
      const lat = -50 + 20 * next();
      const lon = 170 + 20 * next();
      expect(sample(field, "X", lat, lon, T0)).toBeCloseTo(f(lat, lon), 5);
    }
    // One cell by hand: corners 0 (SW), 1 (SE), 2 (NW), 3 (NE).
    const cell = fieldOf(
      parameterFromFunction(
        "Y",
        { nx: 2, ny: 2, lat0: 0, lon0: 0, dlat: 1, dlon: 1 },
        [T0],
        (lat, lon) => lon + 2 * lat,
      ),
    );
    expect(sample(cell, "Y", 0.5, 0.5, T0)).toBe(1.5);
    expect(sample(cell, "Y", 0, 0.25, T0)).toBe(0.25);
    expect(sample(cell, "Y", 0.75, 1, T0)).toBe(2.5);
  });

  it("joins a global grid across 360/0 and across the antimeridian", () => {
    const byColumn = fieldOf(parameterFromFunction("C", global, [T0], (_lat, lon) => lon / 2.5));
    // Between the last column (357.5, value 143) and the first (0/360, value 0).
    expect(sample(byColumn, "C", 10, 358.75, T0)).toBeCloseTo(71.5, 5);
    expect(sample(byColumn, "C", 10, -1.25, T0)).toBeCloseTo(71.5, 5);
    expect(sample(byColumn, "C", 10, 718.75, T0)).toBeCloseTo(71.5, 5);
    // A grid that starts at 180 (a file running -180 to 177.5): its seam is the antimeridian.
    const fromDateLine = { ...global, lon0: 180 };
    const seam = fieldOf(
      parameterFromFunction("S", fromDateLine, [T0], (_lat, lon) => ((lon - 180) % 360) / 2.5),
    );
    expect(sample(seam, "S", 0, 178.75, T0)).toBeCloseTo(71.5, 5);
    expect(sample(seam, "S", 0, -181.25, T0)).toBeCloseTo(71.5, 5);
    // A smooth periodic field is continuous across the seam.
    const smooth = fieldOf(
      parameterFromFunction(
        "W",
        fromDateLine,
        [T0],
        (lat, lon) => Math.cos((lon * Math.PI) / 180) + lat / 90,
      ),
    );
    const east = sample(smooth, "W", 20, 179.999, T0);
    const west = sample(smooth, "W", 20, -179.999, T0);
    expect(Math.abs(east - west)).toBeLessThan(1e-4);
  });

  it("returns NaN outside a regional grid and works across the antimeridian inside it", () => {
    const f = (lat: number, lon: number) => lat + lon / 100;
    const field = fieldOf(parameterFromFunction("X", regional, [T0], f));
    expect(sample(field, "X", -40, -175, T0)).toBeCloseTo(f(-40, 185), 5);
    expect(sample(field, "X", -40, 190, T0)).toBeCloseTo(f(-40, 190), 5);
    expect(sample(field, "X", -40, -170, T0)).toBeCloseTo(f(-40, 190), 5);
    expect(sample(field, "X", -30, 170, T0)).toBeCloseTo(f(-30, 170), 5);
    for (const [lat, lon] of [
      [-40, 169.5],
      [-40, -169.5],
      [-50.5, 180],
      [-29.5, 180],
      [Number.NaN, 180],
      [-40, Number.NaN],
    ] as const) {
      expect(sample(field, "X", lat, lon, T0)).toBeNaN();
    }
  });

  it("gives the same samples from both scan orders of the same GRIB field", () => {
    const sixHours = (name: string) =>
      fromGribMessages(decodeGrib(gribFixture(name)), {
        select: (f) =>
          f.product.parameter?.shortName === "UGRD" && f.product.forecastTime.value === 6,
      });
    const northToSouth = sixHours("wind-n2s-simple.grib2");
    const southToNorth = sixHours("wind-s2n-simple.grib2");
    const t = Date.UTC(2024, 0, 15, 18);
    const next = randomSequence(11);
    for (let n = 0; n < 500; n++) {
      const lat = 40 + 20 * next();
      const lon = -10 + 20 * next();
      const a = sample(northToSouth, "UGRD", lat, lon, t);
      expect(a).not.toBeNaN();
      expect(sample(southToNorth, "UGRD", lat, lon, t)).toBe(a);
    }
  });
});

describe("sample in time", () => {
  const times = [T0, T0 + 6 * HOUR, T0 + 12 * HOUR];
  const field = fieldOf(
    parameterFromFunction("X", regional, times, (_lat, _lon, t) => (t - T0) / HOUR),
  );

  it("interpolates linearly between steps, exactly at steps", () => {
    expect(sample(field, "X", -40, 180, T0)).toBe(0);
    expect(sample(field, "X", -40, 180, T0 + 3 * HOUR)).toBeCloseTo(3, 9);
    expect(sample(field, "X", -40, 180, T0 + 6 * HOUR)).toBe(6);
    expect(sample(field, "X", -40, 180, T0 + 10 * HOUR)).toBeCloseTo(10, 9);
    expect(sample(field, "X", -40, 180, T0 + 12 * HOUR)).toBe(12);
  });

  it("returns NaN before the first and after the last step", () => {
    expect(sample(field, "X", -40, 180, T0 - 1)).toBeNaN();
    expect(sample(field, "X", -40, 180, T0 + 12 * HOUR + 1)).toBeNaN();
  });

  it("finds the right steps in any order of requests", () => {
    const next = randomSequence(3);
    for (let n = 0; n < 100; n++) {
      const h = 12 * next();
      expect(sample(field, "X", -40, 180, T0 + h * HOUR)).toBeCloseTo(h, 6);
    }
  });
});

describe("missing values", () => {
  const cell: GridGeometry = { nx: 2, ny: 2, lat0: 0, lon0: 0, dlat: 1, dlon: 1 };
  const withMissing = (missing: (lat: number, lon: number) => boolean) =>
    fieldOf(
      parameterFromFunction("X", cell, [T0], (lat, lon) =>
        missing(lat, lon) ? Number.NaN : 10 + lon + 2 * lat,
      ),
    );

  it("uses the weighted mean of the corners that have values", () => {
    const field = withMissing((lat, lon) => lat === 1 && lon === 1);
    // Centre: the three present corners (10, 11, 12) with equal weights.
    expect(sample(field, "X", 0.5, 0.5, T0)).toBeCloseTo(11, 6);
    // Near (0.25, 0.25): weights 9/16, 3/16, 3/16 over the present corners, renormalised by 15/16.
    expect(sample(field, "X", 0.25, 0.25, T0)).toBeCloseTo((9 * 10 + 3 * 11 + 3 * 12) / 15, 6);
  });

  it("is NaN at a missing grid point and where every corner is missing", () => {
    expect(
      sample(
        withMissing((lat, lon) => lat === 1 && lon === 1),
        "X",
        1,
        1,
        T0,
      ),
    ).toBeNaN();
    expect(
      sample(
        withMissing(() => true),
        "X",
        0.5,
        0.5,
        T0,
      ),
    ).toBeNaN();
  });
});

describe("direction parameters", () => {
  it("average as angles: 350 and 10 degrees give 0, not 180", () => {
    const cell: GridGeometry = { nx: 2, ny: 1, lat0: 0, lon0: 0, dlat: 0, dlon: 1 };
    const field = fieldOf(
      parameterFromFunction("D", cell, [T0], (_lat, lon) => (lon === 0 ? 350 : 10), "direction"),
    );
    const mid = sample(field, "D", 0, 0.5, T0);
    expect(Math.min(mid, 360 - mid)).toBeLessThan(1e-9);
    expect(sample(field, "D", 0, 0.25, T0)).toBeCloseTo(355, 1);
    expect(sample(field, "D", 0, 0, T0)).toBeCloseTo(350, 9);
  });
});

describe("sampleMany", () => {
  const times = [T0, T0 + 6 * HOUR, T0 + 12 * HOUR];
  const field = fieldOf(
    parameterFromFunction(
      "X",
      global,
      times,
      (lat, lon, t) =>
        Math.sin((lon * Math.PI) / 90) * Math.cos((lat * Math.PI) / 180) + (t - T0) / HOUR,
    ),
    parameterFromFunction("D", global, times, (lat, lon) => (lon + lat + 360) % 360, "direction"),
  );

  function randomPoints(n: number, seed: number) {
    const next = randomSequence(seed);
    const lats = new Float64Array(n);
    const lons = new Float64Array(n);
    const timesMs = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      lats[i] = -89 + 178 * next();
      lons[i] = -180 + 540 * next();
      timesMs[i] = T0 + 12 * HOUR * next();
    }
    return { lats, lons, timesMs };
  }

  it("gives what sample gives, point by point (scalar and direction)", () => {
    const { lats, lons, timesMs } = randomPoints(5000, 5);
    for (const name of ["X", "D"]) {
      const out = new Float32Array(lats.length);
      sampleMany(field, name, lats, lons, timesMs, out);
      for (let i = 0; i < lats.length; i++) {
        expect(out[i]).toBe(
          Math.fround(
            sample(field, name, lats[i] as number, lons[i] as number, timesMs[i] as number),
          ),
        );
      }
    }
  });

  it("takes one time for all points", () => {
    const { lats, lons } = randomPoints(100, 9);
    const out = new Float32Array(lats.length);
    sampleMany(field, "X", lats, lons, new Float64Array([T0 + HOUR]), out);
    expect(out[17]).toBe(
      Math.fround(sample(field, "X", lats[17] as number, lons[17] as number, T0 + HOUR)),
    );
  });

  it("samples a million points quickly", () => {
    const { lats, lons, timesMs } = randomPoints(1_000_000, 13);
    const out = new Float32Array(lats.length);
    sampleMany(field, "X", lats, lons, timesMs, out); // warm up the JIT
    const start = performance.now();
    sampleMany(field, "X", lats, lons, timesMs, out);
    const ms = performance.now() - start;
    // Tens of ms on this 2.5 degree grid on a developer machine; the bound is for slow CI.
    expect(ms).toBeLessThan(1500);
  });

  it("rejects arrays of different lengths", () => {
    expect(() =>
      sampleMany(
        field,
        "X",
        new Float64Array(3),
        new Float64Array(2),
        new Float64Array(3),
        new Float32Array(3),
      ),
    ).toThrow(RangeError);
  });
});

it("rejects a parameter the field does not have", () => {
  const field = fieldOf(parameterFromFunction("X", regional, [T0], () => 1));
  expect(() => sample(field, "HTSGW", 0, 0, T0)).toThrow(GriddedError);
  try {
    sample(field, "HTSGW", 0, 0, T0);
  } catch (e) {
    expect((e as GriddedError).code).toBe("gridded_unknown_parameter");
  }
});

describe("coastalSamplerOf", () => {
  const oneDegree: GridGeometry = { nx: 360, ny: 181, lat0: -90, lon0: 0, dlat: 1, dlon: 1 };
  const only = (cells: Array<[number, number, number]>) =>
    fieldOf(
      parameterFromFunction("HTSGW", oneDegree, [T0], (lat, lon) => {
        const hit = cells.find(([la, lo]) => la === lat && lo === lon);
        return hit ? hit[2] : Number.NaN;
      }),
    );

  it("reads where the sampler reads, and the nearest value where every corner is masked", () => {
    const field = only([
      [0, 359, 7],
      [0, 2, 3],
    ]);
    const near = coastalSamplerOf(field, "HTSGW", 2);
    expect(near(0, 359.2, T0)).toBe(sample(field, "HTSGW", 0, 359.2, T0)); // a corner has a value
    // From 0.2E the value at 359E (1.2 degrees west, across the 0 meridian) is nearer than 2E's.
    expect(sample(field, "HTSGW", 0, 0.2, T0)).toBeNaN();
    expect(near(0, 0.2, T0)).toBe(7);
    expect(near(0, 0.8, T0)).toBe(3);
    // Beyond two steps of the point's cell: nothing.
    expect(near(5, 0.5, T0)).toBeNaN();
  });

  it("measures nearness on the sphere, not in grid steps", () => {
    // At 60N a column is half as long as a row: 2.5 columns east (1.25 degrees of arc) is nearer
    // than 2 rows north (2 degrees), though it is more grid steps away.
    const field = only([
      [62, 0, 1],
      [60, 3, 2],
    ]);
    expect(coastalSamplerOf(field, "HTSGW", 3)(60, 0.5, T0)).toBe(2);
  });
});
