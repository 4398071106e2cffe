import { beforeAll, describe, expect, it } from "vitest";
import { NoRouteWithinLimitsError, NoSeaRouteError, OnLandError } from "../engine/errors";
import { distanceNm } from "../engine/geo/geodesic";
import { buildLandMask } from "../engine/geo/land-mask";
import type { LandMask, LatLon } from "../engine/geo/types";
import { CLOSED_WATERS } from "../engine/routing/closed-waters";
import { type Gate, gateOf } from "../engine/routing/gates";
import { OVERLAND_PASSAGE_IDS, PASSAGES, type Passage } from "../engine/routing/passages";
import { isRoutedLatitude, POLAR_LIMIT_DEG, POLAR_WINDOWS } from "../engine/routing/polar-waters";
import type { RoutingNetwork } from "../engine/routing/router";
import type { Route, RouteRequest } from "../engine/routing/types";
import { CALM, type WeatherField } from "../engine/weather/types";
import { naturalEarthLandMask } from "../geodata/natural-earth";
import { reefClosedWaters } from "../geodata/reefs";
import { buildRoutingNetwork } from "./network";

let net: RoutingNetwork;
beforeAll(() => {
  net = buildRoutingNetwork();
});

const NEW_YORK = { lat: 40.45, lon: -73.8 };
const LOS_ANGELES = { lat: 33.7, lon: -118.3 };
const ROTTERDAM = { lat: 51.98, lon: 3.9 };
const SINGAPORE = { lat: 1.2, lon: 103.85 };
const DEPART = Date.UTC(2026, 0, 15);

const request = (from: LatLon, to: LatLon, extra: Partial<RouteRequest> = {}): RouteRequest => ({
  from,
  to,
  objective: "fastest",
  departureMs: DEPART,
  vessel: { speed_kts: 14 },
  ...extra,
});

/** A passage's two ends, as drawn (open water beyond its narrows). */
const passageEnds = (p: Passage): [LatLon, LatLon] =>
  [p.waypoints[0], p.waypoints.at(-1)].map((w) => ({
    lat: (w as [number, number])[0],
    lon: (w as [number, number])[1],
  })) as [LatLon, LatLon];

/** A departure in the passage's season, for a strait ice closes part of the year. */
const inSeason = (p: Passage): Partial<RouteRequest> => {
  const month = p.season?.openMonths[0];
  return month === undefined ? {} : { departureMs: Date.UTC(2026, month - 1, 15) };
};

/** The route from a to b and the route back. */
const bothWays = (a: LatLon, b: LatLon): Route[] => [
  net.route(request(a, b)),
  net.route(request(b, a)),
];

/** The kilometres a route counts along one passage (its legs marked with the passage). */
const passageKm = (route: Route, id: string): number =>
  route.legs.filter((l) => l.passage === id).reduce((s, l) => s + l.distance_nm, 0) * 1.852;

/** The passages a refusal (NoRouteWithinLimitsError) says are closed to the vessel. */
const closedToVessel = (attempt: () => unknown): string[] => {
  try {
    attempt();
  } catch (err) {
    const closed = (err as NoRouteWithinLimitsError).details.closed_to_vessel as Array<{
      passage: string;
    }>;
    return closed.map((c) => c.passage);
  }
  throw new Error("expected a refusal");
};

/** For each vessel, the passages its refusal from `from` to `to` names (closedToVessel). */
const closedToEach = (
  from: LatLon,
  to: LatLon,
  vessels: ReadonlyArray<RouteRequest["vessel"]>,
): string[][] =>
  vessels.map((vessel) => closedToVessel(() => net.route(request(from, to, { vessel }))));

