import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { EngineError } from "../engine/errors";
import type { Config } from "../platform/config";
import { AppError, type ErrorCode } from "../platform/errors";
import { failAt } from "../platform/failpoints";
import type { ScoringDeps } from "../underwriting/voyage-risk";
import { type JobResult, runJob, type ScoringJob } from "./jobs";

/**
 * Where the scoring computations (underwriting and route-risk) run. The API thread only validates, authenticates,
 * chooses the forecast and publishes events; routing, the ensemble and the history (tens of
 * milliseconds of CPU each) run on a pool of worker threads, so concurrent requests use every
 * core and a health check never waits behind a score. With SCORING_THREADS=0 they run in the
 * API thread (one process that must stay single-threaded, and the reference the pool is
 * tested against: both give the same answers).
 */
export interface Scorer {
  /** "in-process" or "N worker threads". */
  readonly description: string;
  run<J extends ScoringJob>(job: J): Promise<JobResult<J>>;
  close(): Promise<void>;
}

export function scoringThreads(config: Pick<Config, "SCORING_THREADS">): number {
  return config.SCORING_THREADS === "auto" ? availableParallelism() : config.SCORING_THREADS;
}

/** The scorer a deployment's config asks for; `deps` serve the in-process one. */
export function createScorer(config: Config, deps: () => ScoringDeps): Scorer {
  const threads = scoringThreads(config);
  return threads === 0
    ? new InProcessScorer(deps(), failAt(config, "scoring.engine-failure"))
    : new WorkerPoolScorer(config, threads);
}

export class InProcessScorer implements Scorer {
  readonly description = "in-process";
  constructor(
    private readonly deps: ScoringDeps,
    /** Test-only: called before every job (FAILPOINTS scoring.engine-failure). */
    private readonly beforeJob?: () => void,
  ) {}
  async run<J extends ScoringJob>(job: J): Promise<JobResult<J>> {
    this.beforeJob?.();
    return runJob(this.deps, job);
  }
  async close(): Promise<void> {
    await this.deps.reanalysis.close();
  }
}

/**
 * How a job ends, as it crosses back from a worker: errors lose their classes in a structured
 * clone, so the typed ones travel as their code, message and details and are made again here.
 */
export type JobOutcome<T = unknown> =
  | { ok: true; value: T }
  | {
      ok: false;
      kind: "app" | "engine" | "internal";
      code: string;
      message: string;
      details?: Record<string, unknown>;
      stack?: string;
    };

export function outcomeOfError(err: unknown): JobOutcome<never> {
  if (err instanceof AppError) {
    return { ok: false, kind: "app", code: err.code, message: err.message, details: err.details };
  }
  if (err instanceof EngineError) {
    return {
      ok: false,
      kind: "engine",
      code: err.code,
      message: err.message,
      details: err.details,
    };
  }
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    ok: false,
    kind: "internal",
    code: "internal_error",
    message: e.message,
    stack: e.stack,
  };
}

export function errorOfOutcome(o: Extract<JobOutcome, { ok: false }>): Error {
  switch (o.kind) {
    case "app":
      return new AppError(o.code as ErrorCode, o.message, o.details);
    case "engine":
      return new EngineError(o.code as EngineError["code"], o.message, o.details ?? {});
    case "internal": {
      const err = new Error(`scoring worker: ${o.message}`);
      if (o.stack) err.stack = `scoring worker: ${o.stack}`;
      return err;
    }
  }
}

/** CommonJS, so piscina never require()s an ES module (see scoring-worker.cjs). */
export const WORKER_ENTRY = new URL("./scoring-worker.cjs", import.meta.url).href;

/** What a scoring thread is started with (its workerData). */
export interface WorkerSetup {
  config: Config;
  /** Make the network, the weather and the reanalysis grid as soon as the thread starts. */
  warmUp: boolean;
  /** One Int32 shared by the pool's threads: whose turn it is to build a routing network. */
  networkTurn: Int32Array;
}

export class WorkerPoolScorer implements Scorer {
  readonly description: string;
  readonly #pool: Piscina;

  constructor(config: Config, threads: number) {
    this.description = `${threads} worker thread${threads === 1 ? "" : "s"}`;
    const setup: WorkerSetup = {
      config,
      warmUp: config.SCORING_WARM_UP,
      networkTurn: new Int32Array(new SharedArrayBuffer(4)),
    };
    this.#pool = new Piscina({
      filename: WORKER_ENTRY,
      minThreads: threads,
      maxThreads: threads,
      // Each worker holds its routing network and caches: keep them for the process's life.
      idleTimeout: Number.POSITIVE_INFINITY,
      // Scores are CPU-bound: one at a time per thread, the rest queue.
      concurrentTasksPerWorker: 1,
      // An idle thread waits for tasks on its event loop, not blocked in Atomics.wait, so the
      // warm-up it starts on its own (scoring-worker.cjs) runs before any task arrives.
      atomics: "disabled",
      workerData: setup,
    });
  }

  async run<J extends ScoringJob>(job: J): Promise<JobResult<J>> {
    const outcome = (await this.#pool.run(job)) as JobOutcome<JobResult<J>>;
    if (outcome.ok) return outcome.value;
    throw errorOfOutcome(outcome);
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
