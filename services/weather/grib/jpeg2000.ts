/**
 * Template 5.40 (JPEG 2000 code stream, WMO FM 92 GRIB2 templates 5.40 and 7.40): section 7 is a
 * JPEG 2000 code stream (ISO/IEC 15444-1) of one grey component whose samples are the packed
 * integers X of Y = (R + X * 2^E) / 10^D, in the field's order (width x height = the packed
 * values). Decoded by OpenJPEG compiled to WebAssembly (@cornerstonejs/codec-openjpeg, MIT, the
 * decoder ecCodes and NCEP's g2c also build on), not by hand.
 *
 * The WebAssembly module is compiled once, when this module is first imported (top-level await),
 * so decoding stays synchronous.
 */
import { createRequire } from "node:module";
import { GribError } from "./errors";

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned: boolean;
}

interface J2KDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  decode(): void;
  getFrameInfo(): FrameInfo;
  getDecodedBuffer(): Uint8Array;
  delete(): void;
}

interface OpenJpegModule {
  J2KDecoder: new () => J2KDecoder;
}

type OpenJpegFactory = (options: {
  print: (line: string) => void;
  printErr: (line: string) => void;
}) => Promise<OpenJpegModule>;

const require = createRequire(import.meta.url);
const factory = require("@cornerstonejs/codec-openjpeg/decodewasmjs") as OpenJpegFactory;
/** OpenJPEG's last messages, kept to explain a failed decode ("[ERROR] ..."). */
const messages: string[] = [];
function remember(line: string): void {
  messages.push(line);
  if (messages.length > 8) messages.shift();
}
const codec = await factory({ print: remember, printErr: remember });

/**
 * The `count` integers of a JPEG 2000 code stream, in image order. Throws grib_corrupt (at the
 * data section's offset) when OpenJPEG cannot decode it or the image is not one grey component
 * of exactly `count` samples.
 */
export function decodeJpeg2000(
  stream: Uint8Array,
  count: number,
  sectionOffset: number,
): Float64Array {
  messages.length = 0;
  const decoder = new codec.J2KDecoder();
  try {
    decoder.getEncodedBuffer(stream.length).set(stream);
    decoder.decode();
    const info = decoder.getFrameInfo();
    if (info.width === 0 || info.height === 0) {
      const why = messages.filter((m) => m.includes("ERROR")).join("; ") || "no image";
      throw corrupt(sectionOffset, `JPEG 2000 code stream does not decode (${why})`, {
        openjpeg: why,
      });
    }
    if (info.componentCount !== 1 || info.isSigned || info.width * info.height !== count) {
      throw corrupt(
        sectionOffset,
        `JPEG 2000 image is ${info.width} x ${info.height} with ${info.componentCount} ` +
          `${info.isSigned ? "signed " : ""}component(s); section 5 packs ${count} values`,
        { width: info.width, height: info.height, components: info.componentCount },
      );
    }
    const decoded = decoder.getDecodedBuffer();
    const bytesPerSample = decoded.length / count;
    const out = new Float64Array(count);
    // OpenJPEG's samples, little-endian: one byte up to 8 bits, two up to 16, four beyond.
    if (bytesPerSample === 1) {
      for (let i = 0; i < count; i++) out[i] = decoded[i] as number;
    } else if (bytesPerSample === 2) {
      for (let i = 0, b = 0; i < count; i++, b += 2) {
        out[i] = (decoded[b] as number) | ((decoded[b + 1] as number) << 8);
      }
    } else if (bytesPerSample === 4) {
      const view = new DataView(decoded.buffer, decoded.byteOffset, decoded.byteLength);
      for (let i = 0; i < count; i++) out[i] = view.getUint32(i * 4, true);
    } else {
      throw corrupt(
        sectionOffset,
        `JPEG 2000 decoder returned ${decoded.length} bytes for ${count} samples of ` +
          `${info.bitsPerSample} bits`,
        { bytes: decoded.length },
      );
    }
    return out;
  } finally {
    decoder.delete();
  }
}

function corrupt(offset: number, message: string, details: Record<string, unknown>): GribError {
  return new GribError("grib_corrupt", `data section at byte ${offset}: ${message}`, {
    offset,
    ...details,
  });
}
