import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Redis } from "ioredis";
import { type Admin, Kafka, logLevel } from "kafkajs";
import type { VoyageRiskRequest, VoyageRiskResponse } from "../services/contracts/api/underwriting";
import { EVENT } from "../services/contracts/events";
import { voyageMonitoredRecord } from "../services/monitoring/events";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../services/platform/analytics/clickhouse";
import { ident, sql } from "../services/platform/analytics/sql";
import { type Config, loadConfig } from "../services/platform/config";
import { KafkaEventBus } from "../services/platform/events/kafka-bus";
import type { EventBus, OutgoingEvent } from "../services/platform/events/port";
import { RegistryCodec } from "../services/platform/events/registry-codec";
import { SchemaCatalog } from "../services/platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../services/platform/events/topics";
import { createStreamScorer } from "../services/scoring/stream-scorer";
import { publishVoyageScored } from "../services/underwriting/events";
import { forecastFor } from "../services/underwriting/voyage-risk";
import { CycleRegistry } from "../services/weather/cycle-registry";
import { cycleAtOrBefore, WEATHER_MODELS } from "../services/weather/models";
import { syntheticCycleEvent } from "../services/weather/synthetic-scheduler";
import { ClickHouseAdmin } from "../tests/clickhouse-admin";
import { deleteKafkaTopics, uniqueName, waitFor } from "../tests/helpers";
import { type BenchSuite, type Figure, round } from "./figures";

/**
 * Re-scoring of 10,000 monitored voyages after one forecast cycle, on the real platform (Kafka,
 * Schema Registry, ClickHouse, Redis) with every stream in its own OS process: from the moment
 * the WeatherCycleLanded event is published to the moment ClickHouse holds the 10,000 rescore
 * VoyageScored rows of that cycle. Once with one `voyage-risk stream rescore` process, once with
 * two. Each round has its own topic prefix, ClickHouse database and Redis key prefix, removed at
 * its end. Targets (issue 7): under 60 s with one instance, and faster with two.
 *
 * Each round runs the stream as shipped and lands the cycle once it is consuming; when that
 * cycle completes, the next one is measured too (the steady state of a platform re-scoring every
 * six hours). Rounds: one instance with the default threads (one per core: the target), and one
 * and two instances with one scoring thread each (adding an instance adds capacity; on this
 * 2-core machine two instances of the default would share the same two cores).
 * docs/monitoring.md "Re-scoring benchmark".
 */
const root = resolve(import.meta.dirname, "..");
const VOYAGES = 10_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLL_MS = 500;
const CYCLE_TIMEOUT_MS = 15 * 60_000;
/** No progress on Kafka or in ClickHouse for this long: the cycle is reported as stalled. */
const STALL_MS = 60_000;
const STARTUP_TIMEOUT_MS = 5 * 60_000;
const TARGET_S = 60;
const CORES = (await import("node:os")).availableParallelism();

/** Ocean crossings, each routed once per vessel type by the routing engine (safest objective). */
const LANES: Array<[string, { lat: number; lon: number }, { lat: number; lon: number }]> = [
  ["Rotterdam-New York", { lat: 51.98, lon: 3.9 }, { lat: 40.45, lon: -73.8 }],
  ["Tokyo-Los Angeles", { lat: 35.2, lon: 139.8 }, { lat: 33.7, lon: -118.3 }],
  ["Singapore-Durban", { lat: 1.2, lon: 103.85 }, { lat: -29.87, lon: 31.05 }],
  ["Cape Town-Fremantle", { lat: -33.9, lon: 18.4 }, { lat: -32.05, lon: 115.7 }],
  ["Santos-Lagos", { lat: -23.98, lon: -46.3 }, { lat: 6.4, lon: 3.4 }],
  ["Shanghai-Sydney", { lat: 30.9, lon: 122.6 }, { lat: -33.85, lon: 151.3 }],
  ["Piraeus-Houston", { lat: 37.93, lon: 23.6 }, { lat: 29.3, lon: -94.7 }],
];
const VESSEL_TYPES = ["container_ship", "bulk_carrier", "tanker"] as const;
const THRESHOLDS: Array<Record<string, number>> = [
  {},
  { index: 40 },
  { wind_kts: 30 },
  { wave_m: 3.5 },
  { index: 55, wind_kts: 35, wave_m: 5 },
];

