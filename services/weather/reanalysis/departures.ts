/**
 * Historical departures over the reanalysis: the "historical availability" of a route, vessel
 * and month (domain guide). Both ReanalysisStore adapters answer `departures()` with the same
 * numbers: the embedded store by sailing every departure through the synthetic climate with
 * aggregateExposure's own accumulator (EmbeddedReanalysis.departures), ClickHouse with the one
 * query built by departuresSql.
 *
 * ## Semantics (for data teams)
 *
 * - Departures: every calendar day of `month` at 00:00 UTC, in every year from `fromYear` to
 *   `toYear` (within 1979-2025) that the store holds completely (`status().years`; a year being
 *   loaded does not count). Results are ordered by departure time.
 * - Samples: the caller samples the route once per reanalysis time step: sample k stands for
 *   where the vessel is `offsetSteps` steps of `everyH` hours after departure. For a departure
 *   at D its conditions are the stored values of ONE cell, the one nearest the sample point
 *   (ReanalysisGrid.nearestCell: the largest bilinear weight among the sea cells round the point,
 *   or the nearest sea cell within two cells), at exactly the stored time step
 *   D + offsetSteps * everyH hours. Nothing is interpolated in space or time.
 * - Exposure: exactly `aggregateExposure` (services/engine/scoring/exposure.ts) of these
 *   samples with their `course_deg` and `hours`: peaks, hour-weighted means, hours above 70% of
 *   and above the vessel's wave and wind limits, swell and current peak and mean, and hours in a
 *   dangerous wave encounter (`dangerousEncounter`, IMO MSC.1/Circ.1228).
 * - Left out (not an error): a departure any of whose samples has no stored value, i.e. the
 *   sample's time falls in a year the store does not hold (December departures of the last held
 *   year, e.g. December 2025, whose voyage runs into the next year; a voyage crossing into a
 *   year not loaded), or a value the exposure uses (hs, wave period and direction, wind, swell
 *   height, current speed) is not finite. A sample point with no sea cell within reach leaves
 *   every departure out. A departure is therefore either complete or absent, never partial.
 * - Values are the stored ones: rounded to 0.001 and held as Float32 (`storedValue`), read as
 *   float64 for the arithmetic.
 * - Tolerance between the adapters: both read the same float32 values as float64 and apply the
 *   same operations in the same order, so peaks and the threshold tests (hs > 0.7 * limit, ...)
 *   agree exactly; sums may be added in another order, so means and hour totals may differ by
 *   rounding, below 1e-12 relative (observed: identical on 155 departures x 80 samples of random
 *   values; the contract asserts 1e-9 relative). One caveat: ClickHouse's cos() differs from
 *   V8's Math.cos by one unit in the last place for a few percent of arguments, so a
 *   dangerous-encounter comparison landing within 1e-16 of its threshold could go the other
 *   way and move dangerous_hours by that sample's hours. Consumers should compare with a
 *   relative tolerance of 1e-6 and accept that (vanishingly rare) case.
 * - Cost: ClickHouse answers 47 years x 31 departures x 80 samples (2 million rows of 30 cells
 *   read, 116,560 departure-sample pairs) in about 1-1.5 s on the 2-core test machine; the
 *   embedded store takes about 5 s for the same (the synthetic climate at 45 us a value).
 * - The grid's step must divide 24 hours (so that 00 UTC is always a stored step); at most
 *   MAX_DEPARTURE_SAMPLES samples (the SQL carries them as literals).
 *
 * ## The ClickHouse query (departuresSql)
 *
 * One SELECT over `reanalysis`, three levels:
 * 1. Rows: the cells of the samples (`(lat, lon) IN (...)`, the table's primary key) in each
 *    departure year's window [first departure + smallest offset, last departure + largest
 *    offset], in held years only. The samples travel as array literals (cell centre lat/lon,
 *    offset in seconds, course, hours). Each row is mapped to the samples it serves by
 *    `arrayJoin(arrayFilter(j -> time - offset_j is 00 UTC of a day of the month in a departure
 *    year, arrayFilter(j -> sample j's cell is the row's cell, 1..n)))`: a cell visited by
 *    several samples yields several (departure, sample) pairs, a row no departure needs none. Each
 *    pair gets its departure `time - offset_k`, its hours and course, and its
 *    dangerous-encounter flag: the formula of dangerousEncounter written in SQL with the vessel's
 *    length, speed and roll period as literals (float `%` truncates to integers in ClickHouse,
 *    so `x % 360` is written `x - 360 * trunc(x / 360)`, which is the same fmod here).
 * 2. Pairs: GROUP BY (departure, sample) with any(), so a row stored twice (ReplacingMergeTree
 *    before a merge) counts once.
 * 3. Departures: GROUP BY departure: max / hour-weighted means / sumIf(hours, ...) exactly as
 *    aggregateExposure, and count() of samples found; HAVING count() = number of samples drops
 *    the incomplete departures.
 * ClickHouse 18.16 compatible (no query parameters, no JOIN); values go in only through sql.ts.
 */

