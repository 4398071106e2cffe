import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A fingerprint of everything the routing network's derived geometry is computed from: the
 * source of the engine, the geodata and routing modules (which hold the catalogues of closed
 * waters and passages as code, and the algorithms), the data files beside them (the reef layer),
 * Natural Earth's land files, and the lockfile (the exact versions of the geometry libraries).
 *
 * Hashing the code itself, not a version number someone must remember to bump, is what makes a
 * cached result safe to read back: any edit to any of these files names a new cache file. Edits
 * elsewhere (the API, scoring) leave it valid. Tests' files are left out; they compute nothing
 * the network keeps. About 4 MB is read, in tens of milliseconds.
 */
export function networkInputsFingerprint(): string {
  if (fingerprint === undefined) {
    const require = createRequire(import.meta.url);
    const lock = lockfileOf(SERVICES);
    fingerprint = fingerprintOf(
      ["engine", "geodata", "routing"].map((d) => join(SERVICES, d)),
      [
        ...["land-50m.json", "land-10m.json"].map((f) => require.resolve(`world-atlas/${f}`)),
        ...(lock ? [lock] : []),
      ],
    );
  }
  return fingerprint;
}

let fingerprint: string | undefined;

const SERVICES = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * A hash of every file (but tests) under `dirs` and of `files`, each with its name (relative to
 * its directory, or its base name) so that a file moved or renamed changes it too.
 */
export function fingerprintOf(dirs: readonly string[], files: readonly string[]): string {
  const hash = createHash("sha256");
  const add = (name: string, path: string) => {
    hash.update(`${name}\0`);
    hash.update(readFileSync(path));
    hash.update("\0");
  };
  for (const dir of dirs) {
    for (const path of sourceFiles(dir)) add(join(basename(dir), relative(dir, path)), path);
  }
  for (const path of files) add(basename(path), path);
  return hash.digest("hex").slice(0, 20);
}

/** Every file under dir but tests, in a fixed order. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (!/\.test\.[cm]?[jt]s$/.test(name)) out.push(path);
  }
  return out;
}

/** The nearest package-lock.json at or above dir (none where the app was installed without one). */
function lockfileOf(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const path = join(d, "package-lock.json");
    if (existsSync(path)) return path;
    if (dirname(d) === d) return undefined;
  }
}