const SYNTHETIC = WEATHER_MODELS.synthetic as (typeof WEATHER_MODELS)[string];

interface Template {
  lane: string;
  vesselType: (typeof VESSEL_TYPES)[number];
  origin: { lat: number; lon: number };
  destination: { lat: number; lon: number };
  route: Array<[number, number]>;
  response: VoyageRiskResponse;
  used: { model: string; cycleMs: number; synthetic: boolean; departureMs: number };
}

/** The cycles of a run: registration scores, then the two measured ones (all begun by now). */
interface Cycles {
  registration: number;
  first: number;
  next: number;
}

/**
 * Every lane routed and scored once per vessel type, as the API does at registration
 * (services/api/monitoring-routes.ts: voyage-risk without ensemble), on this process's scoring
 * threads, against the registration cycle; the threads are closed afterwards.
 */
async function routeTemplates(cycles: Cycles, nowMs: number): Promise<Template[]> {
  const config = loadConfig({ ...process.env, VOYAGE_RISK_MODE: "embedded", LOG_LEVEL: "silent" });
  const scorer = createStreamScorer(config);
  const registry = new CycleRegistry();
  registry.apply(syntheticCycleEvent(cycles.registration, nowMs).value);
  try {
    const jobs = LANES.flatMap(([lane, origin, destination]) =>
      VESSEL_TYPES.map(async (vesselType): Promise<Template> => {
        const departureMs = nowMs + DAY;
        const body: VoyageRiskRequest = {
          vessel: { type: vesselType },
          voyage: { origin, destination, departure_utc: new Date(departureMs).toISOString() },
          options: {
            ensemble_routing: false,
            include_historical_baseline: false,
            include_compliance_check: false,
          },
        };
        const scored = await scorer.run({
          kind: "voyage-risk",
          body,
          ids: { voyageId: randomUUID(), requestId: randomUUID() },
          forecast: forecastFor(registry, nowMs, departureMs, "voyage.departure_utc"),
        });
        return {
          lane,
          vesselType,
          origin,
          destination,
          route: scored.used.waypoints,
          response: scored.response,
          used: scored.used,
        };
      }),
    );
    return await Promise.all(jobs);
  } finally {
    await scorer.close();
  }
}

/**
 * The 10,000 registrations (VoyageMonitored, built by the API's own helper) and each one's
 * registration score (VoyageScored, interface monitoring, by the API's own publishVoyageScored,
 * caught before it reaches a bus). Departures spread from two days ago to six days ahead, so
 * every voyage is under way or due and none has arrived by the measured cycles.
 */
async function seedEvents(
  templates: Template[],
  nowMs: number,
): Promise<{ monitored: OutgoingEvent[]; scores: OutgoingEvent[] }> {
  const monitored: OutgoingEvent[] = [];
  const scores: OutgoingEvent[] = [];
  const catcher = {
    publish: async (_topic: string, events: readonly OutgoingEvent[]) => {
      scores.push(...events);
    },
  } as unknown as EventBus;
  for (let i = 0; i < VOYAGES; i++) {
    const t = templates[i % templates.length] as Template;
    const id = randomUUID();
    const departureMs = nowMs - 2 * DAY + ((i * 7919) % (8 * 24 * 60)) * 60_000;
    const keyId = `key_bench_${i % 40}`;
    // Half the vessels give their IMO number (it becomes the webhook's vessel_id).
    const imo = i % 2 === 0 ? String(9_000_000 + i) : undefined;
    const vessel = imo ? { type: t.vesselType, imo } : { type: t.vesselType };
    const record = voyageMonitoredRecord({
      voyageId: id,
      keyId,
      fleetId: `fleet-${i % 100}`,
      vesselId: imo ?? id,
      vessel,
      voyage: {
        origin: t.origin,
        destination: t.destination,
        departure_utc: new Date(departureMs).toISOString(),
      },
      route: t.route,
      thresholds: THRESHOLDS[i % THRESHOLDS.length] as Record<string, number>,
      departureMs,
      occurredAt: nowMs - HOUR + i,
    });
    monitored.push({ key: id, type: EVENT.VoyageMonitored, value: record });
    await publishVoyageScored(
      catcher,
      { ...t.response, voyage_id: id },
      {
        keyId,
        vesselType: t.vesselType,
        iface: "monitoring",
        ...t.used,
        departureMs,
        occurredAt: nowMs - HOUR + i,
      },
    );
  }
  return { monitored, scores };
}

