import type { SeaConditions } from "../types";
import type { ClimateSample } from "./climatology";
import { directionDeg } from "./currents";
import { KNOTS_PER_MS, TM01_PER_TP_SWELL, TM01_PER_TP_WIND_SEA, windSea } from "./waves";

// Bound once: transpiled modules read imported bindings through getters (this runs per sample).
const compass = directionDeg;
const seaFromWind = windSea;
const WIND_SEA_TM01 = TM01_PER_TP_WIND_SEA;
const SWELL_TM01 = TM01_PER_TP_SWELL;
const KTS_PER_MS = KNOTS_PER_MS;

/**
 * A sample of the sea state, and the arithmetic that assembles one: combining wind sea and swell,
 * the climatological mean state, and blending two states.
 */

/** The SeaConditions fields, mutable and reused (no allocation per sample). */
export class SeaSample {
  hsM = 0;
  wavePeriodS = 0;
  waveDirDeg = 0;
  windKts = 0;
  windDirDeg = 0;
  swellHsM = 0;
  swellPeriodS = 0;
  swellDirDeg = 0;
  currentKts = 0;
  currentDirDeg = 0;

  toConditions(): SeaConditions {
    return {
      hs_m: this.hsM,
      wave_period_s: this.wavePeriodS,
      wave_dir_deg: this.waveDirDeg,
      wind_kts: this.windKts,
      wind_dir_deg: this.windDirDeg,
      swell_hs_m: this.swellHsM,
      swell_period_s: this.swellPeriodS,
      swell_dir_deg: this.swellDirDeg,
      current_kts: this.currentKts,
      current_dir_deg: this.currentDirDeg,
    };
  }
}

/**
 * Wind sea and swell into the sample's sea fields: Hs = sqrt(ws^2 + swell^2); the mean period
 * Tm01 of the combined spectrum (its mean frequency is the energy-weighted mean of the parts');
 * the mean direction energy-weighted over wind sea (coming from where the wind comes from) and
 * swell. `swellFromEast/North` are the swell's from-direction vector already weighted by its
 * energy.
 */
export function combineSea(
  r: SeaSample,
  windSeaHs: number,
  windSeaTp: number,
  windFromEast: number,
  windFromNorth: number,
  swellEnergy: number,
  swellTp: number,
  swellFromEast: number,
  swellFromNorth: number,
): void {
  const wsEnergy = windSeaHs * windSeaHs;
  const total = wsEnergy + swellEnergy;
  r.hsM = Math.sqrt(total);
  const wsFreq = windSeaTp > 0 ? 1 / (WIND_SEA_TM01 * windSeaTp) : 0;
  const swFreq = swellTp > 0 ? 1 / (SWELL_TM01 * swellTp) : 0;
  const meanFreq = total > 0 ? (wsEnergy * wsFreq + swellEnergy * swFreq) / total : 0;
  r.wavePeriodS = meanFreq > 0 ? 1 / meanFreq : 0;
  r.waveDirDeg = compass(
    wsEnergy * windFromEast + swellFromEast,
    wsEnergy * windFromNorth + swellFromNorth,
  );
  r.swellHsM = Math.sqrt(swellEnergy);
  r.swellPeriodS = swellTp;
  r.swellDirDeg = compass(swellFromEast, swellFromNorth);
}

/**
 * The climatological mean state: the published mean wind along the mean flow, and the published
 * mean Hs split into the wind sea of that wind and the swell that makes up the rest. Currents
 * are left to the caller. `sea` is scratch of length 2.
 */
export function meanSeaState(c: ClimateSample, r: SeaSample, sea: Float64Array): void {
  seaFromWind(c.windMeanMs, c.fetchKm, sea);
  const ws = Math.min(c.hsMeanM, sea[0] as number);
  const swellEnergy = Math.max(0, c.hsMeanM * c.hsMeanM - ws * ws);
  combineSea(
    r,
    ws,
    sea[1] as number,
    -c.flowEast,
    -c.flowNorth,
    swellEnergy,
    c.swellPeriodS,
    swellEnergy * c.swellFromEast,
    swellEnergy * c.swellFromNorth,
  );
  r.windKts = c.windMeanMs * KTS_PER_MS;
  r.windDirDeg = compass(-c.flowEast, -c.flowNorth);
}

const DEG = Math.PI / 180;

function blendDirection(a: number, b: number, w: number): number {
  const ra = a * DEG;
  const rb = b * DEG;
  return directionDeg(
    (1 - w) * Math.sin(ra) + w * Math.sin(rb),
    (1 - w) * Math.cos(ra) + w * Math.cos(rb),
  );
}

/** r = (1 - w) r + w m; directions along the shorter arc; currents untouched (both share them). */
export function blendSea(r: SeaSample, m: SeaSample, w: number): void {
  const k = 1 - w;
  r.hsM = k * r.hsM + w * m.hsM;
  r.wavePeriodS = k * r.wavePeriodS + w * m.wavePeriodS;
  r.windKts = k * r.windKts + w * m.windKts;
  r.swellHsM = k * r.swellHsM + w * m.swellHsM;
  r.swellPeriodS = k * r.swellPeriodS + w * m.swellPeriodS;
  r.waveDirDeg = blendDirection(r.waveDirDeg, m.waveDirDeg, w);
  r.windDirDeg = blendDirection(r.windDirDeg, m.windDirDeg, w);
  r.swellDirDeg = blendDirection(r.swellDirDeg, m.swellDirDeg, w);
}
