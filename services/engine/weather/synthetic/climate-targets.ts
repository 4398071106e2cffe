import {
  ITCZ_SHIFT_DEG,
  type Monthly,
  OPEN_OCEAN_FETCH_KM,
  REGIONAL_PATCHES,
  type RegionalPatch,
  ZONAL_DIRECTION_SPREAD_DEG,
  ZONAL_FLOW_EAST,
  ZONAL_FLOW_NORTH,
  ZONAL_HS_M,
  ZONAL_LATS,
  ZONAL_WIND_CV,
  ZONAL_WIND_MS,
  type ZonalProfile,
} from "./climate-tables";

/**
 * The published mean climate at a place and calendar month, evaluated analytically from the
 * tables: zonal profiles interpolated linearly in latitude and on a cosine annual cycle between
 * January and July, then each regional patch blended in with a smooth (cosine-tapered) mask.
 */

/** Indices of the target vector. */
export const TARGET_WIND_MS = 0;
export const TARGET_HS_M = 1;
/** Mean flow: unit vector the wind blows TOWARDS (east, north). */
export const TARGET_FLOW_EAST = 2;
export const TARGET_FLOW_NORTH = 3;
export const TARGET_WIND_CV = 4;
export const TARGET_DIRECTION_SPREAD_DEG = 5;
export const TARGET_FETCH_KM = 6;
/** Background swell: unit vector of the direction it comes FROM (east, north), peak period. */
export const TARGET_SWELL_FROM_EAST = 7;
export const TARGET_SWELL_FROM_NORTH = 8;
export const TARGET_SWELL_PERIOD_S = 9;
/** Share of the open ocean's storm swell that reaches the place (1 open ocean). */
export const TARGET_SWELL_EXPOSURE = 10;
export const TARGET_FIELDS = 11;

const DEG = Math.PI / 180;

// The tables, bound once: transpiled modules read imported bindings through getters, and the
// climatology grid evaluates this ~200,000 times when it is built.
const LATS = ZONAL_LATS;
const WIND = ZONAL_WIND_MS;
const HS = ZONAL_HS_M;
const FLOW_EAST = ZONAL_FLOW_EAST;
const FLOW_NORTH = ZONAL_FLOW_NORTH;
const WIND_CV = ZONAL_WIND_CV;
const SPREAD = ZONAL_DIRECTION_SPREAD_DEG;
const PATCHES = REGIONAL_PATCHES;
const SHIFT = ITCZ_SHIFT_DEG;
const FETCH = OPEN_OCEAN_FETCH_KM;

/** Share of the way from January to July for calendar month `month` (0 = January). */
function julyWeight(month: number): number {
  return (1 - Math.cos((2 * Math.PI * month) / 12)) / 2;
}

function interpolateLat(values: readonly number[], lat: number): number {
  const first = LATS[0] as number;
  const step = (LATS[1] as number) - first;
  const x = Math.min(LATS.length - 1, Math.max(0, (lat - first) / step));
  const i = Math.min(LATS.length - 2, Math.floor(x));
  const f = x - i;
  return (values[i] as number) * (1 - f) + (values[i + 1] as number) * f;
}

function zonal(profile: ZonalProfile, lat: number, july: number): number {
  return interpolateLat(profile.jan, lat) * (1 - july) + interpolateLat(profile.jul, lat) * july;
}

function taper(distanceInside: number, width: number): number {
  if (distanceInside <= 0) return 0;
  if (distanceInside >= width) return 1;
  return (1 - Math.cos((Math.PI * distanceInside) / width)) / 2;
}

/** Weight of a patch at (lat, lon): 1 inside, 0 outside, cosine-tapered over `taperDeg` inside the edges. */
function patchWeight(patch: RegionalPatch, lat: number, lon: number): number {
  const south = patch.latRange[0];
  const north = patch.latRange[1];
  if (lat <= south || lat >= north) return 0;
  const west = patch.lonRange[0];
  const east = patch.lonRange[1];
  let l = lon;
  if (l < west) l += 360;
  const inLat = Math.min(lat - south, north - lat);
  const inLon = Math.min(l - west, east - l);
  return taper(inLat, patch.taperDeg) * taper(inLon, patch.taperDeg);
}

/**
 * Background swell direction and period where no patch says otherwise: swell from the Southern
 * Ocean westerlies reaches the whole southern and equatorial ocean from the south-west, and in
 * boreal winter swell from the North Atlantic and North Pacific storms arrives from the
 * north-west (Young 1999; Semedo et al. 2011). Each source's share falls off with distance from
 * its belt (45 deg); the period lengthens with distance (dispersion: the long waves outrun the
 * short, which also dissipate first).
 */
