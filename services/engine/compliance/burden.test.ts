import { describe, expect, it } from "vitest";
import { sail } from "../../../tests/compliance-routes";
import { BURDEN_WEIGHTS, regulatoryBurden, regulatoryBurdenScore } from "./burden";
import { checkCompliance } from "./check";
import type { ComplianceReport, DesignatedAreaFinding } from "./types";

// Expected scores follow from the documented formula (burden.ts, docs/compliance-zones.md).

function report(
  waypoints: Array<[number, number]>,
  departure: string,
  loaM?: number,
): ComplianceReport {
  const route = sail(waypoints, departure, 14);
  return checkCompliance({
    segments: route.segments,
    vessel: loaM === undefined ? { speed_kts: 14 } : { speed_kts: 14, loa_m: loaM },
    departure_ms: route.departure_ms,
  });
}

function fakeTss(n: number): DesignatedAreaFinding {
  const point = { lat: 0, lon: 0, time_utc: "2025-01-01T00:00:00.000Z", on_boundary: true };
  return {
    id: `tss-${n}`,
    name: "test",
    source: "test",
    verified: false,
    simplified: true,
    designation: "test",
    transits: [{ entry: point, exit: point, distance_nm: 1, hours: 0.1 }],
    distance_nm: 1,
    hours: 0.1,
  };
}

describe("regulatoryBurden", () => {
  it("is zero for a route that meets no regulated zone", () => {
    const r = report(
      [
        [34.5, 142.0],
        [35.0, -135.0],
      ],
      "2025-03-01T00:00:00Z",
    );
    const b = regulatoryBurden(r);
    expect(b.score).toBe(0);
    expect(b.description).toBe("No regulated zones on the route.");
  });

  it("gives the full ECA weight to a voyage wholly inside an in-force ECA", () => {
    const r = report(
      [
        [54.0, 3.0],
        [55.5, 4.5],
      ],
      "2025-06-01T00:00:00Z",
    );
    expect(r.summary.eca_time_share).toBe(1);
    const b = regulatoryBurden(r);
    expect(b.components.eca).toBe(BURDEN_WEIGHTS.eca_time_share);
    expect(b.score).toBe(40);
    expect(regulatoryBurdenScore(r)).toBe(40);
  });

  it("gives no ECA weight to an ECA not yet in force", () => {
    const r = report(
      [
        [37.0, 4.0],
        [38.0, 6.0],
      ],
      "2024-06-01T00:00:00Z",
    );
    expect(r.eca_transits[0]?.in_force).toBe(false);
    expect(regulatoryBurden(r).components.eca).toBe(0);
  });

  it("adds the Polar Code base and its share of time", () => {
    const r = report(
      [
        [-62.0, -60.0],
        [-63.0, -58.0],
      ],
      "2025-01-10T00:00:00Z",
    );
    // Wholly south of 60 S: 15 + 10 x 1.
    expect(regulatoryBurden(r).components.polar).toBe(25);
  });

  it("counts a right-whale area in season and its exceedance", () => {
    const r = report(
      [
        [40.0, -72.0],
        [40.45, -73.8],
      ],
      "2025-12-01T00:00:00Z",
      200,
    );
    // One in-season transit (5) exceeded at 14 kn (+5).
    expect(regulatoryBurden(r).components.speed).toBe(10);
    expect(regulatoryBurden(r).description).toMatch(/1 exceeded/);
  });

  it("caps the TSS component and the total", () => {
    const r = report(
      [
        [54.0, 3.0],
        [55.5, 4.5],
      ],
      "2025-06-01T00:00:00Z",
    );
    r.traffic_separation_schemes = Array.from({ length: 10 }, (_, i) => fakeTss(i));
    const b = regulatoryBurden(r);
    expect(b.components.tss).toBe(BURDEN_WEIGHTS.tss_max);
    expect(b.score).toBe(55);
    expect(b.score).toBeLessThanOrEqual(100);
  });
});
