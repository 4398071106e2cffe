/**
 * A PartialWeatherField over a GriddedField (a WeatherField for routing and scoring once
 * withFallbacks has filled in what it lacks). Which parameters feed which condition, in order of
 * preference:
 *
 *   hs_m            HTSGW
 *   wave_period_s   MWSPER (mean period of wind waves and swell), else PERPW (primary wave mean
 *                   period): the first is what "mean wave period" means, GFS-Wave only has the
 *                   second
 *   wave_dir_deg    WWSDIR (mean direction of wind waves and swell), else DIRPW
 *   wind_kts        from UGRD and VGRD, else WIND
 *   wind_dir_deg    from UGRD and VGRD (the direction the wind comes FROM), else WDIR
 *   swell_*         SWELL, SWPER, SWDIR
 *   current_kts     from UOGRD and VOGRD, else SPC
 *   current_dir_deg from UOGRD and VOGRD (the direction the current goes TO), else DIRC
 *
 * Vector parameters are interpolated as components and only then turned into speed and
 * direction, so a veering wind between grid points keeps its speed.
 *
 * A condition no parameter provides is missing: it reads NaN everywhere and is listed in
 * `missing`, and scoring takes it from another source (withFallbacks) or refuses the voyage;
 * it is never a 0 that would score as a flat sea or a calm. A parameter the field has but
 * without a value at a point is another matter: where all four grid points around it are
 * masked (land in a wave model's mask) the nearest grid point with a value within
 * COAST_REACH_CELLS is read, so a point at sea beside a coarse mask reads the model's nearest
 * sea; further from any value (inland), or outside a regional grid, the condition is 0: as far
 * as the model knows there is no sea there. Times before the first or after the last step of a
 * parameter use that step (persistence); `validFromMs`/`validToMs` say where all present
 * parameters have data.
 */
import { METRES_PER_NM } from "../../engine/geo/geodesic";
import { CONDITIONS, type Condition, type PartialWeatherField } from "../../engine/weather/types";
import { coastalSamplerOf, type Sampler } from "./sample";
import type { GriddedField } from "./types";

export interface GriddedWeatherField extends PartialWeatherField {
  /** The time span in which every parameter used has data (outside it, values are held). */
  readonly validFromMs: number;
  readonly validToMs: number;
}

const KNOTS_PER_MS = 3600 / METRES_PER_NM;
const DEG = 180 / Math.PI;
/**
 * How far, in grid steps, a point whose surrounding grid points are all masked looks for the
 * nearest one with a value: two steps are 0.5 degree (about 30 nm) on the 0.25-degree wave
 * grids, enough to reach the model's sea from a point the router sails (its sea grid is 0.25
 * degree too), and short enough that a point well inland stays without sea state.
 */
export const COAST_REACH_CELLS = 2;

/** Which parameter feeds each condition (see the module comment), from the names a field has. */
interface ParameterPlan {
  windVector: boolean;
  currentVector: boolean;
  hs?: string;
  wavePeriod?: string;
  waveDir?: string;
  windSpeed?: string;
  windDir?: string;
  swellHs?: string;
  swellPeriod?: string;
  swellDir?: string;
  currentSpeed?: string;
  currentDir?: string;
}

function planOf(has: (name: string) => boolean): ParameterPlan {
  const firstOf = (...names: string[]) => names.find(has);
  const windVector = has("UGRD") && has("VGRD");
  const currentVector = has("UOGRD") && has("VOGRD");
  return {
    windVector,
    currentVector,
    hs: firstOf("HTSGW"),
    wavePeriod: firstOf("MWSPER", "PERPW"),
    waveDir: firstOf("WWSDIR", "DIRPW"),
    windSpeed: windVector ? undefined : firstOf("WIND"),
    windDir: windVector ? undefined : firstOf("WDIR"),
    swellHs: firstOf("SWELL"),
    swellPeriod: firstOf("SWPER"),
    swellDir: firstOf("SWDIR"),
    currentSpeed: currentVector ? undefined : firstOf("SPC"),
    currentDir: currentVector ? undefined : firstOf("DIRC"),
  };
}

