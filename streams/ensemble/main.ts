import { EnsembleAnalyses } from "../../services/ensemble/analyses";
import { loadConfig } from "../../services/platform/config";
import { createLogger } from "../../services/platform/logger";
import { openPlatform } from "../../services/platform/platform";
import { runUntilSignalled } from "../../services/platform/process";
import { sharedRoutingNetwork } from "../../services/routing/network";
import { createScorer } from "../../services/scoring/scorer";
import { CycleStore } from "../../services/weather/cycle-store";
import { WeatherProvider } from "../../services/weather/provider";
import { openReanalysis } from "../../services/weather/reanalysis/open";
import { startEnsembleWorker } from "./worker";

/** Ensemble analyses as their own process (platform mode): `voyage-risk stream ensemble`. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, "ensemble");
  const platform = await openPlatform(config, logger);
  const provider = new WeatherProvider(new CycleStore(config.WEATHER_DIR));
  const scorer = createScorer(config, () => ({
    network: sharedRoutingNetwork,
    provider,
    reanalysis: openReanalysis(config, provider.syntheticWorld()),
  }));
  const analyses = new EnsembleAnalyses(
    platform.state,
    platform.analytics,
    config.ROUTE_RESULT_TTL_S * 1000,
  );
  const worker = await startEnsembleWorker({ bus: platform.bus, scorer, analyses });
  await worker.ready;
  logger.info({ scoring: scorer.description }, "ensemble analyses consuming");
  await runUntilSignalled(logger, async () => {
    await worker.stop();
    await scorer.close();
    await platform.close();
  });
}
