import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, expect } from "vitest";

/**
 * A Redis-backed store's integration test: one random key prefix for the run (parallel runs and
 * other suites never see each other's keys), a plain connection without the prefix to look at
 * and clean up what the store wrote, and a check after the suite that nothing is left behind.
 * Call at the top level of a test file: it registers its own afterAll.
 */
export function redisRunKeys(
  redisUrl: string,
  basePrefix: string,
  label: string,
): {
  keyPrefix: string;
  raw: Redis;
  keysUnder: (prefix: string) => Promise<string[]>;
  deleteRunKeys: () => Promise<void>;
} {
  const keyPrefix = `${basePrefix}test:${label}:${randomUUID()}:`;
  const raw = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const keysUnder = async (prefix: string): Promise<string[]> => {
    const found: string[] = [];
    let cursor = "0";
    do {
      // Prefixes hold `{…}` hash tags: escape glob specials so MATCH takes them literally.
      const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
      const [next, batch] = await raw.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== "0");
    return found;
  };
  const deleteRunKeys = async () => {
    const keys = await keysUnder(keyPrefix);
    if (keys.length > 0) await raw.unlink(...keys);
  };
  afterAll(async () => {
    await deleteRunKeys();
    expect(await keysUnder(keyPrefix)).toEqual([]);
    await raw.quit();
  });
  return { keyPrefix, raw, keysUnder, deleteRunKeys };
}