function providedBy(plan: ParameterPlan): Record<Condition, boolean> {
  return {
    hs_m: plan.hs !== undefined,
    wave_period_s: plan.wavePeriod !== undefined,
    wave_dir_deg: plan.waveDir !== undefined,
    wind_kts: plan.windVector || plan.windSpeed !== undefined,
    wind_dir_deg: plan.windVector || plan.windDir !== undefined,
    swell_hs_m: plan.swellHs !== undefined,
    swell_period_s: plan.swellPeriod !== undefined,
    swell_dir_deg: plan.swellDir !== undefined,
    current_kts: plan.currentVector || plan.currentSpeed !== undefined,
    current_dir_deg: plan.currentVector || plan.currentDir !== undefined,
  };
}

/**
 * The conditions a field of these parameters lacks: what toWeatherField lists in `missing`,
 * known from a cycle's manifest without reading its values.
 */
export function missingConditions(parameters: Iterable<string>): Condition[] {
  const names = new Set(parameters);
  const provided = providedBy(planOf((n) => names.has(n)));
  return CONDITIONS.filter((c) => !provided[c]);
}

export function toWeatherField(
  field: GriddedField,
  options: { label?: string } = {},
): GriddedWeatherField {
  const plan = planOf((name) => field.parameters.has(name));
  const read = (name: string | undefined): Sampler | undefined => {
    if (name === undefined) return undefined;
    const times = field.parameters.get(name)?.timesMs as Float64Array;
    const first = times[0] as number;
    const last = times[times.length - 1] as number;
    const at = coastalSamplerOf(field, name, COAST_REACH_CELLS);
    return (lat, lon, t) => at(lat, lon, t < first ? first : t > last ? last : t);
  };
  const { windVector, currentVector } = plan;
  const used = [
    ...(windVector ? ["UGRD", "VGRD"] : []),
    ...(currentVector ? ["UOGRD", "VOGRD"] : []),
    ...[
      plan.hs,
      plan.wavePeriod,
      plan.waveDir,
      plan.windSpeed,
      plan.windDir,
      plan.swellHs,
      plan.swellPeriod,
      plan.swellDir,
      plan.currentSpeed,
      plan.currentDir,
    ].filter((n): n is string => n !== undefined),
  ];

  // A present parameter reads 0 where it has no value near (inland, outside the grid); an
  // absent one reads NaN (missing), whatever the place.
  const scalar = (name: string | undefined, scale = 1): Sampler => {
    const r = read(name);
    if (!r) return () => Number.NaN;
    return (lat, lon, t) => {
      const v = r(lat, lon, t);
      return Number.isNaN(v) ? 0 : v * scale;
    };
  };
  const hs = scalar(plan.hs);
  const wavePeriod = scalar(plan.wavePeriod);
  const waveDir = scalar(plan.waveDir);
  const swellHs = scalar(plan.swellHs);
  const swellPeriod = scalar(plan.swellPeriod);
  const swellDir = scalar(plan.swellDir);
  const windSpeed = scalar(plan.windSpeed, KNOTS_PER_MS);
  const windDir = scalar(plan.windDir);
  const currentSpeed = scalar(plan.currentSpeed, KNOTS_PER_MS);
  const currentDir = scalar(plan.currentDir);
  const u = windVector ? read("UGRD") : undefined;
  const v = windVector ? read("VGRD") : undefined;
  const cu = currentVector ? read("UOGRD") : undefined;
  const cv = currentVector ? read("VOGRD") : undefined;

  const provided = providedBy(plan);
  const [validFromMs, validToMs] = commonTimeSpan(field, used);
  return {
    label: options.label ?? field.label,
    maxCurrentKts: strongestCurrentKts(field, currentVector),
    missing: CONDITIONS.filter((c) => !provided[c]),
    validFromMs,
    validToMs,
    at(lat, lon, timeMs) {
      let wind_kts: number;
      let wind_dir_deg: number;
      if (u && v) {
        const ue = orZero(u(lat, lon, timeMs));
        const vn = orZero(v(lat, lon, timeMs));
        wind_kts = Math.hypot(ue, vn) * KNOTS_PER_MS;
        wind_dir_deg = ue === 0 && vn === 0 ? 0 : bearing(-ue, -vn); // from where it blows
      } else {
        wind_kts = windSpeed(lat, lon, timeMs);
        wind_dir_deg = windDir(lat, lon, timeMs);
      }
      let current_kts: number;
      let current_dir_deg: number;
      if (cu && cv) {
        const ue = orZero(cu(lat, lon, timeMs));
        const vn = orZero(cv(lat, lon, timeMs));
        current_kts = Math.hypot(ue, vn) * KNOTS_PER_MS;
        current_dir_deg = ue === 0 && vn === 0 ? 0 : bearing(ue, vn); // where it flows to
      } else {
        current_kts = currentSpeed(lat, lon, timeMs);
        current_dir_deg = currentDir(lat, lon, timeMs);
      }
      return {
        hs_m: hs(lat, lon, timeMs),
        wave_period_s: wavePeriod(lat, lon, timeMs),
        wave_dir_deg: waveDir(lat, lon, timeMs),
        wind_kts,
        wind_dir_deg,
        swell_hs_m: swellHs(lat, lon, timeMs),
        swell_period_s: swellPeriod(lat, lon, timeMs),
        swell_dir_deg: swellDir(lat, lon, timeMs),
        current_kts,
        current_dir_deg,
      };
    },
  };
}

