import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import type { Served } from "../serve";

/**
 * Requests are validated by the schemas their routes declare, after the key check, and a
 * request that fails its schema is answered as the one error mapping answers any failed parse:
 * 400 validation_failed naming the field, with every issue.
 */
const KEY = "vr_test_route_schemas_key_000000000000000";
let s: Served;
beforeAll(async () => {
  s = await serveWithKeys(
    "route-schemas-test",
    [{ key: KEY, plan: "enterprise", scopes: ["underwriting", "route-risk", "admin"] }],
    // Nothing is scored here: no forecast is needed, so none is landed.
    { WEATHER_SYNTHETIC_CYCLES: "false" },
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

interface ErrorAnswer {
  status: number;
  error: { code: string; message: string; details?: { issues?: unknown } };
}

async function post(path: string, body?: string, key: string | null = KEY): Promise<ErrorAnswer> {
  const res = await fetch(`${s.url}${path}`, {
    method: "POST",
    headers: {
      ...(key ? { "X-API-Key": key } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body,
  });
  return { status: res.status, ...((await res.json()) as Omit<ErrorAnswer, "status">) };
}

describe("route schemas", () => {
  it("answer a field that fails its schema with 400 validation_failed, its path and every issue", async () => {
    const r = await post(
      "/api/v1/underwriting/voyage-risk",
      JSON.stringify({ vessel: { type: "submarine" }, voyage: { origin: { lat: 95, lon: 0 } } }),
    );
    expect(r.status).toBe(400);
    expect(r.error.code).toBe("validation_failed");
    expect(r.error.message).toMatch(/^vessel\.type: /);
    expect(r.error.details?.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "vessel.type" }),
        expect.objectContaining({ path: "voyage.origin.lat" }),
        expect.objectContaining({ path: "voyage.destination" }),
      ]),
    );
  });

  it("say whether the body was missing or null", async () => {
    const missing = await post("/api/v1/route-risk");
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe(
      "(body): Invalid input: expected object, received undefined",
    );
    const empty = await post("/api/v1/route-risk", "null");
    expect(empty.error.message).toBe("(body): Invalid input: expected object, received null");
  });

  it("run after the key check: no key is 401 whatever the body", async () => {
    const r = await post("/api/v1/underwriting/voyage-risk", "{}", null);
    expect(r.status).toBe(401);
    expect(r.error.code).toBe("missing_api_key");
  });

  it("validate the query string and path parameters too", async () => {
    const usage = await fetch(`${s.url}/api/v1/usage?month=2026-13`, {
      headers: { "X-API-Key": KEY },
    });
    expect(usage.status).toBe(400);
    expect(((await usage.json()) as ErrorAnswer).error.message).toMatch(/^month: /);
    const advisory = await fetch(`${s.url}/api/v1/admin/advisories/-bad`, {
      method: "DELETE",
      headers: { "X-API-Key": KEY },
    });
    expect(advisory.status).toBe(400);
    expect(((await advisory.json()) as ErrorAnswer).error).toMatchObject({
      code: "validation_failed",
      message: expect.stringMatching(/^id: /),
    });
  });
});
