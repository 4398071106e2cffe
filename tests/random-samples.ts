/**
 * Test helpers: a seeded generator (Mulberry32, Tommy Ettinger 2017) and random weather-sample
 * sequences shaped like a voyage (conditions that drift, so thresholds are crossed in runs, with
 * now and then a missing value or a sample of no hours). Used only by the tests beside it.
 */

import { seededRandom } from "../services/engine/random";

/** The engine's own seeded generator (Mulberry32), under the name these tests use. */
export const mulberry32 = seededRandom;

export interface RandomSample {
  hours: number;
  wind_kts: number;
  hs_m: number;
}

export function randomSamples(rand: () => number, maxLength = 80): RandomSample[] {
  const n = Math.floor(rand() * (maxLength + 1));
  const out: RandomSample[] = [];
  let wind = rand() * 45;
  let hs = rand() * 7;
  for (let i = 0; i < n; i++) {
    wind = Math.max(0, wind + (rand() - 0.5) * 16);
    hs = Math.max(0, hs + (rand() - 0.5) * 2.4);
    const r = rand();
    out.push({
      // Mostly 25 nm at 6-20 kt; sometimes no hours or a bad value.
      hours: r < 0.03 ? 0 : r < 0.05 ? Number.NaN : 25 / (6 + rand() * 14),
      wind_kts: rand() < 0.03 ? Number.NaN : Math.round(wind * 2) / 2,
      hs_m: rand() < 0.03 ? Number.POSITIVE_INFINITY : Math.round(hs * 4) / 4,
    });
  }
  return out;
}