function orZero(x: number | undefined): number {
  return x === undefined || Number.isNaN(x) ? 0 : x;
}

/** Degrees true, [0, 360), of the vector (east, north). */
function bearing(east: number, north: number): number {
  const deg = Math.atan2(east, north) * DEG;
  return deg < 0 ? deg + 360 : deg;
}

function commonTimeSpan(field: GriddedField, names: readonly string[]): [number, number] {
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  for (const name of names) {
    const times = field.parameters.get(name)?.timesMs;
    if (!times || times.length === 0) continue;
    from = Math.max(from, times[0] as number);
    to = Math.min(to, times[times.length - 1] as number);
  }
  return [from, to];
}

/**
 * Strongest surface current of any grid point and time, knots (0 when the field has none). The
 * router uses it to bound its search, so it must never be too low: when u and v do not share
 * grid and times, it is the bound hypot(max |u|, max |v|) instead of the exact maximum.
 */
function strongestCurrentKts(field: GriddedField, vector: boolean): number {
  if (!vector) return maxAbs(field.parameters.get("SPC")?.planes ?? []) * KNOTS_PER_MS;
  const u = field.parameters.get("UOGRD");
  const v = field.parameters.get("VOGRD");
  if (!u || !v) return 0;
  const aligned =
    u.grid.nx * u.grid.ny === v.grid.nx * v.grid.ny &&
    u.timesMs.length === v.timesMs.length &&
    u.timesMs.every((t, i) => t === v.timesMs[i]);
  if (!aligned) return Math.hypot(maxAbs(u.planes), maxAbs(v.planes)) * KNOTS_PER_MS;
  let max = 0;
  u.planes.forEach((uPlane, t) => {
    const vPlane = v.planes[t] as Float32Array;
    for (let i = 0; i < uPlane.length; i++) {
      const speed = Math.hypot(uPlane[i] as number, vPlane[i] as number);
      if (speed > max) max = speed; // NaN (masked) points never compare greater
    }
  });
  return max * KNOTS_PER_MS;
}

function maxAbs(planes: readonly Float32Array[]): number {
  let max = 0;
  for (const plane of planes) {
    for (let i = 0; i < plane.length; i++) {
      const a = Math.abs(plane[i] as number);
      if (a > max) max = a;
    }
  }
  return max;
}
