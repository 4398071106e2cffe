import { randomUUID } from "node:crypto";
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { z } from "zod";
import {
  type ApiKeyRecord,
  byCreation,
  type CreatedApiKey,
  digestMatches,
  digestOf,
  KEY_ID_PATTERN,
  KeyStoreError,
  keyIdOf,
  type ManagedApiKeyStore,
  mintApiKey,
  type NewApiKey,
  normalizeNewApiKey,
  PLANS,
  type PublicKeyRecord,
  publicRecordOf,
  SCOPES,
} from "./api-keys";

/**
 * The embedded default's persistent keys: one JSON file of records with hex SHA-256 digests
 * (never keys), shared by the API process and the `keys` CLI on the same host.
 *
 * - Reads: every call stats the file and re-reads it when it was replaced (inode, mtime or size
 *   changed), so a key created or revoked by another process counts on the very next request.
 * - Writes: under a lock file (O_EXCL), the file is re-read, changed, written to a temporary file
 *   beside it, fsynced and renamed over it. Readers see the old file or the new one, never half,
 *   and concurrent creates/revokes from several processes are serialised, so none is lost.
 *
 * One host only: the lock relies on O_EXCL and rename being atomic, which network filesystems do
 * not all guarantee, and nothing is shared between hosts. Several API hosts use the Redis store.
 */

export interface FileApiKeyStoreOptions {
  /** Longest wait for another writer's lock before a create or revoke fails. */
  lockTimeoutMs?: number;
  /**
   * A lock file older than this is taken to be left by a writer that crashed and is removed. A
   * write holds the lock for milliseconds, so the margin is wide.
   */
  staleLockMs?: number;
}

