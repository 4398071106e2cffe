import type { Logger } from "./logger";

/** Waits for SIGINT/SIGTERM, then shuts down gracefully (a second signal exits at once). */
export function runUntilSignalled(logger: Logger, shutdown: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) process.exit(130);
      stopping = true;
      logger.info({ signal }, "shutting down");
      shutdown()
        .catch((err) => logger.error({ err }, "shutdown failed"))
        .finally(() => resolve());
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
