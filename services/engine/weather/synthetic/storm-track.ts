import type { StormBasin, StormKind } from "./storm-basins";

/**
 * One storm: its track, intensity and size sampled every three hours, so that sampling the
 * weather only interpolates. Longitudes are continuous along the track (they may run past 180).
 */

export const TRACK_STEP_MS = 3 * 3_600_000;
export const KM_PER_DEG = 111.195;

export interface StormTrackInit {
  id: number;
  kind: StormKind;
  basin: string;
  hemisphere: 1 | -1;
  startMs: number;
  lat: Float64Array;
  lon: Float64Array;
  /** Peak wind of the vortex (added to the background), m/s; zero at genesis and death. */
  vmaxMs: Float64Array;
  rmaxKm: Float64Array;
  /** Translation velocity east and north, m/s. */
  velEastMs: Float64Array;
  velNorthMs: Float64Array;
  hollandB: number;
  fetchKm: number;
}

export class StormTrack {
  readonly id: number;
  readonly kind: StormKind;
  readonly basin: string;
  readonly hemisphere: 1 | -1;
  readonly startMs: number;
  readonly endMs: number;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly vmaxMs: Float64Array;
  readonly rmaxKm: Float64Array;
  readonly velEastMs: Float64Array;
  readonly velNorthMs: Float64Array;
  readonly hollandB: number;
  readonly fetchKm: number;
  /** Beyond this distance from the centre the vortex adds nothing, km. */
  readonly cutoffKm: number;
  /** Largest vortex wind over the life, m/s. */
  readonly peakVortexMs: number;

  constructor(init: StormTrackInit) {
    this.id = init.id;
    this.kind = init.kind;
    this.basin = init.basin;
    this.hemisphere = init.hemisphere;
    this.startMs = init.startMs;
    this.endMs = init.startMs + (init.lat.length - 1) * TRACK_STEP_MS;
    this.lat = init.lat;
    this.lon = init.lon;
    this.vmaxMs = init.vmaxMs;
    this.rmaxKm = init.rmaxKm;
    this.velEastMs = init.velEastMs;
    this.velNorthMs = init.velNorthMs;
    this.hollandB = init.hollandB;
    this.fetchKm = init.fetchKm;
    let rmax = 0;
    let vmax = 0;
    for (let i = 0; i < init.lat.length; i++) {
      rmax = Math.max(rmax, init.rmaxKm[i] as number);
      vmax = Math.max(vmax, init.vmaxMs[i] as number);
    }
    this.cutoffKm = cutoffRadiusKm(init.kind, rmax);
    this.peakVortexMs = vmax;
  }

  get steps(): number {
    return this.lat.length;
  }

  /**
   * The storm's state at `timeMs` (which must be within its life) interpolated into `out`:
   * [lat, lon, vmax, rmax, velEast, velNorth].
   */
  stateAt(timeMs: number, out: Float64Array): void {
    const x = (timeMs - this.startMs) / TRACK_STEP_MS;
    const last = this.lat.length - 1;
    const i = Math.min(last - 1, Math.max(0, Math.floor(x)));
    const f = Math.min(1, Math.max(0, x - i));
    const j = i + 1;
    out[0] = lerp(this.lat[i] as number, this.lat[j] as number, f);
    out[1] = lerp(this.lon[i] as number, this.lon[j] as number, f);
    out[2] = lerp(this.vmaxMs[i] as number, this.vmaxMs[j] as number, f);
    out[3] = lerp(this.rmaxKm[i] as number, this.rmaxKm[j] as number, f);
    out[4] = lerp(this.velEastMs[i] as number, this.velEastMs[j] as number, f);
    out[5] = lerp(this.velNorthMs[i] as number, this.velNorthMs[j] as number, f);
  }
}

function lerp(a: number, b: number, f: number): number {
  return a + (b - a) * f;
}

/**
 * Radius beyond which a vortex is cut off: 4.5 radii of maximum wind for the compact
 * extratropical profile (its wind has fallen to a fifth of the peak), 15 for the Holland profile
 * of a tropical cyclone (about a quarter of the peak, the outer gale radius), capped so small
 * storms still reach their outer circulation.
 */
export function cutoffRadiusKm(kind: StormKind, rmaxKm: number): number {
  return kind === "extratropical" ? 4.5 * rmaxKm : Math.min(900, Math.max(400, 15 * rmaxKm));
}

function uniform(random: () => number, range: readonly [number, number]): number {
  return range[0] + (range[1] - range[0]) * random();
}

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/**
 * Intensity over the life (0 at genesis and death, 1 at the peak): a sine bump with a broad top,
 * the peak a little before mid-life (deepening is faster than filling).
 */
