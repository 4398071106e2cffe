import { describe, expect, expectTypeOf, it } from "vitest";
import { sail, type TestRoute } from "../../../tests/compliance-routes";
import { InvalidInputError } from "../errors";
import type { RouteSegment } from "../routing/types";
import { checkCompliance, DEFAULT_ZONE_INDEX } from "./check";
import { geometryContains } from "./geometry";
import type { ComplianceReport, ComplianceSegment, ComplianceVessel, ZoneFinding } from "./types";

// Routes are waypoint lists sailed along 25 nm geodesic segments at constant speed (see
// tests/compliance-routes.ts). Boundary values come from the instruments (zones-*.ts cite them): the North
// Sea area ends at 5 W north of 48 30' N; the Mediterranean ECA's western closing line runs
// Cape Trafalgar 36 11'N 6 02'W - Cape Spartel 35 48'N 5 55'W; the Antarctic area is south of
// 60 S.

const VESSEL: ComplianceVessel = { speed_kts: 14 };

function check(route: TestRoute, vessel: ComplianceVessel = VESSEL): ComplianceReport {
  return checkCompliance({ segments: route.segments, vessel, departure_ms: route.departure_ms });
}

function all(report: ComplianceReport): ZoneFinding[] {
  return [
    ...report.eca_transits,
    ...report.speed_restrictions,
    ...report.areas_to_be_avoided,
    ...report.pssas,
    ...report.traffic_separation_schemes,
    ...report.polar_code.areas,
  ];
}

function find<T extends ZoneFinding>(list: readonly T[], id: string): T {
  const f = list.find((x) => x.id === id);
  if (f === undefined) throw new Error(`no finding ${id} in ${list.map((x) => x.id).join(", ")}`);
  return f;
}

/**
 * Distance inside a zone measured independently of the crossing computation: every segment is
 * sampled at 400 points and each point tested on its own.
 */
function sampledInsideNm(route: TestRoute, zoneId: string): number {
  const zone = DEFAULT_ZONE_INDEX.zones.find((z) => z.spec.id === zoneId);
  if (zone === undefined) throw new Error(`no zone ${zoneId}`);
  const samples = 400;
  let nm = 0;
  for (const s of route.segments) {
    let dlon = s.end.lon - s.start.lon;
    if (dlon > 180) dlon -= 360;
    if (dlon < -180) dlon += 360;
    let n = 0;
    for (let k = 0; k < samples; k++) {
      const f = (k + 0.5) / samples;
      if (
        geometryContains(
          zone.geometry,
          s.start.lat + f * (s.end.lat - s.start.lat),
          s.start.lon + f * dlon,
        )
      )
        n++;
    }
    nm += ((s.distance_nm ?? 0) * n) / samples;
  }
  return nm;
}

const ROTTERDAM_TO_CHANNEL = sail(
  [
    [51.95, 3.9],
    [51.45, 2.2],
    [51.0, 1.45],
    [50.6, 0.5],
    [50.1, -1.5],
    [49.6, -3.5],
    [48.9, -5.3],
    [48.0, -6.5],
  ],
  "2025-06-01T00:00:00Z",
  14,
);

const INTO_THE_MED = (departure: string): TestRoute =>
  sail(
    [
      [36.5, -9.5],
      [35.93, -6.2],
      [35.95, -5.5],
      [36.1, -4.5],
      [36.6, -1.0],
      [37.5, 3.0],
    ],
    departure,
    14,
  );

