import type { Redis } from "ioredis";
import { z } from "zod";
import { KEY_ID_PATTERN } from "../platform/keys/api-keys";
import { closeRedis, type RedisStoreOptions, storeConnection } from "../platform/redis-connection";
import { newWebhookSecret } from "./signing";
import {
  byCreation,
  FLEET_ID_PATTERN,
  type MatchQuery,
  type NewSubscription,
  newSubscription,
  newSubscriptionId,
  normalizeDisabledReason,
  type PublicSubscription,
  SUBSCRIPTION_ID_PATTERN,
  SUBSCRIPTION_STATUSES,
  type SubscriptionWithSecret,
  subscriptionMatches,
  WEBHOOK_EVENT_KINDS,
  WebhookStoreError,
  WebhookStoreUnavailableError,
  type WebhookSubscriptionStore,
} from "./subscriptions";

/**
 * Platform mode's subscriptions, shared by every API process and the webhook streams: one hash
 * per subscription and, per API key, a set of its subscription ids. Every read goes to Redis (no
 * local cache), so a creation, deletion or disable made by one process counts on every other
 * from its next call.
 *
 * Layout under the prefix (the hash tag keeps them in one cluster slot, so the scripts below may
 * touch both):  <prefix>{webhooks}:sub:<id>  (hash)   <prefix>{webhooks}:key:<key id>  (set)
 *
 * SECRETS. The hash holds the subscription's signing secret in plain text (field `secret`):
 * the delivery stream must sign every attempt with it, so it cannot be kept as a digest the way
 * API keys are. Whoever can read these Redis keys can therefore forge deliveries to every
 * subscriber: Redis access is secret access (restrict it with ACLs and TLS as for any secret
 * store). In this code the secret leaves Redis only through getWithSecret(), for signing; it is
 * never logged, never in an error message, and never returned to an API caller after create().
 */

export type RedisWebhookSubscriptionStoreOptions = RedisStoreOptions;

/** Creates the hash and adds the id to its key's set in one step, unless the id exists. */
const CREATE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'key_id', ARGV[2], 'url', ARGV[3], 'events', ARGV[4],
  'fleet_id', ARGV[5], 'status', 'active', 'disabled_reason', '', 'created_at', ARGV[6],
  'secret', ARGV[7])
redis.call('SADD', KEYS[2], ARGV[1])
return 1`;

/**
 * Deletes the hash and its id from the key's set, if the hash still belongs to that key (the
 * caller read key_id first, to name the set). 0 when already gone: one of two racing deletes wins.
 */
const DELETE_LUA = `
if redis.call('HGET', KEYS[1], 'key_id') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return 1`;

/** 0: unknown id. 1: disabled (now, or already: the first reason stays). */
const DISABLE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'status') ~= 'disabled' then
  redis.call('HSET', KEYS[1], 'status', 'disabled', 'disabled_reason', ARGV[1])
end
return 1`;

const hashSchema = z.object({
  key_id: z.string().regex(KEY_ID_PATTERN),
  url: z.string().min(1),
  events: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(z.enum(WEBHOOK_EVENT_KINDS)).min(1)),
  fleet_id: z.union([z.literal(""), z.string().regex(FLEET_ID_PATTERN)]),
  status: z.enum(SUBSCRIPTION_STATUSES),
  disabled_reason: z.string().default(""),
  created_at: z.iso.datetime(),
  secret: z.string().min(1),
});

export class RedisWebhookSubscriptionStore implements WebhookSubscriptionStore {
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly keyPrefix: string;
  private readonly where: string;

  constructor(options: RedisWebhookSubscriptionStoreOptions) {
    this.keyPrefix = `${options.keyPrefix}{webhooks}:`;
    const connection = storeConnection(options);
    this.redis = connection.redis;
    this.ownsClient = connection.ownsClient;
    this.where = connection.where;
  }

  async create(request: NewSubscription): Promise<SubscriptionWithSecret> {
    // Bad input fails (in newSubscription) before Redis is asked.
    const first = newSubscription(request);
    for (let subscription = first; ; subscription = { ...first, id: newSubscriptionId() }) {
      const { key_id: keyId, url, events, fleet_id: fleetId } = subscription;
      const secret = newWebhookSecret();
      const created = await this.call(() =>
        this.redis.eval(
          CREATE_LUA,
          2,
          this.subKey(subscription.id),
          this.keySetKey(keyId),
          subscription.id,
          keyId,
          url,
          events.join(","),
          fleetId ?? "",
          subscription.created_at,
          secret,
        ),
      );
      // 0 only on a 128-bit id collision, all but impossible: draw another id.
      if (created === 1) return { subscription, secret };
    }
  }

