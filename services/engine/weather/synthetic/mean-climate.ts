import type { SeaConditions } from "../types";
import {
  climateTargetsAt,
  TARGET_FETCH_KM,
  TARGET_FIELDS,
  TARGET_FLOW_EAST,
  TARGET_FLOW_NORTH,
  TARGET_HS_M,
  TARGET_SWELL_FROM_EAST,
  TARGET_SWELL_FROM_NORTH,
  TARGET_SWELL_PERIOD_S,
  TARGET_WIND_MS,
} from "./climate-targets";
import { ClimateSample } from "./climatology";
import { currentAt, directionDeg } from "./currents";
import { meanSeaState, SeaSample } from "./sea-state";

/**
 * The published mean state at a place and point of the seasonal cycle, straight from the tables
 * (no grid to build): what a reanalysis or backtest uses as "the climate", and what forecasts fade
 * to beyond their horizon.
 */

/**
 * The climatological mean state at (lat, lon) for a month index: 0 = January's mean ... 11 =
 * December's; fractions interpolate between monthly means with a cosine weight (so 0.5 is the
 * turn of January and February). Wind is the published mean along the mean flow; Hs the
 * published mean, split into the wind sea of that wind and swell.
 */
export function climatologyAt(lat: number, lon: number, monthIndex: number): SeaConditions {
  const lonN = ((((lon + 180) % 360) + 360) % 360) - 180;
  const m0 = Math.floor(monthIndex);
  const w = (1 - Math.cos(Math.PI * (monthIndex - m0))) / 2;
  const a = new Float64Array(TARGET_FIELDS);
  const b = new Float64Array(TARGET_FIELDS);
  climateTargetsAt(lat, lonN, ((m0 % 12) + 12) % 12, a);
  climateTargetsAt(lat, lonN, (((m0 + 1) % 12) + 12) % 12, b);
  const mix = (i: number) => (a[i] as number) * (1 - w) + (b[i] as number) * w;
  const c = new ClimateSample();
  c.windMeanMs = mix(TARGET_WIND_MS);
  c.hsMeanM = mix(TARGET_HS_M);
  c.flowEast = mix(TARGET_FLOW_EAST);
  c.flowNorth = mix(TARGET_FLOW_NORTH);
  c.fetchKm = mix(TARGET_FETCH_KM);
  c.swellFromEast = mix(TARGET_SWELL_FROM_EAST);
  c.swellFromNorth = mix(TARGET_SWELL_FROM_NORTH);
  c.swellPeriodS = mix(TARGET_SWELL_PERIOD_S);
  const r = new SeaSample();
  meanSeaState(c, r, new Float64Array(2));
  const uv = new Float64Array(2);
  currentAt(lat, lonN, uv);
  r.currentKts = Math.hypot(uv[0] as number, uv[1] as number);
  r.currentDirDeg = directionDeg(uv[0] as number, uv[1] as number);
  return r.toConditions();
}
