import type { SeaConditions, WeatherField } from "../types";
import { DAY_MS, EPOCH_2000_MS, HOUR_MS, monthIndexAt } from "./calendar";
import { ClimateSample, type ClimatologyGrid, MIN_WIND_FACTOR } from "./climatology";
import { type CurrentGrid, directionDeg } from "./currents";
import { memberShare } from "./ensemble";
import { type LatticeNoise, type LatticeScale, MAX_CHANNELS } from "./noise";
import { blendSea, combineSea, meanSeaState, SeaSample } from "./sea-state";
import type { StormIndex } from "./storm-index";
import { type StormSwellField, SwellSample } from "./storm-swell";
import { addStormWinds, StormWindSum } from "./storm-wind";
import { KNOTS_PER_MS, seaFetchKm, windSea } from "./waves";

/**
 * The synthetic weather at a place and time, assembled from its parts:
 *
 *   wind  = background (climatological mean flow x (1 + cv n_speed), turned by spread x n_dir)
 *           + storm vortices;
 *   sea   = wind sea from that wind (fully developed or fetch-limited; the storm's fetch inside a
 *           storm) combined with swell (background swell from distant storms x (1 + 0.25 n_swell)
 *           plus the swell radiated by the explicit storms): Hs = sqrt(windsea^2 + swell^2);
 *   current = the static current climatology.
 *
 * n_* are smooth lattice noise (noise.ts): a synoptic octave (10 deg, 24 h) and a mesoscale one
 * (4 deg, 9 h) for the wind, the synoptic octave alone for the swell. Nothing is random per call:
 * values are a pure function of (lat, lon, time) and the seeds.
 *
 * Ensemble members replace a lead-dependent share of the noise with their own and use perturbed
 * storms (ensemble.ts). The storm swell is the truth's, computed once per world, displaced in
 * space and time for a member by a smooth field as large as its storms' position errors: far
 * cheaper than each member radiating its own storms' swell, and the same in distribution. Beyond the forecast horizon the member fades over a day into the
 * climatological mean state, so sampling stays defined but carries no forecast.
 */

/** Storms that can affect a time: an index covering it, or undefined. */
export interface StormLookup {
  indexFor(timeMs: number): StormIndex | undefined;
}

export interface FieldParts {
  readonly label: string;
  readonly climate: ClimatologyGrid;
  readonly currents: CurrentGrid;
  readonly noise: LatticeNoise;
  readonly truthSalt: number;
  /** Salt of the member's own noise (unused for the truth). */
  readonly memberSalt: number;
  readonly storms: StormLookup;
  readonly swell: StormSwellField;
  /** Analysis time the lead is counted from (unused for the truth). */
  readonly cycleMs: number;
  /** Ensemble member (0 = control), or -1 for the truth (no perturbation). */
  readonly member: number;
  readonly horizonEndMs: number;
}

/** Typed arrays `sampleMany` fills; fields left out are skipped. */
export interface SampleArrays {
  hs?: Float32Array;
  wavePeriod?: Float32Array;
  waveDir?: Float32Array;
  wind?: Float32Array;
  windDir?: Float32Array;
  swellHs?: Float32Array;
  swellPeriod?: Float32Array;
  swellDir?: Float32Array;
  current?: Float32Array;
  currentDir?: Float32Array;
}

const SYNOPTIC: LatticeScale = { cellDeg: 10, cellHours: 24 };
const MESOSCALE: LatticeScale = { cellDeg: 4, cellHours: 9 };
/** The member's storm-swell displacement at full share: a storm position error (ensemble.ts)
 * and a timing error. */
const SWELL_DISPLACEMENT_KM = 600;
const SWELL_DELAY_MS = 12 * 3_600_000;
const KM_PER_DEGREE = 111.195;
const MESO_WEIGHT = 0.6;
const OCTAVE_NORM = 1 / Math.sqrt(1 + MESO_WEIGHT * MESO_WEIGHT);
/** Salt of the mesoscale noise relative to the synoptic. */
const MESO_SALT = 0x5bd1e995;
const SWELL_VARIATION = 0.25;
const NOISE_CLIP = 2.5;
/** Fade from the member into the climatological mean after the horizon, ms. */
const HORIZON_FADE_MS = DAY_MS;

// Imports used per sample, bound once: transpiled ES modules (tsx, vitest) reach imported
// bindings through getters, which shows at a million samples a second.
const MS_PER_HOUR = HOUR_MS;
const EPOCH_MS = EPOCH_2000_MS;
const WIND_FACTOR_MIN = MIN_WIND_FACTOR;
const KTS_PER_MS = KNOTS_PER_MS;
const seasonIndex = monthIndexAt;
const seaFromWind = windSea;
const fetchUnderStorms = seaFetchKm;
const compass = directionDeg;
const stormWinds = addStormWinds;
const combine = combineSea;
const meanState = meanSeaState;
const blend = blendSea;

