import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedMirror } from "../../../tests/feed-mirror";

const cli = resolve(import.meta.dirname, "../../../bin/voyage-risk.js");

/** `voyage-risk weather …` as its own process (async: the test's server must keep answering). */
function run(env: Record<string, string>, ...args: string[]) {
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON answers
  return new Promise<{ status: number | null; out: any; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [cli, "weather", ...args],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, VOYAGE_RISK_MODE: "embedded", LOG_LEVEL: "silent", ...env },
      },
      (err, stdout, stderr) =>
        done({
          status: err ? ((err as { code?: number }).code ?? 1) : 0,
          out: stdout ? JSON.parse(stdout) : null,
          stderr,
        }),
    );
  });
}

const mirror = new FeedMirror();
let base: string;
beforeAll(async () => {
  base = await mirror.start();
});
afterAll(() => mirror.stop());

describe("voyage-risk weather fetch", { timeout: 120_000 }, () => {
  it("fetches a GFS cycle from a mirror of NOAA's layout, lands it and reports the bytes", async () => {
    const env = {
      WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-fetch-cli-")),
      WEATHER_FEED_STAGING_DIR: mkdtempSync(join(tmpdir(), "vr-fetch-staging-")),
    };
    const args = ["--model", "gfs", "--cycle", "2024-01-15T00:00:00Z", "--to-h", "3"];
    const fetched = await run(env, "fetch", ...args, "--base-url", `${base}/noaa`);
    expect(fetched.status, fetched.stderr).toBe(0);
    expect(fetched.out).toMatchObject({
      model: "gfs",
      cycle_utc: "2024-01-15T00:00:00.000Z",
      landed: { topic: "weather.cycles", model: "gfs", members: 1, horizon_h: 3, synthetic: false },
      already_stored: false,
      steps: 4,
      files: 8,
      messages: 32,
      bytes_fetched: 29_435,
      bytes_total: 29_435,
    });
    // Not a terminal: no progress line on stderr.
    expect(fetched.stderr).toBe("");
    expect(readdirSync(join(env.WEATHER_DIR, "gfs"))).toEqual(["2024-01-15T00:00:00.000Z"]);

    // The same cycle again: nothing fetched, the same event.
    const again = await run(env, "fetch", ...args, "--base-url", `${base}/noaa`);
    expect(again.out).toMatchObject({ already_stored: true, bytes_fetched: 0 });
    expect(again.out.landed.event_id).toBe(fetched.out.landed.event_id);

    const listed = await run(env, "cycles");
    expect(listed.out.stored_cycles).toEqual([
      expect.objectContaining({
        model: "gfs",
        parameters: expect.arrayContaining(["HTSGW", "UGRD"]),
      }),
    ]);
  });

  it("answers with a code when the cycle is not complete, the cycle hour is wrong or the model has no feed", async () => {
    const env = {
      WEATHER_DIR: mkdtempSync(join(tmpdir(), "vr-fetch-cli-")),
      WEATHER_FEED_BASE_URLS: `gfs=${base}/noaa`,
    };
    const partial = await run(
      env,
      "fetch",
      "--model",
      "gfs",
      "--cycle",
      "2024-01-15T06:00:00Z",
      "--to-h",
      "3",
    );
    expect(partial.status).toBe(1);
    expect(partial.out.error).toMatchObject({
      code: "feed_not_published",
      details: { missing_count: 2 },
    });
    // The root came from WEATHER_FEED_BASE_URLS, the provider's layout below it.
    expect(partial.out.error.details.missing[0]).toBe(
      `${base}/noaa/gfs.20240115/06/atmos/gfs.t06z.pgrb2.0p25.f003.idx`,
    );
    const hour = await run(env, "fetch", "--model", "ecmwf-ens", "--cycle", "2024-01-15T06:00:00Z");
    expect(hour.status).toBe(2);
    expect(hour.out.error.message).toBe("--cycle: ecmwf-ens cycles start at 00/12 UTC");
    const model = await run(env, "fetch", "--model", "gfs-wave");
    expect(model.status).toBe(2);
    expect(model.out.error.message).toMatch(
      /^--model: no feed for this model \(gfs, gefs, ecmwf-ens\)/,
    );
  });
});