import type { ScoringVessel } from "../../engine/scoring/vessel-types";
import type { SeaConditions } from "../../engine/weather/types";
import {
  dateTimeFromMs,
  inList,
  joinSql,
  type SqlFragment,
  sql,
} from "../../platform/analytics/sql";
import { REANALYSIS_FIRST_YEAR, REANALYSIS_LAST_YEAR, type ReanalysisGrid } from "./grid";
import type { DepartureExposure, DepartureQuery } from "./port";

/** The SQL carries the samples as literals; 1,000 is 250 days at 6-hourly steps. */
export const MAX_DEPARTURE_SAMPLES = 1000;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The values aggregateExposure reads: a sample lacking any of them leaves its departure out. */
export const DEPARTURE_VARIABLES = [
  "hs_m",
  "wave_period_s",
  "wave_dir_deg",
  "wind_kts",
  "swell_hs_m",
  "current_kts",
] as const satisfies readonly (keyof SeaConditions)[];

export class DepartureQueryError extends RangeError {
  override name = "DepartureQueryError";
}

/** A sample resolved on the grid. */
export interface PlannedSample {
  /** Nearest stored cell, or -1 when the point has no sea cell within reach. */
  cell: number;
  /** Centre of that cell (as stored in the table's lat/lon columns). */
  lat: number;
  lon: number;
  offsetMs: number;
  course_deg: number;
  hours: number;
}

export interface PlannedDeparture {
  year: number;
  day: number;
  ms: number;
}

/** What both adapters evaluate: the departures to simulate and the samples on the grid. */
export interface DeparturePlan {
  month: number;
  /** Departure years: the query's range among the held years, ascending. */
  years: number[];
  /** Years the store holds completely: every sample time must fall in one. */
  held: ReadonlySet<number>;
  samples: PlannedSample[];
  departures: PlannedDeparture[];
  /** False when some sample has no cell (no departure can be complete). */
  resolvable: boolean;
}

