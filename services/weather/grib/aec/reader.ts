/**
 * Bit input of the CCSDS lossless decoder (CCSDS 121.0-B-3, "Lossless Data Compression", Blue
 * Book, August 2020): fixed-width fields, most significant bit first, as GRIB's BitReader reads
 * them, plus the fundamental sequence code of section 3.2: n zero bits and a one stand for n.
 * The way of reading follows libaec (Rosenhauer, Hanke, Behrens, Kornblueh; the CCSDS coder
 * ecCodes uses); no code of it is used.
 *
 * Reads past the end return zeros; the decoder checks `bit` against `endBit` after every block,
 * so a short stream is an error and never a field of zeros.
 */
import { BitReader } from "../bytes";

export class AecReader extends BitReader {
  readonly endBit: number;

  constructor(bytes: Uint8Array) {
    super(bytes);
    this.endBit = bytes.length * 8;
  }

  /** A fundamental sequence: the number of 0 bits before the next 1, which is consumed too. */
  fundamentalSequence(): number {
    const b = this.bytes;
    let at = this.bit;
    let i = at >>> 3;
    // The rest of the current byte, moved to the top of 8 bits.
    let byte = ((b[i] ?? 0) << (at & 7)) & 0xff;
    let zeros = 0;
    if (byte === 0) {
      zeros = 8 - (at & 7);
      i++;
      while (i < b.length && b[i] === 0) {
        zeros += 8;
        i++;
      }
      if (i >= b.length) {
        this.bit = this.endBit + 1; // ran out: the caller's end check reports it
        return 0;
      }
      byte = b[i] as number;
      at = i * 8;
    }
    const lead = Math.clz32(byte) - 24;
    this.bit = at + lead + 1;
    return zeros + lead;
  }
}
