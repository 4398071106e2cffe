import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { decodeGridded, encodeGridded } from "./gridded/encoding";
import type { GriddedField } from "./gridded/types";

/**
 * Decoded forecast cycles on disk: `<dir>/<model>/<cycle ISO>/member-NNN.vrg` (the gridded
 * encoding) and a `manifest.json`. A cycle appears whole or not at all: it is written into a
 * temporary directory and renamed into place, so a crash midway leaves no half cycle behind.
 * In platform mode every serving process reads the same directory (WEATHER_DIR, a shared volume).
 */

export interface CycleManifest {
  format: 1;
  model: string;
  cycle_utc: string;
  cycle_ms: number;
  members: number[];
  parameters: string[];
  valid_from_utc: string;
  valid_to_utc: string;
  resolution_deg: number;
  horizon_h: number;
  source_files: string[];
  /** Where the files came from when a feed fetched them (provider, root, products). */
  source?: string;
  ingested_at_utc: string;
}

export interface CycleWriter {
  member(member: number, field: GriddedField): Promise<void>;
  /** Writes the manifest and puts the cycle in place; answers its directory. */
  commit(manifest: CycleManifest): Promise<string>;
  /** Removes what was written. */
  abort(): Promise<void>;
}

const MEMBER_FILE = (member: number) => `member-${String(member).padStart(3, "0")}.vrg`;
/** Decoded members kept in memory (a GEFS member at 0.5 degrees is a few tens of MB). */
const CACHE_MEMBERS = 64;

export class CycleStore {
  private readonly cache = new LRUCache<string, GriddedField>({ max: CACHE_MEMBERS });

  constructor(readonly dir: string) {}

  async write(
    manifest: CycleManifest,
    members: ReadonlyMap<number, GriddedField>,
  ): Promise<string> {
    const writer = await this.begin(manifest.model);
    try {
      for (const [member, field] of members) await writer.member(member, field);
      return await writer.commit(manifest);
    } catch (err) {
      await writer.abort();
      throw err;
    }
  }

  /**
   * A cycle written one member at a time (so only one member need be in memory), into a
   * temporary directory that `commit` renames into place: whole or not at all, as `write`.
   */
  async begin(model: string): Promise<CycleWriter> {
    const modelDir = join(this.dir, model);
    await mkdir(modelDir, { recursive: true });
    const tmp = join(modelDir, `.tmp-${randomUUID()}`);
    await mkdir(tmp);
    return {
      member: async (member, field) => {
        await writeFile(join(tmp, MEMBER_FILE(member)), encodeGridded(field));
      },
      commit: async (manifest) => {
        await writeFile(join(tmp, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
        const final = join(modelDir, manifest.cycle_utc);
        await rm(final, { recursive: true, force: true });
        await rename(tmp, final);
        for (const key of [...this.cache.keys()])
          if (key.startsWith(`${manifest.model}|${manifest.cycle_ms}|`)) this.cache.delete(key);
        return final;
      },
      abort: () => rm(tmp, { recursive: true, force: true }),
    };
  }

  /** Every complete cycle on disk (temporary directories of interrupted writes are ignored). */
  async manifests(): Promise<CycleManifest[]> {
    const out: CycleManifest[] = [];
    for (const model of await listDirs(this.dir)) {
      for (const cycle of await listDirs(join(this.dir, model))) {
        if (cycle.startsWith(".tmp-")) continue;
        try {
          const text = await readFile(join(this.dir, model, cycle, "manifest.json"), "utf8");
          out.push(JSON.parse(text) as CycleManifest);
        } catch {
          // A directory without a readable manifest is not a cycle.
        }
      }
    }
    return out.sort((a, b) => a.model.localeCompare(b.model) || a.cycle_ms - b.cycle_ms);
  }

  async member(model: string, cycleMs: number, member: number): Promise<GriddedField> {
    const key = `${model}|${cycleMs}|${member}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const path = join(this.dir, model, new Date(cycleMs).toISOString(), MEMBER_FILE(member));
    const field = decodeGridded(new Uint8Array(await readFile(path)));
    this.cache.set(key, field);
    return field;
  }
}

async function listDirs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
