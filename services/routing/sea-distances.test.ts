import { beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED_DISTANCES } from "../../tests/fixtures/sea-distances";
import { drawnLine } from "../engine/geo/drawn-line";
import type { RoutingNetwork } from "../engine/routing/router";
import { routeGeometry } from "./geojson";
import { buildRoutingNetwork } from "./network";

/**
 * The fastest route's length against published sea distances (each pair's source is cited in
 * tests/fixtures/sea-distances.ts): within 4% for every pair, median within 2%, but for the pairs
 * whose known gap the fixture states, which must stay further than 4% off (or the gap be struck).
 */
let net: RoutingNetwork;
beforeAll(() => {
  net = buildRoutingNetwork();
});

/** A pair's fastest route in calm water at 14 kn, by the published way. */
const fastestRoute = (d: (typeof PUBLISHED_DISTANCES)[number]) =>
  net.route({
    from: { lat: d.from.lat, lon: d.from.lon },
    to: { lat: d.to.lat, lon: d.to.lon },
    objective: "fastest",
    departureMs: Date.UTC(2026, 5, 1),
    vessel: { speed_kts: 14 },
    avoid: d.avoid ?? [],
  });

describe("route distances against published tables", { timeout: 120_000 }, () => {
  it("has at least 15 verified pairs across all oceans", () => {
    expect(PUBLISHED_DISTANCES.filter((d) => d.verified).length).toBeGreaterThanOrEqual(15);
  });

  it("is within 4% of every verified pair, median within 2%, through the published passages", () => {
    const rows = PUBLISHED_DISTANCES.filter((d) => d.verified).map((d) => {
      const r = fastestRoute(d);
      const error = (r.distance_nm - d.distance_nm) / d.distance_nm;
      return {
        pair: `${d.from.name} - ${d.to.name}`,
        published: d.distance_nm,
        ours: r.distance_nm,
        error,
        passages: r.passages,
        via: d.via,
        gap: d.gap !== undefined,
      };
    });
    console.table(
      rows.map((r) => ({
        ...r,
        error: `${(r.error * 100).toFixed(1)}%`,
        passages: r.passages.join(","),
        via: r.via.join(","),
      })),
    );
    const held = rows.filter((r) => !r.gap);
    const errors = held.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
    const median = errors[Math.floor(errors.length / 2)] as number;
    expect(
      held
        .filter((r) => Math.abs(r.error) > 0.04)
        .map((r) => `${r.pair}: ${(r.error * 100).toFixed(1)}%`),
    ).toEqual([]);
    // A stated gap that has closed is no longer true: strike it from the fixture.
    expect(
      rows
        .filter((r) => r.gap && Math.abs(r.error) <= 0.04)
        .map((r) => `${r.pair}: ${(r.error * 100).toFixed(1)}%, within 4%`),
    ).toEqual([]);
    expect(median).toBeLessThanOrEqual(0.02);
    // Each published passage is reported, in the order the published route takes them.
    expect(
      rows
        .filter((r) => !isSubsequence(r.via, r.passages))
        .map((r) => `${r.pair}: via ${r.via.join(",")}, reported ${r.passages.join(",")}`),
    ).toEqual([]);
  });
});

function isSubsequence(wanted: readonly string[], got: readonly string[]): boolean {
  let i = 0;
  for (const id of got) if (id === wanted[i]) i++;
  return i === wanted.length;
}

/**
 * GeoJSON draws a LineString straight in longitude and latitude (RFC 7946 §3.1.1). Every route of
 * the table, drawn as the API and CLI print it, stays at sea along those straight pieces on the
 * 1:10m coastline (sampled every 0.2 nm); drawn from its turning points alone, some did not
 * (the Cotentin on Rotterdam-Cape routes, Santa Catarina, Tsugaru).
 */
describe("routes as GeoJSON draws them", { timeout: 180_000 }, () => {
  const landHits = (coords: Array<[number, number]>): number => {
    const coast = net.coastline();
    let hits = 0;
    for (let i = 1; i < coords.length; i++) {
      const [lon0, lat0] = coords[i - 1] as [number, number];
      const [lon1, lat1] = coords[i] as [number, number];
      const nm = Math.hypot((lon1 - lon0) * Math.cos((lat0 * Math.PI) / 180), lat1 - lat0) * 60;
      const n = Math.max(1, Math.ceil(nm / 0.2));
      for (let k = 1; k < n; k++) {
        const t = k / n;
        if (coast.isLand({ lat: lat0 + t * (lat1 - lat0), lon: lon0 + t * (lon1 - lon0) })) {
          hits++;
          break;
        }
      }
    }
    return hits;
  };
  const parts = (g: ReturnType<typeof drawnLine>): Array<Array<[number, number]>> =>
    g.type === "LineString" ? [g.coordinates] : g.coordinates;

  it("stays at sea drawn straight in lon/lat, where the turning points alone did not", () => {
    let rawCrossing = 0;
    const drawnCrossing: string[] = [];
    for (const d of PUBLISHED_DISTANCES) {
      const r = fastestRoute(d);
      // Canals and river fairways run where the 1:10m coastline draws land: their legs are not checked.
      const sea = r.legs.filter(
        (l) =>
          l.passage === undefined ||
          net.passages.find((p) => p.id === l.passage)?.kind === "strait",
      );
      const raw = sea.flatMap((l) =>
        parts(drawnLine([l.from, l.to], { toleranceNm: Number.POSITIVE_INFINITY })),
      );
      if (raw.some((p) => landHits(p) > 0)) rawCrossing++;
      const drawn = sea.flatMap((l) => parts(routeGeometry({ waypoints: [l.from, l.to] }, net)));
      const hits = drawn.reduce((s, p) => s + landHits(p), 0);
      if (hits > 0) drawnCrossing.push(`${d.from.name} - ${d.to.name}: ${hits} pieces`);
    }
    expect(rawCrossing).toBeGreaterThan(0);
    expect(drawnCrossing).toEqual([]);
  });
});
