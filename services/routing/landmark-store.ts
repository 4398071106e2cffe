import type { LandmarkStore } from "../engine/routing/landmarks";
import { cacheFiles } from "./cache-files";
import { typedArrayOf } from "./typed-bytes";

/**
 * Landmark sets kept as files (cache-files.ts), so a process starts without recomputing them
 * (about 4 s at start-up, and 5 s at the first request that closes Suez or Panama) once any
 * process on the machine has. One file per set, named by the set's key (what names the graph, the
 * count and the seed): a file only ever holds the set for exactly that graph. Every change to
 * the coastline, passages or grid makes new sets (about 50 MB each); unused ones are pruned.
 *
 * Layout: a 4-byte little-endian header length, the header as JSON ({ nodes, size }), padding to
 * a multiple of 4 bytes, then each landmark's distances as float32, one after another. A
 * malformed file reads as missing.
 */
export function fileLandmarkStore(dir: string): LandmarkStore {
  const files = cacheFiles(dir);
  const nameOf = (key: string) => `landmarks-${key}.bin`;
  return {
    load(key) {
      const bytes = files.read(nameOf(key));
      try {
        return bytes && decode(bytes);
      } catch {
        return undefined;
      }
    },
    save(key, set) {
      files.write(nameOf(key), encode(set));
    },
  };
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
  const distances = nodes.map((_, i) =>
    typedArrayOf(Float32Array, file.subarray(start + 4 * n * i, start + 4 * n * (i + 1))),
  );
  return { nodes: nodes as number[], distances };
}

const align4 = (n: number) => Math.ceil(n / 4) * 4;