export class SyntheticField implements WeatherField {
  readonly label: string;
  readonly maxCurrentKts: number;
  /** After this instant the field is outside its forecast horizon (it fades into climatology). */
  readonly horizonEndMs: number;
  private readonly parts: FieldParts;
  private readonly clim = new ClimateSample();
  private readonly noiseOut = new Float64Array(MAX_CHANNELS);
  private readonly stormWind = new StormWindSum();
  private readonly sea = new Float64Array(2);
  private readonly stormSwell = new SwellSample();
  private readonly current = new Float64Array(2);
  private readonly result = new SeaSample();
  private readonly mean = new SeaSample();
  /** The member's share of its own weather by hour of lead (memberShare, tabulated: it costs a
   * pow and an exp, and every sample needs it). */
  private readonly shareByHour: Float64Array;

  constructor(parts: FieldParts) {
    this.parts = parts;
    this.label = parts.label;
    this.horizonEndMs = parts.horizonEndMs;
    this.maxCurrentKts = Math.ceil(parts.currents.maxKts * 10) / 10;
    const hours =
      parts.member < 0
        ? 0
        : Math.ceil((parts.horizonEndMs + HORIZON_FADE_MS - parts.cycleMs) / HOUR_MS) + 2;
    this.shareByHour = Float64Array.from({ length: hours }, (_, h) =>
      memberShare(h / 24, parts.member),
    );
  }

  /** memberShare for this member at `timeMs`, interpolated from the hourly table. */
  private shareAt(timeMs: number): number {
    const table = this.shareByHour;
    if (table.length === 0) return 0;
    const x = Math.max(0, (timeMs - this.parts.cycleMs) / MS_PER_HOUR);
    const i = Math.floor(x);
    if (i >= table.length - 1) return table[table.length - 1] as number;
    const a = table[i] as number;
    return a + ((table[i + 1] as number) - a) * (x - i);
  }

  /** Whether `timeMs` is within the forecast horizon (beyond it the field is climatology). */
  withinHorizon(timeMs: number): boolean {
    return timeMs <= this.horizonEndMs;
  }

  at(lat: number, lon: number, timeMs: number): SeaConditions {
    return this.compute(lat, lon, timeMs).toConditions();
  }

  /** Samples point i of (lats, lons, times) into index i of each array given in `out`. */
  sampleMany(lats: Float64Array, lons: Float64Array, times: Float64Array, out: SampleArrays): void {
    const n = Math.min(lats.length, lons.length, times.length);
    for (let i = 0; i < n; i++) {
      const r = this.compute(lats[i] as number, lons[i] as number, times[i] as number);
      if (out.hs) out.hs[i] = r.hsM;
      if (out.wavePeriod) out.wavePeriod[i] = r.wavePeriodS;
      if (out.waveDir) out.waveDir[i] = r.waveDirDeg;
      if (out.wind) out.wind[i] = r.windKts;
      if (out.windDir) out.windDir[i] = r.windDirDeg;
      if (out.swellHs) out.swellHs[i] = r.swellHsM;
      if (out.swellPeriod) out.swellPeriod[i] = r.swellPeriodS;
      if (out.swellDir) out.swellDir[i] = r.swellDirDeg;
      if (out.current) out.current[i] = r.currentKts;
      if (out.currentDir) out.currentDir[i] = r.currentDirDeg;
    }
  }

  /** The climatological mean state at (lat, lon, time): what the field fades to past its horizon. */
  meanAt(lat: number, lon: number, timeMs: number): SeaConditions {
    const lonN = normaliseLon(lon);
    this.parts.climate.sample(lat, lonN, seasonIndex(timeMs), this.clim);
    meanState(this.clim, this.mean, this.sea);
    this.setCurrent(this.mean, lat, lonN);
    return this.mean.toConditions();
  }

  private setCurrent(r: SeaSample, lat: number, lon: number): void {
    this.parts.currents.sample(lat, lon, this.current, 0);
    r.currentKts = this.current[0] as number;
    r.currentDirDeg = this.current[1] as number;
  }