describe("Rotterdam through the Dover Strait into the Channel", () => {
  const report = check(ROTTERDAM_TO_CHANNEL);
  const ns = find(report.eca_transits, "eca-north-sea");

  it("reports one North Sea ECA transit, from departure to the 5 W boundary", () => {
    expect(ns.transits).toHaveLength(1);
    const t = ns.transits[0];
    if (t === undefined) throw new Error("no transit");
    // Rotterdam is inside the ECA: the entry is the departure itself.
    expect(t.entry.on_boundary).toBe(false);
    expect(t.entry.lat).toBeCloseTo(51.95, 6);
    expect(t.entry.time_utc).toBe("2025-06-01T00:00:00.000Z");
    // Exit on the meridian of 5 W, north of 48 30' N.
    expect(t.exit.on_boundary).toBe(true);
    expect(t.exit.lon).toBeCloseTo(-5, 5);
    expect(t.exit.lat).toBeGreaterThan(48.5);
    expect(t.exit.lat).toBeLessThan(49.5);
    expect(ns.in_force).toBe(true);
    expect(ns.fuel_sulphur_limit_pct).toBe(0.1);
    expect(ns.pollutants).toEqual(["SOx", "NOx"]);
  });

  it("reports the Dover Strait TSS with entry and exit", () => {
    const dover = find(report.traffic_separation_schemes, "tss-dover-strait");
    expect(dover.transits).toHaveLength(1);
    const t = dover.transits[0];
    if (t === undefined) throw new Error("no transit");
    expect(t.entry.on_boundary && t.exit.on_boundary).toBe(true);
    expect(Date.parse(t.entry.time_utc)).toBeLessThan(Date.parse(t.exit.time_utc));
    expect(dover.verified).toBe(false);
  });

  it("counts only the in-force ECA in the summary and no polar waters", () => {
    expect(report.summary.eca_distance_nm).toBeCloseTo(ns.distance_nm, 2);
    expect(report.polar_code.applies).toBe(false);
    expect(report.disclaimer).toMatch(/not for navigation/i);
  });

  it("adds up distance and time inside the zone", () => {
    const sumNm = ns.transits.reduce((s, t) => s + t.distance_nm, 0);
    expect(ns.distance_nm).toBeCloseTo(sumNm, 1);
    // Constant speed: hours = distance / speed.
    expect(ns.hours).toBeCloseTo(ns.distance_nm / 14, 1);
    // Independent measure: points sampled along the segments and tested one by one.
    expect(
      Math.abs(ns.distance_nm - sampledInsideNm(ROTTERDAM_TO_CHANNEL, "eca-north-sea")),
    ).toBeLessThan(0.2);
    // Hours in the zone = time from departure to the exit.
    const exitMs = Date.parse(ns.transits[0]?.exit.time_utc ?? "");
    expect(ns.hours).toBeCloseTo((exitMs - ROTTERDAM_TO_CHANNEL.departure_ms) / 3_600_000, 2);
  });
});

describe("through Gibraltar into the Mediterranean", () => {
  it("reports the Mediterranean ECA at 0.10 % for a voyage after 1 May 2025", () => {
    const med = find(check(INTO_THE_MED("2025-06-01T00:00:00Z")).eca_transits, "eca-mediterranean");
    expect(med.in_force).toBe(true);
    expect(med.fuel_sulphur_limit_pct).toBe(0.1);
    expect(med.eca_sulphur_limit_from).toBe("2025-05-01");
    expect(med.pollutants).toEqual(["SOx", "PM"]);
    expect(med.nox_tier_iii).toBeNull();
    // Entry on the Trafalgar - Spartel line (36 11'N 6 02'W - 35 48'N 5 55'W).
    const entry = med.transits[0]?.entry;
    if (entry === undefined) throw new Error("no entry");
    const [ax, ay, bx, by] = [-(6 + 2 / 60), 36 + 11 / 60, -(5 + 55 / 60), 35 + 48 / 60];
    const cross = (bx - ax) * (entry.lat - ay) - (by - ay) * (entry.lon - ax);
    expect(Math.abs(cross)).toBeLessThan(1e-4);
    expect(entry.on_boundary).toBe(true);
    expect(med.transits[0]?.exit.on_boundary).toBe(false);
  });

  it("reports it as not in force for a departure in 2024, with the global 0.50 % cap", () => {
    const report = check(INTO_THE_MED("2024-06-01T00:00:00Z"));
    const med = find(report.eca_transits, "eca-mediterranean");
    expect(med.in_force).toBe(false);
    expect(med.fuel_sulphur_limit_pct).toBe(0.5);
    expect(med.eca_sulphur_limit_pct).toBe(0.1);
    expect(med.effective_from).toBe("2025-05-01");
    expect(report.summary.eca_distance_nm).toBe(0);
    expect(report.traffic_separation_schemes.map((f) => f.id)).toContain("tss-gibraltar");
  });
});

