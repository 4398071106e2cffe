import { describe, expect, it } from "vitest";
import { gribFixture } from "../../../tests/fixtures/grib/load";
import { parameterFromFunction } from "../../../tests/gridded-from-function";
import { decodeGrib } from "../grib/decode";
import { fromGribMessages } from "./from-grib";
import { sample } from "./sample";
import type { GriddedField, GriddedParameter, GridGeometry } from "./types";
import { COAST_REACH_CELLS, missingConditions, toWeatherField } from "./weather-field";

// 1 knot = 1852 m per hour (the international nautical mile, International Hydrographic
// Conference 1929), so 1 m/s = 3600 / 1852 knots.
const KNOTS_PER_MS = 3600 / 1852;
const T0 = Date.UTC(2024, 0, 15, 0);
const HOUR = 3_600_000;
const grid: GridGeometry = { nx: 11, ny: 11, lat0: 40, lon0: 350, dlat: 1, dlon: 1 };

function constant(
  name: string,
  value: number,
  kind: "scalar" | "direction" = "scalar",
): GriddedParameter {
  return parameterFromFunction(name, grid, [T0, T0 + 6 * HOUR], () => value, kind);
}

function fieldOf(...parameters: GriddedParameter[]): GriddedField {
  return { label: "test field", parameters: new Map(parameters.map((p) => [p.name, p])) };
}

