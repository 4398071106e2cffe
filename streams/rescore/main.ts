import { randomUUID } from "node:crypto";
import { loadConfig } from "../../services/platform/config";
import { crashAt } from "../../services/platform/failpoints";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { startWarmStreamScorer } from "../../services/scoring/stream-scorer";
import { startRescoreFanout } from "./fanout";
import { startRescoreWorker } from "./worker";

/**
 * Re-scoring as its own process (platform mode): `voyage-risk stream rescore`. Every instance
 * runs the fan-out (one of them handles each cycle: one consumer group) and a worker (the
 * instances share voyages.rescore by partition), re-scoring on its own scoring threads.
 */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "rescore");
  const platform = await openPlatform(config, logger);
  const scorer = await startWarmStreamScorer(config, logger);
  const fanout = await startRescoreFanout({
    bus: platform.bus,
    instanceId: randomUUID(),
    onFannedOut: (r) => logger.info(r, "cycle fanned out"),
  });
  const crash = crashAt(config, "rescore.after-first-batch");
  const worker = await startRescoreWorker({
    bus: platform.bus,
    state: platform.state,
    scorer,
    onSkipped: (skip) => logger.warn(skip, "voyage not re-scored"),
    ...(crash ? { crashAfterFirstBatch: crash } : {}),
  });
  // "consuming" means both have joined: a cycle landed before the fan-out has is not seen.
  await Promise.all([fanout.ready, worker.ready]);
  logger.info({ scoring: scorer.description }, "re-scoring consuming");
  await runUntilSignalled(
    logger,
    [
      { name: "stopping the re-scoring fan-out", run: () => fanout.stop() },
      { name: "stopping the re-scoring worker", run: () => worker.stop() },
      { name: "closing the scoring threads", run: () => scorer.close() },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
