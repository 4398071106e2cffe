/**
 * GRIB2 decoding: bytes in, fields out. The whole input is framed and checked first (framing.ts),
 * then every field is decoded; any problem throws a GribError and nothing is returned, so a caller
 * never works from part of a file.
 *
 * Supported: edition 2; grid 3.0 (regular lat/lon, any scanning direction, and its quasi-regular
 * form with points per row) and 3.40 (Gaussian, regular and global quasi-regular); products 4.0, 4.1, 4.8, 4.11; data 5.0, 5.2, 5.3 (orders 1 and 2),
 * 5.40 (JPEG 2000), 5.41 (PNG), 5.42 (CCSDS); bitmaps (section 6, including "same as before");
 * several messages per input and several fields per message.
 */
import { applyBitmap, readBitmap } from "./bitmap";
import { type DataRepresentation, readDataRepresentation } from "./data-representation";
import { GribError } from "./errors";
import { type MessageSpan, type SectionSpan, splitMessages } from "./framing";
import { type LatLonGrid, readGrid } from "./grid";
import { type Identification, readIdentification } from "./identification";
import { type ProductDefinition, readProduct } from "./product";
import { unpackValues } from "./unpack";

export interface GribField {
  /** Discipline (code table 0.0): 0 meteorological, 10 oceanographic. */
  readonly discipline: number;
  readonly identification: Identification;
  readonly grid: LatLonGrid;
  readonly product: ProductDefinition;
  readonly representation: DataRepresentation;
  /** One value per grid point in the file's scan order (see grid.ts), NaN where missing. */
  readonly values: Float64Array;
  /** Whether a bitmap (section 6) says which points have values. */
  readonly hasBitmap: boolean;
  /** Points without a value: absent from the bitmap or a missing value inside the data. */
  readonly missingCount: number;
  /** Byte offset of the field's product definition section, to find it again in the file. */
  readonly offset: number;
}

export interface GribMessage {
  readonly offset: number;
  readonly length: number;
  readonly edition: 2;
  readonly discipline: number;
  readonly fields: readonly GribField[];
}

export function decodeGrib(bytes: Uint8Array): GribMessage[] {
  return splitMessages(bytes).map((span) => decodeMessage(bytes, span));
}

/** Every field of every message, in file order. */
export function decodeGribFields(bytes: Uint8Array): GribField[] {
  return decodeGrib(bytes).flatMap((m) => m.fields);
}

function decodeMessage(bytes: Uint8Array, span: MessageSpan): GribMessage {
  // The sections in force: a repeated section replaces its predecessor for the fields after it.
  let identification: Identification | undefined;
  let grid: LatLonGrid | undefined;
  let productSection: SectionSpan | undefined;
  let representationSection: SectionSpan | undefined;
  let representation: DataRepresentation | undefined;
  let bitmap: Uint8Array | undefined;
  let previousBitmap: Uint8Array | undefined;
  const fields: GribField[] = [];

  for (const section of span.sections) {
    switch (section.number) {
      case 1:
        identification = readIdentification(bytes, section);
        break;
      case 2: // local use: centre-specific, nothing a field needs
        break;
      case 3:
        grid = readGrid(bytes, section);
        break;
      case 4:
        productSection = section;
        break;
      case 5:
        representationSection = section;
        representation = readDataRepresentation(bytes, section, pointsOf(grid, section));
        break;
      case 6:
        bitmap = readBitmap(bytes, section, pointsOf(grid, section), previousBitmap);
        if (bitmap) previousBitmap = bitmap;
        break;
      case 7: {
        // framing.ts guarantees 1, 3, 4, 5 and 6 came before any 7.
        if (
          !identification ||
          !grid ||
          !productSection ||
          !representation ||
          !representationSection
        ) {
          throw new GribError(
            "grib_corrupt",
            `data section at byte ${section.offset} has no field`,
            {
              offset: section.offset,
            },
          );
        }
        const product = readProduct(
          bytes,
          productSection,
          span.discipline,
          identification.referenceTimeMs,
        );
        const packed = unpackValues(bytes, section, representation);
        const values = applyBitmap(
          packed,
          bitmap,
          grid.numberOfPoints,
          representationSection.offset,
        );
        let missingCount = 0;
        for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) missingCount++;
        fields.push({
          discipline: span.discipline,
          identification,
          grid,
          product,
          representation,
          values,
          hasBitmap: bitmap !== undefined,
          missingCount,
          offset: productSection.offset,
        });
        break;
      }
    }
  }
  return {
    offset: span.offset,
    length: span.length,
    edition: 2,
    discipline: span.discipline,
    fields,
  };
}

function pointsOf(grid: LatLonGrid | undefined, section: SectionSpan): number {
  if (!grid) {
    throw new GribError(
      "grib_corrupt",
      `section ${section.number} at byte ${section.offset} comes before any grid`,
      {
        offset: section.offset,
      },
    );
  }
  return grid.numberOfPoints;
}
