/**
 * Section 5 (data representation): how the values of section 7 are packed. Templates:
 *   5.0 simple packing: every value an unsigned integer of `bitsPerValue` bits
 *   5.2 complex packing: values in groups, each with its own reference and bit width
 *   5.3 complex packing of spatial differences (order 1 or 2) of the values
 *   5.40 JPEG 2000: the integers as the grey samples of a JPEG 2000 code stream (jpeg2000.ts)
 *   5.41 PNG: the integers as the pixels of a PNG image (png.ts)
 *   5.42 CCSDS: the integers compressed by CCSDS 121.0-B adaptive entropy coding (aec/)
 * In all of them a packed integer X stands for Y = (R + X * 2^E) / 10^D, with R the reference
 * value, E the binary and D the decimal scale factor (WMO FM 92 GRIB2, regulation 92.9.4).
 */
import { float32, int16, uint8, uint16, uint32 } from "./bytes";
import { GribError, unsupportedTemplate } from "./errors";
import type { SectionSpan } from "./framing";

interface PackingCommon {
  /** Values actually packed in section 7: points the bitmap marks present, or all points. */
  readonly numberOfValues: number;
  readonly referenceValue: number;
  readonly binaryScaleFactor: number;
  readonly decimalScaleFactor: number;
  /** Bits per packed value (5.0) or per group reference (5.2, 5.3). */
  readonly bitsPerValue: number;
  /** Code table 5.1: 0 floating point, 1 integer. */
  readonly typeOfOriginalValues: number;
}

export interface SimplePacking extends PackingCommon {
  readonly template: 0;
}

export interface ComplexPacking extends PackingCommon {
  readonly template: 2 | 3;
  /**
   * Code table 5.5: 0 no missing values inside the data, 1 primary missing values (a packed value
   * of all one bits), 2 primary and secondary (all ones, and all ones minus one).
   */
  readonly missingValueManagement: 0 | 1 | 2;
  readonly numberOfGroups: number;
  readonly groupWidthReference: number;
  readonly groupWidthBits: number;
  readonly groupLengthReference: number;
  readonly groupLengthIncrement: number;
  readonly lastGroupLength: number;
  readonly groupLengthBits: number;
  /**
   * 1 or 2 for template 5.3; 0 for 5.2. ecCodes 2.28 writes 5.3 with order 0 and no descriptors,
   * which it reads as plain complex packing, and so does this decoder.
   */
  readonly spatialDifferencingOrder: 0 | 1 | 2;
  /** Octets of each extra descriptor (first values and minimum difference) at the start of section 7. */
  readonly extraDescriptorOctets: number;
}

export interface Jpeg2000Packing extends PackingCommon {
  readonly template: 40;
  /** Code table 5.40: 0 lossless, 1 lossy (decoded the same way). */
  readonly typeOfCompression: number;
}

export interface PngPacking extends PackingCommon {
  readonly template: 41;
}

export interface CcsdsPacking extends PackingCommon {
  readonly template: 42;
  /** libaec's flags (aec/decode.ts), octet 22. */
  readonly ccsdsFlags: number;
  /** Samples per block, octet 23. */
  readonly ccsdsBlockSize: number;
  /** Blocks per reference sample interval, octets 24-25. */
  readonly ccsdsRsi: number;
}

export type DataRepresentation =
  | SimplePacking
  | ComplexPacking
  | Jpeg2000Packing
  | PngPacking
  | CcsdsPacking;

export const SUPPORTED_DATA_TEMPLATES = [0, 2, 3, 40, 41, 42] as const;

const TEMPLATE_LENGTH: Record<number, number> = { 0: 21, 2: 47, 3: 49, 40: 23, 41: 21, 42: 25 };
/** Packed integers are read 32 bits at most (real files use 8-24). */
const MAX_BITS = 32;

