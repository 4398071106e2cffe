/**
 * Sampling a gridded field: bilinear in space, linear in time.
 *
 * The value at (lat, lon, t) is the weighted mean of the (up to) eight surrounding grid values
 * (four corners at each of the two bracketing times), each weighted by the product of its bilinear
 * weight and its time weight. Missing (NaN) corners drop out and the others' weights renormalise,
 * so a point next to a masked coast still gets the sea values around it; with every weighted
 * corner missing the result is NaN. Direction parameters average as unit vectors.
 *
 * Outside the grid (a regional grid, or beyond the first/last row) and outside the time range the
 * result is NaN: this layer never extrapolates. Global grids join across 360/0 degrees.
 * coastalSamplerOf reads, where every corner is missing, the nearest grid point with a value
 * (a wave model's land mask beside a point at sea).
 */
import { GriddedError } from "./errors";
import { type GriddedField, type GriddedParameter, wrapsLongitude } from "./types";

/** Positions within this fraction of a grid step outside an edge count as on it (float noise). */
const EDGE_EPSILON = 1e-9;
const RAD = Math.PI / 180;

/** A parameter's constants, unpacked once, plus the last time bracket used (a search hint). */
interface Prepared {
  readonly nx: number;
  readonly ny: number;
  readonly lat0: number;
  readonly lon0: number;
  readonly dlat: number;
  readonly dlon: number;
  readonly wraps: boolean;
  /** Columns in a full turn of longitude. */
  readonly columnsPerTurn: number;
  readonly times: Float64Array;
  readonly planes: readonly Float32Array[];
  readonly direction: boolean;
  bracket: number;
}

const prepared = new WeakMap<GriddedParameter, Prepared>();

function prepare(field: GriddedField, name: string): Prepared {
  const p = field.parameters.get(name);
  if (!p) {
    throw new GriddedError(
      "gridded_unknown_parameter",
      `the field has no parameter ${JSON.stringify(name)} (it has ${[...field.parameters.keys()].join(", ")})`,
      { parameter: name, available: [...field.parameters.keys()] },
    );
  }
  let s = prepared.get(p);
  if (!s) {
    const g = p.grid;
    s = {
      nx: g.nx,
      ny: g.ny,
      lat0: g.lat0,
      lon0: g.lon0,
      dlat: g.dlat,
      dlon: g.dlon,
      wraps: wrapsLongitude(g),
      columnsPerTurn: g.dlon > 0 ? 360 / g.dlon : Number.POSITIVE_INFINITY,
      times: p.timesMs,
      planes: p.planes,
      direction: p.kind === "direction",
      bracket: 0,
    };
    prepared.set(p, s);
  }
  return s;
}

/** The value of `param` at a place and time (see the module comment), NaN where there is none. */
export function sample(
  field: GriddedField,
  param: string,
  lat: number,
  lon: number,
  timeMs: number,
): number {
  return sampleAt(prepare(field, param), lat, lon, timeMs);
}

/**
 * sample() for one parameter with its constants looked up once: for reading the same parameter
 * at many places (a WeatherField reads each of its parameters at every call).
 */
export function samplerOf(field: GriddedField, param: string): Sampler {
  const s = prepare(field, param);
  return (lat, lon, timeMs) => sampleAt(s, lat, lon, timeMs);
}

/**
 * samplerOf(), except where every weighted corner is missing but the point lies within the grid
 * and its times: there it takes the value of the nearest grid point (by distance on the sphere's
 * surface, locally flat) that has one within `reachCells` rows and columns of the point's cell,
 * interpolated in time; NaN when none has. For a wave model's land mask, which is coarser than
 * the coastline routes keep to: a point at sea next to it reads the model's nearest sea.
 */
export function coastalSamplerOf(field: GriddedField, param: string, reachCells: number): Sampler {
  const s = prepare(field, param);
  return (lat, lon, timeMs) => {
    if (!locate(s, lat, lon, timeMs)) return Number.NaN;
    const v = s.direction ? weightedDirection(s) : weightedMean(s);
    return Number.isNaN(v) ? nearestValid(s, lat, reachCells) : v;
  };
}

export type Sampler = (lat: number, lon: number, timeMs: number) => number;

/**
 * sample() for many points at once: out[i] = sample(lats[i], lons[i], timesMs[i]). `timesMs` may
 * also hold a single time for all points.
 */
