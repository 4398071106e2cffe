import type { Config } from "../platform/config";
import type { DeliveryQueue } from "./delivery-queue";
import { MemoryDeliveryQueue } from "./delivery-queue-memory";
import { RedisDeliveryQueue } from "./delivery-queue-redis";

/**
 * The webhook deliveries waiting for their next attempt: Redis in platform mode (every notify and
 * dispatcher process shares them, and they outlive a crash), this process's memory in the
 * embedded default (gone at restart, like the rest of its state). Nothing connects until first use.
 */
export function openDeliveryQueue(config: Config): DeliveryQueue {
  if (config.VOYAGE_RISK_MODE === "platform") {
    return new RedisDeliveryQueue({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  }
  return new MemoryDeliveryQueue();
}
