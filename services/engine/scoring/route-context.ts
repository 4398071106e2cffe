import { climateMonthIndex } from "../weather/horizon-blend";
import { climatologyAt } from "../weather/synthetic/mean-climate";
import { STORM_BASINS } from "../weather/synthetic/storm-basins";
import type { ScoringVessel } from "./vessel-types";
import type { SeasonalHazard } from "./vsi";

/**
 * The month's climatological hazard along a route (the VSI's seasonal dimension): the published
 * monthly mean Hs and wind (the climatology the synthetic weather is kept on) against the vessel's
 * limits, time in tropical-cyclone basins in their season (weighted by the basin's monthly
 * activity), in the winter storm belts and in seasonal ice waters.
 */

export interface TimedPoint {
  lat: number;
  lon: number;
  timeMs: number;
  hours: number;
}

const TROPICAL = STORM_BASINS.filter((b) => b.kind === "tropical");
/** Cyclones travel well beyond where they form: the basin is the genesis box widened by this. */
const TRACK_MARGIN_DEG = 10;

/** Share (0-1) of a tropical basin's peak activity at this place and month, 0 outside it. */
export function tropicalCycloneActivity(lat: number, lon: number, month: number): number {
  let best = 0;
  for (const b of TROPICAL) {
    const [la0, la1] = b.genesisLat;
    const inLat =
      b.hemisphere === 1
        ? lat >= la0 && lat <= la1 + TRACK_MARGIN_DEG
        : lat <= la1 && lat >= la0 - TRACK_MARGIN_DEG;
    if (!inLat) continue;
    const [lo0, lo1] = b.genesisLon;
    const east = lon < lo0 - TRACK_MARGIN_DEG ? lon + 360 : lon;
    if (east < lo0 - TRACK_MARGIN_DEG || east > lo1 + TRACK_MARGIN_DEG) continue;
    const peak = Math.max(...b.perDay);
    if (peak > 0) best = Math.max(best, (b.perDay[month] as number) / peak);
  }
  return best;
}

export function seasonalHazard(
  points: readonly TimedPoint[],
  vessel: ScoringVessel,
): SeasonalHazard {
  let hours = 0;
  let hs = 0;
  let wind = 0;
  let tc = 0;
  let winter = 0;
  let ice = 0;
  for (const p of points) {
    const month = new Date(p.timeMs).getUTCMonth();
    const clim = climatologyAt(p.lat, p.lon, climateMonthIndex(p.timeMs));
    hours += p.hours;
    hs += (clim.hs_m / vessel.max_wave_m) * p.hours;
    wind += (clim.wind_kts / vessel.max_wind_kts) * p.hours;
    tc += tropicalCycloneActivity(p.lat, p.lon, month) * p.hours;
    const northernWinter = month >= 9 || month <= 2;
    const winterHere = p.lat >= 0 ? northernWinter : !northernWinter;
    const absLat = Math.abs(p.lat);
    if (winterHere && absLat >= 40 && absLat <= 65) winter += p.hours;
    // Seasonal sea ice reaches below the polar circles from late autumn to late spring.
    const iceSeason = p.lat >= 0 ? month >= 10 || month <= 4 : month >= 4 && month <= 10;
    if (iceSeason && absLat >= 60) ice += p.hours;
  }
  const share = (v: number) => (hours > 0 ? v / hours : 0);
  return {
    climate_hs_ratio: share(hs),
    climate_wind_ratio: share(wind),
    tropical_cyclone_share: share(tc),
    winter_storm_share: share(winter),
    ice_share: share(ice),
  };
}