describe("routing on Natural Earth with passages", { timeout: 120_000 }, () => {
  it("begins and ends at the requested points and reports the passages it uses", () => {
    const r = net.route(request(ROTTERDAM, SINGAPORE));
    expect(r.waypoints[0]).toEqual(ROTTERDAM);
    expect(r.waypoints.at(-1)).toEqual(SINGAPORE);
    expect(r.passages).toEqual(expect.arrayContaining(["suez", "bab-el-mandeb", "gibraltar"]));
    expect(r.legs.length).toBe(r.waypoints.length - 1);
    expect(r.segments.reduce((s, x) => s + x.distance_nm, 0)).toBeCloseTo(r.distance_nm, -1);
    expect(r.eta_ms).toBeGreaterThan(DEPART);
    expect(r.transit_h).toBeCloseTo(r.distance_nm / 14, 0);
  });

  it("sails every leg of a passage as the passage, the first one included", () => {
    const r = net.route(request(ROTTERDAM, SINGAPORE));
    const suez = PASSAGES.find((p) => p.id === "suez");
    const path = (suez?.waypoints ?? []).map(([lat, lon]) => ({ lat, lon }));
    // The canal's legs, entrance to exit, all marked: the first one used to be sailed as open sea.
    const canalLegs = r.legs.filter((l) => l.passage === "suez");
    expect(canalLegs.length).toBe(path.length - 1);
    expect(canalLegs[0]?.from).toEqual(path[0]);
    // So the canal counts its published length (193.3 km) and every one of its segments is in it.
    const inCanal = r.segments.filter((s) => s.in_canal);
    const nm = inCanal.reduce((sum, s) => sum + s.distance_nm, 0);
    expect(nm).toBeCloseTo((suez?.published_length_km ?? 0) / 1.852, 1);
    const entered = r.segments.findIndex((s) => s.in_canal);
    expect(r.segments[entered]?.start).toEqual(path[0]);
  });

  it("joins a strait partway from a point in it, off its fairway, and reports the strait", () => {
    // In the Strait of Magellan south of Punta Arenas, 11 nm east of the fairway, where the
    // grid is closed: from the Argentine coast in by the First and Second Narrows, not round
    // Cape Horn and back up the Pacific channels (1,223 nm); and the same way out.
    const inStrait = { lat: -53.351, lon: -70.517 };
    const argentina = { lat: -40.95, lon: -62.519 };
    const inbound = net.route(request(argentina, inStrait));
    expect(inbound.distance_nm).toBeLessThan(900);
    expect(inbound.passages).toEqual(["magellan"]);
    expect(inbound.waypoints.every((w) => w.lat > -54)).toBe(true);
    const outbound = net.route(request(inStrait, argentina));
    expect(outbound.passages).toEqual(["magellan"]);
    expect(outbound.distance_nm).toBeCloseTo(inbound.distance_nm, -1);
  });

  it("joins the Strait of Hormuz from Bandar Abbas, behind its islands, by the way through the water", () => {
    // Bandar Abbas is 33 nm from the strait's fairway, with Qeshm, Hormuz and Larak between: no
    // waypoint in sight, and the grid off the port leads only to the strait's eastern end. To
    // Dammam the route went out into the Gulf of Oman and back through the whole strait (493 nm).
    const bandarAbbas = { lat: 27.1, lon: 56.06 };
    const dammam = { lat: 26.5, lon: 50.25 };
    const fine = naturalEarthLandMask("10m");
    for (const r of [
      net.route(request(bandarAbbas, dammam)),
      net.route(request(dammam, bandarAbbas)),
    ]) {
      expect(r.passages).toEqual(["hormuz"]);
      expect(r.distance_nm).toBeGreaterThan(330);
      expect(r.distance_nm).toBeLessThan(380);
      expect(Math.max(...r.waypoints.map((w) => w.lon))).toBeLessThan(56.5);
      for (const leg of r.legs) expect(fine.pathHitsLand(leg.from, leg.to, 1)).toBe(false);
    }
    // Avoiding the strait, there is no way into the Gulf.
    expect(() => net.route(request(bandarAbbas, dammam, { avoid: ["hormuz"] }))).toThrow(
      NoSeaRouteError,
    );
  });

  it("pulls the fastest route taut: round the right side of islands, corners on the headlands", () => {
    // Gibraltar to Port Said: the shortest way passes south of Crete (its south coast is at
    // 34.9-35.2N); a search on eight headings alone found the way north of it, 56 nm longer.
    const r = net.route(request({ lat: 36.0, lon: -4.5 }, { lat: 31.5, lon: 32.3 }));
    const offCrete = r.segments.filter((s) => s.start.lon > 23.5 && s.start.lon < 26.5);
    expect(offCrete.length).toBeGreaterThan(0);
    expect(offCrete.every((s) => s.start.lat < 34.9)).toBe(true);
    // A taut string turns only round land: no corner of a calm route outside a passage is left
    // out in open water.
    const fine = naturalEarthLandMask("10m");
    for (const route of [r, net.route(request(ROTTERDAM, SINGAPORE))]) {
      const corners = freeCorners(route);
      expect(corners.length).toBeGreaterThan(0);
      expect(outAtSea(corners, fine)).toEqual([]);
    }
  });

  it("pulls the string taut where a leg grazes land between its corners: nearby starts, near distances", () => {
    // Down the Elbe to Rotterdam, the shortest way runs along the Frisian Islands. A corner left
    // ~35 nm north of them (its legs grazing the Elbe mouth and Vlieland) made a start 0.3 nm
    // from another sail 9.6 nm further. Between starts joined by a straight line of water, the
    // routes' lengths differ by no more than that line (the triangle inequality), give or take
    // 2 nm: a corner keeps up to the grid's 2 nm off the headland it turns, so two routes round
    // the same headland may pass it that much apart.
    const reaches: LatLon[][] = [
      // Off Hamburg's harbour, down to Schulau.
      [
        { lat: 53.5511, lon: 9.8086 },
        { lat: 53.55, lon: 9.8 },
        { lat: 53.56, lon: 9.72 },
        { lat: 53.58, lon: 9.65 },
        { lat: 53.62, lon: 9.56 },
      ],
      // Brunsbuettel to the estuary's mouth.
      [
        { lat: 53.88, lon: 9.1 },
        { lat: 53.9, lon: 8.8 },
        { lat: 53.95, lon: 8.5 },
        { lat: 54.0, lon: 8.2 },
      ],
    ];
    const fine = naturalEarthLandMask("10m");
    for (const reach of reaches) {
      const routes = reach.map((p) => net.route(request(p, ROTTERDAM)));
      for (const [i, r] of routes.entries()) {
        const from = JSON.stringify(reach[i]);
        expect(r.snaps.origin, from).toBeUndefined();
        expect(outAtSea(freeCorners(r), fine), `corners out at sea from ${from}`).toEqual([]);
      }
      for (let i = 0; i + 1 < reach.length; i++) {
        const [p, q] = [reach[i], reach[i + 1]] as [LatLon, LatLon];
        expect(fine.pathHitsLand(p, q, 0.05), "the starts' line is water").toBe(false);
        const [a, b] = [routes[i]?.distance_nm, routes[i + 1]?.distance_nm] as [number, number];
        expect(Math.abs(a - b), `${JSON.stringify(p)}: ${a} against ${b}`).toBeLessThan(
          distanceNm(p, q) + 2,
        );
      }
    }
  });

  it("leads out of a harbour the same way every time (the way out is kept between requests)", () => {
    // San Francisco's city front is inside the Golden Gate: the first request searches the way
    // out on the 1:10m coastline, later ones reuse it; the answers must not differ.
    const cityFront = { lat: 37.808, lon: -122.4 };
    const honolulu = { lat: 21.28, lon: -157.87 };
    const first = net.route(request(cityFront, honolulu));
    net.route(request(honolulu, cityFront));
    const again = net.route(request(cityFront, honolulu));
    expect(again.waypoints).toEqual(first.waypoints);
    expect(again.distance_nm).toBe(first.distance_nm);
    // Out through the Golden Gate (37.81N, 122.48W) before the open-water leg.
    expect(first.waypoints.slice(0, 4).some((p) => p.lon < -122.47 && p.lat > 37.78)).toBe(true);
  });

  it("goes round the Cape when Suez is avoided", () => {
    const viaSuez = net.route(request(ROTTERDAM, SINGAPORE));
    const viaCape = net.route(request(ROTTERDAM, SINGAPORE, { avoid: ["suez"] }));
    expect(viaCape.passages).not.toContain("suez");
    expect(viaCape.distance_nm).toBeGreaterThan(viaSuez.distance_nm + 2500);
    expect(Math.min(...viaCape.waypoints.map((p) => p.lat))).toBeLessThan(-34);
  });

  it("keeps out of every gated strait the caller avoids, and reports it when the route goes through", () => {
    const fine = naturalEarthLandMask("10m");
    const reefs = reefMask("reefs-elsewhere");
    const gated = PASSAGES.filter((p) => p.gate);
    // The straits open in the coastline data: without a gate, avoiding them changed nothing.
    expect(gated.map((p) => p.id)).toEqual(
      expect.arrayContaining(["gibraltar", "dover", "malacca", "singapore", "taiwan", "torres"]),
    );
    for (const p of gated) {
      const gate = gateOf(p) as Gate;
      // On land, or on a reef line (a pass through a barrier reef).
      for (const end of gate.points)
        expect(fine.isLand(end) || reefs.isLand(end), `${p.id} gate end on land`).toBe(true);
      const [a, b] = passageEnds(p);
      const when = inSeason(p);
      expect(net.route(request(a, b, when)).passages, p.id).toContain(p.id);
      let avoided: ReturnType<typeof net.route> | undefined;
      try {
        avoided = net.route(request(a, b, { ...when, avoid: [p.id] }));
      } catch (e) {
        // Waters reached only through the strait (the Sea of Marmara without the Dardanelles).
        expect(e, p.id).toBeInstanceOf(NoSeaRouteError);
        continue;
      }
      expect(avoided.passages, p.id).not.toContain(p.id);
      const crossings = avoided.legs.filter((l) => gate.crossing(l.from, l.to) !== undefined);
      expect(crossings, `${p.id}: legs across the gate`).toEqual([]);
    }
  });

  it("goes through every catalogued passage, canals too, between the passage's own two ends", () => {
    // The gated straits are held to this above; a canal has no gate, and the Corinth Canal was
    // never used at all: its western end's only grid node in sight was cut off (see below).
    for (const p of PASSAGES) {
      const [a, b] = passageEnds(p);
      const r = net.route(request(a, b, inSeason(p)));
      expect(r.passages, p.id).toContain(p.id);
    }
  });

  it("takes the Corinth Canal from the Saronic Gulf into the Gulf of Corinth and beyond", () => {
    // Piraeus to Patras: 6.3 km of canal (AEDIK) instead of round the Peloponnese by Cape Malea.
    // The canal's western end lies in the gulf's eastern basin, where the grid has no node that
    // opens onto the sea: the canal joins the grid by the way out through the Rio-Antirrio
    // narrows, and a point in the basin in sight of the canal joins it directly.
    const piraeus = { lat: 37.93, lon: 23.6 };
    const patras = { lat: 38.25, lon: 21.72 };
    const viaCanal = net.route(request(piraeus, patras));
    expect(viaCanal.passages).toEqual(["corinth"]);
    expect(viaCanal.distance_nm).toBeGreaterThan(90);
    expect(viaCanal.distance_nm).toBeLessThan(120);
    const roundMalea = net.route(request(piraeus, patras, { avoid: ["corinth"] }));
    expect(roundMalea.passages).not.toContain("corinth");
    expect(roundMalea.distance_nm).toBeGreaterThan(250);
    // Into the basin, to a point 3 nm past the canal's western end (39.5 nm from Piraeus): the
    // way out to the gulf's open grid and back (over 100 nm) is no part of the route.
    const basin = net.route(request(piraeus, { lat: 38.0, lon: 22.85 }));
    expect(basin.passages).toEqual(["corinth"]);
    expect(basin.distance_nm).toBeLessThan(45);
    expect(Math.min(...basin.waypoints.map((w) => w.lon))).toBeGreaterThan(22.8);
  });

  it("goes through the Seto Inland Sea by the Kanmon Strait, Bisan Seto, and the Akashi or Naruto Strait", () => {
    // Busan to Osaka went round Kyushu and Shikoku (603.7 nm): the three narrows are open in the
    // coastline data but far narrower than the routing grid, and Harima-nada's nodes lead
    // nowhere but through them or the Naruto Strait.
    const busan = { lat: 35.08, lon: 129.05 };
    const osaka = { lat: 34.6, lon: 135.3 };
    const inland = net.route(request(busan, osaka));
    expect(inland.passages).toEqual(["kanmon", "bisan-seto", "akashi"]);
    expect(inland.distance_nm).toBeGreaterThan(340);
    expect(inland.distance_nm).toBeLessThan(380);
    const fine = naturalEarthLandMask("10m");
    for (const leg of inland.legs) expect(fine.pathHitsLand(leg.from, leg.to, 1)).toBe(false);
    // Within the Inland Sea: Hiroshima to Kobe went round Shikoku (308.5 nm).
    const hiroshima = net.route(request({ lat: 34.2, lon: 132.4 }, { lat: 34.6, lon: 135.25 }));
    expect(hiroshima.passages).toEqual(["bisan-seto", "akashi"]);
    expect(hiroshima.distance_nm).toBeLessThan(170);
    // Without the Kanmon Strait, round Kyushu; the Kanmon Bridge (61 m) closes it to a taller ship.
    for (const r of [
      net.route(request(busan, osaka, { avoid: ["kanmon"] })),
      net.route(request(busan, osaka, { vessel: { speed_kts: 14, air_draft_m: 65 } })),
    ]) {
      expect(r.passages).not.toContain("kanmon");
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeLessThan(31.5);
    }
    // Harima-nada to the Kii Channel by the Naruto Strait, which the grid always sailed; a ship
    // taller than the Onaruto Bridge (41 m) was routed under it, and now goes by the Akashi
    // Strait and Osaka Bay.
    const harima = { lat: 34.45, lon: 134.5 };
    const kii = { lat: 33.9, lon: 134.9 };
    const naruto = net.route(request(harima, kii));
    expect(naruto.passages).toEqual(["naruto"]);
    expect(naruto.distance_nm).toBeLessThan(45);
    const tall = net.route(request(harima, kii, { vessel: { speed_kts: 14, air_draft_m: 45 } }));
    expect(tall.passages).toEqual(["akashi"]);
    expect(tall.distance_nm).toBeGreaterThan(60);
  });

  it("leaves Lynn Canal for the Gulf of Alaska by Icy Strait, joined from the port's way out", () => {
    // Haines's way out of Lynn Canal (the fine-grid search) runs down Chatham Strait to the
    // open sea; it passes the strait's eastern end, and the route now leaves it there, instead of
    // rounding Cape Ommaney (692.2 nm to Prince William Sound).
    const haines = { lat: 59.29, lon: -135.427 };
    const princeWilliamSound = { lat: 60.763, lon: -147.733 };
    for (const r of [
      net.route(request(haines, princeWilliamSound)),
      net.route(request(princeWilliamSound, haines)),
    ]) {
      expect(r.passages).toEqual(["icy-strait"]);
      expect(r.distance_nm).toBeGreaterThan(480);
      expect(r.distance_nm).toBeLessThan(530);
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeGreaterThan(58);
    }
    const avoided = net.route(request(haines, princeWilliamSound, { avoid: ["icy-strait"] }));
    expect(avoided.passages).toEqual([]);
    expect(avoided.distance_nm).toBeGreaterThan(650);
  });

  it("takes the Strait of Belle Isle only when it would reach it in its ice-free season", () => {
    // From the Gulf of St Lawrence's north shore to the North Sea: by Belle Isle from June to
    // November; in January, when ice closes it, round Newfoundland by Cabot Strait instead.
    const gulf = { lat: 50.56, lon: -59.14 };
    const northSea = { lat: 55.59, lon: 7.93 };
    const july = net.route(request(gulf, northSea, { departureMs: Date.UTC(2026, 6, 10) }));
    // (and north of Scotland by the Pentland Firth)
    expect(july.passages).toEqual(["belle-isle", "pentland-firth"]);
    const january = net.route(request(gulf, northSea, { departureMs: Date.UTC(2026, 0, 10) }));
    expect(january.passages).not.toContain("belle-isle");
    expect(january.waypoints.some((w) => w.lat < 48)).toBe(true);
    expect(january.distance_nm).toBeGreaterThan(july.distance_nm + 300);
    // The month the ship would reach the strait decides, not the month it sails: from the North
    // Sea (about 2,100 nm, six days at 14 kn), late May arrives in June and late November in
    // December.
    const via = (departure: number) =>
      net.route(request(northSea, gulf, { departureMs: departure })).passages;
    expect(via(Date.UTC(2026, 4, 27))).toContain("belle-isle");
    expect(via(Date.UTC(2026, 10, 15))).toContain("belle-isle");
    expect(via(Date.UTC(2026, 10, 27))).not.toContain("belle-isle");
  });

  it("goes east of Taiwan when the Taiwan Strait is avoided", () => {
    const hongKong = { lat: 22.29, lon: 114.17 };
    const shanghai = { lat: 31.4, lon: 121.55 };
    const strait = net.route(request(hongKong, shanghai));
    const east = net.route(request(hongKong, shanghai, { avoid: ["taiwan"] }));
    expect(strait.passages).toContain("taiwan");
    expect(east.passages).not.toContain("taiwan");
    // Taiwan's east coast runs along about 121.5 E.
    expect(east.waypoints.some((w) => w.lon > 121.5 && w.lat > 22 && w.lat < 25)).toBe(true);
    expect(east.distance_nm).toBeGreaterThan(strait.distance_nm + 100);
    // The weather-priced search keeps out of it too.
    const moderateSea: WeatherField = {
      label: "test: uniform 2.5 m sea (not a forecast)",
      maxCurrentKts: 0,
      at: () => ({ ...CALM, hs_m: 2.5, wind_kts: 18 }),
    };
    const safest = net.route(
      request(hongKong, shanghai, { objective: "safest", avoid: ["taiwan"] }),
      moderateSea,
    );
    expect(safest.passages).not.toContain("taiwan");
    expect(safest.waypoints.some((w) => w.lon > 121.5 && w.lat > 22 && w.lat < 25)).toBe(true);
  });

  it("routes a vessel too deep for Panama another way", () => {
    const panamax = net.route(
      request(NEW_YORK, LOS_ANGELES, { vessel: { speed_kts: 14, draft_m: 14 } }),
    );
    expect(panamax.passages).toContain("panama");
    const deep = net.route(
      request(NEW_YORK, LOS_ANGELES, { vessel: { speed_kts: 14, draft_m: 16 } }),
    );
    expect(deep.passages).not.toContain("panama");
    expect(deep.distance_nm).toBeGreaterThan(panamax.distance_nm * 2);
  });

  it("enters the Kiel Canal at its locks, from up the Elbe and from Kiel's own quays", () => {
    // Brunsbuettel's locks open onto the Elbe and Holtenau's onto the inner Kiel Fjord: the canal
    // counts its published 97.96 km (52.9 nm) lock to lock, and a ship from off the Brunsbuettel
    // locks to Kiel's quays sails little more. With the canal's ends 4 nm down the Elbe and out in
    // the outer fjord it sailed 80 nm, out and back at each end.
    const offBrunsbuettel = { lat: 53.885, lon: 9.13 };
    const kielQuays = { lat: 54.351, lon: 10.168 };
    for (const r of bothWays(offBrunsbuettel, kielQuays)) {
      expect(r.passages).toEqual(["kiel"]);
      expect(r.distance_nm).toBeGreaterThan(52.9);
      expect(r.distance_nm).toBeLessThan(56);
    }
    // Hamburg's water (the Elbe as far up as the coastline draws it) reaches the canal without
    // going down the river past Brunsbuettel first.
    const hamburgWater = { lat: 53.55, lon: 9.81 };
    const hamburg = net.route(request(hamburgWater, kielQuays));
    expect(hamburg.passages).toEqual(["kiel"]);
    expect(Math.min(...hamburg.waypoints.map((w) => w.lon))).toBeGreaterThan(9.1);
    // A route down the Elbe past the canal's end, to Rotterdam, did not use the canal: joining a
    // passage's end is not sailing it (it reported "kiel").
    expect(net.route(request(hamburgWater, ROTTERDAM)).passages).toEqual([]);
  });

  it("enters a canal where a port lies on its approach channel, not at the channel's sea end", () => {
    // Port Said's harbour and Port Tewfik lie on the Suez Canal's access channels; the canal's
    // ends are out at its fairway buoy and in Suez Bay. Port Said to Suez is the canal itself,
    // 162.25 km (87.6 nm, Wikipedia's kilometre figures); out to the fairway buoy, through, and
    // back up from Suez Bay it was 117 nm.
    const portSaid = { lat: 31.255, lon: 32.31 };
    const suez = { lat: 29.94, lon: 32.56 };
    for (const r of bothWays(portSaid, suez)) {
      expect(r.passages).toEqual(["suez"]);
      expect(r.distance_nm).toBeGreaterThan(86);
      expect(r.distance_nm).toBeLessThan(90);
      expect(Math.max(...r.waypoints.map((w) => w.lat))).toBeLessThan(31.3);
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeGreaterThan(29.9);
    }
    // Port Said to Jeddah goes south from the harbour, not out to the fairway buoy first.
    const jeddah = net.route(request(portSaid, { lat: 21.47, lon: 39.155 }));
    expect(jeddah.passages).toEqual(["suez"]);
    expect(Math.max(...jeddah.waypoints.map((w) => w.lat))).toBeLessThan(31.3);
    // Cristobal, inside Colon's breakwaters, and Balboa, on the Pacific approach: the canal between.
    const cristobal = { lat: 9.36, lon: -79.91 };
    const balboa = { lat: 8.95, lon: -79.565 };
    const panama = net.route(request(cristobal, balboa));
    expect(panama.passages).toEqual(["panama"]);
    expect(panama.distance_nm).toBeLessThan(40);
    expect(Math.max(...panama.waypoints.map((w) => w.lat))).toBeLessThan(9.37);
    // A ship the canal cannot take is not let into it this way either: round Africa.
    const deep = net.route(request(portSaid, suez, { vessel: { speed_kts: 14, draft_m: 21 } }));
    expect(deep.passages).not.toContain("suez");
    expect(deep.distance_nm).toBeGreaterThan(10_000);
  });

  it("refuses, naming the closed passages, when no way is open to the vessel", () => {
    // The Baltic is reached only through the Danish straits or the Kiel Canal.
    const gdansk = { lat: 54.6, lon: 18.8 };
    const attempt = () =>
      net.route(request(ROTTERDAM, gdansk, { vessel: { speed_kts: 14, draft_m: 18 } }));
    expect(attempt).toThrow(NoRouteWithinLimitsError);
    try {
      attempt();
    } catch (err) {
      const closed = (err as NoRouteWithinLimitsError).details.closed_to_vessel as Array<{
        passage: string;
        limit_verified: boolean;
      }>;
      expect(closed.map((c) => c.passage)).toEqual(expect.arrayContaining(["kiel", "great-belt"]));
      // Only the ways into the Baltic: the Panama Canal is shut to this ship too, and no part of it.
      expect(closed.map((c) => c.passage)).not.toContain("panama");
      // Kiel's draught is the canal authority's; the Great Belt's 15 m could not be verified.
      expect(closed.find((c) => c.passage === "kiel")?.limit_verified).toBe(true);
      expect(closed.find((c) => c.passage === "great-belt")?.limit_verified).toBe(false);
    }
  });

  it("says which end is on land, and snaps a harbour point to water, reporting the snap", () => {
    expect(() => net.route(request({ lat: 40.4, lon: -3.7 }, ROTTERDAM))).toThrow(OnLandError);
    // Paris: 60 nm up the Seine, which the coastline does not draw.
    const paris = () => net.route(request(ROTTERDAM, { lat: 48.85, lon: 2.35 }));
    expect(paris).toThrow(OnLandError);
    expect(paris).toThrow(expect.objectContaining({ which: "destination" }));
    // Hamburg's harbour, on the Elbe, is drawn as land at 1:10m: snapped onto the Elbe's fairway.
    const hamburg = { lat: 53.54, lon: 9.97 };
    const r = net.route(request(hamburg, ROTTERDAM));
    expect(r.snaps.origin?.requested).toEqual(hamburg);
    expect(r.snaps.origin?.distance_nm).toBeGreaterThan(0);
    expect(r.snaps.origin?.distance_nm).toBeLessThanOrEqual(15);
    expect(r.waypoints[0]).toEqual(r.snaps.origin?.snapped);
    expect(r.snaps.destination).toBeUndefined();
  });

  it("moves an end whose nearest water leads nowhere to the nearest water that reaches the sea, reporting the move", () => {
    const atlantic = { lat: 24.5, lon: -76.5 };
    const cases = [
      // Inland on Grand Bahama: the nearest water is a basin the coastline draws cut off.
      { requested: { lat: 26.641, lon: -78.67 }, to: atlantic },
      // Montreal north: the nearest water is the Riviere des Prairies, too narrow to lead out.
      { requested: { lat: 45.7, lon: -73.67 }, to: { lat: 48.25, lon: -69.1 } },
      // Darien: a creek off the Gulf of San Miguel.
      { requested: { lat: 8.12, lon: -77.751 }, to: { lat: 7, lon: -80 } },
      // Inside a Tuamotu lagoon, which the coastline draws without its passes.
      { requested: { lat: -14.639, lon: -145.186 }, to: { lat: -13.663, lon: -144.173 } },
    ];
    const fine = naturalEarthLandMask("10m");
    for (const { requested, to } of cases) {
      const nearest = fine.nearestSea(requested, 15);
      const r = net.route(request(requested, to));
      const snap = r.snaps.origin;
      expect(snap, JSON.stringify(requested)).toBeDefined();
      expect(snap?.requested).toEqual(requested);
      expect(r.waypoints[0]).toEqual(snap?.snapped);
      expect(snap?.distance_nm).toBeLessThanOrEqual(15);
      // Further than the nearest water, which is where the snap used to go and fail.
      expect(snap?.distance_nm).toBeGreaterThan((nearest?.distance_nm ?? 0) + 1);
    }
    // Nothing within 15 nm of Lac Saint-Francois reaches the sea (the Seaway's locks are not
    // modelled); nor does the Caspian. Both are still refused.
    expect(() => net.route(request({ lat: 45.26, lon: -74.122 }, ROTTERDAM))).toThrow(
      NoSeaRouteError,
    );
    // A way out shut to this ship is no reason to move: Oakland is refused for a ship too tall
    // for the Golden Gate Bridge, though the open Pacific lies within 15 nm.
    expect(() =>
      net.route({
        ...request({ lat: 37.8, lon: -122.33 }, { lat: 37.5, lon: -123.5 }),
        vessel: { speed_kts: 14, air_draft_m: 70 },
      }),
    ).toThrow(NoRouteWithinLimitsError);
  });

  it("leads ports at the head of long bays and sounds out to sea", () => {
    const atlantic = { lat: 36.5, lon: -74 };
    // Baltimore: about 150 nm up Chesapeake Bay from Cape Henry (36.93N 76.0W).
    const baltimore = net.route(request({ lat: 39.25, lon: -76.58 }, atlantic));
    expect(baltimore.distance_nm).toBeGreaterThan(180);
    expect(baltimore.distance_nm).toBeLessThan(260);
    // Seattle: out of Puget Sound by Admiralty Inlet and the Strait of Juan de Fuca (124.7W).
    const seattle = net.route(request({ lat: 47.6, lon: -122.35 }, { lat: 48, lon: -127 }));
    expect(seattle.distance_nm).toBeGreaterThan(190);
    expect(seattle.distance_nm).toBeLessThan(240);
    // Corinth: west through the Gulf of Corinth and the Rio-Antirrio narrows (38.32N 21.77E).
    const corinth = net.route(request({ lat: 37.94, lon: 22.93 }, { lat: 38, lon: 20 }));
    expect(corinth.distance_nm).toBeLessThan(200); // round the Peloponnese by the canal: over 300
    // Szczecin: down the lagoon and the narrow Swina channel to the Baltic at Swinoujscie (53.93N).
    const szczecin = net.route(request({ lat: 53.43, lon: 14.57 }, { lat: 54.5, lon: 14.5 }));
    expect(szczecin.distance_nm).toBeLessThan(100);
    // Montreal: about 140 nm of the St Lawrence to Quebec, then down the estuary past Tadoussac.
    const montreal = net.route(request({ lat: 45.5, lon: -73.55 }, { lat: 48.25, lon: -69.1 }));
    expect(montreal.distance_nm).toBeGreaterThan(200);
    expect(montreal.distance_nm).toBeLessThan(300);
  });

  it("reaches the Sea of Azov only through the Kerch Strait, under the bridge's 35 m", () => {
    const mariupol = { lat: 47.05, lon: 37.52 };
    const bosporusNorth = { lat: 41.3, lon: 29.15 };
    const r = net.route(request(mariupol, bosporusNorth));
    expect(r.passages).toEqual(["kerch"]);
    expect(r.distance_nm).toBeGreaterThan(480);
    expect(r.distance_nm).toBeLessThan(600);
    expect(() =>
      net.route(request(mariupol, bosporusNorth, { vessel: { speed_kts: 14, air_draft_m: 40 } })),
    ).toThrow(NoRouteWithinLimitsError);
  });

  it("closes the waters behind a bridge to ships taller than its clearance, naming the passages shut", () => {
    // San Francisco Bay: the Golden Gate is its only way in, under a bridge with 67.1 m; the grid
    // always sailed it, so taller ships were routed under the bridge.
    const offshore = { lat: 37.5, lon: -123.2 };
    const oakland = { lat: 37.8, lon: -122.33 };
    expect(net.route(request(offshore, oakland)).passages).toEqual(["golden-gate"]);
    const tall = () =>
      net.route(request(offshore, oakland, { vessel: { speed_kts: 14, air_draft_m: 68 } }));
    expect(tall).toThrow(NoRouteWithinLimitsError);
    expect(closedToVessel(tall)).toEqual(["golden-gate"]);
    expect(() => net.route(request(offshore, oakland, { avoid: ["golden-gate"] }))).toThrow(
      NoSeaRouteError,
    );
    // The Sea of Marmara: the 1915 Canakkale Bridge (70 m) over the Dardanelles, and the
    // Bosporus (58 m). A 65 m ship reaches Istanbul from the Aegean; a 72 m one is refused, and
    // told of both ways out, not only the first one found. From the Black Sea to the Aegean it
    // needs both straits, and is told of both.
    const piraeus = { lat: 37.93, lon: 23.6 };
    const istanbul = { lat: 40.95, lon: 28.95 };
    const under = net.route(
      request(piraeus, istanbul, { vessel: { speed_kts: 14, air_draft_m: 65 } }),
    );
    expect(under.passages).toEqual(["kafireas", "dardanelles"]);
    const over = () =>
      net.route(request(piraeus, istanbul, { vessel: { speed_kts: 14, air_draft_m: 72 } }));
    expect(over).toThrow(NoRouteWithinLimitsError);
    expect(closedToVessel(over).sort()).toEqual(["bosporus", "dardanelles"]);
    const constanta = { lat: 44.1, lon: 28.75 };
    expect(
      closedToVessel(() =>
        net.route(request(constanta, piraeus, { vessel: { speed_kts: 14, air_draft_m: 72 } })),
      ).sort(),
    ).toEqual(["bosporus", "dardanelles"]);
    // Vancouver's inner harbour under the Lions Gate Bridge (61 m), Baltimore under the
    // Chesapeake Bay Bridge (56.7 m), Tampa under the Sunshine Skyway Bridge (55 m), Philadelphia
    // under the Delaware Memorial Bridge (53 m) and Camden under the Walt Whitman Bridge too
    // (42.4 m), Montreal under the Laviolette Bridge (52 m), Lisbon's inner harbour under the
    // 25 de Abril Bridge (70 m), Donges under the Saint-Nazaire Bridge (61 m), and the upper
    // Guanabara Bay under the Rio-Niteroi Bridge (72 m), and the Yangtze's ports from Nantong up
    // under the Sutong Bridge (62 m), the Columbia River's under the Astoria-Megler Bridge (60 m),
    // Houston's upper terminals under the Fred Hartman Bridge (54.8 m), and Charleston's Wando
    // Welch terminal under the Arthur Ravenel Jr. Bridge (56.6 m), and Philadelphia's Tioga
    // terminal under the Benjamin Franklin Bridge (41.1 m), and Lake Maracaibo's terminals
    // (Cabimas) under the General Rafael Urdaneta Bridge (45 m), and Grangemouth under the
    // Forth bridges (44.3 m).
    for (const [from, to, id, height] of [
      [{ lat: 49.2, lon: -123.5 }, { lat: 49.305, lon: -123.08 }, "first-narrows", 61],
      [{ lat: 36.5, lon: -74 }, { lat: 39.25, lon: -76.58 }, "chesapeake-bay-bridge", 56.7],
      [{ lat: 27.3, lon: -83.2 }, { lat: 27.9, lon: -82.45 }, "sunshine-skyway", 55],
      [{ lat: 38.5, lon: -74.5 }, { lat: 39.9, lon: -75.14 }, "delaware-memorial-bridge", 53],
      [{ lat: 38.5, lon: -74.5 }, { lat: 39.94, lon: -75.125 }, "walt-whitman-bridge", 42.4],
      [{ lat: 48.25, lon: -69.1 }, { lat: 45.5, lon: -73.55 }, "laviolette-bridge", 52],
      [{ lat: 38.6, lon: -9.5 }, { lat: 38.71, lon: -9.12 }, "25-de-abril-bridge", 70],
      [{ lat: 47.1, lon: -2.5 }, { lat: 47.31, lon: -2.07 }, "saint-nazaire-bridge", 61],
      [{ lat: -23.1, lon: -43.1 }, { lat: -22.8, lon: -43.15 }, "rio-niteroi-bridge", 72],
      [{ lat: 31.2, lon: 122.5 }, { lat: 31.97, lon: 120.4 }, "sutong-bridge", 62],
      [{ lat: 46.2, lon: -124.3 }, { lat: 46.2, lon: -123.5 }, "astoria-megler-bridge", 60],
      [{ lat: 25, lon: -90 }, { lat: 29.715, lon: -95.04 }, "fred-hartman-bridge", 54.8],
      [{ lat: 32.6, lon: -79.6 }, { lat: 32.835, lon: -79.895 }, "ravenel-bridge", 56.6],
      [{ lat: 38.5, lon: -74.5 }, { lat: 39.975, lon: -75.1 }, "benjamin-franklin-bridge", 41.1],
      [{ lat: 12, lon: -71 }, { lat: 10.4, lon: -71.46 }, "maracaibo-bridge", 45],
      [{ lat: 56.1, lon: -2.8 }, { lat: 56.04, lon: -3.69 }, "forth-bridges", 44.3],
    ] as const) {
      expect(net.route(request(from, to)).passages, id).toContain(id);
      const taller = () =>
        net.route(request(from, to, { vessel: { speed_kts: 14, air_draft_m: height + 1 } }));
      expect(taller, id).toThrow(NoRouteWithinLimitsError);
      expect(closedToVessel(taller), id).toEqual([id]);
    }
    // Each bridge closes only what lies behind it: Philadelphia's Packer Avenue terminal, just
    // below the Walt Whitman Bridge, to a ship over 42.4 m; Quebec City, below the Laviolette
    // Bridge, to one over 52 m; Rio's city front, below the Rio-Niteroi Bridge, to one over 72 m;
    // Taicang, below the Sutong Bridge, to one over 62 m; the Columbia River inside its bar, below
    // the Astoria-Megler Bridge, to one over 60 m; Barbours Cut, below the Fred Hartman Bridge,
    // to one over 54.8 m; Charleston's Columbus Street terminal, below the Ravenel Bridge, to one
    // over 56.6 m; Camden, below the Benjamin Franklin Bridge, to one over 41.1 m; the port of
    // Maracaibo, below the General Rafael Urdaneta Bridge, to one over 45 m; the Hound Point
    // terminal, below the Forth bridges, to one over 44.3 m.
    for (const [from, to, id, height] of [
      [{ lat: 38.5, lon: -74.5 }, { lat: 39.9, lon: -75.14 }, "walt-whitman-bridge", 43.4],
      [{ lat: 48.25, lon: -69.1 }, { lat: 46.81, lon: -71.2 }, "laviolette-bridge", 53],
      [{ lat: -23.1, lon: -43.1 }, { lat: -22.91, lon: -43.16 }, "rio-niteroi-bridge", 73],
      [{ lat: 31.2, lon: 122.5 }, { lat: 31.65, lon: 121.2 }, "sutong-bridge", 63],
      [{ lat: 46.2, lon: -124.3 }, { lat: 46.23, lon: -123.95 }, "astoria-megler-bridge", 61],
      [{ lat: 25, lon: -90 }, { lat: 29.68, lon: -95.0 }, "fred-hartman-bridge", 56],
      [{ lat: 32.6, lon: -79.6 }, { lat: 32.79, lon: -79.925 }, "ravenel-bridge", 58],
      [{ lat: 38.5, lon: -74.5 }, { lat: 39.94, lon: -75.125 }, "benjamin-franklin-bridge", 42],
      [{ lat: 12, lon: -71 }, { lat: 10.65, lon: -71.6 }, "maracaibo-bridge", 46],
      [{ lat: 56.1, lon: -2.8 }, { lat: 56.0, lon: -3.36 }, "forth-bridges", 45],
    ] as const) {
      const r = net.route(request(from, to, { vessel: { speed_kts: 14, air_draft_m: height } }));
      expect(r.passages, id).not.toContain(id);
    }
  });

  it("takes Baltimore's ships through the Chesapeake and Delaware Canal, those that fit it", () => {
    const baltimore = { lat: 39.27, lon: -76.58 };
    const philadelphia = { lat: 39.95, lon: -75.14 };
    const newYork = { lat: 40.6, lon: -74.0 };
    // Up the bay and through the canal: round Cape Charles and up the Delaware it was 336 nm,
    // and to New York 370.
    const toPhiladelphia = net.route(request(baltimore, philadelphia));
    expect(toPhiladelphia.passages[0]).toBe("chesapeake-delaware");
    expect(toPhiladelphia.distance_nm).toBeLessThan(110);
    const toNewYork = net.route(request(baltimore, newYork));
    expect(toNewYork.passages).toEqual(["chesapeake-delaware"]);
    expect(toNewYork.distance_nm).toBeLessThan(250);
    // Deeper than its 35 ft channel, taller than its lowest bridge (133 ft), or avoiding it: the
    // long way round, under the Chesapeake Bay Bridge.
    for (const extra of [
      { vessel: { speed_kts: 14, draft_m: 11 } },
      { vessel: { speed_kts: 14, air_draft_m: 41 } },
      { avoid: ["chesapeake-delaware"] },
    ]) {
      const round = net.route(request(baltimore, newYork, extra));
      expect(round.passages, JSON.stringify(extra)).toEqual(["chesapeake-bay-bridge"]);
      expect(round.distance_nm).toBeGreaterThan(350);
    }
  });

  it("keeps New York's harbours to ships under their bridges, by the Narrows, the kills or the East River", () => {
    const offshore = { lat: 40.3, lon: -73.5 };
    const newark = { lat: 40.68, lon: -74.13 };
    const upperBay = { lat: 40.67, lon: -74.05 };
    const soundWest = { lat: 41.0, lon: -73.0 };
    const toNewark = net.route(request(offshore, newark));
    expect(toNewark.passages).toEqual(["the-narrows", "kill-van-kull"]);
    expect(toNewark.distance_nm).toBeLessThan(50);
    // Under the Verrazzano (69.5 m) but not the Bayonne Bridge (65.5 m), and the Arthur Kill's
    // bridges (41.1 m) are lower still: Newark Bay is shut to a 67 m ship.
    const over67 = () =>
      net.route(request(offshore, newark, { vessel: { speed_kts: 14, air_draft_m: 67 } }));
    expect(over67).toThrow(NoRouteWithinLimitsError);
    expect(closedToVessel(over67).sort()).toEqual(["arthur-kill", "kill-van-kull"]);
    // Taller than the Verrazzano: the Upper Bay is shut, and every way out is named (before the
    // kills and the East River had gates, such a ship was led round the Narrows under them).
    const over72 = () =>
      net.route(request(offshore, upperBay, { vessel: { speed_kts: 14, air_draft_m: 72 } }));
    expect(over72).toThrow(NoRouteWithinLimitsError);
    expect(closedToVessel(over72).sort()).toEqual([
      "arthur-kill",
      "east-river",
      "kill-van-kull",
      "the-narrows",
    ]);
    // The Narrows avoided: in by Raritan Bay, the Arthur Kill and the Kill Van Kull.
    const narrows = gateOf(PASSAGES.find((p) => p.id === "the-narrows") as Passage) as Gate;
    const round = net.route(request(offshore, upperBay, { avoid: ["the-narrows"] }));
    expect(round.passages).toEqual(["arthur-kill", "kill-van-kull"]);
    expect(round.legs.filter((l) => narrows.crossing(l.from, l.to) !== undefined)).toEqual([]);
    // From Long Island Sound by the East River; a ship taller than the Brooklyn Bridge's 38.7 m
    // goes round Long Island and in by the Narrows.
    const byEastRiver = net.route(request(soundWest, upperBay));
    expect(byEastRiver.passages).toEqual(["east-river"]);
    expect(byEastRiver.distance_nm).toBeLessThan(70);
    const tall = net.route(
      request(soundWest, upperBay, { vessel: { speed_kts: 14, air_draft_m: 50 } }),
    );
    expect(tall.passages).toEqual(["the-narrows"]);
    expect(tall.distance_nm).toBeGreaterThan(150);
  });

  it("rounds Ushant: the Iroise channels are closed to merchant through traffic", () => {
    // From the approaches to Brest to the western Channel: the Chenal du Four is the direct way.
    const r = net.route(request({ lat: 48.25, lon: -4.85 }, { lat: 48.75, lon: -4.7 }));
    // Ushant's west end is at 5.14 W.
    expect(Math.min(...r.waypoints.map((w) => w.lon))).toBeLessThan(-5.14);
  });

  it("keeps islands inside closed waters as land: Ushant lies in the closed Iroise box", () => {
    // The box is added to the land; had it been added by parity, Ushant would have become water.
    const ushant = { lat: 48.46, lon: -5.08 };
    const r = net.route(request(ushant, { lat: 48.0, lon: -6.0 }));
    expect(r.snaps.origin?.distance_nm).toBeGreaterThan(0);
  });

  it("keeps overlapping closed waters closed: a reef line inside Osprey Reef's circle", () => {
    // A vertex of Natural Earth's Osprey Reef line, 4.8 km from the centre of the circle drawn
    // for the reef: in both closed waters. Added to the mask one after the other, parity would
    // make their overlap water and a route could start there.
    const onBoth = { lat: -13.947417, lon: 146.595528 };
    const r = net.route(request(onBoth, { lat: -16.85, lon: 145.8 }));
    expect(r.snaps.origin?.distance_nm).toBeGreaterThan(2);
  });

  it("keeps off the Great Bahama Bank, which the coastline does not draw", () => {
    const bank = closedWater("great-bahama-bank");
    // NASA's photo caption: the Bahama Banks about 24.0N 77.0W are "generally less than three
    // meters deep"; the outline must cover it.
    expect(bank.isLand({ lat: 24.0, lon: -77.0 })).toBe(true);
    const miami = { lat: 25.77, lon: -80.1 };
    for (const to of [
      { lat: 17.95, lon: -76.8 }, // Kingston, by the Old Bahama Channel and the Windward Passage
      { lat: 18.47, lon: -66.1 }, // San Juan, by the Providence Channels
    ]) {
      const r = net.route(request(miami, to));
      expect(crosses(r.waypoints, bank), `Miami to ${to.lat},${to.lon}`).toBe(false);
    }
    // From Nassau ships go round the Berry Islands (Great Harbour Cay 25.75N) by the Northwest
    // Providence Channel, not across the bank between the Berries and Andros.
    const fromNassau = net.route(request({ lat: 25.085, lon: -77.35 }, miami));
    expect(crosses(fromNassau.waypoints, bank)).toBe(false);
    expect(Math.max(...fromNassau.waypoints.map((w) => w.lat))).toBeGreaterThan(25.75);
  });

  it("reaches Andros's east coast by the Tongue of the Ocean, outside the barrier reef", () => {
    const bank = closedWater("great-bahama-bank");
    const fine = naturalEarthLandMask("10m");
    // The cut's western edge, every half mile: at least 1.5 nm off the drawn coast of Andros,
    // whose barrier reef lies about a mile off it.
    const ring = (
      CLOSED_WATERS.find((w) => w.id === "great-bahama-bank")?.polygons[0]?.[0] ?? []
    ).map(([lon, lat]) => ({ lat, lon }));
    const south = ring.findIndex((p) => p.lat === 23.85 && p.lon === -77.48);
    const north = ring.findIndex((p) => p.lat === 25.15);
    expect(north - south).toBeGreaterThan(5);
    for (let i = south; i < north; i++) {
      const [a, b] = [ring[i] as LatLon, ring[i + 1] as LatLon];
      const steps = Math.ceil(distanceNm(a, b) / 0.5);
      for (let k = 0; k <= steps; k++) {
        const p = {
          lat: a.lat + ((b.lat - a.lat) * k) / steps,
          lon: a.lon + ((b.lon - a.lon) * k) / steps,
        };
        expect(fine.distanceToCoastNm(p, 2), JSON.stringify(p)).toBeGreaterThanOrEqual(1.5);
      }
    }
    // Andros Town (Fresh Creek) to Nassau: up the trench and out by its mouth, about 35 nm.
    const androsTown = { lat: 24.7, lon: -77.77 };
    const toNassau = net.route(request(androsTown, { lat: 25.085, lon: -77.35 }));
    // Snapped outside the reef: the cut begins 2 nm off the coast, and a snap keeps 0.5 nm clear.
    expect(toNassau.snaps.origin?.distance_nm).toBeLessThan(5);
    expect(crosses(toNassau.waypoints, bank)).toBe(false);
    expect(toNassau.distance_nm).toBeGreaterThan(30);
    expect(toNassau.distance_nm).toBeLessThan(50);
    // To Miami: out of the trench's mouth to the north, then west by the Northwest Providence
    // Channel round the Berry Islands (Great Harbour Cay 25.75N), not over the bank.
    const toMiami = net.route(request(androsTown, { lat: 25.77, lon: -80.1 }));
    expect(crosses(toMiami.waypoints, bank)).toBe(false);
    expect(Math.max(...toMiami.waypoints.map((w) => w.lat))).toBeGreaterThan(25.75);
  });

  it("passes south of the Nantucket Shoals area to be avoided, as the lanes to New York do", () => {
    const atba = closedWater("nantucket-shoals");
    const r = net.route(request({ lat: 44.6, lon: -63.5 }, NEW_YORK)); // from Halifax
    expect(crosses(r.waypoints, atba)).toBe(false);
    // The area's southern corners are at 40 43.2N and 40 44.5N.
    const offNantucket = r.waypoints.filter((w) => w.lon > -70.2 && w.lon < -69.0);
    expect(Math.min(...offNantucket.map((w) => w.lat))).toBeLessThan(40.75);
  });

  it("keeps out of the Dangerous Ground and the Paracel Islands, which the coastline does not draw", () => {
    const dangerous = closedWater("dangerous-ground");
    const paracels = closedWater("paracel-islands");
    // The centres the sources publish lie inside the outlines drawn for them.
    expect(dangerous.isLand({ lat: 10, lon: 115 })).toBe(true);
    expect(paracels.isLand({ lat: 16.5, lon: 112 })).toBe(true);
    const manila = { lat: 14.55, lon: 120.9 };
    const hongKong = { lat: 22.29, lon: 114.17 };
    const brunei = { lat: 5.1, lon: 115.0 };
    // The straight legs these routes used to take cross them: the test can tell a route that does.
    expect(crosses([{ lat: 1.37, lon: 104.34 }, manila], dangerous)).toBe(true);
    expect(crosses([{ lat: 16.19, lon: 115.02 }, brunei], dangerous)).toBe(true);
    expect(
      crosses(
        [
          { lat: 22.27, lon: 114.11 },
          { lat: 11.54, lon: 109.16 },
        ],
        paracels,
      ),
    ).toBe(true);
    for (const [from, to] of [
      [SINGAPORE, manila],
      [hongKong, brunei],
      [hongKong, SINGAPORE],
    ] as const) {
      const r = net.route(request(from, to));
      const pair = `${from.lat},${from.lon} to ${to.lat},${to.lon}`;
      expect(crosses(r.waypoints, dangerous), pair).toBe(false);
      expect(crosses(r.waypoints, paracels), pair).toBe(false);
    }
  });

  it("refuses an end deep inside a closed water by naming it, not as land", () => {
    try {
      net.route(request(SINGAPORE, { lat: 10, lon: 115 }));
      expect.unreachable("a destination 80 nm inside the Dangerous Ground was routed to");
    } catch (err) {
      expect(err).toBeInstanceOf(OnLandError);
      const refusal = err as OnLandError;
      expect(refusal.which).toBe("destination");
      expect(refusal.details.closed_water).toEqual({
        id: "dangerous-ground",
        name: expect.stringContaining("Dangerous Ground"),
      });
      expect(refusal.message).toContain("closed to shipping");
    }
    // Inland is still land, with no closed water named.
    try {
      net.route(request({ lat: 40.4, lon: -3.7 }, ROTTERDAM));
      expect.unreachable("Madrid was routed from");
    } catch (err) {
      expect((err as OnLandError).details.closed_water).toBeUndefined();
    }
  });

  it("keeps off the drawn Belize Barrier Reef and Colorados reefs, and still reaches Belize City", () => {
    const reefs = reefMask("caribbean-reefs");
    const puertoCortes = { lat: 15.85, lon: -87.95 };
    // Legs routes used to take: Puerto Cortes north across the Belize Barrier Reef, and from the
    // Yucatan Channel across the Colorados reefs off western Cuba.
    const oldLegs = [
      [
        { lat: 16.41, lon: -88.11 },
        { lat: 17.89, lon: -87.82 },
      ],
      [
        { lat: 21.85, lon: -85.0 },
        { lat: 24.15, lon: -83.0 },
      ],
    ];
    expectEachCrosses(oldLegs, reefs);
    for (const [from, to] of [
      [puertoCortes, { lat: 29.3, lon: -94.7 }], // Houston
      [{ lat: 22.03, lon: -80.45 }, NEW_YORK], // Cienfuegos
      [
        { lat: 9.38, lon: -79.92 },
        { lat: 17.45, lon: -88.15 },
      ], // Colon to Belize City
    ] as const) {
      const r = net.route(request(from, to));
      expect(crosses(r.waypoints, reefs), `${to.lat},${to.lon}`).toBe(false);
    }
  });

  it("keeps out of the Belize lagoon and off Turneffe, Lighthouse Reef and Banco Chinchorro, leaving Belize City by the English Caye Channel", () => {
    const lagoon = closedWater("belize-barrier-reef");
    const atolls = ["turneffe-atoll", "lighthouse-reef", "banco-chinchorro"].map(closedWater);
    const belizeCity = { lat: 17.45, lon: -88.15 };
    // Legs routes used to take: Puerto Cortes up the lagoon and out over the reef by Caye
    // Caulker; Belize City to Kingston straight through Turneffe Atoll; Belize City to New
    // Orleans, once round Turneffe, over Banco Chinchorro.
    expectEachCrosses(
      [
        [
          { lat: 16.409, lon: -88.117 },
          { lat: 17.618, lon: -88.117 },
          { lat: 18.492, lon: -87.625 },
        ],
      ],
      lagoon,
    );
    expectEachCrosses(
      [
        [
          { lat: 17.426, lon: -88.09 },
          { lat: 17.624, lon: -87.71 },
        ],
      ],
      atolls[0] as LandMask,
    );
    expectEachCrosses(
      [
        [
          { lat: 17.661, lon: -87.598 },
          { lat: 20.161, lon: -87.127 },
        ],
      ],
      atolls[2] as LandMask,
    );
    for (const [from, to] of [
      [
        { lat: 15.85, lon: -87.95 },
        { lat: 29.3, lon: -94.7 },
      ], // Puerto Cortes to Houston
      [belizeCity, { lat: 17.93, lon: -76.83 }], // to Kingston
      [belizeCity, { lat: 29.3, lon: -94.7 }], // to Houston
      [
        { lat: 15.72, lon: -88.62 },
        { lat: 29.0, lon: -89.3 },
      ], // Santo Tomas to New Orleans
    ] as const) {
      const r = net.route(request(from, to));
      for (const mask of [lagoon, ...atolls]) {
        expect(crosses(r.waypoints, mask), `${from.lat},${from.lon} to ${to.lat},${to.lon}`).toBe(
          false,
        );
      }
    }
    // Belize City's anchorage, behind the reef, is reached as it is, without a snap.
    expect(
      net.route(request(belizeCity, { lat: 17.93, lon: -76.83 })).snaps.origin,
    ).toBeUndefined();
    // Chetumal, at the head of the bay behind Ambergris Caye, lies in the closed lagoon.
    try {
      net.route(request({ lat: 18.49, lon: -88.28 }, belizeCity));
      expect.unreachable("Chetumal was routed from");
    } catch (err) {
      expect((err as OnLandError).details.closed_water).toEqual({
        id: "belize-barrier-reef",
        name: expect.stringContaining("Belize Barrier Reef"),
      });
    }
  });

  it("keeps off the reef layer's lines elsewhere: atolls, fringing reefs at ports, New Guinea's", () => {
    const reefs = reefMask("reefs-elsewhere");
    // Legs these routes used to take, each across lines of the layer: Colombo to Mombasa in one
    // great-circle leg over the Maldives; into Jeddah over its fringing reef; Brisbane to Manila
    // over the reefs off New Guinea's Huon Gulf; out of Papeete over its barrier reef.
    const routes = [
      {
        from: { lat: 6.95, lon: 79.83 },
        to: { lat: -4.07, lon: 39.67 },
        oldLeg: [
          { lat: 6.95, lon: 79.83 },
          { lat: -4.07, lon: 39.67 },
        ],
      },
      {
        from: { lat: 6.95, lon: 79.83 },
        to: { lat: 21.48, lon: 39.17 },
        oldLeg: [
          { lat: 13.716, lon: 42.656 },
          { lat: 21.272, lon: 39.056 },
        ],
      },
      {
        from: { lat: -27.35, lon: 153.25 },
        to: { lat: 14.58, lon: 120.97 },
        oldLeg: [
          { lat: -6.205, lon: 147.724 },
          { lat: -4.281, lon: 145.739 },
        ],
      },
      {
        from: { lat: -17.53, lon: -149.57 },
        to: { lat: -18.14, lon: 178.42 },
        oldLeg: [
          { lat: -17.507, lon: -149.58 },
          { lat: -17.984, lon: -151.621 },
        ],
      },
    ];
    expectEachCrosses(
      routes.map((r) => r.oldLeg),
      reefs,
    );
    for (const { from, to } of routes) {
      const route = net.route(request(from, to));
      expect(crosses(route.waypoints, reefs), JSON.stringify({ from, to })).toBe(false);
      expect(route.waypoints[0]).toEqual(route.snaps.origin?.snapped ?? from);
      expect(route.waypoints.at(-1)).toEqual(route.snaps.destination?.snapped ?? to);
    }
  });

  it("goes into Noumea by Boulari Pass from Sydney, and by a longer way with the pass avoided", () => {
    const reefs = reefMask("reefs-elsewhere");
    const sydney = { lat: -33.85, lon: 151.25 };
    const noumea = { lat: -22.27, lon: 166.43 };
    const byPass = net.route(request(sydney, noumea));
    expect(byPass.passages).toContain("boulari");
    expect(crosses(byPass.waypoints, reefs)).toBe(false);
    const gate = gateOfId("boulari");
    const avoided = net.route(request(sydney, noumea, { avoid: ["boulari"] }));
    expect(avoided.passages).not.toContain("boulari");
    expect(crosses(avoided.waypoints, reefs)).toBe(false);
    expect(avoided.legs.filter((l) => gate.crossing(l.from, l.to) !== undefined)).toEqual([]);
    // In by a gap in the reef lines further south-east (see docs/routing-data.md).
    expect(avoided.distance_nm).toBeGreaterThan(byPass.distance_nm + 10);
    // With the Havannah pass closed too, by the lagoon's southern end, 40 nm and more away.
    const both = net.route(request(sydney, noumea, { avoid: ["boulari", "havannah"] }));
    expect(crosses(both.waypoints, reefs)).toBe(false);
    expect(both.distance_nm).toBeGreaterThan(byPass.distance_nm + 40);
    expect(both.waypoints.some((w) => w.lon > 166.8)).toBe(true);
  });

  // Ports inside a barrier reef or behind a narrow strait, out by their pass; with it avoided, by a longer way.
  it.each([
    {
      // Cruisers' logs give 340 nm; without the pass, out by the lagoon's southern end, 24 nm
      // further since that way's corners are cut to the reefs they turn (30 nm before).
      pass: "havannah",
      from: { name: "Noumea", lat: -22.27, lon: 166.43 },
      to: { name: "Port Vila", lat: -17.74, lon: 168.31 },
      atMostNm: 345,
      furtherNm: 20,
    },
    {
      // The pass is about 24 nm from the port and Suva about 100 nm on, along the south coast;
      // without it, out to the north-west round the reefs.
      pass: "navula",
      from: { name: "Lautoka", lat: -17.61, lon: 177.42 },
      to: { name: "Suva", lat: -18.13, lon: 178.43 },
      atMostNm: 130,
      furtherNm: 30,
    },
    {
      // The Chacao Channel (1-2.5 nm wide) was too narrow for the grid: round Chiloe by the Gulf
      // of Corcovado, 379 nm.
      pass: "chacao",
      from: { name: "Puerto Montt", lat: -41.48, lon: -72.95 },
      to: { name: "Corral (Valdivia)", lat: -39.87, lon: -73.43 },
      atMostNm: 190,
      furtherNm: 150,
    },
    {
      // The Chios Strait (4-5 nm off Chios town) was too narrow for the grid: round west of
      // Chios, 622 nm.
      pass: "chios",
      from: { name: "Izmir", lat: 38.44, lon: 27.14 },
      to: { name: "Port Said", lat: 31.255, lon: 32.31 },
      atMostNm: 600,
      furtherNm: 20,
    },
    {
      // The Pentland Firth (about 7 nm between Caithness and Hoy) was too narrow for the grid's
      // 0.25 degree cells: round north of Orkney, 257 nm.
      pass: "pentland-firth",
      from: { name: "Aberdeen", lat: 57.14, lon: -2.07 },
      to: { name: "Stornoway", lat: 58.2, lon: -6.38 },
      atMostNm: 225,
      furtherNm: 30,
    },
    {
      // The Kafireas Strait (about 6 nm in the 1:10m coastline) was too narrow for the grid:
      // round south of Andros, Tinos and Mykonos, 321 nm (Istanbul to Piraeus 391 nm, now 352).
      pass: "kafireas",
      from: { name: "Thessaloniki", lat: 40.62, lon: 22.93 },
      to: { name: "Piraeus", lat: 37.94, lon: 23.62 },
      atMostNm: 265,
      furtherNm: 30,
    },
    {
      // Backstairs Passage (14 km) was too narrow for the grid: round Kangaroo Island, 390 nm.
      pass: "backstairs",
      from: { name: "Cape Otway's offing", lat: -38.7, lon: 140.9 },
      to: { name: "Adelaide (Gulf St Vincent)", lat: -34.85, lon: 138.45 },
      atMostNm: 300,
      furtherNm: 30,
    },
  ])("sails from $from.name to $to.name by $pass, and $furtherNm nm further without it", (c) => {
    const reefs = reefMask("reefs-elsewhere");
    const byPass = net.route(request(c.from, c.to));
    expect(byPass.passages).toEqual([c.pass]);
    expect(crosses(byPass.waypoints, reefs)).toBe(false);
    expect(byPass.distance_nm).toBeLessThan(c.atMostNm);
    const avoided = net.route(request(c.from, c.to, { avoid: [c.pass] }));
    expect(avoided.passages).not.toContain(c.pass);
    expect(crosses(avoided.waypoints, reefs)).toBe(false);
    expect(avoided.distance_nm).toBeGreaterThan(byPass.distance_nm + c.furtherNm);
  });

  it("keeps off the Great Barrier Reef, the Torres Strait reefs and the Swain Reefs", () => {
    const reefs = reefMask("coral-sea-reefs");
    const brisbane = { lat: -27.35, lon: 153.25 };
    // The leg this route used to take, from off Fraser Island straight to the west end of the
    // Torres Strait, crosses the reef lines: the test can tell a route that does.
    expect(
      crosses(
        [
          { lat: -24.625, lon: 153.375 },
          { lat: -9.349, lon: 141.764 },
        ],
        reefs,
      ),
    ).toBe(true);
    const toSingapore = net.route(request(brisbane, SINGAPORE));
    expect(crosses(toSingapore.waypoints, reefs)).toBe(false);
    expect(toSingapore.passages).toContain("torres");
    // Through the Torres Strait by its channel alone (the Great North East Channel and the Prince
    // of Wales Channel, out past Booby Island), not across the shallows beside it.
    const gate = gateOfId("torres");
    for (const leg of toSingapore.legs) {
      if (leg.passage === "torres") continue;
      expect(gate.pieceCrosses(leg.from, leg.to), JSON.stringify(leg)).toBe(false);
    }
    expect(
      toSingapore.waypoints.some(
        (w) => Math.abs(w.lat + 10.6) < 0.05 && Math.abs(w.lon - 141.85) < 0.05,
      ),
    ).toBe(true);
    // Cairns: out through the reef, round it and in by the Great North East Channel.
    const fromCairns = net.route(request({ lat: -16.85, lon: 145.8 }, SINGAPORE));
    expect(crosses(fromCairns.waypoints, reefs)).toBe(false);
    // Brisbane to Port Moresby threaded two Swain Reefs lines near 21.5S 151.4E; the complex is
    // closed as a whole now, so the route keeps out of its outline too.
    const swains = closedWater("swain-reefs");
    expect(
      crosses(
        [
          { lat: -24.63, lon: 153.38 },
          { lat: -9.5, lon: 147.1 },
        ],
        swains,
      ),
    ).toBe(true);
    const toPortMoresby = net.route(request(brisbane, { lat: -9.5, lon: 147.1 }));
    expect(crosses(toPortMoresby.waypoints, reefs)).toBe(false);
    expect(crosses(toPortMoresby.waypoints, swains)).toBe(false);
  });

  it("keeps off Lihou Reef, which Gladstone to Yokohama used to cross at its south-western sill", () => {
    const lihou = closedWater("lihou-reef");
    const gladstone = { lat: -23.75, lon: 151.4 };
    // The first leg the route used to take, straight north from Gladstone.
    expect(crosses([gladstone, { lat: -11.93, lon: 151.28 }], lihou)).toBe(true);
    const r = net.route(request(gladstone, { lat: 35.45, lon: 139.67 }));
    expect(crosses(r.waypoints, lihou)).toBe(false);
    for (const id of ["saumarez-reefs", "frederick-reefs", "cato-reef"]) {
      expect(crosses(r.waypoints, closedWater(id)), id).toBe(false);
    }
  });

  it("keeps off the Miskito Cays, through whose centre Colon to the Yucatan Channel used to run", () => {
    const cays = closedWater("miskito-cays");
    const colon = { lat: 9.38, lon: -79.92 };
    // The leg Colon to Houston took before, straight to Cabo Catoche.
    expectEachCrosses([[colon, { lat: 21.56, lon: -86.87 }]], cays);
    for (const to of [
      { lat: 29.3, lon: -94.7 }, // Houston
      { lat: 15.85, lon: -87.95 }, // Puerto Cortes
    ]) {
      const r = net.route(request(colon, to));
      expect(crosses(r.waypoints, cays), `${to.lat},${to.lon}`).toBe(false);
    }
  });

  it("keeps off the Little Bahama Bank (about 4 m), which Savannah and Charleston to Nassau used to cross", () => {
    const bank = closedWater("little-bahama-bank");
    const nassau = { lat: 25.08, lon: -77.35 };
    const savannah = { lat: 32.03, lon: -80.85 };
    const charleston = { lat: 32.75, lon: -79.85 };
    // The legs the routes took before: straight over the bank's north-eastern corner and the
    // Abaco cays to the Northeast Providence Channel.
    expectEachCrosses(
      [
        [savannah, { lat: 26.444, lon: -76.943 }],
        [charleston, { lat: 26.455, lon: -76.927 }],
      ],
      bank,
    );
    for (const from of [savannah, charleston]) {
      const r = net.route(request(from, nassau));
      expect(crosses(r.waypoints, bank), `${from.lat},${from.lon}`).toBe(false);
      expect(r.distance_nm).toBeLessThan(500);
    }
    // Freeport, on Grand Bahama's open south coast, is reached from Palm Beach without a snap.
    const freeport = net.route(request({ lat: 26.77, lon: -80.04 }, { lat: 26.51, lon: -78.77 }));
    expect(freeport.snaps.destination).toBeUndefined();
    expect(freeport.distance_nm).toBeLessThan(75);
  });

  it("keeps off Cay Sal Bank (9-16 m), which New Orleans to San Juan and Tampa to Santiago de Cuba used to cross", () => {
    const caySal = closedWater("cay-sal-bank");
    const newOrleans = { lat: 28.9, lon: -89.4 };
    const tampa = { lat: 27.6, lon: -82.9 };
    // Legs the routes used to take over the bank's north-western rim.
    const oldLegs = [
      [
        { lat: 24.37, lon: -80.76 },
        { lat: 23.95, lon: -80.06 },
      ],
      [
        { lat: 24.26, lon: -80.26 },
        { lat: 23.8, lon: -79.6 },
      ],
    ];
    expectEachCrosses(oldLegs, caySal);
    for (const [from, to] of [
      [newOrleans, { lat: 18.47, lon: -66.12 }],
      [tampa, { lat: 19.95, lon: -75.87 }],
    ] as const) {
      const r = net.route(request(from, to));
      expect(crosses(r.waypoints, caySal), `${to.lat},${to.lon}`).toBe(false);
    }
    // The channels round it stay open: Havana to Nassau by the Nicholas and Santaren Channels.
    expect(
      net.route(request({ lat: 23.16, lon: -82.36 }, { lat: 25.09, lon: -77.35 })).distance_nm,
    ).toBeLessThan(400);
  });

  it("joins the Singapore Strait at Keppel Harbour instead of sailing it end to end and back", () => {
    // Keppel Harbour lies halfway along the strait. From Hong Kong the route used to run past
    // it to the strait's western end (103.45E) and back: 1,472 nm instead of 1,423.
    const hongKong = { lat: 22.25, lon: 114.15 };
    const fromEast = net.route(request(hongKong, SINGAPORE));
    expect(Math.min(...fromEast.waypoints.map((w) => w.lon))).toBeGreaterThan(103.8);
    expect(fromEast.passages).toContain("singapore");
    const toManila = net.route(request(SINGAPORE, { lat: 14.55, lon: 120.75 }));
    expect(Math.min(...toManila.waypoints.map((w) => w.lon))).toBeGreaterThan(103.8);
    // Avoiding the strait still closes the way east.
    const avoiding = net.route(request(hongKong, SINGAPORE, { avoid: ["singapore"] }));
    expect(avoiding.passages).not.toContain("singapore");
  });

  it("routes the polar windows (Svalbard, the Gulf of Ob, Baffin Bay) but not the Northern Sea Route or the Northwest Passage", () => {
    const inWindow = (w: LatLon) => isRoutedLatitude(w, POLAR_LIMIT_DEG, POLAR_WINDOWS);
    const beyond = (r: { waypoints: LatLon[] }) =>
      r.waypoints.filter((w) => Math.abs(w.lat) > POLAR_LIMIT_DEG);
    // Sabetta (Yamal LNG) leaves the Gulf of Ob northward, beyond 72N; Longyearbyen is at 78N.
    const sabetta = net.route(request({ lat: 71.27, lon: 72.1 }, { lat: 69.0, lon: 33.1 }));
    const svalbard = net.route(request({ lat: 78.23, lon: 15.55 }, { lat: 69.65, lon: 18.96 }));
    for (const r of [sabetta, svalbard]) {
      expect(beyond(r).length).toBeGreaterThan(0);
      expect(beyond(r).filter((w) => !inWindow(w))).toEqual([]);
    }
    // Pond Inlet to Prudhoe Bay goes by Panama, not west through Lancaster Sound; Murmansk to
    // Yokohama by Suez, not east through the Vilkitsky Strait.
    const pond = net.route(request({ lat: 72.69, lon: -77.96 }, { lat: 70.4, lon: -148.5 }));
    expect(pond.passages).toContain("panama");
    expect(beyond(pond).filter((w) => !inWindow(w))).toEqual([]);
    const murmansk = net.route(request({ lat: 69.0, lon: 33.1 }, { lat: 35.45, lon: 139.65 }));
    expect(murmansk.passages).toContain("suez");
    expect(beyond(murmansk).filter((w) => !inWindow(w))).toEqual([]);
    // Resolute, in the Northwest Passage, is refused as polar water the router does not route.
    let refusal: NoSeaRouteError | undefined;
    try {
      net.route(request({ lat: 74.68, lon: -94.83 }, { lat: 72.69, lon: -77.96 }));
    } catch (err) {
      refusal = err as NoSeaRouteError;
    }
    expect(refusal).toBeInstanceOf(NoSeaRouteError);
    expect(refusal?.details.unrouted_polar_waters).toEqual(["origin"]);
  });

  it("reaches a river port by its fairway, snapped onto it, and refuses a ship the fairway cannot take", () => {
    // Portland, Oregon lies 50 miles up the Columbia above the last of the river the 1:10m
    // coastline draws; off the river's bar is open Pacific.
    const portland = { lat: 45.6, lon: -122.75 };
    const offBar = { lat: 46.2, lon: -124.5 };
    const columbia = PASSAGES.find((p) => p.id === "columbia") as Passage;
    const line = columbia.waypoints.map(([lat, lon]) => ({ lat, lon }));
    const r = net.route(request(portland, offBar));
    expect(r.passages).toEqual(["columbia", "astoria-megler-bridge"]);
    const start = r.snaps.origin?.snapped as LatLon;
    expect(distanceNm(start, portland)).toBeLessThan(15);
    expect(r.waypoints[0]).toEqual(start);
    // It sails the river as drawn, marked as the passage, down to the water the coastline draws,
    // and on out under the Astoria-Megler Bridge.
    const riverLegs = r.legs.filter((l) => l.passage === "columbia");
    expect(riverLegs.length).toBeGreaterThan(10);
    expect(riverLegs.at(-1)?.to).toEqual(line[0]);
    expect(r.segments.filter((s) => s.in_canal).length).toBeGreaterThan(0);
    // The way back ends on the river too, at the same point, as long.
    const back = net.route(request(offBar, portland));
    expect(back.passages.at(-1)).toBe("columbia");
    expect(back.waypoints.at(-1)).toEqual(start);
    expect(Math.abs(back.distance_nm - r.distance_nm)).toBeLessThan(1);
    // A ship deeper than the channel, or a request avoiding the fairway, is refused, naming it.
    const draft = (columbia.limits?.max_draft_m as number) + 1;
    expect(
      closedToVessel(() =>
        net.route(request(portland, offBar, { vessel: { speed_kts: 14, draft_m: draft } })),
      ),
    ).toEqual(["columbia"]);
    let avoided: NoSeaRouteError | undefined;
    try {
      net.route(request(portland, offBar, { avoid: ["columbia"] }));
    } catch (err) {
      avoided = err as NoSeaRouteError;
    }
    expect(avoided).toBeInstanceOf(NoSeaRouteError);
    expect(avoided?.details.closed_passages).toEqual(["columbia"]);
    // New Orleans, 5.8 nm from Lake Pontchartrain and 0.4 nm from the river the coastline does not
    // draw, goes down the Mississippi, not out through the lake.
    const neworleans = net.route(request({ lat: 29.95, lon: -90.06 }, { lat: 25, lon: -90 }));
    expect(neworleans.passages).toEqual(["mississippi"]);
    expect(neworleans.waypoints.filter((w) => w.lat > 30)).toEqual([]);
    // New Orleans (Algiers Point, mile 94.6 above Head of Passes) to Baton Rouge (about mile 230)
    // is the river between them: 134 statute miles, 116 nm.
    const upRiver = net.route(request({ lat: 29.95, lon: -90.06 }, { lat: 30.43, lon: -91.2 }));
    expect(upRiver.passages).toEqual(["mississippi"]);
    expect(upRiver.distance_nm).toBeGreaterThan(113);
    expect(upRiver.distance_nm).toBeLessThan(120);
    // A bridge over a fairway binds only the ends above it: a ship of 50 m air draught reaches the
    // terminals below the Crescent City Connection (52 m) but not those above the Huey P. Long
    // Bridge (47 m), and the refusal names the bridge.
    const tall = { vessel: { speed_kts: 14, air_draft_m: 50 } };
    const belowBridges = net.route(
      request({ lat: 29.93, lon: -90.03 }, { lat: 25, lon: -90 }, tall),
    );
    expect(belowBridges.passages).toEqual(["mississippi"]);
    let barred: NoRouteWithinLimitsError | undefined;
    try {
      net.route(request({ lat: 29.93, lon: -90.2 }, { lat: 25, lon: -90 }, tall));
    } catch (err) {
      barred = err as NoRouteWithinLimitsError;
    }
    expect(barred).toBeInstanceOf(NoRouteWithinLimitsError);
    expect(barred?.details.closed_to_vessel).toEqual([
      {
        passage: "mississippi",
        limit: "air draft 50 m > 46.6 m under the Huey P. Long Bridge (Jefferson Parish)",
        limit_verified: true,
      },
    ]);
    // A fairway whose first point lies above a bridge too low for the ship (Nanjing's, above the
    // Jiangyin Bridge, 50 m) is refused as a port behind that bridge is, naming it, and the
    // refusal names the port the caller asked for, not the fairway's first point.
    const nanjing = { lat: 32.1, lon: 118.75 };
    let behind: NoRouteWithinLimitsError | undefined;
    try {
      net.route(
        request(nanjing, { lat: 31, lon: 123 }, { vessel: { speed_kts: 14, air_draft_m: 55 } }),
      );
    } catch (err) {
      behind = err as NoRouteWithinLimitsError;
    }
    expect(behind).toBeInstanceOf(NoRouteWithinLimitsError);
    const refused = behind?.details as unknown as {
      closed_to_vessel: Array<{ passage: string }>;
    } & LatLon;
    expect(refused.closed_to_vessel.map((c) => c.passage)).toEqual(["jiangyin-bridge"]);
    expect(distanceNm(refused, nanjing)).toBeLessThan(15);
    expect(behind?.message).toMatch(/is up the yangtze fairway, whose first point/);
    // The same ship without an air draught given is routed from there.
    expect(net.route(request({ lat: 29.93, lon: -90.2 }, { lat: 25, lon: -90 })).passages).toEqual([
      "mississippi",
    ]);
    // The Seine takes 11.70 m going up to Rouen and 11.30 m coming down: a ship of 11.5 m sails up
    // to Rouen, and up from Port-Jerome to it, but not down from Rouen, to the sea or to Port-Jerome.
    const rouen = { lat: 49.44, lon: 1.06 };
    const portJerome = { lat: 49.47, lon: 0.6 };
    const channel = { lat: 50, lon: -0.5 };
    const laden = { vessel: { speed_kts: 14, draft_m: 11.5 } };
    expect(net.route(request(channel, rouen, laden)).passages).toEqual(["seine"]);
    expect(net.route(request(portJerome, rouen, laden)).passages).toEqual(["seine"]);
    for (const to of [channel, portJerome]) {
      let down: NoRouteWithinLimitsError | undefined;
      try {
        net.route(request(rouen, to, laden));
      } catch (err) {
        down = err as NoRouteWithinLimitsError;
      }
      expect(down).toBeInstanceOf(NoRouteWithinLimitsError);
      expect(down?.details.closed_to_vessel).toEqual([
        { passage: "seine", limit: "draft 11.5 m > 11.3 m going down", limit_verified: true },
      ]);
    }
    expect(
      net.route(request(rouen, channel, { vessel: { speed_kts: 14, draft_m: 11.2 } })).passages,
    ).toEqual(["seine"]);
    // Rosario, at km 420 of the Parana, counts its river kilometres down to the delta front (km 50):
    // 370 km, though the line cuts the Palmas' bends harder than the river's above the fork.
    const rosario = net.route(request({ lat: -32.95, lon: -60.63 }, { lat: -35, lon: -50 }));
    expect(rosario.passages).toEqual(["parana", "rio-de-la-plata"]);
    const riverKm = passageKm(rosario, "parana");
    expect(riverKm).toBeGreaterThan(369);
    expect(riverKm).toBeLessThan(372);
  });

  it("crosses the middle Rio de la Plata by its dredged channels, which bar a ship too deep for them", () => {
    // The middle estuary is closed water (5-7 m outside the channels): Buenos Aires went straight
    // over it to the sea, and Rosario's route left the delta front straight for the Atlantic.
    const buenosAires = { lat: -34.587, lon: -58.36 };
    const montevideo = { lat: -34.905, lon: -56.21 };
    const offshore = { lat: -35.5, lon: -54 };
    const codillo = { lat: -35.0, lon: -57.13 };
    const out = net.route(request(buenosAires, offshore));
    expect(out.passages).toEqual(["rio-de-la-plata"]);
    expect(Math.min(...out.waypoints.map((w) => distanceNm(w, codillo)))).toBeLessThan(1);
    // Banco Ingles (5 m) lies across the way from the channels' outer end to the south-east.
    const bank = closedWater("banco-ingles");
    expectEachCrosses([[{ lat: -35.016, lon: -56.53 }, offshore]], bank);
    expect(crosses(out.waypoints, bank)).toBe(false);
    const rosario = net.route(request({ lat: -32.95, lon: -60.63 }, { lat: -35, lon: -50 }));
    expect(rosario.passages).toEqual(["parana", "rio-de-la-plata"]);
    // Montevideo joins the channel where it enters the middle estuary, not at the Recalada
    // 28 nm east (150.9 nm); its own approach from the sea stays open.
    const fromMontevideo = net.route(request(montevideo, buenosAires));
    expect(fromMontevideo.passages).toEqual(["rio-de-la-plata"]);
    expect(fromMontevideo.distance_nm).toBeLessThan(120);
    expect(net.route(request(montevideo, offshore)).passages).toEqual([]);
    // Within the upper estuary, Colonia to Buenos Aires, no channel is needed.
    expect(net.route(request({ lat: -34.47, lon: -57.85 }, buenosAires)).passages).toEqual([]);
    // 11 m is too deep for the channels' 10.36 m; the refusal names them, and only them.
    expect(
      closedToVessel(() =>
        net.route(request(buenosAires, offshore, { vessel: { speed_kts: 14, draft_m: 11 } })),
      ),
    ).toEqual(["rio-de-la-plata"]);
    // Avoided, nothing else leads out of the upper estuary.
    expect(() => net.route(request(buenosAires, offshore, { avoid: ["rio-de-la-plata"] }))).toThrow(
      NoSeaRouteError,
    );
  });

  it("takes a point nearer a fairway's line than drawn water, where the line runs over drawn water, as in that water, not on the fairway", () => {
    // Bremerhaven's terminals lie on the drawn Weser, beside the first reach of the fairway to
    // Bremen: the port was snapped onto the fairway's line there and refused to a ship deeper
    // than Bremen's 10.5 m. A point by Eastham's oil dock, outside the Manchester Ship Canal's
    // locks, was refused to one deeper than the canal's 8.5 m.
    const northSea = { lat: 54.5, lon: 7.5 };
    const deep = { vessel: { speed_kts: 14, draft_m: 14 } };
    const bremerhaven = net.route(request({ lat: 53.55, lon: 8.57 }, northSea, deep));
    expect(bremerhaven.passages).toEqual([]);
    expect(bremerhaven.snaps.origin?.distance_nm).toBeLessThan(2);
    const eastham = net.route(
      request(
        { lat: 53.318, lon: -2.96 },
        { lat: 53.5, lon: -4 },
        { vessel: { speed_kts: 14, draft_m: 9 } },
      ),
    );
    expect(eastham.passages).toEqual([]);
    // Bremen, above the drawn river, is still held to the fairway.
    expect(
      closedToVessel(() => net.route(request({ lat: 53.09, lon: 8.77 }, northSea, deep))),
    ).toEqual(["weser"]);
  });

  it("snaps a port on a canal onto it and sails the canal to either end, if the ship may", () => {
    // The coastline draws canals as land: Ismailia, on Lake Timsah, was on land (no water within
    // 15 nm); Rendsburg was moved 12 nm to Eckernfoerde Bay, and Gamboa 15 nm to the Pacific
    // side, below the Pedro Miguel and Miraflores locks (4.7 nm to the anchorage).
    const ismailia = { lat: 30.59, lon: 32.28 };
    const portSaid = { lat: 31.3, lon: 32.35 };
    const north = net.route(request(ismailia, portSaid));
    expect(north.passages).toEqual(["suez"]);
    expect(north.snaps.origin?.distance_nm).toBeLessThan(2);
    // About half the canal's 162.25 km and its 22 km northern access channel (the catalogue).
    expect(north.distance_nm).toBeGreaterThan(40);
    expect(north.distance_nm).toBeLessThan(55);
    expect(net.route(request(ismailia, { lat: 27, lon: 34 })).passages).toEqual(["suez"]);
    const rendsburg = { lat: 54.3, lon: 9.67 };
    const kiel = net.route(request(rendsburg, { lat: 54.5, lon: 10.3 }));
    expect(kiel.passages).toEqual(["kiel"]);
    expect(distanceNm(kiel.waypoints[0] as LatLon, rendsburg)).toBeLessThan(1);
    const elbe = net.route(request(rendsburg, { lat: 53.87, lon: 9.0 }));
    expect(elbe.passages).toEqual(["kiel"]);
    const gamboa = net.route(request({ lat: 9.12, lon: -79.7 }, { lat: 8.9, lon: -79.5 }));
    expect(gamboa.passages).toEqual(["panama"]);
    expect(gamboa.distance_nm).toBeGreaterThan(15);
    // A ship the canal cannot take, or a request avoiding it, is refused there.
    expect(
      closedToVessel(() =>
        net.route(request(ismailia, portSaid, { vessel: { speed_kts: 14, draft_m: 25 } })),
      ),
    ).toEqual(["suez"]);
    expect(() =>
      net.route(request(rendsburg, { lat: 54.5, lon: 10.3 }, { avoid: ["kiel"] })),
    ).toThrow(NoSeaRouteError);
  });

  it("reaches Ghent by the Ghent-Terneuzen Canal, held to 12.50 m going up and 12.30 m down", () => {
    // The coastline draws none of the canal: Ghent, 15 nm from the Western Scheldt, was on land.
    const ghent = { lat: 51.09, lon: 3.745 };
    const northSea = { lat: 51.5, lon: 2.8 };
    const out = net.route(request(ghent, northSea));
    expect(out.passages).toEqual(["ghent-terneuzen"]);
    const canalKm = passageKm(out, "ghent-terneuzen");
    expect(canalKm).toBeGreaterThan(31.5);
    expect(canalKm).toBeLessThan(32.5);
    const laden = { vessel: { speed_kts: 14, draft_m: 12.4 } };
    expect(net.route(request(northSea, ghent, laden)).passages).toEqual(["ghent-terneuzen"]);
    expect(closedToVessel(() => net.route(request(ghent, northSea, laden)))).toEqual([
      "ghent-terneuzen",
    ]);
    // The regulation's 34 m beam.
    expect(
      closedToVessel(() =>
        net.route(request(northSea, ghent, { vessel: { speed_kts: 14, beam_m: 36 } })),
      ),
    ).toEqual(["ghent-terneuzen"]);
  });

  it("reaches Amsterdam by the North Sea Canal, counting its 21 km and the way to the locks", () => {
    // The coastline draws neither the canal nor IJmuiden's harbour: Amsterdam snapped 9 nm to the
    // beach by IJmuiden, and the canal was neither counted nor held to its depth.
    const centraal = { lat: 52.38, lon: 4.9 };
    const r = net.route(request(centraal, { lat: 52.6, lon: 3.5 }));
    expect(r.passages).toEqual(["north-sea-canal"]);
    const canalKm = passageKm(r, "north-sea-canal");
    // The canal's 21 km from the locks to the IJ (Rijkswaterstaat), the 2-3 km from the piers to
    // the locks, and the IJ up to Centraal, as drawn.
    expect(canalKm).toBeGreaterThan(23.5);
    expect(canalKm).toBeLessThan(27);
    expect(
      closedToVessel(() =>
        net.route(
          request(centraal, { lat: 52.6, lon: 3.5 }, { vessel: { speed_kts: 14, draft_m: 14.5 } }),
        ),
      ),
    ).toEqual(["north-sea-canal"]);
  });

  it("reaches Houston's Turning Basin up the Houston Ship Channel, under its two bridges", () => {
    // The coastline draws the channel only to just above the Fred Hartman Bridge: Houston snapped
    // 11 nm over land to the end of that water (391.8 nm to 25N 90W, the 11 nm uncounted), and
    // no ship was held to the Sam Houston (53.3 m) or Sidney Sherman (41.1 m) bridges.
    const turningBasin = { lat: 29.748, lon: -95.29 };
    const deerPark = { lat: 29.74, lon: -95.2 };
    const gulf = { lat: 25, lon: -90 };
    const r = net.route(request(turningBasin, gulf));
    expect(r.passages).toEqual(["houston-ship-channel", "fred-hartman-bridge"]);
    expect(r.distance_nm).toBeGreaterThan(400);
    const tall = (air: number) => ({ vessel: { speed_kts: 14, air_draft_m: air } });
    expect(closedToVessel(() => net.route(request(turningBasin, gulf, tall(45))))).toEqual([
      "houston-ship-channel",
    ]);
    expect(net.route(request(deerPark, gulf, tall(45))).passages).toContain("houston-ship-channel");
    expect(closedToVessel(() => net.route(request(deerPark, gulf, tall(54))))).toEqual([
      "houston-ship-channel",
    ]);
  });

  it("reaches river ports the coastline does not reach up their fairways, each held to its draught", () => {
    // Before: Beaumont snapped 14 nm over land to Sabine Lake; Lake Charles and West Sacramento
    // were refused as on land; Stockton snapped 14 nm over the delta's islands; Riga 6 nm over
    // land to the Gulf's shore, Tampico 5 nm to the beach, Goole 8 nm to the Humber; the Cape Fear
    // is drawn too narrow below Wilmington's terminal to keep off its banks, and it snapped 3 nm.
    // Khorramshahr, up the Shatt al-Arab, and Galati, up the Danube, were refused as on land;
    // Izmail, on the Chilia arm, was snapped 9 nm over land to the Danube's line.
    const gulf = { lat: 27, lon: -94 };
    const offGoldenGate = { lat: 37.5, lon: -123.5 };
    const cases = [
      {
        port: { lat: 30.08, lon: -94.09 },
        from: gulf,
        passages: ["neches"],
        snapNm: 0.5,
        atLeastNm: 185,
        tooDeepM: 13,
      },
      {
        port: { lat: 30.22, lon: -93.22 },
        from: gulf,
        passages: ["calcasieu"],
        snapNm: 2,
        atLeastNm: 190,
        tooDeepM: 13,
      },
      {
        port: { lat: 38.56, lon: -121.55 },
        from: offGoldenGate,
        passages: ["golden-gate", "sacramento-ship-channel"],
        snapNm: 0.5,
        atLeastNm: 125,
        tooDeepM: 10,
      },
      {
        port: { lat: 37.952, lon: -121.318 },
        from: offGoldenGate,
        passages: ["golden-gate", "stockton-ship-channel"],
        snapNm: 0.5,
        atLeastNm: 115,
        tooDeepM: 11,
      },
      {
        port: { lat: 56.97, lon: 24.1 },
        from: { lat: 56.5, lon: 19 },
        passages: ["daugava"],
        snapNm: 0.5,
        atLeastNm: 200,
        tooDeepM: 13,
      },
      {
        port: { lat: 22.215, lon: -97.855 },
        from: { lat: 25, lon: -90 },
        passages: ["panuco"],
        snapNm: 0.5,
        atLeastNm: 440,
        tooDeepM: 10,
      },
      {
        port: { lat: 53.698, lon: -0.874 },
        from: { lat: 54, lon: 1.5 },
        passages: ["ouse"],
        snapNm: 0.5,
        atLeastNm: 90,
        tooDeepM: 6,
      },
      {
        port: { lat: 34.197, lon: -77.955 },
        from: { lat: 33, lon: -76 },
        passages: ["cape-fear"],
        snapNm: 0.5,
        atLeastNm: 120,
        tooDeepM: 13,
      },
      {
        // The port lies a mile off the line, at the Karun's mouth.
        port: { lat: 30.43, lon: 48.18 },
        from: { lat: 29, lon: 49.5 },
        passages: ["shatt-al-arab"],
        snapNm: 1.5,
        atLeastNm: 100,
        tooDeepM: 8,
      },
      {
        port: { lat: 45.42, lon: 28.06 },
        from: { lat: 44.5, lon: 30.5 },
        passages: ["danube"],
        snapNm: 1.5,
        atLeastNm: 130,
        tooDeepM: 8,
      },
      {
        port: { lat: 45.35, lon: 28.83 },
        from: { lat: 44.5, lon: 30.5 },
        passages: ["bystroe"],
        snapNm: 2,
        atLeastNm: 100,
        tooDeepM: 7,
      },
    ];
    for (const { port, from, passages, snapNm, atLeastNm, tooDeepM } of cases) {
      const fairway = passages.at(-1) as string;
      const r = net.route(request(from, port));
      expect(r.passages, fairway).toEqual(passages);
      expect(r.snaps.destination?.distance_nm ?? 0, fairway).toBeLessThan(snapNm);
      expect(r.distance_nm, fairway).toBeGreaterThan(atLeastNm);
      const deep = { vessel: { speed_kts: 14, draft_m: tooDeepM } };
      expect(
        closedToVessel(() => net.route(request(from, port, deep))),
        fairway,
      ).toEqual([fairway]);
    }
  });

  it("reaches the largest ports up their rivers by their fairways, not over land to the nearest beach", () => {
    // Before, each snapped over land to the nearest water the coastline draws (Rotterdam 13.8 nm
    // to the beach at 52.05N, Rostov 14.7, Szczecin 11.7 to the lagoon, Nantes 11.2, Bordeaux
    // 10.2, Shanghai 8.9, Kuching 8.6, Murmansk 7.1, Ho Chi Minh City 6.9, Hamburg 5.8, Antwerp 4.9
    // nm), its river not counted. Now the route starts at the port, on its fairway, and sails the
    // river to the sea, as long as drawn (counted) and held to the fairway's draught.
    const cases = [
      {
        port: { lat: 51.9, lon: 4.4667 },
        sea: { lat: 52.1, lon: 3.5 },
        fairway: "nieuwe-waterweg",
        riverNm: 18.5,
        tooDeepM: 15.5,
      },
      {
        port: { lat: 53.5417, lon: 9.9667 },
        sea: { lat: 54.1, lon: 7.8 },
        fairway: "elbe-hamburg",
        riverNm: 6.2,
        tooDeepM: 16,
      },
      {
        port: { lat: 51.2333, lon: 4.4 },
        sea: { lat: 51.5, lon: 3.2 },
        fairway: "scheldt-antwerp",
        riverNm: 8.5,
        tooDeepM: 16,
      },
      {
        port: { lat: 31.2333, lon: 121.4917 },
        sea: { lat: 31.2, lon: 122.5 },
        fairway: "huangpu",
        riverNm: 12.5,
        tooDeepM: 10,
      },
      {
        port: { lat: 10.7667, lon: 106.7042 },
        sea: { lat: 10.2, lon: 107.3 },
        fairway: "saigon",
        riverNm: 8.4,
        tooDeepM: 11.5,
      },
      {
        port: { lat: 44.85, lon: -0.5667 },
        sea: { lat: 45.6, lon: -1.5 },
        fairway: "garonne",
        riverNm: 11,
        tooDeepM: 11,
      },
      {
        port: { lat: 53.4333, lon: 14.575 },
        sea: { lat: 54.2, lon: 14.3 },
        fairway: "oder-szczecin",
        riverNm: 36.5,
        tooDeepM: 11.5,
      },
      {
        port: { lat: 47.1917, lon: 39.6694 },
        sea: { lat: 46.5, lon: 37.5 },
        fairway: "don-rostov",
        riverNm: 15,
        tooDeepM: 4.5,
      },
      {
        port: { lat: 1.5597, lon: 110.343 },
        sea: { lat: 2.2, lon: 110.5 },
        fairway: "sarawak-river",
        riverNm: 9.5,
        tooDeepM: 8,
      },
      {
        port: { lat: 68.975, lon: 33.05 },
        sea: { lat: 69.8, lon: 34 },
        fairway: "kola-bay",
        riverNm: 7.5,
      },
      {
        port: { lat: 47.195, lon: -1.5875 },
        sea: { lat: 47.1, lon: -2.6 },
        fairway: "loire-nantes",
        riverNm: 6.5,
      },
    ];
    for (const { port, sea, fairway, riverNm, tooDeepM } of cases) {
      const r = net.route(request(port, sea));
      expect(r.passages[0], fairway).toBe(fairway);
      expect(r.snaps.origin?.distance_nm ?? 0, fairway).toBeLessThan(1);
      // It leaves the port on the river: its first leg is the fairway's, and so are the next ones.
      expect(r.legs[0]?.passage, fairway).toBe(fairway);
      expect(passageKm(r, fairway) / 1.852, fairway).toBeGreaterThan(riverNm);
      // The way in ends at the port, up the same river.
      const back = net.route(request(sea, port));
      expect(back.passages.at(-1), fairway).toBe(fairway);
      expect(Math.abs(back.distance_nm - r.distance_nm), fairway).toBeLessThan(
        0.02 * r.distance_nm + 2,
      );
      if (tooDeepM !== undefined) {
        const deep = { vessel: { speed_kts: 14, draft_m: tooDeepM } };
        expect(
          closedToVessel(() => net.route(request(sea, port, deep))),
          fairway,
        ).toEqual([fairway]);
      }
    }
    // Nantes lies above the Pont de Cheviré (52 m): a taller ship is refused, naming the fairway.
    const nantes = { lat: 47.195, lon: -1.5875 };
    const tall = { vessel: { speed_kts: 14, air_draft_m: 55 } };
    expect(
      closedToVessel(() => net.route(request({ lat: 47.1, lon: -2.6 }, nantes, tall))),
    ).toEqual(["loire-nantes"]);
    // Rotterdam to Hamburg, city to city: 269 nm before (both ends snapped), NGA Pub. 151 307.
    const rh = net.route(request({ lat: 51.9, lon: 4.4667 }, { lat: 53.5417, lon: 9.9667 }));
    expect(rh.distance_nm).toBeGreaterThan(295);
    expect(rh.passages).toEqual(["nieuwe-waterweg", "elbe-hamburg"]);
  });

  it("reaches Jacksonville up the St. Johns, Talleyrand only under the Dames Point Bridge", () => {
    // The coastline draws none of the river: Blount Island snapped 8 nm to the beach.
    const blountIsland = { lat: 30.4, lon: -81.53 };
    const talleyrand = { lat: 30.355, lon: -81.62 };
    const offshore = { lat: 30.3, lon: -80.5 };
    for (const from of [blountIsland, talleyrand]) {
      const r = net.route(request(from, offshore));
      expect(r.passages).toEqual(["st-johns"]);
      expect(r.snaps.origin?.distance_nm ?? 0).toBeLessThan(0.5);
    }
    // Blount Island lies below the bridge (53.3 m), Talleyrand above it.
    const tall = { vessel: { speed_kts: 14, air_draft_m: 55 } };
    expect(net.route(request(blountIsland, offshore, tall)).passages).toEqual(["st-johns"]);
    expect(closedToVessel(() => net.route(request(talleyrand, offshore, tall)))).toEqual([
      "st-johns",
    ]);
  });

  it("reaches Bangkok Port up the Chao Phraya, held to the port's 172 m and 8.2 m", () => {
    // The coastline draws the river only to just above its mouth: the port snapped 10 nm to the
    // Gulf coast. The line cuts the river's bends and counts the port's kilometre, 27.5.
    const bangkok = { lat: 13.7, lon: 100.57 };
    const gulf = { lat: 12.5, lon: 100.8 };
    const r = net.route(request(bangkok, gulf));
    expect(r.passages).toEqual(["chao-phraya"]);
    expect(r.snaps.origin?.distance_nm ?? 0).toBeLessThan(0.5);
    expect(passageKm(r, "chao-phraya") / 1.852).toBeCloseTo(27.5 / 1.852, 0);
    const limits = [
      { speed_kts: 14, draft_m: 9 },
      { speed_kts: 14, loa_m: 180 },
    ];
    expect(closedToEach(bangkok, gulf, limits)).toEqual(limits.map(() => ["chao-phraya"]));
  });

  it("reaches Manchester up the Manchester Ship Canal, its 56 km counted, only under its 21.3 m bridges", () => {
    // The coastline draws the Mersey estuary but none of the canal: Manchester was refused as on
    // land, and Ellesmere Port, on the canal below the Runcorn Gap, snapped to the estuary.
    const manchester = { lat: 53.4715, lon: -2.298 };
    const ellesmerePort = { lat: 53.2875, lon: -2.898 };
    const irishSea = { lat: 53.5, lon: -4 };
    const r = net.route(request(irishSea, manchester));
    expect(r.passages).toEqual(["manchester-ship-canal"]);
    expect(r.snaps.destination?.distance_nm ?? 0).toBeLessThan(0.5);
    expect(passageKm(r, "manchester-ship-canal") / 1.852).toBeCloseTo(56 / 1.852, 0);
    expect(net.route(request(ellesmerePort, irishSea)).passages).toEqual(["manchester-ship-canal"]);
    // Ellesmere Port lies below the fixed bridges; Manchester above them.
    const tall = { vessel: { speed_kts: 14, air_draft_m: 25 } };
    expect(net.route(request(ellesmerePort, irishSea, tall)).passages).toEqual([
      "manchester-ship-canal",
    ]);
    const limits = [tall.vessel, { speed_kts: 14, draft_m: 9 }, { speed_kts: 14, beam_m: 22 }];
    expect(closedToEach(manchester, irishSea, limits)).toEqual(
      limits.map(() => ["manchester-ship-canal"]),
    );
  });

  it("holds Stockton, above the Antioch Bridge, to the bridge, and not Pittsburg below it", () => {
    const offGoldenGate = { lat: 37.5, lon: -123.5 };
    const tall = { vessel: { speed_kts: 14, air_draft_m: 45 } };
    expect(
      closedToVessel(() => net.route(request(offGoldenGate, { lat: 37.952, lon: -121.318 }, tall))),
    ).toEqual(["stockton-ship-channel"]);
    expect(net.route(request(offGoldenGate, { lat: 38.04, lon: -121.88 }, tall)).passages).toEqual([
      "golden-gate",
    ]);
  });

  it("reaches Glasgow's King George V Dock up the Clyde, under the Erskine Bridge", () => {
    // The coastline draws the estuary to about Bowling: the dock snapped 11 nm down the river.
    const kgv = { lat: 55.864, lon: -4.336 };
    const northChannel = { lat: 55, lon: -6 };
    const r = net.route(request(kgv, northChannel));
    expect(r.passages).toEqual(["clyde"]);
    expect(r.snaps.origin?.distance_nm ?? 0).toBeLessThan(0.5);
    // Greenock, below the bridge on the drawn estuary, is about 15 nm nearer the sea.
    const greenock = net.route(request({ lat: 55.95, lon: -4.75 }, northChannel));
    expect(r.distance_nm - greenock.distance_nm).toBeGreaterThan(12);
    const limits = [
      { speed_kts: 14, air_draft_m: 50 },
      { speed_kts: 14, draft_m: 9 },
    ];
    expect(closedToEach(kgv, northChannel, limits)).toEqual(limits.map(() => ["clyde"]));
  });

  it("reaches Savannah up the Savannah River, not by Ossabaw Sound, under the Talmadge Bridge", () => {
    // The coastline draws none of the river: Savannah snapped 10 nm south to Ossabaw Sound.
    const downtown = { lat: 32.08, lon: -81.09 };
    const gardenCity = { lat: 32.127, lon: -81.14 };
    const offshore = { lat: 31.5, lon: -79.5 };
    for (const from of [downtown, gardenCity]) {
      const r = net.route(request(from, offshore));
      expect(r.passages).toEqual(["savannah"]);
      expect(Math.min(...r.waypoints.slice(0, -1).map((w) => w.lat))).toBeGreaterThan(32.02);
    }
    // The Talmadge Memorial Bridge (56.4 m) lies between downtown and the Garden City Terminal.
    const tall = { vessel: { speed_kts: 14, air_draft_m: 60 } };
    expect(net.route(request(downtown, offshore, tall)).passages).toEqual(["savannah"]);
    let barred: NoRouteWithinLimitsError | undefined;
    try {
      net.route(request(gardenCity, offshore, tall));
    } catch (err) {
      barred = err as NoRouteWithinLimitsError;
    }
    expect(barred).toBeInstanceOf(NoRouteWithinLimitsError);
    expect(JSON.stringify(barred?.details.closed_to_vessel)).toContain("Talmadge");
  });

  it("reaches Tagbilaran from Cebu by its own approach, not round Panglao through the causeways", () => {
    // The grid has no node north-west of Tagbilaran in its sight: the port joined the grid only
    // south-east of it, by the shallow Dauis Strait under two causeways (60.6 nm from Cebu).
    const cebu = { lat: 10.29, lon: 123.91 };
    const tagbilaran = { lat: 9.64, lon: 123.85 };
    for (const r of bothWays(cebu, tagbilaran)) {
      expect(r.distance_nm).toBeLessThan(45);
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeGreaterThan(9.63);
    }
    expect(
      crosses(
        net.route(request(tagbilaran, { lat: 8.49, lon: 124.66 })).waypoints,
        closedWater("dauis-strait"),
      ),
    ).toBe(false);
  });

  it("reaches Kaliningrad by its sea canal, not up the Curonian Lagoon to Klaipeda", () => {
    // The coastline draws no Vistula Lagoon: Kaliningrad snapped 15 nm north to the Curonian
    // Lagoon, and its route ran up the lagoon to Klaipeda (142.3 nm to 55.5N 18.5E).
    const kaliningrad = { lat: 54.7, lon: 20.45 };
    const gdanskBay = { lat: 55.5, lon: 18.5 };
    const r = net.route(request(kaliningrad, gdanskBay));
    expect(r.passages).toEqual(["kaliningrad-sea-canal"]);
    expect(r.distance_nm).toBeLessThan(100);
    expect(Math.max(...r.waypoints.slice(0, -1).map((w) => w.lat))).toBeLessThan(54.75);
    // The canal's 43 km are counted (Rosmorport).
    const canalKm = passageKm(r, "kaliningrad-sea-canal");
    expect(canalKm).toBeGreaterThan(42.5);
    expect(canalKm).toBeLessThan(43.5);
    expect(
      closedToVessel(() =>
        net.route(request(kaliningrad, gdanskBay, { vessel: { speed_kts: 14, draft_m: 9 } })),
      ),
    ).toEqual(["kaliningrad-sea-canal"]);
  });

  it("joins two ends up one estuary through its water, not out to the open estuary and back", () => {
    // Haldia and Hugli Point lie 10 nm apart up the Hooghly estuary, out of sight of each other
    // round Diamond Harbour's bend, in water the grid (2 nm off every coast) does not reach: each
    // end's way out to the grid runs down to the open estuary at 21.8N, and the route was 40 nm.
    const haldia = { lat: 22.03, lon: 88.07 };
    const hugliPoint = { lat: 22.205, lon: 88.085 };
    for (const r of bothWays(haldia, hugliPoint)) {
      expect(r.distance_nm).toBeLessThan(20);
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeGreaterThan(22);
    }
    // So do Haldia and Kolkata, up the Hooghly fairway from Hugli Point: 44.5 nm, not 68.
    const kolkata = { lat: 22.55, lon: 88.3 };
    for (const r of bothWays(haldia, kolkata)) {
      expect(r.passages).toEqual(["hooghly"]);
      expect(r.distance_nm).toBeLessThan(50);
      expect(Math.min(...r.waypoints.map((w) => w.lat))).toBeGreaterThan(22);
      const river = r.legs.filter((l) => l.passage === "hooghly");
      expect(river.length).toBeGreaterThan(5);
    }
  });

  it("fails loudly for waters not connected to the ocean", () => {
    const caspian = { lat: 42.0, lon: 50.5 };
    expect(() => net.route(request(caspian, ROTTERDAM))).toThrow(NoSeaRouteError);
  });

  it("keeps hard wave limits when a route respects them, and says so when none does", () => {
    const storm = stormField({ lat: 45, lon: -40 }, 600, 9, 30);
    const limited = net.route(
      request(NEW_YORK, ROTTERDAM, { vessel: { speed_kts: 14, max_wave_m: 5 } }),
      storm,
    );
    expect(Math.max(...limited.segments.map((s) => s.conditions.hs_m))).toBeLessThanOrEqual(5);
    const everywhere: WeatherField = {
      label: "test: 9 m everywhere",
      at: () => ({ ...CALM, hs_m: 9 }),
    };
    expect(() =>
      net.route(
        request(NEW_YORK, ROTTERDAM, { vessel: { speed_kts: 14, max_wave_m: 5 } }),
        everywhere,
      ),
    ).toThrow(NoRouteWithinLimitsError);
  });

  it("safest goes round a storm that fastest crosses", () => {
    // Put the storm on the calm-water route, halfway.
    const calm = net.route(request(NEW_YORK, ROTTERDAM));
    const centre = calm.segments[Math.floor(calm.segments.length / 2)]?.start as LatLon;
    // Big seas, moderate wind: little speed loss, so the fastest route has no reason to go round.
    const storm = stormField(centre, 300, 8, 18);
    const fastest = net.route(request(NEW_YORK, ROTTERDAM), storm);
    const safest = net.route(request(NEW_YORK, ROTTERDAM, { objective: "safest" }), storm);
    const closest = (r: typeof fastest) =>
      Math.min(...r.segments.map((s) => distanceNm(s.start, centre)));
    expect(closest(fastest)).toBeLessThan(150);
    // Outside the 300 nm storm, give or take the 25 nm segment sampling at its edge.
    expect(closest(safest)).toBeGreaterThan(270);
    const hoursInStorm = (r: typeof fastest) =>
      r.segments
        .filter((s) => s.conditions.hs_m >= 8)
        .reduce((h, s) => h + (s.end_ms - s.start_ms) / 3_600_000, 0);
    expect(hoursInStorm(fastest)).toBeGreaterThan(20);
    expect(hoursInStorm(safest)).toBeLessThan(0.1 * hoursInStorm(fastest));
  });

  it("finds the same fastest routes with the landmark bound as with the great circle alone", () => {
    const plain = buildRoutingNetwork({ landmarks: 0 });
    const SHANGHAI = { lat: 31.2, lon: 122.2 };
    for (const [from, to, avoid] of [
      [ROTTERDAM, SINGAPORE, []],
      [ROTTERDAM, SINGAPORE, ["suez"]],
      [NEW_YORK, LOS_ANGELES, []],
      [SHANGHAI, NEW_YORK, ["panama"]],
    ] as const) {
      const a = net.route(request(from, to, { avoid }));
      const b = plain.route(request(from, to, { avoid }));
      expect(a.passages).toEqual(b.passages);
      expect(Math.abs(a.distance_nm - b.distance_nm) / b.distance_nm).toBeLessThan(0.002);
    }
  });

  it("never crosses land on the finer coastline, except through canals", () => {
    const fine = naturalEarthLandMask("10m");
    for (const [a, b] of [
      [ROTTERDAM, SINGAPORE],
      [NEW_YORK, LOS_ANGELES],
      [{ lat: 31.0, lon: 122.5 }, LOS_ANGELES],
    ] as const) {
      const r = net.route(request(a, b));
      for (const leg of r.legs) {
        if (leg.passage && OVERLAND_PASSAGE_IDS.has(leg.passage)) continue;
        expect(fine.pathHitsLand(leg.from, leg.to), `${JSON.stringify(leg)}`).toBe(false);
      }
    }
  });

  // Found by fuzzing routes near coasts; each leg is tested in 1 nm pieces, as the property test tests them.
  it.each([
    {
      // A grid step in Cook Inlet was tested in 2 nm pieces and passed a metre inside the coast
      // at 59.1447N 151.8945W, which 1 nm pieces see.
      case: "a grid step grazing the coast (Cook Inlet)",
      from: { lat: 30.4392, lon: -125.9997 },
      to: { lat: 60.6828, lon: -151.9528 },
    },
    {
      // The way out of the Strait of Magellan's western reaches stepped between two water cells
      // across a spit narrower than a cell (53.80S 72.14W).
      case: "a harbour approach stepping over a spit (Magellan)",
      from: { lat: -53.1411, lon: -71.8093 },
      to: { lat: -49.2734, lon: -147.4906 },
    },
    {
      // The same off south-east Sulawesi (4.61S 122.69E).
      case: "a harbour approach stepping over a spit (Sulawesi)",
      from: { lat: -4.7561, lon: 122.8486 },
      to: { lat: -11.4213, lon: 96.9322 },
    },
  ])("keeps clear of $case", (c) => {
    const fine = naturalEarthLandMask("10m");
    const r = net.route(request(c.from, c.to));
    for (const leg of r.legs) {
      if (leg.passage && OVERLAND_PASSAGE_IDS.has(leg.passage)) continue;
      expect(fine.pathHitsLand(leg.from, leg.to, 1), JSON.stringify(leg)).toBe(false);
    }
  });
});

