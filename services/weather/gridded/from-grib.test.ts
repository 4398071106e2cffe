import { describe, expect, it } from "vitest";
import { gribFixture } from "../../../tests/fixtures/grib/load";
import { decodeGrib, decodeGribFields, type GribMessage } from "../grib/decode";
import { gridPointLatLon } from "../grib/grid";
import { GriddedError } from "./errors";
import { fromGribMessages } from "./from-grib";
import { sample } from "./sample";
import type { GriddedField } from "./types";

function messages(...names: string[]): GribMessage[] {
  return names.flatMap((name) => decodeGrib(gribFixture(name)));
}

function errorOf(build: () => unknown): GriddedError {
  try {
    build();
  } catch (e) {
    if (e instanceof GriddedError) return e;
    throw e;
  }
  throw new Error("no error thrown");
}

/** Every decoded grid point, looked up in the store at its own lat/lon/time, gives its value. */
function expectEveryPointStored(field: GriddedField, name: string, fixture: string): void {
  const fields = decodeGribFields(gribFixture(fixture)).filter(
    (f) => f.product.parameter?.shortName === name,
  );
  expect(fields.length).toBeGreaterThan(0);
  for (const f of fields) {
    for (let k = 0; k < f.values.length; k++) {
      const { lat, lon } = gridPointLatLon(f.grid, k);
      const stored = sample(field, name, lat, lon, f.product.validTimeMs);
      expect(stored).toBe(Math.fround(f.values[k] as number));
    }
  }
}

