import type { Logger } from "./logger";

/** One part of a graceful shutdown, named for the log when the drain deadline passes. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

export interface DrainOptions {
  /**
   * Longest the shutdown may take (DRAIN_DEADLINE_MS, below Kubernetes' 30 s grace period by
   * default); past it the process exits 1, logging what it abandoned.
   */
  deadlineMs: number;
  /** What is still in hand, for that log line (e.g. the requests in flight). */
  pending?: () => Record<string, unknown>;
}

/** Exit code of a process whose drain ran out of time. */
export const DRAIN_DEADLINE_EXIT_CODE = 1;

/**
 * Waits for SIGINT/SIGTERM, then runs the shutdown steps in order (a second signal exits at
 * once, 130). If they have not finished when the deadline passes, the process exits 1 and logs
 * the step in progress and `pending()`: an orchestrator's grace period ends in SIGKILL, and a
 * process that exits by itself first says what it left undone. Resolves once every step is done.
 */
export function runUntilSignalled(
  logger: Logger,
  steps: readonly ShutdownStep[],
  options: DrainOptions,
): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) process.exit(130);
      stopping = true;
      const startedMs = Date.now();
      logger.info({ signal, deadline_ms: options.deadlineMs }, "shutting down");
      let current: string | null = steps[0]?.name ?? null;
      let done = false;
      const deadline = setTimeout(() => {
        if (done) {
          // Drained, but something still holds the event loop open: do not wait for it.
          logger.warn("shut down; open handles kept the process alive until the drain deadline");
          process.exit(process.exitCode ?? 0);
        }
        logger.error(
          {
            deadline_ms: options.deadlineMs,
            drained_for_ms: Date.now() - startedMs,
            abandoned: { step: current, ...(options.pending?.() ?? {}) },
          },
          "drain deadline passed: exiting with work abandoned",
        );
        process.exit(DRAIN_DEADLINE_EXIT_CODE);
      }, options.deadlineMs);
      (async () => {
        for (const step of steps) {
          current = step.name;
          try {
            await step.run();
          } catch (err) {
            logger.error({ err, step: step.name }, "shutdown step failed");
          }
        }
      })().finally(() => {
        done = true;
        current = null;
        // Exit as soon as nothing else keeps the process alive; the timer still fires if
        // something does.
        deadline.unref();
        logger.info({ drained_for_ms: Date.now() - startedMs }, "shut down");
        resolve();
      });
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
