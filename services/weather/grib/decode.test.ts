import { describe, expect, it } from "vitest";
import {
  DECODABLE_FIXTURES,
  type EccodesKeys,
  eccodesExpectation,
  gribFixture,
} from "../../../tests/fixtures/grib/load";
import { decodeGrib, decodeGribFields, type GribField } from "./decode";
import { gridPointLatLon } from "./grid";

// Expected values are ECMWF ecCodes 2.28's reading of each fixture (grib_ls -j, grib_get_data),
// stored by scripts/make-grib-fixtures.sh. The fixtures were written by ecCodes (simple, JPEG 2000,
// PNG and CCSDS packing) and by NCEP's g2c library (complex packing with spatial differencing), so
// each value below is what an independent, reference decoder makes of bytes written by a
// production encoder.

const RELATIVE_TOLERANCE = 1e-4;
/** Absolute floor for values printed as 0 or as float noise around it. */
const ABSOLUTE_FLOOR = 1e-9;
const DEGREE_TOLERANCE = 1e-6;

/** ecCodes' ECMWF-style short names of the fixture parameters, and NCEP's name for the same numbers. */
const NCEP_NAME_OF: Record<string, string> = {
  "10u": "UGRD",
  "10v": "VGRD",
  "10si": "WIND",
  swh: "HTSGW",
  perpw: "PERPW",
  dirpw: "DIRPW",
  swell: "SWELL",
  swper: "SWPER",
  swdir: "SWDIR",
  ocu: "UOGRD",
  ocv: "VOGRD",
  ci: "ICEC",
};

function num(keys: EccodesKeys, key: string): number | undefined {
  const v = keys[key];
  return typeof v === "number" ? v : undefined;
}

function must(keys: EccodesKeys, key: string): number {
  const v = num(keys, key);
  if (v === undefined) throw new Error(`fixture lacks numeric ${key}: ${String(keys[key])}`);
  return v;
}

/** ecCodes' date (YYYYMMDD) and time (HHMM) keys as ms since the epoch. */
function eccodesTime(date: number, time: number): number {
  return Date.UTC(
    Math.floor(date / 10000),
    (Math.floor(date / 100) % 100) - 1,
    date % 100,
    Math.floor(time / 100),
    time % 100,
  );
}

function lon360(lon: number): number {
  return ((lon % 360) + 360) % 360;
}

function sameLongitude(a: number, b: number): boolean {
  const d = Math.abs(lon360(a) - lon360(b));
  return Math.min(d, 360 - d) <= DEGREE_TOLERANCE;
}

