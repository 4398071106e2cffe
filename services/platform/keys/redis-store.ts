import type { Redis } from "ioredis";
import { z } from "zod";
import { closeRedis, type RedisStoreOptions, storeConnection } from "../redis-connection";
import {
  type ApiKeyRecord,
  byCreation,
  type CreatedApiKey,
  digestMatches,
  digestOf,
  KEY_ID_PATTERN,
  KeyStoreError,
  KeyStoreUnavailableError,
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
 * Platform mode's keys, shared by every API process: one hash per key id (digest as hex, plan,
 * scopes, label, created_at, revoked_at) and a set of the ids. authenticate reads Redis on every
 * call, with no local cache, so a revocation holds on every process from the next request on.
 *
 * Layout under the prefix (the hash tag keeps them in one cluster slot, so the scripts below may
 * touch both):  <prefix>{api-keys}:ids  (set)   <prefix>{api-keys}:key:<id>  (hash)
 */

export type RedisApiKeyStoreOptions = RedisStoreOptions;

/** Creates the hash and adds the id in one step, unless the id already exists (no clobbering). */
const CREATE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'digest', ARGV[2], 'plan', ARGV[3], 'scopes', ARGV[4],
  'label', ARGV[5], 'created_at', ARGV[6], 'revoked_at', '')
redis.call('SADD', KEYS[2], ARGV[1])
return 1`;

/** 0: unknown id. 1: revoked (now, or already: the first revoked_at stays). */
const REVOKE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local at = redis.call('HGET', KEYS[1], 'revoked_at')
if not at or at == '' then redis.call('HSET', KEYS[1], 'revoked_at', ARGV[1]) end
return 1`;

const hashSchema = z.object({
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  plan: z.enum(PLANS),
  scopes: z.string().transform((s, ctx) => {
    const scopes = s === "" ? [] : s.split(",");
    for (const scope of scopes) {
      if (!(SCOPES as readonly string[]).includes(scope)) {
        ctx.addIssue({ code: "custom", message: `unknown scope '${scope}'` });
        return z.NEVER;
      }
    }
    return scopes as (typeof SCOPES)[number][];
  }),
  label: z.string().default(""),
  created_at: z.iso.datetime(),
  revoked_at: z.union([z.literal(""), z.iso.datetime()]).default(""),
});

export class RedisApiKeyStore implements ManagedApiKeyStore {
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly idsKey: string;
  private readonly keyPrefix: string;
  private readonly where: string;

  constructor(options: RedisApiKeyStoreOptions) {
    this.keyPrefix = `${options.keyPrefix}{api-keys}:`;
    this.idsKey = `${this.keyPrefix}ids`;
    const connection = storeConnection(options);
    this.redis = connection.redis;
    this.ownsClient = connection.ownsClient;
    this.where = connection.where;
  }

  async hasKeys(): Promise<boolean> {
    return (await this.call(() => this.redis.scard(this.idsKey))) > 0;
  }

  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    const digest = digestOf(presented);
    const id = keyIdOf(digest);
    const fields = await this.call(() => this.redis.hgetall(this.hashKey(id)));
    if (Object.keys(fields).length === 0) return null;
    const record = this.recordOf(id, fields);
    if (!digestMatches(record.digest, digest) || record.revoked) return null;
    return record;
  }

  async create(request: NewApiKey): Promise<CreatedApiKey> {
    normalizeNewApiKey(request); // a bad plan or scope fails before Redis is asked
    for (;;) {
      const { key, record } = mintApiKey(request);
      const created = await this.call(() =>
        this.redis.eval(
          CREATE_LUA,
          2,
          this.hashKey(record.id),
          this.idsKey,
          record.id,
          record.digest.toString("hex"),
          record.plan,
          record.scopes.join(","),
          record.label ?? "",
          record.created_at,
        ),
      );
      // 0 only on a 64-bit id collision, all but impossible: mint another key.
      if (created === 1) return { key, record: publicRecordOf(record) };
    }
  }

  async list(): Promise<PublicKeyRecord[]> {
    const ids = await this.call(() => this.redis.smembers(this.idsKey));
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.hashKey(id));
    const replies = (await this.call(() => pipeline.exec())) ?? [];
    const records: PublicKeyRecord[] = [];
    replies.forEach(([err, fields], i) => {
      if (err) throw err;
      const hash = fields as Record<string, string>;
      // An id without its hash (removed by hand) is skipped rather than failing the listing.
      if (Object.keys(hash).length > 0)
        records.push(publicRecordOf(this.recordOf(ids[i] as string, hash)));
    });
    return records.sort(byCreation);
  }

  async get(id: string): Promise<PublicKeyRecord | null> {
    if (!KEY_ID_PATTERN.test(id)) return null;
    const fields = await this.call(() => this.redis.hgetall(this.hashKey(id)));
    if (Object.keys(fields).length === 0) return null;
    return publicRecordOf(this.recordOf(id, fields));
  }

  async revoke(id: string): Promise<boolean> {
    // Anything but an id cannot name a key, and must not reach Redis as part of a key name.
    if (!KEY_ID_PATTERN.test(id)) return false;
    const revoked = await this.call(() =>
      this.redis.eval(REVOKE_LUA, 1, this.hashKey(id), new Date().toISOString()),
    );
    return revoked === 1;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await closeRedis(this.redis);
  }

  private hashKey(id: string): string {
    return `${this.keyPrefix}key:${id}`;
  }

  private recordOf(id: string, fields: Record<string, string>): ApiKeyRecord {
    const parsed = hashSchema.safeParse(fields);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`);
      throw new KeyStoreError(`API key record ${this.hashKey(id)}: ${issues.join("; ")}`);
    }
    const f = parsed.data;
    const digest = Buffer.from(f.digest, "hex");
    if (keyIdOf(digest) !== id) {
      throw new KeyStoreError(`API key record ${this.hashKey(id)}: id does not match digest`);
    }
    return {
      id,
      digest,
      plan: f.plan,
      scopes: f.scopes,
      revoked: f.revoked_at !== "",
      ...(f.label === "" ? {} : { label: f.label }),
      created_at: f.created_at,
      revoked_at: f.revoked_at === "" ? null : f.revoked_at,
    };
  }

  /**
   * Runs one Redis round trip. Connection failures and timeouts become KeyStoreUnavailableError
   * (503 at the API); an error reply from a reachable server (a bug, or a foreign key in our
   * namespace) stays as it is.
   */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      if (err instanceof Error && err.name === "ReplyError") throw err;
      throw new KeyStoreUnavailableError(this.where, err);
    }
  }
}
