import { describe, expect, it } from "vitest";
import { seededRandom } from "../random";
import { ClimatologyLattice } from "./climatology-lattice";
import { MONTHLY_CLIMATOLOGY } from "./horizon-blend";
import { CONDITIONS, type Condition } from "./types";

/**
 * The climatology read through its lattice against the same climatology from its tables: equal
 * at a node in mid-month, and close everywhere else (the tables are linear between their own
 * 2-degree and 0.5-degree points, so the lattice is exact over most of the ocean and departs only
 * where a regional patch's edge or a direction's turn falls between two nodes).
 */
const midMonth = (year: number, month: number) =>
  (Date.UTC(year, month, 1) + Date.UTC(year, month + 1, 1)) / 2;

const gap = (c: Condition, a: number, b: number) => {
  const d = Math.abs(a - b);
  return c.endsWith("_deg") ? Math.min(d, 360 - d) : d;
};

describe("ClimatologyLattice", () => {
  it("reads the tables' monthly mean at a node in mid-month", () => {
    const lattice = new ClimatologyLattice();
    // The Gulf Stream off Cape Hatteras in January, and the Southern Ocean in July.
    for (const [lat, lon, month] of [
      [35, -75, 0],
      [-50, 100, 6],
    ] as const) {
      const t = midMonth(2024, month);
      const a = lattice.at(lat, lon, t);
      const b = MONTHLY_CLIMATOLOGY.at(lat, lon, t);
      for (const c of CONDITIONS) expect(gap(c, a[c], b[c]), c).toBeLessThan(1e-3 * (1 + b[c]));
    }
    expect(lattice.label).toBe(MONTHLY_CLIMATOLOGY.label);
  });

  it("stays close to the tables between nodes and months", () => {
    const lattice = new ClimatologyLattice();
    const random = seededRandom(20240115);
    const gaps = new Map<Condition, number[]>(CONDITIONS.map((c) => [c, []]));
    for (let i = 0; i < 4000; i++) {
      const lat = -70 + 140 * random();
      const lon = 360 * random();
      const t = Date.UTC(2024, 0, 1) + random() * 366 * 86_400_000;
      const a = lattice.at(lat, lon, t);
      const b = MONTHLY_CLIMATOLOGY.at(lat, lon, t);
      for (const c of CONDITIONS) {
        // A direction of no current is no direction.
        if (c === "current_dir_deg" && b.current_kts < 0.2) continue;
        gaps.get(c)?.push(gap(c, a[c], b[c]));
      }
    }
    const p99 = (c: Condition) => {
      const g = (gaps.get(c) as number[]).sort((x, y) => x - y);
      return g[Math.floor(0.99 * (g.length - 1))] as number;
    };
    const worst = (c: Condition) => Math.max(...(gaps.get(c) as number[]));
    for (const c of ["hs_m", "swell_hs_m"] as const) {
      expect(p99(c), c).toBeLessThan(0.05); // m
      expect(worst(c), c).toBeLessThan(0.5);
    }
    for (const c of ["wave_period_s", "swell_period_s", "wind_kts", "current_kts"] as const) {
      expect(p99(c), c).toBeLessThan(0.2); // s, knots
      expect(worst(c), c).toBeLessThan(1);
    }
    for (const c of ["wave_dir_deg", "wind_dir_deg", "swell_dir_deg", "current_dir_deg"] as const) {
      expect(p99(c), c).toBeLessThan(10); // degrees
    }
  });
});