// --- processes -------------------------------------------------------------------------------

interface Child {
  label: string;
  proc: ChildProcess;
  logs: Array<{ time: number; msg: string; [k: string]: unknown }>;
  stderr: string;
  exited: boolean;
}

/** `voyage-risk stream <name>`, as an operator runs it. */
const streamArgs = (name: string) => [resolve(root, "bin/voyage-risk.js"), "stream", name];

function spawnProcess(label: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const child: Child = { label, proc, logs: [], stderr: "", exited: false };
  let pending = "";
  proc.stdout?.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      let entry: Child["logs"][number] | undefined;
      try {
        entry = JSON.parse(line);
      } catch {
        // not a log line
      }
      if (!entry) continue;
      child.logs.push(entry);
      // Warnings and errors of the platform's processes are part of the result: shown as they come.
      if (Number(entry.level) >= 40) process.stdout.write(`    [${label}] ${line}\n`);
    }
  });
  proc.stderr?.on("data", (chunk: Buffer) => {
    child.stderr = (child.stderr + chunk.toString()).slice(-4000);
    for (const line of chunk.toString().split("\n").filter(Boolean))
      process.stdout.write(`    [${label} stderr] ${line}\n`);
  });
  proc.on("exit", () => {
    child.exited = true;
  });
  return child;
}

async function waitForLog(child: Child, msg: string): Promise<void> {
  await waitFor(
    `${child.label}: "${msg}"`,
    () => {
      if (child.exited) throw new Error(`${child.label} exited: ${child.stderr}`);
      return child.logs.some((l) => l.msg === msg);
    },
    STARTUP_TIMEOUT_MS,
  );
}

async function stopChildren(children: Child[]): Promise<void> {
  await Promise.all(
    children.map(async (c) => {
      if (c.exited) return;
      c.proc.kill("SIGTERM");
      const deadline = Date.now() + 20_000;
      while (!c.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (!c.exited) c.proc.kill("SIGKILL");
    }),
  );
}

// --- CPU accounting (/proc) ------------------------------------------------------------------

const CLK_TCK = 100;

/** User + system CPU of a process (`pid`) or of one of its threads (`pid/task/tid`). */
function cpuSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds per thread of a process (its main thread's id is the process id). */
function threadSeconds(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      out.set(Number(tid), cpuSeconds(`${pid}/task/${tid}`));
    }
  } catch {
    // the process is gone
  }
  return out;
}

/**
 * A rescore process's CPU over a window: its main thread (Kafka fetch and produce, Avro, Redis,
 * the fan-out), its scoring threads (the busiest `scoring` other threads: all are named "node",
 * and in the window the scoring threads dominate), and the rest (V8's GC and compiler, libuv).
 */
function threadSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  scoring: number,
): { main: number; scoring: number; other: number } {
  const delta = (tid: number) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  const others = [...after.keys()]
    .filter((t) => t !== pid)
    .map(delta)
    .sort((a, b) => b - a);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    main: delta(pid),
    scoring: sum(others.slice(0, scoring)),
    other: sum(others.slice(scoring)),
  };
}

function machineTicks(): { busy: number; total: number } {
  const [, ...values] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").split(/\s+/);
  const n = values.filter(Boolean).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  return { busy: total - idle, total };
}

/** The infrastructure's processes on this machine, found by their command lines. */
function infraPids(): Map<string, number> {
  const found = new Map<string, number>();
  const kinds: Array<[string, RegExp]> = [
    ["kafka", /kafka\.Kafka/],
    ["schema-registry", /apicurio|quarkus/],
    ["clickhouse", /clickhouse-server/],
    ["redis", /redis-server/],
  ];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd = "";
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      continue;
    }
    for (const [name, re] of kinds)
      if (!found.has(name) && re.test(cmd)) found.set(name, Number(entry));
  }
  return found;
}

function cpuSnapshot(pids: Map<string, number>) {
  return {
    perProcess: new Map([...pids].map(([name, pid]) => [name, cpuSeconds(pid)])),
    machine: machineTicks(),
  };
}

// --- Kafka consumer groups -------------------------------------------------------------------

async function groupCaughtUp(admin: Admin, groupId: string, topic: string): Promise<boolean> {
  const ends = await admin.fetchTopicOffsets(topic);
  const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
  return ends.every((end) => {
    if (end.high === "0") return true;
    const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset;
    return at === end.high;
  });
}

