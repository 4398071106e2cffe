import type { Config } from "../platform/config";
import { sharedRoutingNetwork } from "../routing/network";
import { CycleStore } from "../weather/cycle-store";
import { WeatherProvider } from "../weather/provider";
import { openReanalysis } from "../weather/reanalysis/open";
import { createScorer, type Scorer } from "./scorer";

/**
 * The scorer of a stream process (re-scoring, ensemble analyses): its own scoring threads over
 * the forecast cycles in WEATHER_DIR, as the API process has over its weather runtime.
 */
export function createStreamScorer(config: Config): Scorer {
  const provider = new WeatherProvider(new CycleStore(config.WEATHER_DIR));
  return createScorer(config, () => ({
    network: sharedRoutingNetwork,
    provider,
    reanalysis: openReanalysis(config, provider.syntheticWorld()),
  }));
}
