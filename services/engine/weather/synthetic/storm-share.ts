import { calendarMonthAt, DAY_MS, EPOCH_2000_MS } from "./calendar";
import {
  climateTargetsAt,
  TARGET_FETCH_KM,
  TARGET_FIELDS,
  TARGET_FLOW_EAST,
  TARGET_FLOW_NORTH,
  TARGET_HS_M,
  TARGET_WIND_MS,
} from "./climate-targets";
import { StormCatalogue } from "./storm-catalogue";
import {
  bearingDeg,
  greatCircleKm,
  stormSwellSource,
  swellDecay,
  swellDirectionalWeight,
  swellSourceRadiusKm,
} from "./storm-swell";
import type { StormTrack } from "./storm-track";
import { cutoffRadiusKm, KM_PER_DEG, TRACK_STEP_MS } from "./storm-track";
import { addStormWind, StormWindSum } from "./storm-wind";
import { seaFetchKm, windSea } from "./waves";

/**
 * How much the explicit storms add, on average, to the wind speed, to Hs through their wind sea,
 * and to the swell energy, by place and calendar month: measured once on the storms the
 * generator produces over a few calibration years, so that the background climate can leave that
 * much room (climatology.ts) and the total keeps the published means.
 *
 * - Wind and wind sea, on a 4 degree grid: the storm's wind exactly as the field makes it
 *   (storm-wind.ts), added to the mean background flow; the sea follows with the storm's fetch.
 * - Swell, on a 10 degree grid: the mean swell energy at a place is the storms' swell emission
 *   (source height squared x time) per source cell, carried by the same decay law as the swell
 *   itself (storm-swell.ts); the arrival delay does not change a mean. Cell-centre distances
 *   miss most of the near field (the strongest swell arrives 700-1500 km from its storm, within a
 *   cell or two), so the result is scaled by NEAR_FIELD_FACTOR, measured by sampling the field's
 *   storm swell over five years at 18 places and seasons against this estimate (ratios 0.8-2.9,
 *   median 1.9).
 * Both are smoothed over neighbouring cells and months (three years of storms are few).
 */

const CALIBRATION_SEED = 0x5eed;
const CALIBRATION_YEARS = 3;
/** Calibrate every fourth track step (12 h). */
const CALIBRATION_STEP = 4;
/** Reference background for the storms' share: a storm adds less to an already windy place. */
const REFERENCE_BACKGROUND_SHARE = 0.85;
const REFERENCE_SWELL_SHARE = 0.7;
const NEAR_FIELD_FACTOR = 1.8;

const WIND_GRID_DEG = 4;
const WIND_NLAT = 180 / WIND_GRID_DEG;
const WIND_NLON = 360 / WIND_GRID_DEG;
const SWELL_GRID_DEG = 10;
const SWELL_NLAT = 180 / SWELL_GRID_DEG;
const SWELL_NLON = 360 / SWELL_GRID_DEG;

export class StormShare {
  private readonly wind: Float64Array;
  private readonly swell: Float64Array;

  constructor() {
    const catalogue = new StormCatalogue(CALIBRATION_SEED);
    const t0 = EPOCH_2000_MS + 366 * DAY_MS;
    const t1 = t0 + CALIBRATION_YEARS * 365.25 * DAY_MS;
    const storms = catalogue.alive(t0, t1);
    const monthMs = new Float64Array(12);
    for (let t = t0; t < t1; t += DAY_MS / 4) {
      const m = calendarMonthAt(t);
      monthMs[m] = (monthMs[m] as number) + DAY_MS / 4;
    }
    this.wind = smooth(windShare(storms, t0, t1, monthMs), WIND_NLAT, WIND_NLON, 2);
    this.swell = smooth(swellShare(storms, t0, t1, monthMs), SWELL_NLAT, SWELL_NLON, 1);
  }

  /** Mean addition of the storms to the wind speed at (lat, lon) in calendar month `month`, m/s. */
  windMs(lat: number, lon: number, month: number): number {
    return bilinear(this.wind, WIND_GRID_DEG, WIND_NLAT, WIND_NLON, 2, 0, lat, lon, month);
  }

