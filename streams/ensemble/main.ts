import { EnsembleAnalyses } from "../../services/ensemble/analyses";
import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { createStreamScorer } from "../../services/scoring/stream-scorer";
import { warmScoringThreads } from "../../services/scoring/warm-up";
import { startEnsembleWorker } from "./worker";

/** Ensemble analyses as their own process (platform mode): `voyage-risk stream ensemble`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "ensemble");
  const platform = await openPlatform(config, logger);
  const scorer = createStreamScorer(config);
  // Before joining: a cold thread's first job takes seconds, every partition's at once.
  const warmedMs = await warmScoringThreads(scorer, config, Date.now());
  logger.info({ ms: warmedMs }, "scoring threads warmed");
  const analyses = EnsembleAnalyses.of(platform);
  const worker = await startEnsembleWorker({ bus: platform.bus, scorer, analyses });
  await worker.ready;
  logger.info({ scoring: scorer.description }, "ensemble analyses consuming");
  await runUntilSignalled(logger, async () => {
    await worker.stop();
    await scorer.close();
    await platform.close();
  });
}
