import { existsSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticForecastAt, syntheticScoringDeps } from "../../tests/synthetic-forecast";
import { EngineError } from "../engine/errors";
import { AppError } from "../platform/errors";
import type { ScoringJob } from "./jobs";
import { InProcessScorer, type Scorer, WORKER_ENTRY, WorkerPoolScorer } from "./scorer";

/**
 * The pool of scoring threads against the API thread's own computation: the same jobs give the
 * same answers (determinism does not depend on the thread), and typed failures cross the thread
 * boundary as themselves, so the API maps them to the same statuses.
 */
const { config, deps } = syntheticScoringDeps("scorer-test");
let pool: Scorer;
let local: Scorer;
beforeAll(() => {
  pool = new WorkerPoolScorer(config, 1);
  local = new InProcessScorer(deps);
});
afterAll(async () => {
  await pool?.close();
  await local?.close();
});

const NOW = Date.UTC(2026, 10, 21, 9);
const forecast = syntheticForecastAt(Date.UTC(2026, 10, 21, 6), NOW);
const ids = { voyageId: "v-1", requestId: "r-1" };
const voyage = (destination: { lat: number; lon: number }) =>
  ({
    kind: "voyage-risk" as const,
    body: {
      vessel: { type: "cargo_small" },
      voyage: {
        origin: { lat: 51.98, lon: 3.9 },
        destination,
        departure_utc: new Date(Date.UTC(2026, 10, 23, 6)).toISOString(),
      },
      options: {
        ensemble_routing: true,
        include_historical_baseline: true,
        include_compliance_check: true,
      },
    } as never,
    ids,
    forecast,
  }) satisfies ScoringJob;

describe("scoring threads", () => {
  it("start from an entry require() loads as CommonJS, so no thread require()s an ES module", () => {
    // piscina require()s a worker's entry first; on Node 20 a require() of an ES module with a
    // top-level await can abort the thread (a race in require(esm)). The ES entry throws here.
    const entry = createRequire(import.meta.url)(fileURLToPath(WORKER_ENTRY));
    expect(typeof entry).toBe("function");
  });

  it("give the same answer as the API thread for the same job and forecast", async () => {
    const job = voyage({ lat: 40.45, lon: -73.8 });
    const [inPool, inThread] = await Promise.all([pool.run(job), local.run(job)]);
    expect(inPool.response).toEqual(inThread.response);
    expect(inPool.used).toEqual(inThread.used);
    expect(inPool.response.voyage_severity_index.score).toBeGreaterThan(0);
    // Asked again, the thread answers from the route and members it kept for this forecast
    // (forecast-memo.ts): the same as the other thread computed afresh.
    const again = await local.run(job);
    expect(again.response).toEqual(inPool.response);
  }, 120_000);

  it("re-score a monitored voyage the same in a worker as in the API thread", async () => {
    const job = {
      kind: "rescore" as const,
      input: {
        voyageId: "v-2",
        vesselId: "v-2",
        vessel: { type: "cargo_small" as const },
        departureMs: Date.UTC(2026, 10, 23, 6),
        route: [
          [3.9, 51.98],
          [-5.5, 49.5],
          [-73.8, 40.45],
        ] as Array<[number, number]>,
      },
      forecast,
    } satisfies ScoringJob;
    const [inPool, inThread] = await Promise.all([pool.run(job), local.run(job)]);
    expect(inPool).toEqual(inThread);
    // What the alert rules read comes back whole from the worker thread.
    expect(inPool.alertFacts?.now.peakWind.value).toBeGreaterThan(0);
    expect(inPool.alertFacts?.vesselLimits.wind_kts).toBeGreaterThan(0);
  }, 120_000);

  it("fail with the engine's typed error, which the API maps to 422 on_land", async () => {
    const job = voyage({ lat: 48.85, lon: 2.35 }); // Paris
    const failure = await pool.run(job).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).code).toBe("on_land");
    expect((failure as EngineError).details).toMatchObject({ which: "destination" });
  }, 120_000);

  it("fail with the application's typed error when no reanalysis year is asked for", async () => {
    const failure = await pool
      .run({
        kind: "historical-availability",
        body: {
          vessel: { type: "cargo_small" },
          voyage: { origin: { lat: 51.98, lon: 3.9 }, destination: { lat: 40.45, lon: -73.8 } },
          month: 1,
          years: { from: 2030, to: 2031 },
        } as never,
        requestId: "r-2",
        nowMs: NOW,
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe("weather_unavailable");
  }, 120_000);

  it("warm up as they start: a pool asked nothing makes its synthetic world", async () => {
    // A cache directory of its own, holding the shared cache's network files where a process
    // has made them (else the threads compute them, slower, to the same end): the synthetic
    // world's grid is written there only by a thread that made its world.
    const dir = mkdtempSync(join(tmpdir(), "scorer-warm-up-"));
    const shared = resolve(config.ROUTING_CACHE_DIR);
    for (const name of existsSync(shared) ? readdirSync(shared) : []) {
      if (/^(land-mask|landmarks|network-geometry|passage-ways-out)-/.test(name)) {
        symlinkSync(join(shared, name), join(dir, name));
      }
    }
    const warm = new WorkerPoolScorer(
      { ...config, ROUTING_CACHE_DIR: dir, SCORING_WARM_UP: true },
      1,
    );
    try {
      const made = () => readdirSync(dir).some((f) => /^climatology-.*\.bin$/.test(f));
      while (!made()) await new Promise((r) => setTimeout(r, 250));
      expect(made()).toBe(true);
    } finally {
      await warm.close();
    }
  }, 300_000);
});
