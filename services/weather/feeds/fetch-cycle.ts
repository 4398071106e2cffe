import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { EventBus } from "../../platform/events/port";
import { cycleLandedEvent, landCycle } from "../cycle-events";
import type { CycleFields, CycleRegistry } from "../cycle-registry";
import type { CycleStore } from "../cycle-store";
import { decodeGrib, type GribField } from "../grib/decode";
import { GribError } from "../grib/errors";
import { ingestMemberFiles, landedFields } from "../ingest";
import { cycleAtOrBefore } from "../models";
import { FeedError } from "./errors";
import { FeedHttp, type HttpOptions } from "./http";
import {
  InventoryError,
  mergeRanges,
  NeedsFileSize,
  parseInventory,
  selectMessages,
  type WantedMessage,
} from "./inventory";
import { type Feed, type FeedProduct, filesOfStep, inventoryPath, stepsOf, urlOf } from "./layouts";

/**
 * Fetches one cycle of a feed and lands it: every file's inventory first (a file not yet on the
 * server means the cycle is not complete, and nothing is downloaded), then the wanted messages
 * by byte range into a staging directory keyed by model and cycle, each file decoded before it
 * is kept, then the existing ingest (all or nothing into the cycle store) and WeatherCycleLanded.
 * A crash leaves the staging directory: the next fetch of the cycle skips the files already
 * kept and resumes a partial one where its bytes stop. A cycle already in the store is not
 * fetched again; its event is published again, under the same id (one event to every consumer).
 */

export interface FetchCycleDeps {
  feed: Feed;
  store: CycleStore;
  bus: EventBus;
  registry: CycleRegistry;
  /** Partial and checked files, by model and cycle, until the cycle lands. */
  stagingDir: string;
  /** Replaces the provider's root (a mirror, a test server); the layout below it stays. */
  baseUrl?: string;
  http: Omit<HttpOptions, "seed" | "onBytes">;
  now: () => number;
  onProgress?: (p: FetchProgress) => void;
}

export interface FetchProgress {
  model: string;
  cycle_utc: string;
  phase: "inventories" | "downloading" | "ingesting" | "landed";
  bytes: number;
  bytes_total: number;
  messages: number;
  messages_total: number;
  files: number;
  files_total: number;
  elapsed_ms: number;
  /** Seconds left at the rate so far (null before any byte). */
  eta_s: number | null;
}

export interface FetchResult {
  landed: CycleFields & { event_id: string };
  /** The cycle was already in the store: nothing fetched, its event published again. */
  already_stored: boolean;
  steps: number;
  files: number;
  messages: number;
  /** GRIB2 bytes received by this run (a resumed run counts only what it fetched). */
  bytes_fetched: number;
  /** GRIB2 bytes of the cycle's wanted messages, all files. */
  bytes_total: number;
  /** Files found already checked in the staging directory (a resumed fetch). */
  files_resumed: number;
  requests: number;
  source: string;
}

/** Concurrent requests to the provider (a few: their servers throttle heavier clients). */
const CONCURRENCY = 4;
/** A file whose bytes do not decode is fetched again once before the cycle is given up. */
const DECODE_ATTEMPTS = 2;

interface FilePlan {
  product: FeedProduct;
  step: number;
  members: readonly number[];
  url: string;
  inventoryUrl: string;
  /** Staged as `<staged>.part` while downloading, `<staged>.done` once checked and split. */
  staged: string;
  /** The checked messages of each member, a file per member (ingested member by member). */
  memberFile: (member: number) => string;
  messages: WantedMessage[];
}