/** Checks a query; throws DepartureQueryError naming the first problem. */
export function validateDepartureQuery(grid: ReanalysisGrid, q: DepartureQuery): void {
  const fail = (m: string): never => {
    throw new DepartureQueryError(m);
  };
  if (!(Number.isInteger(q.month) && q.month >= 1 && q.month <= 12)) {
    fail(`month must be an integer 1-12, got ${q.month}`);
  }
  if (
    !(Number.isInteger(q.fromYear) && Number.isInteger(q.toYear)) ||
    q.fromYear > q.toYear ||
    q.fromYear < REANALYSIS_FIRST_YEAR ||
    q.toYear > REANALYSIS_LAST_YEAR
  ) {
    fail(
      `years must be integers with ${REANALYSIS_FIRST_YEAR} <= fromYear <= toYear <= ${REANALYSIS_LAST_YEAR}, got ${q.fromYear}-${q.toYear}`,
    );
  }
  if (24 % grid.spec.everyH !== 0) {
    fail(`the grid's step (${grid.spec.everyH} h) must divide 24 h for daily 00 UTC departures`);
  }
  if (q.samples.length === 0) fail("at least one sample is needed");
  if (q.samples.length > MAX_DEPARTURE_SAMPLES) {
    fail(`at most ${MAX_DEPARTURE_SAMPLES} samples, got ${q.samples.length}`);
  }
  q.samples.forEach((s, i) => {
    if (!(Number.isFinite(s.lat) && s.lat >= -90 && s.lat <= 90 && Number.isFinite(s.lon))) {
      fail(`sample ${i}: bad position ${s.lat}, ${s.lon}`);
    }
    if (!(Number.isInteger(s.offsetSteps) && s.offsetSteps >= 0 && s.offsetSteps <= 100_000)) {
      fail(`sample ${i}: offsetSteps must be an integer >= 0, got ${s.offsetSteps}`);
    }
    if (!Number.isFinite(s.course_deg)) fail(`sample ${i}: bad course ${s.course_deg}`);
    if (!(Number.isFinite(s.hours) && s.hours >= 0)) {
      fail(`sample ${i}: hours must be finite and >= 0, got ${s.hours}`);
    }
  });
  const v = q.vessel;
  for (const key of [
    "loa_m",
    "speed_kts",
    "roll_period_s",
    "max_wave_m",
    "max_wind_kts",
  ] as const) {
    if (!Number.isFinite(v[key])) fail(`vessel.${key} must be a finite number, got ${v[key]}`);
  }
}

/** Validates the query and resolves it on the grid against the years the store holds. */
export function planDepartures(
  grid: ReanalysisGrid,
  query: DepartureQuery,
  heldYears: readonly number[],
): DeparturePlan {
  validateDepartureQuery(grid, query);
  const held = new Set(heldYears);
  const stepMs = grid.spec.everyH * HOUR_MS;
  const samples = query.samples.map((s): PlannedSample => {
    const cell = grid.nearestCell(s.lat, s.lon);
    return {
      cell,
      lat: cell < 0 ? Number.NaN : grid.latOf(Math.floor(cell / grid.cols)),
      lon: cell < 0 ? Number.NaN : grid.lonOf(cell % grid.cols),
      offsetMs: s.offsetSteps * stepMs,
      course_deg: s.course_deg,
      hours: s.hours,
    };
  });
  const years: number[] = [];
  for (let y = query.fromYear; y <= query.toYear; y++) if (held.has(y)) years.push(y);
  const departures: PlannedDeparture[] = [];
  for (const year of years) {
    const days = new Date(Date.UTC(year, query.month, 0)).getUTCDate();
    for (let day = 1; day <= days; day++) {
      departures.push({ year, day, ms: Date.UTC(year, query.month - 1, day) });
    }
  }
  return {
    month: query.month,
    years,
    held,
    samples,
    departures,
    resolvable: samples.every((s) => s.cell >= 0),
  };
}

// --- ClickHouse ----------------------------------------------------------------------------------

/** One row of departuresSql's result (JSONEachRow: 64-bit integers arrive as strings). */
export type DepartureRow = Record<(typeof DEPARTURE_COLUMNS)[number], number | string>;

const DEPARTURE_COLUMNS = [
  "dep",
  "samples",
  "hours",
  "hs_peak",
  "hs_mean",
  "hs_over_70",
  "hs_over_limit",
  "wind_peak",
  "wind_mean",
  "wind_over_70",
  "wind_over_limit",
  "swell_peak",
  "swell_mean",
  "current_peak",
  "current_mean",
  "dangerous_hours",
] as const;