/** The gate of the catalogue's passage `id`. */
function gateOfId(id: string): Gate {
  const passage = PASSAGES.find((p) => p.id === id);
  const gate = passage && gateOf(passage);
  if (!gate) throw new Error(`no gate for passage ${id}`);
  return gate;
}

/** A stationary storm: `hs` metres and `wind` knots inside `radiusNm` of `centre`, calm outside. */
function stormField(centre: LatLon, radiusNm: number, hs: number, wind: number): WeatherField {
  return {
    label: "test: stationary storm",
    at: (lat, lon) =>
      distanceNm({ lat, lon }, centre) < radiusNm
        ? {
            ...CALM,
            hs_m: hs,
            wave_period_s: 11,
            wind_kts: wind,
            wind_dir_deg: 270,
            wave_dir_deg: 270,
          }
        : CALM,
  };
}

/**
 * One reef region's bands as a mask. Built once per region (the bands of every region at the
 * first call): several tests ask for the same region, and each build takes about a second.
 */
const reefMasks = new Map<string, LandMask>();
let reefWaters: ReturnType<typeof reefClosedWaters> | undefined;
/** A calm route's corners between free legs, not the ends of passages (fixed, in narrow water). */
function freeCorners(route: ReturnType<RoutingNetwork["route"]>): LatLon[] {
  const free = (j: number) => route.legs[j]?.passage === undefined;
  return route.legs
    .map((leg, j) => ({ leg, j }))
    .filter(({ j }) => j > 0 && free(j - 1) && free(j) && free(j + 1))
    .map(({ leg }) => leg.from);
}

