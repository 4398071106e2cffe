import { parseArgs } from "node:util";
import { z } from "zod";
import { fail, joinNegativeValues, printJson, tryParse } from "../cli-output";
import { round } from "../engine/round";
import { missingOf } from "../engine/weather/fallback";
import {
  CONDITIONS,
  type Condition,
  type PartialWeatherField,
  type SeaConditions,
  type WeatherField,
} from "../engine/weather/types";
import { clickHouseOptionsFromConfig } from "../platform/analytics/clickhouse";
import type { Config } from "../platform/config";
import { TOPIC } from "../platform/events/topics";
import { crashAt } from "../platform/failpoints";
import { createLogger } from "../platform/logger";
import { openPlatform } from "../platform/platform";
import { cycleLandedEvent, followCycles, landCycle } from "./cycle-events";
import { CycleRegistry } from "./cycle-registry";
import { CycleStore } from "./cycle-store";
import { IngestError, ingestGribFiles } from "./ingest";
import { cycleAtOrBefore, WEATHER_MODELS, weatherModel } from "./models";
import { WeatherProvider, WeatherUnavailableError } from "./provider";
import { ClickHouseReanalysis } from "./reanalysis/clickhouse";
import { REANALYSIS_FIRST_YEAR, REANALYSIS_LAST_YEAR } from "./reanalysis/grid";
import { loadSyntheticReanalysis, ReanalysisLoadError } from "./reanalysis/loader";
import { openReanalysis, reanalysisGrid } from "./reanalysis/open";
import { cellsAround } from "./reanalysis/port";

/**
 * `voyage-risk weather ingest <files…> --model <m>`: decode a cycle's GRIB2 files into the cycle
 *   store and land WeatherCycleLanded.
 * `voyage-risk weather fetch --model <m> [--cycle iso|latest] [--to-h h] [--base-url url]`: fetch a
 *   cycle from its provider (feeds/), ingest it and land WeatherCycleLanded.
 * `voyage-risk weather cycles`: what is loaded (the store, and in platform mode weather.cycles).
 * `voyage-risk weather sample --model <m> [--cycle iso] [--member n] --lat d --lon d
 *   (--time iso | --from iso --to iso --every-h h)`: conditions as JSON, as the cycle has them:
 *   a condition its model lacks is null and named in `missing` (scoring takes it from elsewhere).
 */
export async function runWeatherCommand(argv: string[], config: Config): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case "ingest":
      return ingest(rest, config);
    case "fetch": {
      const { fetchCommand } = await import("./feeds/cli");
      return fetchCommand(rest, config);
    }
    case "cycles":
      return cycles(config);
    case "sample":
      return sampleCommand(rest, config);
    case "reanalysis":
      return reanalysisCommand(rest, config);
    default:
      return fail(
        "invalid_input",
        `unknown weather command '${sub ?? ""}' (ingest, fetch, cycles, sample, reanalysis)`,
      );
  }
}

