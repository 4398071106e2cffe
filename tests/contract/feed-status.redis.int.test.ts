import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll } from "vitest";
import { loadConfig } from "../../services/platform/config";
import { createRedisFastState } from "../../services/platform/limits/redis";
import { feedStatusContract } from "./feed-status.contract";

const config = loadConfig();
/** One random prefix per run, so parallel runs never see each other's keys. */
const keyPrefix = `${config.REDIS_KEY_PREFIX}test:feed-status:${randomUUID()}:`;

afterAll(async () => {
  const raw = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const keys = await raw.keys(`${keyPrefix}*`);
  if (keys.length > 0) await raw.unlink(...keys);
  await raw.quit();
});

feedStatusContract("redis", async () => createRedisFastState({ url: config.REDIS_URL, keyPrefix }));
