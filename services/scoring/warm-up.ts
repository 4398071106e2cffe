import type { Config } from "../platform/config";
import { cycleAtOrBefore, WEATHER_MODELS } from "../weather/models";
import { type Scorer, scoringThreads } from "./scorer";

const SYNTHETIC = WEATHER_MODELS.synthetic as (typeof WEATHER_MODELS)[string];
const DAY_MS = 86_400_000;

/**
 * Has every scoring thread re-score one short crossing against a week-old synthetic cycle, so
 * each has built its routing network and the synthetic climate (10-15 s on a 2-core machine)
 * before the process joins its consumer groups: otherwise the first cycle after a start waits on
 * that work, every partition at once. Answers the milliseconds it took.
 */
export async function warmScoringThreads(
  scorer: Scorer,
  config: Pick<Config, "SCORING_THREADS">,
  nowMs: number,
): Promise<number> {
  const started = performance.now();
  const weekOld = cycleAtOrBefore(nowMs, SYNTHETIC.cadence_h) - 7 * DAY_MS;
  const primary = {
    model: SYNTHETIC.id,
    cycleMs: weekOld,
    members: SYNTHETIC.members,
    resolutionDeg: SYNTHETIC.resolution_deg,
    horizonH: SYNTHETIC.horizon_h,
    synthetic: true,
    source: null,
    landedAtMs: weekOld,
  };
  // Two jobs per thread at once: the pool hands every thread at least one.
  await Promise.all(
    Array.from({ length: 2 * Math.max(1, scoringThreads(config)) }, (_, i) =>
      scorer.run({
        kind: "rescore",
        input: {
          voyageId: `warm-up-${i}`,
          vesselId: `warm-up-${i}`,
          vessel: { type: "container_ship" },
          departureMs: nowMs,
          route: [
            [-10, 45],
            [-40, 42],
          ],
          thresholds: {},
          previous: null,
        },
        forecast: { nowMs, choice: { primary } },
      }),
    ),
  );
  return Math.round(performance.now() - started);
}