async function ingest(argv: string[], config: Config): Promise<number> {
  const args = tryParse(() =>
    parseArgs({
      args: argv,
      options: { model: { type: "string" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if ("error" in args) return fail("invalid_input", args.error);
  const { values, positionals } = args;
  if (!values.model) return fail("invalid_input", "--model is required (e.g. gefs, gfs-wave)");
  const store = new CycleStore(config.WEATHER_DIR);
  let result: Awaited<ReturnType<typeof ingestGribFiles>>;
  try {
    result = await ingestGribFiles(positionals, values.model, store, Date.now());
  } catch (err) {
    if (err instanceof IngestError) return fail(err.code, err.message, err.details);
    throw err;
  }
  const platform = await openPlatform(config, createLogger({ ...config, LOG_LEVEL: "warn" }));
  try {
    const event = cycleLandedEvent(result.landed, Date.now());
    await landCycle(platform.bus, new CycleRegistry(), event);
    printJson({
      landed: { event_id: event.value.event_id, topic: TOPIC.weatherCycles, ...result.landed },
      stored_in: config.WEATHER_DIR,
      manifest: result.manifest,
      ...(config.VOYAGE_RISK_MODE === "embedded"
        ? {
            note: "embedded mode: a running embedded server picks the cycle up from WEATHER_DIR at its next start, or ingest through POST /api/v1/admin/weather-cycles",
          }
        : {}),
    });
    return 0;
  } finally {
    await platform.close();
  }
}

async function cycles(config: Config): Promise<number> {
  const store = new CycleStore(config.WEATHER_DIR);
  const stored = (await store.manifests()).map((m) => ({
    model: m.model,
    cycle_utc: m.cycle_utc,
    members: m.members.length,
    parameters: m.parameters,
    horizon_h: m.horizon_h,
    resolution_deg: m.resolution_deg,
  }));
  const out: Record<string, unknown> = {
    models: Object.values(WEATHER_MODELS).map((m) => ({
      model: m.id,
      description: m.description,
      cadence_h: m.cadence_h,
      members: m.members,
      horizon_h: m.horizon_h,
    })),
    stored_cycles: stored,
    synthetic:
      "synthetic cycles are generated on demand for any 6-hourly cycle time (deterministic per cycle and member)",
  };
  if (config.VOYAGE_RISK_MODE === "platform") {
    const platform = await openPlatform(config, createLogger({ ...config, LOG_LEVEL: "warn" }));
    try {
      const registry = new CycleRegistry();
      const expected = [...(await platform.bus.endOffsets(TOPIC.weatherCycles)).values()].reduce(
        (s, o) => s + Number(o),
        0,
      );
      let seen = 0;
      const sub = await followCycles(
        platform.bus,
        registry,
        `cli-${process.pid}-${Date.now()}`,
        () => seen++,
      );
      const deadline = Date.now() + 30_000;
      while (seen < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await sub.stop();
      out.landed = registry.freshness(Date.now());
    } finally {
      await platform.close();
    }
  }
  printJson(out);
  return 0;
}

const iso = z.iso.datetime({ offset: true }).transform((s) => Date.parse(s));
const sampleArgs = z
  .object({
    model: z.string().min(1),
    cycle: iso.optional(),
    member: z.coerce.number().int().min(0).default(0),
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(360),
    time: iso.optional(),
    from: iso.optional(),
    to: iso.optional(),
    "every-h": z.coerce
      .number()
      .positive()
      .max(24 * 31)
      .optional(),
  })
  .refine(
    (a) =>
      (a.time !== undefined) !==
      (a.from !== undefined && a.to !== undefined && a["every-h"] !== undefined),
    "give either --time, or --from, --to and --every-h",
  )
  .refine(
    (a) => a.from === undefined || a.to === undefined || a.to >= a.from,
    "--to before --from",
  );

/** Most points one series prints. */
const MAX_SERIES = 10_000;

async function sampleCommand(argv: string[], config: Config): Promise<number> {
  const args = tryParse(() =>
    parseArgs({
      args: joinNegativeValues(argv),
      options: Object.fromEntries(
        ["model", "cycle", "member", "lat", "lon", "time", "from", "to", "every-h"].map((k) => [
          k,
          { type: "string" as const },
        ]),
      ),
      strict: true,
    }),
  );
  if ("error" in args) return fail("invalid_input", args.error);
  const parsed = sampleArgs.safeParse(args.values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      "invalid_input",
      `${issue?.path.length ? `--${issue.path.join(".")}: ` : ""}${issue?.message}`,
    );
  }
  const a = parsed.data;
  const times =
    a.time !== undefined
      ? [a.time]
      : Array.from(
          {
            length:
              Math.floor(
                ((a.to as number) - (a.from as number)) / ((a["every-h"] as number) * 3_600_000),
              ) + 1,
          },
          (_, i) => (a.from as number) + i * (a["every-h"] as number) * 3_600_000,
        );
  if (times.length > MAX_SERIES) {
    return fail("invalid_input", `a series of ${times.length} points is more than ${MAX_SERIES}`);
  }
  const provider = new WeatherProvider(
    new CycleStore(config.WEATHER_DIR),
    config.ROUTING_CACHE_DIR,
  );
  let field: WeatherField | PartialWeatherField;
  let cycleUtc: string | null = null;
  try {
    if (a.model === "reanalysis") {
      const store = openReanalysis(config, provider.syntheticWorld());
      try {
        const cells = cellsAround(store.grid, [{ lat: a.lat, lon: a.lon }]);
        field = await store.window(cells, times[0] as number, times.at(-1) as number);
      } finally {
        await store.close();
      }
    } else {
      const model = weatherModel(a.model);
      if (!model)
        return fail("unknown_model", `unknown model '${a.model}'`, {
          known: [...Object.keys(WEATHER_MODELS), "reanalysis"],
        });
      let cycleMs = a.cycle;
      if (cycleMs === undefined) {
        // The synthetic model's cycle at or before the time asked, and never one not yet issued:
        // a time ahead is sampled from the latest cycle issued by now (a forecast), as a user
        // of the real models would get.
        if (model.synthetic)
          cycleMs = cycleAtOrBefore(Math.min(times[0] as number, Date.now()), model.cadence_h);
        else {
          const latest = (await new CycleStore(config.WEATHER_DIR).manifests())
            .filter((m) => m.model === a.model)
            .at(-1);
          if (!latest) return fail("no_cycle", `no ${a.model} cycle in ${config.WEATHER_DIR}`);
          cycleMs = latest.cycle_ms;
        }
      }
      cycleUtc = new Date(cycleMs).toISOString();
      field = await provider.field(a.model, cycleMs, a.member);
    }
  } catch (err) {
    if (err instanceof WeatherUnavailableError)
      return fail("weather_unavailable", err.message, err.details);
    throw err;
  }
  const missing = missingOf(field);
  const rows = times.map((t) => ({
    time_utc: new Date(t).toISOString(),
    lat: a.lat,
    lon: a.lon,
    ...roundConditions(field.at(a.lat, a.lon, t), missing),
  }));
  printJson({
    model: a.model,
    cycle_utc: cycleUtc,
    member: a.model === "reanalysis" ? null : a.member,
    source: field.label,
    missing,
    conditions: a.time !== undefined ? rows[0] : rows,
  });
  return 0;
}

/** Decimals each condition prints with. */
const DECIMALS: Record<Condition, number> = {
  hs_m: 2,
  wave_period_s: 1,
  wave_dir_deg: 0,
  wind_kts: 1,
  wind_dir_deg: 0,
  swell_hs_m: 2,
  swell_period_s: 1,
  swell_dir_deg: 0,
  current_kts: 2,
  current_dir_deg: 0,
};

/** The conditions rounded for printing, null for those the field lacks. */
function roundConditions(
  c: SeaConditions,
  missing: readonly Condition[],
): Record<Condition, number | null> {
  const out = {} as Record<Condition, number | null>;
  for (const key of CONDITIONS) {
    out[key] = missing.includes(key) ? null : round(c[key], DECIMALS[key]);
  }
  return out;
}

/**
 * `weather reanalysis status`: the grid and the years available.
 * `weather reanalysis load [--from-year y] [--to-year y] [--replace]`: fills the ClickHouse table
 * from the synthetic climate (platform mode), a year at a time, printing progress; run it again
 * to resume.
 */
async function reanalysisCommand(argv: string[], config: Config): Promise<number> {
  const [action, ...rest] = argv;
  const args = tryParse(() =>
    parseArgs({
      args: rest,
      options: {
        "from-year": { type: "string" },
        "to-year": { type: "string" },
        replace: { type: "boolean" },
      },
      strict: true,
    }),
  );
  if ("error" in args) return fail("invalid_input", args.error);
  const provider = new WeatherProvider(
    new CycleStore(config.WEATHER_DIR),
    config.ROUTING_CACHE_DIR,
  );
  if (action === "status") {
    const store = openReanalysis(config, provider.syntheticWorld());
    try {
      const status = await store.status();
      printJson({
        ...status,
        ocean_cells: store.grid.oceanCount,
        years_available: status.years.length,
      });
      return 0;
    } finally {
      await store.close();
    }
  }
  if (action !== "load") return fail("invalid_input", "use: weather reanalysis status|load");
  const years = z
    .object({
      "from-year": z.coerce
        .number()
        .int()
        .min(REANALYSIS_FIRST_YEAR)
        .max(REANALYSIS_LAST_YEAR)
        .default(REANALYSIS_FIRST_YEAR),
      "to-year": z.coerce
        .number()
        .int()
        .min(REANALYSIS_FIRST_YEAR)
        .max(REANALYSIS_LAST_YEAR)
        .default(REANALYSIS_LAST_YEAR),
    })
    .refine((y) => y["from-year"] <= y["to-year"], "--from-year after --to-year")
    .safeParse(args.values);
  if (!years.success) return fail("invalid_input", years.error.issues[0]?.message ?? "bad years");
  if (config.VOYAGE_RISK_MODE !== "platform") {
    printJson({
      loaded: [],
      note: "embedded mode computes the synthetic reanalysis on demand; nothing to load (set VOYAGE_RISK_MODE=platform to fill ClickHouse)",
    });
    return 0;
  }
  const platform = await openPlatform(config, createLogger({ ...config, LOG_LEVEL: "warn" }));
  await platform.close(); // opened for its migrations: the reanalysis tables exist from here on
  const grid = reanalysisGrid(config);
  const store = new ClickHouseReanalysis(grid, clickHouseOptionsFromConfig(config));
  try {
    const result = await loadSyntheticReanalysis({
      store,
      climate: provider.syntheticWorld(),
      fromYear: years.data["from-year"],
      toYear: years.data["to-year"],
      replace: args.values.replace ?? false,
      afterChunk: crashAt(config, "reanalysis.after-chunk"),
      onProgress: (p) =>
        process.stderr.write(
          `reanalysis ${p.year} (${p.yearNumber}/${p.years}) ${p.state}: ${p.rowsDone.toLocaleString("en")} / ${p.rowsInYear.toLocaleString("en")} rows${p.rate > 0 ? `, ${Math.round(p.rate).toLocaleString("en")} rows/s` : ""}\n`,
        ),
    });
    printJson({ ...result, grid: grid.spec, ocean_cells: grid.oceanCount });
    return 0;
  } catch (err) {
    if (err instanceof ReanalysisLoadError) return fail(err.code, err.message);
    throw err;
  } finally {
    await store.close();
  }
}