  private compute(lat: number, lonIn: number, timeMs: number): SeaSample {
    const p = this.parts;
    const lon = normaliseLon(lonIn);
    const r = this.result;
    const c = this.clim;
    p.climate.sample(lat, lon, seasonIndex(timeMs), c);
    const beyond = timeMs - this.horizonEndMs;
    if (beyond >= HORIZON_FADE_MS) {
      meanState(c, r, this.sea);
      this.setCurrent(r, lat, lon);
      return r;
    }

    // Smooth noise: the truth's, and the member's own share of it.
    const hours = (timeMs - EPOCH_MS) / MS_PER_HOUR;
    const nz = this.noiseOut;
    const noise = p.noise;
    noise.sample3(lat, lon, hours, SYNOPTIC, p.truthSalt, nz, 0);
    noise.sample3(lat, lon, hours, MESOSCALE, p.truthSalt ^ MESO_SALT, nz, 3);
    let nSpeed = ((nz[0] as number) + MESO_WEIGHT * (nz[3] as number)) * OCTAVE_NORM;
    let nDir = ((nz[1] as number) + MESO_WEIGHT * (nz[4] as number)) * OCTAVE_NORM;
    let nSwell = nz[2] as number;
    const share = this.shareAt(timeMs);
    let swellLat = lat;
    let swellLon = lon;
    let swellTime = timeMs;
    if (share > 0) {
      const keep = Math.sqrt(1 - share * share);
      // The member's own synoptic noise (channels 0-2) and its storm-swell displacement (3-5).
      noise.sample6(lat, lon, hours, SYNOPTIC, p.memberSalt, nz, 0);
      const dNorth = nz[3] as number;
      const dEast = nz[4] as number;
      const dTime = nz[5] as number;
      noise.sample3(lat, lon, hours, MESOSCALE, p.memberSalt ^ MESO_SALT, nz, 3);
      const own = OCTAVE_NORM * share;
      nSpeed = keep * nSpeed + own * ((nz[0] as number) + MESO_WEIGHT * (nz[3] as number));
      nDir = keep * nDir + own * ((nz[1] as number) + MESO_WEIGHT * (nz[4] as number));
      nSwell = keep * nSwell + share * (nz[2] as number);
      // The member's storms are displaced (ensemble.ts); their swell is the truth's storm swell
      // displaced alike, by a smooth field of the same size.
      const km = SWELL_DISPLACEMENT_KM * share;
      swellLat = Math.max(-89.9, Math.min(89.9, lat + (km * dNorth) / KM_PER_DEGREE));
      const cosLat = Math.max(0.1, Math.cos((lat * Math.PI) / 180));
      swellLon = normaliseLon(lon + (km * dEast) / (KM_PER_DEGREE * cosLat));
      swellTime = timeMs + SWELL_DELAY_MS * share * dTime;
    }

    // Background wind: the mean flow, gusting and veering smoothly (the noise's rare tails beyond
    // 2.5 standard deviations clipped, symmetrically so the mean stays).
    const gust = nSpeed > NOISE_CLIP ? NOISE_CLIP : nSpeed < -NOISE_CLIP ? -NOISE_CLIP : nSpeed;
    const background = c.windBgMs * Math.max(WIND_FACTOR_MIN, 1 + c.windCv * gust);
    const turn = c.directionSpreadRad * nDir;
    const cosT = Math.cos(turn);
    const sinT = Math.sin(turn);
    let windE = background * (c.flowEast * cosT + c.flowNorth * sinT);
    let windN = background * (c.flowNorth * cosT - c.flowEast * sinT);

    // Storms.
    const storm = this.stormWind;
    storm.reset();
    const index = p.storms.indexFor(timeMs);
    if (index) stormWinds(index, lat, lon, timeMs, storm);
    windE += storm.east;
    windN += storm.north;
    const u = Math.sqrt(windE * windE + windN * windN);

    // Wind sea, over the storm's fetch where the storm drives it.
    const fetch = fetchUnderStorms(c.fetchKm, storm.fetchWeighted, storm.speedSum, background);
    const sea = this.sea;
    seaFromWind(u, fetch, sea);

    // Swell: the background's and the storms' (shielded in enclosed seas).
    const bgSwell = c.swellHsM * Math.max(0, 1 + SWELL_VARIATION * nSwell);
    const bgEnergy = bgSwell * bgSwell;
    const ss = this.stormSwell;
    p.swell.sample(swellLat, swellLon, swellTime, ss);
    const stEnergy = ss.hsM * ss.hsM * c.swellExposure;
    const swellEnergy = bgEnergy + stEnergy;
    const swellPeriod =
      swellEnergy > 0 ? (bgEnergy * c.swellPeriodS + stEnergy * ss.periodS) / swellEnergy : 0;
    combine(
      r,
      sea[0] as number,
      sea[1] as number,
      u > 0 ? -windE / u : 0,
      u > 0 ? -windN / u : 0,
      swellEnergy,
      swellPeriod,
      bgEnergy * c.swellFromEast + stEnergy * ss.fromEast,
      bgEnergy * c.swellFromNorth + stEnergy * ss.fromNorth,
    );
    r.windKts = u * KTS_PER_MS;
    r.windDirDeg = compass(-windE, -windN);
    this.setCurrent(r, lat, lon);

    if (beyond > 0) {
      meanState(c, this.mean, this.sea);
      blend(r, this.mean, beyond / HORIZON_FADE_MS);
    }
    return r;
  }
}

/** Longitude into [-180, 180). */
export function normaliseLon(lon: number): number {
  return lon >= -180 && lon < 180 ? lon : ((((lon + 180) % 360) + 360) % 360) - 180;
}
