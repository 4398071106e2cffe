import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedOpenApi } from "../../tests/openapi-document";
import { webhookSubscriptionCreated, webhookSubscriptionResponse } from "../contracts/api/webhooks";
import { ConfigError, loadConfig } from "../platform/config";
import { type Served, serve } from "../serve";

/**
 * Webhook subscriptions on the embedded default: register (the secret shown once), read, list,
 * delete; owned by the registering key; the destination checked at registration.
 */
const KEYS = {
  fleet: "vr_test_fleet_webhooks_key_0000000000000000",
  other: "vr_test_other_fleet_webhooks_key_00000000000",
  perQuery: "vr_test_per_query_webhooks_key_000000000000",
  noScope: "vr_test_fleet_without_webhooks_000000000000",
};
/** Port 9 (discard) on loopback: nothing is ever POSTed to it by these tests. */
const LOOPBACK_URL = "http://127.0.0.1:9/hook";

let dir: string;
/** WEBHOOK_ALLOWLIST=127.0.0.1/32, so a loopback receiver (as in development) may register. */
let s: Served;
/** No allowlist: the production default. */
let strict: Served;

const start = (env: Record<string, string>) =>
  serve(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "silent",
      API_KEYS_FILE: join(dir, "keys.json"),
      WEATHER_DIR: join(dir, "weather"),
      // Webhooks need no forecast: skip landing one, so the servers start quickly.
      WEATHER_SYNTHETIC_CYCLES: "false",
      ...env,
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "webhooks-test-"));
  writeFileSync(
    join(dir, "keys.json"),
    JSON.stringify([
      { key: KEYS.fleet, plan: "fleet", scopes: ["webhooks"] },
      { key: KEYS.other, plan: "fleet", scopes: ["webhooks", "monitoring"] },
      { key: KEYS.perQuery, plan: "per-query", scopes: ["underwriting", "webhooks"] },
      { key: KEYS.noScope, plan: "fleet", scopes: ["route-risk", "monitoring"] },
    ]),
  );
  [s, strict] = await Promise.all([start({ WEBHOOK_ALLOWLIST: "127.0.0.1/32" }), start({})]);
}, 120_000);
afterAll(async () => {
  await Promise.all([s?.close(), strict?.close()]);
});

const call = async (
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
  server: Served = s,
) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(key ? { "X-API-Key": key } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: (text === "" ? null : JSON.parse(text)) as Record<string, unknown>,
  };
};

const registration = {
  url: LOOPBACK_URL,
  events: ["voyage.risk_threshold_crossed", "voyage.completed"],
  fleet_id: "north-sea",
};

