#!/usr/bin/env node
// Readiness probe for the local platform stack, using the same client libraries as the app.
//
//   node deploy/local/probe.mjs kafka 127.0.0.1:9092
//   node deploy/local/probe.mjs registry http://127.0.0.1:8081/apis/ccompat/v7
//   node deploy/local/probe.mjs clickhouse http://127.0.0.1:8123
//   node deploy/local/probe.mjs redis redis://127.0.0.1:6379/0
//   node deploy/local/probe.mjs all          (the four defaults above)
//
// Each check is a real request (Kafka: admin describeCluster = a Metadata request; registry:
// GET /subjects; ClickHouse: SELECT 1; Redis: PING), bounded by PROBE_TIMEOUT_MS (default 4000).
// Exit 0 when every probed service answered, 1 otherwise. up.sh uses it for Kafka when
// node_modules is installed and falls back to bash probes otherwise.

const TIMEOUT_MS = Number(process.env.PROBE_TIMEOUT_MS ?? 4000);

const DEFAULTS = {
  kafka: "127.0.0.1:9092",
  registry: "http://127.0.0.1:8081/apis/ccompat/v7",
  clickhouse: "http://127.0.0.1:8123",
  redis: "redis://127.0.0.1:6379/0",
};

async function probeKafka(target) {
  const { Kafka, logLevel } = await import("kafkajs");
  const kafka = new Kafka({
    clientId: "vr-probe",
    brokers: target.split(","),
    connectionTimeout: Math.min(2000, TIMEOUT_MS),
    requestTimeout: TIMEOUT_MS,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0) throw new Error("metadata lists no brokers");
    return `cluster ${cluster.clusterId}, ${cluster.brokers.length} broker(s), controller ${cluster.controller}`;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function probeRegistry(target) {
  const res = await fetch(`${target.replace(/\/$/, "")}/subjects`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET /subjects answered ${res.status}`);
  const subjects = JSON.parse(body);
  if (!Array.isArray(subjects)) throw new Error("GET /subjects did not answer a JSON array");
  return `${subjects.length} subject(s)`;
}

async function probeClickhouse(target) {
  const url = new URL(target);
  url.searchParams.set("query", "SELECT version()");
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = (await res.text()).trim();
  if (!res.ok) throw new Error(`SELECT answered ${res.status}: ${body.slice(0, 200)}`);
  return `ClickHouse ${body}`;
}

async function probeRedis(target) {
  const { default: Redis } = await import("ioredis");
  const redis = new Redis(target, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    const pong = await redis.ping();
    if (pong !== "PONG") throw new Error(`PING answered ${pong}`);
    return "PONG";
  } finally {
    redis.disconnect();
  }
}

const PROBES = {
  kafka: probeKafka,
  registry: probeRegistry,
  clickhouse: probeClickhouse,
  redis: probeRedis,
};

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function main(argv) {
  const [kind, target] = argv;
  const jobs =
    kind === "all"
      ? Object.entries(DEFAULTS)
      : PROBES[kind]
        ? [[kind, target ?? DEFAULTS[kind]]]
        : null;
  if (!jobs) {
    console.error("usage: probe.mjs <kafka|registry|clickhouse|redis|all> [target]");
    return 2;
  }
  const results = await Promise.all(
    jobs.map(async ([name, url]) => {
      try {
        const detail = await withTimeout(PROBES[name](url), TIMEOUT_MS + 1000, name);
        console.log(`${name.padEnd(10)} up    ${url}  (${detail})`);
        return true;
      } catch (err) {
        console.error(`${name.padEnd(10)} down  ${url}  (${err?.message ?? err})`);
        return false;
      }
    }),
  );
  return results.every(Boolean) ? 0 : 1;
}

// Exit explicitly: a half-open client socket must never keep the probe alive.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
