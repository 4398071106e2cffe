import { MemoryWebhookSubscriptionStore } from "../../services/webhooks/subscriptions-memory";
import { webhookSubscriptionStoreContract } from "./webhook-subscriptions.contract";

/**
 * A memory store's backing is the instance itself, so "a second instance on the same backing" is
 * the same instance: the factory hands it out until cleanup, and the next test gets a fresh one.
 */
let shared: MemoryWebhookSubscriptionStore | undefined;

webhookSubscriptionStoreContract(
  "memory",
  async () => {
    shared ??= new MemoryWebhookSubscriptionStore();
    return shared;
  },
  async () => {
    shared = undefined;
  },
);
