import { randomUUID } from "node:crypto";
import { startAdvisoriesStream } from "../streams/advisories/advisories";
import { startAnalyticsSink } from "../streams/analytics/sink";
import { startEnsembleWorker } from "../streams/ensemble/worker";
import { startMonitoringProjector } from "../streams/monitoring/projector";
import { notifySettings, startNotifyStream } from "../streams/notify/notify";
import { startRescoreFanout } from "../streams/rescore/fanout";
import { startRescoreWorker } from "../streams/rescore/worker";
import { type AppDeps, buildApp } from "./api/app";
import { Drain } from "./api/drain";
import { EnsembleAnalyses } from "./ensemble/analyses";
import { type Config, wantsDevKey } from "./platform/config";
import {
  type ApiKeyStore,
  generateApiKey,
  LayeredApiKeyStore,
  loadKeysFile,
  MemoryApiKeyStore,
  SCOPES,
} from "./platform/keys/api-keys";
import { openManagedKeyStore } from "./platform/keys/open";
import { createLogger, type DestinationStream } from "./platform/logger";
import { openPlatform, type Platform } from "./platform/platform";
import { runUntilSignalled, type ShutdownStep } from "./platform/process";
import { sharedRoutingNetwork } from "./routing/network";
import { createScorer, scoringThreads, WorkerPoolScorer } from "./scoring/scorer";
import { openReanalysis } from "./weather/reanalysis/open";
import { startWeather, type WeatherRuntime } from "./weather/runtime";
import { openDeliveryQueue } from "./webhooks/delivery-queue-open";
import { openWebhookSubscriptions } from "./webhooks/subscriptions-open";

export interface Served {
  url: string;
  devKey?: string;
  platform: Platform;
  weather: WeatherRuntime;
  /** The server's clock: which forecast cycle is due, what "now" is for a departure. */
  now: () => number;
  /**
   * The graceful stop, in order: drain the requests in flight (health answers 503 "draining",
   * new work 503 shutting_down), close the server, stop the streams, close the rest.
   */
  shutdownSteps: readonly ShutdownStep[];
  /** The requests in flight (method and route), for the drain deadline's log line. */
  requestsInFlight(): ReturnType<Drain["requests"]>;
  /** Runs shutdownSteps. */
  close(): Promise<void>;
}

export interface ServeOptions {
  /**
   * The clock for the weather schedule and the API (default the system clock). Tests start it
   * at a fixed instant so that every run scores against the same synthetic cycle, whatever the
   * day and hour it runs; the scoring itself never reads a clock.
   */
  now?: () => number;
  /** Where the logs go (default stdout): tests read what the server logs. */
  logDestination?: DestinationStream;
  /** Told of every route the API registers (fastify's onRoute hook): tests list them. */
  onRoute?: AppDeps["onRoute"];
}

/**
 * The keys this API accepts: exactly those of API_KEYS_FILE when it is set; otherwise the keys
 * issued with `voyage-risk keys create` (Redis in platform mode, a file in the embedded default),
 * beside the dev key minted at start-up when one is wanted.
 */
function keyStoreFor(config: Config): {
  keys: ApiKeyStore;
  devKey?: string;
  close: () => Promise<void>;
} {
  if (config.API_KEYS_FILE) {
    return { keys: loadKeysFile(config.API_KEYS_FILE), close: async () => {} };
  }
  const managed = openManagedKeyStore(config);
  const close = () => managed.close();
  if (!wantsDevKey(config)) return { keys: managed, close };
  const dev = new MemoryApiKeyStore();
  const devKey = generateApiKey();
  dev.add(devKey, "enterprise", SCOPES, "dev key generated at start-up");
  return { keys: new LayeredApiKeyStore([dev, managed]), devKey, close };
}

/**
 * Starts the API. In the embedded default the stream processors run in this same process on the
 * in-process bus; in platform mode they are separate processes (`voyage-risk stream …`).
 */