export function lifeCycle(lifeFraction: number): number {
  const u = Math.min(1, Math.max(0, lifeFraction)) ** 0.85;
  return Math.sin(Math.PI * u) ** 0.7;
}

/**
 * A storm from its basin's statistics, drawn with `random` (Mulberry32), born at `startMs`.
 * Extratropical lows run east-north-east (north) or east-south-east (south) at 10-15 m/s
 * (20-30 kt) for 3-6 days; tropical cyclones drift west-north-west at 4-6 m/s and some recurve
 * poleward and east into the westerlies, speeding up, and weaken over cold water.
 */
export function generateStorm(
  basin: StormBasin,
  month: number,
  startMs: number,
  id: number,
  random: () => number,
): StormTrack {
  const lifeDays = uniform(random, basin.lifeDays);
  const steps = Math.max(3, Math.round((lifeDays * 24) / 3) + 1);
  const lat = new Float64Array(steps);
  const lon = new Float64Array(steps);
  const vmax = new Float64Array(steps);
  const rmax = new Float64Array(steps);
  const velE = new Float64Array(steps);
  const velN = new Float64Array(steps);

  let la = uniform(random, basin.genesisLat);
  let lo = uniform(random, basin.genesisLon);
  const heading0 = uniform(random, basin.headingToDeg);
  const speed0 = uniform(random, basin.speedMs);
  const intensity = basin.intensity[month] as number;
  let peak: number;
  let rPeak: number;
  let hollandB = 1;
  if (basin.kind === "tropical") {
    // Skewed to the weak end: with the background and forward motion added, a little under half
    // stay tropical storms (< 64 kt), a quarter become major hurricanes (> 96 kt), as in the
    // best-track records (e.g. NOAA's Atlantic 1991-2020 normals: 14 storms, 7 hurricanes, 3 major).
    const [lo0, hi0] = basin.peakVortexMs;
    peak = lo0 + (hi0 - lo0) * random() ** 2;
    // Stronger cyclones have tighter eyes (Willoughby et al., 2006, Mon. Wea. Rev. 134).
    const [rLo, rHi] = basin.rmaxKm;
    const strength = (peak - lo0) / (hi0 - lo0);
    rPeak = Math.min(rHi, Math.max(rLo, rHi - (rHi - rLo) * strength + 15 * (random() - 0.5)));
    // Holland's B: 1-2.5 for real cyclones, larger for the intense (Holland, 1980).
    hollandB = 1.2 + 0.6 * strength + 0.2 * random();
  } else {
    peak = uniform(random, basin.peakVortexMs) * intensity;
    rPeak = uniform(random, basin.rmaxKm);
  }
  const recurve = basin.recurve;
  const recurveAt = recurve ? uniform(random, recurve.atLifeFraction) : 2;
  const speed1 = recurve ? uniform(random, recurve.speedMs) : speed0;
  const turn = basin.turnDeg ?? 0;

  for (let i = 0; i < steps; i++) {
    const u = i / (steps - 1);
    let heading: number;
    let speed: number;
    if (recurve) {
      const w = smoothstep((u - recurveAt) / 0.35 + 0.5);
      heading = heading0 + (recurve.headingToDeg - heading0) * w;
      speed = speed0 + (speed1 - speed0) * w;
    } else {
      heading = heading0 + turn * u;
      speed = speed0 * (1 + 0.15 * u);
    }
    const h = (heading * Math.PI) / 180;
    const ve = speed * Math.sin(h);
    const vn = speed * Math.cos(h);
    lat[i] = la;
    lon[i] = lo;
    velE[i] = ve;
    velN[i] = vn;
    let v = peak * lifeCycle(u);
    let r = rPeak;
    if (basin.kind === "tropical") {
      // Over water colder than ~26 C poleward of ~30 deg the cyclone weakens and spreads out.
      const poleward = Math.max(0, Math.abs(la) - 30);
      v *= Math.exp(-poleward / 8);
      r *= 1 + 0.6 * (1 - lifeCycle(u)) + poleward / 10;
    } else {
      r *= 0.75 + 0.5 * u; // lows widen as they fill
    }
    vmax[i] = v;
    rmax[i] = r;
    const dtS = 3 * 3600;
    la = Math.max(-80, Math.min(80, la + (vn * dtS) / 1000 / KM_PER_DEG));
    lo += (ve * dtS) / 1000 / (KM_PER_DEG * Math.max(0.1, Math.cos((la * Math.PI) / 180)));
  }
  return new StormTrack({
    id,
    kind: basin.kind,
    basin: basin.id,
    hemisphere: basin.hemisphere,
    startMs,
    lat,
    lon,
    vmaxMs: vmax,
    rmaxKm: rmax,
    velEastMs: velE,
    velNorthMs: velN,
    hollandB,
    fetchKm: basin.fetchKm,
  });
}