function backgroundSwell(lat: number, july: number, out: Float64Array): void {
  const fromSouth = Math.max(0, lat + 45);
  const fromNorth = Math.max(0, 45 - lat);
  const southEnergy = (0.8 + 0.2 * july) * Math.exp(-fromSouth / 35);
  const northEnergy = (1 - 0.75 * july) * Math.exp(-fromNorth / 30);
  const southFrom = (250 - 30 * Math.min(1, fromSouth / 45)) * DEG;
  const northFrom = (290 + 25 * Math.min(1, fromNorth / 45)) * DEG;
  const e = southEnergy * Math.sin(southFrom) + northEnergy * Math.sin(northFrom);
  const n = southEnergy * Math.cos(southFrom) + northEnergy * Math.cos(northFrom);
  const norm = Math.sqrt(e * e + n * n) || 1;
  out[TARGET_SWELL_FROM_EAST] = e / norm;
  out[TARGET_SWELL_FROM_NORTH] = n / norm;
  const southPeriod = 11 + 4 * Math.min(1, fromSouth / 60);
  const northPeriod = 10.5 + 4 * Math.min(1, fromNorth / 60);
  out[TARGET_SWELL_PERIOD_S] =
    (southEnergy * southPeriod + northEnergy * northPeriod) / (southEnergy + northEnergy);
}

function blend(out: Float64Array, index: number, value: number, w: number): void {
  out[index] = (out[index] as number) * (1 - w) + value * w;
}

/**
 * The mean climate at (lat, lon) in calendar month `month` (integer, 0 = January) into `out`
 * (TARGET_* indices). lon in degrees east, any range.
 */
export function climateTargetsAt(lat: number, lon: number, month: number, out: Float64Array): void {
  const lonN = ((((lon + 180) % 360) + 360) % 360) - 180;
  const july = julyWeight(month);
  out[TARGET_WIND_MS] = zonal(WIND, lat, july);
  out[TARGET_HS_M] = zonal(HS, lat, july);
  // The tropical wind belts follow the sun.
  const shift = SHIFT.jan * (1 - july) + SHIFT.jul * july;
  const flowLat = Math.abs(lat) < 35 ? lat - shift * (1 - Math.abs(lat) / 35) : lat;
  const fe = interpolateLat(FLOW_EAST, flowLat);
  const fn = interpolateLat(FLOW_NORTH, flowLat);
  const fNorm = Math.sqrt(fe * fe + fn * fn) || 1;
  out[TARGET_FLOW_EAST] = fe / fNorm;
  out[TARGET_FLOW_NORTH] = fn / fNorm;
  out[TARGET_WIND_CV] = interpolateLat(WIND_CV, flowLat);
  out[TARGET_DIRECTION_SPREAD_DEG] = interpolateLat(SPREAD, flowLat);
  out[TARGET_FETCH_KM] = FETCH;
  out[TARGET_SWELL_EXPOSURE] = 1;
  backgroundSwell(lat, july, out);

  for (const patch of PATCHES) {
    const w = patchWeight(patch, lat, lonN);
    if (w <= 0) continue;
    blend(out, TARGET_WIND_MS, monthly(patch.windMs, month), w);
    blend(out, TARGET_HS_M, monthly(patch.hsM, month), w);
    if (patch.windFromDeg) {
      const from = monthly(patch.windFromDeg, month) * DEG;
      blend(out, TARGET_FLOW_EAST, -Math.sin(from), w);
      blend(out, TARGET_FLOW_NORTH, -Math.cos(from), w);
      const e = out[TARGET_FLOW_EAST] as number;
      const n = out[TARGET_FLOW_NORTH] as number;
      const norm = Math.sqrt(e * e + n * n) || 1;
      out[TARGET_FLOW_EAST] = e / norm;
      out[TARGET_FLOW_NORTH] = n / norm;
    }
    if (patch.windCv !== undefined) blend(out, TARGET_WIND_CV, patch.windCv, w);
    if (patch.directionSpreadDeg !== undefined) {
      blend(out, TARGET_DIRECTION_SPREAD_DEG, patch.directionSpreadDeg, w);
    }
    if (patch.fetchKm !== undefined) {
      // Fetch blends geometrically: a short fetch dominates quickly near an enclosed sea.
      const f = out[TARGET_FETCH_KM] as number;
      out[TARGET_FETCH_KM] = f ** (1 - w) * patch.fetchKm ** w;
    }
    if (patch.swellFromDeg !== undefined) {
      const from = patch.swellFromDeg * DEG;
      blend(out, TARGET_SWELL_FROM_EAST, Math.sin(from), w);
      blend(out, TARGET_SWELL_FROM_NORTH, Math.cos(from), w);
      const e = out[TARGET_SWELL_FROM_EAST] as number;
      const n = out[TARGET_SWELL_FROM_NORTH] as number;
      const norm = Math.sqrt(e * e + n * n) || 1;
      out[TARGET_SWELL_FROM_EAST] = e / norm;
      out[TARGET_SWELL_FROM_NORTH] = n / norm;
    }
    if (patch.swellPeriodS !== undefined) blend(out, TARGET_SWELL_PERIOD_S, patch.swellPeriodS, w);
    if (patch.swellExposure !== undefined)
      blend(out, TARGET_SWELL_EXPOSURE, patch.swellExposure, w);
  }
}

function monthly(values: Monthly, month: number): number {
  return values[((month % 12) + 12) % 12] as number;
}
