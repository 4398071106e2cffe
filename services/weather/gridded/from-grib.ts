/**
 * Builds a GriddedField from decoded GRIB2 messages: fields grouped by parameter and valid time,
 * each field's values turned into rows from the south-west corner (whatever the file's scan
 * order), one grid per parameter.
 *
 * A quasi-regular (reduced) grid becomes a regular one with the rows of the file and as many
 * columns as its densest row: each row is interpolated linearly along the row (on the circle for
 * directions) at the columns' longitudes, so a row's own points keep their values where a column
 * falls on them. Sampling then interpolates between rows and columns as for any regular grid.
 *
 * A Gaussian grid's rows are not evenly spaced: they are interpolated linearly in latitude onto
 * as many evenly spaced rows from its first to its last latitude (which coincide with its first
 * and last rows), after the along-row step for a reduced Gaussian grid.
 */
import type { GribField, GribMessage } from "../grib/decode";
import {
  type LatLonGrid,
  type ReducedLatLonGrid,
  type RegularLatLonGrid,
  rowStep,
} from "../grib/grid";
import { GriddedError } from "./errors";
import type { GriddedField, GriddedParameter, GridGeometry, ParameterKind } from "./types";

export interface FromGribOptions {
  /**
   * Keep only this ensemble member (perturbation number of templates 4.1/4.11); fields without
   * ensemble information are then left out. Without it, every field is kept.
   */
  readonly member?: number;
  /** Keep only the fields this accepts (after `member`), e.g. one level of a multi-level file. */
  readonly select?: (field: GribField) => boolean;
  /** Overrides the label made from the first field's centre, reference time and member. */
  readonly label?: string;
}

/** Grids closer than this (degrees) are the same grid: files round to 10^-6 degree. */
const GRID_TOLERANCE_DEG = 1e-5;

/** Code table 4.10 names for the statistic suffix of statistically processed fields. */
const STATISTIC: Record<number, string> = { 0: "avg", 1: "acc", 2: "max", 3: "min" };

export function fromGribMessages(
  messages: readonly GribMessage[],
  options: FromGribOptions = {},
): GriddedField {
  const fields = messages
    .flatMap((m) => m.fields)
    .filter(
      (f) =>
        options.member === undefined || f.product.ensemble?.perturbationNumber === options.member,
    )
    .filter((f) => options.select?.(f) ?? true);
  const first = fields[0];
  if (!first) {
    throw new GriddedError(
      "gridded_no_fields",
      options.member === undefined
        ? "no GRIB fields to build a gridded field from"
        : `no GRIB fields of ensemble member ${options.member}`,
      { member: options.member },
    );
  }

  const groups = new Map<
    string,
    { kind: ParameterKind; grid: GridGeometry; byTime: Map<number, Float32Array> }
  >();
  for (const field of fields) {
    const name = parameterName(field);
    const grid = geometryOf(field.grid);
    let group = groups.get(name);
    if (!group) {
      group = {
        kind: field.product.parameter?.direction ? "direction" : "scalar",
        grid,
        byTime: new Map(),
      };
      groups.set(name, group);
    } else if (!sameGrid(group.grid, grid)) {
      throw new GriddedError(
        "gridded_inconsistent_grid",
        `${name} at ${iso(field.product.validTimeMs)} is on a ${describe(grid)} grid, its other ` +
          `times on a ${describe(group.grid)} grid`,
        { parameter: name, validTime: iso(field.product.validTimeMs), grid, otherGrid: group.grid },
      );
    }
    const t = field.product.validTimeMs;
    if (group.byTime.has(t)) {
      throw new GriddedError(
        "gridded_duplicate_field",
        `${name} appears twice for ${iso(t)}` +
          (field.product.ensemble ? " (several ensemble members? pass options.member)" : ""),
        { parameter: name, validTime: iso(t), offset: field.offset },
      );
    }
    group.byTime.set(t, toSouthWestRows(field.grid, field.values, group.kind === "direction"));
  }

  const parameters = new Map<string, GriddedParameter>();
  for (const [name, group] of groups) {
    const times = [...group.byTime.keys()].sort((a, b) => a - b);
    parameters.set(name, {
      name,
      kind: group.kind,
      grid: group.grid,
      timesMs: Float64Array.from(times),
      planes: times.map((t) => group.byTime.get(t) as Float32Array),
    });
  }
  return { label: options.label ?? labelOf(first, options.member), parameters };
}