function expectKeysMatch(field: GribField, keys: EccodesKeys): void {
  const { grid, product, representation: rep } = field;
  expect(field.discipline).toBe(must(keys, "discipline"));
  expect(field.identification.centre).toBe(must(keys, "centre"));
  expect(product.parameterCategory).toBe(must(keys, "parameterCategory"));
  expect(product.parameterNumber).toBe(must(keys, "parameterNumber"));
  expect(product.parameter?.shortName).toBe(NCEP_NAME_OF[String(keys.shortName)]);
  expect(product.template).toBe(must(keys, "productDefinitionTemplateNumber"));
  expect(product.firstSurface.type).toBe(must(keys, "typeOfFirstFixedSurface"));
  expect(product.firstSurface.value).toBe(
    keys.scaledValueOfFirstFixedSurface === "MISSING" ? null : must(keys, "level"),
  );
  expect(product.forecastTime.value).toBe(must(keys, "forecastTime"));
  expect(product.forecastTime.unit).toBe(must(keys, "indicatorOfUnitOfTimeRange"));
  expect(field.identification.referenceTimeMs).toBe(
    eccodesTime(must(keys, "dataDate"), must(keys, "dataTime")),
  );
  expect(product.validTimeMs).toBe(
    eccodesTime(must(keys, "validityDate"), must(keys, "validityTime")),
  );
  if (num(keys, "perturbationNumber") === undefined) {
    expect(product.ensemble).toBeUndefined();
  } else {
    expect(product.ensemble).toEqual({
      type: must(keys, "typeOfEnsembleForecast"),
      perturbationNumber: must(keys, "perturbationNumber"),
      numberOfForecasts: must(keys, "numberOfForecastsInEnsemble"),
    });
  }
  if (num(keys, "typeOfStatisticalProcessing") === undefined) {
    expect(product.statistical).toBeUndefined();
  } else {
    expect(product.statistical?.process).toBe(must(keys, "typeOfStatisticalProcessing"));
    expect(product.statistical?.length.value).toBe(must(keys, "lengthOfTimeRange"));
  }

  expect(grid.template).toBe(must(keys, "gridDefinitionTemplateNumber"));
  expect(grid.nj).toBe(must(keys, "Nj"));
  expect(grid.numberOfPoints).toBe(must(keys, "numberOfDataPoints"));
  if (grid.reduced) {
    // Quasi-regular: no Ni nor i increment, a list of points per row instead.
    expect(keys.Ni).toBe("MISSING");
    expect(keys.iDirectionIncrementInDegrees).toBe("MISSING");
    expect(grid.pointsPerRow.reduce((a, b) => a + b, 0)).toBe(must(keys, "numberOfDataPoints"));
    expect(must(keys, "interpretationOfNumberOfPoints")).toBe(1);
  } else {
    expect(grid.ni).toBe(must(keys, "Ni"));
    expect(grid.ni * grid.nj).toBe(must(keys, "numberOfDataPoints"));
    // ecCodes' Gaussian sample states its i increment to 10^-3 degree (2.813 for 360/128).
    const tolerance = grid.gaussian ? 1e-3 : 1e-6;
    expect(Math.abs(grid.di - must(keys, "iDirectionIncrementInDegrees"))).toBeLessThan(tolerance);
  }
  expect(grid.lat1).toBeCloseTo(must(keys, "latitudeOfFirstGridPointInDegrees"), 6);
  expect(grid.lat2).toBeCloseTo(must(keys, "latitudeOfLastGridPointInDegrees"), 6);
  expect(sameLongitude(grid.lon1, must(keys, "longitudeOfFirstGridPointInDegrees"))).toBe(true);
  expect(sameLongitude(grid.lon2, must(keys, "longitudeOfLastGridPointInDegrees"))).toBe(true);
  if (grid.gaussian) {
    expect(grid.template).toBe(40);
    expect(grid.gaussian.n).toBe(must(keys, "N"));
    expect(grid.gaussian.rowLatitudes[0]).toBeCloseTo(
      must(keys, "latitudeOfFirstGridPointInDegrees"),
      5,
    );
  } else {
    expect(grid.dj).toBeCloseTo(must(keys, "jDirectionIncrementInDegrees"), 6);
  }
  expect(grid.scanningMode).toBe(must(keys, "scanningMode"));

  expect(rep.template).toBe(must(keys, "dataRepresentationTemplateNumber"));
  const reference = must(keys, "referenceValue");
  expect(Math.abs(rep.referenceValue - reference)).toBeLessThanOrEqual(
    1e-9 * Math.abs(reference) + ABSOLUTE_FLOOR,
  );
  expect(rep.binaryScaleFactor).toBe(must(keys, "binaryScaleFactor"));
  expect(rep.decimalScaleFactor).toBe(must(keys, "decimalScaleFactor"));
  expect(rep.bitsPerValue).toBe(must(keys, "bitsPerValue"));
  if (rep.template === 2 || rep.template === 3) {
    expect(rep.spatialDifferencingOrder).toBe(must(keys, "orderOfSpatialDifferencing"));
    expect(rep.missingValueManagement).toBe(must(keys, "missingValueManagementUsed"));
  }
  if (rep.template === 40) expect(rep.typeOfCompression).toBe(must(keys, "typeOfCompressionUsed"));
  if (rep.template === 42) {
    expect(rep.ccsdsFlags).toBe(must(keys, "ccsdsFlags"));
    expect(rep.ccsdsBlockSize).toBe(must(keys, "ccsdsBlockSize"));
    expect(rep.ccsdsRsi).toBe(must(keys, "ccsdsRsi"));
  }
  expect(rep.numberOfValues).toBe(must(keys, "numberOfValues"));
  expect(field.hasBitmap).toBe(must(keys, "bitmapPresent") === 1);
  expect(field.missingCount).toBe(must(keys, "numberOfMissing"));
}

