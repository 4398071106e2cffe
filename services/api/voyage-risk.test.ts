import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLOCK_START_MS, testClock, testDeparture } from "../../tests/test-clock";
import {
  historicalAvailabilityResponse,
  routeScoreResponse,
  voyageRiskResponse,
} from "../contracts/api/underwriting";
import { DIMENSIONS } from "../engine/scoring/vsi";
import { loadConfig } from "../platform/config";
import { type Served, serve } from "../serve";

/**
 * POST /api/v1/underwriting/voyage-risk on the embedded default: every answer validated against
 * the response schema, the index's invariants, physical sense, and every kind of bad input.
 */
let s: Served;
beforeAll(async () => {
  s = await serve(loadConfig({ PORT: "0", LOG_LEVEL: "silent" }), { now: testClock() });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const DAY = 86_400_000;
/** The next 15th of a month (0 = January) at least two weeks away. */
const nextMonth = (month: number) => {
  let year = new Date(TEST_CLOCK_START_MS).getUTCFullYear();
  if (Date.UTC(year, month, 15) < TEST_CLOCK_START_MS + 14 * DAY) year++;
  return new Date(Date.UTC(year, month, 15, 6)).toISOString();
};

const post = (body: unknown, raw?: string) =>
  fetch(`${s.url}/api/v1/underwriting/voyage-risk`, {
    method: "POST",
    headers: { "X-API-Key": s.devKey as string, "Content-Type": "application/json" },
    body: raw ?? JSON.stringify(body),
  });

const cargo = { type: "cargo_small", max_wave_m: 4, max_wind_kts: 30 };
const ROTTERDAM = { lat: 51.98, lon: 3.9, name: "Rotterdam" };
const NEW_YORK = { lat: 40.45, lon: -73.8, name: "New York" };

function request(
  origin: object,
  destination: object,
  options: Record<string, boolean> = {},
  vessel: object = cargo,
  departure_utc = testDeparture(2),
) {
  return { vessel, voyage: { origin, destination, departure_utc }, options };
}

/** Posts, expects 200, validates against the schema and checks the invariants every answer keeps. */
async function scored(body: ReturnType<typeof request>) {
  const res = await post(body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  const r = voyageRiskResponse.parse(json);
  const dims = r.risk_dimensions;
  expect(Object.keys(dims).sort()).toEqual([...DIMENSIONS].sort());
  const weights = DIMENSIONS.reduce((sum, d) => sum + dims[d].weight, 0);
  expect(weights).toBeCloseTo(1, 10);
  const weighted = DIMENSIONS.reduce((sum, d) => sum + dims[d].weight * dims[d].score, 0);
  expect(Math.abs(r.voyage_severity_index.score - weighted)).toBeLessThanOrEqual(0.01);
  for (const d of DIMENSIONS) {
    expect(dims[d].score).toBeGreaterThanOrEqual(0);
    expect(dims[d].score).toBeLessThanOrEqual(100);
  }
  const [lo, hi] = r.voyage_severity_index.confidence_interval;
  expect(lo).toBeLessThanOrEqual(r.voyage_severity_index.score);
  expect(hi).toBeGreaterThanOrEqual(r.voyage_severity_index.score);
  expect(Date.parse(r.route_summary.eta_p90_utc)).toBeGreaterThanOrEqual(
    Date.parse(r.route_summary.eta_p50_utc),
  );
  // One ETA: the quoted transit is the P50 ETA's, from the departure asked.
  const departure = Date.parse(body.voyage.departure_utc);
  expect(
    Math.abs(
      Date.parse(r.route_summary.eta_p50_utc) -
        departure -
        r.route_summary.estimated_transit_h * 3_600_000,
    ),
  ).toBeLessThan(60_000);
  const e = r.ensemble_analysis;
  if (e) {
    expect(e.members).toBe(31);
    const p = e.p_violation;
    for (const v of [p.wave, p.wind, p.swell, p.any]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(p.any).toBeGreaterThanOrEqual(Math.max(p.wave, p.wind, p.swell));
    expect(e.eta_hours.p90).toBeGreaterThanOrEqual(e.eta_hours.p50);
    // The quoted transit lies within the ensemble's P10-P90, and the index is its median member's.
    expect(r.route_summary.estimated_transit_h).toBeGreaterThanOrEqual(e.eta_hours.p10);
    expect(r.route_summary.estimated_transit_h).toBeLessThanOrEqual(e.eta_hours.p90);
    expect(r.voyage_severity_index.score).toBe(e.index_distribution.p50);
    expect(r.voyage_severity_index.confidence_interval).toEqual([
      e.index_distribution.p5,
      e.index_distribution.p95,
    ]);
    expect(e.cvar_95).toBeGreaterThanOrEqual(e.index_distribution.p50);
  }
  expect(r.metadata.weather_source).toMatch(/synthetic/);
  expect(r.metadata.request_id).toBe(res.headers.get("x-request-id"));
  return r;
}

describe("voyage-risk", { timeout: 300_000 }, () => {
  it("answers every option combination, each part present exactly when asked for", async () => {
    for (const ensemble_routing of [false, true]) {
      for (const include_historical_baseline of [false, true]) {
        for (const include_compliance_check of [false, true]) {
          const r = await scored(
            request(ROTTERDAM, NEW_YORK, {
              ensemble_routing,
              include_historical_baseline,
              include_compliance_check,
            }),
          );
          expect(r.ensemble_analysis === null).toBe(!ensemble_routing);
          expect(r.historical_baseline === null).toBe(!include_historical_baseline);
          expect(r.compliance === null).toBe(!include_compliance_check);
        }
      }
    }
  });

  it("scores voyages in every ocean", async () => {
    const voyages: Array<[object, object]> = [
      [
        { lat: 35.2, lon: 139.8, name: "Tokyo Bay" },
        { lat: 33.7, lon: -118.3, name: "Los Angeles" },
      ],
      [
        { lat: 1.2, lon: 103.85, name: "Singapore" },
        { lat: -29.87, lon: 31.05, name: "Durban" },
      ],
      [
        { lat: -33.9, lon: 18.4, name: "Cape Town" },
        { lat: -32.05, lon: 115.7, name: "Fremantle" },
      ],
      [
        { lat: -22.9, lon: -43.1, name: "Rio de Janeiro" },
        { lat: 14.7, lon: -17.45, name: "Dakar" },
      ],
      [
        { lat: 69.2, lon: 33.4, name: "Murmansk" },
        { lat: 70.7, lon: 23.6, name: "Hammerfest" },
      ],
      [
        { lat: 44.39, lon: 8.92, name: "Genoa" },
        { lat: 41.33, lon: 2.2, name: "Barcelona" },
      ],
    ];
    for (const [o, d] of voyages) {
      const r = await scored(
        request(o, d, {
          ensemble_routing: true,
          include_historical_baseline: true,
          include_compliance_check: true,
        }),
      );
      expect(r.route_summary.distance_nm).toBeGreaterThan(100);
      expect(r.historical_baseline?.departures_simulated).toBeGreaterThan(1000);
    }
  });

  it("scores the North Atlantic higher in January than in July", async () => {
    const vessel = { type: "general_cargo" };
    const jan = await scored(request(ROTTERDAM, NEW_YORK, {}, vessel, nextMonth(0)));
    const jul = await scored(request(ROTTERDAM, NEW_YORK, {}, vessel, nextMonth(6)));
    expect(jan.voyage_severity_index.score).toBeGreaterThan(jul.voyage_severity_index.score);
    expect(jan.metadata.forecast_coverage.climatology_share).toBeGreaterThan(0.9);
  });

  it("scores a small vessel with low limits higher than a large one on the same voyage", async () => {
    const small = await scored(
      request(ROTTERDAM, NEW_YORK, {}, { type: "cargo_small", max_wave_m: 3, max_wind_kts: 25 }),
    );
    const large = await scored(request(ROTTERDAM, NEW_YORK, {}, { type: "container_ship" }));
    expect(small.voyage_severity_index.score).toBeGreaterThan(large.voyage_severity_index.score);
  });

  it("lists the ECAs a voyage passes through", async () => {
    const r = await scored(request(ROTTERDAM, NEW_YORK, { include_compliance_check: true }));
    const ids = ((r.compliance?.eca_transits ?? []) as Array<{ id: string }>).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(["eca-north-sea", "eca-north-american"]));
  });

  it("publishes the request and the score as events that reach analytics", async () => {
    const r = await scored(request(ROTTERDAM, NEW_YORK));
    await expect
      .poll(async () => s.platform.analytics.countEvents({ key: r.voyage_id }), { timeout: 10_000 })
      .toBe(2);
    const [scoredEvent] = await s.platform.analytics.queryEvents({
      topic: "voyages.scores",
      key: r.voyage_id,
    });
    expect(JSON.parse(scoredEvent?.payload_json as string)).toMatchObject({
      voyage_id: r.voyage_id,
      index: r.voyage_severity_index.score,
      band: r.voyage_severity_index.band,
      weather_synthetic: true,
    });
  });

  it("routes round the passages the caller avoids (an extension to the specification)", async () => {
    const hongKong = { lat: 22.29, lon: 114.17, name: "Hong Kong" };
    const shanghai = { lat: 31.4, lon: 121.55, name: "Shanghai" };
    const direct = await scored(request(hongKong, shanghai));
    const body = request(hongKong, shanghai);
    const avoiding = await scored({
      ...body,
      voyage: { ...body.voyage, avoid_passages: ["taiwan"] },
    } as ReturnType<typeof request>);
    expect(direct.route_summary.passages).toContain("taiwan");
    expect(avoiding.route_summary.passages).not.toContain("taiwan");
    // East of Taiwan instead of through the strait: about 170 nm further.
    expect(avoiding.route_summary.distance_nm).toBeGreaterThan(
      direct.route_summary.distance_nm + 100,
    );
    const misspelt = await post({ ...body, voyage: { ...body.voyage, avoid_passages: ["suezz"] } });
    expect(misspelt.status).toBe(400);
    const error = ((await misspelt.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("validation_failed");
    expect(error.message).toMatch(/avoid_passages/);
    // Every way out of the Black Sea is the Bosporus.
    const blackSea = await post({
      vessel: cargo,
      voyage: {
        origin: { lat: 44.17, lon: 28.66, name: "Constanta" },
        destination: ROTTERDAM,
        departure_utc: testDeparture(2),
        avoid_passages: ["bosporus"],
      },
    });
    expect(blackSea.status).toBe(422);
    expect(((await blackSea.json()) as { error: { code: string } }).error.code).toBe(
      "no_sea_route",
    );
  });

  it("closes passages under bridges lower than the vessel's stated air draught (an extension)", async () => {
    const oakland = { lat: 37.8, lon: -122.33, name: "Oakland" };
    const losAngeles = { lat: 33.7, lon: -118.3, name: "Los Angeles" };
    const container = { type: "container_ship" };
    const under = await scored(request(losAngeles, oakland, {}, { ...container, air_draft_m: 60 }));
    expect(under.route_summary.passages).toContain("golden-gate");
    const tall = await post(request(losAngeles, oakland, {}, { ...container, air_draft_m: 70 }));
    expect(tall.status).toBe(422);
    const error = (
      (await tall.json()) as {
        error: { code: string; details: { closed_to_vessel: Array<{ passage: string }> } };
      }
    ).error;
    expect(error.code).toBe("no_route_within_limits");
    expect(error.details.closed_to_vessel.map((c) => c.passage)).toEqual(["golden-gate"]);
    const negative = await post(
      request(losAngeles, oakland, {}, { ...container, air_draft_m: -1 }),
    );
    expect(negative.status).toBe(400);
  });

  it("answers bad input with a code that says what is wrong", async () => {
    const cases: Array<[string, unknown, number, string, RegExp?]> = [
      ["malformed JSON", "{", 400, "malformed_json"],
      ["missing voyage", { vessel: cargo }, 400, "validation_failed", /voyage/],
      ["latitude 95", request({ lat: 95, lon: 0 }, NEW_YORK), 400, "validation_failed", /lat/],
      [
        "unknown vessel type",
        request(ROTTERDAM, NEW_YORK, {}, { type: "submarine" }),
        400,
        "validation_failed",
        /vessel\.type/,
      ],
      [
        "departure in two years",
        request(ROTTERDAM, NEW_YORK, {}, cargo, testDeparture(800)),
        400,
        "validation_failed",
        /departure_utc/,
      ],
      [
        "inland destination",
        request(ROTTERDAM, { lat: 40.42, lon: -3.7, name: "Madrid" }),
        422,
        "on_land",
        /destination/,
      ],
    ];
    for (const [name, body, status, code, message] of cases) {
      const res = await post(body, typeof body === "string" ? body : undefined);
      const json = (await res.json()) as {
        error: { code: string; message: string; request_id: string };
      };
      expect(res.status, name).toBe(status);
      expect(json.error.code, name).toBe(code);
      if (message) expect(json.error.message, name).toMatch(message);
      expect(json.error.request_id).toBe(res.headers.get("x-request-id"));
    }
  });

  it("scores a client's track without routing, flags land, keeps the client's times", async () => {
    const postTrack = (body: unknown) =>
      fetch(`${s.url}/api/v1/underwriting/route-score`, {
        method: "POST",
        headers: { "X-API-Key": s.devKey as string, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const sea = [
      NEW_YORK,
      { lat: 40.2, lon: -72.5 },
      { lat: 45, lon: -40 },
      { lat: 49.6, lon: -6.5 },
      { lat: 50.0, lon: -2.0 },
      { lat: 50.95, lon: 1.45 },
      ROTTERDAM,
    ];
    const byShip = await postTrack({
      vessel: cargo,
      track: { waypoints: sea },
      departure_utc: testDeparture(2),
    });
    expect(byShip.status).toBe(200);
    const r1 = routeScoreResponse.parse(await byShip.json());
    expect(r1.track).toMatchObject({ waypoints: 7, timing: "vessel speed", crosses_land: false });
    // The second leg cuts through the Nantucket Shoals area to be avoided: water, not land.
    expect(r1.track.closed_water_crossings).toEqual([
      expect.objectContaining({ leg: 1, id: "nantucket-shoals" }),
    ]);
    expect(r1.route_summary.leg_count).toBe(6);
    // The client's points are drawn as given (with points added along the legs between them).
    expect(r1.route_summary.geometry.coordinates).toContainEqual([-40, 45]);

    const t0 = Date.parse(testDeparture(2));
    const timed = sea.map((p, i) => ({ ...p, time_utc: new Date(t0 + i * 4 * DAY).toISOString() }));
    const byTimes = routeScoreResponse.parse(
      await (await postTrack({ vessel: cargo, track: { waypoints: timed } })).json(),
    );
    expect(byTimes.track.timing).toBe("waypoint times");
    expect(byTimes.route_summary.estimated_transit_h).toBeCloseTo(24 * 24, 1);

    const overLand = await postTrack({
      vessel: cargo,
      track: { waypoints: [ROTTERDAM, { lat: 48.86, lon: 2.35, name: "Paris" }] },
      departure_utc: testDeparture(2),
    });
    expect(overLand.status).toBe(200);
    const r3 = routeScoreResponse.parse(await overLand.json());
    expect(r3.track.crosses_land).toBe(true);
    expect(r3.track.land_crossings[0]?.leg).toBe(0);
    expect(r3.track.closed_water_crossings).toEqual([]);

    const tooLong = Array.from({ length: 501 }, (_, i) => ({ lat: 40, lon: -60 + i * 0.05 }));
    const refused = await postTrack({
      vessel: cargo,
      track: { waypoints: tooLong },
      departure_utc: testDeparture(2),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/500/);
    const mixed = await postTrack({ vessel: cargo, track: { waypoints: [timed[0], sea[1]] } });
    expect(mixed.status).toBe(400);
  });

  it("answers historical availability: winter North Atlantic less available than summer", async () => {
    const ask = (month: number, years?: object) =>
      fetch(`${s.url}/api/v1/underwriting/historical-availability`, {
        method: "POST",
        headers: { "X-API-Key": s.devKey as string, "Content-Type": "application/json" },
        body: JSON.stringify({
          vessel: { type: "cargo_small", max_wave_m: 4, max_wind_kts: 30 },
          voyage: { origin: ROTTERDAM, destination: NEW_YORK },
          month,
          ...(years ? { years } : {}),
        }),
      });
    const jan = historicalAvailabilityResponse.parse(await (await ask(1)).json());
    const jul = historicalAvailabilityResponse.parse(await (await ask(7)).json());
    expect(jan.baseline.by_year).toHaveLength(47);
    expect(jan.baseline.departures_simulated).toBe(47 * 31);
    expect(jan.baseline.availability as number).toBeLessThan(jul.baseline.availability as number);
    expect((jan.baseline.peak_hs_m?.p50 ?? 0) > (jul.baseline.peak_hs_m?.p50 ?? 0)).toBe(true);
    expect(jan.baseline.synthetic).toBe(true);
    const some = historicalAvailabilityResponse.parse(
      await (await ask(7, { from: 2000, to: 2004 })).json(),
    );
    expect(some.baseline.by_year.map((y) => y.year)).toEqual([2000, 2001, 2002, 2003, 2004]);
    expect((await ask(13)).status).toBe(400);
  });

  it("serves the OpenAPI document generated from the schemas", async () => {
    const res = await fetch(`${s.url}/docs/json`);
    expect(res.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: reading an arbitrary JSON document
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    const op = doc.paths["/api/v1/underwriting/voyage-risk"].post;
    expect(
      op.requestBody.content["application/json"].schema.properties.vessel.properties.type.enum,
    ).toContain("cargo_small");
    expect(
      op.requestBody.content["application/json"].examples.rotterdam_new_york.value.vessel.type,
    ).toBe("cargo_small");
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "422", "503"]),
    );
    expect((await fetch(`${s.url}/docs`)).status).toBe(200);
  });
});