/**
 * The departures query for a plan with at least one departure and every sample on a cell (see
 * the note at the top of this file). The result has one row per complete departure, in
 * departure order, with the columns of DepartureRow.
 */
export function departuresSql(plan: DeparturePlan, vessel: ScoringVessel): SqlFragment {
  if (!plan.resolvable || plan.departures.length === 0) {
    throw new DepartureQueryError("departuresSql needs departures and samples on sea cells");
  }
  const n = plan.samples.length;
  const floats = (pick: (s: PlannedSample) => number) =>
    sql`CAST(${plan.samples.map(pick)} AS Array(Float64))`;
  const offsets = sql`CAST(${plan.samples.map((s) => s.offsetMs / 1000)} AS Array(Int64))`;
  // The distinct cells, as the (lat, lon) of their centres: the table's primary key prefix.
  const cells = [...new Map(plan.samples.map((s) => [s.cell, s])).values()].map(
    (s) => sql`(${s.lat}, ${s.lon})`,
  );
  // Per departure year, the times any sample of any departure of the month can need.
  const minOff = Math.min(...plan.samples.map((s) => s.offsetMs));
  const maxOff = Math.max(...plan.samples.map((s) => s.offsetMs));
  const windows = plan.years.map((y) => {
    const first = Date.UTC(y, plan.month - 1, 1);
    const last = Date.UTC(y, plan.month, 0);
    return sql`(time >= ${dateTimeFromMs(first + minOff)} AND time <= ${dateTimeFromMs(last + maxOff)})`;
  });
  const L = vessel.loa_m;
  const V = vessel.speed_kts;
  const R = vessel.roll_period_s;
  return sql`
SELECT
  dep,
  count() AS samples,
  sum(h) AS hours,
  greatest(max(hs), 0) AS hs_peak,
  if(hours > 0, sum(hs * h) / hours, 0) AS hs_mean,
  sumIf(h, hs > 0.7 * ${vessel.max_wave_m}) AS hs_over_70,
  sumIf(h, hs > ${vessel.max_wave_m}) AS hs_over_limit,
  greatest(max(wind), 0) AS wind_peak,
  if(hours > 0, sum(wind * h) / hours, 0) AS wind_mean,
  sumIf(h, wind > 0.7 * ${vessel.max_wind_kts}) AS wind_over_70,
  sumIf(h, wind > ${vessel.max_wind_kts}) AS wind_over_limit,
  greatest(max(swell), 0) AS swell_peak,
  if(hours > 0, sum(swell * h) / hours, 0) AS swell_mean,
  greatest(max(cur), 0) AS current_peak,
  if(hours > 0, sum(cur * h) / hours, 0) AS current_mean,
  sumIf(h, dangerous) AS dangerous_hours
FROM
(
  -- 2. One row per (departure, sample): any() keeps one copy of a row stored twice.
  SELECT dep, k, any(hs) AS hs, any(wind) AS wind, any(swell) AS swell, any(cur) AS cur,
         any(h) AS h, any(danger) AS dangerous
  FROM
  (
    -- 1. The stored rows of the samples' cells, each paired with the samples it serves.
    WITH
      ${floats((s) => s.lat)} AS s_lat,       -- cell centre of each sample
      ${floats((s) => s.lon)} AS s_lon,
      ${offsets} AS s_off,                    -- seconds after departure
      ${floats((s) => s.course_deg)} AS s_course,
      ${floats((s) => s.hours)} AS s_hours
    SELECT
      toInt64(toUInt32(time)) AS t,
      toFloat64(lat) AS lat64,
      toFloat64(lon) AS lon64,
      -- Sample k is served by this row when it is the sample's cell (inner filter, cheap, run
      -- first) and t - offset_k is a departure: 00 UTC of a day in the month, in a departure year.
      arrayJoin(arrayFilter(
        j -> (t - s_off[j]) % 86400 = 0
             AND toMonth(toDateTime(t - s_off[j], 'UTC')) = ${plan.month}
             AND has(${plan.years}, toYear(toDateTime(t - s_off[j], 'UTC'))),
        arrayFilter(j -> s_lat[j] = lat64 AND s_lon[j] = lon64, arrayEnumerate(s_lat)))) AS k,
      t - s_off[k] AS dep,
      s_hours[k] AS h,
      s_course[k] AS course,
      toFloat64(hs_m) AS hs,
      toFloat64(wind_kts) AS wind,
      toFloat64(swell_hs_m) AS swell,
      toFloat64(current_kts) AS cur,
      toFloat64(wave_period_s) AS period,
      toFloat64(wave_dir_deg) AS wave_dir,
      -- dangerousEncounter (exposure.ts), same operations in the same order. JS x % 360 is
      -- fmod; ClickHouse's float % truncates to integers, so it is x - 360 * trunc(x / 360).
      wave_dir - course AS rel,
      rel - 360 * trunc(rel / 360) + 540 AS rel540,
      abs(rel540 - 360 * trunc(rel540 / 360) - 180) AS alpha, -- 0 head seas, 180 following
      1.56 * period * period AS wave_len,                      -- wave length, m
      (3 * period * period) / (3 * period + ${V} * cos((alpha * pi()) / 180)) AS te, -- encounter period
      period > 0 AND hs > 0 AND (
        -- surf-riding and broaching-to: following seas, speed above 1.8 sqrt(L) / cos(180 - alpha)
        (alpha >= 135 AND ${V} > (1.8 * sqrt(${L})) / cos(((180 - alpha) * pi()) / 180)
          AND wave_len > 0.8 * ${L})
        -- successive high-wave attack
        OR (wave_len > 0.8 * ${L} AND hs > 0.04 * ${L})
        -- synchronous or parametric rolling: T_E within 20% of the roll period or its half
        OR (hs > 0.02 * ${L} AND te > 0 AND (abs(te - ${R}) <= 0.2 * ${R}
              OR abs(te - ${R} / 2) <= 0.2 * (${R} / 2)))
      ) AS danger
    FROM reanalysis
    WHERE (lat, lon) IN (${joinSql(cells, sql`, `)})
      AND (${joinSql(windows, sql` OR `)})
      AND toYear(time) IN ${inList([...plan.held].sort((a, b) => a - b))}
      AND isFinite(hs_m) AND isFinite(wave_period_s) AND isFinite(wave_dir_deg)
      AND isFinite(wind_kts) AND isFinite(swell_hs_m) AND isFinite(current_kts)
  )
  GROUP BY dep, k
)
GROUP BY dep
-- 3. Only departures with every sample found.
HAVING samples = ${n}
ORDER BY dep`;
}

/** A row of departuresSql as a DepartureExposure. */
export function departureFromRow(row: DepartureRow): DepartureExposure {
  const num = (c: (typeof DEPARTURE_COLUMNS)[number]) => Number(row[c]);
  const ms = num("dep") * 1000;
  const d = new Date(ms);
  if (ms % DAY_MS !== 0) throw new Error(`departure ${d.toISOString()} is not at 00 UTC`);
  return {
    year: d.getUTCFullYear(),
    day: d.getUTCDate(),
    departure_utc: d.toISOString(),
    exposure: {
      hours: num("hours"),
      hs: {
        peak: num("hs_peak"),
        mean: num("hs_mean"),
        hours_over_70: num("hs_over_70"),
        hours_over_limit: num("hs_over_limit"),
      },
      wind: {
        peak: num("wind_peak"),
        mean: num("wind_mean"),
        hours_over_70: num("wind_over_70"),
        hours_over_limit: num("wind_over_limit"),
      },
      swell: { peak: num("swell_peak"), mean: num("swell_mean") },
      current: { peak: num("current_peak"), mean: num("current_mean") },
      dangerous_hours: num("dangerous_hours"),
    },
  };
}
