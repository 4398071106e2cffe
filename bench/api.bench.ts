import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { type BenchSuite, type Figure, round } from "./figures";

/**
 * The underwriting API under load: the embedded server in its own process, loaded over loopback
 * by autocannon from this one. voyage-risk for ocean crossings without and with the 31-member
 * ensemble, and route-risk (safest, with the insurance metrics) on the same lanes, beside the
 * health route (a trivial fastify route) measured in the same run. Targets (issue 40): voyage-risk
 * p50 at most 60 ms without the ensemble, < 250 ms with it.
 */
const root = resolve(import.meta.dirname, "..");
const DAY = 86_400_000;

const VOYAGES: Array<[{ lat: number; lon: number }, { lat: number; lon: number }]> = [
  [
    { lat: 51.98, lon: 3.9 },
    { lat: 40.45, lon: -73.8 },
  ],
  [
    { lat: 35.2, lon: 139.8 },
    { lat: 33.7, lon: -118.3 },
  ],
  [
    { lat: 1.2, lon: 103.85 },
    { lat: -29.87, lon: 31.05 },
  ],
  [
    { lat: -33.9, lon: 18.4 },
    { lat: -32.05, lon: 115.7 },
  ],
];

/** Lanes met only once, after the measured runs: what a lane's first request costs. */
const NEW_LANES: Array<[{ lat: number; lon: number }, { lat: number; lon: number }]> = [
  [
    { lat: -23.98, lon: -46.3 },
    { lat: 6.4, lon: 3.4 },
  ],
  [
    { lat: 35.05, lon: 129.1 },
    { lat: 49.29, lon: -123.2 },
  ],
  [
    { lat: 37.93, lon: 23.6 },
    { lat: 29.3, lon: -94.7 },
  ],
];

function startServer(): Promise<{ child: ChildProcess; url: string; key: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [resolve(root, "bin/voyage-risk.js"), "serve"], {
      env: { ...process.env, VOYAGE_RISK_MODE: "embedded", PORT: "0", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
      const key = /dev API key[^:]*: (vr_\S+)/.exec(text)?.[1];
      if (url && key) resolvePromise({ child, url, key });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before it listened`)));
  });
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((res, rej) => {
    autocannon(options, (err, result) => (err ? rej(err) : res(result)));
  });
}

export const apiSuite: BenchSuite = {
  name: "api",
  needsInfra: false,
  async run() {
    const server = await startServer();
    const figures: Figure[] = [];
    try {
      const headers = { "X-API-Key": server.key, "Content-Type": "application/json" };
      const bodies = (ensemble: boolean) =>
        VOYAGES.map(([origin, destination], i) =>
          JSON.stringify({
            vessel: { type: "container_ship" },
            voyage: {
              origin,
              destination,
              departure_utc: new Date(Date.now() + (2 + i) * DAY).toISOString(),
            },
            options: { ensemble_routing: ensemble },
          }),
        );
      const routeRiskBodies = VOYAGES.map(([origin, destination], i) =>
        JSON.stringify({
          origin,
          destination,
          departure_time: new Date(Date.now() + (2 + i) * DAY).toISOString(),
          vessel: { vessel_type: "container_ship" },
          objective: "safest",
          insurance: {
            include_exposure_hours: true,
            include_exceedance_counts: true,
            include_loss_probability: true,
            include_confidence_intervals: true,
          },
        }),
      );
      const voyageRisk = (body: string) => ({
        method: "POST" as const,
        path: "/api/v1/underwriting/voyage-risk",
        headers,
        body,
      });
      const routeRisk = (body: string) => ({
        method: "POST" as const,
        path: "/api/v1/route-risk",
        headers,
        body,
      });
      // Warm-up, not measured: every scoring thread builds its routing network on its first job
      // (seconds) and fills its own reanalysis cache per lane, so load all twelve bodies over two
      // connections until every thread has met every lane.
      await run({
        url: server.url,
        connections: 2,
        duration: 30,
        timeout: 120,
        requests: [
          ...bodies(false).map(voyageRisk),
          ...bodies(true).map(voyageRisk),
          ...routeRiskBodies.map(routeRisk),
        ],
      });
      const trivial = await run({
        url: `${server.url}/api/v1/underwriting/health`,
        connections: 8,
        duration: 5,
      });
      figures.push({
        name: "GET health (trivial fastify route), 8 connections",
        value: round(trivial.requests.average, 0),
        unit: "req/s",
      });
      for (const ensemble of [false, true]) {
        const r = await run({
          url: server.url,
          connections: 2,
          duration: 20,
          timeout: 120,
          requests: bodies(ensemble).map(voyageRisk),
        });
        // The four lanes repeat: after the warm-up the embedded reanalysis holds their cells' values
        // and, for each lane's route, its whole set of historical departures.
        const label = `${ensemble ? "with the 31-member ensemble" : "without ensemble"} (4 lanes, warm)`;
        const target = ensemble ? 250 : 60;
        figures.push(
          {
            name: `voyage-risk ${label}: throughput, 2 connections`,
            value: round(r.requests.average, 2),
            unit: "req/s",
            ceiling: { name: "trivial route", value: round(trivial.requests.average, 0) },
          },
          {
            name: `voyage-risk ${label}: p50 latency (${r.requests.total} requests, ${r.non2xx} non-2xx)`,
            value: r.latency.p50,
            unit: "ms",
            target: ensemble ? `< ${target} ms` : `<= ${target} ms`,
            met: (ensemble ? r.latency.p50 < target : r.latency.p50 <= target) && r.non2xx === 0,
          },
          { name: `voyage-risk ${label}: p99 latency`, value: r.latency.p99, unit: "ms" },
        );
      }
      const rr = await run({
        url: server.url,
        connections: 2,
        duration: 20,
        timeout: 120,
        requests: routeRiskBodies.map(routeRisk),
      });
      figures.push(
        {
          name: "route-risk safest with insurance (4 lanes, warm): throughput, 2 connections",
          value: round(rr.requests.average, 2),
          unit: "req/s",
          ceiling: { name: "trivial route", value: round(trivial.requests.average, 0) },
        },
        {
          name: `route-risk safest with insurance (4 lanes, warm): p50 latency (${rr.requests.total} requests, ${rr.non2xx} non-2xx)`,
          value: rr.latency.p50,
          unit: "ms",
        },
        {
          name: "route-risk safest with insurance (4 lanes, warm): p99 latency",
          value: rr.latency.p99,
          unit: "ms",
        },
      );
      // A lane's first request: its routing is as ever, but the 47 years of historical
      // departures along it are computed from the synthetic climate (then kept).
      const firsts: number[] = [];
      for (const [i, [origin, destination]] of NEW_LANES.entries()) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/underwriting/voyage-risk`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            vessel: { type: "container_ship" },
            voyage: {
              origin,
              destination,
              departure_utc: new Date(Date.now() + (2 + i) * DAY).toISOString(),
            },
            options: {},
          }),
        });
        await res.arrayBuffer();
        firsts.push(performance.now() - t0);
      }
      firsts.sort((a, b) => a - b);
      figures.push({
        name: `voyage-risk, a lane's first request (${NEW_LANES.length} new lanes, one at a time): median`,
        value: round(firsts[Math.floor(firsts.length / 2)] as number, 0),
        unit: "ms",
      });
    } finally {
      server.child.kill("SIGTERM");
    }
    return figures;
  },
};
