import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointInRing } from "../../tests/point-in-ring";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { testDeparture } from "../../tests/test-clock";
import { routeRiskResponse } from "../contracts/api/route-risk";
import type { Served } from "../serve";

/**
 * POST /api/v1/route-risk and GET /api/v1/route-risk/{route_id} on the embedded default: every
 * status of spec section 7.1 provoked through the public interface, the plans and scopes, the
 * insurance fields and their invariants, the ensemble's percentiles and cone.
 */
const KEYS = {
  perQuery: "vr_test_per_query_key_000000000000000000000",
  captain: "vr_test_captain_route_risk_0000000000000000",
  captainInsurance: "vr_test_captain_insurance_000000000000000",
  captainNoScope: "vr_test_captain_without_scope_00000000000",
};
let s: Served;
let degraded: Served;
let failing: Served;
const ROUTE_RISK_KEYS = [
  { key: KEYS.perQuery, plan: "per-query", scopes: ["underwriting"] },
  { key: KEYS.captain, plan: "captain", scopes: ["underwriting", "route-risk"] },
  {
    key: KEYS.captainInsurance,
    plan: "captain",
    scopes: ["underwriting", "route-risk", "insurance"],
  },
  { key: KEYS.captainNoScope, plan: "captain", scopes: ["underwriting"] },
];
beforeAll(async () => {
  [s, degraded, failing] = await Promise.all([
    serveWithKeys("route-risk-test", ROUTE_RISK_KEYS),
    // No forecast at all: the weather provider is degraded.
    serveWithKeys("route-risk-degraded", ROUTE_RISK_KEYS, {
      WEATHER_SYNTHETIC_CYCLES: "false",
      SCORING_THREADS: "0",
    }),
    // The routing engine fails with an unexpected error inside the scoring thread.
    serveWithKeys("route-risk-failing", ROUTE_RISK_KEYS, {
      FAILPOINTS: "scoring.engine-failure",
      SCORING_THREADS: "1",
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([s?.close(), degraded?.close(), failing?.close()]);
});

/** An answer's JSON: a route-risk response or an error body. */
type Body = Record<string, unknown> & {
  error: { code: string; message: string; request_id: string; details?: Record<string, unknown> };
};

const ROTTERDAM = { lat: 51.98, lon: 3.9, name: "Rotterdam" };
const NEW_YORK = { lat: 40.45, lon: -73.8, name: "New York" };
const body = (extra: Record<string, unknown> = {}) => ({
  origin: ROTTERDAM,
  destination: NEW_YORK,
  departure_time: testDeparture(2),
  vessel: { vessel_type: "container_ship" },
  ...extra,
});

async function call(
  server: Served,
  key: string | undefined,
  payload: unknown,
  raw?: string,
): Promise<{ status: number; json: Body; headers: Headers }> {
  const res = await fetch(`${server.url}/api/v1/route-risk`, {
    method: "POST",
    headers: {
      ...(key ? { "X-API-Key": key } : {}),
      "Content-Type": "application/json",
    },
    body: raw ?? JSON.stringify(payload),
  });
  return {
    status: res.status,
    json: (await res.json()) as Body,
    headers: res.headers,
  };
}

function expectError(
  r: { status: number; json: Body; headers: Headers },
  status: number,
  code: string,
) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(r.json.error.code).toBe(code);
  expect(typeof r.json.error.message).toBe("string");
  expect(r.json.error.request_id).toBe(r.headers.get("x-request-id"));
}

describe("route-risk statuses (spec 7.1)", { timeout: 300_000 }, () => {
  it("200: a scored route, with its rate-limit headers, kept for lookup", async () => {
    const r = await call(s, KEYS.captain, body());
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const out = routeRiskResponse.parse(r.json);
    expect(["low", "moderate", "caution", "high", "severe"]).toContain(out.risk_band);
    expect(out.ensemble).toBeNull();
    expect(out.segments.length).toBeGreaterThan(50);
    expect(out.alternatives.map((a) => a.objective).sort()).toEqual([
      "fastest",
      "fuel-efficient",
      "most-comfortable",
    ]);
    const weighted = Object.values(out.sub_scores).reduce((a, d) => a + d.score * d.weight, 0);
    expect(Math.abs(out.composite_risk_score - weighted)).toBeLessThanOrEqual(0.01);
    expect(out.weather_exposure_hours).toBeUndefined();
    expect(r.headers.get("x-ratelimit-limit")).toBe("100");
    expect(Number(r.headers.get("x-ratelimit-remaining"))).toBeLessThan(100);
    expect(Number(r.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);

    const lookup = (key: string) =>
      fetch(`${s.url}/api/v1/route-risk/${out.route_id}`, { headers: { "X-API-Key": key } });
    const got = await lookup(KEYS.captain);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(r.json);
    // Another key finds nothing: the answer is the asking key's.
    expect((await lookup(KEYS.captainInsurance)).status).toBe(404);
  });

  it("400: malformed JSON, a missing field, an out-of-range coordinate, an unknown objective", async () => {
    expectError(await call(s, KEYS.captain, null, "{not json"), 400, "malformed_json");
    const { departure_time: _d, ...missing } = body();
    const noDeparture = await call(s, KEYS.captain, missing);
    expectError(noDeparture, 400, "validation_failed");
    expect(noDeparture.json.error.message).toMatch(/departure_time/);
    const lat95 = await call(s, KEYS.captain, body({ origin: { lat: 95, lon: 3.9 } }));
    expectError(lat95, 400, "validation_failed");
    expect(lat95.json.error.message).toMatch(/origin\.lat/);
    expectError(
      await call(s, KEYS.captain, body({ objective: "scenic" })),
      400,
      "validation_failed",
    );
    const misspelt = await call(s, KEYS.captain, body({ avoid_passages: ["suezz"] }));
    expectError(misspelt, 400, "validation_failed");
    expect(misspelt.json.error.message).toMatch(/avoid_passages/);
  });

  it("400 in the same envelope for what the router refuses before any route runs", async () => {
    for (const [name, id, message] of [
      ["an over-long id", "a".repeat(101), /longer than 100 characters/],
      ["a malformed percent-encoding", "%E0%A4%A", /percent-encoding/],
    ] as const) {
      const res = await fetch(`${s.url}/api/v1/route-risk/${id}`, {
        headers: { "X-API-Key": KEYS.captain },
      });
      const json = (await res.json()) as {
        error: { code: string; message: string; request_id: string };
      };
      expect(res.status, name).toBe(400);
      expect(json.error.code, name).toBe("validation_failed");
      expect(json.error.message, name).toMatch(message);
      expect(json.error.request_id, name).toBe(res.headers.get("x-request-id"));
    }
  });

  it("401: a missing or an unknown key", async () => {
    expectError(await call(s, undefined, body()), 401, "missing_api_key");
    expectError(await call(s, `${KEYS.captain}x`, body()), 401, "invalid_api_key");
  });

  it("402: a per-query key (the underwriting interface only)", async () => {
    const r = await call(s, KEYS.perQuery, body());
    expectError(r, 402, "subscription_required");
    expect(r.json.error.details?.plan).toBe("per-query");
  });

  it("403: a key without the route-risk scope, and insurance fields without the insurance scope", async () => {
    expectError(await call(s, KEYS.captainNoScope, body()), 403, "forbidden");
    const r = await call(s, KEYS.captain, body({ insurance: { include_loss_probability: true } }));
    expectError(r, 403, "forbidden");
    expect(r.json.error.details?.scope).toBe("insurance");
  });

  it("404: an unknown route id, well-formed or not", async () => {
    for (const id of ["3f0c6a52-1d2b-4c1e-9a7d-0b9e8f6d5c4a", "no-such-route"]) {
      const res = await fetch(`${s.url}/api/v1/route-risk/${id}`, {
        headers: { "X-API-Key": KEYS.captain },
      });
      const json = (await res.json()) as Body;
      expectError({ status: res.status, json, headers: res.headers }, 404, "not_found");
    }
  });

  it("422: a destination on land, and no path within the vessel's limits", async () => {
    const paris = await call(s, KEYS.captain, body({ destination: { lat: 48.85, lon: 2.35 } }));
    expectError(paris, 422, "on_land");
    expect(paris.json.error.details?.which).toBe("destination");
    const tiny = await call(
      s,
      KEYS.captain,
      body({ vessel: { vessel_type: "sailing_monohull", max_wave_m: 0.05, max_wind_kts: 1 } }),
    );
    expectError(tiny, 422, "no_route_within_limits");
    // Out of the Black Sea without the Bosporus (avoid_passages, an extension).
    const blackSea = await call(
      s,
      KEYS.captain,
      body({ origin: { lat: 44.17, lon: 28.66 }, avoid_passages: ["bosporus"] }),
    );
    expectError(blackSea, 422, "no_sea_route");
  });

  it("avoids the passages asked: Rotterdam-New York north about Scotland without Dover", async () => {
    const channel = routeRiskResponse.parse((await call(s, KEYS.captain, body())).json);
    const r = await call(s, KEYS.captain, body({ avoid_passages: ["dover"] }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const north = routeRiskResponse.parse(r.json);
    expect(channel.route.passages).toContain("dover");
    expect(north.route.passages).not.toContain("dover");
    const g = north.route.geometry;
    const positions = g.type === "LineString" ? g.coordinates : g.coordinates.flat();
    expect(Math.max(...positions.map(([, lat]) => lat))).toBeGreaterThan(57);
    for (const alt of north.alternatives) expect(alt.passages).not.toContain("dover");
  });

  it("429: past the captain plan's burst of 100 a minute, with Retry-After", async () => {
    const key = KEYS.captainNoScope.replace("without_scope", "burst_limit_00");
    // A key of its own, so the other tests' requests do not count.
    const own = await serveWithKey(key);
    try {
      let last: Response | undefined;
      for (let i = 0; i < 101; i++) {
        last = await fetch(`${own.url}/api/v1/route-risk/00000000-0000-4000-8000-000000000000`, {
          headers: { "X-API-Key": key },
        });
        if (i < 100) expect(last.status).toBe(404);
      }
      const res = last as Response;
      const json = (await res.json()) as Body;
      expectError({ status: res.status, json, headers: res.headers }, 429, "rate_limited");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    } finally {
      await own.close();
    }
  });

  it("500: a routing engine failure, with nothing internal in the answer", async () => {
    const r = await call(failing, KEYS.captain, body());
    expectError(r, 500, "internal_error");
    expect(JSON.stringify(r.json)).not.toMatch(/failpoint|0x7f3a|internal detail|stack/);
    expect(r.json.error.details).toBeUndefined();
  });

  it("503: no usable forecast cycle, with Retry-After", async () => {
    const r = await call(degraded, KEYS.captain, body());
    expectError(r, 503, "weather_unavailable");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("route-risk answers", { timeout: 300_000 }, () => {
  it("insurance fields keep their invariants and appear only when asked for", async () => {
    const r = await call(
      s,
      KEYS.captainInsurance,
      body({
        vessel: { vessel_type: "cargo_small" },
        insurance: {
          include_exposure_hours: true,
          include_exceedance_counts: true,
          include_loss_probability: true,
          include_confidence_intervals: true,
          thresholds: { wind_kts: 20, wave_m: 2 },
        },
      }),
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const out = routeRiskResponse.parse(r.json);
    const w = out.weather_exposure_hours as NonNullable<typeof out.weather_exposure_hours>;
    for (const h of Object.values(w)) {
      expect(h).toBeGreaterThanOrEqual(0);
      expect(h).toBeLessThanOrEqual(out.route.transit_h + 0.01);
    }
    expect(w.wind_gt_35_kts).toBeLessThanOrEqual(w.wind_gt_25_kts);
    expect(w.wave_gt_4m).toBeLessThanOrEqual(w.wave_gt_3m);
    const e = out.exceedance_counts as NonNullable<typeof out.exceedance_counts>;
    expect(e.thresholds).toEqual({ wind_kts: 20, wave_m: 2 });
    expect(e.combined_breaches).toBeLessThanOrEqual(
      Math.min(e.wind_threshold_breaches, e.wave_threshold_breaches),
    );
    const l = out.loss_probability as NonNullable<typeof out.loss_probability>;
    expect(l.total_loss).toBeLessThanOrEqual(l.major_damage);
    expect(l.major_damage).toBeLessThanOrEqual(l.minor_damage);
    for (const [name, [lo, hi]] of Object.entries(l.intervals ?? {})) {
      const p = l[name as "total_loss"];
      expect(lo).toBeLessThanOrEqual(p);
      expect(hi).toBeGreaterThanOrEqual(p);
      expect(lo).toBeGreaterThanOrEqual(0);
      expect(hi).toBeLessThanOrEqual(1);
    }
    expect(l.methodology).toMatch(/not fitted|no incident corpus|not.*corpus/i);
    expect(l.sources.length).toBeGreaterThan(0);
  });

  it("with the ensemble: 31 members, P10 <= P50 <= P90 and a cone round the member routes", async () => {
    const r = await call(
      s,
      KEYS.captain,
      body({ ensemble: true, objective: "fastest", departure_time: testDeparture(1) }),
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const out = routeRiskResponse.parse(r.json);
    const ens = out.ensemble as NonNullable<typeof out.ensemble>;
    expect(ens.members).toBe(31);
    expect(ens.p10_eta_hours).toBeLessThanOrEqual(ens.p50_eta_hours);
    expect(ens.p50_eta_hours).toBeLessThanOrEqual(ens.p90_eta_hours);
    expect(ens.cone_share).toBeGreaterThanOrEqual(0.8);
    const ring = ens.cone_polygon.coordinates[0] as Array<[number, number]>;
    expect(ring[0]).toEqual(ring.at(-1));
    // Every member sails from the origin to the destination, so the cone holds both. (It need
    // not hold the control member's own route: on some days the control is the outlier that goes
    // round a storm. route-risk/route-risk.test.ts checks the cone against the member routes on
    // one fixed cycle.)
    for (const end of [ROTTERDAM, NEW_YORK]) expect(pointInRing(ring, end.lon, end.lat)).toBe(true);
  });

  it("answers the same for the same request and forecast, whichever key asks", async () => {
    const a = routeRiskResponse.parse((await call(s, KEYS.captain, body())).json);
    const b = routeRiskResponse.parse((await call(s, KEYS.captainInsurance, body())).json);
    const strip = (x: typeof a) => ({
      ...x,
      route_id: "",
      generated_at: "",
      metadata: { ...x.metadata, request_id: "" },
    });
    expect(strip(a)).toEqual(strip(b));
  });
});

function serveWithKey(key: string): Promise<Served> {
  return serveWithKeys("route-risk-burst", [{ key, plan: "captain", scopes: ["route-risk"] }], {
    SCORING_THREADS: "0",
  });
}
