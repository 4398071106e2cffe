import { climatologyAt } from "./synthetic/mean-climate";
import type { SeaConditions, WeatherField } from "./types";

/**
 * A forecast up to its horizon, then climatology: departures weeks or months ahead (as
 * underwriters ask) are scored against the month's climatological mean beyond the forecast's
 * reach, blended linearly over `blendH` hours where both are given. Directions blend as vectors.
 */
export class HorizonBlend implements WeatherField {
  readonly label: string;
  readonly maxCurrentKts: number;

  constructor(
    private readonly forecast: WeatherField,
    private readonly climatology: WeatherField,
    /** Last time the forecast covers, ms. */
    readonly horizonEndMs: number,
    private readonly blendH = 24,
  ) {
    this.label = `${forecast.label}, to ${new Date(horizonEndMs).toISOString()}; beyond it ${climatology.label}`;
    this.maxCurrentKts = Math.max(forecast.maxCurrentKts ?? 4, climatology.maxCurrentKts ?? 4);
  }

  /** Share of the forecast in the blend at a time (1 up to the horizon, 0 after the blend). */
  forecastShare(timeMs: number): number {
    if (timeMs <= this.horizonEndMs) return 1;
    return Math.max(0, 1 - (timeMs - this.horizonEndMs) / (this.blendH * 3_600_000));
  }

  at(lat: number, lon: number, timeMs: number): SeaConditions {
    const w = this.forecastShare(timeMs);
    if (w >= 1) return this.forecast.at(lat, lon, timeMs);
    const c = this.climatology.at(lat, lon, timeMs);
    if (w <= 0) return c;
    const f = this.forecast.at(lat, lon, timeMs);
    const mix = (a: number, b: number) => a * w + b * (1 - w);
    const dir = (a: number, b: number) => {
      const r = Math.PI / 180;
      const x = w * Math.sin(a * r) + (1 - w) * Math.sin(b * r);
      const y = w * Math.cos(a * r) + (1 - w) * Math.cos(b * r);
      return (((Math.atan2(x, y) / r) % 360) + 360) % 360;
    };
    return {
      hs_m: mix(f.hs_m, c.hs_m),
      wave_period_s: mix(f.wave_period_s, c.wave_period_s),
      wave_dir_deg: dir(f.wave_dir_deg, c.wave_dir_deg),
      wind_kts: mix(f.wind_kts, c.wind_kts),
      wind_dir_deg: dir(f.wind_dir_deg, c.wind_dir_deg),
      swell_hs_m: mix(f.swell_hs_m, c.swell_hs_m),
      swell_period_s: mix(f.swell_period_s, c.swell_period_s),
      swell_dir_deg: dir(f.swell_dir_deg, c.swell_dir_deg),
      current_kts: mix(f.current_kts, c.current_kts),
      current_dir_deg: dir(f.current_dir_deg, c.current_dir_deg),
    };
  }
}

/**
 * The month's climatological mean state (the published seasonal means the synthetic reanalysis is
 * kept on; see services/engine/weather/synthetic/climate-tables.ts), interpolated smoothly
 * between mid-months.
 */
export const MONTHLY_CLIMATOLOGY: WeatherField = {
  label: "climatology: monthly means of the reanalysis's climate (synthetic climate tables)",
  maxCurrentKts: 3.5,
  at(lat, lon, timeMs) {
    return climatologyAt(lat, lon, climateMonthIndex(timeMs));
  },
};

/** The month index climatologyAt takes at a time: 0 at mid-January, fractions between. */
export function climateMonthIndex(timeMs: number): number {
  const d = new Date(timeMs);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return d.getUTCMonth() + (timeMs - start) / (end - start) - 0.5;
}