const storedKeySchema = z
  .object({
    id: z.string().regex(KEY_ID_PATTERN),
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    plan: z.enum(PLANS),
    scopes: z.array(z.enum(SCOPES)),
    label: z.string().nullable(),
    created_at: z.iso.datetime(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .refine((k) => keyIdOf(Buffer.from(k.digest, "hex")) === k.id, "id does not match digest");

const storeFileSchema = z.object({ version: z.literal(1), keys: z.array(storedKeySchema) });

type StoredKey = z.infer<typeof storedKeySchema>;

/** What a read saw: the file's identity, so the next call can tell whether it changed. */
interface Snapshot {
  ino: number;
  mtimeMs: number;
  size: number;
  byId: Map<string, ApiKeyRecord>;
}

/** The file does not exist (yet): no keys. */
const ABSENT = { ino: -1, mtimeMs: -1, size: -1 } as const;

export class FileApiKeyStore implements ManagedApiKeyStore {
  readonly path: string;
  private readonly lockPath: string;
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;
  private snapshot: Snapshot | undefined;
  /** Writes of this instance, one at a time: they would only queue on the lock file otherwise. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(path: string, options: FileApiKeyStoreOptions = {}) {
    this.path = resolve(path);
    this.lockPath = `${this.path}.lock`;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
    this.staleLockMs = options.staleLockMs ?? 30_000;
  }

  async hasKeys(): Promise<boolean> {
    return (await this.current()).size > 0;
  }

  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    const digest = digestOf(presented);
    const record = (await this.current()).get(keyIdOf(digest));
    if (!record || !digestMatches(record.digest, digest) || record.revoked) return null;
    return { ...record, scopes: [...record.scopes] };
  }

  async list(): Promise<PublicKeyRecord[]> {
    return [...(await this.current()).values()].map(publicRecordOf).sort(byCreation);
  }

  async get(id: string): Promise<PublicKeyRecord | null> {
    const record = (await this.current()).get(id);
    return record ? publicRecordOf(record) : null;
  }

  async create(request: NewApiKey): Promise<CreatedApiKey> {
    normalizeNewApiKey(request); // a bad plan or scope fails before the file is touched
    return this.mutate((keys) => {
      for (;;) {
        const minted = mintApiKey(request);
        // A 64-bit id collision is all but impossible; if one happens, mint again.
        if (keys.some((k) => k.id === minted.record.id)) continue;
        keys.push(storedOf(minted.record));
        return { key: minted.key, record: publicRecordOf(minted.record) };
      }
    });
  }

  async revoke(id: string): Promise<boolean> {
    if (!KEY_ID_PATTERN.test(id)) return false;
    return this.mutate((keys) => {
      const key = keys.find((k) => k.id === id);
      if (!key) return false;
      key.revoked_at ??= new Date().toISOString();
      return true;
    });
  }

  /** Nothing is held open between calls. */
  async close(): Promise<void> {}

  /** The records as the file holds them now: re-read only when the file changed since last time. */
  private async current(): Promise<Map<string, ApiKeyRecord>> {
    const seen = await statOrAbsent(this.path);
    const known = this.snapshot;
    if (
      known &&
      known.ino === seen.ino &&
      known.mtimeMs === seen.mtimeMs &&
      known.size === seen.size
    ) {
      return known.byId;
    }
    this.snapshot = await this.readSnapshot();
    return this.snapshot.byId;
  }

  /**
   * Stats and reads the same open file, so the identity kept matches the contents kept even when
   * another process renames a new file into place in between.
   */
  private async readSnapshot(): Promise<Snapshot> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.path, "r");
    } catch (err) {
      if (isNotFound(err)) return { ...ABSENT, byId: new Map() };
      throw err;
    }
    try {
      const info = await handle.stat();
      const keys = this.parse(await handle.readFile("utf8"));
      return {
        ino: info.ino,
        mtimeMs: info.mtimeMs,
        size: info.size,
        byId: new Map(keys.map((k) => [k.id, recordOf(k)])),
      };
    } finally {
      await handle.close();
    }
  }

  private parse(text: string): StoredKey[] {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new KeyStoreError(`API key store ${this.path}: ${(err as Error).message}`);
    }
    const parsed = storeFileSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`);
      throw new KeyStoreError(`API key store ${this.path}: ${issues.join("; ")}`);
    }
    return parsed.data.keys;
  }

  /** Read-change-write under the lock, from the file as it is now (another process may have written). */
  private mutate<T>(change: (keys: StoredKey[]) => T): Promise<T> {
    const run = async (): Promise<T> => {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      return this.withLock(async () => {
        const keys = await this.readForWrite();
        const result = change(keys);
        await this.writeAtomically(keys);
        return result;
      });
    };
    const result = this.writes.then(run, run);
    this.writes = result.catch(() => undefined);
    return result;
  }

  private async readForWrite(): Promise<StoredKey[]> {
    let text: string;
    try {
      const handle = await open(this.path, "r");
      try {
        text = await handle.readFile("utf8");
      } finally {
        await handle.close();
      }
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    return this.parse(text);
  }

  private async writeAtomically(keys: StoredKey[]): Promise<void> {
    const temp = join(dirname(this.path), `.${basename(this.path)}.${randomUUID()}.tmp`);
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify({ version: 1, keys }, null, 2)}\n`);
      await handle.sync(); // the rename must not land before the contents do
    } catch (err) {
      await handle.close();
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await handle.close();
    try {
      await rename(temp, this.path);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  private async withLock<T>(body: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.lockTimeoutMs;
    for (;;) {
      try {
        const handle = await open(this.lockPath, "wx", 0o600);
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      if (await this.removedStaleLock()) continue;
      if (Date.now() >= deadline) {
        throw new KeyStoreError(
          `API key store ${this.path}: another writer has held ${this.lockPath} for over ${this.lockTimeoutMs} ms`,
        );
      }
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
    }
    try {
      return await body();
    } finally {
      await unlink(this.lockPath).catch(() => undefined);
    }
  }

  /** Removes a lock left by a writer that died holding it; true when the lock is gone. */
  private async removedStaleLock(): Promise<boolean> {
    try {
      const info = await stat(this.lockPath);
      if (Date.now() - info.mtimeMs < this.staleLockMs) return false;
      await unlink(this.lockPath);
      return true;
    } catch (err) {
      if (isNotFound(err)) return true;
      throw err;
    }
  }
}

function storedOf(record: ApiKeyRecord): StoredKey {
  return {
    id: record.id,
    digest: record.digest.toString("hex"),
    plan: record.plan,
    scopes: [...record.scopes],
    label: record.label ?? null,
    created_at: record.created_at,
    revoked_at: record.revoked_at,
  };
}

function recordOf(stored: StoredKey): ApiKeyRecord {
  return {
    id: stored.id,
    digest: Buffer.from(stored.digest, "hex"),
    plan: stored.plan,
    scopes: stored.scopes,
    revoked: stored.revoked_at !== null,
    ...(stored.label === null ? {} : { label: stored.label }),
    created_at: stored.created_at,
    revoked_at: stored.revoked_at,
  };
}

async function statOrAbsent(path: string): Promise<{ ino: number; mtimeMs: number; size: number }> {
  try {
    return await stat(path);
  } catch (err) {
    if (isNotFound(err)) return ABSENT;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}
