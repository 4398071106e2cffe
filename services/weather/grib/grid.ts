/**
 * Section 3 (grid definition), templates 3.0 (latitude/longitude) and 3.40 (Gaussian), regular and
 * quasi-regular (reduced), and where each value of the data lies given the scanning mode.
 *
 * Template 3.40 is laid out as 3.0 except that octets 68-71 give N, the number of parallels
 * between a pole and the equator, instead of the j increment: the rows lie on the Gaussian
 * latitudes (gaussian.ts), from the one nearest the first latitude. Quasi-regular Gaussian grids
 * are read when global (ecCodes' sub-area rule for their rows is not reproduced).
 *
 * Quasi-regular grids (ECMWF's wave model writes one) list the points of each row after the
 * template: octet 11 gives the octets per entry (1, 2 or 4), octet 12 their meaning (code table
 * 3.11: 1 = points spread over a full circle of latitude, 2 = from the first to the last
 * longitude), Ni is missing and Nj counts the rows. As ecCodes places them (its latlon_reduced
 * iterator, which the tests check against): a grid spanning the globe (360 minus its longitude
 * span is under two steps of the densest row) spreads each row's n points 360/n apart from lon1;
 * otherwise a row runs from lon1 to lon2 in n - 1 equal steps. Rows with no points are allowed.
 *
 * Scanning mode (flag table 3.4, bit 1 = most significant):
 *   bit 1 (0x80): 0 = points of a row run west to east (+i), 1 = east to west (-i)
 *   bit 2 (0x40): 0 = rows run north to south (-j), 1 = south to north (+j)
 *   bit 3 (0x20): 0 = consecutive values run along a row (i), 1 = along a column (j)
 *   bit 4 (0x10): 0 = every row scans the same way, 1 = alternate rows scan the other way
 *   bits 5-8: staggered (offset) rows and columns
 * This decoder refuses bits 4-8. No weather model writes them on a lat/lon grid, and ecCodes 2.28,
 * the reference these tests check against, places alternate-row files' points as if bit 4 were
 * 0, so a decoder following the WMO text could not be verified against it.
 */
import { int32, MISSING_UINT32, uint8, uint16, uint32 } from "./bytes";
import { GribError, unsupportedTemplate } from "./errors";
import type { SectionSpan } from "./framing";
import { gaussianLatitudes } from "./gaussian";

/** A Gaussian grid's N and the latitude of each of its rows, in scan order. */
export interface GaussianRows {
  readonly n: number;
  readonly rowLatitudes: Float64Array;
}

export interface RegularLatLonGrid {
  /** 0 latitude/longitude, 40 Gaussian (rows on the Gaussian latitudes, `gaussian`). */
  readonly template: 0 | 40;
  /** Points along a parallel (columns) and along a meridian (rows). */
  readonly ni: number;
  readonly nj: number;
  /** First and last grid points as the file gives them, degrees (longitudes as written: 0-360 or signed). */
  readonly lat1: number;
  readonly lon1: number;
  readonly lat2: number;
  readonly lon2: number;
  /** Spacing between columns and between rows, degrees, always > 0 (0 for a single column/row). */
  readonly di: number;
  readonly dj: number;
  readonly scanningMode: number;
  readonly iScansNegatively: boolean;
  readonly jScansPositively: boolean;
  readonly jPointsConsecutive: boolean;
  /** Code table 3.2 (e.g. 6 = sphere of radius 6,371,229 m). Positions here are in degrees either way. */
  readonly shapeOfEarth: number;
  readonly reduced: false;
  /** Points in the file: ni * nj. */
  readonly numberOfPoints: number;
  /** Template 3.40 only. `dj` is then the mean spacing of the rows. */
  readonly gaussian?: GaussianRows;
}

