import type { StormIndex } from "./storm-index";
import { cutoffRadiusKm, KM_PER_DEG, type StormTrack, TRACK_STEP_MS } from "./storm-track";

/**
 * The wind of a storm's vortex at a place: a radial profile, rotation (anticlockwise in the
 * north, clockwise in the south) with surface inflow, and the forward-motion asymmetry.
 */

const DEG = Math.PI / 180;

/**
 * Holland (1980, "An analytic model of the wind and pressure profiles in hurricanes", Mon. Wea.
 * Rev. 108) in its cyclostrophic form, normalised to the peak: V/Vmax = sqrt((Rm/r)^B
 * exp(1 - (Rm/r)^B)). Used for tropical cyclones (radius of maximum wind tens of km, B 1-2.5).
 */
export function hollandProfile(rOverRmax: number, b: number): number {
  if (rOverRmax <= 0) return 0;
  const p = (1 / rOverRmax) ** b;
  return Math.sqrt(p * Math.exp(1 - p));
}

/**
 * DeMaria (1987, "Tropical cyclone track prediction with a barotropic spectral model", Mon. Wea.
 * Rev. 115) modified Rankine vortex with shape b = 1: V/Vmax = x exp(1 - x), x = r / Rm. Compact
 * (a fifth of the peak at 4.5 Rm), so with Rm 250-450 km an extratropical low's gales span the
 * ~1000 km of a real one.
 */
export function compactProfile(rOverRmax: number): number {
  return rOverRmax * Math.exp(1 - rOverRmax);
}

/** Surface inflow angle of the vortex wind, deg (about 20-25 deg over the sea; e.g. Zhang and Uhlhorn, 2012). */
const INFLOW_DEG = 22;
const COS_INFLOW = Math.cos(INFLOW_DEG * DEG);
const SIN_INFLOW = Math.sin(INFLOW_DEG * DEG);
/**
 * Share of a tropical cyclone's forward speed added to its wind, scaled with the profile (a
 * common parametric choice for the right-hand-side asymmetry, e.g. Schwerdt et al., 1979). Not for
 * extratropical lows: they move with the westerlies, which the background wind already carries.
 */
const TRANSLATION_SHARE = 0.5;

/** The storms' wind at a place, summed over storms. */
export class StormWindSum {
  /** Vortex wind, m/s east and north. */
  east = 0;
  north = 0;
  /** Sum over storms of vortex speed x storm fetch (km), and of vortex speed: their ratio is the
   * fetch of the storm-driven sea. */
  fetchWeighted = 0;
  speedSum = 0;
  /** Scratch for a storm's interpolated state. */
  readonly state = new Float64Array(6);

  reset(): void {
    this.east = 0;
    this.north = 0;
    this.fetchWeighted = 0;
    this.speedSum = 0;
  }
}

const KM_PER_DEGREE = KM_PER_DEG;
const STEP_MS = TRACK_STEP_MS;
const cutoffKm = cutoffRadiusKm;

/** Adds the vortex wind of one storm at (lat, lon) at `timeMs` to `sum`. Returns the vortex speed added, m/s. */
export function addStormWind(
  storm: StormTrack,
  lat: number,
  lon: number,
  timeMs: number,
  sum: StormWindSum,
): number {
  if (timeMs < storm.startMs || timeMs > storm.endMs) return 0;
  // Interpolate the track only as far as needed to reject a distant storm.
  const step = (timeMs - storm.startMs) / STEP_MS;
  const i = Math.min(storm.lat.length - 2, Math.floor(step));
  const f = step - i;
  const tLat = storm.lat;
  const cLat = (tLat[i] as number) + ((tLat[i + 1] as number) - (tLat[i] as number)) * f;
  const dyKm = (lat - cLat) * KM_PER_DEGREE;
  const reach = storm.cutoffKm;
  if (dyKm > reach || dyKm < -reach) return 0;
  const tLon = storm.lon;
  let dLon = lon - ((tLon[i] as number) + ((tLon[i + 1] as number) - (tLon[i] as number)) * f);
  if (dLon > 180 || dLon < -180) dLon -= 360 * Math.round(dLon / 360);
  const dxKm = dLon * KM_PER_DEGREE * Math.cos((lat + cLat) * 0.5 * DEG);
  if (dxKm > reach || dxKm < -reach) return 0;
  const r = Math.sqrt(dxKm * dxKm + dyKm * dyKm);
  if (r >= reach || r < 1e-3) return 0;
  const state = sum.state;
  storm.stateAt(timeMs, state);
  const rmax = state[3] as number;
  const cutoff = cutoffKm(storm.kind, rmax);
  if (r >= cutoff) return 0;
  const vmax = state[2] as number;
  if (vmax <= 0) return 0;
  const x = r / rmax;
  const shape = storm.kind === "tropical" ? hollandProfile(x, storm.hollandB) : compactProfile(x);
  // Fade the outer 40% of the cut-off radius to zero so the field stays continuous.
  const fadeIn = (r - 0.6 * cutoff) / (0.4 * cutoff);
  const fade = fadeIn <= 0 ? 1 : 1 - fadeIn * fadeIn * (3 - 2 * fadeIn);
  const v = vmax * shape * fade;
  const ux = dxKm / r;
  const uy = dyKm / r;
  // Cyclonic rotation: tangent (-uy, ux) in the north, (uy, -ux) in the south; inflow is -u.
  const h = storm.hemisphere;
  const carry = storm.kind === "tropical" ? TRANSLATION_SHARE * shape * fade : 0;
  sum.east += v * (COS_INFLOW * -uy * h - SIN_INFLOW * ux) + carry * (state[4] as number);
  sum.north += v * (COS_INFLOW * ux * h - SIN_INFLOW * uy) + carry * (state[5] as number);
  sum.fetchWeighted += v * storm.fetchKm;
  sum.speedSum += v;
  return v;
}

/** Adds the winds of every indexed storm that reaches (lat, lon) at `timeMs`. lon in [-180, 180). */
export function addStormWinds(
  index: StormIndex,
  lat: number,
  lon: number,
  timeMs: number,
  sum: StormWindSum,
): void {
  const bucket = index.bucket(lat, lon, timeMs);
  if (bucket < 0) return;
  const end = index.offsets[bucket + 1] as number;
  for (let k = index.offsets[bucket] as number; k < end; k++) {
    addStormWind(index.storms[index.ids[k] as number] as StormTrack, lat, lon, timeMs, sum);
  }
}
