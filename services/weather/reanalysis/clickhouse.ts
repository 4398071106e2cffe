import { Readable } from "node:stream";
import type { ClickHouseClient } from "@clickhouse/client";
import {
  connectClickHouse,
  QUERY_SETTINGS,
  queryRows,
} from "../../platform/analytics/clickhouse-client";
import { dateTimeFromMs, ident, integer, joinSql, sql } from "../../platform/analytics/sql";
import { type DependencyHealth, probeDependency } from "../../platform/health";
import { type DepartureRow, departureFromRow, departuresSql, planDepartures } from "./departures";
import type { ReanalysisGrid, ReanalysisGridSpec } from "./grid";
import {
  type DepartureExposure,
  type DepartureQuery,
  emptyValues,
  REANALYSIS_VARIABLES,
  type ReanalysisStatus,
  type ReanalysisStore,
  ReanalysisWindow,
} from "./port";

/** A completely loaded year, as `reanalysis_loads` records it. */
export interface LoadedYear {
  year: number;
  resolution_deg: number;
  every_h: number;
  max_abs_lat: number;
  rows: number;
  synthetic: number;
  source: string;
}

/** Whether a loaded year was loaded on this grid (a table holds one grid at a time). */
export function loadedOnGrid(y: LoadedYear, spec: ReanalysisGridSpec): boolean {
  return (
    Math.abs(y.resolution_deg - spec.resolutionDeg) < 1e-6 &&
    y.every_h === spec.everyH &&
    Math.abs(y.max_abs_lat - spec.maxAbsLat) < 1e-6
  );
}

/** The reanalysis in ClickHouse: reading windows for scoring, and the loader's writes. */
export class ClickHouseReanalysis implements ReanalysisStore {
  readonly adapter = "clickhouse" as const;
  readonly #client: ClickHouseClient;
  readonly #target: string;

  constructor(
    readonly grid: ReanalysisGrid,
    options: { url: string; database: string; username: string; password: string },
  ) {
    this.#client = connectClickHouse({ ...options, requestTimeoutMs: 300_000 }, options.database);
    const where = new URL(options.url);
    where.username = "";
    where.password = "";
    this.#target = `${where.origin}/${options.database}`;
  }

  async status(): Promise<ReanalysisStatus> {
    const loaded = await this.loadedYears();
    const same = loaded.filter((y) => loadedOnGrid(y, this.grid.spec));
    return {
      adapter: this.adapter,
      grid: this.grid.spec,
      years: same.map((y) => y.year).sort((a, b) => a - b),
      synthetic: same.length === 0 || same.every((y) => y.synthetic === 1),
      source: [...new Set(same.map((y) => y.source))].join("; ") || "nothing loaded",
    };
  }

