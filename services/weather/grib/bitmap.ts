/**
 * Section 6 (bitmap): which grid points have a value. Indicator (code table 6.0): 0 = a bitmap of
 * one bit per grid point follows (1 = present), 254 = the bitmap defined earlier in the same
 * message applies, 255 = no bitmap (every point has a value); 1-253 name predefined bitmaps.
 */
import { uint8 } from "./bytes";
import { GribError } from "./errors";
import type { SectionSpan } from "./framing";

export const BITMAP_FOLLOWS = 0;
export const BITMAP_PREVIOUS = 254;
export const BITMAP_NONE = 255;

/**
 * The bitmap section's bitmap, the message's previous one for 254, or undefined when none
 * applies. The returned array has one byte per grid point (1 = present).
 */
export function readBitmap(
  bytes: Uint8Array,
  section: SectionSpan,
  numberOfDataPoints: number,
  previous: Uint8Array | undefined,
): Uint8Array | undefined {
  if (section.length < 6) {
    throw new GribError("grib_corrupt", `section 6 at byte ${section.offset} is too short`, {
      offset: section.offset,
    });
  }
  const indicator = uint8(bytes, section.offset + 5);
  if (indicator === BITMAP_NONE) return undefined;
  if (indicator === BITMAP_PREVIOUS) {
    if (previous?.length !== numberOfDataPoints) {
      throw new GribError(
        "grib_corrupt",
        `section 6 at byte ${section.offset} reuses a previous bitmap, but the message has none ` +
          "for a grid of this size",
        { offset: section.offset + 5 },
      );
    }
    return previous;
  }
  if (indicator !== BITMAP_FOLLOWS) {
    throw new GribError(
      "grib_unsupported_feature",
      `section 6 at byte ${section.offset} refers to predefined bitmap ${indicator}`,
      { offset: section.offset + 5, feature: "predefined bitmap", value: indicator },
    );
  }
  const needed = 6 + Math.ceil(numberOfDataPoints / 8);
  if (section.length < needed) {
    throw new GribError(
      "grib_corrupt",
      `bitmap at byte ${section.offset} has ${section.length} octets, ${numberOfDataPoints} ` +
        `points need ${needed}`,
      { offset: section.offset, sectionLength: section.length, needed },
    );
  }
  const present = new Uint8Array(numberOfDataPoints);
  const start = section.offset + 6;
  for (let i = 0; i < numberOfDataPoints; i++) {
    present[i] = ((bytes[start + (i >>> 3)] as number) >>> (7 - (i & 7))) & 1;
  }
  return present;
}

/** Spreads the packed values over the grid: NaN where the bitmap says absent. */
export function applyBitmap(
  packed: Float64Array,
  present: Uint8Array | undefined,
  numberOfDataPoints: number,
  sectionOffset: number,
): Float64Array {
  if (!present) {
    if (packed.length !== numberOfDataPoints) {
      throw new GribError(
        "grib_corrupt",
        `message packs ${packed.length} values for ${numberOfDataPoints} grid points and has no ` +
          `bitmap (section 5 at byte ${sectionOffset})`,
        { offset: sectionOffset, numberOfValues: packed.length, numberOfDataPoints },
      );
    }
    return packed;
  }
  let ones = 0;
  for (let i = 0; i < present.length; i++) ones += present[i] as number;
  if (ones !== packed.length) {
    throw new GribError(
      "grib_corrupt",
      `bitmap marks ${ones} points present but section 5 at byte ${sectionOffset} packs ` +
        `${packed.length} values`,
      { offset: sectionOffset, bitmapPresent: ones, numberOfValues: packed.length },
    );
  }
  const values = new Float64Array(numberOfDataPoints);
  let k = 0;
  for (let i = 0; i < numberOfDataPoints; i++) {
    values[i] = present[i] ? (packed[k++] as number) : Number.NaN;
  }
  return values;
}