export async function serve(config: Config, options: ServeOptions = {}): Promise<Served> {
  const now = options.now ?? Date.now;
  const logger = createLogger(config, undefined, options.logDestination);
  const { keys, devKey, close: closeKeys } = keyStoreFor(config);
  // The scoring threads first: they warm up (SCORING_WARM_UP) while the rest starts.
  const pool =
    scoringThreads(config) > 0 ? new WorkerPoolScorer(config, scoringThreads(config)) : undefined;
  let platform: Platform;
  try {
    platform = await openPlatform(config, logger);
  } catch (err) {
    await pool?.close();
    throw err;
  }
  const streams: Array<{ stop(): Promise<void> }> =
    config.VOYAGE_RISK_MODE === "embedded"
      ? [
          await startAnalyticsSink({
            bus: platform.bus,
            analytics: platform.analytics,
            batchSize: config.SINK_BATCH_SIZE,
          }),
          await startMonitoringProjector({ bus: platform.bus, state: platform.state }),
        ]
      : [];
  const weather = await startWeather(platform, {
    landSynthetic: config.WEATHER_SYNTHETIC_CYCLES,
    weatherDir: config.WEATHER_DIR,
    now,
    // Platform mode runs the feeds in `stream weather-feed`; embedded, here when configured.
    runFeeds: config.VOYAGE_RISK_MODE === "embedded",
  });
  const scorer =
    pool ??
    createScorer(config, () => ({
      network: sharedRoutingNetwork,
      provider: weather.provider,
      reanalysis: openReanalysis(config, weather.provider.syntheticWorld()),
    }));
  if (config.VOYAGE_RISK_MODE === "embedded") {
    // Re-scoring on every new forecast cycle, on the same scoring threads as the API.
    const fanout = await startRescoreFanout({ bus: platform.bus, instanceId: randomUUID() });
    streams.push(await startAdvisoriesStream({ bus: platform.bus, instanceId: randomUUID() }));
    streams.push(
      fanout,
      await startRescoreWorker({
        bus: platform.bus,
        state: platform.state,
        scorer,
        onSkipped: (skip) => logger.warn(skip, "voyage not re-scored"),
      }),
      await startEnsembleWorker({
        bus: platform.bus,
        scorer,
        analyses: EnsembleAnalyses.of(platform),
        now,
      }),
    );
  }
  // Redis in platform mode (lazy: nothing connects until the first webhook call), else memory.
  const webhooks = openWebhookSubscriptions(config);
  if (config.VOYAGE_RISK_MODE === "embedded") {
    // Webhook delivery from this process, its queue in memory like the rest of its state.
    const queue = openDeliveryQueue(config);
    const notify = await startNotifyStream({
      bus: platform.bus,
      queue,
      subscriptions: webhooks,
      ...notifySettings(config),
      onError: (error) => logger.warn({ err: error }, "webhook dispatch failed; retrying"),
    });
    streams.push({
      stop: async () => {
        await notify.stop();
        await queue.close();
      },
    });
  }
  const drain = new Drain();
  const app = buildApp({
    platform,
    keys,
    weather,
    scorer,
    now,
    webhooks,
    drain,
    onRoute: options.onRoute,
  });
  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (err) {
    await Promise.allSettled(streams.map((s) => s.stop()));
    await weather.close();
    await scorer.close();
    await platform.close();
    await closeKeys();
    await webhooks.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  const shutdownSteps: ShutdownStep[] = [
    { name: "draining the requests in flight", run: () => drain.drain() },
    { name: "closing the HTTP server", run: () => app.close().then(() => undefined) },
    // The streams before the scorer: a re-scoring worker may be waiting on the scoring threads.
    {
      name: "stopping the stream processors",
      run: async () => {
        await Promise.allSettled(streams.map((s) => s.stop()));
      },
    },
    {
      name: "closing weather and the scoring threads",
      run: async () => {
        await weather.close();
        await scorer.close();
      },
    },
    {
      name: "closing the platform's adapters",
      run: async () => {
        await platform.close();
        await closeKeys();
        await webhooks.close();
      },
    },
  ];
  return {
    url,
    devKey,
    platform,
    weather,
    now,
    shutdownSteps,
    requestsInFlight: () => drain.requests(),
    close: async () => {
      for (const step of shutdownSteps) await step.run();
    },
  };
}

/**
 * The banner's voyage: Rotterdam to New York, leaving at 06 UTC the day after `nowMs`, so the
 * printed curl works whenever it is run within the week after start-up.
 */
function exampleVoyage(nowMs: number): string {
  const tomorrow = new Date(nowMs + 86_400_000);
  const departure = Date.UTC(
    tomorrow.getUTCFullYear(),
    tomorrow.getUTCMonth(),
    tomorrow.getUTCDate(),
    6,
  );
  return JSON.stringify({
    vessel: { type: "cargo_small" },
    voyage: {
      origin: { lat: 51.98, lon: 3.9, name: "Rotterdam" },
      destination: { lat: 40.45, lon: -73.8, name: "New York" },
      departure_utc: new Date(departure).toISOString(),
    },
  });
}

/** What a newcomer sees after `npm start`: where it runs, a working key and a curl to try. */
export function banner(served: Served): string {
  const { url, devKey, platform } = served;
  const lines = [
    "",
    `voyage-risk ${platform.config.VOYAGE_RISK_MODE} mode listening on ${url}`,
    platform.config.VOYAGE_RISK_MODE === "embedded"
      ? "  in-process event bus, embedded analytics, in-memory limits (nothing persists across restarts)"
      : `  Kafka ${platform.config.KAFKA_BROKERS.join(",")}, ClickHouse ${platform.config.CLICKHOUSE_URL}, Redis`,
  ];
  if (devKey) {
    lines.push(
      "",
      `  dev API key (enterprise plan, all scopes; new at every start): ${devKey}`,
      "",
      "  try:",
      `    curl -s ${url}/api/v1/underwriting/health`,
      `    curl -s -H 'X-API-Key: ${devKey}' ${url}/api/v1/whoami`,
      "  score a voyage (the first request builds the routing network: a few seconds):",
      `    curl -s -H 'X-API-Key: ${devKey}' -H 'Content-Type: application/json' ${url}/api/v1/underwriting/voyage-risk -d '${exampleVoyage(served.now())}'`,
    );
  } else {
    lines.push(
      "",
      platform.config.API_KEYS_FILE
        ? "  keys from API_KEYS_FILE"
        : `  keys issued with \`npx voyage-risk keys create --plan <plan> --scopes <a,b>\` (${platform.config.VOYAGE_RISK_MODE === "platform" ? "Redis" : "the key file"}); with none, authenticated calls answer 503`,
    );
    lines.push(`  try: curl -s ${url}/api/v1/underwriting/health`);
  }
  return `${lines.join("\n")}\n`;
}

export async function serveUntilSignalled(config: Config): Promise<void> {
  const served = await serve(config);
  process.stdout.write(banner(served));
  await runUntilSignalled(served.platform.logger, served.shutdownSteps, {
    deadlineMs: config.DRAIN_DEADLINE_MS,
    pending: () => ({ requests_in_flight: served.requestsInFlight() }),
  });
}
