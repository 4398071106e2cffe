/**
 * Section 7 (data): the packed values, unpacked per the representation of section 5. Every size is
 * checked against the section before anything is read, so a short or corrupt section is an error
 * and never a field of zeros.
 */
import { aecDecode } from "./aec/decode";
import { BitReader } from "./bytes";
import type { ComplexPacking, DataRepresentation, SimplePacking } from "./data-representation";
import { GribError } from "./errors";
import type { SectionSpan } from "./framing";
import { decodeJpeg2000 } from "./jpeg2000";
import { decodePng } from "./png";

/** The `numberOfValues` packed values in order, NaN where the data itself marks one missing. */
export function unpackValues(
  bytes: Uint8Array,
  section: SectionSpan,
  representation: DataRepresentation,
): Float64Array {
  // Section 7 is its 5-octet header, then the data.
  const data = bytes.subarray(section.offset + 5, section.offset + section.length);
  const check = bitBudget(data, section.offset);
  const p = representation;
  switch (p.template) {
    case 0:
      return unpackSimple(data, p, check);
    case 2:
    case 3:
      return unpackComplex(data, p, check, section.offset);
    default: {
      // The image and entropy-coded packings: a codec gives the integers, then the usual scaling.
      const n = p.numberOfValues;
      if (p.bitsPerValue === 0 || n === 0) return constantField(p);
      const integers =
        p.template === 40
          ? decodeJpeg2000(data, n, section.offset)
          : p.template === 41
            ? decodePng(data, n, section.offset)
            : aecDecode(
                data,
                n,
                {
                  bitsPerSample: p.bitsPerValue,
                  blockSize: p.ccsdsBlockSize,
                  rsi: p.ccsdsRsi,
                  flags: p.ccsdsFlags,
                },
                section.offset + 5,
              );
      const { reference, binary, decimal } = scaling(p);
      for (let i = 0; i < n; i++) {
        integers[i] = (reference + (integers[i] as number) * binary) * decimal;
      }
      return integers;
    }
  }
}

/** A field packed with no bits at all: every value is the reference value. */
function constantField(p: DataRepresentation): Float64Array {
  const { reference, decimal } = scaling(p);
  return new Float64Array(p.numberOfValues).fill(reference * decimal);
}

type BitCheck = (reader: BitReader, bits: number, what: string) => void;

function bitBudget(data: Uint8Array, sectionOffset: number): BitCheck {
  const available = data.length * 8;
  return (reader, bits, what) => {
    if (reader.bit + bits > available) {
      throw new GribError(
        "grib_corrupt",
        `data section at byte ${sectionOffset} is too short for ${what}: needs ` +
          `${Math.ceil((reader.bit + bits) / 8)} octets of data, has ${data.length}`,
        { offset: sectionOffset, needBits: reader.bit + bits, haveBits: available },
      );
    }
  };
}

/** Y = (R + X * 2^E) * 10^-D, computed once per field as two factors. */
function scaling(p: DataRepresentation): { reference: number; binary: number; decimal: number } {
  return {
    reference: p.referenceValue,
    binary: 2 ** p.binaryScaleFactor,
    decimal: 10 ** -p.decimalScaleFactor,
  };
}

function unpackSimple(data: Uint8Array, p: SimplePacking, check: BitCheck): Float64Array {
  const n = p.numberOfValues;
  const out = new Float64Array(n);
  const { reference, binary, decimal } = scaling(p);
  const bits = p.bitsPerValue;
  if (bits === 0) return constantField(p);
  const reader = new BitReader(data);
  check(reader, n * bits, `${n} values of ${bits} bits`);
  for (let i = 0; i < n; i++) out[i] = (reference + reader.read(bits) * binary) * decimal;
  return out;
}

/**
 * Complex packing (5.2) and complex packing of spatial differences (5.3). Section 7 holds, each
 * array starting on a whole octet: [5.3 only: the first one or two original values and the
 * minimum of the differences, sign and magnitude], the group references, the group widths, the
 * group lengths, then the groups' values back to back. Missing values (management 1 or 2) are
 * left out of the differencing: the differences run over the values that are present.
 * (WMO FM 92 GRIB2, templates 5.2, 5.3, 7.2 and 7.3; the unpacking order follows NCEP's g2c
 * comunpack and ecCodes' data_g22order_packing, which agree.)
 */