/** The quasi-regular form of template 3.0: rows of different lengths (see the module comment). */
export interface ReducedLatLonGrid {
  readonly template: 0 | 40;
  readonly reduced: true;
  /** Template 3.40 only. `dj` is then the mean spacing of the rows. */
  readonly gaussian?: GaussianRows;
  /** Rows, in scan order (north to south unless jScansPositively). */
  readonly nj: number;
  /** Points of each row, in scan order. */
  readonly pointsPerRow: Uint32Array;
  /** Index of each row's first value in the data. */
  readonly rowStart: Float64Array;
  /** The most points of any row. */
  readonly maxRowPoints: number;
  readonly numberOfPoints: number;
  readonly lat1: number;
  readonly lon1: number;
  readonly lat2: number;
  readonly lon2: number;
  /** Spacing between rows, degrees. */
  readonly dj: number;
  /** Whether rows go round the globe (points 360/n apart) or run from lon1 to lon2. */
  readonly global: boolean;
  /** Degrees from lon1 to lon2 eastwards (360 for a global grid). */
  readonly lonSpan: number;
  readonly scanningMode: number;
  readonly iScansNegatively: false;
  readonly jScansPositively: boolean;
  readonly jPointsConsecutive: false;
  readonly shapeOfEarth: number;
}

export type LatLonGrid = RegularLatLonGrid | ReducedLatLonGrid;

export const SUPPORTED_GRID_TEMPLATES = [0, 40] as const;

const TEMPLATE_0_LENGTH = 72;
/** Scan-mode bits refused: alternate-row scanning (bit 4) and staggering (bits 5-8). */
const UNSUPPORTED_SCAN_BITS = 0x1f;
/** Resolution and component flags (table 3.3), bits 3 and 4: increments given. */
const I_INCREMENT_GIVEN = 0x20;
const J_INCREMENT_GIVEN = 0x10;
/**
 * How far a file's stated increment may differ from the one implied by its end points before the
 * grid counts as corrupt. Writers round increments to 10^-6 degree (1/3 degree is written as
 * 0.333333), a relative error of 1e-6; beyond 0.1% it is a different grid.
 */
const INCREMENT_TOLERANCE = 1e-3;

export function readGrid(bytes: Uint8Array, section: SectionSpan): LatLonGrid {
  const o = section.offset - 1; // o + n is octet n of the section
  if (section.length < 14) {
    throw corrupt(
      section.offset,
      `section 3 at byte ${section.offset} is too short (${section.length} octets)`,
    );
  }
  const source = uint8(bytes, o + 6);
  if (source !== 0) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset} refers to a predetermined grid (source ${source}) ` +
        "instead of defining it",
      { offset: o + 6, feature: "predetermined grid", value: source },
    );
  }
  const template = uint16(bytes, o + 13);
  if (template !== 0 && template !== 40) {
    throw unsupportedTemplate(3, template, o + 13, SUPPORTED_GRID_TEMPLATES);
  }
  if (section.length < TEMPLATE_0_LENGTH) {
    throw corrupt(
      section.offset,
      `section 3 at byte ${section.offset} has ${section.length} octets, template 3.${template} needs ${TEMPLATE_0_LENGTH}`,
    );
  }
  if (uint8(bytes, o + 11) !== 0) return readReducedGrid(bytes, section, template);
  const numberOfDataPoints = uint32(bytes, o + 7);
  const ni = uint32(bytes, o + 31);
  const nj = uint32(bytes, o + 35);
  if (ni === MISSING_UINT32 || ni === 0 || nj === 0 || ni * nj !== numberOfDataPoints) {
    throw corrupt(
      o + 31,
      `section 3 at byte ${section.offset}: Ni x Nj = ${ni} x ${nj} does not match its ` +
        `${numberOfDataPoints} data points`,
    );
  }
  const degrees = angleUnit(bytes, o, section.offset);
  const scanningMode = uint8(bytes, o + 72);
  if (scanningMode & UNSUPPORTED_SCAN_BITS) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset}: scanning mode ${scanningMode} has alternating or ` +
        "staggered rows",
      { offset: o + 72, feature: "scanning mode", value: scanningMode },
    );
  }
  const { lat1, lon1, lat2, lon2, jScansPositively, dj, gaussian } = readRows(
    bytes,
    section,
    template,
    nj,
    scanningMode,
  );
  const flags = uint8(bytes, o + 55);
  const statedDi = flags & I_INCREMENT_GIVEN ? uint32(bytes, o + 64) : MISSING_UINT32;
  const iScansNegatively = (scanningMode & 0x80) !== 0;
  const di = increment(
    ni,
    eastwardSpan(iScansNegatively ? lon2 : lon1, iScansNegatively ? lon1 : lon2),
    statedDi === MISSING_UINT32 ? undefined : statedDi * degrees,
    o + 64,
    "i",
  );
  return {
    template,
    ...(gaussian ? { gaussian } : {}),
    ni,
    nj,
    lat1,
    lon1,
    lat2,
    lon2,
    di,
    dj,
    scanningMode,
    iScansNegatively,
    jScansPositively,
    jPointsConsecutive: (scanningMode & 0x20) !== 0,
    shapeOfEarth: uint8(bytes, o + 15),
    reduced: false,
    numberOfPoints: numberOfDataPoints,
  };
}