/**
 * Corners 10 nm or more from any coast: a taut string turns only round land (Rotterdam-Singapore
 * had one 600 nm out in the Arabian Sea).
 */
function outAtSea(corners: LatLon[], mask: LandMask): LatLon[] {
  return corners.filter((p) => mask.distanceToCoastNm(p, 10) >= 10);
}

function reefMask(id: string): LandMask {
  const known = reefMasks.get(id);
  if (known) return known;
  reefWaters ??= reefClosedWaters();
  const water = reefWaters.find((w) => w.id === id);
  if (water === undefined) throw new Error(`no reef region ${id}`);
  const mask = buildLandMask(water.polygons, { source: id });
  reefMasks.set(id, mask);
  return mask;
}

/** One closed water on its own, as a mask, to ask whether a route enters it. */
function closedWater(id: string): LandMask {
  const water = CLOSED_WATERS.find((w) => w.id === id);
  if (water === undefined) throw new Error(`no closed water ${id}`);
  return buildLandMask(water.polygons, { source: id });
}

/** Legs a route used to take each enter the mask: the test can tell a route that does. */
function expectEachCrosses(legs: ReadonlyArray<readonly LatLon[]>, mask: LandMask): void {
  for (const leg of legs) expect(crosses(leg, mask), JSON.stringify(leg)).toBe(true);
}

/** Whether a route's legs enter the mask, tested along each geodesic every nautical mile. */
function crosses(waypoints: readonly LatLon[], mask: LandMask): boolean {
  return waypoints.slice(1).some((w, i) => mask.pathHitsLand(waypoints[i] as LatLon, w, 1));
}
