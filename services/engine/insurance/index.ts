/**
 * The route-risk interface's insurance metrics (interface spec 2.5-2.6; domain guide, "Insurance
 * metrics"): weather exposure hours, exceedance counts and per-voyage loss probability. Pure:
 * no I/O, no clock, deterministic.
 */

export {
  type ExceedanceCounts,
  type ExceedanceSample,
  type ExceedanceThresholds,
  exceedanceCounts,
} from "./exceedance";
export {
  EXPOSURE_THRESHOLDS,
  samplesFromSegments,
  transitHours,
  type WeatherExposureHours,
  type WeatherSample,
  weatherExposureHours,
} from "./exposure-hours";
export {
  BASE_COUNTS,
  BASE_HOURLY_RATE_INTERVALS,
  BASE_HOURLY_RATES,
  exposureMultiplier,
  HEAVY_WEATHER,
  type Interval,
  LOSS_SOURCES,
  type LossExposure,
  type LossInput,
  type LossProbability,
  type LossSource,
  lossInputFromSamples,
  lossProbability,
  MAX_MULTIPLIER,
  weightedExposureHours,
} from "./loss-probability";
export { poissonExactInterval } from "./poisson";
