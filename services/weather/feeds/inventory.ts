import { z } from "zod";
import type { FeedProduct, InventoryEntry } from "./layouts";

/**
 * A GRIB2 file's inventory in, the byte ranges of the wanted messages out.
 *
 * NOAA publishes wgrib2's short inventory next to each file (`.idx`): one line per field,
 * `n:offset:d=YYYYMMDDHH:NAME:LEVEL:TIME:[extra]`, offsets from 0; a message holding several
 * fields lists them as n.1, n.2 at one offset. A message ends where the next begins; the last
 * one at the end of the file. ECMWF publishes `.index`: one JSON object per line with the
 * message's MARS keys (`param`, `type`, `number`, `step`, ...) and `_offset`, `_length`.
 */

export class InventoryError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "InventoryError";
  }
}

export function parseWgrib2Inventory(text: string): InventoryEntry[] {
  const entries: InventoryEntry[] = [];
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  for (const [i, line] of lines.entries()) {
    const parts = line.split(":");
    const offset = Number(parts[1]);
    if (
      parts.length < 6 ||
      !/^\d+(\.\d+)?$/.test(parts[0] ?? "") ||
      !Number.isSafeInteger(offset)
    ) {
      throw new InventoryError(`line ${i + 1} is not a wgrib2 inventory line`, { line: i + 1 });
    }
    entries.push({ offset, length: undefined, key: `${parts[3]}:${parts[4]}`, member: undefined });
  }
  // Lengths from the next message's offset (the fields of one message share theirs).
  const offsets = [...new Set(entries.map((e) => e.offset))].sort((a, b) => a - b);
  for (const e of entries) {
    const next = offsets[offsets.indexOf(e.offset) + 1];
    e.length = next === undefined ? undefined : next - e.offset;
  }
  return entries;
}

const ecmwfLine = z.looseObject({
  param: z.string(),
  type: z.string(),
  number: z.string().regex(/^\d+$/).optional(),
  _offset: z.number().int().min(0),
  _length: z.number().int().min(1),
});

export function parseEcmwfIndex(text: string): InventoryEntry[] {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.map((line, i) => {
    let parsed: z.infer<typeof ecmwfLine>;
    try {
      parsed = ecmwfLine.parse(JSON.parse(line));
    } catch {
      throw new InventoryError(`line ${i + 1} is not an ECMWF index line`, { line: i + 1 });
    }
    // The control forecast (cf) is member 0, perturbed ones (pf) carry their number.
    const member = parsed.type === "cf" ? 0 : parsed.number ? Number(parsed.number) : undefined;
    return { offset: parsed._offset, length: parsed._length, key: parsed.param, member };
  });
}

export function parseInventory(product: FeedProduct, text: string): InventoryEntry[] {
  return product.index === "wgrib2" ? parseWgrib2Inventory(text) : parseEcmwfIndex(text);
}

/** A message to fetch: where it is and what it should be. */
export interface WantedMessage {
  offset: number;
  length: number;
  key: string;
  member: number;
}

/** A contiguous run of bytes to request: adjacent messages merged into one Range request. */
export interface ByteRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * The messages of a file that the product wants, for the members the file is fetched for;
 * throws when a required field is missing for one of them (the file is not the whole product).
 * `fileSize` gives the last wgrib2 message its length; without it, picking that message throws
 * `needsSize` so that the caller can ask the server for the size first.
 */
export function selectMessages(
  product: FeedProduct,
  entries: readonly InventoryEntry[],
  members: readonly number[],
  fileSize?: number,
): WantedMessage[] {
  const wanted = new Set(product.wanted);
  const out = new Map<number, WantedMessage>();
  const found = new Set<string>();
  for (const e of entries) {
    if (!wanted.has(e.key)) continue;
    // A NOAA file is one member's (its name says which); an ECMWF line names its member.
    const member = e.member ?? (members.length === 1 ? (members[0] as number) : undefined);
    if (member === undefined || !members.includes(member)) continue;
    const length = e.length ?? (fileSize === undefined ? undefined : fileSize - e.offset);
    if (length === undefined) throw new NeedsFileSize();
    if (length <= 0) throw new InventoryError(`${e.key} has no bytes (offset ${e.offset})`);
    found.add(`${e.key}|${member}`);
    // A message listed twice (several wanted fields in one message) is fetched once.
    if (!out.has(e.offset)) out.set(e.offset, { offset: e.offset, length, key: e.key, member });
  }
  const missing = members.flatMap((m) =>
    product.required.filter((k) => !found.has(`${k}|${m}`)).map((k) => `${k} (member ${m})`),
  );
  if (missing.length > 0) {
    throw new InventoryError(`the inventory lacks ${missing.slice(0, 5).join(", ")}`, {
      missing: missing.slice(0, 20),
      missing_count: missing.length,
    });
  }
  return [...out.values()].sort((a, b) => a.offset - b.offset);
}

/** Thrown by selectMessages when the last message of a wgrib2 inventory is wanted. */
export class NeedsFileSize extends Error {
  constructor() {
    super("the file's size is needed for its last message");
    this.name = "NeedsFileSize";
  }
}

/** Merges messages that follow each other without a gap into one range. */
export function mergeRanges(messages: readonly WantedMessage[]): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (const m of [...messages].sort((a, b) => a.offset - b.offset)) {
    const last = ranges.at(-1);
    if (last && last.end === m.offset) last.end = m.offset + m.length;
    else ranges.push({ start: m.offset, end: m.offset + m.length });
  }
  return ranges;
}
