import type { Redis } from "ioredis";

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

/** A Redis URL as scheme://host:port/db, without user or password: for errors, health and logs. */
export function describeWithoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "redis (unparseable URL)";
  }
}
