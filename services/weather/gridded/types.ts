/**
 * A compact gridded weather store: per parameter, a regular latitude/longitude grid of Float32
 * values for a sequence of valid times. Rows always run south to north and columns west to east,
 * whatever the scan order of the file the values came from, so sampling has one code path.
 */

export interface GridGeometry {
  /** Columns (along a parallel) and rows (along a meridian). */
  readonly nx: number;
  readonly ny: number;
  /** Latitude of row 0, the southernmost row, degrees. */
  readonly lat0: number;
  /** Longitude of column 0, the westernmost column, degrees (in [0, 360) when built from GRIB). */
  readonly lon0: number;
  /** Row and column spacing, degrees, > 0 (0 only for a single row or column). */
  readonly dlat: number;
  readonly dlon: number;
}

/**
 * How values of a parameter interpolate: "direction" values are degrees true on a circle (350
 * and 10 average to 0, not 180), everything else is a plain scalar.
 */
export type ParameterKind = "scalar" | "direction";

export interface GriddedParameter {
  /** Short name (e.g. "HTSGW", "UGRD"), with a level or statistic suffix when not the usual one. */
  readonly name: string;
  readonly kind: ParameterKind;
  readonly grid: GridGeometry;
  /** Valid times, ms since the epoch, strictly increasing. */
  readonly timesMs: Float64Array;
  /** One plane per time: nx * ny values, index row * nx + column; NaN where missing (e.g. land). */
  readonly planes: readonly Float32Array[];
}

export interface GriddedField {
  /** Where the values come from (model, centre, reference time, member), for response metadata. */
  readonly label: string;
  readonly parameters: ReadonlyMap<string, GriddedParameter>;
}

/**
 * Whether the grid goes all the way round in longitude, so its last column joins its first.
 * True also for grids that repeat the first meridian at 360 (nx * dlon = 360 + dlon). The slack of
 * a thousandth of a column absorbs end points rounded to 10^-6 degree (1/3 degree grids), far less
 * than the column a regional grid would need to be global.
 */
export function wrapsLongitude(grid: GridGeometry): boolean {
  return grid.nx > 1 && grid.nx * grid.dlon >= 360 - 1e-3 * grid.dlon;
}
