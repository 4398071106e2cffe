/**
 * CCSDS lossless decoding (Adaptive Entropy Coding), the coder of GRIB2 template 5.42: CCSDS
 * 121.0-B-3, "Lossless Data Compression", Blue Book, August 2020, with the options and flags of
 * libaec (Rosenhauer, Hanke, Behrens, Kornblueh), the implementation ecCodes and ECMWF use. This
 * is a decoder written from the recommendation; libaec was read to match its choices (ID lengths,
 * zero-block runs, interval padding), none of its code is used.
 *
 * The stream is a sequence of coded data sets (CDS), one per block of `blockSize` samples; every
 * `rsi` blocks form a reference sample interval. Each CDS starts with an option ID of 3 bits for
 * samples of up to 8 bits, 4 up to 16 and 5 up to 32 (section 5.1.2; restricted set, 1 or 2 bits,
 * for samples of 1-2 or 3-4 bits):
 * (after the ID comes, for ID 0, a second ID bit, and then the reference sample, if the block has one)
 *   ID 0, then a 0 bit: zero-block run, a fundamental sequence FS of m: m + 1 blocks of zeros for
 *     m < 4, m blocks for m > 4, and m = 4 ("ROS") the rest of the interval or of the current
 *     64-block segment, whichever ends first (section 5.1.4)
 *   ID 0, then a 1 bit: second extension, pairs (a, b) coded as one FS of
 *     (a + b)(a + b + 1) / 2 + b (section 5.1.5)
 *   ID 1 .. max - 1: split samples, k = ID - 1 low bits: all FS of the high parts, then all k-bit
 *     low parts (section 5.1.3; k = 0 is the fundamental sequence option)
 *   ID max (all ones): uncompressed, `blockSize` samples of n bits
 * With the preprocessor (AEC_DATA_PREPROCESS) the first block of each interval starts with an
 * uncoded n-bit reference sample and codes one sample fewer; see postprocess.ts for the mapping.
 */
import { GribError } from "../errors";
import { restoreInterval } from "./postprocess";
import { AecReader } from "./reader";

/** libaec's flags (libaec.h), as GRIB2 template 5.42 octet 22 carries them. */
export const AEC_DATA_SIGNED = 1;
export const AEC_DATA_3BYTE = 2;
export const AEC_DATA_MSB = 4;
export const AEC_DATA_PREPROCESS = 8;
export const AEC_RESTRICTED = 16;
export const AEC_PAD_RSI = 32;
export const AEC_NOT_ENFORCE = 64;

export interface AecParameters {
  /** Bits per sample, 1-32. */
  readonly bitsPerSample: number;
  /** Samples per block: 8, 16, 32 or 64 (any with AEC_NOT_ENFORCE). */
  readonly blockSize: number;
  /** Blocks per reference sample interval, 1-4096. */
  readonly rsi: number;
  readonly flags: number;
}

/** Zero-block FS value meaning "to the end of the interval or 64-block segment" (+1: m = 4). */
const ROS = 5;
/** Largest second-extension FS value: a + b <= 12 (CCSDS 121.0-B-3 table 5-2's last row). */
const SE_MAX = 90;
const MAX_RSI = 4096;

/**
 * `count` samples from the AEC stream `data`. `dataOffset` is the stream's byte offset in the
 * input, for errors: the offset reported is the byte where decoding went wrong.
 */
