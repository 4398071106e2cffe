import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { LandmarkStore } from "../engine/routing/landmarks";

/**
 * Landmark sets kept as files, so a process starts without recomputing them (about 4 s at
 * start-up, and 5 s at the first request that closes Suez or Panama) once any process on the
 * machine has. One file per set, named by the set's key (the graph's fingerprint, the count and
 * the seed): a file only ever holds the set for exactly that graph.
 *
 * Layout: a 4-byte little-endian header length, the header as JSON ({ nodes, size }), padding to
 * a multiple of 4 bytes, then each landmark's distances as float32, one after another.
 *
 * It is a cache: a missing, unreadable or malformed file is computed again, and a file that
 * cannot be written is skipped. Files are written to a temporary name and renamed, so processes
 * building the same set at once never read half a file.
 *
 * Every change to the coastline, passages or grid makes new sets (about 50 MB each), so a read
 * marks its file as used, and each save deletes the sets nobody has used for PRUNE_AFTER_DAYS.
 */
export const PRUNE_AFTER_DAYS = 7;

export function fileLandmarkStore(dir: string): LandmarkStore {
  const fileOf = (key: string) => join(dir, `landmarks-${key}.bin`);
  return {
    load(key) {
      try {
        const set = decode(readFileSync(fileOf(key)));
        if (set) {
          const now = new Date();
          utimesSync(fileOf(key), now, now);
        }
        return set;
      } catch {
        return undefined;
      }
    },
    save(key, set) {
      try {
        mkdirSync(dir, { recursive: true });
        const temp = `${fileOf(key)}.${process.pid}.tmp`;
        writeFileSync(temp, encode(set));
        renameSync(temp, fileOf(key));
        pruneUnused(dir);
      } catch {
        // A read-only or full disk only costs the next process the computation.
      }
    },
  };
}

function pruneUnused(dir: string): void {
  const before = Date.now() - PRUNE_AFTER_DAYS * 86_400_000;
  for (const name of readdirSync(dir)) {
    if (!/^landmarks-.*\.bin(\..*\.tmp)?$/.test(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < before) unlinkSync(path);
    } catch {
      // Another process pruned it first.
    }
  }
}

function encode(set: { nodes: readonly number[]; distances: readonly Float32Array[] }): Buffer {
  const size = set.distances[0]?.length ?? 0;
  const header = Buffer.from(JSON.stringify({ nodes: set.nodes, size }));
  const start = align4(4 + header.length);
  const out = Buffer.alloc(start + 4 * size * set.distances.length);
  out.writeUInt32LE(header.length, 0);
  header.copy(out, 4);
  set.distances.forEach((d, i) => {
    Buffer.from(d.buffer, d.byteOffset, d.byteLength).copy(out, start + 4 * size * i);
  });
  return out;
}

function decode(file: Buffer): { nodes: number[]; distances: Float32Array[] } | undefined {
  const headerLength = file.readUInt32LE(0);
  const header = JSON.parse(file.subarray(4, 4 + headerLength).toString("utf8")) as {
    nodes?: unknown;
    size?: unknown;
  };
  const { nodes, size } = header;
  if (!Array.isArray(nodes) || !nodes.every(Number.isInteger) || !Number.isInteger(size)) {
    return undefined;
  }
  const start = align4(4 + headerLength);
  const n = size as number;
  if (file.length !== start + 4 * n * nodes.length) return undefined;
  // Copied out of the file's buffer: a Float32Array needs its own 4-byte-aligned memory.
  const distances = nodes.map((_, i) => {
    const bytes = file.subarray(start + 4 * n * i, start + 4 * n * (i + 1));
    return new Float32Array(Uint8Array.from(bytes).buffer);
  });
  return { nodes: nodes as number[], distances };
}

const align4 = (n: number) => Math.ceil(n / 4) * 4;
