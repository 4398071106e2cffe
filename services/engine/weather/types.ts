/**
 * What routing and scoring need to know about the sea at a place and time. Directions in degrees
 * true: wind and waves in the meteorological convention (where they come FROM), currents in the
 * oceanographic one (where they go TO).
 */
export interface SeaConditions {
  /** Significant wave height of the combined sea, m. */
  hs_m: number;
  /** Mean wave period, s. */
  wave_period_s: number;
  /** Mean wave direction, coming from, deg. */
  wave_dir_deg: number;
  /** Sustained wind at 10 m, knots. */
  wind_kts: number;
  /** Wind direction, coming from, deg. */
  wind_dir_deg: number;
  /** Primary swell height, m. */
  swell_hs_m: number;
  swell_period_s: number;
  swell_dir_deg: number;
  /** Surface current speed, knots. */
  current_kts: number;
  /** Surface current direction, going to, deg. */
  current_dir_deg: number;
}

/** One of the conditions a place and time has (a key of SeaConditions). */
export type Condition = keyof SeaConditions;

/** Every condition, in the order SeaConditions lists them. */
export const CONDITIONS = [
  "hs_m",
  "wave_period_s",
  "wave_dir_deg",
  "wind_kts",
  "wind_dir_deg",
  "swell_hs_m",
  "swell_period_s",
  "swell_dir_deg",
  "current_kts",
  "current_dir_deg",
] as const satisfies readonly Condition[];

/**
 * Weather as a function of position and time: a forecast member, a reanalysis, or a test field.
 * It has every condition: routing and scoring read numbers and never check for a missing one.
 */
export interface WeatherField {
  /** Names where the numbers come from, for response metadata (e.g. "synthetic (not a forecast)"). */
  readonly label: string;
  /** Strongest surface current anywhere in the field, knots, if known: tightens route search (default 4). */
  readonly maxCurrentKts?: number;
  /**
   * Never set. A field that lacks some conditions is a PartialWeatherField, made whole by
   * withFallbacks (fallback.ts) before routing or scoring reads it; this property keeps one
   * from being passed where the other is wanted.
   */
  readonly missing?: undefined;
  at(lat: number, lon: number, timeMs: number): SeaConditions;
}

/**
 * Weather that lacks some conditions altogether: a forecast cycle whose model has no such
 * parameter (GFS and GEFS atmospheric files carry wind and no waves). A missing condition reads
 * NaN everywhere, never a number that could pass for weather (a flat sea, a calm).
 */
export interface PartialWeatherField {
  readonly label: string;
  readonly maxCurrentKts?: number;
  /** The conditions this field has no values for (empty when it has them all). */
  readonly missing: readonly Condition[];
  /** A new object on every call, so the caller may fill in what is missing. */
  at(lat: number, lon: number, timeMs: number): SeaConditions;
}

export const CALM: SeaConditions = {
  hs_m: 0,
  wave_period_s: 0,
  wave_dir_deg: 0,
  wind_kts: 0,
  wind_dir_deg: 0,
  swell_hs_m: 0,
  swell_period_s: 0,
  swell_dir_deg: 0,
  current_kts: 0,
  current_dir_deg: 0,
};

/** Flat calm everywhere, always: routing by distance alone. */
export const CALM_WEATHER: WeatherField = {
  label: "calm (no weather)",
  maxCurrentKts: 0,
  at: () => CALM,
};
