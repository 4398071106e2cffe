import { EnsembleAnalyses } from "../../services/ensemble/analyses";
import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { startWarmStreamScorer } from "../../services/scoring/stream-scorer";
import { startEnsembleWorker } from "./worker";

/** Ensemble analyses as their own process (platform mode): `voyage-risk stream ensemble`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "ensemble");
  const platform = await openPlatform(config, logger);
  const scorer = await startWarmStreamScorer(config, logger);
  const analyses = EnsembleAnalyses.of(platform);
  const worker = await startEnsembleWorker({ bus: platform.bus, scorer, analyses });
  await worker.ready;
  logger.info({ scoring: scorer.description }, "ensemble analyses consuming");
  await runUntilSignalled(
    logger,
    [
      { name: "stopping the ensemble worker", run: () => worker.stop() },
      { name: "closing the scoring threads", run: () => scorer.close() },
      { name: "closing the platform's adapters", run: () => platform.close() },
    ],
    { deadlineMs: config.DRAIN_DEADLINE_MS },
  );
}
