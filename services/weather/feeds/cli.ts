import { parseArgs } from "node:util";
import { z } from "zod";
import { fail, printJson, tryParse } from "../../cli-output";
import type { Config } from "../../platform/config";
import { TOPIC } from "../../platform/events/topics";
import { createLogger } from "../../platform/logger";
import { openPlatform } from "../../platform/platform";
import { CycleRegistry } from "../cycle-registry";
import { CycleStore } from "../cycle-store";
import { IngestError } from "../ingest";
import { FeedError } from "./errors";
import { fetchCycle, latestCompleteCycle } from "./fetch-cycle";
import { FEEDS, type Feed, feedFor } from "./layouts";
import { pollerSettings } from "./poller";
import { terminalProgress } from "./progress";

/**
 * `voyage-risk weather fetch --model <m> [--cycle <iso>|latest] [--to-h <hours>] [--base-url <url>]`:
 * fetches one cycle from the provider (or the root given), lands it, and prints what it did,
 * bytes included. Progress goes to stderr while stdout is a terminal.
 */

const args = z.object({
  model: z
    .string({ error: "--model is required (gfs, gefs, ecmwf-ens)" })
    .refine((m) => feedFor(m) !== undefined, {
      message: `no feed for this model (${Object.keys(FEEDS).join(", ")})`,
    }),
  cycle: z.union([z.literal("latest"), z.iso.datetime({ offset: true })]).default("latest"),
  "to-h": z.coerce.number().int().min(0).max(1000).optional(),
  "base-url": z.url().optional(),
});

export async function fetchCommand(argv: string[], config: Config): Promise<number> {
  const parsedArgs = tryParse(() =>
    parseArgs({
      args: argv,
      options: Object.fromEntries(
        ["model", "cycle", "to-h", "base-url"].map((k) => [k, { type: "string" as const }]),
      ),
      strict: true,
    }),
  );
  if ("error" in parsedArgs) return fail("invalid_input", parsedArgs.error);
  const parsed = args.safeParse(parsedArgs.values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      "invalid_input",
      `${issue?.path.length ? `--${issue.path.join(".")}: ` : ""}${issue?.message}`,
    );
  }
  const a = parsed.data;
  const feed = feedFor(a.model) as Feed;
  const settings = pollerSettings(config);
  const baseUrl = a["base-url"] ?? settings.baseUrls[feed.model];
  const toH = a["to-h"] ?? settings.toH;

  let cycleMs: number;
  try {
    if (a.cycle === "latest") {
      cycleMs = await latestCompleteCycle(feed, Date.now(), { baseUrl, http: settings.http, toH });
    } else {
      cycleMs = Date.parse(a.cycle);
      if (cycleMs % 3_600_000 !== 0 || !feed.cycleHours.includes(new Date(cycleMs).getUTCHours())) {
        return fail(
          "invalid_input",
          `--cycle: ${feed.model} cycles start at ${feed.cycleHours.map((h) => `${String(h).padStart(2, "0")}`).join("/")} UTC`,
        );
      }
    }
  } catch (err) {
    if (err instanceof FeedError) return fail(err.code, err.message, err.details);
    throw err;
  }

  const platform = await openPlatform(config, createLogger({ ...config, LOG_LEVEL: "warn" }));
  try {
    const result = await fetchCycle(
      {
        feed,
        store: new CycleStore(config.WEATHER_DIR),
        bus: platform.bus,
        registry: new CycleRegistry(),
        stagingDir: settings.stagingDir,
        baseUrl,
        http: settings.http,
        now: Date.now,
        onProgress: process.stdout.isTTY ? terminalProgress(process.stderr) : undefined,
      },
      cycleMs,
      toH,
    );
    printJson({
      model: feed.model,
      cycle_utc: new Date(cycleMs).toISOString(),
      landed: { topic: TOPIC.weatherCycles, ...result.landed },
      already_stored: result.already_stored,
      bytes_fetched: result.bytes_fetched,
      bytes_total: result.bytes_total,
      steps: result.steps,
      files: result.files,
      files_resumed: result.files_resumed,
      messages: result.messages,
      requests: result.requests,
      source: result.source,
      stored_in: config.WEATHER_DIR,
      ...(config.VOYAGE_RISK_MODE === "embedded"
        ? {
            note: "embedded mode: a running embedded server picks the cycle up from WEATHER_DIR at its next start",
          }
        : {}),
    });
    return 0;
  } catch (err) {
    if (err instanceof FeedError || err instanceof IngestError) {
      return fail(err.code, err.message, err.details);
    }
    throw err;
  } finally {
    await platform.close();
  }
}
