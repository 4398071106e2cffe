import {
  climateTargetsAt,
  TARGET_DIRECTION_SPREAD_DEG,
  TARGET_FETCH_KM,
  TARGET_FIELDS,
  TARGET_FLOW_EAST,
  TARGET_FLOW_NORTH,
  TARGET_HS_M,
  TARGET_SWELL_EXPOSURE,
  TARGET_SWELL_FROM_EAST,
  TARGET_SWELL_FROM_NORTH,
  TARGET_SWELL_PERIOD_S,
  TARGET_WIND_CV,
  TARGET_WIND_MS,
} from "./climate-targets";
import { StormShare } from "./storm-share";
import { windSea } from "./waves";

/**
 * The storm-free background climate on a 2 degree grid for each calendar month, built once from
 * the published means (climate-targets.ts). The synthetic weather is background + smooth noise +
 * storms + storm swell; the background is chosen so that this sum has the published MEAN:
 *
 * 1. Storms' share (storm-share.ts): the storms the generator produces over a few calibration
 *    years add, on average, so much to the wind speed, to Hs through their wind sea, and to the
 *    swell energy; the background wind is the published mean less the storms' addition (and
 *    likewise for Hs).
 * 2. Noise. The background wind is multiplied by (1 + cv n), n smooth unit-variance noise, which
 *    keeps its mean. Wind sea grows with the square of the wind, so its mean is taken over the
 *    distribution of n (7-point Gauss-Hermite quadrature).
 * 3. Swell. What remains of the mean Hs once the wind sea and the explicit storms' swell are
 *    accounted for is swell from distant storms: the background swell height s solves
 *    mean_n sqrt(ws(n)^2 + s^2 + E_storm_swell) = Hs_target.
 *
 * Sampling interpolates bilinearly in latitude and longitude and with a cosine weight between
 * monthly means (centred mid-month), so the climate is smooth in space and season.
 */

const GRID_DEG = 2;
const NLAT = 180 / GRID_DEG + 1;
const NLON = 360 / GRID_DEG;

/** Fields of the grid, per node and month. */
const WIND_BG = 0;
const FLOW_EAST = 1;
const FLOW_NORTH = 2;
const WIND_CV = 3;
const SPREAD = 4;
const FETCH = 5;
const SWELL_HS = 6;
const SWELL_FROM_EAST = 7;
const SWELL_FROM_NORTH = 8;
const SWELL_PERIOD = 9;
const WIND_MEAN = 10;
const HS_MEAN = 11;
const EXPOSURE = 12;
const FIELDS = 13;

/** The climate at a place and point of the season. */
export class ClimateSample {
  /** Mean speed of the storm-free background wind, m/s. */
  windBgMs = 0;
  /** Unit vector the mean wind blows TOWARDS (east, north). */
  flowEast = 0;
  flowNorth = 0;
  /** Coefficient of variation of the background wind speed. */
  windCv = 0;
  /** Standard deviation of the wind direction about the mean, radians. */
  directionSpreadRad = 0;
  fetchKm = 0;
  /** Background swell height, m, the unit vector it comes FROM (east, north), its peak period, s. */
  swellHsM = 0;
  swellFromEast = 0;
  swellFromNorth = 0;
  swellPeriodS = 0;
  /** The published means (storms included). */
  windMeanMs = 0;
  hsMeanM = 0;
  /** Share of the background swell that enters from the open ocean (1 open, ~0 enclosed seas). */
  swellExposure = 1;
}

/** Gauss-Hermite nodes and weights for a standard normal, 7 points (Abramowitz and Stegun, 1964, table 25.10, rescaled to unit variance and unit total weight). */
const HERMITE_NODES = [
  0, 1.1544053947, -1.1544053947, 2.3667594107, -2.3667594107, 3.7504397177, -3.7504397177,
];
const HERMITE_WEIGHTS = [
  0.4571428571, 0.2401231786, 0.2401231786, 0.030757124, 0.030757124, 0.0005482689, 0.0005482689,
];

