import type { Config } from "./config";

/**
 * Named places where a test can make this process die as a real crash would (SIGKILL: no
 * cleanup, no commit). Enabled only through FAILPOINTS, which production never sets.
 *
 * - `consumer.before-commit`: after a batch's effect is durable, before its offsets are committed.
 * - `reanalysis.after-chunk`: after the reanalysis loader's first INSERT, before the year is
 *   recorded complete.
 */
export type Failpoint = "consumer.before-commit" | "reanalysis.after-chunk";

export function crashAt(config: Config, name: Failpoint): (() => void) | undefined {
  if (!config.FAILPOINTS.includes(name)) return undefined;
  return () => {
    process.kill(process.pid, "SIGKILL");
  };
}