  async get(id: string): Promise<PublicSubscription | null> {
    return (await this.getWithSecret(id))?.subscription ?? null;
  }

  async getWithSecret(id: string): Promise<SubscriptionWithSecret | null> {
    // Anything but an id cannot name a subscription, and must not reach Redis in a key name.
    if (!SUBSCRIPTION_ID_PATTERN.test(id)) return null;
    const fields = await this.call(() => this.redis.hgetall(this.subKey(id)));
    if (Object.keys(fields).length === 0) return null;
    return this.recordOf(id, fields);
  }

  async listForKey(keyId: string): Promise<PublicSubscription[]> {
    if (!KEY_ID_PATTERN.test(keyId)) return [];
    const ids = await this.call(() => this.redis.smembers(this.keySetKey(keyId)));
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.subKey(id));
    const replies = (await this.call(() => pipeline.exec())) ?? [];
    const subscriptions: PublicSubscription[] = [];
    replies.forEach(([err, fields], i) => {
      if (err) throw err;
      const hash = fields as Record<string, string>;
      // An id without its hash (removed by hand) is skipped rather than failing the listing.
      if (Object.keys(hash).length === 0) return;
      const { subscription } = this.recordOf(ids[i] as string, hash);
      // A set holding another key's id would be corruption; never show it to this key.
      if (subscription.key_id !== keyId) {
        throw new WebhookStoreError(
          `webhook subscription ${this.subKey(subscription.id)} is listed under another key`,
        );
      }
      subscriptions.push(subscription);
    });
    return subscriptions.sort(byCreation);
  }

  async matching(query: MatchQuery): Promise<PublicSubscription[]> {
    return (await this.listForKey(query.keyId)).filter((s) => subscriptionMatches(s, query));
  }

  async delete(id: string): Promise<boolean> {
    if (!SUBSCRIPTION_ID_PATTERN.test(id)) return false;
    const keyId = await this.call(() => this.redis.hget(this.subKey(id), "key_id"));
    if (keyId === null || !KEY_ID_PATTERN.test(keyId)) return false;
    const deleted = await this.call(() =>
      this.redis.eval(DELETE_LUA, 2, this.subKey(id), this.keySetKey(keyId), id, keyId),
    );
    return deleted === 1;
  }

  async disable(id: string, reason: string): Promise<boolean> {
    const why = normalizeDisabledReason(reason);
    if (!SUBSCRIPTION_ID_PATTERN.test(id)) return false;
    const disabled = await this.call(() => this.redis.eval(DISABLE_LUA, 1, this.subKey(id), why));
    return disabled === 1;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await closeRedis(this.redis);
  }

  private subKey(id: string): string {
    return `${this.keyPrefix}sub:${id}`;
  }

  private keySetKey(keyId: string): string {
    return `${this.keyPrefix}key:${keyId}`;
  }

  private recordOf(id: string, fields: Record<string, string>): SubscriptionWithSecret {
    const parsed = hashSchema.safeParse(fields);
    if (!parsed.success) {
      // Paths and messages only: zod issues do not carry the input, so the secret stays out.
      const issues = parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`);
      throw new WebhookStoreError(`webhook subscription ${this.subKey(id)}: ${issues.join("; ")}`);
    }
    const f = parsed.data;
    return {
      subscription: {
        id,
        key_id: f.key_id,
        url: f.url,
        events: f.events,
        fleet_id: f.fleet_id === "" ? null : f.fleet_id,
        status: f.status,
        disabled_reason: f.status === "disabled" ? f.disabled_reason || null : null,
        created_at: f.created_at,
      },
      secret: f.secret,
    };
  }

  /**
   * Runs one Redis round trip. Connection failures and timeouts become
   * WebhookStoreUnavailableError (503 at the API); an error reply from a reachable server (a bug,
   * or a foreign key in our namespace) stays as it is.
   */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      if (err instanceof Error && err.name === "ReplyError") throw err;
      throw new WebhookStoreUnavailableError(this.where, err);
    }
  }
}
