import { beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED_DISTANCES } from "../../tests/fixtures/sea-distances";
import type { RoutingNetwork } from "../engine/routing/router";
import { buildRoutingNetwork } from "./network";

/**
 * The fastest route's length against published sea distances (each pair's source is cited in
 * tests/fixtures/sea-distances.ts): within 4% for every pair, median within 2%.
 */
let net: RoutingNetwork;
beforeAll(() => {
  net = buildRoutingNetwork();
});

describe("route distances against published tables", { timeout: 120_000 }, () => {
  it("has at least 15 verified pairs across all oceans", () => {
    expect(PUBLISHED_DISTANCES.filter((d) => d.verified).length).toBeGreaterThanOrEqual(15);
  });

  it("is within 4% of every verified pair, median within 2%, through the published passages", () => {
    const rows = PUBLISHED_DISTANCES.filter((d) => d.verified).map((d) => {
      const r = net.route({
        from: { lat: d.from.lat, lon: d.from.lon },
        to: { lat: d.to.lat, lon: d.to.lon },
        objective: "fastest",
        departureMs: Date.UTC(2026, 5, 1),
        vessel: { speed_kts: 14 },
        avoid: d.avoid ?? [],
      });
      const error = (r.distance_nm - d.distance_nm) / d.distance_nm;
      return {
        pair: `${d.from.name} - ${d.to.name}`,
        published: d.distance_nm,
        ours: r.distance_nm,
        error,
        passages: r.passages,
        via: d.via,
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
    const errors = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
    const median = errors[Math.floor(errors.length / 2)] as number;
    expect(
      rows
        .filter((r) => Math.abs(r.error) > 0.04)
        .map((r) => `${r.pair}: ${(r.error * 100).toFixed(1)}%`),
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
