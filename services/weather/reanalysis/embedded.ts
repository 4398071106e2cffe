import { LRUCache } from "lru-cache";
import { ExposureAccumulator } from "../../engine/scoring/exposure";
import type { SyntheticClimate } from "../../engine/weather/synthetic";
import { CALM, type SeaConditions } from "../../engine/weather/types";
import { deepFreeze } from "../../platform/deep-freeze";
import type { DependencyHealth } from "../../platform/health";
import { type DepartureSetStore, departureSetKey } from "./departure-files";
import { DEPARTURE_VARIABLES, planDepartures } from "./departures";
import { REANALYSIS_FIRST_YEAR, REANALYSIS_LAST_YEAR, type ReanalysisGrid } from "./grid";
import {
  type DepartureExposure,
  type DepartureQuery,
  emptyValues,
  REANALYSIS_VARIABLES,
  type ReanalysisStatus,
  type ReanalysisStore,
  type ReanalysisVariable,
  ReanalysisWindow,
  storedValue,
} from "./port";

/**
 * Time steps per cached block (8 days at 6-hourly) and the most blocks kept (~130 MB): a lane
 * and month across 47 years is ~13,000 blocks, so a handful of busy lanes stay warm.
 */
const BLOCK_STEPS = 32; // a power of two: a step's block is step >> BLOCK_SHIFT
const BLOCK_SHIFT = 5;
const VARIABLES = REANALYSIS_VARIABLES.length;
const MAX_BLOCKS = 100_000;
/**
 * Departure sets kept whole (about 0.4 MB each: a month's 1,457 departures over 47 years): the
 * same route asked about again, as an underwriter re-quoting a voyage within a forecast cycle
 * does, is answered without sailing its 47 years again (a quarter of a warm request's time).
 */
const KEPT_DEPARTURE_SETS = 32;

// #read spells the variables out in this order and checks these for the departures: a change to
// either list must change it too.
const READ_ORDER =
  "hs_m,wave_period_s,wave_dir_deg,wind_kts,wind_dir_deg,swell_hs_m,swell_period_s,swell_dir_deg,current_kts,current_dir_deg";
const READ_CHECKS = "hs_m,wave_period_s,wave_dir_deg,wind_kts,swell_hs_m,current_kts";
if (REANALYSIS_VARIABLES.join() !== READ_ORDER || DEPARTURE_VARIABLES.join() !== READ_CHECKS) {
  throw new Error("embedded reanalysis: #read is out of step with the variable lists");
}

/**
 * The embedded default's reanalysis: the synthetic climate's own weather at the grid's cell
 * centres and time steps, computed when asked (it is deterministic, so there is nothing to
 * load), rounded as the table stores it. All 47 years are always available.
 */