describe("Polar Code", () => {
  const drake = sail(
    [
      [-54.9, -65.0],
      [-62.2, -58.9],
    ],
    "2025-01-10T00:00:00Z",
    12,
  );

  it("applies south of 60 S, entered on the parallel, with a Polar Ship Certificate", () => {
    const report = check(drake);
    expect(report.polar_code.applies).toBe(true);
    expect(report.polar_code.polar_ship_certificate_required).toBe(true);
    const area = report.polar_code.areas[0];
    expect(area?.area).toBe("antarctic");
    expect(area?.transits[0]?.entry.lat).toBeCloseTo(-60, 9);
    expect(area?.transits[0]?.exit.on_boundary).toBe(false);
  });

  it("needs no Polar Ship Certificate for a cargo ship below 500 GT", () => {
    const report = check(drake, { speed_kts: 12, gross_tonnage: 300 });
    expect(report.polar_code.applies).toBe(true);
    expect(report.polar_code.polar_ship_certificate_required).toBe(false);
  });

  it("finds Arctic waters in the Bering Sea across the antimeridian, but not south of 60 N", () => {
    const north = check(
      sail(
        [
          [62.0, 174.0],
          [62.0, -174.0],
        ],
        "2025-08-01T00:00:00Z",
        12,
      ),
    );
    const arctic = north.polar_code.areas.find((a) => a.area === "arctic");
    expect(arctic?.transits).toHaveLength(1);
    expect(arctic?.transits[0]?.entry.on_boundary).toBe(false);
    expect(arctic?.transits[0]?.exit.on_boundary).toBe(false);
    const south = check(
      sail(
        [
          [58.5, 174.0],
          [58.5, -174.0],
        ],
        "2025-08-01T00:00:00Z",
        12,
      ),
    );
    expect(south.polar_code.applies).toBe(false);
  });

  it("puts the Barents Sea north of the Bjornoya - Kanin Nos line inside and the White Sea outside", () => {
    const barents = check(
      sail(
        [
          [71.0, 30.0],
          [76.0, 40.0],
        ],
        "2025-08-01T00:00:00Z",
        12,
      ),
    );
    const entry = barents.polar_code.areas[0]?.transits[0]?.entry;
    expect(entry?.on_boundary).toBe(true);
    expect(entry?.lat).toBeGreaterThan(71.5);
    const whiteSea = check(
      sail(
        [
          [66.0, 40.0],
          [65.0, 37.0],
        ],
        "2025-08-01T00:00:00Z",
        12,
      ),
    );
    expect(whiteSea.polar_code.applies).toBe(false);
  });
});

describe("a trans-Pacific route", () => {
  it("reports no zone at all", () => {
    const report = check(
      sail(
        [
          [34.5, 142.0],
          [35.0, -135.0],
        ],
        "2025-03-01T00:00:00Z",
        18,
      ),
    );
    expect(all(report)).toEqual([]);
    expect(report.summary.zones_entered).toBe(0);
    expect(report.summary.eca_time_share).toBe(0);
    expect(report.polar_code.applies).toBe(false);
  });
});

describe("entries and exits", () => {
  it("gives two entries for a route that enters a zone twice", () => {
    const zigzag = sail(
      [
        [48.8, -7.0],
        [49.6, -3.0],
        [48.9, -6.5],
        [49.8, -2.0],
      ],
      "2025-06-01T00:00:00Z",
      14,
    );
    const ns = find(check(zigzag).eca_transits, "eca-north-sea");
    expect(ns.transits).toHaveLength(2);
    const [first, second] = ns.transits;
    if (first === undefined || second === undefined) throw new Error("two transits expected");
    expect(first.entry.lon).toBeCloseTo(-5, 5);
    expect(first.exit.lon).toBeCloseTo(-5, 5);
    expect(second.entry.lon).toBeCloseTo(-5, 5);
    expect(Date.parse(second.entry.time_utc)).toBeGreaterThan(Date.parse(first.exit.time_utc));
    expect(second.exit.on_boundary).toBe(false);
    expect(ns.distance_nm).toBeCloseTo(first.distance_nm + second.distance_nm, 1);
    expect(Math.abs(ns.distance_nm - sampledInsideNm(zigzag, "eca-north-sea"))).toBeLessThan(0.2);
  });

  it("gives two entries into a latitude band", () => {
    const report = check(
      sail(
        [
          [-58, 0],
          [-62, 5],
          [-58, 10],
          [-62, 15],
        ],
        "2025-01-10T00:00:00Z",
        12,
      ),
    );
    expect(report.polar_code.areas[0]?.transits).toHaveLength(2);
  });

  it("keeps every entry and exit within the voyage, in order", () => {
    const routes = [ROTTERDAM_TO_CHANNEL, INTO_THE_MED("2025-06-01T00:00:00Z")];
    for (const route of routes) {
      for (const f of all(check(route))) {
        for (const t of f.transits) {
          const entry = Date.parse(t.entry.time_utc);
          const exit = Date.parse(t.exit.time_utc);
          expect(entry).toBeGreaterThanOrEqual(route.departure_ms);
          expect(exit).toBeLessThanOrEqual(Math.round(route.arrival_ms));
          expect(entry).toBeLessThanOrEqual(exit);
          expect(t.hours).toBeCloseTo((exit - entry) / 3_600_000, 2);
        }
      }
    }
  });
});