/** Template 3.0 with a list of points per row (octet 11 non-zero): a quasi-regular grid. */
function readReducedGrid(
  bytes: Uint8Array,
  section: SectionSpan,
  template: 0 | 40,
): ReducedLatLonGrid {
  const o = section.offset - 1;
  const octets = uint8(bytes, o + 11);
  const interpretation = uint8(bytes, o + 12);
  if (octets !== 1 && octets !== 2 && octets !== 4) {
    throw corrupt(o + 11, `section 3 at byte ${section.offset}: list entries of ${octets} octets`);
  }
  if (interpretation !== 1 && interpretation !== 2) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset}: list of points interpreted as ${interpretation} ` +
        "(code table 3.11; 1 and 2, points per row, are supported)",
      { offset: o + 12, feature: "interpretation of list of numbers", value: interpretation },
    );
  }
  const ni = uint32(bytes, o + 31);
  const nj = uint32(bytes, o + 35);
  if (ni !== MISSING_UINT32 || nj === 0 || nj === MISSING_UINT32) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset}: a list of points per column (Ni ${ni}, Nj ${nj}); ` +
        "only points per row (Ni missing) are supported",
      { offset: o + 31, feature: "quasi-regular grid by columns" },
    );
  }
  if (section.length < TEMPLATE_0_LENGTH + nj * octets) {
    throw corrupt(
      section.offset,
      `section 3 at byte ${section.offset} has ${section.length} octets, too few for a list of ` +
        `${nj} rows of ${octets} octets after template 3.0`,
    );
  }
  const scanningMode = uint8(bytes, o + 72);
  if (scanningMode & ~0x40) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset}: scanning mode ${scanningMode} on a quasi-regular ` +
        "grid (rows must run west to east, points along rows)",
      { offset: o + 72, feature: "scanning mode", value: scanningMode },
    );
  }
  const pointsPerRow = new Uint32Array(nj);
  const rowStart = new Float64Array(nj);
  let total = 0;
  let maxRowPoints = 0;
  for (let j = 0; j < nj; j++) {
    const at = o + TEMPLATE_0_LENGTH + 1 + j * octets;
    const n =
      octets === 1 ? uint8(bytes, at) : octets === 2 ? uint16(bytes, at) : uint32(bytes, at);
    pointsPerRow[j] = n;
    rowStart[j] = total;
    total += n;
    if (n > maxRowPoints) maxRowPoints = n;
  }
  const numberOfDataPoints = uint32(bytes, o + 7);
  if (total !== numberOfDataPoints || maxRowPoints === 0) {
    throw corrupt(
      o + TEMPLATE_0_LENGTH + 1,
      `section 3 at byte ${section.offset}: its rows hold ${total} points, not its ` +
        `${numberOfDataPoints} data points`,
    );
  }
  const { lat1, lon1, lat2, lon2, jScansPositively, dj, gaussian } = readRows(
    bytes,
    section,
    template,
    nj,
    scanningMode,
  );
  const span = eastwardSpan(lon1, lon2);
  // ecCodes' test for a grid round the globe: less than two of the densest row's steps short.
  const global = 360 - span < (2 * 360) / maxRowPoints;
  if (gaussian && !global) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 3 at byte ${section.offset}: a quasi-regular Gaussian grid that does not go ` +
        "round the globe (a sub-area)",
      { offset: o + 51, feature: "quasi-regular Gaussian sub-area" },
    );
  }
  return {
    template,
    ...(gaussian ? { gaussian } : {}),
    reduced: true,
    nj,
    pointsPerRow,
    rowStart,
    maxRowPoints,
    numberOfPoints: numberOfDataPoints,
    lat1,
    lon1,
    lat2,
    lon2,
    dj,
    global,
    lonSpan: global ? 360 : span,
    scanningMode,
    iScansNegatively: false,
    jScansPositively,
    jPointsConsecutive: false,
    shapeOfEarth: uint8(bytes, o + 15),
  };
}

