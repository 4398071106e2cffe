import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_CYCLE_MS, writeCycleParts } from "../../tests/fixtures/grib/load";
import { waitFor } from "../../tests/helpers";
import { testClock } from "../../tests/test-clock";
import { routeRiskResponse } from "../contracts/api/route-risk";
import { voyageRiskResponse } from "../contracts/api/underwriting";
import { MonitoredProjection } from "../monitoring/projection";
import { loadConfig } from "../platform/config";
import { TOPIC } from "../platform/events/topics";
import { type Served, serve } from "../serve";
import { cycleLandedEvent } from "../weather/cycle-events";
import { landedFields } from "../weather/ingest";

/**
 * Real forecast cycles that lack a condition, through the embedded server: a GEFS cycle of wind
 * and no waves (as GEFS's atmospheric files are) is refused with 503 weather_incomplete while no
 * other source has waves, never scored on a flat sea; once a GFS-Wave cycle has landed, the
 * waves come from it and every scoring interface says so in metadata.condition_sources; and a
 * monitored voyage whose wave source has gone is not re-scored, with the reason logged.
 */
const ADMIN = "vr_test_admin_incomplete_key_0000000000000";
const USER = "vr_test_user_incomplete_key_00000000000000";
/** Five hours into the fixture cycle (2024-01-15 00 UTC): both of its models are current. */
const NOW = FIXTURE_CYCLE_MS + 5 * 3_600_000;
const GEFS = "gefs cycle 2024-01-15T00:00:00.000Z (3 members)";
const GFS_WAVE = "gfs-wave cycle 2024-01-15T00:00:00.000Z (1 members)";

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString("utf8");
    done();
  }
  lines(): Array<Record<string, unknown>> {
    return this.text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

const log = new Capture();
let s: Served;
let weatherDir: string;
let windOnly: string[];
let wavesOnly: string[];
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "weather-incomplete-"));
  weatherDir = join(dir, "weather");
  const inbox = join(weatherDir, "inbox");
  mkdirSync(inbox, { recursive: true });
  // GEFS members 0-2 with 10 m wind only; GFS-Wave's one member with Hs only.
  windOnly = writeCycleParts(dir, (f) => f.discipline === 0, "gefs-wind");
  wavesOnly = writeCycleParts(
    dir,
    (f) => f.discipline === 10 && f.product.ensemble?.perturbationNumber === 0,
    "gfs-wave",
  );
  for (const f of [...windOnly, ...wavesOnly]) copyFileSync(f, join(inbox, basename(f)));
  const keysFile = join(dir, "keys.json");
  writeFileSync(
    keysFile,
    JSON.stringify([
      { key: ADMIN, plan: "enterprise", scopes: ["admin"] },
      { key: USER, plan: "enterprise", scopes: ["underwriting", "route-risk", "monitoring"] },
    ]),
  );
  s = await serve(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "warn",
      SCORING_THREADS: "1",
      API_KEYS_FILE: keysFile,
      WEATHER_DIR: weatherDir,
      WEATHER_SYNTHETIC_CYCLES: "false",
    }),
    { now: testClock(NOW), logDestination: log },
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
});

/** An answer's JSON: a response or an error body. */
type Body = Record<string, unknown> & {
  error: { code: string; message: string; details?: Record<string, unknown> };
};