/**
 * The store's name for a field: the short name (or discipline.category.number when unknown),
 * plus "@type:value" when the level is not the parameter's usual one and ":avg"/":max"/... for a
 * statistic over a time interval. Usual levels: 10 m above ground for wind (0/2/x); for ocean
 * parameters the surface, mean sea level, the first of an ordered sequence (GFS-Wave's primary
 * swell partition, level type 241 value 1) or the top metre of the ocean (currents).
 */
export function parameterName(field: GribField): string {
  const { product, discipline } = field;
  const base =
    product.parameter?.shortName ??
    `${discipline}.${product.parameterCategory}.${product.parameterNumber}`;
  const { type, value } = product.firstSurface;
  const statistic = product.statistical
    ? `:${STATISTIC[product.statistical.process] ?? `stat${product.statistical.process}`}`
    : "";
  return isUsualLevel(discipline, product.parameterCategory, type, value)
    ? `${base}${statistic}`
    : `${base}@${type}:${value ?? "missing"}${statistic}`;
}

function isUsualLevel(
  discipline: number,
  category: number,
  type: number,
  value: number | null,
): boolean {
  if (discipline === 0 && category === 2) return type === 103 && value === 10;
  if (discipline === 10) {
    return (
      type === 1 ||
      type === 101 ||
      type === 255 ||
      (type === 241 && value === 1) ||
      (type === 160 && value !== null && value <= 1)
    );
  }
  return type === 1;
}

/** The grid of a GRIB field as the store keeps it: south-west origin, positive steps. */
export function geometryOf(grid: LatLonGrid): GridGeometry {
  const base: GridGeometry = grid.reduced
    ? {
        nx: grid.maxRowPoints,
        ny: grid.nj,
        lat0: Math.min(grid.lat1, grid.lat2),
        lon0: ((grid.lon1 % 360) + 360) % 360,
        dlat: grid.dj,
        dlon: rowStep(grid, grid.maxRowPoints),
      }
    : {
        nx: grid.ni,
        ny: grid.nj,
        lat0: Math.min(grid.lat1, grid.lat2),
        lon0:
          (((grid.iScansNegatively ? grid.lon1 - (grid.ni - 1) * grid.di : grid.lon1) % 360) +
            360) %
          360,
        dlat: grid.dj,
        dlon: grid.di,
      };
  const rows = grid.gaussian?.rowLatitudes;
  if (!rows || rows.length < 2) return base;
  // Evenly spaced rows from the southernmost Gaussian latitude to the northernmost (evenRows).
  const south = Math.min(rows[0] as number, rows[rows.length - 1] as number);
  const north = Math.max(rows[0] as number, rows[rows.length - 1] as number);
  return { ...base, lat0: south, dlat: (north - south) / (rows.length - 1) };
}

/**
 * Values from the file's scan order into rows from the south-west corner: row r (south to north),
 * column c (west to east) at index r * nx + c. A reduced grid's rows are interpolated onto the
 * columns of its densest row (see the module comment).
 */
export function toSouthWestRows(
  grid: LatLonGrid,
  values: Float64Array,
  direction = false,
): Float32Array {
  const rows = grid.reduced ? reducedToRows(grid, values, direction) : regularToRows(grid, values);
  return grid.gaussian ? evenRows(grid, rows, direction) : rows;
}

function regularToRows(grid: RegularLatLonGrid, values: Float64Array): Float32Array {
  const { ni, nj } = grid;
  const out = new Float32Array(ni * nj);
  const lines = grid.jPointsConsecutive ? ni : nj;
  const along = grid.jPointsConsecutive ? nj : ni;
  let k = 0;
  for (let line = 0; line < lines; line++) {
    for (let p = 0; p < along; p++, k++) {
      // i counts points from lon1 along the i scan, j rows from lat1 along the j scan.
      const i = grid.jPointsConsecutive ? line : p;
      const j = grid.jPointsConsecutive ? p : line;
      const column = grid.iScansNegatively ? ni - 1 - i : i;
      const row = grid.jScansPositively ? j : nj - 1 - j;
      out[row * ni + column] = values[k] as number;
    }
  }
  return out;
}

const RAD = Math.PI / 180;

/**
 * Each row of a reduced grid, linearly interpolated at the longitudes of `maxRowPoints` columns:
 * between the row's two points around the column (across lon1 on a global row), a missing
 * neighbour left out as the sampler leaves out a missing corner; an empty row is all missing, a
 * row of one point that value everywhere.
 */
