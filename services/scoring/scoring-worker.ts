import { workerData } from "node:worker_threads";
import type { RoutingNetwork } from "../engine/routing/router";
import { failAt } from "../platform/failpoints";
import { sharedRoutingNetwork } from "../routing/network";
import type { ScoringDeps } from "../underwriting/voyage-risk";
import { CycleStore } from "../weather/cycle-store";
import { WeatherProvider } from "../weather/provider";
import { openReanalysis } from "../weather/reanalysis/open";
import { runJob, type ScoringJob } from "./jobs";
import { type JobOutcome, outcomeOfError, type WorkerSetup } from "./scorer";

/**
 * A scoring worker thread (WorkerPoolScorer): its own routing network, weather provider over the
 * shared cycle store, and reanalysis store, from the API's config. With `warmUp` they are made as
 * soon as the thread starts (scoring-worker.cjs), before any request asks; without, on its first
 * job (a process that never scores pays only for starting the thread).
 */
const setup = workerData as WorkerSetup;

let deps: ScoringDeps | undefined;
function scoringDeps(): ScoringDeps {
  if (deps) return deps;
  const provider = new WeatherProvider(
    new CycleStore(setup.config.WEATHER_DIR),
    setup.config.ROUTING_CACHE_DIR,
  );
  deps = {
    network: networkInTurn,
    provider,
    reanalysis: openReanalysis(setup.config, provider.syntheticWorld()),
  };
  return deps;
}

/**
 * The thread's network, built while no other thread of the pool builds its own: the first to
 * build computes what the routing cache keeps (seconds on a fresh machine) and the others then
 * read it (under a second) instead of computing it too, all at once, on the same cores. Without
 * a cache directory there is nothing to share, and every thread builds at once.
 */
let network: RoutingNetwork | undefined;
function networkInTurn(): RoutingNetwork {
  if (network) return network;
  const turn = setup.config.ROUTING_CACHE_DIR === "" ? undefined : setup.networkTurn;
  if (turn) takeTurn(turn);
  try {
    network = sharedRoutingNetwork();
  } finally {
    if (turn) {
      Atomics.store(turn, 0, 0);
      Atomics.notify(turn, 0);
    }
  }
  return network;
}

/**
 * Waits for the turn (0: free, 1: taken). A thread that died while building never gives it back,
 * so a wait ends after NETWORK_TURN_MS and builds regardless.
 */
const NETWORK_TURN_MS = 120_000;
function takeTurn(turn: Int32Array): void {
  const until = Date.now() + NETWORK_TURN_MS;
  while (Atomics.compareExchange(turn, 0, 0, 1) !== 0) {
    const left = until - Date.now();
    if (left <= 0) return;
    Atomics.wait(turn, 0, 1, left);
  }
}

/**
 * What every job needs, made before the first: the weather provider, the synthetic world and the
 * reanalysis grid, and the network. A thread that finds another building its network makes the
 * rest first, then reads the network the other kept. Failures are left to the first job, which
 * makes the same things again and reports what went wrong as a job does.
 */
export function warmUp(): void {
  try {
    const turn = setup.config.ROUTING_CACHE_DIR === "" ? undefined : setup.networkTurn;
    const free = turn === undefined || Atomics.load(turn, 0) === 0;
    if (free) networkInTurn();
    scoringDeps();
    networkInTurn();
  } catch {
    // The first job meets it again.
  }
}

/** Test-only (FAILPOINTS scoring.engine-failure): every job fails as an engine failure would. */
const beforeJob = failAt(setup.config, "scoring.engine-failure");

export default async function score(job: ScoringJob): Promise<JobOutcome> {
  try {
    beforeJob?.();
    return { ok: true, value: await runJob(scoringDeps(), job) };
  } catch (err) {
    return outcomeOfError(err);
  }
}