async function post(path: string, key: string, body: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method: "POST",
    headers: { "X-API-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Body };
}

const ingest = (model: string, files: string[]) =>
  post("/api/v1/admin/weather-cycles", ADMIN, { model, files: files.map((f) => basename(f)) });

// Mid North Atlantic, inside the fixture's grid (30N-50N, 60W-20W), an hour after NOW.
const voyage = {
  vessel: { type: "cargo_small" },
  voyage: {
    origin: { lat: 42, lon: -50 },
    destination: { lat: 38, lon: -32 },
    departure_utc: new Date(NOW + 3_600_000).toISOString(),
  },
};
// The fastest route: the fixture's grid is regional, and outside a regional grid a condition
// still reads 0 (docs/weather.md, "Missing conditions"), so a safest route would leave the grid
// at 50 N for the calm it reads there. Every model the feeds fetch is global.
const routeRisk = {
  objective: "fastest",
  origin: voyage.voyage.origin,
  destination: voyage.voyage.destination,
  departure_time: voyage.voyage.departure_utc,
  vessel: { vessel_type: "cargo_small" },
};

describe("a forecast cycle without waves", { timeout: 300_000 }, () => {
  it("is refused with 503 weather_incomplete while no source has waves", async () => {
    const landed = await ingest("gefs", windOnly);
    expect(landed.status, JSON.stringify(landed.json)).toBe(201);
    expect(landed.json.parameters).toEqual(["UGRD", "VGRD"]);

    const scored = await post("/api/v1/underwriting/voyage-risk", USER, voyage);
    expect(scored.status, JSON.stringify(scored.json)).toBe(503);
    expect(scored.headers.get("retry-after")).toBe("300");
    expect(scored.json.error).toMatchObject({
      code: "weather_incomplete",
      message: expect.stringContaining("hs_m"),
      details: {
        model: "gefs",
        cycle_utc: "2024-01-15T00:00:00.000Z",
        missing: ["hs_m"],
        fallback_models: ["gfs-wave", "gfs", "ecmwf-ens"],
      },
    });
    const routed = await post("/api/v1/route-risk", USER, routeRisk);
    expect(routed.status, JSON.stringify(routed.json)).toBe(503);
    expect(routed.json.error.code).toBe("weather_incomplete");
    const monitored = await post("/api/v1/monitored-voyages", USER, voyage);
    expect(monitored.status, JSON.stringify(monitored.json)).toBe(503);
    expect(monitored.json.error.code).toBe("weather_incomplete");
  });

  it("takes the waves from GFS-Wave's cycle and names the source of every condition", async () => {
    const landed = await ingest("gfs-wave", wavesOnly);
    expect(landed.status, JSON.stringify(landed.json)).toBe(201);
    expect(landed.json).toMatchObject({ members: 1, parameters: ["HTSGW"] });

    const scored = await post("/api/v1/underwriting/voyage-risk", USER, voyage);
    expect(scored.status, JSON.stringify(scored.json)).toBe(200);
    const r = voyageRiskResponse.parse(scored.json);
    expect(r.metadata.weather_source).toBe(GEFS);
    const [sources] = r.metadata.condition_sources;
    expect(sources?.ensemble).toBe(GEFS);
    expect(sources?.missing).toEqual(
      expect.arrayContaining(["hs_m", "wave_period_s", "swell_hs_m", "current_kts"]),
    );
    expect(sources?.missing).not.toContain("wind_kts");
    expect(sources?.served_by).toMatchObject({
      hs_m: GFS_WAVE,
      wind_kts: GEFS,
      wind_dir_deg: GEFS,
    });
    // What neither cycle has comes from the climatology, labelled synthetic.
    for (const c of ["wave_period_s", "swell_hs_m", "current_kts"] as const) {
      expect(sources?.served_by[c]).toMatch(/^climatology.*synthetic/);
    }
    // The fixture's Hs is 1.5 m and more everywhere: a flat sea would read 0.
    expect(r.physical_conditions.avg_hs_m).toBeGreaterThanOrEqual(1.5);
    expect(r.physical_conditions.peak_wind_kts).toBeGreaterThan(0);

    const routed = await post("/api/v1/route-risk", USER, routeRisk);
    expect(routed.status, JSON.stringify(routed.json)).toBe(200);
    const rr = routeRiskResponse.parse(routed.json);
    expect(rr.metadata.condition_sources[0]?.served_by.hs_m).toBe(GFS_WAVE);
    expect(rr.segments.every((seg) => seg.conditions.hs_m >= 1.5)).toBe(true);
  });

  it("does not re-score a monitored voyage on a flat sea once its wave source is gone", async () => {
    const registered = await post("/api/v1/monitored-voyages", USER, voyage);
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const id = registered.json.id as string;
    const projection = new MonitoredProjection(s.platform.state);
    expect((await projection.history(id))?.scores).toHaveLength(1);

    // The GFS-Wave cycle leaves the store; GEFS's cycle lands again: every active voyage is
    // re-scored against it, and this one cannot be.
    rmSync(join(weatherDir, "gfs-wave"), { recursive: true });
    const manifest = (await s.weather.store.manifests()).find((m) => m.model === "gefs");
    if (!manifest) throw new Error("the gefs cycle is not in the store");
    await s.platform.bus.publish(TOPIC.weatherCycles, [
      cycleLandedEvent(landedFields(manifest), s.now()),
    ]);
    const skipped = () =>
      log.lines().find((l) => l.msg === "voyage not re-scored" && l.voyageId === id);
    await waitFor(
      "the re-score skipped",
      () => skipped() !== undefined,
      120_000,
      () => log.lines().map((l) => l.msg),
    );
    expect(skipped()).toMatchObject({
      model: "gefs",
      cycleMs: FIXTURE_CYCLE_MS,
      code: "weather_incomplete",
      reason: expect.stringContaining("flat sea"),
    });
    expect((await projection.history(id))?.scores).toHaveLength(1);
  });
});