/** The background wind's lowest multiple of its mean (calm patches, never negative). */
export const MIN_WIND_FACTOR = 0.1;

function gridIndex(month: number, iy: number, ix: number): number {
  return ((month * NLAT + iy) * NLON + ix) * FIELDS;
}

/** Values in a grid's data (ClimatologyGrid.data). */
export const CLIMATOLOGY_GRID_VALUES = 12 * NLAT * NLON * FIELDS;

export class ClimatologyGrid {
  /**
   * Every node's fields by month: what the constructor computes (about a second) from the tables
   * and the calibration storms alone, the same for every world, so a caller may keep it and pass
   * it back (`kept`) instead.
   */
  readonly data: Float32Array;
  private readonly values = new Float64Array(FIELDS);

  constructor(kept?: Float32Array) {
    if (kept !== undefined) {
      if (kept.length !== CLIMATOLOGY_GRID_VALUES) {
        throw new RangeError(
          `a climatology grid holds ${CLIMATOLOGY_GRID_VALUES} values, not ${kept.length}`,
        );
      }
      this.data = kept;
      return;
    }
    const share = new StormShare();
    this.data = new Float32Array(CLIMATOLOGY_GRID_VALUES);
    const target = new Float64Array(TARGET_FIELDS);
    const sea = new Float64Array(2);
    const ws = new Float64Array(HERMITE_NODES.length);
    for (let month = 0; month < 12; month++) {
      for (let iy = 0; iy < NLAT; iy++) {
        const lat = -90 + iy * GRID_DEG;
        for (let ix = 0; ix < NLON; ix++) {
          const lon = -180 + ix * GRID_DEG;
          climateTargetsAt(lat, lon, month, target);
          const windMean = target[TARGET_WIND_MS] as number;
          const hsMean = target[TARGET_HS_M] as number;
          const cv = target[TARGET_WIND_CV] as number;
          const fetch = target[TARGET_FETCH_KM] as number;
          const windBg = Math.max(0.5 * windMean, windMean - share.windMs(lat, lon, month));
          const hsBg = Math.max(0.5 * hsMean, hsMean - share.windSeaHsM(lat, lon, month));
          const stormSwellEnergy =
            share.swellEnergyM2(lat, lon, month) * (target[TARGET_SWELL_EXPOSURE] as number);
          for (let k = 0; k < HERMITE_NODES.length; k++) {
            const factor = Math.max(MIN_WIND_FACTOR, 1 + cv * (HERMITE_NODES[k] as number));
            windSea(windBg * factor, fetch, sea);
            ws[k] = sea[0] as number;
          }
          const swell = solveSwell(ws, stormSwellEnergy, hsBg);
          const at = gridIndex(month, iy, ix);
          const d = this.data;
          d[at + WIND_BG] = windBg;
          d[at + FLOW_EAST] = target[TARGET_FLOW_EAST] as number;
          d[at + FLOW_NORTH] = target[TARGET_FLOW_NORTH] as number;
          d[at + WIND_CV] = cv;
          d[at + SPREAD] = ((target[TARGET_DIRECTION_SPREAD_DEG] as number) * Math.PI) / 180;
          d[at + FETCH] = fetch;
          d[at + SWELL_HS] = swell;
          d[at + SWELL_FROM_EAST] = target[TARGET_SWELL_FROM_EAST] as number;
          d[at + SWELL_FROM_NORTH] = target[TARGET_SWELL_FROM_NORTH] as number;
          d[at + SWELL_PERIOD] = target[TARGET_SWELL_PERIOD_S] as number;
          d[at + WIND_MEAN] = windMean;
          d[at + HS_MEAN] = hsMean;
          d[at + EXPOSURE] = target[TARGET_SWELL_EXPOSURE] as number;
        }
      }
    }
  }

