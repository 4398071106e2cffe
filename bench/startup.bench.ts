import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BenchSuite, type Figure, round } from "./figures";

/**
 * How long a newcomer waits: `npm start` spawned as the README says, timed from the spawn to its
 * banner and to the 200 of the voyage-risk curl the banner prints (Rotterdam to New York, the
 * first request the README suggests). Fresh: no routing caches and no transpile cache (a clone
 * that has never run, after `npm ci`); restart: the same caches again, as after a stop. Targets
 * (issue 40): the first score within 15 s fresh, within 2 s after a restart.
 */
const root = resolve(import.meta.dirname, "..");
const RESTARTS = 3;

interface Start {
  listeningMs: number;
  firstScoreMs: number;
  status: number;
}

function startOnce(env: NodeJS.ProcessEnv): Promise<Start> {
  const t0 = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: "0", LOG_LEVEL: "silent", VOYAGE_RISK_MODE: "embedded" },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group, so npm, tsx and node stop together afterwards.
    detached: true,
  });
  return new Promise<Start>((resolvePromise, reject) => {
    let text = "";
    let listeningMs = 0;
    let asked = false;
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
      const key = /dev API key[^:]*: (vr_\S+)/.exec(text)?.[1];
      const body = /underwriting\/voyage-risk -d '(\{.*\})'/.exec(text)?.[1];
      if (!url || !key || !body || asked) return;
      asked = true;
      listeningMs = performance.now() - t0;
      fetch(`${url}/api/v1/underwriting/voyage-risk`, {
        method: "POST",
        headers: { "X-API-Key": key, "Content-Type": "application/json" },
        body,
      })
        .then(async (res) => {
          await res.arrayBuffer();
          resolvePromise({ listeningMs, firstScoreMs: performance.now() - t0, status: res.status });
        })
        .catch(reject);
    });
    child.on("exit", (code) => {
      if (!asked) reject(new Error(`npm start exited (${code}) before it listened`));
    });
  }).finally(() => stop(child));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

export const startupSuite: BenchSuite = {
  name: "startup",
  needsInfra: false,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "voyage-risk-startup-"));
    const env = {
      ROUTING_CACHE_DIR: join(dir, "cache"),
      WEATHER_DIR: join(dir, "weather"),
    };
    const figures: Figure[] = [];
    try {
      const fresh = await startOnce({ ...env, TSX_DISABLE_CACHE: "1" });
      const restarts: Start[] = [];
      for (let i = 0; i < RESTARTS; i++) restarts.push(await startOnce(env));
      const median = (pick: (s: Start) => number) =>
        restarts.map(pick).sort((a, b) => a - b)[Math.floor(RESTARTS / 2)] as number;
      const non200 = [fresh, ...restarts].filter((s) => s.status !== 200).length;
      figures.push(
        {
          name: "fresh start (no routing or transpile cache): banner printed",
          value: round(fresh.listeningMs, 0),
          unit: "ms",
        },
        {
          name: `fresh start: the banner's voyage-risk answered (${fresh.status})`,
          value: round(fresh.firstScoreMs, 0),
          unit: "ms",
          target: "<= 15000 ms",
          met: fresh.firstScoreMs <= 15_000 && fresh.status === 200,
        },
        {
          name: `restart (caches kept): banner printed, median of ${RESTARTS}`,
          value: round(
            median((s) => s.listeningMs),
            0,
          ),
          unit: "ms",
        },
        {
          name: `restart: the banner's voyage-risk answered, median of ${RESTARTS} (${non200} non-200 in all)`,
          value: round(
            median((s) => s.firstScoreMs),
            0,
          ),
          unit: "ms",
          target: "<= 2000 ms",
          met: median((s) => s.firstScoreMs) <= 2_000 && non200 === 0,
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
