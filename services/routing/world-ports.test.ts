import { beforeAll, describe, expect, it } from "vitest";
import { OPEN_WATER, WORLD_PORTS } from "../../tests/fixtures/world-ports";
import { EngineError } from "../engine/errors";
import { distanceNm } from "../engine/geo/geodesic";
import type { RoutingNetwork } from "../engine/routing/router";
import { buildRoutingNetwork } from "./network";

/**
 * Ports of every ocean and sea (tests/fixtures/world-ports.ts) are reached: each is routed to
 * open water in its ocean, starting at the port or at its reported snap to water, and back from
 * there to the port, about as far (a harbour's way out may end where the search cannot step
 * back in). The ports the
 * router cannot reach yet (river ports above the drawn coastline, the Great Lakes, Tiksi) are
 * listed there with the refusal they get, so that list is the router's known gaps, kept true.
 */
let net: RoutingNetwork;
beforeAll(() => {
  net = buildRoutingNetwork();
});

describe("world ports", { timeout: 300_000 }, () => {
  it("routes every port to open water, and refuses only the listed ones, as listed", () => {
    const wrong: string[] = [];
    for (const port of WORLD_PORTS) {
      const open = OPEN_WATER[port.to];
      let outcome: string;
      try {
        const r = net.route({
          from: { lat: port.lat, lon: port.lon },
          to: { lat: open.lat, lon: open.lon },
          objective: "fastest",
          departureMs: Date.UTC(2026, 6, 1),
          vessel: { speed_kts: 14 },
        });
        const start = r.snaps.origin?.snapped ?? { lat: port.lat, lon: port.lon };
        const first = r.waypoints[0];
        if (!first || distanceNm(first, start) > 0.01) outcome = "routed from elsewhere";
        else if (distanceNm(start, port) > 15) outcome = "snapped too far";
        else outcome = "routed";
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        outcome = err.code;
      }
      const expected = port.refused ?? "routed";
      if (outcome !== expected) wrong.push(`${port.name}: ${outcome}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    // Most ports are reached: the refusals are the exception the fixture names.
    expect(WORLD_PORTS.filter((p) => !p.refused).length).toBeGreaterThan(250);
  });

  it("routes back from open water to every port it routes out of, about as far", () => {
    const wrong: string[] = [];
    for (const port of WORLD_PORTS.filter((p) => !p.refused)) {
      const open = OPEN_WATER[port.to];
      const leg = (from: { lat: number; lon: number }, to: { lat: number; lon: number }) =>
        net.route({
          from,
          to,
          objective: "fastest",
          departureMs: Date.UTC(2026, 6, 1),
          vessel: { speed_kts: 14 },
        });
      const out = leg(port, open).distance_nm;
      try {
        const back = leg(open, port).distance_nm;
        if (Math.abs(back - out) > 0.02 * out + 2)
          wrong.push(`${port.name}: out ${out}, back ${back}`);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        wrong.push(`${port.name}: out ${out}, back refused (${err.code})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
