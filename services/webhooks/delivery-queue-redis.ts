import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { type DependencyHealth, probeDependency } from "../platform/health";
import { closeRedis, type RedisStoreOptions, storeConnection } from "../platform/redis-connection";
import {
  checkClaim,
  checkEnqueue,
  checkFinishedAs,
  checkOutbox,
  checkReschedule,
  checkRetention,
  DELIVERY_ID_PATTERN,
  type DeliveryQueue,
  FINISHED_AS,
  FINISHED_RETENTION_MS,
  type FinishedAs,
  isLeaseToken,
  type NewDelivery,
  type OutboxEntry,
  type PendingDelivery,
} from "./delivery-queue";
import { WEBHOOK_EVENT_KINDS } from "./subscriptions";

/**
 * Platform mode's delivery queue, shared by every notify and dispatcher process. Each operation
 * that touches more than one key is one Lua script, so a claim, reschedule or finish is atomic
 * on the server and two dispatchers never both take or move one delivery.
 *
 * Layout under the prefix (the hash tag keeps them in one cluster slot, so the scripts may touch
 * all of them):  <prefix>{webhook-deliveries}:due  (sorted set: delivery id by due ms, or by the
 * end of its lease while leased)   <prefix>{webhook-deliveries}:d:<id>  (hash: the delivery)
 * <prefix>{webhook-deliveries}:done:<id>  (how it finished, expiring after the retention)
 * <prefix>{webhook-deliveries}:outbox  (hash: event id -> outbox entry JSON, until published)
 */

export type RedisDeliveryQueueOptions = RedisStoreOptions & { retentionMs?: number };

/** Plans a delivery unless its id is pending, leased, or finished within the retention. */
const ENQUEUE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'subscription_id', ARGV[2], 'alert_event_id', ARGV[3],
  'kind', ARGV[4], 'payload', ARGV[5], 'planned_at', ARGV[6], 'due_at', ARGV[7],
  'attempts', '0', 'lease', '')
redis.call('ZADD', KEYS[3], ARGV[7], ARGV[1])
return 1`;

/**
 * Leases up to ARGV[2] due deliveries: moving each one's score to the lease end is what keeps it
 * from being claimed again. The hash keys are derived from KEYS[1] (its name minus "due") rather
 * than passed as ARGV, so a caller's client with its own ioredis keyPrefix names them too.
 * A member without its hash (removed by hand) is dropped rather than handed out empty.
 */
const CLAIM_LUA = `
local base = string.sub(KEYS[1], 1, -4) .. 'd:'
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local out = {}
for _, id in ipairs(ids) do
  local key = base .. id
  if redis.call('EXISTS', key) == 1 then
    redis.call('HSET', key, 'lease', ARGV[4])
    redis.call('ZADD', KEYS[1], ARGV[3], id)
    out[#out + 1] = id
    out[#out + 1] = redis.call('HGETALL', key)
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return out`;

/**
 * Records a failed attempt and releases the lease, if the caller still holds it; with it, the
 * outbox entries (ARGV from 5: id, JSON pairs).
 */
const RESCHEDULE_LUA = `
if redis.call('HGET', KEYS[1], 'lease') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'attempts', ARGV[3], 'due_at', ARGV[4], 'lease', '')
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
for i = 5, #ARGV, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
return 1`;

/**
 * Removes the delivery and remembers its id, if the caller still holds the lease; with it, the
 * outbox entries (ARGV from 5: id, JSON pairs).
 */
const FINISH_LUA = `
if redis.call('HGET', KEYS[1], 'lease') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
for i = 5, #ARGV, 2 do redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1]) end
return 1`;

/** Count and earliest score from one snapshot, not two that a claim could fall between. */
const STATS_LUA = `
return {redis.call('ZCARD', KEYS[1]), redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')}`;

const epochMs = z
  .string()
  .regex(/^\d{1,16}$/, "must be a non-negative integer")
  .transform(Number);

const outboxSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  key: z.string(),
  value: z.record(z.string(), z.unknown()),
});

