import type { SyntheticClimate } from "../../engine/weather/synthetic";
import { type ClickHouseReanalysis, type LoadedYear, loadedOnGrid } from "./clickhouse";
import { ReanalysisRowWriter } from "./rowbinary";

/**
 * Fills the ClickHouse reanalysis from the synthetic climate, a year at a time. A year counts as
 * loaded only once its completion is recorded, after its last row; a year found half-loaded (a
 * crash, a kill) is dropped and loaded again, and completed years are skipped, so running the
 * same command again resumes where it stopped.
 */

export interface LoadProgress {
  year: number;
  /** 1-based position of the year among those asked for. */
  yearNumber: number;
  years: number;
  rowsDone: number;
  rowsInYear: number;
  /** Rows per second over the year so far. */
  rate: number;
  state: "skipped" | "loading" | "done";
}

export interface LoadOptions {
  store: ClickHouseReanalysis;
  climate: SyntheticClimate;
  fromYear: number;
  toYear: number;
  /** Reload years already complete (also needed to change the grid). */
  replace?: boolean;
  onProgress?: (p: LoadProgress) => void;
  /** Called after every chunk is written (the crash failpoint of the resume test). */
  afterChunk?: () => void;
  /** Time steps per INSERT (default 60: 15 days at 6-hourly). */
  stepsPerChunk?: number;
  now?: () => number;
}

export class ReanalysisLoadError extends Error {
  constructor(
    readonly code: "reanalysis_grid_mismatch" | "reanalysis_bad_years",
    message: string,
  ) {
    super(message);
    this.name = "ReanalysisLoadError";
  }
}

export async function loadSyntheticReanalysis(
  options: LoadOptions,
): Promise<{ loaded: number[]; skipped: number[]; rows: number }> {
  const { store, climate, fromYear, toYear } = options;
  if (!(Number.isInteger(fromYear) && Number.isInteger(toYear) && fromYear <= toYear)) {
    throw new ReanalysisLoadError("reanalysis_bad_years", `bad year range ${fromYear}-${toYear}`);
  }
  const now = options.now ?? Date.now;
  const grid = store.grid;
  const spec = grid.spec;
  const loadedBefore = new Map((await store.loadedYears()).map((y) => [y.year, y]));
  const other = [...loadedBefore.values()].find((y) => !loadedOnGrid(y, spec));
  if (other && !options.replace) {
    throw new ReanalysisLoadError(
      "reanalysis_grid_mismatch",
      `the table holds year ${other.year} on a ${other.resolution_deg} degree / ${other.every_h} h grid; load the same grid, or replace (--replace reloads every year asked for)`,
    );
  }
  const cells = grid.oceanCells();
  const centres = cells.map((c) => ({
    lat: grid.latOf(Math.floor(c / grid.cols)),
    lon: grid.lonOf(c % grid.cols),
  }));
  const chunkSteps = options.stepsPerChunk ?? 60;
  const source = climate.label;
  const writer = new ReanalysisRowWriter(source, true);
  const loaded: number[] = [];
  const skipped: number[] = [];
  let total = 0;
  const years = toYear - fromYear + 1;
  for (let year = fromYear; year <= toYear; year++) {
    const yearNumber = year - fromYear + 1;
    const steps = grid.yearSteps(year);
    const rowsInYear = steps.length * cells.length;
    const done = loadedBefore.get(year);
    if (done && !options.replace && loadedOnGrid(done, spec)) {
      skipped.push(year);
      options.onProgress?.({
        year,
        yearNumber,
        years,
        rowsDone: done.rows,
        rowsInYear,
        rate: 0,
        state: "skipped",
      });
      continue;
    }
    await store.dropYear(year);
    const started = now();
    let rowsDone = 0;
    const report = (state: "loading" | "done") =>
      options.onProgress?.({
        year,
        yearNumber,
        years,
        rowsDone,
        rowsInYear,
        rate: rowsDone / Math.max(1e-3, (now() - started) / 1000),
        state,
      });
    for (let from = 0; from < steps.length; from += chunkSteps) {
      const chunk = steps.slice(from, from + chunkSteps);
      await store.insertRowBinary(encodedSteps(writer, climate, chunk, centres));
      rowsDone += chunk.length * cells.length;
      report("loading");
      options.afterChunk?.();
    }
    const record: LoadedYear = {
      year,
      resolution_deg: spec.resolutionDeg,
      every_h: spec.everyH,
      max_abs_lat: spec.maxAbsLat,
      rows: rowsDone,
      synthetic: 1,
      source,
    };
    await store.completeYear(record);
    loaded.push(year);
    total += rowsDone;
    report("done");
  }
  return { loaded, skipped, rows: total };
}

/** Rows of each time step as one RowBinary buffer. */
function* encodedSteps(
  writer: ReanalysisRowWriter,
  climate: SyntheticClimate,
  steps: readonly number[],
  centres: ReadonlyArray<{ lat: number; lon: number }>,
): Generator<Uint8Array> {
  for (const timeMs of steps) {
    yield writer.encode(centres.length, (i) => {
      const { lat, lon } = centres[i] as { lat: number; lon: number };
      return { timeMs, lat, lon, c: climate.at(lat, lon, timeMs) };
    });
  }
}