async function groupsWithPrefix(admin: Admin, prefix: string): Promise<string[]> {
  return (await admin.listGroups()).groups
    .map((g) => g.groupId)
    .filter((g) => g.startsWith(prefix));
}

async function stableWith(admin: Admin, groupId: string, members: number): Promise<boolean> {
  const [g] = (await admin.describeGroups([groupId])).groups;
  return g?.state === "Stable" && g.members.length === members;
}

/** Each of the round's consumer groups with its state and members, for a stall report. */
async function groupStates(admin: Admin, prefix: string): Promise<string> {
  const groups = await groupsWithPrefix(admin, prefix);
  const { groups: described } = await admin.describeGroups(groups);
  return described
    .map((g) => `${g.groupId.slice(prefix.length)} ${g.state} (${g.members.length})`)
    .join(", ");
}

const sumOffsets = async (admin: Admin, topic: string): Promise<number> =>
  (await admin.fetchTopicOffsets(topic)).reduce((a, p) => a + Number(p.high), 0);

// --- one round -------------------------------------------------------------------------------

interface CycleResult {
  seconds: number;
  /** Why the cycle never completed (the pipeline stopped moving), if it did not. */
  stalled?: string;
  rows: number;
  fannedOutS?: number;
  firstScoreS?: number;
  lastScoreS?: number;
  cpu: Map<string, number>;
  machineBusy: number;
  /** CPU seconds of processes on this machine other than the platform's and this one. */
  foreignCpu: number;
  consumerErrors: number;
  /** Per rescore process: CPU seconds of its main thread, scoring threads and the rest. */
  threads: Map<string, { main: number; scoring: number; other: number }>;
}

interface RoundSpec {
  instances: number;
  threads: number;
}

interface RoundResult extends RoundSpec {
  /** The first cycle after the processes start, and the next (measured when the first completed). */
  first: CycleResult;
  next?: CycleResult;
}

