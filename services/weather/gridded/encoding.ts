/**
 * The on-disk form of a GriddedField: pure functions from field to bytes and back; the caller
 * does the file I/O.
 *
 *   octets 0-3    "VRGF" (voyage-risk gridded field)
 *   octets 4-7    format version, uint32 little-endian (this code writes and reads 1)
 *   octets 8-11   header length H, uint32 little-endian
 *   octets 12-    header: UTF-8 JSON {label, parameters: [{name, kind, grid, timesMs}]}
 *   then          zero padding to a multiple of 4 octets
 *   then          the planes, Float32 little-endian: per parameter in header order, per time
 *   last 4        CRC-32 of everything before it, uint32 little-endian
 *
 * Decoding checks all of it (magic, version, lengths, checksum, header shape) and throws a
 * GriddedError rather than return a field built from damaged bytes.
 */
import { z } from "zod";
import { crc32 } from "./crc32";
import { GriddedError } from "./errors";
import type { GriddedField, GriddedParameter } from "./types";

const MAGIC = "VRGF";
export const GRIDDED_FORMAT_VERSION = 1;
const PREFIX_LENGTH = 12;
const CRC_LENGTH = 4;

const headerSchema = z.strictObject({
  label: z.string(),
  parameters: z.array(
    z.strictObject({
      name: z.string().min(1),
      kind: z.enum(["scalar", "direction"]),
      grid: z.strictObject({
        nx: z.number().int().positive(),
        ny: z.number().int().positive(),
        lat0: z.number().min(-90).max(90),
        lon0: z.number().finite(),
        dlat: z.number().nonnegative(),
        dlon: z.number().nonnegative(),
      }),
      timesMs: z
        .array(z.number().finite())
        .min(1)
        .refine((t) => t.every((v, i) => i === 0 || v > (t[i - 1] as number)), {
          message: "times must increase",
        }),
    }),
  ),
});

type Header = z.infer<typeof headerSchema>;

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeGridded(field: GriddedField): Uint8Array {
  const parameters = [...field.parameters.values()];
  const header: Header = {
    label: field.label,
    parameters: parameters.map((p) => ({
      name: p.name,
      kind: p.kind,
      grid: { ...p.grid },
      timesMs: Array.from(p.timesMs),
    })),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const planesStart = align4(PREFIX_LENGTH + headerBytes.length);
  let planeBytes = 0;
  for (const p of parameters) {
    const size = p.grid.nx * p.grid.ny;
    for (const plane of p.planes) {
      if (plane.length !== size) {
        throw new RangeError(`${p.name}: a plane of ${plane.length} values on a grid of ${size}`);
      }
      planeBytes += plane.byteLength;
    }
    if (p.planes.length !== p.timesMs.length) {
      throw new RangeError(`${p.name}: ${p.planes.length} planes for ${p.timesMs.length} times`);
    }
  }
  const out = new Uint8Array(planesStart + planeBytes + CRC_LENGTH);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, GRIDDED_FORMAT_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, PREFIX_LENGTH);
  let at = planesStart;
  for (const p of parameters) {
    for (const plane of p.planes) {
      writePlane(out, view, at, plane);
      at += plane.byteLength;
    }
  }
  view.setUint32(at, crc32(out.subarray(0, at)), true);
  return out;
}

export function decodeGridded(bytes: Uint8Array): GriddedField {
  if (bytes.length < PREFIX_LENGTH + CRC_LENGTH) corrupt(`only ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) corrupt(`bad magic ${JSON.stringify(magic)}, expected "${MAGIC}"`);
  const version = view.getUint32(4, true);
  if (version !== GRIDDED_FORMAT_VERSION) {
    throw new GriddedError(
      "gridded_unsupported_version",
      `gridded field format version ${version}; this code reads version ${GRIDDED_FORMAT_VERSION}`,
      { version, supported: GRIDDED_FORMAT_VERSION },
    );
  }
  const crcAt = bytes.length - CRC_LENGTH;
  const stored = view.getUint32(crcAt, true);
  const actual = crc32(bytes.subarray(0, crcAt));
  if (stored !== actual)
    corrupt(`checksum mismatch (stored ${hex(stored)}, computed ${hex(actual)})`);

  const headerLength = view.getUint32(8, true);
  if (PREFIX_LENGTH + headerLength > crcAt) corrupt(`header length ${headerLength} past the end`);
  const header = parseHeader(bytes.subarray(PREFIX_LENGTH, PREFIX_LENGTH + headerLength));
  let at = align4(PREFIX_LENGTH + headerLength);
  const expectedEnd =
    at + header.parameters.reduce((n, p) => n + p.grid.nx * p.grid.ny * 4 * p.timesMs.length, 0);
  if (expectedEnd !== crcAt) {
    corrupt(
      `the header describes ${expectedEnd - at} bytes of planes, the input has ${crcAt - at}`,
    );
  }

  const parameters = new Map<string, GriddedParameter>();
  for (const p of header.parameters) {
    if (parameters.has(p.name)) corrupt(`parameter ${p.name} appears twice`);
    const size = p.grid.nx * p.grid.ny;
    const planes: Float32Array[] = [];
    for (let t = 0; t < p.timesMs.length; t++) {
      planes.push(readPlane(bytes, view, at, size));
      at += size * 4;
    }
    parameters.set(p.name, {
      name: p.name,
      kind: p.kind,
      grid: p.grid,
      timesMs: Float64Array.from(p.timesMs),
      planes,
    });
  }
  return { label: header.label, parameters };
}

function parseHeader(bytes: Uint8Array): Header {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (e) {
    corrupt(`header is not UTF-8 JSON: ${(e as Error).message}`);
  }
  const parsed = headerSchema.safeParse(json);
  if (!parsed.success) {
    corrupt(`header does not describe a gridded field: ${parsed.error.issues[0]?.message ?? ""}`);
  }
  return parsed.data;
}

function writePlane(out: Uint8Array, view: DataView, at: number, plane: Float32Array): void {
  if (LITTLE_ENDIAN_HOST) {
    out.set(new Uint8Array(plane.buffer, plane.byteOffset, plane.byteLength), at);
    return;
  }
  for (let i = 0; i < plane.length; i++) view.setFloat32(at + 4 * i, plane[i] as number, true);
}

/** A copy, so the field owns aligned memory independent of the input buffer. */
function readPlane(bytes: Uint8Array, view: DataView, at: number, size: number): Float32Array {
  const plane = new Float32Array(size);
  if (LITTLE_ENDIAN_HOST) {
    new Uint8Array(plane.buffer).set(bytes.subarray(at, at + size * 4));
    return plane;
  }
  for (let i = 0; i < size; i++) plane[i] = view.getFloat32(at + 4 * i, true);
  return plane;
}

function align4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, "0")}`;
}

function corrupt(reason: string): never {
  throw new GriddedError("gridded_corrupt", `not an intact gridded field encoding: ${reason}`, {
    reason,
  });
}