/**
 * What regular and quasi-regular grids share: the corner points, the row order (checked against
 * the latitudes), the row spacing (from the end points; stated for 3.0, the mean for 3.40) and,
 * for 3.40, the Gaussian rows.
 */
function readRows(
  bytes: Uint8Array,
  section: SectionSpan,
  template: 0 | 40,
  nj: number,
  scanningMode: number,
): {
  lat1: number;
  lon1: number;
  lat2: number;
  lon2: number;
  jScansPositively: boolean;
  dj: number;
  gaussian: GaussianRows | undefined;
} {
  const o = section.offset - 1;
  const degrees = angleUnit(bytes, o, section.offset);
  const lat1 = int32(bytes, o + 47) * degrees;
  const lon1 = int32(bytes, o + 51) * degrees;
  const lat2 = int32(bytes, o + 56) * degrees;
  const lon2 = int32(bytes, o + 60) * degrees;
  const jScansPositively = (scanningMode & 0x40) !== 0;
  if (nj > 1 && (jScansPositively ? lat2 <= lat1 : lat2 >= lat1)) {
    throw corrupt(
      o + 47,
      `section 3 at byte ${section.offset}: rows scan ${jScansPositively ? "north" : "south"} ` +
        `but the first latitude is ${lat1} and the last ${lat2}`,
    );
  }
  const flags = uint8(bytes, o + 55);
  const statedDj =
    template === 0 && flags & J_INCREMENT_GIVEN ? uint32(bytes, o + 68) : MISSING_UINT32;
  const dj = increment(
    nj,
    Math.abs(lat2 - lat1),
    statedDj === MISSING_UINT32 ? undefined : statedDj * degrees,
    o + 68,
    "j",
  );
  const gaussian =
    template === 40 ? gaussianRows(bytes, o, section.offset, nj, jScansPositively) : undefined;
  return { lat1, lon1, lat2, lon2, jScansPositively, dj, gaussian };
}

/** How far a file's first or last latitude may be from a Gaussian latitude (files round to 1e-6). */
const GAUSSIAN_LATITUDE_TOLERANCE = 1e-3;

/**
 * Template 3.40's rows: N from octets 68-71, the first row on the Gaussian latitude nearest the
 * first latitude, then one Gaussian latitude after another in the scan direction, the last of
 * them the last latitude.
 */
function gaussianRows(
  bytes: Uint8Array,
  o: number,
  sectionOffset: number,
  nj: number,
  jScansPositively: boolean,
): GaussianRows {
  const n = uint32(bytes, o + 68);
  if (n === 0 || n === MISSING_UINT32 || 2 * n < nj) {
    throw corrupt(o + 68, `section 3 at byte ${sectionOffset}: N = ${n} for ${nj} rows`);
  }
  const degrees = angleUnit(bytes, o, sectionOffset);
  const lat1 = int32(bytes, o + 47) * degrees;
  const lat2 = int32(bytes, o + 56) * degrees;
  const all = gaussianLatitudes(n);
  let first = 0;
  for (let i = 1; i < all.length; i++) {
    if (Math.abs((all[i] as number) - lat1) < Math.abs((all[first] as number) - lat1)) first = i;
  }
  const step = jScansPositively ? -1 : 1; // `all` runs north to south
  const last = first + step * (nj - 1);
  if (
    Math.abs((all[first] as number) - lat1) > GAUSSIAN_LATITUDE_TOLERANCE ||
    last < 0 ||
    last >= all.length ||
    Math.abs((all[last] as number) - lat2) > GAUSSIAN_LATITUDE_TOLERANCE
  ) {
    throw corrupt(
      o + 47,
      `section 3 at byte ${sectionOffset}: latitudes ${lat1} to ${lat2} over ${nj} rows are not ` +
        `those of a Gaussian grid with N = ${n}`,
    );
  }
  const rowLatitudes = new Float64Array(nj);
  for (let j = 0; j < nj; j++) rowLatitudes[j] = all[first + step * j] as number;
  return { n, rowLatitudes };
}