export function sampleMany(
  field: GriddedField,
  param: string,
  lats: Float64Array,
  lons: Float64Array,
  timesMs: Float64Array,
  out: Float32Array,
): void {
  const n = lats.length;
  if (lons.length !== n || out.length !== n || (timesMs.length !== n && timesMs.length !== 1)) {
    throw new RangeError(
      `sampleMany needs equal lengths: lats ${n}, lons ${lons.length}, times ${timesMs.length} ` +
        `(or 1), out ${out.length}`,
    );
  }
  const s = prepare(field, param);
  if (timesMs.length === 1) {
    const t = timesMs[0] as number;
    for (let i = 0; i < n; i++) out[i] = sampleAt(s, lats[i] as number, lons[i] as number, t);
  } else {
    for (let i = 0; i < n; i++) {
      out[i] = sampleAt(s, lats[i] as number, lons[i] as number, timesMs[i] as number);
    }
  }
}

/**
 * Where a sample falls: corner indices into a plane (SW, SE, NW, NE), their bilinear weights, the
 * earlier time plane k and the weight of plane k + 1. Reused across calls (sampling never
 * re-enters itself), so sampling a million points allocates nothing.
 */
const corner = new Int32Array(4);
const cornerWeight = new Float64Array(4);
let planeIndex = 0;
let laterWeight = 0;
/** The point's position in grid units: row from row 0, column from column 0 (nearestValid). */
let pointRow = 0;
let pointColumn = 0;

function sampleAt(s: Prepared, lat: number, lon: number, t: number): number {
  if (!locate(s, lat, lon, t)) return Number.NaN;
  return s.direction ? weightedDirection(s) : weightedMean(s);
}

/** Fills the corner and time scratch for (lat, lon, t); false when outside the grid or times. */
function locate(s: Prepared, lat: number, lon: number, t: number): boolean {
  // Time: the bracketing planes k and k + 1 and the weight of k + 1.
  const times = s.times;
  const nt = times.length;
  if (!(t >= (times[0] as number) && t <= (times[nt - 1] as number))) return false;
  let k = s.bracket;
  if (nt > 1 && !(k < nt - 1 && (times[k] as number) <= t && t <= (times[k + 1] as number))) {
    k = bracketOf(times, t);
    s.bracket = k;
  }
  planeIndex = k;
  laterWeight =
    nt === 1 ? 0 : (t - (times[k] as number)) / ((times[k + 1] as number) - (times[k] as number));

  // Rows: r0 and r0 + 1 around the latitude, fy the weight of r0 + 1.
  let r0 = 0;
  let fy = 0;
  const ny = s.ny;
  if (ny === 1) {
    if (!(Math.abs(lat - s.lat0) <= EDGE_EPSILON)) return false;
  } else {
    let y = (lat - s.lat0) / s.dlat;
    if (!(y >= -EDGE_EPSILON && y <= ny - 1 + EDGE_EPSILON)) return false;
    if (y < 0) y = 0;
    r0 = Math.floor(y);
    if (r0 > ny - 2) r0 = ny - 2;
    fy = Math.min(1, y - r0);
  }
  const r1 = ny === 1 ? r0 : r0 + 1;

  // Columns: c0 and c1 around the longitude, fx the weight of c1.
  const nx = s.nx;
  let x = lon - s.lon0;
  x -= 360 * Math.floor(x / 360); // [0, 360): longitudes in any convention
  if (!(x >= 0)) return false;
  let c0 = 0;
  let c1 = 0;
  let fx = 0;
  if (nx === 1) {
    if (!(x <= EDGE_EPSILON || x >= 360 - EDGE_EPSILON)) return false;
  } else {
    x /= s.dlon;
    if (s.wraps) {
      c0 = Math.floor(x);
      fx = x - c0;
      if (c0 >= nx) c0 -= nx;
      c1 = c0 + 1 >= nx ? c0 + 1 - nx : c0 + 1;
    } else {
      if (x > nx - 1 + EDGE_EPSILON) {
        // Just west of the first column (x a hair below a full turn) is on it; else outside.
        if (x >= s.columnsPerTurn - EDGE_EPSILON) x = 0;
        else return false;
      }
      if (x > nx - 1) x = nx - 1;
      c0 = Math.floor(x);
      if (c0 > nx - 2) c0 = nx - 2;
      fx = x - c0;
      c1 = c0 + 1;
    }
  }

  pointRow = r0 + fy;
  pointColumn = c0 + fx;
  corner[0] = r0 * nx + c0;
  corner[1] = r0 * nx + c1;
  corner[2] = r1 * nx + c0;
  corner[3] = r1 * nx + c1;
  cornerWeight[0] = (1 - fx) * (1 - fy);
  cornerWeight[1] = fx * (1 - fy);
  cornerWeight[2] = (1 - fx) * fy;
  cornerWeight[3] = fx * fy;
  return true;
}