  /** Mean addition of the storms' wind sea to Hs, m. */
  windSeaHsM(lat: number, lon: number, month: number): number {
    return bilinear(this.wind, WIND_GRID_DEG, WIND_NLAT, WIND_NLON, 2, 1, lat, lon, month);
  }

  /** Mean energy (Hs^2, m^2) of the storms' swell, before any sheltering. */
  swellEnergyM2(lat: number, lon: number, month: number): number {
    return bilinear(this.swell, SWELL_GRID_DEG, SWELL_NLAT, SWELL_NLON, 1, 0, lat, lon, month);
  }
}

/** Bilinear in a cell-centred grid of `fields` values per cell, month-major. */
function bilinear(
  grid: Float64Array,
  cellDeg: number,
  nlat: number,
  nlon: number,
  fields: number,
  field: number,
  lat: number,
  lon: number,
  month: number,
): number {
  const y = Math.min(nlat - 1.000001, Math.max(0, (lat + 90) / cellDeg - 0.5));
  const x = (lon + 180) / cellDeg - 0.5;
  const iy = Math.floor(y);
  const ixf = Math.floor(x);
  const wy = y - iy;
  const wx = x - ixf;
  const ix0 = ((ixf % nlon) + nlon) % nlon;
  const ix1 = ix0 + 1 === nlon ? 0 : ix0 + 1;
  const row0 = (month * nlat + iy) * nlon;
  const row1 = row0 + nlon;
  const v00 = grid[(row0 + ix0) * fields + field] as number;
  const v01 = grid[(row0 + ix1) * fields + field] as number;
  const v10 = grid[(row1 + ix0) * fields + field] as number;
  const v11 = grid[(row1 + ix1) * fields + field] as number;
  return (1 - wy) * ((1 - wx) * v00 + wx * v01) + wy * ((1 - wx) * v10 + wx * v11);
}

function windShare(
  storms: readonly StormTrack[],
  t0: number,
  t1: number,
  monthMs: Float64Array,
): Float64Array {
  const cells = WIND_NLAT * WIND_NLON;
  // Reference background per cell and month: wind speed, flow direction, swell, fetch.
  const reference = new Float64Array(12 * cells * 5);
  const target = new Float64Array(TARGET_FIELDS);
  for (let month = 0; month < 12; month++) {
    for (let iy = 0; iy < WIND_NLAT; iy++) {
      for (let ix = 0; ix < WIND_NLON; ix++) {
        climateTargetsAt(
          -90 + (iy + 0.5) * WIND_GRID_DEG,
          -180 + (ix + 0.5) * WIND_GRID_DEG,
          month,
          target,
        );
        const at = ((month * WIND_NLAT + iy) * WIND_NLON + ix) * 5;
        reference[at] = REFERENCE_BACKGROUND_SHARE * (target[TARGET_WIND_MS] as number);
        reference[at + 1] = target[TARGET_FLOW_EAST] as number;
        reference[at + 2] = target[TARGET_FLOW_NORTH] as number;
        reference[at + 3] = REFERENCE_SWELL_SHARE * (target[TARGET_HS_M] as number);
        reference[at + 4] = target[TARGET_FETCH_KM] as number;
      }
    }
  }
  const sums = new Float64Array(12 * cells * 2);
  const state = new Float64Array(6);
  const sea = new Float64Array(2);
  const vortex = new StormWindSum();
  const stepMs = CALIBRATION_STEP * TRACK_STEP_MS;
  for (const storm of storms) {
    for (let i = 0; i < storm.steps; i += CALIBRATION_STEP) {
      const t = storm.startMs + i * TRACK_STEP_MS;
      if (t < t0 || t >= t1) continue;
      storm.stateAt(t, state);
      const cLat = state[0] as number;
      const cLon = state[1] as number;
      if ((state[2] as number) <= 0) continue;
      const month = calendarMonthAt(t);
      const weight = stepMs / (monthMs[month] as number);
      const cutoff = cutoffRadiusKm(storm.kind, state[3] as number);
      const reachLat = cutoff / KM_PER_DEG;
      const y0 = Math.max(0, Math.floor((cLat - reachLat + 90) / WIND_GRID_DEG));
      const y1 = Math.min(WIND_NLAT - 1, Math.floor((cLat + reachLat + 90) / WIND_GRID_DEG));
      for (let iy = y0; iy <= y1; iy++) {
        const lat = -90 + (iy + 0.5) * WIND_GRID_DEG;
        const cosLat = Math.cos((((lat + cLat) / 2) * Math.PI) / 180);
        const reachLon = Math.min(180, cutoff / (KM_PER_DEG * Math.max(0.05, cosLat)));
        const x0 = Math.floor((cLon - reachLon + 180) / WIND_GRID_DEG);
        const x1 = Math.floor((cLon + reachLon + 180) / WIND_GRID_DEG);
        for (let xx = x0; xx <= Math.min(x1, x0 + WIND_NLON - 1); xx++) {
          const ix = ((xx % WIND_NLON) + WIND_NLON) % WIND_NLON;
          const lon = -180 + (ix + 0.5) * WIND_GRID_DEG;
          // The storm's wind exactly as the field makes it, on the mean background flow.
          vortex.reset();
          const v = addStormWind(storm, lat, lon, t, vortex);
          if (v <= 0) continue;
          const ref = ((month * WIND_NLAT + iy) * WIND_NLON + ix) * 5;
          const a = reference[ref] as number;
          const east = a * (reference[ref + 1] as number) + vortex.east;
          const north = a * (reference[ref + 2] as number) + vortex.north;
          const u = Math.sqrt(east * east + north * north);
          const swell = reference[ref + 3] as number;
          const fetch = reference[ref + 4] as number;
          const fetchInStorm = seaFetchKm(fetch, v * storm.fetchKm, v, a);
          windSea(a, fetch, sea);
          const before = Math.sqrt((sea[0] as number) ** 2 + swell * swell);
          windSea(u, fetchInStorm, sea);
          const after = Math.sqrt((sea[0] as number) ** 2 + swell * swell);
          const s = ((month * WIND_NLAT + iy) * WIND_NLON + ix) * 2;
          sums[s] = (sums[s] as number) + (u - a) * weight;
          sums[s + 1] = (sums[s + 1] as number) + (after - before) * weight;
        }
      }
    }
  }
  return sums;
}