/** Eastward spacing of the points of a quasi-regular grid's row of n points, degrees. */
export function rowStep(grid: ReducedLatLonGrid, n: number): number {
  if (grid.global) return 360 / n;
  return n > 1 ? grid.lonSpan / (n - 1) : 0;
}

/**
 * Degrees per unit of the angles: 10^-6 degree unless the template gives a basic angle and its
 * subdivisions (octets 39-46), in which case one unit is basicAngle / subdivisions degrees.
 */
function angleUnit(bytes: Uint8Array, o: number, sectionOffset: number): number {
  const basicAngle = uint32(bytes, o + 39);
  const subdivisions = uint32(bytes, o + 43);
  if (basicAngle === 0 || basicAngle === MISSING_UINT32) return 1e-6;
  if (subdivisions === 0 || subdivisions === MISSING_UINT32) {
    throw corrupt(
      o + 43,
      `section 3 at byte ${sectionOffset}: basic angle ${basicAngle} without subdivisions`,
    );
  }
  return basicAngle / subdivisions;
}

/** Eastward distance from `west` to `east` in degrees, in (0, 360] (equal ends mean all the way round). */
function eastwardSpan(west: number, east: number): number {
  const span = (((east - west) % 360) + 360) % 360;
  return span === 0 ? 360 : span;
}

/**
 * The spacing of `n` points over `span` degrees. The end points decide, not the stated increment:
 * increments are rounded to the angle unit (1/3 degree becomes 0.333333) and would drift by
 * hundreds of points, while the end points are exact. The stated increment must still agree.
 */
function increment(
  n: number,
  span: number,
  stated: number | undefined,
  offset: number,
  axis: "i" | "j",
): number {
  if (n === 1) return stated ?? 0;
  const fromEnds = span / (n - 1);
  if (stated !== undefined && Math.abs(stated - fromEnds) > INCREMENT_TOLERANCE * fromEnds) {
    throw corrupt(
      offset,
      `${axis} direction increment ${stated} disagrees with the ${fromEnds} implied by the ` +
        `first and last points (${n} points over ${span} degrees)`,
    );
  }
  return fromEnds;
}

function corrupt(offset: number, message: string): GribError {
  return new GribError("grib_corrupt", message, { offset });
}

/** Column (along the i scan, from lon1) and row (along the j scan, from lat1) of the k-th value. */
export function scanPosition(grid: LatLonGrid, k: number): { i: number; j: number } {
  if (grid.reduced) {
    // The row whose first value is the last at or before k (binary search).
    let lo = 0;
    let hi = grid.nj - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((grid.rowStart[mid] as number) <= k) lo = mid;
      else hi = mid - 1;
    }
    while (lo < grid.nj - 1 && grid.pointsPerRow[lo] === 0) lo++; // empty rows share a start
    return { i: k - (grid.rowStart[lo] as number), j: lo };
  }
  const along = grid.jPointsConsecutive ? grid.nj : grid.ni;
  const line = Math.floor(k / along);
  const p = k - line * along;
  return grid.jPointsConsecutive ? { i: line, j: p } : { i: p, j: line };
}

/** Latitude and longitude of the k-th value in the file's order; longitude in [0, 360). */
export function gridPointLatLon(grid: LatLonGrid, k: number): { lat: number; lon: number } {
  const { i, j } = scanPosition(grid, k);
  const lat = grid.gaussian
    ? (grid.gaussian.rowLatitudes[j] as number)
    : grid.lat1 + (grid.jScansPositively ? j : -j) * grid.dj;
  const lon = grid.reduced
    ? grid.lon1 + i * rowStep(grid, grid.pointsPerRow[j] as number)
    : grid.lon1 + (grid.iScansNegatively ? -i : i) * grid.di;
  return { lat, lon: ((lon % 360) + 360) % 360 };
}
