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

/**
 * The files of the routing caches in ROUTING_CACHE_DIR (landmark sets, the network's derived
 * geometry, its land masks; and the embedded reanalysis's departure sets, departure-files.ts,
 * and the synthetic climate's grid, climatology-file.ts).
 * Each file holds one value computed from exactly the inputs its name fingerprints: changed
 * inputs make a file under a new name, and a file is only rewritten when a reader found it
 * unusable and computed it again.
 *
 * It is a cache: a file that cannot be read is reported as missing (the caller computes it
 * again), and one that cannot be written is skipped. Files are written to a temporary name and
 * renamed, so processes writing the same file at once never read half of one. A read marks its
 * file as used, and each write deletes this cache's files nobody has used for PRUNE_AFTER_DAYS
 * (the directory may hold other things, such as downloads, which are left alone).
 */
export const PRUNE_AFTER_DAYS = 7;

/** Names of the files the routing caches write; only these are ever pruned. */
const CACHE_FILE =
  /^(landmarks|land-mask|network-geometry|passage-ways-out|departures|climatology)-[^/]*\.(bin|json)(\..*\.tmp)?$/;

export interface CacheFiles {
  read(name: string): Buffer | undefined;
  write(name: string, bytes: Buffer | string): void;
}

export function cacheFiles(dir: string): CacheFiles {
  const check = (name: string) => {
    if (!CACHE_FILE.test(name)) throw new RangeError(`not a routing cache file name: ${name}`);
    return join(dir, name);
  };
  return {
    read(name) {
      const path = check(name);
      try {
        const bytes = readFileSync(path);
        const now = new Date();
        utimesSync(path, now, now);
        return bytes;
      } catch {
        return undefined;
      }
    },
    write(name, bytes) {
      const path = check(name);
      try {
        mkdirSync(dir, { recursive: true });
        const temp = `${path}.${process.pid}.tmp`;
        writeFileSync(temp, bytes);
        renameSync(temp, path);
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
    if (!CACHE_FILE.test(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < before) unlinkSync(path);
    } catch {
      // Another process pruned it first.
    }
  }
}
