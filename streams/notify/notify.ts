import type { Config } from "../../services/platform/config";
import type { EventBus } from "../../services/platform/events/port";
import type { DeliveryQueue } from "../../services/webhooks/delivery-queue";
import type { ResolveHost } from "../../services/webhooks/destination";
import type { WebhookSubscriptionStore } from "../../services/webhooks/subscriptions";
import { WebhookDispatcher } from "./dispatcher";
import { startDeliveryPlanner } from "./planner";

/**
 * The notify stream: the planner (alerts into the delivery queue) and the dispatcher (due
 * deliveries out as signed POSTs) of one process. Several processes share the work: the planner
 * by partition of voyages.alerts, the dispatcher by leases on the shared queue.
 */
export interface NotifyStream {
  readonly dispatcher: WebhookDispatcher;
  /** Resolves once the planner consumes its partitions. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/** The delivery settings of the configuration (WEBHOOK_*), as startNotifyStream takes them. */
export function notifySettings(config: Config) {
  return {
    allowlist: config.WEBHOOK_ALLOWLIST,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
    retryScale: config.WEBHOOK_RETRY_SCALE,
  };
}

export async function startNotifyStream(opts: {
  bus: EventBus;
  queue: DeliveryQueue;
  subscriptions: WebhookSubscriptionStore;
  allowlist: readonly string[];
  timeoutMs: number;
  concurrency: number;
  retryScale: number;
  resolve?: ResolveHost;
  onError?: (error: unknown) => void;
  onAttempt?: (report: { delivery_id: string; attempt: number; outcome: string }) => void;
  crashAfterDeliveredMove?: () => void;
}): Promise<NotifyStream> {
  const dispatcher = new WebhookDispatcher({
    queue: opts.queue,
    subscriptions: opts.subscriptions,
    bus: opts.bus,
    allowlist: opts.allowlist,
    timeoutMs: opts.timeoutMs,
    concurrency: opts.concurrency,
    retryScale: opts.retryScale,
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
    ...(opts.onError ? { onError: opts.onError } : {}),
    ...(opts.onAttempt ? { onAttempt: opts.onAttempt } : {}),
    ...(opts.crashAfterDeliveredMove
      ? { crashAfterDeliveredMove: opts.crashAfterDeliveredMove }
      : {}),
  });
  const planner = await startDeliveryPlanner({
    bus: opts.bus,
    queue: opts.queue,
    subscriptions: opts.subscriptions,
    onPlanned: (r) => {
      if (r.deliveries > 0) dispatcher.wake();
    },
  });
  dispatcher.start();
  return {
    dispatcher,
    ready: planner.ready,
    stop: async () => {
      await planner.stop();
      await dispatcher.stop();
    },
  };
}