/** Every point that disagrees with grib_get_data (position or value), at most a few. */
function gridPointMismatches(
  field: GribField,
  lats: readonly number[],
  lons: readonly number[],
  values: readonly (number | null)[],
): string[] {
  const bad: string[] = [];
  if (values.length !== field.values.length) {
    return [`${field.values.length} values decoded, ecCodes has ${values.length}`];
  }
  for (let k = 0; k < values.length && bad.length < 5; k++) {
    const expected = values[k] ?? null;
    const actual = field.values[k] as number;
    const { lat, lon } = gridPointLatLon(field.grid, k);
    const latOk = Math.abs(lat - (lats[k] as number)) <= DEGREE_TOLERANCE;
    const lonOk = sameLongitude(lon, lons[k] as number);
    const valueOk =
      expected === null
        ? Number.isNaN(actual)
        : Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.abs(expected) + ABSOLUTE_FLOOR;
    if (!latOk || !lonOk || !valueOk) {
      bad.push(
        `#${k}: got (${lat}, ${lon}) ${actual}, ecCodes (${lats[k]}, ${lons[k]}) ${expected}`,
      );
    }
  }
  return bad;
}

describe("decodeGrib against ecCodes", () => {
  it.each(DECODABLE_FIXTURES)("%s: every field's keys match grib_ls", (name) => {
    const expected = eccodesExpectation(name);
    const fields = decodeGribFields(gribFixture(name));
    expect(fields).toHaveLength(expected.messages.length);
    fields.forEach((field, i) => {
      expectKeysMatch(field, expected.messages[i] as EccodesKeys);
    });
  });

  it.each(DECODABLE_FIXTURES)("%s: every grid point matches grib_get_data to 1e-4", (name) => {
    const expected = eccodesExpectation(name);
    const fields = decodeGribFields(gribFixture(name));
    expect(fields).toHaveLength(expected.fields?.length ?? -1);
    fields.forEach((field, i) => {
      const want = expected.fields?.[i];
      const grid = want ? expected.grids?.[want.grid] : undefined;
      if (!want || !grid) throw new Error(`${name}: no expected values for field ${i}`);
      expect(gridPointMismatches(field, grid.lats, grid.lons, want.values)).toEqual([]);
    });
  });
});

describe("the packings' variants the fixtures cover", () => {
  const representations = (name: string) =>
    decodeGribFields(gribFixture(name)).map((f) => f.representation);

  it("CCSDS: preprocessor on and off, block sizes 8-64, short intervals, 1 to 32 bits", () => {
    const ccsds = representations("ccsds.grib2").flatMap((r) => (r.template === 42 ? [r] : []));
    expect(ccsds).toHaveLength(21);
    const preprocessed = (r: (typeof ccsds)[number]) => (r.ccsdsFlags & 8) !== 0;
    expect(ccsds.some(preprocessed)).toBe(true);
    expect(ccsds.some((r) => !preprocessed(r))).toBe(true);
    expect(new Set(ccsds.map((r) => r.ccsdsBlockSize))).toEqual(new Set([8, 16, 32, 64]));
    expect(Math.min(...ccsds.map((r) => r.ccsdsRsi))).toBe(2);
    expect(ccsds.some((r) => (r.ccsdsFlags & 16) !== 0)).toBe(true); // restricted option set
    expect(new Set(ccsds.map((r) => r.bitsPerValue))).toEqual(
      new Set([1, 2, 3, 7, 8, 9, 12, 16, 17, 24, 32]),
    );
  });

  it("PNG: grey of 1, 2, 4, 8 and 16 (12 bits per value) bits, RGB (24) and RGBA (32)", () => {
    const bits = representations("png.grib2").map((r) => r.bitsPerValue);
    expect(new Set(bits)).toEqual(new Set([1, 2, 4, 8, 12, 24, 32]));
  });
});

