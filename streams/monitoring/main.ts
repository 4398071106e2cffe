import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { startMonitoringProjector } from "./projector";

/** The monitored-voyage projector as its own process (platform mode): `voyage-risk stream monitoring`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "monitoring-projector");
  const platform = await openPlatform(config, logger);
  const sub = await startMonitoringProjector({ bus: platform.bus, state: platform.state });
  await sub.ready;
  logger.info({ mode: config.VOYAGE_RISK_MODE }, "monitoring projector consuming");
  await runUntilSignalled(
    logger,
    [
      { name: "stopping the monitoring projector", run: () => sub.stop() },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
