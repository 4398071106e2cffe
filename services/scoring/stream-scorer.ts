import type { Config } from "../platform/config";
import type { Logger } from "../platform/logger";
import { sharedRoutingNetwork } from "../routing/network";
import { CycleStore } from "../weather/cycle-store";
import { WeatherProvider } from "../weather/provider";
import { openReanalysis } from "../weather/reanalysis/open";
import { createScorer, type Scorer } from "./scorer";
import { warmScoringThreads } from "./warm-up";

/**
 * The scorer of a stream process (re-scoring, ensemble analyses): its own scoring threads over
 * the forecast cycles in WEATHER_DIR, as the API process has over its weather runtime.
 */
export function createStreamScorer(config: Config): Scorer {
  const provider = new WeatherProvider(
    new CycleStore(config.WEATHER_DIR),
    config.ROUTING_CACHE_DIR,
  );
  return createScorer(config, () => ({
    network: sharedRoutingNetwork,
    provider,
    reanalysis: openReanalysis(config, provider.syntheticWorld()),
  }));
}

/**
 * A stream process's scorer with its threads warmed, to be called before the process joins its
 * consumer groups: a cold thread's first job takes seconds, every partition's at once.
 */
export async function startWarmStreamScorer(config: Config, logger: Logger): Promise<Scorer> {
  const scorer = createStreamScorer(config);
  const warmedMs = await warmScoringThreads(scorer, config, Date.now());
  logger.info({ ms: warmedMs }, "scoring threads warmed");
  return scorer;
}
