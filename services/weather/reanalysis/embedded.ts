import type { SyntheticClimate } from "../../engine/weather/synthetic";
import type { SeaConditions } from "../../engine/weather/types";
import type { DependencyHealth } from "../../platform/health";
import { departureExposure, planDepartures } from "./departures";
import { REANALYSIS_FIRST_YEAR, REANALYSIS_LAST_YEAR, type ReanalysisGrid } from "./grid";
import {
  type DepartureExposure,
  type DepartureQuery,
  emptyValues,
  REANALYSIS_VARIABLES,
  type ReanalysisStatus,
  type ReanalysisStore,
  ReanalysisWindow,
  storedValue,
} from "./port";

/**
 * Time steps per cached block (8 days at 6-hourly) and the most blocks kept (~130 MB): a lane
 * and month across 47 years is ~13,000 blocks, so a handful of busy lanes stay warm.
 */
const BLOCK_STEPS = 32;
const VARIABLES = REANALYSIS_VARIABLES.length;
const MAX_BLOCKS = 100_000;

/**
 * The embedded default's reanalysis: the synthetic climate's own weather at the grid's cell
 * centres and time steps, computed when asked (it is deterministic, so there is nothing to
 * load), rounded as the table stores it. All 47 years are always available.
 */
export class EmbeddedReanalysis implements ReanalysisStore {
  readonly adapter = "embedded" as const;
  /**
   * Values already computed, by cell and block of BLOCK_STEPS time steps (NaN: not yet). A
   * lane's requests keep meeting the same cells at the same steps (every day of a month, every
   * year), so a block computed for one request serves the next; the least recently used go first.
   */
  readonly #blocks = new Map<number, Float32Array>();

  constructor(
    readonly grid: ReanalysisGrid,
    private readonly climate: SyntheticClimate,
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
    cells.forEach((cell, i) => {
      steps.forEach((t, k) => {
        const c = this.#stored(cell, t);
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
   * Historical departures (semantics in departures.ts): the reference evaluation on exactly what
   * the table would hold, the climate at the nearest cell's centre rounded by storedValue. About
   * 45 us per sample and departure (47 years x 31 days x 80 samples: ~5 s); the event loop gets
   * a turn between departure years.
   */
  async departures(query: DepartureQuery): Promise<DepartureExposure[]> {
    const plan = planDepartures(this.grid, query, (await this.status()).years);
    const out: DepartureExposure[] = [];
    if (!plan.resolvable) return out;
    const valueAt = (cell: number, t: number) => this.#stored(cell, t);
    let year = plan.departures[0]?.year;
    for (const d of plan.departures) {
      if (d.year !== year) {
        year = d.year;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const e = departureExposure(plan, d, query.vessel, valueAt);
      if (e) out.push(e);
    }
    return out;
  }

  /** What the table holds for a cell at a time step: the climate at its centre, as stored. */
  #stored(cell: number, timeMs: number): SeaConditions {
    const step = Math.round(timeMs / (this.grid.spec.everyH * 3_600_000));
    const blockIndex = Math.floor(step / BLOCK_STEPS);
    const key = blockIndex * this.grid.ocean.length + cell;
    let block = this.#blocks.get(key);
    if (block) {
      this.#blocks.delete(key);
      this.#blocks.set(key, block);
    } else {
      block = new Float32Array(BLOCK_STEPS * VARIABLES).fill(Number.NaN);
      if (this.#blocks.size >= MAX_BLOCKS)
        this.#blocks.delete(this.#blocks.keys().next().value as number);
      this.#blocks.set(key, block);
    }
    const at = (step - blockIndex * BLOCK_STEPS) * VARIABLES;
    if (Number.isNaN(block[at] as number)) {
      const lat = this.grid.latOf(Math.floor(cell / this.grid.cols));
      const lon = this.grid.lonOf(cell % this.grid.cols);
      const c = this.climate.at(lat, lon, timeMs);
      REANALYSIS_VARIABLES.forEach((v, i) => {
        block[at + i] = storedValue(c[v]);
      });
    }
    const out = {} as SeaConditions;
    REANALYSIS_VARIABLES.forEach((v, i) => {
      out[v] = block[at + i] as number;
    });
    return out;
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
