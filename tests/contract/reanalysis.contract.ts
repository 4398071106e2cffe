import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SyntheticClimate } from "../../services/engine/weather/synthetic";
import type { ReanalysisGrid } from "../../services/weather/reanalysis/grid";
import {
  cellsAround,
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
  });
}