export async function fetchCycle(deps: FetchCycleDeps, cycleMs: number, toH?: number) {
  const { feed } = deps;
  const cycleUtc = new Date(cycleMs).toISOString();
  const root = deps.baseUrl ?? feed.root;
  const source = `${feed.provider} (${root}): ${feed.products.map((p) => p.id).join(" + ")}`;

  const stored = (await deps.store.manifests()).find(
    (m) => m.model === feed.model && m.cycle_ms === cycleMs,
  );
  if (stored) {
    const event = cycleLandedEvent(landedFields(stored), deps.now());
    await landCycle(deps.bus, deps.registry, event);
    return {
      landed: { ...landedFields(stored), event_id: event.value.event_id },
      already_stored: true,
      steps: 0,
      files: 0,
      messages: 0,
      bytes_fetched: 0,
      bytes_total: 0,
      files_resumed: 0,
      requests: 0,
      source: stored.source ?? source,
    } satisfies FetchResult;
  }

  const started = deps.now();
  const progress: FetchProgress = {
    model: feed.model,
    cycle_utc: cycleUtc,
    phase: "inventories",
    bytes: 0,
    bytes_total: 0,
    messages: 0,
    messages_total: 0,
    files: 0,
    files_total: 0,
    elapsed_ms: 0,
    eta_s: null,
  };
  const report = () => {
    progress.elapsed_ms = deps.now() - started;
    const rate = progress.bytes / Math.max(progress.elapsed_ms, 1);
    progress.eta_s =
      progress.bytes > 0 ? Math.round((progress.bytes_total - progress.bytes) / rate / 1000) : null;
    deps.onProgress?.({ ...progress });
  };
  const http = new FeedHttp({
    ...deps.http,
    seed: seedOf(`${feed.model}:${cycleMs}`),
    onBytes: (n) => {
      progress.bytes += n;
      report();
    },
  });

  const cycleDir = join(deps.stagingDir, feed.model, cycleUtc);
  await mkdir(cycleDir, { recursive: true });
  const steps = stepsOf(feed, cycleMs, toH);
  const plans: FilePlan[] = steps.flatMap((step) =>
    feed.products.flatMap((product) =>
      filesOfStep(feed, product, cycleMs, step).map((file) => {
        const f = `f${String(step).padStart(3, "0")}`;
        const who = file.members.length === 1 ? `m${file.members[0]}` : "all";
        return {
          product,
          step,
          members: file.members,
          url: urlOf(root, file.path),
          inventoryUrl: urlOf(root, inventoryPath(product, file.path)),
          staged: join(cycleDir, `${product.id}.${who}.${f}`),
          memberFile: (m: number) => join(cycleDir, `${product.id}.m${m}.${f}.grib2`),
          messages: [],
        };
      }),
    ),
  );
  progress.files_total = plans.length;
  report();

  // 1. Every inventory: the cycle is complete only if every file is there.
  const missing: string[] = [];
  await pool(plans, CONCURRENCY, async (plan) => {
    const text = await http.text(plan.inventoryUrl);
    if (text === null) {
      missing.push(plan.inventoryUrl);
      return;
    }
    plan.messages = await wantedMessages(http, plan, text);
  });
  if (missing.length > 0) {
    throw new FeedError(
      "feed_not_published",
      `${feed.model} cycle ${cycleUtc} is not complete on the server: ${missing.length} of ${plans.length} files are not published yet`,
      {
        model: feed.model,
        cycle_utc: cycleUtc,
        missing: missing.sort().slice(0, 5),
        missing_count: missing.length,
      },
    );
  }
  progress.messages_total = plans.reduce((s, p) => s + p.messages.length, 0);
  progress.bytes_total = plans.reduce(
    (s, p) => s + p.messages.reduce((t, m) => t + m.length, 0),
    0,
  );

  // 2. The wanted bytes of every file, each file decoded and checked before it is kept.
  progress.phase = "downloading";
  let resumed = 0;
  await pool(plans, CONCURRENCY, async (plan) => {
    if (await exists(`${plan.staged}.done`)) {
      resumed++;
      progress.bytes_total -= plan.messages.reduce((t, m) => t + m.length, 0);
    } else {
      await downloadChecked(http, plan, cycleMs);
    }
    progress.files++;
    progress.messages += plan.messages.length;
    report();
  });

  // 3. The ingest, member by member: decoded, checked complete, stored whole or not at all.
  progress.phase = "ingesting";
  report();
  const byMember = new Map(
    feed.members.map((m) => [
      m,
      plans.filter((p) => p.members.includes(m)).map((p) => p.memberFile(m)),
    ]),
  );
  const result = await ingestMemberFiles(byMember, feed.model, deps.store, deps.now(), {
    source,
  });
  const event = cycleLandedEvent(result.landed, deps.now());
  await landCycle(deps.bus, deps.registry, event);
  progress.phase = "landed";
  report();
  await rm(cycleDir, { recursive: true, force: true });

  return {
    landed: { ...result.landed, event_id: event.value.event_id },
    already_stored: false,
    steps: steps.length,
    files: plans.length,
    messages: progress.messages_total,
    bytes_fetched: http.bytes,
    bytes_total: plans.reduce((s, p) => s + p.messages.reduce((t, m) => t + m.length, 0), 0),
    files_resumed: resumed,
    requests: http.requests,
    source,
  } satisfies FetchResult;
}

async function wantedMessages(http: FeedHttp, plan: FilePlan, text: string) {
  const fail = (err: InventoryError) =>
    new FeedError("feed_bad_inventory", `${plan.inventoryUrl}: ${err.message}`, {
      url: plan.inventoryUrl,
      ...err.details,
    });
  try {
    const entries = parseInventory(plan.product, text);
    try {
      return selectMessages(plan.product, entries, plan.members);
    } catch (err) {
      if (!(err instanceof NeedsFileSize)) throw err;
      // The last message of a wgrib2 inventory ends with the file: ask for its size.
      const size = await http.size(plan.url);
      if (size === null) {
        throw new FeedError("feed_not_published", `${plan.url} is not published yet`, {
          url: plan.url,
        });
      }
      return selectMessages(plan.product, entries, plan.members, size);
    }
  } catch (err) {
    if (err instanceof InventoryError) throw fail(err);
    throw err;
  }
}

/**
 * Downloads a file's wanted ranges into `<staged>.part` (resuming its bytes) and, once every
 * message decodes and is the cycle, step and member expected, writes each member's messages to
 * its own file and marks the file done.
 */
