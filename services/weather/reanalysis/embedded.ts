import type { SyntheticClimate } from "../../engine/weather/synthetic";
import type { DependencyHealth } from "../../platform/health";
import { REANALYSIS_FIRST_YEAR, REANALYSIS_LAST_YEAR, type ReanalysisGrid } from "./grid";
import {
  emptyValues,
  REANALYSIS_VARIABLES,
  type ReanalysisStatus,
  type ReanalysisStore,
  ReanalysisWindow,
  storedValue,
} from "./port";

/**
 * The embedded default's reanalysis: the synthetic climate's own weather at the grid's cell
 * centres and time steps, computed when asked (it is deterministic, so there is nothing to
 * load), rounded as the table stores it. All 47 years are always available.
 */
export class EmbeddedReanalysis implements ReanalysisStore {
  readonly adapter = "embedded" as const;

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
      const lat = this.grid.latOf(Math.floor(cell / this.grid.cols));
      const lon = this.grid.lonOf(cell % this.grid.cols);
      steps.forEach((t, k) => {
        const c = this.climate.at(lat, lon, t);
        for (const v of REANALYSIS_VARIABLES) values[v][i * steps.length + k] = storedValue(c[v]);
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