/** Source cells' emission: energy x time, and its energy-weighted radius and main direction. */
const E_ETC = 0;
const R_ETC = 1;
const DIR_EAST = 2;
const DIR_NORTH = 3;
const E_TC = 4;
const R_TC = 5;
const EMISSION_FIELDS = 6;

function swellShare(
  storms: readonly StormTrack[],
  t0: number,
  t1: number,
  monthMs: Float64Array,
): Float64Array {
  const cells = SWELL_NLAT * SWELL_NLON;
  const emission = new Float64Array(12 * cells * EMISSION_FIELDS);
  const state = new Float64Array(6);
  const source = new Float64Array(2);
  const stepMs = CALIBRATION_STEP * TRACK_STEP_MS;
  for (const storm of storms) {
    for (let i = 0; i < storm.steps; i += CALIBRATION_STEP) {
      const t = storm.startMs + i * TRACK_STEP_MS;
      if (t < t0 || t >= t1) continue;
      storm.stateAt(t, state);
      stormSwellSource(storm, state[2] as number, source);
      const e = (source[0] as number) ** 2 * stepMs;
      if (e <= 0) continue;
      const iy = Math.min(
        SWELL_NLAT - 1,
        Math.max(0, Math.floor(((state[0] as number) + 90) / SWELL_GRID_DEG)),
      );
      const lon = ((((state[1] as number) + 180) % 360) + 360) % 360;
      const ix = Math.min(SWELL_NLON - 1, Math.floor(lon / SWELL_GRID_DEG));
      const at = ((calendarMonthAt(t) * SWELL_NLAT + iy) * SWELL_NLON + ix) * EMISSION_FIELDS;
      const radius = swellSourceRadiusKm(storm.kind, state[3] as number);
      if (storm.kind === "tropical") {
        emission[at + E_TC] = (emission[at + E_TC] as number) + e;
        emission[at + R_TC] = (emission[at + R_TC] as number) + e * radius;
      } else {
        const main =
          ((Math.atan2(state[4] as number, state[5] as number) * 180) / Math.PI +
            50 * storm.hemisphere) *
          (Math.PI / 180);
        emission[at + E_ETC] = (emission[at + E_ETC] as number) + e;
        emission[at + R_ETC] = (emission[at + R_ETC] as number) + e * radius;
        emission[at + DIR_EAST] = (emission[at + DIR_EAST] as number) + e * Math.sin(main);
        emission[at + DIR_NORTH] = (emission[at + DIR_NORTH] as number) + e * Math.cos(main);
      }
    }
  }
  // Distance and bearing between every pair of cell centres, once for all months.
  const centreLat = (c: number) => -90 + (Math.floor(c / SWELL_NLON) + 0.5) * SWELL_GRID_DEG;
  const centreLon = (c: number) => -180 + ((c % SWELL_NLON) + 0.5) * SWELL_GRID_DEG;
  const distance = new Float32Array(cells * cells);
  const bearing = new Float32Array(cells * cells);
  for (let s = 0; s < cells; s++) {
    for (let c = 0; c < cells; c++) {
      distance[s * cells + c] = greatCircleKm(
        centreLat(s),
        centreLon(s),
        centreLat(c),
        centreLon(c),
      );
      bearing[s * cells + c] = bearingDeg(centreLat(s), centreLon(s), centreLat(c), centreLon(c));
    }
  }
  const out = new Float64Array(12 * cells);
  for (let month = 0; month < 12; month++) {
    for (let s = 0; s < cells; s++) {
      const at = (month * cells + s) * EMISSION_FIELDS;
      const eEtc = emission[at + E_ETC] as number;
      const eTc = emission[at + E_TC] as number;
      if (eEtc <= 0 && eTc <= 0) continue;
      const rEtc = eEtc > 0 ? (emission[at + R_ETC] as number) / eEtc : 0;
      const rTc = eTc > 0 ? (emission[at + R_TC] as number) / eTc : 0;
      const main =
        (Math.atan2(emission[at + DIR_EAST] as number, emission[at + DIR_NORTH] as number) * 180) /
        Math.PI;
      for (let c = 0; c < cells; c++) {
        const d = distance[s * cells + c] as number;
        let energy = 0;
        if (eEtc > 0) {
          energy +=
            eEtc *
            swellDecay(d, rEtc) *
            swellDirectionalWeight(bearing[s * cells + c] as number, main);
        }
        if (eTc > 0) energy += eTc * swellDecay(d, rTc);
        out[month * cells + c] =
          (out[month * cells + c] as number) +
          (NEAR_FIELD_FACTOR * energy) / (monthMs[month] as number);
      }
    }
  }
  return out;
}