async function downloadChecked(http: FeedHttp, plan: FilePlan, cycleMs: number): Promise<void> {
  const part = `${plan.staged}.part`;
  for (let attempt = 1; ; attempt++) {
    await http.download(plan.url, mergeRanges(plan.messages), part);
    const bytes = await readFile(part);
    const checked = checkMessages(bytes, plan, cycleMs);
    if (!(checked instanceof FeedError)) {
      for (const member of plan.members) {
        const own = checked.filter((m) => m.member === member);
        await writeFile(
          plan.memberFile(member),
          Buffer.concat(own.map((m) => bytes.subarray(m.offset, m.offset + m.length))),
        );
      }
      await writeFile(`${plan.staged}.done`, "");
      await rm(part, { force: true });
      return;
    }
    await rm(part, { force: true });
    if (attempt >= DECODE_ATTEMPTS) throw checked;
  }
}

/** The messages of the fetched bytes with their members, or why they are not the ones wanted. */
function checkMessages(
  bytes: Buffer,
  plan: FilePlan,
  cycleMs: number,
): { offset: number; length: number; member: number }[] | FeedError {
  let messages: ReturnType<typeof decodeGrib>;
  try {
    messages = decodeGrib(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  } catch (err) {
    if (!(err instanceof GribError)) throw err;
    return new FeedError(
      "feed_bad_grib",
      `${plan.url}: the fetched messages do not decode: ${err.message}`,
      { url: plan.url, grib_code: err.code, ...err.details },
    );
  }
  if (messages.length !== plan.messages.length) {
    return new FeedError(
      "feed_unexpected_message",
      `${plan.url}: ${messages.length} messages decoded where the inventory gave ${plan.messages.length}`,
      { url: plan.url },
    );
  }
  for (const field of messages.flatMap((m) => m.fields)) {
    const member = memberOf(field);
    const stepH = (field.product.validTimeMs - field.identification.referenceTimeMs) / 3_600_000;
    if (
      field.identification.referenceTimeMs !== cycleMs ||
      !plan.members.includes(member) ||
      (field.product.statistical === undefined && stepH !== plan.step)
    ) {
      return new FeedError(
        "feed_unexpected_message",
        `${plan.url}: a message is of cycle ${new Date(field.identification.referenceTimeMs).toISOString()}, step ${stepH} h, member ${member}; expected step ${plan.step} h of this cycle`,
        { url: plan.url, offset: field.offset },
      );
    }
  }
  return messages.map((m) => ({
    offset: m.offset,
    length: m.length,
    member: memberOf(m.fields[0] as GribField),
  }));
}

const memberOf = (field: GribField) => field.product.ensemble?.perturbationNumber ?? 0;

/**
 * The newest cycle of the feed that is complete on the server, looking back `lookback` cycles
 * from `nowMs`: complete when the inventories of its last step are published for every product
 * and member (providers publish steps in order; the fetch checks every file anyway).
 */
export async function latestCompleteCycle(
  feed: Feed,
  nowMs: number,
  options: {
    baseUrl?: string;
    http: Omit<HttpOptions, "seed" | "onBytes">;
    toH?: number;
    lookback?: number;
  },
): Promise<number> {
  const root = options.baseUrl ?? feed.root;
  const http = new FeedHttp({ ...options.http, seed: seedOf(`${feed.model}:latest`) });
  const tried: string[] = [];
  for (const cycleMs of recentCycles(feed, nowMs, options.lookback ?? 8)) {
    const last = stepsOf(feed, cycleMs, options.toH).at(-1);
    if (last === undefined) continue;
    const files = feed.products.flatMap((p) =>
      filesOfStep(feed, p, cycleMs, last).map((f) => urlOf(root, inventoryPath(p, f.path))),
    );
    const found = await Promise.all(files.map((u) => http.size(u)));
    if (found.every((s) => s !== null)) return cycleMs;
    tried.push(new Date(cycleMs).toISOString());
  }
  throw new FeedError(
    "feed_no_complete_cycle",
    `no complete ${feed.model} cycle on the server among the last ${tried.length} (${tried.at(-1)} to ${tried[0]})`,
    { model: feed.model, tried },
  );
}

/** The feed's cycle times at or before `nowMs`, newest first. */
export function recentCycles(feed: Feed, nowMs: number, count: number): number[] {
  const out: number[] = [];
  let t = cycleAtOrBefore(nowMs, 1);
  while (out.length < count) {
    if (feed.cycleHours.includes(new Date(t).getUTCHours())) out.push(t);
    t -= 3_600_000;
  }
  return out;
}

/** FNV-1a (Fowler, Noll and Vo 1991) of a string: the jitter's seed for a cycle. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` over `items`, at most `n` at a time; the first failure rejects (after the others settle). */
async function pool<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const errors: unknown[] = [];
  const runners = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (err) {
        errors.push(err);
      }
    }
  });
  await Promise.all(runners);
  if (errors.length > 0) throw errors[0];
}
