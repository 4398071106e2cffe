import { describe, expect, it } from "vitest";
import { GribError } from "../errors";
import { AEC_DATA_PREPROCESS, AEC_DATA_SIGNED, AEC_PAD_RSI, aecDecode } from "./decode";

// Streams written bit by bit from CCSDS 121.0-B-3 (2020) for the flags ecCodes 2.28 cannot
// write a readable file with (signed samples, padded intervals); the files ecCodes writes are
// checked value by value in ../decode.test.ts.

/** Fields of [value, bits], most significant bit first, zero-padded to whole bytes. */
function bitsOf(fields: readonly (readonly [number, number])[]): Uint8Array {
  const bits: number[] = [];
  for (const [value, width] of fields) {
    for (let b = width - 1; b >= 0; b--) bits.push(Math.floor(value / 2 ** b) % 2);
  }
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    out[i >> 3] = (out[i >> 3] as number) | (bit << (7 - (i & 7)));
  });
  return out;
}

/** An uncompressed block of 8-bit samples: option ID 7 (3 bits), then the samples. */
const uncompressed = (samples: number[]) =>
  [[7, 3] as const, ...samples.map((s) => [s, 8] as const)] as const;

describe("aecDecode", () => {
  it("signed samples through the preprocessor: the reference is two's complement", () => {
    // x0 = -2 (0xfe); d = 2: +1; d = 1: -1; d = 0: 0; d = 4: +2 (x = 0). Then d = 255 is beyond
    // 2 theta = 2 min(0 - xmin, xmax - 0) = 254 with x nearer xmax: x = xmax - 255 = -128; d = 0;
    // d = 3 beyond 2 theta = 0 with x at xmin: x = xmin + 3 = -125.
    const stream = bitsOf(uncompressed([0xfe, 2, 1, 0, 4, 255, 0, 3]));
    const flags = AEC_DATA_SIGNED | AEC_DATA_PREPROCESS;
    const out = aecDecode(stream, 8, { bitsPerSample: 8, blockSize: 8, rsi: 1, flags }, 0);
    expect(Array.from(out)).toEqual([-2, -1, -2, -2, 0, -128, -128, -125]);
  });

  it("signed samples without the preprocessor", () => {
    const stream = bitsOf(uncompressed([0, 1, 127, 128, 255, 254, 64, 200]));
    const out = aecDecode(
      stream,
      8,
      { bitsPerSample: 8, blockSize: 8, rsi: 1, flags: AEC_DATA_SIGNED },
      0,
    );
    expect(Array.from(out)).toEqual([0, 1, 127, -128, -1, -2, 64, -56]);
  });

  it("AEC_PAD_RSI: each reference sample interval starts on a whole byte", () => {
    // Two intervals of one uncompressed block: 3 + 64 = 67 bits, padded to 72.
    const first = [1, 2, 3, 4, 5, 6, 7, 8];
    const second = [9, 10, 11, 12, 13, 14, 15, 16];
    const stream = bitsOf([...uncompressed(first), [0, 5], ...uncompressed(second)]);
    const p = { bitsPerSample: 8, blockSize: 8, rsi: 1, flags: AEC_PAD_RSI };
    expect(Array.from(aecDecode(stream, 16, p, 0))).toEqual([...first, ...second]);
    // Read without the flag, the second interval starts on the padding: an ID 0 (zero blocks)
    // whose run overruns the interval.
    expect(() => aecDecode(stream, 16, { ...p, flags: 0 }, 0)).toThrow(/zero blocks/);
  });

  it("a zero-block run past its interval is corrupt, at the byte where it is read", () => {
    // ID 0, bit 0 (zero blocks), FS of 6 = 6 blocks, in an interval of 2.
    const stream = bitsOf([
      [0, 3],
      [0, 1],
      [1, 7],
    ]);
    const p = { bitsPerSample: 8, blockSize: 8, rsi: 2, flags: 0 };
    let error: unknown;
    try {
      aecDecode(stream, 16, p, 100);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GribError);
    expect((error as GribError).code).toBe("grib_corrupt");
    expect((error as GribError).details.offset).toBe(101);
  });
});
