/**
 * Splits an input into GRIB2 messages and each message into its sections, checking every length
 * before anything is decoded: the "GRIB" magic, the edition, the declared total length against the
 * input, each section's length against the message, the order of sections, and the "7777" end.
 *
 * A GRIB2 message is section 0 (16 octets: "GRIB", 2 reserved, discipline, edition, 8-octet total
 * length), section 1, then one or more fields, each a run of sections [2] 3 4 5 6 7 where a later
 * field may repeat from 2, 3 or 4 and inherits the rest from the field before it, then "7777"
 * (WMO Manual on Codes, FM 92 GRIB edition 2, regulations 92.1-92.9).
 */
import { ascii, uint8, uint32, uint64 } from "./bytes";
import { GribError } from "./errors";

export interface SectionSpan {
  /** Section number, 1-7. */
  readonly number: number;
  /** Absolute byte offset of the section's first octet (its 4-octet length). */
  readonly offset: number;
  readonly length: number;
}

export interface MessageSpan {
  readonly offset: number;
  readonly length: number;
  readonly discipline: number;
  /** Sections 1-7 in file order (section 0 and the "7777" end are implied). */
  readonly sections: readonly SectionSpan[];
}

const INDICATOR_LENGTH = 16;
const END_MARKER = "7777";

/** Which sections may follow each section within a message (0 = the start, 8 = the end). */
const MAY_FOLLOW: Record<number, readonly number[]> = {
  0: [1],
  1: [2, 3],
  2: [3],
  3: [4],
  4: [5],
  5: [6],
  6: [7],
  7: [2, 3, 4, 8],
};

export function splitMessages(bytes: Uint8Array): MessageSpan[] {
  const messages: MessageSpan[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    // Some writers pad a file to a block size with zero bytes after the last message.
    if (messages.length > 0 && isAllZero(bytes, pos)) break;
    const message = readMessage(bytes, pos);
    messages.push(message);
    pos += message.length;
  }
  if (messages.length === 0) {
    throw new GribError("grib_truncated", "input is empty: no GRIB message", { offset: 0 });
  }
  return messages;
}

function readMessage(bytes: Uint8Array, start: number): MessageSpan {
  const available = bytes.length - start;
  const magic = ascii(bytes, start, Math.min(4, available));
  if (magic !== "GRIB".slice(0, magic.length)) {
    throw new GribError(
      "grib_corrupt",
      `expected "GRIB" at byte ${start}, found ${JSON.stringify(magic)}`,
      { offset: start, found: magic },
    );
  }
  if (available < 8) {
    throw new GribError(
      "grib_truncated",
      `input ends inside the GRIB indicator section at byte ${start}`,
      { offset: start, available },
    );
  }
  const edition = uint8(bytes, start + 7);
  if (edition !== 2) {
    throw new GribError(
      "grib_unsupported_edition",
      `GRIB edition ${edition} message at byte ${start}: only edition 2 is supported`,
      { offset: start, edition },
    );
  }
  if (available < INDICATOR_LENGTH) {
    throw new GribError(
      "grib_truncated",
      `input ends inside the GRIB indicator section at byte ${start}`,
      { offset: start, available },
    );
  }
  const length = uint64(bytes, start + 8);
  if (length < INDICATOR_LENGTH + END_MARKER.length) {
    throw new GribError(
      "grib_corrupt",
      `message at byte ${start} declares an impossible total length of ${length} octets`,
      { offset: start + 8, declaredLength: length },
    );
  }
  if (length > available) {
    throw new GribError(
      "grib_truncated",
      `message at byte ${start} declares ${length} octets but the input has only ${available} ` +
        "from there",
      { offset: start, declaredLength: length, available },
    );
  }
  const end = start + length - END_MARKER.length;
  if (ascii(bytes, end, 4) !== END_MARKER) {
    throw new GribError(
      "grib_corrupt",
      `message at byte ${start} does not end with "7777" at byte ${end} (its declared end)`,
      { offset: end, messageOffset: start, declaredLength: length },
    );
  }
  return {
    offset: start,
    length,
    discipline: uint8(bytes, start + 6),
    sections: readSections(bytes, start, end),
  };
}

function readSections(bytes: Uint8Array, messageStart: number, end: number): SectionSpan[] {
  const sections: SectionSpan[] = [];
  let pos = messageStart + INDICATOR_LENGTH;
  let previous = 0;
  while (pos < end) {
    if (pos + 5 > end) {
      throw new GribError(
        "grib_corrupt",
        `section header at byte ${pos} runs past the "7777" end of the message at byte ${end}`,
        { offset: pos, messageOffset: messageStart },
      );
    }
    const length = uint32(bytes, pos);
    const number = uint8(bytes, pos + 4);
    if (length < 5 || pos + length > end) {
      throw new GribError(
        "grib_corrupt",
        `section ${number} at byte ${pos} declares ${length} octets, which ` +
          (length < 5 ? "is shorter than its own header" : `runs past the message end at ${end}`),
        { offset: pos, section: number, sectionLength: length, messageOffset: messageStart },
      );
    }
    if (!(MAY_FOLLOW[previous] ?? []).includes(number)) {
      throw new GribError(
        "grib_corrupt",
        `section ${number} at byte ${pos} cannot follow section ${previous}`,
        { offset: pos, section: number, previousSection: previous, messageOffset: messageStart },
      );
    }
    sections.push({ number, offset: pos, length });
    previous = number;
    pos += length;
  }
  if (!(MAY_FOLLOW[previous] ?? []).includes(8)) {
    throw new GribError(
      "grib_corrupt",
      `message at byte ${messageStart} ends after section ${previous}, before a data section`,
      { offset: end, lastSection: previous, messageOffset: messageStart },
    );
  }
  return sections;
}

function isAllZero(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}