function unpackComplex(
  data: Uint8Array,
  p: ComplexPacking,
  check: BitCheck,
  sectionOffset: number,
): Float64Array {
  const n = p.numberOfValues;
  const ng = p.numberOfGroups;
  const out = new Float64Array(n);
  if (n === 0) return out;
  if (ng === 0 || ng > n) {
    throw new GribError(
      "grib_corrupt",
      `complex packing in the data section at byte ${sectionOffset}: ${ng} groups cannot hold ` +
        `${n} values`,
      {
        offset: sectionOffset,
        numberOfGroups: ng,
        numberOfValues: n,
      },
    );
  }
  const reader = new BitReader(data);

  const order = p.spatialDifferencingOrder;
  const descriptorBits = p.extraDescriptorOctets * 8;
  let first = 0;
  let second = 0;
  let minimumDifference = 0;
  if (order > 0) {
    check(reader, (order + 1) * descriptorBits, "the spatial differencing descriptors");
    first = reader.readSigned(descriptorBits);
    if (order === 2) second = reader.readSigned(descriptorBits);
    minimumDifference = reader.readSigned(descriptorBits);
  }

  check(reader, ng * p.bitsPerValue, `${ng} group references`);
  const references = new Float64Array(ng);
  for (let g = 0; g < ng; g++) references[g] = reader.read(p.bitsPerValue);
  reader.alignToByte();

  check(reader, ng * p.groupWidthBits, `${ng} group widths`);
  const widths = new Uint8Array(ng);
  for (let g = 0; g < ng; g++) {
    const width = p.groupWidthReference + reader.read(p.groupWidthBits);
    if (width > 32) {
      throw new GribError(
        "grib_corrupt",
        `group ${g} in the data section at byte ${sectionOffset} claims ${width} bits per value`,
        {
          offset: sectionOffset,
          group: g,
          width,
        },
      );
    }
    widths[g] = width;
  }
  reader.alignToByte();

  check(reader, ng * p.groupLengthBits, `${ng} group lengths`);
  const lengths = new Float64Array(ng);
  let total = 0;
  let packedBits = 0;
  for (let g = 0; g < ng; g++) {
    const scaled = reader.read(p.groupLengthBits);
    const length =
      g === ng - 1 ? p.lastGroupLength : p.groupLengthReference + scaled * p.groupLengthIncrement;
    lengths[g] = length;
    total += length;
    packedBits += length * (widths[g] as number);
  }
  reader.alignToByte();
  if (total !== n) {
    throw new GribError(
      "grib_corrupt",
      `group lengths in the data section at byte ${sectionOffset} add up to ${total} values, ` +
        `section 5 says ${n}`,
      { offset: sectionOffset, sumOfGroupLengths: total, numberOfValues: n },
    );
  }
  check(reader, packedBits, `${n} values in ${ng} groups`);

  // Unpack the integers; the present ones are gathered at the front of `present` (in order) for
  // the differencing, and `missingAt` remembers which positions were missing.
  const mvm = p.missingValueManagement;
  const missingAt = mvm > 0 ? new Uint8Array(n) : undefined;
  const present = new Float64Array(n);
  let k = 0;
  let count = 0;
  const referenceAllOnes = 2 ** p.bitsPerValue - 1;
  for (let g = 0; g < ng; g++) {
    const width = widths[g] as number;
    const reference = references[g] as number;
    const length = lengths[g] as number;
    if (width === 0) {
      // A constant group; with missing value management the reference itself can flag it missing.
      const missing =
        mvm > 0 &&
        (reference === referenceAllOnes || (mvm === 2 && reference === referenceAllOnes - 1));
      for (let e = 0; e < length; e++, k++) {
        if (missing && missingAt) missingAt[k] = 1;
        else present[count++] = reference;
      }
      continue;
    }
    const allOnes = 2 ** width - 1;
    for (let e = 0; e < length; e++, k++) {
      const x = reader.read(width);
      if (missingAt && (x === allOnes || (mvm === 2 && x === allOnes - 1))) missingAt[k] = 1;
      else present[count++] = x + reference;
    }
  }

  if (order === 1 && count > 0) {
    present[0] = first;
    for (let i = 1; i < count; i++) {
      present[i] = (present[i] as number) + minimumDifference + (present[i - 1] as number);
    }
  } else if (order === 2 && count > 0) {
    present[0] = first;
    if (count > 1) present[1] = second;
    for (let i = 2; i < count; i++) {
      present[i] =
        (present[i] as number) +
        minimumDifference +
        2 * (present[i - 1] as number) -
        (present[i - 2] as number);
    }
  }

  const { reference, binary, decimal } = scaling(p);
  let next = 0;
  for (let i = 0; i < n; i++) {
    out[i] =
      missingAt && missingAt[i] === 1
        ? Number.NaN
        : (reference + (present[next++] as number) * binary) * decimal;
  }
  return out;
}