describe("ECA dates and engines", () => {
  const norway = (departure: string): TestRoute =>
    sail(
      [
        [63.5, 4.0],
        [69.5, 14.0],
      ],
      departure,
      14,
    );

  it("has the Norwegian Sea ECA in force from 1 Mar 2026 and at 0.10 % from 1 Mar 2027", () => {
    const before = find(check(norway("2026-01-10T00:00:00Z")).eca_transits, "eca-norwegian-sea");
    expect(before.in_force).toBe(false);
    const first = find(check(norway("2026-06-10T00:00:00Z")).eca_transits, "eca-norwegian-sea");
    expect(first.in_force).toBe(true);
    expect(first.fuel_sulphur_limit_pct).toBe(0.5);
    const later = find(check(norway("2027-06-10T00:00:00Z")).eca_transits, "eca-norwegian-sea");
    expect(later.fuel_sulphur_limit_pct).toBe(0.1);
  });

  it("decides NOx Tier III in the Baltic from the year of construction", () => {
    const kattegat = sail(
      [
        [57.0, 11.5],
        [55.0, 14.0],
      ],
      "2025-06-01T00:00:00Z",
      14,
    );
    const tier = (built?: number): boolean | null | undefined =>
      find(
        check(kattegat, built === undefined ? VESSEL : { ...VESSEL, built_year: built })
          .eca_transits,
        "eca-baltic",
      ).nox_tier_iii?.required;
    expect(tier(2022)).toBe(true);
    expect(tier(2019)).toBe(false);
    expect(tier()).toBeNull();
  });
});

describe("speed restrictions", () => {
  const intoNewYork = (departure: string): TestRoute =>
    sail(
      [
        [40.0, -72.0],
        [40.45, -73.8],
      ],
      departure,
      14,
    );

  it("flags 14 kn in the New York right-whale area in season", () => {
    const report = check(intoNewYork("2025-12-01T00:00:00Z"), { speed_kts: 14, loa_m: 200 });
    const sma = find(report.speed_restrictions, "sma-ny-nj");
    expect(sma.limit_kts).toBe(10);
    expect(sma.in_season).toBe(true);
    expect(sma.vessel_subject).toBe(true);
    expect(sma.planned_speed_kts).toBeCloseTo(14, 1);
    expect(sma.exceeds_limit).toBe(true);
    expect(sma.transits[0]?.entry.on_boundary).toBe(true);
  });

  it("does not flag it out of season or for a vessel under 65 ft", () => {
    const summer = find(
      check(intoNewYork("2025-07-01T00:00:00Z"), { speed_kts: 14, loa_m: 200 }).speed_restrictions,
      "sma-ny-nj",
    );
    expect(summer.in_season).toBe(false);
    expect(summer.exceeds_limit).toBe(false);
    const small = find(
      check(intoNewYork("2025-12-01T00:00:00Z"), { speed_kts: 14, loa_m: 15 }).speed_restrictions,
      "sma-ny-nj",
    );
    expect(small.vessel_subject).toBe(false);
    expect(small.exceeds_limit).toBe(false);
  });
});

describe("input and speed", () => {
  it("takes the router's segments as they are", () => {
    expectTypeOf<RouteSegment>().toExtend<ComplianceSegment>();
  });

  it("refuses a segment that ends before it starts", () => {
    expect(() =>
      checkCompliance({
        segments: [{ start: { lat: 0, lon: 0 }, end: { lat: 0, lon: 1 }, start_ms: 10, end_ms: 0 }],
        vessel: VESSEL,
        departure_ms: 0,
      }),
    ).toThrow(InvalidInputError);
  });

  it("returns an empty report for an empty route", () => {
    const report = checkCompliance({ segments: [], vessel: VESSEL, departure_ms: 0 });
    expect(report.summary.zones_entered).toBe(0);
    expect(report.summary.voyage_hours).toBe(0);
  });

  it("reports every zone along a long, finely cut route (Rotterdam to Port Said)", () => {
    // ~550 segments of ~6 nm: the shape of a real route's output. (Speed is measured by the
    // compliance figure of `npm run bench`, not here.)
    const long = sail(
      [
        [51.95, 3.9],
        [51.0, 1.45],
        [49.8, -3.0],
        [48.5, -6.0],
        [43.5, -10.0],
        [37.0, -9.6],
        [35.95, -5.5],
        [37.5, 3.0],
        [37.5, 11.0],
        [34.5, 24.0],
        [31.6, 32.3],
      ],
      "2025-06-01T00:00:00Z",
      14,
      6,
    );
    expect(long.segments.length).toBeGreaterThanOrEqual(500);
    const report = checkCompliance({
      segments: long.segments,
      vessel: VESSEL,
      departure_ms: long.departure_ms,
    });
    const ecas = report.eca_transits.map((e) => e.id);
    expect(ecas).toEqual(expect.arrayContaining(["eca-north-sea", "eca-mediterranean"]));
    const tss = report.traffic_separation_schemes.map((t) => t.id);
    expect(tss).toEqual(expect.arrayContaining(["tss-dover-strait", "tss-gibraltar"]));
  });
});