/** ARGV pairs (id, JSON) for the scripts. */
function outboxArgs(outbox: readonly OutboxEntry[]): string[] {
  const json = checkOutbox(outbox);
  return outbox.flatMap((e, i) => [e.id, json[i] as string]);
}

const hashSchema = z.object({
  subscription_id: z.string().min(1),
  alert_event_id: z.string().min(1),
  kind: z.enum(WEBHOOK_EVENT_KINDS),
  payload: z.string().transform((text, ctx) => {
    const value = parseJson(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
    ctx.addIssue({ code: "custom", message: "must be a JSON object" });
    return z.NEVER;
  }),
  planned_at: epochMs,
  due_at: epochMs,
  attempts: epochMs,
  lease: z.string().min(1, "must hold the claim's lease"),
});

/** A queued delivery is unusable (a corrupt record): an operator must look. */
export class DeliveryQueueError extends Error {
  override name = "DeliveryQueueError";
}

/** Redis did not answer. `where` names it without credentials; `cause` says why. */
export class DeliveryQueueUnavailableError extends Error {
  override name = "DeliveryQueueUnavailableError";
  constructor(
    readonly where: string,
    cause: unknown,
  ) {
    super(`the webhook delivery queue (${where}) is unavailable`);
    this.cause = cause;
  }
}

export class RedisDeliveryQueue implements DeliveryQueue {
  readonly adapter = "redis" as const;
  private readonly redis: Redis;
  private readonly ownsClient: boolean;
  private readonly keyPrefix: string;
  private readonly where: string;
  private readonly retentionMs: number;

  constructor(options: RedisDeliveryQueueOptions) {
    this.retentionMs = checkRetention(options.retentionMs ?? FINISHED_RETENTION_MS);
    this.keyPrefix = `${options.keyPrefix}{webhook-deliveries}:`;
    const connection = storeConnection(options);
    this.redis = connection.redis;
    this.ownsClient = connection.ownsClient;
    this.where = connection.where;
  }

  async enqueue(delivery: NewDelivery, dueMs: number): Promise<boolean> {
    const payloadJson = checkEnqueue(delivery, dueMs);
    const id = delivery.delivery_id;
    const enqueued = await this.call(() =>
      this.redis.eval(
        ENQUEUE_LUA,
        3,
        this.deliveryKey(id),
        this.doneKey(id),
        this.dueKey(),
        id,
        delivery.subscription_id,
        delivery.alert_event_id,
        delivery.kind,
        payloadJson,
        String(delivery.planned_at),
        String(dueMs),
      ),
    );
    return enqueued === 1;
  }

  async claim(nowMs: number, limit: number, leaseMs: number): Promise<PendingDelivery[]> {
    checkClaim(nowMs, limit, leaseMs);
    const lease = randomUUID();
    const reply = (await this.call(() =>
      this.redis.eval(
        CLAIM_LUA,
        1,
        this.dueKey(),
        String(nowMs),
        String(limit),
        String(nowMs + leaseMs),
        lease,
      ),
    )) as Array<string | string[]>;
    const claimed: PendingDelivery[] = [];
    for (let i = 0; i < reply.length; i += 2) {
      claimed.push(this.recordOf(reply[i] as string, reply[i + 1] as string[]));
    }
    return claimed;
  }

  async reschedule(
    deliveryId: string,
    lease: string,
    attempts: number,
    dueMs: number,
    outbox: readonly OutboxEntry[] = [],
  ): Promise<boolean> {
    checkReschedule(attempts, dueMs);
    const entries = outboxArgs(outbox);
    if (!DELIVERY_ID_PATTERN.test(deliveryId) || !isLeaseToken(lease)) return false;
    const moved = await this.call(() =>
      this.redis.eval(
        RESCHEDULE_LUA,
        3,
        this.deliveryKey(deliveryId),
        this.dueKey(),
        this.outboxKey(),
        deliveryId,
        lease,
        String(attempts),
        String(dueMs),
        ...entries,
      ),
    );
    return moved === 1;
  }

  async finish(
    deliveryId: string,
    lease: string,
    as: FinishedAs,
    outbox: readonly OutboxEntry[] = [],
  ): Promise<boolean> {
    checkFinishedAs(as);
    const entries = outboxArgs(outbox);
    if (!DELIVERY_ID_PATTERN.test(deliveryId) || !isLeaseToken(lease)) return false;
    const finished = await this.call(() =>
      this.redis.eval(
        FINISH_LUA,
        4,
        this.deliveryKey(deliveryId),
        this.dueKey(),
        this.doneKey(deliveryId),
        this.outboxKey(),
        deliveryId,
        lease,
        as,
        String(this.retentionMs),
        ...entries,
      ),
    );
    return finished === 1;
  }

  async outbox(limit: number): Promise<OutboxEntry[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit must be >= 1");
    const entries: OutboxEntry[] = [];
    let cursor = "0";
    do {
      const [next, flat] = await this.call(() =>
        this.redis.hscan(this.outboxKey(), cursor, "COUNT", limit),
      );
      cursor = next;
      for (let i = 1; i < flat.length && entries.length < limit; i += 2) {
        entries.push(this.parseOutbox(flat[i - 1] as string, flat[i] as string));
      }
    } while (cursor !== "0" && entries.length < limit);
    return entries;
  }

  async clearOutbox(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.call(() => this.redis.hdel(this.outboxKey(), ...ids));
  }

  async finished(deliveryId: string): Promise<FinishedAs | null> {
    if (!DELIVERY_ID_PATTERN.test(deliveryId)) return null;
    const as = await this.call(() => this.redis.get(this.doneKey(deliveryId)));
    if (as === null) return null;
    if (!(FINISHED_AS as readonly string[]).includes(as)) {
      throw new DeliveryQueueError(`webhook delivery ${this.doneKey(deliveryId)}: unknown outcome`);
    }
    return as as FinishedAs;
  }

  async stats(): Promise<{ pending: number; nextDueMs: number | null }> {
    const [pending, first] = (await this.call(() =>
      this.redis.eval(STATS_LUA, 1, this.dueKey()),
    )) as [number, string[]];
    return { pending, nextDueMs: first[1] === undefined ? null : Number(first[1]) };
  }

  async health(): Promise<DependencyHealth> {
    return probeDependency("redis", this.where, () => this.redis.ping());
  }

  async close(): Promise<void> {
    if (this.ownsClient) await closeRedis(this.redis);
  }

  private dueKey(): string {
    return `${this.keyPrefix}due`;
  }

  private outboxKey(): string {
    return `${this.keyPrefix}outbox`;
  }

  private parseOutbox(id: string, json: string): OutboxEntry {
    const parsed = outboxSchema.safeParse(parseJson(json));
    if (!parsed.success || parsed.data.id !== id) {
      throw new DeliveryQueueError(`webhook delivery outbox entry ${id}: not an outbox entry`);
    }
    return parsed.data;
  }

  private deliveryKey(id: string): string {
    return `${this.keyPrefix}d:${id}`;
  }

  private doneKey(id: string): string {
    return `${this.keyPrefix}done:${id}`;
  }

  private recordOf(id: string, flat: string[]): PendingDelivery {
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
    const parsed = hashSchema.safeParse(fields);
    if (!parsed.success) {
      // Paths and messages only: zod issues do not carry the input, so the payload stays out.
      const issues = parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`);
      throw new DeliveryQueueError(
        `webhook delivery ${this.deliveryKey(id)}: ${issues.join("; ")}`,
      );
    }
    const f = parsed.data;
    return {
      delivery_id: id,
      subscription_id: f.subscription_id,
      alert_event_id: f.alert_event_id,
      kind: f.kind,
      payload: f.payload,
      planned_at: f.planned_at,
      attempts: f.attempts,
      due_at: f.due_at,
      lease: f.lease,
    };
  }

  /**
   * Runs one Redis round trip. Connection failures and timeouts become
   * DeliveryQueueUnavailableError; an error reply from a reachable server (a bug, or a foreign key
   * in our namespace) stays as it is.
   */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      if (err instanceof Error && err.name === "ReplyError") throw err;
      throw new DeliveryQueueUnavailableError(this.where, err);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