/** Weighted mean over the corners at both times, leaving out missing (NaN) values. */
function weightedMean(s: Prepared): number {
  let sum = 0;
  let weights = 0;
  for (let step = 0; step < 2; step++) {
    const wt = step === 0 ? 1 - laterWeight : laterWeight;
    if (!(wt > 0)) continue;
    const plane = s.planes[planeIndex + step] as Float32Array;
    for (let c = 0; c < 4; c++) {
      const w = (cornerWeight[c] as number) * wt;
      const v = plane[corner[c] as number] as number;
      if (w > 0 && !Number.isNaN(v)) {
        sum += w * v;
        weights += w;
      }
    }
  }
  return weights > 0 ? sum / weights : Number.NaN;
}

/** The same for directions: the weighted mean of unit vectors, as degrees in [0, 360). */
function weightedDirection(s: Prepared): number {
  let sumSin = 0;
  let sumCos = 0;
  let weights = 0;
  for (let step = 0; step < 2; step++) {
    const wt = step === 0 ? 1 - laterWeight : laterWeight;
    if (!(wt > 0)) continue;
    const plane = s.planes[planeIndex + step] as Float32Array;
    for (let c = 0; c < 4; c++) {
      const w = (cornerWeight[c] as number) * wt;
      const v = plane[corner[c] as number] as number;
      if (w > 0 && !Number.isNaN(v)) {
        sumSin += w * Math.sin(v * RAD);
        sumCos += w * Math.cos(v * RAD);
        weights += w;
      }
    }
  }
  if (!(weights > 0)) return Number.NaN;
  const deg = Math.atan2(sumSin, sumCos) / RAD;
  return deg < 0 ? deg + 360 : deg;
}

/**
 * After locate(): the time-interpolated value of the nearest grid point that has one, within
 * `reach` rows and columns of the cell around the point (see coastalSamplerOf); NaN if none.
 * Columns are shortened by cos(latitude), so "nearest" is by distance, not by grid steps.
 */
function nearestValid(s: Prepared, lat: number, reach: number): number {
  const y = pointRow;
  const x = pointColumn;
  const nx = s.nx;
  const rowSpan = s.dlat; // degrees of latitude per row, and per column at this latitude
  const columnSpan = s.dlon * Math.cos(lat * RAD);
  const rFirst = Math.max(0, Math.floor(y) - reach);
  const rLast = Math.min(s.ny - 1, Math.floor(y) + 1 + reach);
  const cFirst = Math.floor(x) - reach;
  const cLast = Math.floor(x) + 1 + reach;
  let best = Number.NaN;
  let bestDistance = Number.POSITIVE_INFINITY;
  cornerWeight[1] = 0;
  cornerWeight[2] = 0;
  cornerWeight[3] = 0;
  for (let r = rFirst; r <= rLast; r++) {
    for (let c = cFirst; c <= cLast; c++) {
      let column = c;
      if (column < 0 || column >= nx) {
        if (!s.wraps) continue;
        column = ((column % nx) + nx) % nx;
      }
      const dy = (r - y) * rowSpan;
      const dx = (c - x) * columnSpan;
      const distance = dx * dx + dy * dy;
      if (!(distance < bestDistance)) continue;
      corner[0] = r * nx + column;
      cornerWeight[0] = 1;
      const v = s.direction ? weightedDirection(s) : weightedMean(s);
      if (Number.isNaN(v)) continue;
      best = v;
      bestDistance = distance;
    }
  }
  return best;
}

/** The k in [0, nt - 2] with times[k] <= t <= times[k + 1], for t within the range. */
function bracketOf(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((times[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
