/**
 * Template 5.41 (PNG, WMO FM 92 GRIB2 templates 5.41 and 7.41): section 7 is a PNG image (ISO/IEC
 * 15948) whose pixels, row after row, are the packed integers X of Y = (R + X * 2^E) / 10^D.
 * Writers pick the image type from the bits per value: grey of 1, 2, 4, 8 or 16 bits, RGB of 8
 * bits a channel for 24 bits (X = R G B, most significant first) and RGBA for 32 (NCEP g2c's
 * pngpack; ecCodes' grib_accessor_class_data_png_packing reads each pixel's bytes the same way).
 * The PNG itself is decoded by fast-png (MIT).
 */
import { decode } from "fast-png";
import { GribError } from "./errors";

export function decodePng(stream: Uint8Array, count: number, sectionOffset: number): Float64Array {
  let image: ReturnType<typeof decode>;
  try {
    image = decode(stream, { checkCrc: true });
  } catch (e) {
    throw new GribError(
      "grib_corrupt",
      `data section at byte ${sectionOffset}: PNG image does not decode ` +
        `(${e instanceof Error ? e.message : String(e)})`,
      { offset: sectionOffset },
    );
  }
  const { width, height, depth, channels, data } = image;
  if (width * height !== count) {
    throw new GribError(
      "grib_corrupt",
      `data section at byte ${sectionOffset}: PNG image is ${width} x ${height}, section 5 ` +
        `packs ${count} values`,
      { offset: sectionOffset, width, height, numberOfValues: count },
    );
  }
  const out = new Float64Array(count);
  if (channels === 1 && !image.palette) {
    if (depth >= 8) {
      for (let i = 0; i < count; i++) out[i] = data[i] as number;
    } else {
      // Samples of 1, 2 or 4 bits, most significant first; each row starts on a whole byte.
      const perByte = 8 / depth;
      const stride = Math.ceil(width / perByte);
      const mask = (1 << depth) - 1;
      for (let r = 0, k = 0; r < height; r++) {
        const row = r * stride;
        for (let c = 0; c < width; c++, k++) {
          const byte = data[row + Math.floor(c / perByte)] as number;
          out[k] = (byte >>> (8 - depth * ((c % perByte) + 1))) & mask;
        }
      }
    }
    return out;
  }
  if (depth === 8 && (channels === 3 || channels === 4)) {
    for (let i = 0, b = 0; i < count; i++) {
      let x = 0;
      for (let c = 0; c < channels; c++, b++) x = x * 256 + (data[b] as number);
      out[i] = x;
    }
    return out;
  }
  throw new GribError(
    "grib_unsupported_feature",
    `data section at byte ${sectionOffset}: PNG of ${channels} channel(s) of ${depth} bits` +
      `${image.palette ? " with a palette" : ""} (GRIB writes grey, RGB or RGBA)`,
    { offset: sectionOffset, feature: "PNG image type", value: `${channels}x${depth}` },
  );
}
