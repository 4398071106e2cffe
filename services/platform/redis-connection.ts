import { Redis } from "ioredis";

/**
 * Closes an ioredis connection without hanging: QUIT when connected, a plain disconnect when the
 * connection is down (QUIT would wait in the offline queue for a connection that may never come)
 * or when QUIT itself fails.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "end") return;
  if (redis.status !== "ready") {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/**
 * A URL without user or password (a Redis URL as scheme://host:port/db, the schema registry's
 * as scheme://host:port/path): for errors, health and logs. `what` names it when unparseable.
 */
export function describeWithoutCredentials(url: string, what = "redis"): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return `${what} (unparseable URL)`;
  }
}

/** How a Redis-backed store reaches Redis: its own connection from a URL, or the caller's. */
export type RedisStoreOptions =
  | {
      /** redis:// or rediss:// URL; credentials in it are used but never reported. */
      url: string;
      /** Prepended to every key the store writes (REDIS_KEY_PREFIX, or a test run's own). */
      keyPrefix: string;
      connectTimeoutMs?: number;
      /** Longest wait for one command: stores answer requests from it. */
      commandTimeoutMs?: number;
    }
  | {
      /** A connection owned by the caller (close() leaves it open); its own keyPrefix also applies. */
      client: Redis;
      keyPrefix: string;
    };

/**
 * A store's connection: lazy (opening a store, e.g. in a CLI that then fails on its arguments,
 * costs nothing), failing a command promptly on a dead Redis (one reconnect attempt, then the
 * store answers 503), quiet about reconnects (the failing command reports them).
 */
export function storeConnection(options: RedisStoreOptions): {
  redis: Redis;
  ownsClient: boolean;
  where: string;
} {
  if ("client" in options) {
    return { redis: options.client, ownsClient: false, where: "redis (caller's connection)" };
  }
  const redis = new Redis(options.url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    maxRetriesPerRequest: 1,
  });
  redis.on("error", () => undefined);
  return { redis, ownsClient: true, where: describeWithoutCredentials(options.url) };
}
