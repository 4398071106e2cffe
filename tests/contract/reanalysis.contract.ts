import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregateExposure, type ExposureAggregates } from "../../services/engine/scoring/exposure";
import { summariseDepartures, withinLimits } from "../../services/engine/scoring/history";
import {
  resolveVessel,
  type ScoringVessel,
  VESSEL_TYPES,
} from "../../services/engine/scoring/vessel-types";
import type { SyntheticClimate } from "../../services/engine/weather/synthetic";
import type { SeaConditions } from "../../services/engine/weather/types";
import { DepartureQueryError } from "../../services/weather/reanalysis/departures";
import type { ReanalysisGrid } from "../../services/weather/reanalysis/grid";
import {
  cellsAround,
  type DepartureExposure,
  type DepartureQuery,
  REANALYSIS_VARIABLES,
  type ReanalysisStore,
  storedValue,
} from "../../services/weather/reanalysis/port";

/**
 * What every ReanalysisStore must do, run on the embedded store (unit) and on ClickHouse filled by
 * the loader (integration): a cell's value at a time step is the synthetic climate's value at the
 * cell centre, rounded as stored, and points between cells and steps interpolate the same way.
 * The store must hold (at least) the year `year` on `grid`.
 */
export function reanalysisContract(
  name: string,
  setup: () => Promise<{ store: ReanalysisStore; grid: ReanalysisGrid; climate: SyntheticClimate }>,
  year: number,
  cleanup?: () => Promise<void>,
): void {
  describe(`ReanalysisStore contract: ${name}`, { timeout: 300_000 }, () => {
    let store: ReanalysisStore;
    let grid: ReanalysisGrid;
    let climate: SyntheticClimate;
    beforeAll(async () => {
      ({ store, grid, climate } = await setup());
    }, 600_000);
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    const t0 = Date.UTC(year, 1, 10);
    const centre = (cell: number) => ({
      lat: grid.latOf(Math.floor(cell / grid.cols)),
      lon: grid.lonOf(cell % grid.cols),
    });

    it("reports the grid and the year as available", async () => {
      const status = await store.status();
      expect(status.grid).toEqual(grid.spec);
      expect(status.years).toContain(year);
      expect(status.synthetic).toBe(true);
    });

    it("holds the climate's values at cell centres and time steps, as stored", async () => {
      const cells = grid
        .oceanCells()
        .filter((_, i) => i % 7 === 0)
        .slice(0, 40);
      const window = await store.window(cells, t0, t0 + 3 * 86_400_000);
      expect(window.steps.length).toBe(Math.round(72 / grid.spec.everyH) + 1);
      for (const [i, cell] of cells.entries()) {
        for (const [k, t] of window.steps.entries()) {
          const expected = climate.at(centre(cell).lat, centre(cell).lon, t);
          for (const v of REANALYSIS_VARIABLES) {
            expect(window.values[v][i * window.steps.length + k]).toBeCloseTo(
              storedValue(expected[v]),
              3,
            );
          }
        }
      }
    });

    it("samples bilinearly between cells and linearly between steps, sea cells only", async () => {
      const step = grid.spec.everyH * 3_600_000;
      // An open-ocean point between four sea cells, half-way between two steps.
      const p = { lat: -45 + grid.spec.resolutionDeg / 3, lon: -130 + grid.spec.resolutionDeg / 4 };
      const cells = cellsAround(grid, [p]);
      const window = await store.window(cells, t0, t0 + step);
      const corners = grid.corners(p.lat, p.lon);
      expect(corners).toHaveLength(4);
      const at = window.at(p.lat, p.lon, t0 + step / 2);
      let hs = 0;
      for (const c of corners) {
        const { lat, lon } = centre(c.cell);
        const a = storedValue(climate.at(lat, lon, t0).hs_m);
        const b = storedValue(climate.at(lat, lon, t0 + step).hs_m);
        hs += (c.weight * (a + b)) / 2;
      }
      expect(at.hs_m).toBeCloseTo(hs, 3);
      expect(at.wind_dir_deg).toBeGreaterThanOrEqual(0);
      expect(at.wind_dir_deg).toBeLessThan(360);
      // A point just off a coast reads only the sea cells round it.
      const coastal = grid.corners(51.2, 1.6); // Dover Strait
      expect(coastal.length).toBeGreaterThan(0);
      expect(coastal.every((c) => grid.ocean[c.cell] === 1)).toBe(true);
      const near = await store.window(cellsAround(grid, [{ lat: 51.2, lon: 1.6 }]), t0, t0);
      expect(Number.isFinite(near.at(51.2, 1.6, t0).hs_m)).toBe(true);
    });

    describe("departures(): historical departures along a route", () => {
      // 8 samples across the North Atlantic (Nova Scotia to the Western Approaches), one per time
      // step; courses vary (all encounter angles) and so do the hours (weighted means).
      const route = (): DepartureQuery["samples"] =>
        Array.from({ length: 8 }, (_, k) => ({
          lat: 42 + k * 1.2,
          lon: -60 + k * 6.5,
          offsetSteps: k,
          course_deg: (70 + k * 47) % 360,
          hours: k === 0 || k === 7 ? grid.spec.everyH / 2 : grid.spec.everyH,
        }));
      const query = (over: Partial<DepartureQuery> = {}): DepartureQuery => ({
        samples: route(),
        month: 2,
        fromYear: year,
        toYear: year,
        vessel: resolveVessel({ type: "general_cargo" }),
        ...over,
      });

      /**
       * The expected departures, fetched independently of departures(): window() of the nearest
       * cells over each year's month, the stored value at the exact step of each sample, and
       * aggregateExposure; a departure with a sample in a year the store does not hold is left out.
       */
      async function reference(q: DepartureQuery): Promise<DepartureExposure[]> {
        const held = new Set((await store.status()).years);
        const step = grid.spec.everyH * 3_600_000;
        const cells = q.samples.map((s) => grid.nearestCell(s.lat, s.lon));
        const unique = [...new Set(cells)];
        const maxOffset = Math.max(...q.samples.map((s) => s.offsetSteps));
        const out: DepartureExposure[] = [];
        for (let y = q.fromYear; y <= q.toYear; y++) {
          if (!held.has(y)) continue;
          const days = new Date(Date.UTC(y, q.month, 0)).getUTCDate();
          const first = Date.UTC(y, q.month - 1, 1);
          const w = await store.window(
            unique,
            first,
            first + (days - 1) * 86_400_000 + maxOffset * step,
          );
          for (let day = 1; day <= days; day++) {
            const dep = Date.UTC(y, q.month - 1, day);
            const samples = q.samples.map((s, i) => {
              const t = dep + s.offsetSteps * step;
              if (!held.has(new Date(t).getUTCFullYear())) return undefined;
              const k = Math.round((t - (w.steps[0] as number)) / step);
              expect(w.steps[k]).toBe(t);
              const at = unique.indexOf(cells[i] as number) * w.steps.length + k;
              const conditions = Object.fromEntries(
                REANALYSIS_VARIABLES.map((v) => [v, w.values[v][at] as number]),
              ) as unknown as SeaConditions;
              return { conditions, course_deg: s.course_deg, hours: s.hours };
            });
            if (samples.some((s) => s === undefined)) continue;
            out.push({
              year: y,
              day,
              departure_utc: new Date(dep).toISOString(),
              exposure: aggregateExposure(
                samples as NonNullable<(typeof samples)[number]>[],
                q.vessel,
              ),
            });
          }
        }
        return out;
      }

      /** Same departures, exposures equal within 1e-9 relative (summation order may differ). */
      function expectSameDepartures(
        actual: readonly DepartureExposure[],
        expected: readonly DepartureExposure[],
      ) {
        expect(actual.map((d) => [d.year, d.day, d.departure_utc])).toEqual(
          expected.map((d) => [d.year, d.day, d.departure_utc]),
        );
        const flat = (e: ExposureAggregates) => [
          e.hours,
          e.hs.peak,
          e.hs.mean,
          e.hs.hours_over_70,
          e.hs.hours_over_limit,
          e.wind.peak,
          e.wind.mean,
          e.wind.hours_over_70,
          e.wind.hours_over_limit,
          e.swell.peak,
          e.swell.mean,
          e.current.peak,
          e.current.mean,
          e.dangerous_hours,
        ];
        actual.forEach((d, i) => {
          const a = flat(d.exposure);
          const b = flat((expected[i] as DepartureExposure).exposure);
          a.forEach((x, j) => {
            const y = b[j] as number;
            if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(y))) {
              expect.fail(`${d.departure_utc} field ${j}: ${x} vs ${y}`);
            }
          });
        });
      }

      it("one departure per day of the month, each aggregateExposure of the stored values at the nearest cells", async () => {
        const q = query();
        const got = await store.departures(q);
        const days = new Date(Date.UTC(year, 2, 0)).getUTCDate();
        expect(got).toHaveLength(days);
        expect(got.map((d) => d.day)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
        expect(got[0]?.departure_utc).toBe(new Date(Date.UTC(year, 1, 1)).toISOString());
        const expected = await reference(q);
        expectSameDepartures(got, expected);
        expect(got[0]?.exposure.hours).toBe(7 * grid.spec.everyH);
        expect(got.filter(withinLimits).length).toBe(expected.filter(withinLimits).length);
      });

      it("matches the reference for every vessel type (the dangerous-encounter formula included)", async () => {
        let dangerous = 0;
        let safe = 0;
        for (const type of VESSEL_TYPES) {
          const q = query({ vessel: resolveVessel({ type }) });
          const got = await store.departures(q);
          expectSameDepartures(got, await reference(q));
          for (const d of got) {
            dangerous += d.exposure.dangerous_hours;
            safe += d.exposure.hours - d.exposure.dangerous_hours;
          }
        }
        // The sample exercises both outcomes of the check.
        expect(dangerous).toBeGreaterThan(0);
        expect(safe).toBeGreaterThan(0);
      });

      it("a cell visited by several samples (a slow leg, a repeated offset) serves each of them", async () => {
        const [a, b] = route();
        const samples = [
          { ...(a as DepartureQuery["samples"][number]), offsetSteps: 0 },
          { ...(a as DepartureQuery["samples"][number]), offsetSteps: 1, course_deg: 200 },
          { ...(a as DepartureQuery["samples"][number]), offsetSteps: 2, hours: 1.5 },
          { ...(b as DepartureQuery["samples"][number]), offsetSteps: 3 },
          // Two samples at the same step (a caller's duplicate): both count.
          { ...(b as DepartureQuery["samples"][number]), offsetSteps: 3, course_deg: 10 },
        ];
        const q = query({ samples, vessel: resolveVessel({ type: "yacht_motor" }) });
        const got = await store.departures(q);
        expect(got.length).toBeGreaterThan(0);
        expect(got[0]?.exposure.hours).toBeCloseTo(
          samples.reduce((h, s) => h + s.hours, 0),
          12,
        );
        expectSameDepartures(got, await reference(q));
      });

      it("covers only the years it holds and leaves out voyages running past them", async () => {
        const status = await store.status();
        const last = Math.max(...status.years);
        // December of the last year held: the last departures would sail into a year not held.
        const december = query({ month: 12, fromYear: last, toYear: last });
        const got = await store.departures(december);
        const step = grid.spec.everyH * 3_600_000;
        const lastStep = Date.UTC(last + 1, 0, 1) - step;
        const complete = Array.from({ length: 31 }, (_, i) => i + 1).filter(
          (day) => Date.UTC(last, 11, day) + 7 * step <= lastStep,
        );
        expect(complete.length).toBeLessThan(31);
        expect(got.map((d) => d.day)).toEqual(complete);
        expectSameDepartures(got, await reference(december));
        // Years around `year`: only those the store holds.
        const around = query({ fromYear: year - 1, toYear: year + 1 });
        const years = [year - 1, year, year + 1].filter((y) => status.years.includes(y));
        const all = await store.departures(around);
        expect([...new Set(all.map((d) => d.year))]).toEqual(years);
        expectSameDepartures(all, await reference(around));
      });

      it("availability: within-limits counts agree; tiny limits give 0, huge limits 1", async () => {
        const base = resolveVessel({ type: "general_cargo" });
        const summary = async (vessel: ScoringVessel) => {
          const q = query({ vessel });
          return summariseDepartures(await store.departures(q), vessel, q);
        };
        const normal = await summary(base);
        const expected = await reference(query({ vessel: base }));
        expect(normal.departures_simulated).toBe(expected.length);
        expect(normal.within_limits).toBe(expected.filter(withinLimits).length);
        const tiny = await summary({ ...base, max_wave_m: 0.01, max_wind_kts: 0.01 });
        expect(tiny.availability).toBe(0);
        expect(tiny.by_year.every((y) => y.share === 0)).toBe(true);
        const huge = await summary({ ...base, max_wave_m: 1000, max_wind_kts: 1000 });
        expect(huge.availability).toBe(1);
        expect(huge.departures_simulated).toBe(expected.length);
      });

      it("rejects a malformed query; a route with no sea cell within reach has no departures", async () => {
        await expect(store.departures(query({ month: 13 }))).rejects.toBeInstanceOf(
          DepartureQueryError,
        );
        await expect(store.departures(query({ samples: [] }))).rejects.toBeInstanceOf(
          DepartureQueryError,
        );
        await expect(store.departures(query({ fromYear: 1970 }))).rejects.toBeInstanceOf(
          DepartureQueryError,
        );
        const inland = { lat: 45, lon: 90, offsetSteps: 0, course_deg: 0, hours: 1 };
        expect(grid.nearestCell(inland.lat, inland.lon)).toBe(-1);
        expect(await store.departures(query({ samples: [...route(), inland] }))).toEqual([]);
      });
    });
  });
}
