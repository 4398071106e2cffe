/** Typed failures of the gridded store: building it, sampling it, and reading its encoding. */
export type GriddedErrorCode =
  /** One parameter arrives on two different grids (e.g. two files of different resolution). */
  | "gridded_inconsistent_grid"
  /** The same parameter twice for the same valid time (e.g. two ensemble members mixed). */
  | "gridded_duplicate_field"
  /** Nothing to build a field from (e.g. a member filter that matches no field). */
  | "gridded_no_fields"
  /** sample() asked for a parameter the field does not hold. */
  | "gridded_unknown_parameter"
  /** Encoded bytes that are not a whole, intact encoding (bad magic, length, checksum, header). */
  | "gridded_corrupt"
  /** An encoding of a format version this code does not read. */
  | "gridded_unsupported_version";

export class GriddedError extends Error {
  constructor(
    readonly code: GriddedErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "GriddedError";
  }
}