async function rescoreRound(
  spec: RoundSpec,
  seed: { monitored: OutgoingEvent[]; scores: OutgoingEvent[] },
  cycles: Cycles,
): Promise<RoundResult> {
  const { instances, threads } = spec;
  const label = uniqueName("bench_rescore");
  const prefix = `${label}.`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VOYAGE_RISK_MODE: "platform",
    KAFKA_TOPIC_PREFIX: prefix,
    CLICKHOUSE_DATABASE: label,
    REDIS_KEY_PREFIX: `${label}:`,
    LOG_LEVEL: "info",
  };
  const config = loadConfig(env);
  const bus = new KafkaEventBus({
    brokers: config.KAFKA_BROKERS,
    clientId: "bench-rescore",
    prefix,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    codec: new RegistryCodec(SchemaCatalog.load(), config.SCHEMA_REGISTRY_URL),
  });
  const admin = new Kafka({
    clientId: "bench-rescore-admin",
    brokers: config.KAFKA_BROKERS,
    logLevel: logLevel.NOTHING,
  }).admin();
  const clickhouse = new ClickHouseAdmin(config);
  const children: Child[] = [];
  const physical = (topic: string) => `${prefix}${topic}`;
  try {
    await admin.connect();
    await bus.start(topicSpecs(config.KAFKA_PARTITIONS));
    const analytics = createClickHouseAnalytics(clickHouseOptionsFromConfig(config));
    await analytics.migrate();
    await analytics.close();

    // The platform as it stands before the cycle: the registration cycle landed, 10,000
    // voyages registered with their first score, projected into Redis and sunk into ClickHouse.
    await bus.publish(TOPIC.weatherCycles, [syntheticCycleEvent(cycles.registration, Date.now())]);
    for (const [topic, events] of [
      [TOPIC.voyageMonitoring, seed.monitored],
      [TOPIC.voyageScores, seed.scores],
    ] as const) {
      for (let i = 0; i < events.length; i += 1000) {
        await bus.publish(topic, events.slice(i, i + 1000));
      }
    }
    const projector = spawnProcess("monitoring projector", streamArgs("monitoring"), env);
    const sink = spawnProcess("analytics sink", streamArgs("analytics"), env);
    children.push(projector, sink);
    await waitForLog(projector, "monitoring projector consuming");
    await waitForLog(sink, "analytics sink consuming");
    const settled = async () => {
      for (const topic of [TOPIC.voyageMonitoring, TOPIC.voyageScores]) {
        if (!(await groupCaughtUp(admin, physical("monitoring-projector"), physical(topic))))
          return false;
      }
      for (const topic of Object.values(TOPIC)) {
        if (!(await groupCaughtUp(admin, physical("analytics-sink"), physical(topic))))
          return false;
      }
      return true;
    };
    await waitFor("projector and sink caught up with the seed", settled, STARTUP_TIMEOUT_MS);
    // FastState keeps a value under `kv:` (services/platform/limits/rules.ts cacheKey).
    const sample = String(seed.monitored.at(-1)?.key);
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const keys = ["meta", "scores"].map((k) => `${label}:kv:monitored:${sample}:${k}`);
      if ((await redis.exists(...keys)) !== 2)
        throw new Error("rescore bench: the projection does not hold the seeded voyages");
    } finally {
      redis.disconnect();
    }

    // The fan-out's group starts at the topic's end when it has no commit (fromBeginning:
    // false): commit the end now, so a cycle landed right after the processes start is seen.
    const cyclesTopic = physical(TOPIC.weatherCycles);
    await admin.setOffsets({
      groupId: physical("rescore-fanout"),
      topic: cyclesTopic,
      partitions: (await admin.fetchTopicOffsets(cyclesTopic)).map((p) => ({
        partition: p.partition,
        offset: p.high,
      })),
    });

    const rescoreArgs = streamArgs("rescore");
    const rescorers = Array.from({ length: instances }, (_, i) =>
      spawnProcess(`rescore#${i + 1}`, rescoreArgs, { ...env, SCORING_THREADS: String(threads) }),
    );
    children.push(...rescorers);
    for (const r of rescorers) await waitForLog(r, "re-scoring consuming");
    await waitFor(
      "every rescore instance in both groups, each fan-out's own folds caught up",
      async () => {
        if (!(await stableWith(admin, physical("rescore"), instances))) return false;
        if (!(await stableWith(admin, physical("rescore-fanout"), instances))) return false;
        for (const [group, topic] of [
          ["rescore-voyages.", TOPIC.voyageMonitoring],
          ["weather-registry.rescore.", TOPIC.weatherCycles],
        ] as const) {
          const groups = await groupsWithPrefix(admin, physical(group));
          if (groups.length !== instances) return false;
          for (const g of groups)
            if (!(await groupCaughtUp(admin, g, physical(topic)))) return false;
        }
        return true;
      },
      STARTUP_TIMEOUT_MS,
    );

    const pids = new Map<string, number>([
      ...rescorers.map((r): [string, number] => [r.label, r.proc.pid as number]),
      ["monitoring projector", projector.proc.pid as number],
      ["analytics sink", sink.proc.pid as number],
      ...infraPids(),
      ["bench (this process)", process.pid],
    ]);

    const measure = async (cycleMs: number): Promise<CycleResult> => {
      const scoresBefore = await sumOffsets(admin, physical(TOPIC.voyageScores));
      const requestsBefore = await sumOffsets(admin, physical(TOPIC.voyageRescore));
      const errorsBefore = rescorers.reduce(
        (a, r) => a + r.logs.filter((l) => l.msg === "consumer error").length,
        0,
      );
      const cpu0 = cpuSnapshot(pids);
      const threads0 = rescorers.map((r) => threadSeconds(r.proc.pid as number));
      const t0 = Date.now();
      await bus.publish(TOPIC.weatherCycles, [syntheticCycleEvent(cycleMs, t0)]);
      const count = sql`SELECT uniqExact(event_id) AS n FROM ${ident(label, "events")}
        WHERE topic = ${TOPIC.voyageScores} AND event_type = ${EVENT.VoyageScored}
          AND occurred_at_ms = ${t0}
          AND visitParamExtractString(payload_json, 'interface') = 'rescore'`;
      const result: Partial<CycleResult> = {};
      let rows = 0;
      let done = 0;
      let progress = { at: Date.now(), mark: "" };
      while (Date.now() - t0 < CYCLE_TIMEOUT_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const at = (Date.now() - t0) / 1000;
        const [requests, scores, counted] = await Promise.all([
          sumOffsets(admin, physical(TOPIC.voyageRescore)),
          sumOffsets(admin, physical(TOPIC.voyageScores)),
          clickhouse.rows<{ n: string | number }>(count),
        ]);
        if (requests - requestsBefore >= VOYAGES) result.fannedOutS ??= at;
        if (scores > scoresBefore) result.firstScoreS ??= at;
        if (scores - scoresBefore >= VOYAGES) result.lastScoreS ??= at;
        rows = Number(counted[0]?.n ?? 0);
        if (rows >= VOYAGES) {
          done = at;
          break;
        }
        // Nothing moving on Kafka or in ClickHouse for STALL_MS: the pipeline is stuck.
        const mark = `${requests}/${scores}/${rows}`;
        if (mark !== progress.mark) progress = { at: Date.now(), mark };
        else if (Date.now() - progress.at > STALL_MS) {
          result.stalled = `stalled at ${at.toFixed(0)} s: ${requests - requestsBefore} requests, ${scores - scoresBefore} scores on Kafka, ${rows} rows in ClickHouse; ${await groupStates(admin, prefix)}`;
          break;
        }
        if (rescorers.some((r) => r.exited)) throw new Error("a rescore process exited mid-cycle");
      }
      const cpu1 = cpuSnapshot(pids);
      const split = rescorers.map((r, i): [string, ReturnType<typeof threadSplit>] => {
        const pid = r.proc.pid as number;
        return [r.label, threadSplit(pid, threads0[i] ?? new Map(), threadSeconds(pid), threads)];
      });
      // The fan-out's own log line is more precise than the polling.
      const fanned = rescorers
        .flatMap((r) => r.logs)
        .find((l) => l.msg === "cycle fanned out" && Number(l.cycleMs) === cycleMs);
      if (fanned) result.fannedOutS = (fanned.time - t0) / 1000;
      return {
        ...result,
        seconds: done || Number.NaN,
        rows,
        cpu: new Map(
          [...cpu1.perProcess].map(([name, s]) => [name, s - (cpu0.perProcess.get(name) ?? 0)]),
        ),
        machineBusy:
          (cpu1.machine.busy - cpu0.machine.busy) / (cpu1.machine.total - cpu0.machine.total),
        foreignCpu:
          (cpu1.machine.busy - cpu0.machine.busy) / CLK_TCK -
          [...cpu1.perProcess].reduce(
            (a, [name, s]) => a + (Number.isFinite(s) ? s - (cpu0.perProcess.get(name) ?? 0) : 0),
            0,
          ),
        threads: new Map(split),
        consumerErrors:
          rescorers.reduce(
            (a, r) => a + r.logs.filter((l) => l.msg === "consumer error").length,
            0,
          ) - errorsBefore,
      };
    };

    const first = await measure(cycles.first);
    report(spec, "first cycle after start", first);
    if (first.stalled) return { ...spec, first };
    // The next cycle once the projection holds this one's scores (so it compares with them).
    await waitFor("projector and sink caught up with the cycle", settled, STARTUP_TIMEOUT_MS);
    const next = await measure(cycles.next);
    report(spec, "next cycle (threads warm)", next);
    return { ...spec, first, next };
  } finally {
    await stopChildren(children);
    await bus.close().catch(() => undefined);
    try {
      const groups = await groupsWithPrefix(admin, prefix);
      if (groups.length > 0) await admin.deleteGroups(groups);
    } catch {
      // best effort: the topics go below either way
    }
    await admin.disconnect().catch(() => undefined);
    await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
    await clickhouse.dropDatabases([label]);
    await clickhouse.close();
    await deleteRedisKeys(config, `${label}:`);
  }
}

