import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "../services/platform/config";
import { sharedRoutingNetwork } from "../services/routing/network";
import type { ForecastAt, ScoringDeps } from "../services/underwriting/voyage-risk";
import { CycleStore } from "../services/weather/cycle-store";
import { weatherModel } from "../services/weather/models";
import { WeatherProvider } from "../services/weather/provider";
import { openReanalysis } from "../services/weather/reanalysis/open";

/**
 * For tests that score against one fixed synthetic cycle (not the cycle of the day they run):
 * the scoring dependencies over a weather folder of the test's own, and the forecast choice.
 */
export function syntheticScoringDeps(label: string): { config: Config; deps: ScoringDeps } {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEATHER_DIR: mkdtempSync(join(tmpdir(), `${label}-`)),
  });
  const provider = new WeatherProvider(
    new CycleStore(config.WEATHER_DIR),
    config.ROUTING_CACHE_DIR,
  );
  return {
    config,
    deps: {
      network: sharedRoutingNetwork,
      provider,
      reanalysis: openReanalysis(config, provider.syntheticWorld()),
    },
  };
}

/** The synthetic cycle of `cycleMs` as the forecast a request arriving at `nowMs` is scored on. */
export function syntheticForecastAt(cycleMs: number, nowMs: number): ForecastAt {
  const model = weatherModel("synthetic");
  return {
    nowMs,
    choice: {
      primary: {
        model: "synthetic",
        cycleMs,
        members: model?.members ?? 31,
        resolutionDeg: model?.resolution_deg ?? 0.25,
        horizonH: model?.horizon_h ?? 384,
        synthetic: true,
        source: null,
        landedAtMs: nowMs,
      },
    },
  };
}