describe("fromGribMessages", () => {
  it("groups fields by parameter and valid time on a south-west grid", () => {
    const field = fromGribMessages(messages("wind-n2s-simple.grib2"));
    expect([...field.parameters.keys()]).toEqual(["UGRD", "VGRD"]);
    const u = field.parameters.get("UGRD");
    expect(u?.grid).toEqual({ nx: 21, ny: 21, lat0: 40, lon0: 350, dlat: 1, dlon: 1 });
    expect(Array.from(u?.timesMs ?? [])).toEqual([
      Date.UTC(2024, 0, 15, 18),
      Date.UTC(2024, 0, 16, 0),
    ]);
    expect(u?.kind).toBe("scalar");
    expect(field.label).toBe("GRIB2 centre 7, reference 2024-01-15T12:00:00.000Z");
    expectEveryPointStored(field, "UGRD", "wind-n2s-simple.grib2");
    expectEveryPointStored(field, "VGRD", "wind-n2s-simple.grib2");
  });

  it("turns westward and northward scans into the same grid", () => {
    const field = fromGribMessages(messages("currents-west-scan.grib2"));
    const expected = { nx: 21, ny: 7, lat0: 30, lon0: 350, dlat: 1, dlon: 1 };
    expect(field.parameters.get("UOGRD")?.grid).toEqual(expected); // scanning mode 128
    expect(field.parameters.get("VOGRD")?.grid).toEqual(expected); // scanning mode 192
    expectEveryPointStored(field, "UOGRD", "currents-west-scan.grib2");
    expectEveryPointStored(field, "VOGRD", "currents-west-scan.grib2");
  });

  it("turns column-by-column scans (j points consecutive) into the same rows", () => {
    const field = fromGribMessages(messages("ice-columns.grib2"));
    const ice = field.parameters.get("ICEC");
    expect(ice?.grid).toEqual({ nx: 41, ny: 11, lat0: 70, lon0: 340, dlat: 1, dlon: 1 });
    expectEveryPointStored(field, "ICEC", "ice-columns.grib2");
    // The two steps (scanning modes 96 and 32) hold the same field.
    expect(ice?.planes[1]).toEqual(ice?.planes[0]);
  });

  it("keeps masked points missing and joins the global grid across 0", () => {
    const field = fromGribMessages(messages("global-2p5-complex.grib2"));
    expectEveryPointStored(field, "HTSGW", "global-2p5-complex.grib2");
    expectEveryPointStored(field, "UGRD", "global-2p5-complex.grib2");
    const t = Date.UTC(2024, 2, 2);
    const u = (lon: number) => sample(field, "UGRD", 40, lon, t);
    expect(sample(field, "UGRD", 40, 358.75, t)).toBeCloseTo((u(357.5) + u(0)) / 2, 5);
    const hs = field.parameters.get("HTSGW");
    expect(hs?.planes[0]?.some(Number.isNaN)).toBe(true);
  });

  it("puts a quasi-regular grid on the columns of its densest row, interpolating along rows", () => {
    const [simple] = decodeGrib(gribFixture("reduced-ll.grib2"));
    if (!simple) throw new Error("fixture missing");
    const field = fromGribMessages([simple]);
    const hs = field.parameters.get("HTSGW");
    // 37 rows 5 degrees apart, 72 columns (the equator's row) round the globe.
    expect(hs?.grid).toEqual({ nx: 72, ny: 37, lat0: -90, lon0: 0, dlat: 5, dlon: 5 });
    const [f] = simple.fields;
    if (!f?.grid.reduced) throw new Error("not a reduced grid");
    const t = f.product.validTimeMs;
    const at = (lat: number, lon: number) => sample(field, "HTSGW", lat, lon, t);
    // Every point of the file whose longitude is a column's keeps its value (f = 0 along its row);
    // the 72-point rows are exactly the store's.
    let onColumns = 0;
    for (let k = 0; k < f.values.length; k++) {
      const { lat, lon } = gridPointLatLon(f.grid, k);
      if (Math.abs(lon / 5 - Math.round(lon / 5)) > 1e-9) continue;
      onColumns++;
      const v = f.values[k] as number;
      if (Number.isNaN(v)) expect(at(lat, lon)).toBeNaN();
      else expect(at(lat, lon)).toBe(Math.fround(v));
    }
    expect(onColumns).toBe(480);
    // The 80N row has 12 points 30 degrees apart: 10E is 1/3 of the way from 0E to 30E, and
    // 350E 2/3 of the way from 330E to 360E = 0E (the row joins across 0).
    const row80 = f.grid.rowStart[2] as number;
    expect(f.grid.pointsPerRow[2]).toBe(12);
    const v = (i: number) => f.values[row80 + i] as number;
    expect(at(80, 10)).toBeCloseTo((2 * v(0) + v(1)) / 3, 5);
    expect(at(80, 350)).toBeCloseTo((v(11) + 2 * v(0)) / 3, 5);
    // Between rows, linear in latitude: 82.5N is halfway between 80N and the empty 85N row,
    // whose missing values drop out of the weights.
    expect(at(82.5, 10)).toBeCloseTo(at(80, 10), 5);
    expect(at(87.5, 10)).toBeNaN();
    // The CCSDS copy of the same field (message 2) lands on the same values.
    const [, ccsds] = decodeGrib(gribFixture("reduced-ll.grib2"));
    if (!ccsds) throw new Error("fixture missing");
    expect(fromGribMessages([ccsds]).parameters.get("HTSGW")?.planes).toEqual(hs?.planes);
  });

  it("puts Gaussian rows on evenly spaced latitudes, interpolating between rows", () => {
    const [regular, reduced] = decodeGrib(gribFixture("gaussian.grib2"));
    if (!regular || !reduced) throw new Error("fixture missing");
    const [f] = regular.fields;
    const latitudes = f?.grid.gaussian?.rowLatitudes;
    if (!f || !latitudes || f.grid.reduced) throw new Error("not a regular Gaussian grid");
    const field = fromGribMessages([regular]);
    const hs = field.parameters.get("HTSGW");
    const first = latitudes[0] as number; // 87.8638 (N = 32), rows north to south
    expect(hs?.grid.nx).toBe(128);
    expect(hs?.grid.ny).toBe(64);
    expect(hs?.grid.lat0).toBeCloseTo(-first, 9);
    expect(hs?.grid.dlat).toBeCloseTo((2 * first) / 63, 9);
    expect(hs?.grid.dlon).toBeCloseTo(2.8125, 9);
    const t = f.product.validTimeMs;
    const at = (lat: number, lon: number) => sample(field, "HTSGW", lat, lon, t);
    const v = (row: number, column: number) => f.values[row * 128 + column] as number;
    // The first and last rows are the file's own.
    for (let c = 0; c < 128; c++) {
      const north = v(0, c);
      if (Number.isNaN(north)) expect(at(first, c * 2.8125)).toBeNaN();
      else expect(at(first, c * 2.8125)).toBe(Math.fround(north));
    }
    // An even row in between: linear in latitude between the Gaussian rows around it.
    const lat = first - 20 * ((2 * first) / 63);
    const above = latitudes.findLastIndex((l) => l >= lat); // file row north of `lat`
    const w =
      ((latitudes[above] as number) - lat) /
      ((latitudes[above] as number) - (latitudes[above + 1] as number));
    const sea = (c: number) => !Number.isNaN(v(above, c) + v(above + 1, c));
    const column = Array.from({ length: 128 }, (_, c) => c).find(sea) ?? -1;
    expect(column).toBeGreaterThanOrEqual(0);
    const expected = (1 - w) * v(above, column) + w * v(above + 1, column);
    expect(at(lat, column * 2.8125)).toBeCloseTo(expected, 5);
    // The quasi-regular Gaussian grid: 64 rows of up to 128 points on the same latitudes.
    const reducedField = fromGribMessages([reduced]);
    expect(reducedField.parameters.get("HTSGW")?.grid).toEqual(hs?.grid);
  });

  it("names parameters by short name, with level and statistic suffixes where unusual", () => {
    const waves = fromGribMessages(messages("waves-s2n-bitmap.grib2"));
    // SWELL is on level type 241 value 1 (the primary swell partition): its usual level.
    expect([...waves.parameters.keys()]).toEqual(["HTSGW", "PERPW", "DIRPW", "SWELL"]);
    expect(waves.parameters.get("DIRPW")?.kind).toBe("direction");
    const products = fromGribMessages(messages("ensemble-products.grib2"));
    expect([...products.parameters.keys()].sort()).toEqual([
      "HTSGW:avg",
      "UGRD",
      "VGRD",
      "WIND:max",
    ]);
  });

  it("keeps one ensemble member when asked", () => {
    const member = fromGribMessages(messages("ensemble-products.grib2"), { member: 7 });
    expect([...member.parameters.keys()].sort()).toEqual(["UGRD", "WIND:max"]);
    expect(member.label).toContain("member 7");
    const none = errorOf(() =>
      fromGribMessages(messages("ensemble-products.grib2"), { member: 3 }),
    );
    expect(none.code).toBe("gridded_no_fields");
  });

  it("rejects one parameter on two different grids", () => {
    const error = errorOf(() =>
      fromGribMessages(messages("wind-n2s-simple.grib2", "global-2p5-complex.grib2"), {
        select: (f) => f.product.parameter?.shortName === "UGRD",
      }),
    );
    expect(error.code).toBe("gridded_inconsistent_grid");
    expect(error.details).toMatchObject({ parameter: "UGRD" });
  });

  it("rejects the same parameter twice at one valid time", () => {
    const error = errorOf(() =>
      fromGribMessages(messages("wind-n2s-simple.grib2", "wind-s2n-simple.grib2")),
    );
    expect(error.code).toBe("gridded_duplicate_field");
    expect(error.details).toMatchObject({
      parameter: "UGRD",
      validTime: "2024-01-15T18:00:00.000Z",
    });
  });
});
