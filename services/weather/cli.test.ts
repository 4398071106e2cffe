import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { writeCycleParts } from "../../tests/fixtures/grib/load";

const cli = resolve(import.meta.dirname, "../../bin/voyage-risk.js");
const FIXTURES = resolve(import.meta.dirname, "../../tests/fixtures/grib/cycle");

function run(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, "weather", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, VOYAGE_RISK_MODE: "embedded", LOG_LEVEL: "silent", ...env },
  });
  return { status: r.status, out: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

describe("voyage-risk weather", { timeout: 120_000 }, () => {
  it("ingests a cycle, lists it, and samples it at a grid point", () => {
    const env = { WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-wx-cli-")) };
    const files = ["a", "b"].map((p) => join(FIXTURES, `complete/gefs-2024011500-${p}.grib2`));
    const ingested = run(env, "ingest", "--model", "gefs", ...files);
    expect(ingested.status, ingested.stderr).toBe(0);
    expect(ingested.out.landed).toMatchObject({
      topic: "weather.cycles",
      model: "gefs",
      members: 3,
      synthetic: false,
    });

    const listed = run(env, "cycles");
    expect(listed.out.stored_cycles).toEqual([
      expect.objectContaining({ model: "gefs", cycle_utc: "2024-01-15T00:00:00.000Z", members: 3 }),
    ]);

    const series = run(
      env,
      ...["sample", "--model", "gefs", "--member", "1", "--lat", "40", "--lon", "-40"],
      ...["--from", "2024-01-15T00:00:00Z", "--to", "2024-01-15T12:00:00Z", "--every-h", "6"],
    );
    expect(series.status, series.stderr).toBe(0);
    expect(series.out).toMatchObject({
      model: "gefs",
      cycle_utc: "2024-01-15T00:00:00.000Z",
      member: 1,
    });
    expect(series.out.conditions.map((c: { time_utc: string }) => c.time_utc)).toEqual([
      "2024-01-15T00:00:00.000Z",
      "2024-01-15T06:00:00.000Z",
      "2024-01-15T12:00:00.000Z",
    ]);
    expect(series.out.missing).not.toContain("hs_m");
    expect(series.out.missing).not.toContain("wind_kts");
    for (const c of series.out.conditions) {
      expect(c.hs_m).toBeGreaterThan(0);
      expect(c.wind_kts).toBeGreaterThan(0);
      expect(c.wind_dir_deg).toBeGreaterThanOrEqual(0);
    }
  });

  it("samples a wind-only cycle's waves as null and names them missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "vr-wx-cli-"));
    const env = { WEATHER_DIR: join(dir, "weather") };
    // 10 m wind and no waves, as GEFS's atmospheric files are.
    const files = writeCycleParts(dir, (f) => f.discipline === 0, "gefs-wind");
    const ingested = run(env, "ingest", "--model", "gefs", ...files);
    expect(ingested.status, ingested.stderr).toBe(0);
    expect(ingested.out.manifest.parameters).toEqual(["UGRD", "VGRD"]);

    const r = run(
      env,
      ...["sample", "--model", "gefs", "--lat", "40", "--lon", "-40"],
      ...["--time", "2024-01-15T06:00:00Z"],
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.out.missing).toEqual([
      "hs_m",
      "wave_period_s",
      "wave_dir_deg",
      "swell_hs_m",
      "swell_period_s",
      "swell_dir_deg",
      "current_kts",
      "current_dir_deg",
    ]);
    for (const c of r.out.missing) expect(r.out.conditions[c], c).toBeNull();
    expect(r.out.conditions.wind_kts).toBeGreaterThan(0);
    expect(r.out.conditions.wind_dir_deg).toEqual(expect.any(Number));
  });

  it("refuses a broken cycle and lands nothing", () => {
    const env = { WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-wx-cli-")) };
    const files = ["a", "b"].map((p) => join(FIXTURES, `incomplete/gefs-2024011500-${p}.grib2`));
    const r = run(env, "ingest", "--model", "gefs", ...files);
    expect(r.status).toBe(1);
    expect(r.out.error.code).toBe("ingest_incomplete_cycle");
    expect(run(env, "cycles").out.stored_cycles).toEqual([]);
  });

  it("samples the synthetic analysis, labelled synthetic, and explains bad arguments", () => {
    const r = run(
      {},
      "sample",
      "--model",
      "synthetic",
      "--lat",
      "-50",
      "--lon",
      "100",
      "--time",
      "2026-07-01T00:00:00Z",
    );
    expect(r.status).toBe(0);
    expect(r.out.cycle_utc).toBe("2026-07-01T00:00:00.000Z");
    expect(r.out.source).toMatch(/synthetic/);
    expect(r.out.missing).toEqual([]);
    expect(r.out.conditions).toMatchObject({
      lat: -50,
      lon: 100,
      time_utc: "2026-07-01T00:00:00.000Z",
    });
    // A time ahead is a forecast from the latest cycle issued by now, never a cycle not yet issued.
    const ahead = new Date(Date.now() + 30 * 3_600_000).toISOString();
    const asked = Date.now();
    const forecast = run(
      {},
      "sample",
      "--model",
      "synthetic",
      "--lat",
      "50",
      "--lon",
      "-20",
      "--time",
      ahead,
    );
    expect(forecast.status).toBe(0);
    const cycle = Date.parse(forecast.out.cycle_utc);
    expect(cycle).toBeLessThanOrEqual(Date.now());
    expect(cycle).toBeGreaterThan(asked - 6 * 3_600_000 - 60_000);
    const bad = run(
      {},
      "sample",
      "--model",
      "synthetic",
      "--lat",
      "95",
      "--lon",
      "0",
      "--time",
      "2026-07-01T00:00:00Z",
    );
    expect(bad.status).toBe(2);
    expect(bad.out.error).toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("--lat"),
    });
    const both = run({}, "sample", "--model", "synthetic", "--lat", "0", "--lon", "0");
    expect(both.status).toBe(2);
    expect(
      run(
        {},
        "sample",
        "--model",
        "nam",
        "--lat",
        "0",
        "--lon",
        "0",
        "--time",
        "2026-07-01T00:00:00Z",
      ).out.error.code,
    ).toBe("unknown_model");
  });
});