export function aecDecode(
  data: Uint8Array,
  count: number,
  p: AecParameters,
  dataOffset: number,
): Float64Array {
  const bits = p.bitsPerSample;
  const blockSize = p.blockSize;
  checkParameters(p, dataOffset);
  const idLength = optionIdLength(bits, (p.flags & AEC_RESTRICTED) !== 0);
  const uncompressedId = 2 ** idLength - 1;
  const preprocess = (p.flags & AEC_DATA_PREPROCESS) !== 0;
  const signed = (p.flags & AEC_DATA_SIGNED) !== 0;
  const padInterval = (p.flags & AEC_PAD_RSI) !== 0;
  const interval = { bits, signed, preprocessed: preprocess };

  const out = new Float64Array(count);
  const intervalSize = p.rsi * blockSize;
  const mapped = new Float64Array(intervalSize);
  const reader = new AecReader(data);
  const fail = (message: string, extra: Record<string, unknown> = {}): GribError => {
    const at = dataOffset + Math.min(data.length, reader.bit >>> 3);
    return new GribError("grib_corrupt", `CCSDS stream at byte ${at}: ${message}`, {
      offset: at,
      ...extra,
    });
  };

  let done = 0; // samples already in `out`
  while (done < count) {
    if (padInterval && done > 0) reader.alignToByte();
    const wanted = Math.min(intervalSize, count - done);
    let used = 0; // samples of the interval decoded into `mapped`
    let reference = preprocess ? 1 : 0;
    while (used < wanted) {
      const id = reader.read(idLength);
      if (id === 0) {
        // The low-entropy options: one more ID bit, then the reference sample, if any.
        const secondExtension = reader.read(1) === 1;
        if (reference) mapped[used++] = reader.read(bits);
        if (!secondExtension) {
          // Zero-block run.
          let blocks = reader.fundamentalSequence() + 1;
          if (blocks === ROS) {
            const before = Math.floor(used / blockSize);
            blocks = Math.min(p.rsi - before, 64 - (before % 64));
          } else if (blocks > ROS) {
            blocks--;
          }
          const zeros = blocks * blockSize - reference;
          if (used + zeros > intervalSize) {
            throw fail(`a run of ${blocks} zero blocks overruns the reference sample interval`, {
              zeroBlocks: blocks,
            });
          }
          mapped.fill(0, used, used + zeros);
          used += zeros;
        } else {
          // Second extension: pairs; with a reference, the first pair's first sample is it.
          for (let i = reference; i < blockSize; ) {
            const m = reader.fundamentalSequence();
            if (m > SE_MAX) throw fail(`second extension code ${m} is out of range`);
            // beta = a + b, the largest with beta (beta + 1) / 2 <= m; b = m - that.
            const beta = Math.floor((Math.sqrt(8 * m + 1) - 1) / 2);
            const b = m - (beta * (beta + 1)) / 2;
            if ((i & 1) === 0) {
              mapped[used++] = beta - b;
              i++;
            }
            mapped[used++] = b;
            i++;
          }
        }
      } else if (id === uncompressedId) {
        for (let i = 0; i < blockSize; i++) mapped[used++] = reader.read(bits);
      } else {
        // Split samples: k low bits per sample after the fundamental sequences of the high parts.
        const k = id - 1;
        if (reference) mapped[used++] = reader.read(bits);
        const n = blockSize - reference;
        const scale = 2 ** k;
        for (let i = 0; i < n; i++) mapped[used + i] = reader.fundamentalSequence() * scale;
        if (k > 0) {
          for (let i = 0; i < n; i++) {
            mapped[used + i] = (mapped[used + i] as number) + reader.read(k);
          }
        }
        used += n;
      }
      reference = 0;
      if (reader.bit > reader.endBit) {
        throw fail(
          `the stream ends after ${done + Math.min(used, wanted)} of ${count} samples ` +
            `(${data.length} bytes)`,
          { samples: done + Math.min(used, wanted), numberOfValues: count },
        );
      }
    }
    const bad = restoreInterval(mapped, used, interval, out, done, wanted);
    if (bad >= 0) {
      throw fail(`prediction error ${mapped[bad]} does not fit samples of ${bits} bits`, {
        sample: done + bad,
      });
    }
    done += wanted;
  }
  return out;
}

/** Bits of the option ID (CCSDS 121.0-B-3 table 5-1; libaec's restricted set for n <= 4). */
function optionIdLength(bits: number, restricted: boolean): number {
  if (bits > 16) return 5;
  if (bits > 8) return 4;
  if (restricted && bits <= 4) return bits <= 2 ? 1 : 2;
  return 3;
}

function checkParameters(p: AecParameters, offset: number): void {
  const unsupported = (what: string, value: number): GribError =>
    new GribError("grib_unsupported_feature", `CCSDS stream at byte ${offset}: ${what} ${value}`, {
      offset,
      feature: `CCSDS ${what}`,
      value,
    });
  if (!(p.bitsPerSample >= 1 && p.bitsPerSample <= 32)) {
    throw unsupported("bits per sample", p.bitsPerSample);
  }
  const enforced = (p.flags & AEC_NOT_ENFORCE) === 0;
  if (enforced ? ![8, 16, 32, 64].includes(p.blockSize) : p.blockSize < 2 || p.blockSize % 2) {
    throw unsupported("block size", p.blockSize);
  }
  if (!(p.rsi >= 1 && p.rsi <= MAX_RSI)) throw unsupported("reference sample interval", p.rsi);
  if (p.flags & AEC_RESTRICTED && p.bitsPerSample > 4) {
    throw unsupported("restricted option set with bits per sample", p.bitsPerSample);
  }
}
