import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { startAnalyticsSink } from "./sink";

/** The analytics sink as its own process (platform mode): `voyage-risk stream analytics`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "analytics-sink");
  const platform = await openPlatform(config, logger);
  const sub = await startAnalyticsSink({
    bus: platform.bus,
    analytics: platform.analytics,
    batchSize: config.SINK_BATCH_SIZE,
    onFlush: (r) => logger.debug(r, "batch written"),
  });
  await sub.ready;
  logger.info({ mode: config.VOYAGE_RISK_MODE }, "analytics sink consuming");
  await runUntilSignalled(
    logger,
    [
      {
        name: "stopping the analytics sink (the batch in hand is written and committed)",
        run: () => sub.stop(),
      },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
