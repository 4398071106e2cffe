import { workerData } from "node:worker_threads";
import type { Config } from "../platform/config";
import { failAt } from "../platform/failpoints";
import { sharedRoutingNetwork } from "../routing/network";
import type { ScoringDeps } from "../underwriting/voyage-risk";
import { CycleStore } from "../weather/cycle-store";
import { WeatherProvider } from "../weather/provider";
import { openReanalysis } from "../weather/reanalysis/open";
import { runJob, type ScoringJob } from "./jobs";
import { type JobOutcome, outcomeOfError } from "./scorer";

/**
 * A scoring worker thread (WorkerPoolScorer): its own routing network, weather provider over the
 * shared cycle store, and reanalysis store, from the API's config, all made on its first job (a
 * process that never scores pays only for starting the thread).
 */
let deps: ScoringDeps | undefined;

function scoringDeps(): ScoringDeps {
  if (deps) return deps;
  const config = (workerData as { config: Config }).config;
  const provider = new WeatherProvider(new CycleStore(config.WEATHER_DIR));
  deps = {
    network: sharedRoutingNetwork,
    provider,
    reanalysis: openReanalysis(config, provider.syntheticWorld()),
  };
  return deps;
}

/** Test-only (FAILPOINTS scoring.engine-failure): every job fails as an engine failure would. */
const beforeJob = failAt((workerData as { config: Config }).config, "scoring.engine-failure");

export default async function score(job: ScoringJob): Promise<JobOutcome> {
  try {
    beforeJob?.();
    return { ok: true, value: await runJob(scoringDeps(), job) };
  } catch (err) {
    return outcomeOfError(err);
  }
}
