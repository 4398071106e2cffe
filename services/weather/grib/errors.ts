/**
 * Typed failures of the GRIB2 decoder. A file is decoded whole or not at all: any of these aborts
 * the decode, so a caller never sees some of a file's fields and silently misses the rest.
 */
export type GribErrorCode =
  /** The input ends before a message's declared length (a cut-off download or copy). */
  | "grib_truncated"
  /** The bytes are not a well-formed GRIB2 message: bad magic, inconsistent lengths, no "7777". */
  | "grib_corrupt"
  /** A GRIB edition other than 2 (edition 1 files need their own decoder). */
  | "grib_unsupported_edition"
  /** A grid, product or data representation template this decoder does not implement. */
  | "grib_unsupported_template"
  /** A well-formed feature outside what is implemented (e.g. a predefined bitmap, a scan order). */
  | "grib_unsupported_feature";

export class GribError extends Error {
  constructor(
    readonly code: GribErrorCode,
    message: string,
    /** Facts for the caller; `offset` is always the byte offset in the input where it went wrong. */
    readonly details: { offset: number } & Record<string, unknown>,
  ) {
    super(message);
    this.name = "GribError";
  }
}

/** Template numbers with a name, so an error can say what the file needs rather than a number. */
const KNOWN_TEMPLATES: Record<string, string> = {
  "3.1": "rotated latitude/longitude",
  "3.10": "Mercator",
  "3.20": "polar stereographic",
  "3.30": "Lambert conformal",
  "3.40": "Gaussian latitude/longitude",
  "3.50": "spherical harmonic coefficients",
  "3.90": "space view perspective",
  "3.101": "general unstructured grid",
  "5.4": "IEEE floating point",
  "5.40": "JPEG 2000",
  "5.41": "PNG",
  "5.42": "CCSDS (AEC) compression",
  "5.50": "spectral simple packing",
  "5.51": "spectral complex packing",
  "5.61": "simple packing with logarithm pre-processing",
  "5.200": "run length packing",
};

export function unsupportedTemplate(
  section: 3 | 4 | 5,
  template: number,
  offset: number,
  supported: readonly number[],
): GribError {
  const kind = { 3: "grid definition", 4: "product definition", 5: "data representation" }[section];
  const name = KNOWN_TEMPLATES[`${section}.${template}`];
  const supportedList = supported.map((t) => `${section}.${t}`).join(", ");
  return new GribError(
    "grib_unsupported_template",
    `${kind} template ${section}.${template}${name ? ` (${name})` : ""} at byte ${offset} is not ` +
      `supported (supported: ${supportedList})`,
    { offset, section, template, ...(name ? { name } : {}) },
  );
}
