/**
 * Exceedance counts of the route-risk interface's insurance payload: how many distinct times the
 * voyage breaches the caller's wind and wave thresholds (insurance.thresholds.wind_kts, .wave_m).
 *
 * Definitions (samples in voyage order, e.g. 25 nm route segments):
 * - A sample is above a threshold when its value is a finite number strictly greater than it; a
 *   value that is not a finite number counts as not above.
 * - A wind (wave) breach EPISODE is a maximal run of consecutive samples above the wind (wave)
 *   threshold. Any sample at or below the threshold ends the episode: there is no smoothing, so
 *   one 25 nm segment below the threshold in the middle of a gale splits it into two episodes
 *   (callers who want a dip ignored can smooth the samples before counting). A sample with no
 *   data also ends the episode, since it counts as not above.
 * - A COMBINED episode is a run of consecutive samples where wind and wave are both above; two
 *   such runs are the same combined episode when they fall in the same wind episode or in the
 *   same wave episode (transitively). Without that merge, a long gale (one wind episode) with the
 *   sea rising above and falling back below the wave threshold twice would give two combined
 *   runs but one wind episode; with it, every combined episode holds at least one wind and one
 *   wave episode of its own, so combined_breaches <= min(wind, wave) always.
 *
 * Sample hours play no part: an episode is counted whatever its length.
 */

export interface ExceedanceSample {
  wind_kts: number;
  hs_m: number;
}

export interface ExceedanceThresholds {
  wind_kts: number;
  wave_m: number;
}

export interface ExceedanceCounts {
  wind_threshold_breaches: number;
  wave_threshold_breaches: number;
  combined_breaches: number;
}

function above(value: number, threshold: number): boolean {
  return Number.isFinite(value) && value > threshold;
}

export function exceedanceCounts(
  samples: ReadonlyArray<ExceedanceSample>,
  thresholds: ExceedanceThresholds,
): ExceedanceCounts {
  let windEpisodes = 0;
  let waveEpisodes = 0;
  let combined = 0;
  let prevWind = false;
  let prevWave = false;
  let prevBoth = false;
  // The wind and wave episode (by number) the last combined run lay in; -1 before any.
  let lastBothWindEpisode = -1;
  let lastBothWaveEpisode = -1;
  for (const s of samples) {
    const wind = above(s.wind_kts, thresholds.wind_kts);
    const wave = above(s.hs_m, thresholds.wave_m);
    if (wind && !prevWind) windEpisodes++;
    if (wave && !prevWave) waveEpisodes++;
    const both = wind && wave;
    if (both) {
      // Episode numbers are the counts so far: constant within a run.
      const windEpisode = windEpisodes;
      const waveEpisode = waveEpisodes;
      // A new combined run continues the previous combined episode when it shares its wind or
      // its wave episode (then it shares it with the previous run too: an episode spanning
      // earlier runs spans every run in between, so merging with the last one is enough).
      if (!prevBoth && windEpisode !== lastBothWindEpisode && waveEpisode !== lastBothWaveEpisode) {
        combined++;
      }
      lastBothWindEpisode = windEpisode;
      lastBothWaveEpisode = waveEpisode;
    }
    prevWind = wind;
    prevWave = wave;
    prevBoth = both;
  }
  return {
    wind_threshold_breaches: windEpisodes,
    wave_threshold_breaches: waveEpisodes,
    combined_breaches: combined,
  };
}
