/**
 * A WeatherField (what routing and scoring read) over a GriddedField. Which parameters feed which
 * condition, in order of preference:
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
 * A condition with no source parameter is 0 everywhere and listed in `missing`. Where a source
 * has no value (land in a wave model's mask, outside a regional grid) the condition is 0: there is
 * no sea state to score there. Times before the first or after the last step of a parameter use
 * that step (persistence); `validFromMs`/`validToMs` say where all present parameters have data.
 */
import { METRES_PER_NM } from "../../engine/geo/geodesic";
import type { SeaConditions, WeatherField } from "../../engine/weather/types";
import { sample } from "./sample";
import type { GriddedField } from "./types";

export interface GriddedWeatherField extends WeatherField {
  /** Conditions no parameter of the field provides; they read 0 everywhere. */
  readonly missing: readonly (keyof SeaConditions)[];
  /** The time span in which every parameter used has data (outside it, values are held). */
  readonly validFromMs: number;
  readonly validToMs: number;
}

const KNOTS_PER_MS = 3600 / METRES_PER_NM;
const DEG = 180 / Math.PI;

type Reader = (lat: number, lon: number, timeMs: number) => number;

export function toWeatherField(
  field: GriddedField,
  options: { label?: string } = {},
): GriddedWeatherField {
  const has = (name: string) => field.parameters.has(name);
  const firstOf = (...names: string[]) => names.find(has);
  const read = (name: string | undefined): Reader | undefined => {
    if (name === undefined) return undefined;
    const times = field.parameters.get(name)?.timesMs as Float64Array;
    const first = times[0] as number;
    const last = times[times.length - 1] as number;
    return (lat, lon, t) => sample(field, name, lat, lon, t < first ? first : t > last ? last : t);
  };

  const windVector = has("UGRD") && has("VGRD");
  const currentVector = has("UOGRD") && has("VOGRD");
  const used = [
    ...(windVector ? ["UGRD", "VGRD"] : []),
    ...(currentVector ? ["UOGRD", "VOGRD"] : []),
  ];
  const source = (...names: string[]): Reader | undefined => {
    const name = firstOf(...names);
    if (name) used.push(name);
    return read(name);
  };

  const hs = source("HTSGW");
  const wavePeriod = source("MWSPER", "PERPW");
  const waveDir = source("WWSDIR", "DIRPW");
  const windSpeed = windVector ? undefined : source("WIND");
  const windDir = windVector ? undefined : source("WDIR");
  const swellHs = source("SWELL");
  const swellPeriod = source("SWPER");
  const swellDir = source("SWDIR");
  const currentSpeed = currentVector ? undefined : source("SPC");
  const currentDir = currentVector ? undefined : source("DIRC");
  const [u, v] = windVector ? [read("UGRD"), read("VGRD")] : [undefined, undefined];
  const [cu, cv] = currentVector ? [read("UOGRD"), read("VOGRD")] : [undefined, undefined];

  const provided: Record<keyof SeaConditions, boolean> = {
    hs_m: hs !== undefined,
    wave_period_s: wavePeriod !== undefined,
    wave_dir_deg: waveDir !== undefined,
    wind_kts: windVector || windSpeed !== undefined,
    wind_dir_deg: windVector || windDir !== undefined,
    swell_hs_m: swellHs !== undefined,
    swell_period_s: swellPeriod !== undefined,
    swell_dir_deg: swellDir !== undefined,
    current_kts: currentVector || currentSpeed !== undefined,
    current_dir_deg: currentVector || currentDir !== undefined,
  };
  const missing = (Object.keys(provided) as (keyof SeaConditions)[]).filter((k) => !provided[k]);

  const [validFromMs, validToMs] = commonTimeSpan(field, used);
  return {
    label: options.label ?? field.label,
    maxCurrentKts: strongestCurrentKts(field, currentVector),
    missing,
    validFromMs,
    validToMs,
    at(lat, lon, timeMs) {
      const value = (r: Reader | undefined) => orZero(r?.(lat, lon, timeMs));
      let wind_kts = value(windSpeed) * KNOTS_PER_MS;
      let wind_dir_deg = value(windDir);
      if (u && v) {
        const ue = orZero(u(lat, lon, timeMs));
        const vn = orZero(v(lat, lon, timeMs));
        wind_kts = Math.hypot(ue, vn) * KNOTS_PER_MS;
        wind_dir_deg = ue === 0 && vn === 0 ? 0 : bearing(-ue, -vn); // from where it blows
      }
      let current_kts = value(currentSpeed) * KNOTS_PER_MS;
      let current_dir_deg = value(currentDir);
      if (cu && cv) {
        const ue = orZero(cu(lat, lon, timeMs));
        const vn = orZero(cv(lat, lon, timeMs));
        current_kts = Math.hypot(ue, vn) * KNOTS_PER_MS;
        current_dir_deg = ue === 0 && vn === 0 ? 0 : bearing(ue, vn); // where it flows to
      }
      return {
        hs_m: value(hs),
        wave_period_s: value(wavePeriod),
        wave_dir_deg: value(waveDir),
        wind_kts,
        wind_dir_deg,
        swell_hs_m: value(swellHs),
        swell_period_s: value(swellPeriod),
        swell_dir_deg: value(swellDir),
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
