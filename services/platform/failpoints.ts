import type { Config } from "./config";

/**
 * Named places where a test can make this process die as a real crash would (SIGKILL: no
 * cleanup, no commit). Enabled only through FAILPOINTS, which production never sets.
 *
 * - `consumer.before-commit`: after a batch's effect is durable, before its offsets are committed.
 * - `reanalysis.after-chunk`: after the reanalysis loader's first INSERT, before the year is
 *   recorded complete.
 * - `rescore.after-first-batch`: a re-scoring worker, after publishing its first batch's events
 *   (scores and alerts), before that batch's commit, while other partitions' batches are in
 *   hand (a crash mid-cycle: the batch is redone, its events published again).
 * - `notify.after-first-delivery`: a webhook dispatcher, after the queue took its first delivered
 *   attempt's move, before that attempt's record is published (left in the outbox).
 * - `scoring.engine-failure`: not a crash: every scoring job throws an unexpected error (the
 *   routing engine failing), which the API must answer with a 500 that leaks nothing.
 */
export type Failpoint =
  | "consumer.before-commit"
  | "reanalysis.after-chunk"
  | "rescore.after-first-batch"
  | "notify.after-first-delivery"
  | "scoring.engine-failure";

export function crashAt(config: Config, name: Failpoint): (() => void) | undefined {
  if (!config.FAILPOINTS.includes(name)) return undefined;
  return () => {
    process.kill(process.pid, "SIGKILL");
  };
}

/** A failpoint that throws an unexpected error where it is called (see `scoring.engine-failure`). */
export function failAt(config: Config, name: Failpoint): (() => void) | undefined {
  if (!config.FAILPOINTS.includes(name)) return undefined;
  return () => {
    throw new Error(`failpoint ${name}: engine state dump at 0x7f3a (internal detail)`);
  };
}