function reducedToRows(
  grid: ReducedLatLonGrid,
  values: Float64Array,
  direction: boolean,
): Float32Array {
  const nx = grid.maxRowPoints;
  const out = new Float32Array(nx * grid.nj).fill(Number.NaN);
  const columnStep = rowStep(grid, nx);
  for (let j = 0; j < grid.nj; j++) {
    const n = grid.pointsPerRow[j] as number;
    const start = grid.rowStart[j] as number;
    const row = grid.jScansPositively ? j : grid.nj - 1 - j;
    if (n === 0) continue;
    const step = rowStep(grid, n);
    for (let c = 0; c < nx; c++) {
      let i0 = 0;
      let f = 0;
      if (n > 1) {
        const x = (c * columnStep) / step;
        i0 = Math.min(Math.floor(x + 1e-9), grid.global ? n - 1 : n - 2);
        f = Math.max(0, x - i0);
        if (f < 1e-9) f = 0;
      }
      const i1 = n === 1 ? 0 : i0 + 1 >= n ? 0 : i0 + 1; // wraps only on a global row
      const a = values[start + i0] as number;
      const b = values[start + i1] as number;
      out[row * nx + c] = blend(a, b, f, direction);
    }
  }
  return out;
}

/**
 * South-to-north rows on a Gaussian grid's latitudes, interpolated linearly in latitude onto the
 * same number of rows evenly spaced from the southernmost to the northernmost.
 */
function evenRows(grid: LatLonGrid, rows: Float32Array, direction: boolean): Float32Array {
  const latitudes = grid.gaussian?.rowLatitudes;
  const ny = grid.nj;
  if (!latitudes || ny < 2) return rows;
  const nx = rows.length / ny;
  // The file's rows from the south: row r of `rows` lies at south[r].
  const south = Float64Array.from({ length: ny }, (_, r) =>
    grid.jScansPositively ? (latitudes[r] as number) : (latitudes[ny - 1 - r] as number),
  );
  const lat0 = south[0] as number;
  const dlat = ((south[ny - 1] as number) - lat0) / (ny - 1);
  const out = new Float32Array(rows.length);
  let below = 0;
  for (let r = 0; r < ny; r++) {
    const lat = r === ny - 1 ? (south[ny - 1] as number) : lat0 + r * dlat;
    while (below < ny - 2 && (south[below + 1] as number) <= lat) below++;
    const a = south[below] as number;
    const b = south[below + 1] as number;
    const f = Math.min(1, Math.max(0, (lat - a) / (b - a)));
    for (let c = 0; c < nx; c++) {
      out[r * nx + c] = blend(
        rows[below * nx + c] as number,
        rows[(below + 1) * nx + c] as number,
        f,
        direction,
      );
    }
  }
  return out;
}

/** (1 - f) a + f b, leaving out a missing (NaN) one; directions as unit vectors. */
function blend(a: number, b: number, f: number, direction: boolean): number {
  const wa = Number.isNaN(a) || f >= 1 ? 0 : 1 - f;
  const wb = Number.isNaN(b) || f <= 0 ? 0 : f;
  if (wa + wb === 0) return Number.NaN;
  if (!direction) return ((wa ? wa * a : 0) + (wb ? wb * b : 0)) / (wa + wb);
  const s = (wa ? wa * Math.sin(a * RAD) : 0) + (wb ? wb * Math.sin(b * RAD) : 0);
  const co = (wa ? wa * Math.cos(a * RAD) : 0) + (wb ? wb * Math.cos(b * RAD) : 0);
  const deg = Math.atan2(s, co) / RAD;
  return deg < 0 ? deg + 360 : deg;
}

function sameGrid(a: GridGeometry, b: GridGeometry): boolean {
  const lonGap = Math.abs(a.lon0 - b.lon0);
  return (
    a.nx === b.nx &&
    a.ny === b.ny &&
    Math.abs(a.lat0 - b.lat0) <= GRID_TOLERANCE_DEG &&
    Math.min(lonGap, 360 - lonGap) <= GRID_TOLERANCE_DEG &&
    Math.abs(a.dlat - b.dlat) <= GRID_TOLERANCE_DEG &&
    Math.abs(a.dlon - b.dlon) <= GRID_TOLERANCE_DEG
  );
}

function describe(g: GridGeometry): string {
  return `${g.nx}x${g.ny} (${g.dlon}x${g.dlat} deg from ${g.lat0},${g.lon0})`;
}

function labelOf(field: GribField, member: number | undefined): string {
  const ensemble = member === undefined ? "" : `, member ${member}`;
  return (
    `GRIB2 centre ${field.identification.centre}, reference ` +
    `${iso(field.identification.referenceTimeMs)}${ensemble}`
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
