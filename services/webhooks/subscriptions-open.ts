import type { Config } from "../platform/config";
import type { WebhookSubscriptionStore } from "./subscriptions";
import { MemoryWebhookSubscriptionStore } from "./subscriptions-memory";
import { RedisWebhookSubscriptionStore } from "./subscriptions-redis";

/**
 * The subscriptions the API registers and the webhook streams deliver to: Redis in platform mode
 * (every process sees the same ones), this process's memory in the embedded default (gone at
 * restart, like the rest of its state). Nothing connects until first use.
 */
export function openWebhookSubscriptions(config: Config): WebhookSubscriptionStore {
  if (config.VOYAGE_RISK_MODE === "platform") {
    return new RedisWebhookSubscriptionStore({
      url: config.REDIS_URL,
      keyPrefix: config.REDIS_KEY_PREFIX,
    });
  }
  return new MemoryWebhookSubscriptionStore();
}
