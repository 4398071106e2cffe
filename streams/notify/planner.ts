import type { EventBus, Subscription } from "../../services/platform/events/port";
import { TOPIC } from "../../services/platform/events/topics";
import type { DeliveryQueue } from "../../services/webhooks/delivery-queue";
import { webhookOfAlert } from "../../services/webhooks/payloads";
import { webhookDeliveryId } from "../../services/webhooks/signing";
import type { WebhookSubscriptionStore } from "../../services/webhooks/subscriptions";

/**
 * The delivery planner (consumer group "notify" on voyages.alerts): each alert becomes one
 * delivery per subscription that matches it when the alert is read (the key's active
 * subscriptions for its kind and fleet), queued due at once. The offset is committed after the
 * deliveries are queued; an alert read again (a crash before the commit, or the same alert
 * published again by a repeated re-score) plans the same delivery ids, which the queue refuses.
 */
export const NOTIFY_GROUP = "notify";

export function startDeliveryPlanner(opts: {
  bus: EventBus;
  queue: DeliveryQueue;
  subscriptions: WebhookSubscriptionStore;
  now?: () => number;
  groupId?: string;
  onPlanned?: (report: { alert_event_id: string; deliveries: number }) => void;
}): Promise<Subscription> {
  const now = opts.now ?? Date.now;
  return opts.bus.subscribe({
    groupId: opts.groupId ?? NOTIFY_GROUP,
    topics: [TOPIC.voyageAlerts],
    fromBeginning: true,
    maxBatchSize: 200,
    concurrentPartitions: 4,
    // Redis down is an outage, not poison: keep the alerts until it is back.
    dependencyHealthy: async () => (await opts.queue.health()).status === "up",
    handleBatch: async (events) => {
      for (const e of events) {
        const webhook = webhookOfAlert(e);
        if (!webhook || webhook.keyId === null) continue;
        const matching = await opts.subscriptions.matching({
          kind: webhook.kind,
          keyId: webhook.keyId,
          fleetId: webhook.fleetId,
        });
        let planned = 0;
        for (const subscription of matching) {
          const plannedAt = now();
          const fresh = await opts.queue.enqueue(
            {
              delivery_id: webhookDeliveryId(subscription.id, e.value.event_id),
              subscription_id: subscription.id,
              alert_event_id: e.value.event_id,
              kind: webhook.kind,
              payload: webhook.payload,
              planned_at: plannedAt,
            },
            plannedAt,
          );
          if (fresh) planned++;
        }
        opts.onPlanned?.({ alert_event_id: e.value.event_id, deliveries: planned });
      }
    },
  });
}