export function readDataRepresentation(
  bytes: Uint8Array,
  section: SectionSpan,
  numberOfDataPoints: number,
): DataRepresentation {
  const o = section.offset - 1; // o + n is octet n of the section
  if (section.length < 11) {
    throw new GribError("grib_corrupt", `section 5 at byte ${section.offset} is too short`, {
      offset: section.offset,
    });
  }
  const template = uint16(bytes, o + 10);
  const needed = TEMPLATE_LENGTH[template];
  if (needed === undefined)
    throw unsupportedTemplate(5, template, o + 10, SUPPORTED_DATA_TEMPLATES);
  if (section.length < needed) {
    throw new GribError(
      "grib_corrupt",
      `section 5 at byte ${section.offset} has ${section.length} octets, template 5.${template} ` +
        `needs ${needed}`,
      { offset: section.offset, sectionLength: section.length, template },
    );
  }
  const numberOfValues = uint32(bytes, o + 6);
  if (numberOfValues > numberOfDataPoints) {
    throw new GribError(
      "grib_corrupt",
      `section 5 at byte ${section.offset} packs ${numberOfValues} values on a grid of ` +
        `${numberOfDataPoints} points`,
      { offset: o + 6, numberOfValues, numberOfDataPoints },
    );
  }
  const common: PackingCommon = {
    numberOfValues,
    referenceValue: float32(bytes, o + 12),
    binaryScaleFactor: int16(bytes, o + 16),
    decimalScaleFactor: int16(bytes, o + 18),
    bitsPerValue: uint8(bytes, o + 20),
    typeOfOriginalValues: uint8(bytes, o + 21),
  };
  checkBits(common.bitsPerValue, o + 20, "bits per value");
  if (template === 0) return { template: 0, ...common };
  if (template === 40) return { template: 40, ...common, typeOfCompression: uint8(bytes, o + 22) };
  if (template === 41) return { template: 41, ...common };
  if (template === 42) {
    return {
      template: 42,
      ...common,
      ccsdsFlags: uint8(bytes, o + 22),
      ccsdsBlockSize: uint8(bytes, o + 23),
      ccsdsRsi: uint16(bytes, o + 24),
    };
  }

  const missingValueManagement = uint8(bytes, o + 23);
  if (missingValueManagement > 2) {
    throw new GribError(
      "grib_corrupt",
      `missing value management ${missingValueManagement} at byte ${o + 23} is not in code table 5.5`,
      { offset: o + 23, value: missingValueManagement },
    );
  }
  const order = template === 3 ? uint8(bytes, o + 48) : 0;
  if (order > 2) {
    throw new GribError(
      "grib_unsupported_feature",
      `spatial differencing of order ${order} at byte ${o + 48} (only 1 and 2 exist)`,
      { offset: o + 48, feature: "spatial differencing order", value: order },
    );
  }
  const extraDescriptorOctets = template === 3 ? uint8(bytes, o + 49) : 0;
  if (order > 0 && (extraDescriptorOctets < 1 || extraDescriptorOctets > 4)) {
    throw new GribError(
      "grib_unsupported_feature",
      `spatial differencing descriptors of ${extraDescriptorOctets} octets at byte ${o + 49}`,
      { offset: o + 49, feature: "extra descriptor octets", value: extraDescriptorOctets },
    );
  }
  const packing: ComplexPacking = {
    template: template as 2 | 3,
    ...common,
    missingValueManagement: missingValueManagement as 0 | 1 | 2,
    numberOfGroups: uint32(bytes, o + 32),
    groupWidthReference: uint8(bytes, o + 36),
    groupWidthBits: uint8(bytes, o + 37),
    groupLengthReference: uint32(bytes, o + 38),
    groupLengthIncrement: uint8(bytes, o + 42),
    lastGroupLength: uint32(bytes, o + 43),
    groupLengthBits: uint8(bytes, o + 47),
    spatialDifferencingOrder: order as 0 | 1 | 2,
    extraDescriptorOctets,
  };
  checkBits(packing.groupWidthBits, o + 37, "bits of the group widths");
  checkBits(packing.groupLengthBits, o + 47, "bits of the group lengths");
  return packing;
}

function checkBits(bits: number, offset: number, what: string): void {
  if (bits > MAX_BITS) {
    throw new GribError(
      "grib_unsupported_feature",
      `${bits} ${what} at byte ${offset}: at most ${MAX_BITS} are supported`,
      { offset, feature: what, value: bits },
    );
  }
}