describe("toWeatherField", () => {
  it("turns wind components into knots and the direction the wind comes from", () => {
    const cases: [number, number, number][] = [
      [10, 0, 270], // blowing east: a westerly
      [0, -5, 0], // blowing south: a northerly
      [-3, -3, 45], // blowing south-west: from the north-east
      [0, 7, 180], // blowing north: a southerly
    ];
    for (const [u, v, from] of cases) {
      const weather = toWeatherField(fieldOf(constant("UGRD", u), constant("VGRD", v)));
      const at = weather.at(45, 355, T0 + HOUR);
      expect(at.wind_kts).toBeCloseTo(Math.hypot(u, v) * KNOTS_PER_MS, 4);
      expect(at.wind_dir_deg).toBeCloseTo(from, 4);
    }
  });

  it("interpolates wind as components, then takes speed and direction", () => {
    // A westerly at one step and a southerly at the next: half-way it is from the south-west.
    const u = parameterFromFunction("UGRD", grid, [T0, T0 + 6 * HOUR], (_a, _b, t) =>
      t === T0 ? 10 : 0,
    );
    const v = parameterFromFunction("VGRD", grid, [T0, T0 + 6 * HOUR], (_a, _b, t) =>
      t === T0 ? 0 : 10,
    );
    const at = toWeatherField(fieldOf(u, v)).at(45, 355, T0 + 3 * HOUR);
    expect(at.wind_dir_deg).toBeCloseTo(225, 4);
    expect(at.wind_kts).toBeCloseTo(Math.hypot(5, 5) * KNOTS_PER_MS, 4);
  });

  it("uses WIND and WDIR when there are no components", () => {
    const at = toWeatherField(fieldOf(constant("WIND", 12), constant("WDIR", 200, "direction"))).at(
      45,
      355,
      T0,
    );
    expect(at.wind_kts).toBeCloseTo(12 * KNOTS_PER_MS, 4);
    expect(at.wind_dir_deg).toBeCloseTo(200, 4);
  });

  it("gives currents in knots and the direction they flow to, and the strongest current", () => {
    const u = parameterFromFunction("UOGRD", grid, [T0], (lat) => (lat === 50 ? 1.5 : 1));
    const weather = toWeatherField(
      fieldOf(
        u,
        parameterFromFunction("VOGRD", grid, [T0], () => 0),
      ),
    );
    const at = weather.at(45, 355, T0);
    expect(at.current_kts).toBeCloseTo(KNOTS_PER_MS, 4);
    expect(at.current_dir_deg).toBeCloseTo(90, 4); // flowing east
    expect(weather.maxCurrentKts).toBeCloseTo(1.5 * KNOTS_PER_MS, 4);
  });

  it("takes the mean period and direction of the combined sea before the primary wave's", () => {
    const both = toWeatherField(
      fieldOf(
        constant("PERPW", 11),
        constant("MWSPER", 8),
        constant("DIRPW", 300, "direction"),
        constant("WWSDIR", 280, "direction"),
      ),
    ).at(45, 355, T0);
    expect(both.wave_period_s).toBeCloseTo(8, 5);
    expect(both.wave_dir_deg).toBeCloseTo(280, 4);
    const primaryOnly = toWeatherField(
      fieldOf(constant("PERPW", 11), constant("DIRPW", 300, "direction")),
    ).at(45, 355, T0);
    expect(primaryOnly.wave_period_s).toBeCloseTo(11, 5);
    expect(primaryOnly.wave_dir_deg).toBeCloseTo(300, 4);
  });

  it("lists the conditions no parameter provides, and reads them as NaN, never 0", () => {
    const weather = toWeatherField(fieldOf(constant("HTSGW", 2.5), constant("SWELL", 1.2)));
    expect(weather.missing).toEqual([
      "wave_period_s",
      "wave_dir_deg",
      "wind_kts",
      "wind_dir_deg",
      "swell_period_s",
      "swell_dir_deg",
      "current_kts",
      "current_dir_deg",
    ]);
    const at = weather.at(45, 355, T0);
    expect(at.hs_m).toBeCloseTo(2.5, 5);
    expect(at.swell_hs_m).toBeCloseTo(1.2, 5);
    for (const c of weather.missing) expect(at[c], c).toBeNaN();
    expect(weather.maxCurrentKts).toBe(0);
    expect(weather.label).toBe("test field");

    // Wind and no waves (a GFS or GEFS atmospheric file): the waves are missing, not a flat sea.
    const windOnly = toWeatherField(fieldOf(constant("UGRD", 8), constant("VGRD", -3)));
    expect(windOnly.missing).toEqual(expect.arrayContaining(["hs_m", "wave_period_s"]));
    expect(windOnly.missing).not.toContain("wind_kts");
    expect(windOnly.at(45, 355, T0).hs_m).toBeNaN();
    expect(windOnly.at(45, 355, T0).wind_kts).toBeGreaterThan(0);
  });

  it("knows what a cycle's parameters lack without reading their values", () => {
    expect(missingConditions(["UGRD", "VGRD"])).toEqual(
      toWeatherField(fieldOf(constant("UGRD", 1), constant("VGRD", 1))).missing,
    );
    expect(missingConditions(["HTSGW", "PERPW", "DIRPW", "UGRD", "VGRD"])).toEqual([
      "swell_hs_m",
      "swell_period_s",
      "swell_dir_deg",
      "current_kts",
      "current_dir_deg",
    ]);
    expect(missingConditions(["UGRD"])).toContain("wind_kts"); // one component is no wind
  });

  it("reads the nearest sea next to a masked coast, 0 inland and outside the grid", () => {
    // Land north of 47.5N in the wave model's mask; Hs grows eastwards.
    const hs = parameterFromFunction("HTSGW", grid, [T0, T0 + 6 * HOUR], (lat, lon, t) =>
      lat >= 47.5 ? Number.NaN : (t === T0 ? 1 : 3) + (((lon + 360) % 360) - 350) / 10,
    );
    const dir = parameterFromFunction(
      "DIRPW",
      grid,
      [T0],
      (lat) => (lat >= 47.5 ? Number.NaN : 250),
      "direction",
    );
    const weather = toWeatherField(fieldOf(hs, dir), { label: "masked" });
    expect(weather.label).toBe("masked");
    // 48.3N: its four grid points (48N, 49N) are all masked; the nearest with a value is 47N,
    // the same column (355E: 1 + 0.5 at T0).
    expect(weather.at(48.3, 355, T0).hs_m).toBeCloseTo(1.5, 5);
    expect(weather.at(48.3, 355, T0 + 3 * HOUR).hs_m).toBeCloseTo(2.5, 5); // in time as ever
    expect(weather.at(48.3, 355.4, T0).wave_dir_deg).toBeCloseTo(250, 4);
    // Next to a value (47.5N has 47N below it) the sampler already leaves out the masked corners.
    expect(weather.at(47.4, 355, T0).hs_m).toBeCloseTo(1.5, 5);
    // The search reaches COAST_REACH_CELLS rows beyond the point's cell: from 49.5N (cell
    // 49N-50N) down to 47N, which has a value; from 50N, on the top row, down to 48N only, all
    // masked: no sea there.
    expect(COAST_REACH_CELLS).toBe(2);
    expect(weather.at(49.5, 355, T0).hs_m).toBeCloseTo(1.5, 5);
    expect(weather.at(50, 355, T0).hs_m).toBe(0);
    expect(weather.at(30, 355, T0).hs_m).toBe(0); // outside the regional grid
    expect(weather.at(45, 355, T0 - 24 * HOUR).hs_m).toBeCloseTo(1.5, 6);
    expect(weather.at(45, 355, T0 + 48 * HOUR).hs_m).toBeCloseTo(3.5, 6);
    expect(weather.validFromMs).toBe(T0);
    expect(weather.validToMs).toBe(T0);
  });

  it("reads a decoded GRIB wave file", () => {
    const field = fromGribMessages(decodeGrib(gribFixture("waves-s2n-bitmap.grib2")));
    const weather = toWeatherField(field);
    const t = Date.UTC(2024, 0, 15, 6);
    const at = weather.at(-47.3, -176.4, t);
    expect(at.hs_m).toBeCloseTo(sample(field, "HTSGW", -47.3, -176.4, t), 9);
    expect(at.hs_m).toBeGreaterThan(2);
    expect(at.wave_period_s).toBeCloseTo(sample(field, "PERPW", -47.3, 183.6, t), 9);
    expect(at.wave_dir_deg).toBeCloseTo(sample(field, "DIRPW", -47.3, 183.6, t), 9);
    expect(at.swell_hs_m).toBeGreaterThan(0);
    expect(weather.missing).toContain("wind_kts");
    expect(weather.missing).not.toContain("hs_m");
    expect(weather.label).toBe("GRIB2 centre 7, reference 2024-01-15T06:00:00.000Z");
  });
});