  /**
   * The background climate at (lat, lon) for a continuous month index (0 = mid-January, see
   * calendar.ts) into `out`. lon in [-180, 180).
   */
  sample(lat: number, lon: number, monthIndex: number, out: ClimateSample): void {
    const m0 = Math.floor(monthIndex);
    const fm = monthIndex - m0;
    const wm = (1 - Math.cos(Math.PI * fm)) / 2;
    const month0 = ((m0 % 12) + 12) % 12;
    const month1 = month0 === 11 ? 0 : month0 + 1;
    const y = Math.min(NLAT - 1.000001, Math.max(0, (lat + 90) / GRID_DEG));
    const x = (lon + 180) / GRID_DEG;
    const iy = Math.floor(y);
    const ixf = Math.floor(x);
    const wy = y - iy;
    const wx = x - ixf;
    const ix0 = ((ixf % NLON) + NLON) % NLON;
    const ix1 = ix0 + 1 === NLON ? 0 : ix0 + 1;
    const d = this.data;
    const v = this.values;
    // Bilinear in space for each of the two months, then the cosine blend between them.
    const w0 = 1 - wm;
    const k00 = (1 - wy) * (1 - wx);
    const k01 = (1 - wy) * wx;
    const k10 = wy * (1 - wx);
    const k11 = wy * wx;
    const a0 = gridIndex(month0, iy, ix0);
    const b0 = gridIndex(month0, iy, ix1);
    const c0 = gridIndex(month0, iy + 1, ix0);
    const e0 = gridIndex(month0, iy + 1, ix1);
    const a1 = gridIndex(month1, iy, ix0);
    const b1 = gridIndex(month1, iy, ix1);
    const c1 = gridIndex(month1, iy + 1, ix0);
    const e1 = gridIndex(month1, iy + 1, ix1);
    for (let f = 0; f < FIELDS; f++) {
      v[f] =
        w0 *
          (k00 * (d[a0 + f] as number) +
            k01 * (d[b0 + f] as number) +
            k10 * (d[c0 + f] as number) +
            k11 * (d[e0 + f] as number)) +
        wm *
          (k00 * (d[a1 + f] as number) +
            k01 * (d[b1 + f] as number) +
            k10 * (d[c1 + f] as number) +
            k11 * (d[e1 + f] as number));
    }
    out.windBgMs = v[WIND_BG] as number;
    out.flowEast = v[FLOW_EAST] as number;
    out.flowNorth = v[FLOW_NORTH] as number;
    out.windCv = v[WIND_CV] as number;
    out.directionSpreadRad = v[SPREAD] as number;
    out.fetchKm = v[FETCH] as number;
    out.swellHsM = v[SWELL_HS] as number;
    out.swellFromEast = v[SWELL_FROM_EAST] as number;
    out.swellFromNorth = v[SWELL_FROM_NORTH] as number;
    out.swellPeriodS = v[SWELL_PERIOD] as number;
    out.windMeanMs = v[WIND_MEAN] as number;
    out.hsMeanM = v[HS_MEAN] as number;
    out.swellExposure = v[EXPOSURE] as number;
  }
}

/**
 * Background swell s with the mean over the quadrature of sqrt(ws^2 + s^2 + E_storm) equal to
 * `hsMean` (bisection; E_storm the storms' mean swell energy), or a small floor where wind sea and
 * storm swell already make up the mean.
 */
function solveSwell(ws: Float64Array, stormSwellEnergy: number, hsMean: number): number {
  const floor = 0.05 * hsMean;
  if (quadratureMeanHs(ws, floor * floor + stormSwellEnergy) >= hsMean) return floor;
  let lo = floor;
  let hi = hsMean;
  for (let i = 0; i < 16; i++) {
    const mid = (lo + hi) / 2;
    if (quadratureMeanHs(ws, mid * mid + stormSwellEnergy) < hsMean) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Mean over the quadrature nodes of sqrt(ws^2 + swell energy). */
function quadratureMeanHs(ws: Float64Array, swellEnergy: number): number {
  let sum = 0;
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k] as number;
    sum += (HERMITE_WEIGHTS[k] as number) * Math.sqrt(w * w + swellEnergy);
  }
  return sum;
}