describe("webhook subscriptions API", { timeout: 60_000 }, () => {
  it("registers a webhook (201, the secret shown once), reads and lists it without the secret", async () => {
    const created = await call("POST", "/api/v1/webhooks", KEYS.fleet, registration);
    expect(created.status, created.text).toBe(201);
    const body = webhookSubscriptionCreated.strict().parse(created.json);
    expect(body).toEqual({
      id: expect.stringMatching(/^wh_[A-Za-z0-9_-]{22}$/),
      url: LOOPBACK_URL,
      events: ["voyage.risk_threshold_crossed", "voyage.completed"],
      fleet_id: "north-sea",
      status: "active",
      disabled_reason: null,
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    expect(created.headers.get("location")).toBe(`/api/v1/webhooks/${body.id}`);
    expect(created.headers.get("cache-control")).toBe("no-store");

    const got = await call("GET", `/api/v1/webhooks/${body.id}`, KEYS.fleet);
    expect(got.status).toBe(200);
    const { secret, ...withoutSecret } = body;
    expect(webhookSubscriptionResponse.strict().parse(got.json)).toEqual(withoutSecret);

    const listed = await call("GET", "/api/v1/webhooks", KEYS.fleet);
    expect(listed.status).toBe(200);
    expect(listed.json.webhooks).toContainEqual(withoutSecret);
    for (const shown of [got.text, listed.text]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain("whsec_");
    }

    // A second registration gets its own id and secret.
    const again = await call("POST", "/api/v1/webhooks", KEYS.fleet, registration);
    expect(again.status).toBe(201);
    expect(again.json.id).not.toBe(body.id);
    expect(again.json.secret).not.toBe(secret);
  });

  it("keeps each key's webhooks to itself: another key gets 404 and an empty list", async () => {
    const created = await call("POST", "/api/v1/webhooks", KEYS.fleet, {
      url: LOOPBACK_URL,
      events: ["ensemble.ready"],
    });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    expect(created.json.fleet_id).toBeNull();

    const foreign = await call("GET", `/api/v1/webhooks/${id}`, KEYS.other);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ error: { code: "not_found" } });
    expect((await call("DELETE", `/api/v1/webhooks/${id}`, KEYS.other)).status).toBe(404);
    expect((await call("GET", "/api/v1/webhooks", KEYS.other)).json).toEqual({ webhooks: [] });
    // The failed delete by the other key changed nothing.
    expect((await call("GET", `/api/v1/webhooks/${id}`, KEYS.fleet)).status).toBe(200);
  });

  it("deletes a webhook: 204 with no body, then 404 for GET and DELETE, gone from the list", async () => {
    const created = await call("POST", "/api/v1/webhooks", KEYS.fleet, registration);
    const id = String(created.json.id);
    const deleted = await call("DELETE", `/api/v1/webhooks/${id}`, KEYS.fleet);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await call("GET", `/api/v1/webhooks/${id}`, KEYS.fleet)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/webhooks/${id}`, KEYS.fleet)).status).toBe(404);
    const listed = (await call("GET", "/api/v1/webhooks", KEYS.fleet)).json.webhooks as {
      id: string;
    }[];
    expect(listed.map((w) => w.id)).not.toContain(id);
    const unknown = await call("GET", "/api/v1/webhooks/wh_AAAAAAAAAAAAAAAAAAAAAA", KEYS.fleet);
    expect(unknown.status).toBe(404);
  });

  it("answers 400 validation_failed for unknown, empty or repeated event kinds and a bad URL", async () => {
    const before = (await call("GET", "/api/v1/webhooks", KEYS.other)).json;
    const bad: Array<[string, unknown, RegExp]> = [
      ["unknown kind", { ...registration, events: ["voyage.sunk"] }, /^events/],
      ["empty list", { ...registration, events: [] }, /^events/],
      [
        "repeated kind",
        { ...registration, events: ["ensemble.ready", "ensemble.ready"] },
        /^events/,
      ],
      ["not a URL", { ...registration, url: "not a url" }, /^url/],
      ["ftp URL", { ...registration, url: "ftp://127.0.0.1/hook" }, /^url/],
      ["no URL", { events: ["ensemble.ready"] }, /^url/],
      ["bad fleet", { ...registration, fleet_id: "north sea!" }, /^fleet_id/],
      ["unknown field", { ...registration, secret: "whsec_mine" }, /\(body\)|secret/],
    ];
    for (const [what, body, message] of bad) {
      const res = await call("POST", "/api/v1/webhooks", KEYS.other, body);
      expect(res.status, what).toBe(400);
      expect(res.json, what).toMatchObject({ error: { code: "validation_failed" } });
      expect((res.json.error as { message: string }).message, what).toMatch(message);
    }
    expect((await call("POST", "/api/v1/webhooks", KEYS.other, "{")).status).toBe(400);
    // Nothing was registered by any of them.
    expect((await call("GET", "/api/v1/webhooks", KEYS.other)).json).toEqual(before);
  });

  it("refuses a destination the platform will not POST to: 422 destination_refused with the reason", async () => {
    const loopback = await call("POST", "/api/v1/webhooks", KEYS.fleet, registration, strict);
    expect(loopback.status, loopback.text).toBe(422);
    expect(loopback.json).toMatchObject({
      error: {
        code: "destination_refused",
        message: expect.stringContaining("loopback"),
        details: { reason: expect.stringContaining("127.0.0.1") },
      },
    });
    const metadata = await call(
      "POST",
      "/api/v1/webhooks",
      KEYS.fleet,
      { ...registration, url: "http://169.254.169.254/latest/meta-data" },
      strict,
    );
    expect(metadata.status).toBe(422);
    expect(metadata.json).toMatchObject({
      error: { message: expect.stringContaining("link-local") },
    });
    // Even where loopback is allow-listed, credentials in the URL are refused.
    const credentials = await call("POST", "/api/v1/webhooks", KEYS.fleet, {
      ...registration,
      url: "http://user:pw@127.0.0.1:9/hook",
    });
    expect(credentials.status).toBe(422);
    expect(credentials.json).toMatchObject({
      error: {
        code: "destination_refused",
        details: { reason: expect.stringContaining("credentials") },
      },
    });
    // Nothing was registered on the strict server.
    expect((await call("GET", "/api/v1/webhooks", KEYS.fleet, undefined, strict)).json).toEqual({
      webhooks: [],
    });
  });

  it("answers 400 port_not_allowed for a port other than 80, 443, 8080 and 8443, unless allow-listed", async () => {
    // IP literals: nothing is resolved, and nothing is ever POSTed by these tests.
    for (const url of ["https://93.184.215.14:22/hook", "http://93.184.215.14:6379/hook"]) {
      const res = await call(
        "POST",
        "/api/v1/webhooks",
        KEYS.other,
        { ...registration, url },
        strict,
      );
      expect(res.status, url).toBe(400);
      expect(res.json, url).toMatchObject({
        error: {
          code: "validation_failed",
          message: expect.stringMatching(
            /^url: port \d+ is not allowed \(80, 443, 8080 or 8443\)$/,
          ),
          details: { reason: "port_not_allowed", allowed_ports: [80, 443, 8080, 8443] },
        },
      });
    }
    expect((await call("GET", "/api/v1/webhooks", KEYS.other, undefined, strict)).json).toEqual({
      webhooks: [],
    });
    const alt = await call(
      "POST",
      "/api/v1/webhooks",
      KEYS.other,
      { ...registration, url: "https://93.184.215.14:8443/hook" },
      strict,
    );
    expect(alt.status, alt.text).toBe(201);
    // Where loopback is allow-listed (development, these tests' receivers), any port: LOOPBACK_URL
    // is on port 9.
    expect((await call("POST", "/api/v1/webhooks", KEYS.other, registration)).status).toBe(201);
  });

  it("answers 401 without a key, 402 for a per-query key, 403 without the webhooks scope", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/webhooks"],
      ["GET", "/api/v1/webhooks"],
      ["GET", "/api/v1/webhooks/wh_AAAAAAAAAAAAAAAAAAAAAA"],
      ["DELETE", "/api/v1/webhooks/wh_AAAAAAAAAAAAAAAAAAAAAA"],
    ] as const) {
      const body = method === "POST" ? registration : undefined;
      const what = `${method} ${path}`;
      expect((await call(method, path, undefined, body)).status, what).toBe(401);
      const perQuery = await call(method, path, KEYS.perQuery, body);
      expect(perQuery.status, what).toBe(402);
      expect(perQuery.json, what).toMatchObject({ error: { code: "subscription_required" } });
      const noScope = await call(method, path, KEYS.noScope, body);
      expect(noScope.status, what).toBe(403);
      expect(noScope.json, what).toMatchObject({
        error: { code: "forbidden", details: { scope: "webhooks" } },
      });
    }
  });
});

describe("WEBHOOK_ALLOWLIST", () => {
  it("is empty by default and parsed into normalised entries", () => {
    expect(loadConfig({}).WEBHOOK_ALLOWLIST).toEqual([]);
    expect(
      loadConfig({ WEBHOOK_ALLOWLIST: " Hooks.Internal. ,10.0.0.0/8, ::1" }).WEBHOOK_ALLOWLIST,
    ).toEqual(["hooks.internal", "10.0.0.0/8", "::1"]);
  });

  it("fails start-up naming the variable and the bad entry", () => {
    const failure = (() => {
      try {
        loadConfig({ WEBHOOK_ALLOWLIST: "127.0.0.1/32,10.0.0.0/33" });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).issues).toEqual([
      expect.stringMatching(/^WEBHOOK_ALLOWLIST: .*"10\.0\.0\.0\/33"/),
    ]);
  });
});

describe("OpenAPI document", () => {
  it("documents the webhook endpoints with the statuses they answer", async () => {
    const doc = await servedOpenApi(s.url);
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses("/api/v1/webhooks", "post")).toEqual(
      ["201", "400", "401", "402", "403", "422", "429", "503"].sort(),
    );
    expect(statuses("/api/v1/webhooks", "get")).toContain("200");
    expect(statuses("/api/v1/webhooks/{id}", "get")).toEqual(["200", "401", "404"]);
    expect(statuses("/api/v1/webhooks/{id}", "delete")).toEqual(["204", "401", "404"]);
  });
});