describe("decodeGrib structure", () => {
  it("reads several fields from one message whose sections 4-7 repeat", () => {
    const messages = decodeGrib(gribFixture("multi-field-complex.grib2"));
    expect(messages.map((m) => m.fields.length)).toEqual([3, 1]);
    const [swell, period, direction] = messages[0]?.fields ?? [];
    expect(swell?.product.parameter?.shortName).toBe("SWELL");
    expect(period?.product.parameter?.shortName).toBe("SWPER");
    expect(direction?.product.parameter?.shortName).toBe("SWDIR");
    // The fields share the message's single grid section.
    expect(period?.grid).toBe(swell?.grid);
    // Swell period carries its missing points as substitutes in the data, not as a bitmap.
    expect(period?.hasBitmap).toBe(false);
    expect(period?.missingCount).toBe(swell?.missingCount);
    expect(messages[1]?.offset).toBe(messages[0]?.length);
  });

  it("gives the ensemble member, the statistical interval and the time unit", () => {
    const [member, maximum, average, minutes] = decodeGribFields(
      gribFixture("ensemble-products.grib2"),
    );
    expect(member?.product.ensemble).toEqual({
      type: 3,
      perturbationNumber: 7,
      numberOfForecasts: 31,
    });
    expect(member?.product.forecastTime).toEqual({ value: 24, unit: 1, unitName: "hour" });
    expect(maximum?.product.template).toBe(11);
    expect(maximum?.product.statistical).toMatchObject({
      process: 2,
      startMs: Date.UTC(2024, 0, 11, 12),
      endMs: Date.UTC(2024, 0, 11, 18),
    });
    expect(average?.product.template).toBe(8);
    expect(average?.product.validTimeMs).toBe(Date.UTC(2024, 0, 11, 0));
    expect(minutes?.product.forecastTime).toEqual({ value: 90, unit: 0, unitName: "minute" });
    expect(minutes?.product.validTimeMs).toBe(Date.UTC(2024, 0, 10, 19, 30));
  });

  it("places the first value of each scan order at the right corner", () => {
    const northFirst = decodeGribFields(gribFixture("wind-n2s-simple.grib2"))[0];
    const southFirst = decodeGribFields(gribFixture("wind-s2n-simple.grib2"))[0];
    const westward = decodeGribFields(gribFixture("currents-west-scan.grib2"))[0];
    if (!northFirst || !southFirst || !westward || northFirst.grid.reduced) {
      throw new Error("fixtures missing");
    }
    expect(gridPointLatLon(northFirst.grid, 0)).toEqual({ lat: 60, lon: 350 });
    expect(gridPointLatLon(southFirst.grid, 0)).toEqual({ lat: 40, lon: 350 });
    expect(gridPointLatLon(westward.grid, 0)).toEqual({ lat: 36, lon: 10 });
    expect(gridPointLatLon(westward.grid, 11)).toEqual({ lat: 36, lon: 359 });
    // The same field in two scan orders: row 0 of one is the last row of the other.
    const ni = northFirst.grid.ni;
    const lastRow = (northFirst.grid.nj - 1) * ni;
    expect(Array.from(southFirst.values.subarray(0, ni))).toEqual(
      Array.from(northFirst.values.subarray(lastRow, lastRow + ni)),
    );
  });

  it("accepts an Uint8Array view into a larger buffer (a Node Buffer slice)", () => {
    const bytes = gribFixture("wind-s2n-simple.grib2");
    const padded = new Uint8Array(bytes.length + 13);
    padded.set(bytes, 7);
    const view = padded.subarray(7, 7 + bytes.length);
    expect(Array.from(decodeGribFields(view)[0]?.values ?? [])).toEqual(
      Array.from(decodeGribFields(bytes)[0]?.values ?? []),
    );
  });
});
