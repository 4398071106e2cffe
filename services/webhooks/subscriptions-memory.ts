import { newWebhookSecret } from "./signing";
import {
  byCreation,
  copyOfSubscription,
  type MatchQuery,
  type NewSubscription,
  newSubscription,
  newSubscriptionId,
  normalizeDisabledReason,
  type PublicSubscription,
  type SubscriptionWithSecret,
  subscriptionMatches,
  type WebhookSubscriptionStore,
} from "./subscriptions";

/**
 * The embedded default's subscriptions: in this process only, gone at restart (as the rest of the
 * embedded default's state). Every answer is a copy, so a caller cannot change what is stored.
 */
export class MemoryWebhookSubscriptionStore implements WebhookSubscriptionStore {
  private readonly byId = new Map<string, SubscriptionWithSecret>();

  async create(request: NewSubscription): Promise<SubscriptionWithSecret> {
    let subscription = newSubscription(request);
    // A 128-bit collision is all but impossible; if one happens, draw again.
    while (this.byId.has(subscription.id))
      subscription = { ...subscription, id: newSubscriptionId() };
    const secret = newWebhookSecret();
    this.byId.set(subscription.id, { subscription, secret });
    return { subscription: copyOfSubscription(subscription), secret };
  }

  async get(id: string): Promise<PublicSubscription | null> {
    const found = this.byId.get(id);
    return found ? copyOfSubscription(found.subscription) : null;
  }

  async getWithSecret(id: string): Promise<SubscriptionWithSecret | null> {
    const found = this.byId.get(id);
    return found
      ? { subscription: copyOfSubscription(found.subscription), secret: found.secret }
      : null;
  }

  async listForKey(keyId: string): Promise<PublicSubscription[]> {
    return [...this.byId.values()]
      .map((s) => s.subscription)
      .filter((s) => s.key_id === keyId)
      .sort(byCreation)
      .map(copyOfSubscription);
  }

  async matching(query: MatchQuery): Promise<PublicSubscription[]> {
    return (await this.listForKey(query.keyId)).filter((s) => subscriptionMatches(s, query));
  }

  async delete(id: string): Promise<boolean> {
    return this.byId.delete(id);
  }

  async disable(id: string, reason: string): Promise<boolean> {
    const why = normalizeDisabledReason(reason);
    const found = this.byId.get(id);
    if (!found) return false;
    if (found.subscription.status !== "disabled") {
      found.subscription.status = "disabled";
      found.subscription.disabled_reason = why;
    }
    return true;
  }

  /** Nothing to release. */
  async close(): Promise<void> {}
}
