import { describe, expect, it } from "vitest";
import { densify, distanceNm, pathLengthNm } from "../geo/geodesic";
import { buildLandMask } from "../geo/land-mask";
import type { LatLon, PolygonRings } from "../geo/types";
import { CALM, CALM_WEATHER, type WeatherField } from "../weather/types";
import { EdgeCosts } from "./edge-costs";
import { TautString } from "./taut-string";
import type { RouteRequest } from "./types";

/**
 * The taut string pulls a searched path's grid points into the turning points a ship steers by:
 * round an island as tight as the coast's clearance allows, and in weather round a storm the
 * search went round rather than back through it.
 */

// One island, 4 x 4 degrees, on the equator between longitudes 10 and 14.
const island: PolygonRings = [
  [
    [10, -2],
    [14, -2],
    [14, 2],
    [10, 2],
    [10, -2],
  ],
];
const mask = buildLandMask([island], { source: "test", cellDeg: 0.05 });
const CLEARANCE_NM = 2;
const taut = new TautString(mask, mask, CLEARANCE_NM);

/** A staircase of quarter-degree steps, as a grid search leaves it, through the given corners. */
function gridPath(corners: readonly LatLon[]): LatLon[] {
  const out: LatLon[] = [corners[0] as LatLon];
  for (let i = 1; i < corners.length; i++) {
    let { lat, lon } = out.at(-1) as LatLon;
    const to = corners[i] as LatLon;
    while (Math.abs(to.lat - lat) > 1e-9 || Math.abs(to.lon - lon) > 1e-9) {
      lat += Math.sign(to.lat - lat) * Math.min(0.25, Math.abs(to.lat - lat));
      lon += Math.sign(to.lon - lon) * Math.min(0.25, Math.abs(to.lon - lon));
      out.push({ lat, lon });
    }
  }
  return out;
}

const legsCrossLand = (pts: readonly LatLon[]) =>
  pts.slice(1).filter((p, i) => mask.pathHitsLand(pts[i] as LatLon, p, 0.2)).length;

describe("pulling a searched path taut in calm water", () => {
  const from = { lat: 0, lon: 5 };
  const to = { lat: 0, lon: 19 };
  // The search went well north of the island: up to 3.5 N, along, and down again.
  const searched = gridPath([from, { lat: 3.5, lon: 8 }, { lat: 3.5, lon: 16 }, to]);
  const pulled = taut.straighten(searched);

  it("keeps the ends where they were", () => {
    expect(pulled[0]).toEqual(from);
    expect(pulled.at(-1)).toEqual(to);
  });

  it("turns round the island's two northern corners, clear of land, at the coast's clearance", () => {
    expect(legsCrossLand(pulled)).toBe(0);
    // The shortest way round: over the bare corners; the string keeps its clearance off them.
    const bare = pathLengthNm([from, { lat: 2, lon: 10 }, { lat: 2, lon: 14 }, to]);
    const length = pathLengthNm(pulled);
    expect(length).toBeGreaterThan(bare);
    expect(length).toBeLessThan(bare + 4 * CLEARANCE_NM);
    expect(pathLengthNm(searched) - length).toBeGreaterThan(30);
    // Turning points only at the corners: the staircase's 100-odd points are gone.
    expect(pulled.length).toBeLessThanOrEqual(5);
    for (const corner of pulled.slice(1, -1)) {
      expect(mask.distanceToCoastNm(corner, 10)).toBeGreaterThanOrEqual(CLEARANCE_NM - 0.05);
      expect(mask.distanceToCoastNm(corner, 10)).toBeLessThan(5);
    }
  });

  it("leaves a path across open water as one leg", () => {
    const open = gridPath([
      { lat: 10, lon: 0 },
      { lat: 11, lon: 3 },
      { lat: 10, lon: 6 },
    ]);
    expect(taut.straighten(open)).toEqual([open[0], open.at(-1)]);
  });
});

describe("pulling a searched path taut in weather", () => {
  // A storm of 60 nm radius, 10 m seas and 50 kt winds, sitting on the straight line.
  const eye = { lat: 10, lon: 3 };
  const storm: WeatherField = {
    label: "test storm",
    maxCurrentKts: 0,
    at: (lat, lon) =>
      distanceNm({ lat, lon }, eye) < 60
        ? { ...CALM, hs_m: 10, wave_period_s: 12, wind_kts: 50, wave_dir_deg: 0, wind_dir_deg: 0 }
        : CALM,
  };
  const request: RouteRequest = {
    from: { lat: 10, lon: 0 },
    to: { lat: 10, lon: 6 },
    objective: "safest",
    departureMs: 0,
    vessel: { speed_kts: 14, max_wave_m: 6, max_wind_kts: 40 },
  };
  // The search's way round, south of the storm.
  const searched = gridPath([request.from, { lat: 8, lon: 1.5 }, { lat: 8, lon: 4.5 }, request.to]);
  const inStorm = (pts: readonly LatLon[]) =>
    pts
      .slice(1)
      .flatMap((p, i) => densify(pts[i] as LatLon, p, 5))
      .filter((p) => distanceNm(p, eye) < 60).length;

  it("keeps out of the storm the search went round, where calm water would cut through it", () => {
    expect(inStorm(searched)).toBe(0);
    const costs = new EdgeCosts(request, storm);
    const pulled = taut.straightenInWeather(searched, costs, 0, true);
    expect(inStorm(pulled.points)).toBe(0);
    expect(pulled.points.length).toBeLessThan(searched.length / 4);
    expect(pulled.points[0]).toEqual(request.from);
    expect(pulled.points.at(-1)).toEqual(request.to);
    // Without the storm the same path is pulled straight through where it was.
    expect(inStorm(taut.straighten(searched))).toBeGreaterThan(0);
  });

  it("arrives when the legs it keeps, sailed at the speeds it holds, arrive", () => {
    const costs = new EdgeCosts(request, { ...CALM_WEATHER, label: "calm, as weather" });
    const pulled = taut.straightenInWeather(searched, costs, 0, true);
    expect(pulled.speeds).toHaveLength(pulled.points.length);
    let atMs = 0;
    for (let i = 1; i < pulled.points.length; i++) {
      const held = pulled.speeds[i - 1];
      atMs +=
        costs.legCost(pulled.points[i - 1] as LatLon, pulled.points[i] as LatLon, atMs, true, held)
          .hours * 3_600_000;
    }
    expect(pulled.endMs).toBeCloseTo(atMs, 0);
    // The searched schedule is kept within half an hour: the shortcut is held, not run ahead.
    const searchedH = pathLengthNm(searched) / 14;
    expect(Math.abs(pulled.endMs / 3_600_000 - searchedH)).toBeLessThanOrEqual(0.5 + 1e-6);
  });
});
