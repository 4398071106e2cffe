/**
 * Big-endian readers for GRIB2 octets. GRIB2 writes signed integers as sign and magnitude (the
 * top bit is the sign), not two's complement, and marks a missing value with all bits set.
 *
 * Offsets are absolute byte offsets into the input; callers check bounds per section first, so
 * these do not (an out-of-range read would give NaN or 0, never an exception).
 */

export function uint8(b: Uint8Array, at: number): number {
  return b[at] as number;
}

export function uint16(b: Uint8Array, at: number): number {
  return ((b[at] as number) << 8) | (b[at + 1] as number);
}

export function uint32(b: Uint8Array, at: number): number {
  // Multiply rather than shift the top byte: << would overflow into the sign of a 32-bit int.
  return (
    (b[at] as number) * 0x1000000 +
    (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number))
  );
}

/** An 8-octet unsigned length; exact while below 2^53, far beyond any real message. */
export function uint64(b: Uint8Array, at: number): number {
  return uint32(b, at) * 0x100000000 + uint32(b, at + 4);
}

export function int8(b: Uint8Array, at: number): number {
  const v = uint8(b, at);
  return v & 0x80 ? -(v & 0x7f) : v;
}

export function int16(b: Uint8Array, at: number): number {
  const v = uint16(b, at);
  return v & 0x8000 ? -(v & 0x7fff) : v;
}

export function int32(b: Uint8Array, at: number): number {
  const v = uint32(b, at);
  return v >= 0x80000000 ? -(v - 0x80000000) : v;
}

/** IEEE 754 single precision, big-endian (the reference value of the packing templates). */
export function float32(b: Uint8Array, at: number): number {
  return new DataView(b.buffer, b.byteOffset + at, 4).getFloat32(0, false);
}

export const MISSING_UINT8 = 0xff;
export const MISSING_UINT32 = 0xffffffff;

export function ascii(b: Uint8Array, at: number, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += String.fromCharCode(b[at + i] ?? 0);
  return s;
}

/**
 * Reads unsigned integers of 0-32 bits packed most significant bit first, back to back, from a
 * bit position onwards (GRIB's packed data, group descriptors and bitmaps). Give it the one
 * section it reads (a subarray), so bit positions stay far below 2^32.
 */
export class BitReader {
  constructor(
    protected readonly bytes: Uint8Array,
    /** Bit position of the next read, from the start of `bytes`. */
    public bit = 0,
  ) {}

  read(width: number): number {
    if (width === 0) return 0;
    const b = this.bytes;
    const byte = this.bit >>> 3;
    const shift = this.bit & 7;
    this.bit += width;
    if (width + shift <= 32) {
      // One 32-bit window holds the whole value: the common, fast case.
      const window =
        (((b[byte] as number) << 24) |
          ((b[byte + 1] as number) << 16) |
          ((b[byte + 2] as number) << 8) |
          (b[byte + 3] as number)) >>>
        0;
      return width === 32 ? window : (window >>> (32 - shift - width)) & (2 ** width - 1);
    }
    // 26-32 bit values that straddle five bytes: assemble with arithmetic, not 32-bit shifts.
    let value = 0;
    let pos = byte * 8 + shift;
    let remaining = width;
    while (remaining > 0) {
      const inByte = pos & 7;
      const take = Math.min(8 - inByte, remaining);
      const bits = ((b[pos >>> 3] as number) >>> (8 - inByte - take)) & ((1 << take) - 1);
      value = value * 2 ** take + bits;
      pos += take;
      remaining -= take;
    }
    return value;
  }

  /** A sign-and-magnitude integer of `width` bits (the spatial differencing descriptors). */
  readSigned(width: number): number {
    if (width === 0) return 0;
    const sign = this.read(1);
    const magnitude = this.read(width - 1);
    return sign ? -magnitude : magnitude;
  }

  /** Skips to the next whole octet, as GRIB does between the arrays of complex packing. */
  alignToByte(): void {
    this.bit = Math.ceil(this.bit / 8) * 8;
  }
}
