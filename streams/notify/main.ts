import { loadConfig } from "../../services/platform/config";
import { crashAt } from "../../services/platform/failpoints";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { openDeliveryQueue } from "../../services/webhooks/delivery-queue-open";
import { openWebhookSubscriptions } from "../../services/webhooks/subscriptions-open";
import { notifySettings, startNotifyStream } from "./notify";

/**
 * Webhook delivery as its own process (platform mode): `voyage-risk stream notify`. Run several:
 * they share the alerts by partition and the delivery queue (Redis) by lease.
 */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "notify");
  const platform = await openPlatform(config, logger);
  const queue = openDeliveryQueue(config);
  const subscriptions = openWebhookSubscriptions(config);
  const crash = crashAt(config, "notify.after-first-delivery");
  const notify = await startNotifyStream({
    bus: platform.bus,
    queue,
    subscriptions,
    ...notifySettings(config),
    onError: (error) => logger.warn({ err: error }, "webhook dispatch failed; retrying"),
    // Ids and outcomes only: never a URL (it may carry a token) or a body.
    onAttempt: (r) => logger.info(r, "webhook attempt"),
    ...(crash ? { crashAfterDeliveredMove: crash } : {}),
  });
  await notify.ready;
  logger.info({ concurrency: config.WEBHOOK_CONCURRENCY }, "notify consuming");
  await runUntilSignalled(
    logger,
    [
      { name: "stopping webhook delivery", run: () => notify.stop() },
      {
        name: "closing the delivery queue and subscriptions",
        run: async () => {
          await queue.close();
          await subscriptions.close();
        },
      },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