async function deleteRedisKeys(config: Config, keyPrefix: string): Promise<void> {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const pattern = `${keyPrefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

const s1 = (v: number | undefined) => (v === undefined ? "-" : `${v.toFixed(1)} s`);

const describe = (r: RoundSpec) =>
  `${r.instances} instance${r.instances === 1 ? "" : "s"} x SCORING_THREADS=${r.threads}`;

const perRow = (r: CycleResult, part: "main" | "scoring") =>
  (([...r.threads.values()].reduce((a, t) => a + t[part], 0) / Math.max(1, r.rows)) * 1000).toFixed(
    1,
  );

function report(spec: RoundSpec, which: string, r: CycleResult): void {
  const cpu = [...r.cpu]
    .filter(([, s]) => Number.isFinite(s))
    .map(([name, s]) => `${name} ${s.toFixed(1)}`)
    .join(", ");
  process.stdout.write(
    `  rescore, ${describe(spec)}, ${which}: ${r.rows} rows in ClickHouse\n` +
      `    fan-out done (${VOYAGES} RescoreRequested on Kafka) ${s1(r.fannedOutS)}; ` +
      `first VoyageScored on Kafka ${s1(r.firstScoreS)}; last ${s1(r.lastScoreS)}; ` +
      `last row in ClickHouse ${s1(r.seconds)}\n` +
      (r.stalled ? `    NOT COMPLETED: ${r.stalled}\n` : "") +
      `    CPU seconds in the window: ${cpu}; machine busy ${(r.machineBusy * 100).toFixed(0)}% ` +
      `of ${CORES} cores, of which other processes on the machine ${r.foreignCpu.toFixed(1)} s; ` +
      `consumer errors logged: ${r.consumerErrors}\n` +
      [...r.threads]
        .map(
          ([name, t]) =>
            `    ${name} CPU by thread: main ${t.main.toFixed(1)}, scoring ${t.scoring.toFixed(1)}, ` +
            `other ${t.other.toFixed(1)}\n`,
        )
        .join("") +
      (r.stalled
        ? ""
        : `    per voyage re-scored: scoring threads ${perRow(r, "scoring")} ms CPU, ` +
          `rescore main threads ${perRow(r, "main")} ms\n`),
  );
}

/** Seconds (against the target) and voyages/s of one cycle kind in each round. */
function figures(kind: string, rounds: ReadonlyArray<readonly [RoundSpec, CycleResult]>): Figure[] {
  const out: Figure[] = [];
  for (const [spec, c] of rounds) {
    const stalled = c.stalled ? ` [NOT COMPLETED: ${c.rows} of ${VOYAGES} rows, stalled]` : "";
    out.push({
      name: `re-score ${VOYAGES} voyages, ${kind}, ${describe(spec)}: cycle landed -> last row in ClickHouse${stalled}`,
      value: round(c.seconds, 1),
      unit: "s",
      target: `< ${TARGET_S} s`,
      met: c.seconds < TARGET_S,
    });
    out.push({
      name: `re-scoring throughput, ${kind}, ${describe(spec)}`,
      value: round(VOYAGES / c.seconds, 0),
      unit: "voyages/s",
    });
  }
  return out;
}

/** One instance's time over two instances' (above 1: two are faster), same threads each. */
function speedup(kind: string, one: CycleResult, two: CycleResult, threads: number): Figure {
  const value = one.seconds / two.seconds;
  return {
    name: `re-scoring speed-up, two instances over one (SCORING_THREADS=${threads} each), ${kind}`,
    value: round(value, 2),
    unit: "x",
    target: "two faster than one",
    met: value > 1,
  };
}

export const rescoreSuite: BenchSuite = {
  name: "rescore",
  needsInfra: true,
  async run() {
    const nowMs = Date.now();
    const latest = cycleAtOrBefore(nowMs, SYNTHETIC.cadence_h);
    const step = SYNTHETIC.cadence_h * HOUR;
    const cycles: Cycles = { registration: latest - 2 * step, first: latest - step, next: latest };
    const t0 = performance.now();
    const templates = await routeTemplates(cycles, nowMs);
    const seed = await seedEvents(templates, nowMs);
    const waypoints = templates.map((t) => t.route.length);
    process.stdout.write(
      `  ${templates.length} routed crossings (${LANES.length} lanes x ${VESSEL_TYPES.length} vessel types, ` +
        `${Math.min(...waypoints)}-${Math.max(...waypoints)} waypoints) in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s; ${VOYAGES} voyages seeded\n`,
    );
    const out: Figure[] = [];
    const target = await rescoreRound({ instances: 1, threads: CORES }, seed, cycles);
    const one = await rescoreRound({ instances: 1, threads: 1 }, seed, cycles);
    const two = await rescoreRound({ instances: 2, threads: 1 }, seed, cycles);
    const rounds = [target, one, two];
    out.push(
      ...figures(
        "first cycle after start",
        rounds.map((r) => [r, r.first] as const),
      ),
    );
    out.push(speedup("first cycle after start", one.first, two.first, 1));
    if (rounds.every((r) => r.next)) {
      out.push(
        ...figures(
          "next cycle",
          rounds.map((r) => [r, r.next as CycleResult] as const),
        ),
      );
      out.push(speedup("next cycle", one.next as CycleResult, two.next as CycleResult, 1));
    }
    return out;
  },
};
