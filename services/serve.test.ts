import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { healthResponse } from "./contracts/api/health";
import { loadConfig } from "./platform/config";
import { banner, type Served, serve } from "./serve";

const started: Served[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function start(env: Record<string, string> = {}): Promise<Served> {
  const served = await serve(loadConfig({ PORT: "0", LOG_LEVEL: "silent", ...env }));
  started.push(served);
  return served;
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers
const json = (res: Response): Promise<any> => res.json();

function keysFile(entries: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "vr-keys-")), "keys.json");
  writeFileSync(path, JSON.stringify(entries));
  return path;
}

describe("embedded default (npm start)", () => {
  it("answers health with 200 and the state of each dependency", async () => {
    const s = await start();
    const res = await fetch(`${s.url}/api/v1/underwriting/health`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe("ok");
    expect(body.mode).toBe("embedded");
    expect(body.api_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.dependencies.bus.map((d: { adapter: string }) => d.adapter)).toEqual([
      "memory",
      "memory",
    ]);
    expect(body.dependencies.analytics).toMatchObject({ adapter: "embedded", status: "up" });
    expect(body.dependencies.limiter).toMatchObject({ adapter: "memory", status: "up" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    // The synthetic cycle due by the clock landed at start-up.
    const [synthetic, ...others] = body.weather_models;
    expect(others).toEqual([]);
    expect(synthetic).toMatchObject({ model: "synthetic", synthetic: true, stale: false });
    expect(synthetic.age_h).toBeGreaterThanOrEqual(0);
    expect(synthetic.age_h).toBeLessThan(6);
    // No feed runs unless configured (the embedded default has no internet), and health says so.
    expect(body.weather_feeds).toMatchObject({
      runs_in: "this process",
      configured: [],
      feeds: [],
    });
    expect(body.weather_feeds.note).toMatch(/^no weather feed runs: none is configured/);
    expect(() => healthResponse.parse(body)).not.toThrow();
  });

  it("is degraded (503) when no weather cycle is usable", async () => {
    const s = await start({ WEATHER_SYNTHETIC_CYCLES: "false" });
    const res = await fetch(`${s.url}/api/v1/underwriting/health`);
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body).toMatchObject({ status: "degraded", weather_models: [] });
  });

  it("lands the next synthetic cycle for an admin key, and refuses a key without the scope", async () => {
    const adminKey = "admin-key-0123456789abcdef";
    const plainKey = "plain-key-0123456789abcdef";
    const s = await start({
      API_KEYS_FILE: keysFile([
        { key: adminKey, plan: "enterprise", scopes: ["admin"] },
        { key: plainKey, plan: "enterprise", scopes: [] },
      ]),
    });
    const post = (key: string, body: unknown) =>
      fetch(`${s.url}/api/v1/admin/weather-cycles`, {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const before = s.weather.registry.latest("synthetic")?.cycleMs as number;
    const asked = Date.now();
    const res = await post(adminKey, { model: "synthetic" });
    expect(res.status).toBe(201);
    const landed = await json(res);
    expect(landed).toMatchObject({ model: "synthetic", members: 31, synthetic: true });
    // Initialised now, not in model time ahead of the clock: current at once, never a negative age.
    const cycle = Date.parse(landed.cycle_utc);
    expect(cycle).toBeGreaterThan(before);
    expect(cycle).toBeLessThanOrEqual(Date.now());
    expect(cycle).toBeGreaterThanOrEqual(Math.floor(asked / 1000) * 1000);
    const health = await json(await fetch(`${s.url}/api/v1/underwriting/health`));
    expect(health.weather_models[0].cycles_loaded).toBe(2);
    expect(health.weather_models[0].latest_cycle_utc).toBe(landed.cycle_utc);
    expect(health.weather_models[0].age_h).toBeGreaterThanOrEqual(0);

    const forbidden = await post(plainKey, { model: "synthetic" });
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).error.code).toBe("forbidden");
    const bad = await post(adminKey, { model: "gefs" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe("validation_failed");
  });

  it("ingests GRIB2 files from the inbox for an admin key, and refuses paths outside it", async () => {
    const adminKey = "admin-key-0123456789abcdef";
    const weatherDir = mkdtempSync(join(tmpdir(), "vr-wx-"));
    mkdirSync(join(weatherDir, "inbox"));
    const fixtures = join(import.meta.dirname, "../tests/fixtures/grib/cycle");
    for (const part of ["a", "b"]) {
      copyFileSync(
        join(fixtures, `complete/gefs-2024011500-${part}.grib2`),
        join(weatherDir, "inbox", `${part}.grib2`),
      );
    }
    copyFileSync(
      join(fixtures, "incomplete/gefs-2024011500-b.grib2"),
      join(weatherDir, "inbox", "b-broken.grib2"),
    );
    const s = await start({
      WEATHER_DIR: weatherDir,
      API_KEYS_FILE: keysFile([{ key: adminKey, plan: "enterprise", scopes: ["admin"] }]),
    });
    const post = (body: unknown) =>
      fetch(`${s.url}/api/v1/admin/weather-cycles`, {
        method: "POST",
        headers: { "X-API-Key": adminKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const broken = await post({ model: "gefs", files: ["a.grib2", "b-broken.grib2"] });
    expect(broken.status).toBe(422);
    expect((await json(broken)).error).toMatchObject({
      code: "ingest_failed",
      details: { ingest_code: "ingest_incomplete_cycle" },
    });
    const outside = await post({ model: "gefs", files: ["../../etc/passwd"] });
    expect(outside.status).toBe(400);

    const ok = await post({ model: "gefs", files: ["a.grib2", "b.grib2"] });
    expect(ok.status).toBe(201);
    expect(await json(ok)).toMatchObject({
      model: "gefs",
      cycle_utc: "2024-01-15T00:00:00.000Z",
      members: 3,
      parameters: ["HTSGW", "UGRD", "VGRD"],
    });
    const health = await json(await fetch(`${s.url}/api/v1/underwriting/health`));
    expect(health.weather_models.map((m: { model: string }) => m.model)).toEqual([
      "gefs",
      "synthetic",
    ]);
    // A process started later finds the stored cycle without the event.
    const later = await start({ WEATHER_DIR: weatherDir, WEATHER_SYNTHETIC_CYCLES: "false" });
    expect(later.weather.registry.latest("gefs")?.members).toBe(3);
  });

  it("prints a dev key and curl commands that work as printed", async () => {
    const s = await start();
    const text = banner(s);
    expect(s.devKey).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
    const curls = [
      ...text.matchAll(
        /curl -s (?:-H 'X-API-Key: (\S+)' )?(?:-H 'Content-Type: application\/json' )?(\S+)(?: -d '([^']+)')?/g,
      ),
    ];
    expect(curls.length).toBe(3);
    for (const [, key, url, body] of curls) {
      const res = await fetch(url as string, {
        method: body ? "POST" : "GET",
        headers: {
          ...(key ? { "X-API-Key": key } : {}),
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body,
      });
      expect(res.status, `${url} ${body ?? ""}`).toBe(200);
    }
    // The voyage it scores leaves the day after the server's clock reads, at 06 UTC.
    const scored = curls.find(([, , url]) => url?.endsWith("/voyage-risk"));
    const departure = JSON.parse(scored?.[3] ?? "{}").voyage.departure_utc as string;
    expect(departure).toBe(
      `${new Date(s.now() + 86_400_000).toISOString().slice(0, 10)}T06:00:00.000Z`,
    );
  });

  it("rejects a missing or wrong key with 401 and the error body", async () => {
    const s = await start();
    const missing = await fetch(`${s.url}/api/v1/whoami`);
    expect(missing.status).toBe(401);
    const body = await json(missing);
    expect(body.error.code).toBe("missing_api_key");
    expect(body.error.request_id).toBe(missing.headers.get("x-request-id"));
    const wrong = await fetch(`${s.url}/api/v1/whoami`, {
      headers: { "X-API-Key": `${s.devKey}x` },
    });
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error.code).toBe("invalid_api_key");
  });

  it("carries rate-limit headers on authenticated answers", async () => {
    const s = await start();
    const res = await fetch(`${s.url}/api/v1/whoami`, {
      headers: { "X-API-Key": s.devKey as string },
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("6000");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("5999");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  it("with API_KEYS_FILE, exactly those keys exist and no dev key is made", async () => {
    const key = "file-key-0123456789abcdef";
    const s = await start({
      API_KEYS_FILE: keysFile([{ key, plan: "captain", scopes: ["insurance"] }]),
    });
    expect(s.devKey).toBeUndefined();
    const ok = await fetch(`${s.url}/api/v1/whoami`, { headers: { "X-API-Key": key } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ plan: "captain", scopes: ["insurance"] });
    expect(banner(s)).not.toContain(key);
  });

  it("answers 503 when the deployment has no key configured", async () => {
    const s = await start({ API_KEYS_FILE: keysFile([]) });
    const res = await fetch(`${s.url}/api/v1/whoami`, {
      headers: { "X-API-Key": "anything-at-all-here" },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect((await json(res)).error.code).toBe("no_keys_configured");
  });

  it("refuses a malformed keys file, naming the file and the entry", async () => {
    const path = keysFile([{ key: "short", plan: "gold" }]);
    await expect(start({ API_KEYS_FILE: path })).rejects.toThrow(
      /API_KEYS_FILE .*keys\.json: \[0\.key\].*\[0\.plan\]/,
    );
  });

  it("answers unknown routes with 404 in the error shape", async () => {
    const s = await start();
    const res = await fetch(`${s.url}/api/v1/nope`);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe("not_found");
  });
});

describe("config", () => {
  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT:/);
    expect(() => loadConfig({ VOYAGE_RISK_MODE: "cloud" })).toThrow(/VOYAGE_RISK_MODE:/);
    expect(() => loadConfig({ REDIS_URL: "http://x" })).toThrow(
      /REDIS_URL: must start with redis:\/\//,
    );
  });

  it("defaults to the embedded mode on port 8080 with a dev key", () => {
    const c = loadConfig({});
    expect(c.VOYAGE_RISK_MODE).toBe("embedded");
    expect(c.PORT).toBe(8080);
    expect(c.KAFKA_BROKERS).toEqual(["127.0.0.1:9092"]);
  });
});