/** 3x3 box in space (longitude wrapping) and 1-2-1 over neighbouring months. */
function smooth(grid: Float64Array, nlat: number, nlon: number, fields: number): Float64Array {
  const spatial = new Float64Array(grid.length);
  for (let month = 0; month < 12; month++) {
    for (let iy = 0; iy < nlat; iy++) {
      for (let ix = 0; ix < nlon; ix++) {
        for (let f = 0; f < fields; f++) {
          let sum = 0;
          let n = 0;
          for (let dy = -1; dy <= 1; dy++) {
            const jy = iy + dy;
            if (jy < 0 || jy >= nlat) continue;
            for (let dx = -1; dx <= 1; dx++) {
              const jx = (ix + dx + nlon) % nlon;
              sum += grid[((month * nlat + jy) * nlon + jx) * fields + f] as number;
              n++;
            }
          }
          spatial[((month * nlat + iy) * nlon + ix) * fields + f] = sum / n;
        }
      }
    }
  }
  const out = new Float64Array(grid.length);
  const perMonth = nlat * nlon * fields;
  for (let month = 0; month < 12; month++) {
    const prev = (month + 11) % 12;
    const next = (month + 1) % 12;
    for (let c = 0; c < perMonth; c++) {
      out[month * perMonth + c] =
        0.25 * (spatial[prev * perMonth + c] as number) +
        0.5 * (spatial[month * perMonth + c] as number) +
        0.25 * (spatial[next * perMonth + c] as number);
    }
  }
  return out;
}