export class EmbeddedReanalysis implements ReanalysisStore {
  readonly adapter = "embedded" as const;
  /**
   * Values already computed, per grid cell by block of BLOCK_STEPS time steps (NaN: not yet). A
   * lane's requests keep meeting the same cells at the same steps (every day of a month, every
   * year), so a block computed for one request serves the next. Past MAX_BLOCKS the oldest
   * blocks go first (#made is their ring, as cell and block index pairs).
   */
  readonly #blocks: Array<Array<Float32Array | undefined> | undefined> = [];
  readonly #made = new Int32Array(2 * MAX_BLOCKS);
  #madeCount = 0;
  #madeNext = 0;
  /**
   * Whole answers by query; frozen, since every caller shares them. Callers asking for a query
   * already being sailed wait for that answer rather than sail it again (fetch), and an answer
   * evicted while in flight still reaches its callers (ignoreFetchAbort).
   */
  readonly #departureSets = new LRUCache<string, readonly DepartureExposure[], DepartureQuery>({
    max: KEPT_DEPARTURE_SETS,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => deepFreeze(await this.#keptOrSailed(context)),
  });

  constructor(
    readonly grid: ReanalysisGrid,
    private readonly climate: SyntheticClimate,
    /** Departure sets kept across processes (departure-files.ts); none: always sailed. */
    private readonly sets?: DepartureSetStore,
  ) {}

  async status(): Promise<ReanalysisStatus> {
    const years: number[] = [];
    for (let y = REANALYSIS_FIRST_YEAR; y <= REANALYSIS_LAST_YEAR; y++) years.push(y);
    return {
      adapter: this.adapter,
      grid: this.grid.spec,
      years,
      synthetic: true,
      source: this.climate.label,
    };
  }

  async window(cells: readonly number[], t0Ms: number, t1Ms: number): Promise<ReanalysisWindow> {
    const steps = this.grid.stepsCovering(t0Ms, t1Ms);
    const values = emptyValues(cells.length * steps.length);
    const stepMs = this.grid.spec.everyH * 3_600_000;
    const c = emptyConditions();
    cells.forEach((cell, i) => {
      steps.forEach((t, k) => {
        this.#read(cell, Math.round(t / stepMs), c);
        for (const v of REANALYSIS_VARIABLES) values[v][i * steps.length + k] = c[v];
      });
    });
    return new ReanalysisWindow(
      `synthetic reanalysis (not real weather): ${this.climate.label}`,
      this.grid,
      cells,
      steps,
      values,
    );
  }

  /**
   * Historical departures (semantics in departures.ts) on exactly what the table would hold: the
   * climate at the nearest cell's centre, rounded by storedValue. All departures sail side by
   * side, one sample at a time (a sample's cell is read for every departure while its block is
   * at hand), each reduced by its own ExposureAccumulator in sample order, so the figures equal
   * aggregateExposure of the departure's samples. A departure is dropped at its first sample
   * without a stored value. Computing a value costs ~45 us, so a lane's first request in a month
   * takes seconds (47 years x 31 days x 80 samples); the event loop gets a turn between samples.
   * The answer is kept for the same query (KEPT_DEPARTURE_SETS), read-only.
   */
  async departures(query: DepartureQuery): Promise<readonly DepartureExposure[]> {
    const sailed = await this.#departureSets.fetch(JSON.stringify(query), { context: query });
    // fetchMethod resolves to an array or rejects, and aborts are ignored: never undefined.
    if (!sailed) throw new Error("departure set fetch resolved to nothing");
    return sailed;
  }

  /** The set kept on disk for this query, or sailed (and then kept). */
  async #keptOrSailed(query: DepartureQuery): Promise<DepartureExposure[]> {
    const key = this.sets && departureSetKey([this.grid.spec, this.climate.label], query);
    const kept = key === undefined ? undefined : this.sets?.load(key);
    if (kept) return kept;
    const sailed = await this.#sailDepartures(query);
    if (key !== undefined) this.sets?.save(key, sailed);
    return sailed;
  }

  async #sailDepartures(query: DepartureQuery): Promise<DepartureExposure[]> {
    const plan = planDepartures(this.grid, query, (await this.status()).years);
    if (!plan.resolvable) return [];
    const stepMs = this.grid.spec.everyH * 3_600_000;
    const departures = plan.departures;
    const exposures = departures.map(() => new ExposureAccumulator(query.vessel));
    const complete = new Uint8Array(departures.length).fill(1);
    // Departures are at 00 UTC and the step divides 24 h: every time here is a whole step.
    const departureStep = Int32Array.from(departures, (d) => Math.round(d.ms / stepMs));
    // A departure's year is held (planDepartures); later sample times are checked past its end.
    const yearEndStep = Int32Array.from(departures, (d) =>
      Math.round(Date.UTC(d.year + 1, 0, 1) / stepMs),
    );
    const c = emptyConditions();
    for (const [k, s] of plan.samples.entries()) {
      if (k > 0) await new Promise((resolve) => setImmediate(resolve));
      const offset = Math.round(s.offsetMs / stepMs);
      for (let j = 0; j < departures.length; j++) {
        if (complete[j] === 0) continue;
        const step = (departureStep[j] as number) + offset;
        if (
          (step >= (yearEndStep[j] as number) &&
            !plan.held.has(new Date(step * stepMs).getUTCFullYear())) ||
          !this.#read(s.cell, step, c)
        ) {
          complete[j] = 0;
          continue;
        }
        (exposures[j] as ExposureAccumulator).add(c, s.course_deg, s.hours);
      }
    }
    const out: DepartureExposure[] = [];
    departures.forEach((d, j) => {
      if (complete[j] === 0) return;
      out.push({
        year: d.year,
        day: d.day,
        departure_utc: new Date(d.ms).toISOString(),
        exposure: (exposures[j] as ExposureAccumulator).result(),
      });
    });
    return out;
  }

  /**
   * What the table holds for a cell at a time step (the climate at its centre, as stored), into
   * `out`; false when a value the departures use is not a number.
   */
  #read(cell: number, step: number, out: SeaConditions): boolean {
    const block = this.#block(cell, step >> BLOCK_SHIFT);
    const at = (step & (BLOCK_STEPS - 1)) * VARIABLES;
    if (Number.isNaN(block[at] as number)) {
      const lat = this.grid.latOf(Math.floor(cell / this.grid.cols));
      const lon = this.grid.lonOf(cell % this.grid.cols);
      const c = this.climate.at(lat, lon, step * this.grid.spec.everyH * 3_600_000);
      for (let i = 0; i < VARIABLES; i++) {
        block[at + i] = storedValue(c[REANALYSIS_VARIABLES[i] as ReanalysisVariable]);
      }
    }
    // Spelled out, in REANALYSIS_VARIABLES order: this runs ~65,000 times per request.
    out.hs_m = block[at] as number;
    out.wave_period_s = block[at + 1] as number;
    out.wave_dir_deg = block[at + 2] as number;
    out.wind_kts = block[at + 3] as number;
    out.wind_dir_deg = block[at + 4] as number;
    out.swell_hs_m = block[at + 5] as number;
    out.swell_period_s = block[at + 6] as number;
    out.swell_dir_deg = block[at + 7] as number;
    out.current_kts = block[at + 8] as number;
    out.current_dir_deg = block[at + 9] as number;
    // DEPARTURE_VARIABLES: a value that is not a number leaves the departure out.
    return Number.isFinite(
      out.hs_m +
        out.wave_period_s +
        out.wave_dir_deg +
        out.wind_kts +
        out.swell_hs_m +
        out.current_kts,
    );
  }

  /** A cell's block of values, computed or not (NaN); made on first use. */
  #block(cell: number, index: number): Float32Array {
    let byIndex = this.#blocks[cell];
    if (!byIndex) {
      byIndex = [];
      this.#blocks[cell] = byIndex;
    }
    const known = byIndex[index];
    if (known) return known;
    const block = new Float32Array(BLOCK_STEPS * VARIABLES).fill(Number.NaN);
    byIndex[index] = block;
    const slot = 2 * this.#madeNext;
    if (this.#madeCount === MAX_BLOCKS) {
      const oldCell = this.#made[slot] as number;
      const oldIndex = this.#made[slot + 1] as number;
      const list = this.#blocks[oldCell];
      if (list) list[oldIndex] = undefined;
    } else {
      this.#madeCount++;
    }
    this.#made[slot] = cell;
    this.#made[slot + 1] = index;
    this.#madeNext = (this.#madeNext + 1) % MAX_BLOCKS;
    return block;
  }

  async health(): Promise<DependencyHealth> {
    return {
      adapter: this.adapter,
      status: "up",
      latency_ms: 0,
      detail: "synthetic climate, computed on demand",
    };
  }

  async close(): Promise<void> {}
}

/** A SeaConditions to read into, with every field present (one shape for V8). */
function emptyConditions(): SeaConditions {
  return { ...CALM };
}