  async window(cells: readonly number[], t0Ms: number, t1Ms: number): Promise<ReanalysisWindow> {
    const steps = this.grid.stepsCovering(t0Ms, t1Ms);
    const values = emptyValues(cells.length * steps.length);
    const byCentre = new Map<string, number>();
    cells.forEach((cell, i) => {
      byCentre.set(this.#centreKey(cell), i);
    });
    const first = steps[0] as number;
    const stepMs = this.grid.spec.everyH * 3_600_000;
    // A window is a few hundred cells at most; chunks keep each query well under max_query_size.
    for (let from = 0; from < cells.length; from += 500) {
      const centres = cells.slice(from, from + 500).map((c) => {
        const lat = this.grid.latOf(Math.floor(c / this.grid.cols));
        const lon = this.grid.lonOf(c % this.grid.cols);
        return sql`(${lat}, ${lon})`;
      });
      const rows = await queryRows<Record<string, number | string>>(
        this.#client,
        sql`SELECT toUInt32(time) AS t, lat, lon, ${joinSql(
          REANALYSIS_VARIABLES.map((v) => ident(v)),
          sql`, `,
        )}
            FROM reanalysis
            WHERE (lat, lon) IN (${joinSql(centres, sql`, `)})
              AND time >= ${dateTimeFromMs(first)} AND time <= ${dateTimeFromMs(steps.at(-1) as number)}`,
      );
      for (const r of rows) {
        const i = byCentre.get(`${Number(r.lat)}|${Number(r.lon)}`);
        const k = Math.round((Number(r.t) * 1000 - first) / stepMs);
        if (i === undefined || k < 0 || k >= steps.length) continue;
        for (const v of REANALYSIS_VARIABLES) values[v][i * steps.length + k] = Number(r[v]);
      }
    }
    const status = await this.status();
    return new ReanalysisWindow(
      `reanalysis (ClickHouse): ${status.source}`,
      this.grid,
      cells,
      steps,
      values,
    );
  }

  /**
   * Historical departures (semantics and the query in departures.ts): one query, aggregated in
   * ClickHouse, over the years status() lists for this grid.
   */
  async departures(query: DepartureQuery): Promise<DepartureExposure[]> {
    const plan = planDepartures(this.grid, query, (await this.status()).years);
    if (!plan.resolvable || plan.departures.length === 0) return [];
    const rows = await queryRows<DepartureRow>(this.#client, departuresSql(plan, query.vessel));
    return rows.map(departureFromRow);
  }

  health(): Promise<DependencyHealth> {
    return probeDependency("clickhouse", this.#target, () =>
      queryRows(this.#client, sql`SELECT count() AS n FROM reanalysis_loads`),
    );
  }

  async close(): Promise<void> {
    await this.#client.close();
  }

  // --- the loader's side -------------------------------------------------------------------------

  async loadedYears(): Promise<LoadedYear[]> {
    const rows = await queryRows<LoadedYear>(
      this.#client,
      sql`SELECT year, argMax(resolution_deg, loaded_at) AS resolution_deg,
                 argMax(every_h, loaded_at) AS every_h, argMax(max_abs_lat, loaded_at) AS max_abs_lat,
                 argMax(rows, loaded_at) AS rows, argMax(synthetic, loaded_at) AS synthetic,
                 argMax(source, loaded_at) AS source
          FROM reanalysis_loads GROUP BY year ORDER BY year`,
    );
    return rows.map((r) => ({
      year: Number(r.year),
      resolution_deg: Number(r.resolution_deg),
      every_h: Number(r.every_h),
      max_abs_lat: Number(r.max_abs_lat),
      rows: Number(r.rows),
      synthetic: Number(r.synthetic),
      source: r.source,
    }));
  }

  /** Removes whatever a year holds (an interrupted load's part, or a load being replaced). */
  async dropYear(year: number): Promise<void> {
    await this.#client.command({
      query: sql`ALTER TABLE reanalysis DROP PARTITION ${integer(year, "UInt16")}`.text,
    });
    await this.#client.command({
      query: sql`ALTER TABLE reanalysis_loads DELETE WHERE year = ${integer(year, "UInt16")}`.text,
    });
  }

  /**
   * Appends rows encoded as RowBinary in the table's column order (see rowbinary.ts). The client's
   * insert() takes only text formats; exec() streams any body after an INSERT ... FORMAT.
   */
  async insertRowBinary(chunks: Iterable<Uint8Array>): Promise<void> {
    const result = await this.#client.exec({
      query: "INSERT INTO reanalysis FORMAT RowBinary",
      values: Readable.from(chunks, { objectMode: false }),
      clickhouse_settings: QUERY_SETTINGS,
    });
    result.stream.resume();
    await new Promise((resolve, reject) => {
      result.stream.on("end", resolve);
      result.stream.on("error", reject);
    });
  }

  async completeYear(record: LoadedYear): Promise<void> {
    await this.#client.insert({
      table: "reanalysis_loads",
      values: [record],
      format: "JSONEachRow",
    });
  }

  async countRows(year: number): Promise<number> {
    const [row] = await queryRows<{ n: string }>(
      this.#client,
      sql`SELECT count() AS n FROM reanalysis WHERE toYear(time) = ${integer(year, "UInt16")}`,
    );
    return Number(row?.n ?? 0);
  }

  #centreKey(cell: number): string {
    const lat = Math.fround(this.grid.latOf(Math.floor(cell / this.grid.cols)));
    const lon = Math.fround(this.grid.lonOf(cell % this.grid.cols));
    return `${lat}|${lon}`;
  }
}
