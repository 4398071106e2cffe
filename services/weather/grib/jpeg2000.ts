/**
 * Template 5.40 (JPEG 2000 code stream, WMO FM 92 GRIB2 templates 5.40 and 7.40): section 7 is a
 * JPEG 2000 code stream (ISO/IEC 15444-1) of one grey component whose samples are the packed
 * integers X of Y = (R + X * 2^E) / 10^D, in the field's order (width x height = the packed
 * values). Decoded by OpenJPEG compiled to WebAssembly (@cornerstonejs/codec-openjpeg, MIT, the
 * decoder ecCodes and NCEP's g2c also build on), not by hand.
 *
 * The WebAssembly module is compiled and instantiated synchronously the first time a JPEG 2000
 * field is decoded (Emscripten's documented `instantiateWasm` hook), so decoding stays
 * synchronous and importing the decoder costs nothing. No top-level await: scoring workers reach
 * this module through a CommonJS entry, which cannot load a module that awaits at its top level.
 */
import { readFileSync } from "node:fs";
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

/** The little of the WebAssembly JS API used here (the project's TypeScript libs omit it). */
interface WasmInstance {
  readonly exports: object;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => WasmInstance;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface EmscriptenOptions {
  print: (line: string) => void;
  printErr: (line: string) => void;
  instantiateWasm: (
    imports: object,
    done: (instance: WasmInstance, module: object) => void,
  ) => object;
}

/** The package's factory: the options object itself becomes the module, ready once it resolves. */
type OpenJpegFactory = (options: EmscriptenOptions) => Promise<OpenJpegModule>;

const require = createRequire(import.meta.url);
/** OpenJPEG's last messages, kept to explain a failed decode ("[ERROR] ..."). */
const messages: string[] = [];
function remember(line: string): void {
  messages.push(line);
  if (messages.length > 8) messages.shift();
}

let codec: OpenJpegModule | undefined;

function openJpeg(): OpenJpegModule {
  if (codec) return codec;
  const factory = require("@cornerstonejs/codec-openjpeg/decodewasmjs") as OpenJpegFactory;
  const wasm = new Wasm.Module(
    readFileSync(require.resolve("@cornerstonejs/codec-openjpeg/decodewasm")),
  );
  const options: EmscriptenOptions & Partial<OpenJpegModule> = {
    print: remember,
    printErr: remember,
    instantiateWasm(imports, done) {
      const instance = new Wasm.Instance(wasm, imports);
      done(instance, wasm);
      return instance.exports;
    },
  };
  // With the instance given synchronously the runtime starts before the factory returns; the
  // promise only repeats that (or reports a failure the check below also catches).
  factory(options).catch(() => undefined);
  if (typeof options.J2KDecoder !== "function") {
    throw new Error("OpenJPEG (@cornerstonejs/codec-openjpeg) did not start synchronously");
  }
  codec = options as OpenJpegModule;
  return codec;
}

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
  const { J2KDecoder } = openJpeg();
  messages.length = 0;
  const decoder = new J2KDecoder();
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
