import { randomUUID } from "node:crypto";
import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { startAdvisoriesStream } from "./advisories";

/** The advisories stream as its own process (platform mode): `voyage-risk stream advisories`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "advisories");
  const platform = await openPlatform(config, logger);
  const stream = await startAdvisoriesStream({
    bus: platform.bus,
    instanceId: randomUUID(),
    onAlerted: (r) => logger.info(r, "advisory told to voyages"),
  });
  logger.info({ mode: config.VOYAGE_RISK_MODE }, "advisories consuming");
  await runUntilSignalled(
    logger,
    [
      { name: "stopping the advisories stream", run: () => stream.stop() },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
