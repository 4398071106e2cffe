import { z } from "zod";
import { FEEDS, feedFor } from "../weather/feeds/layouts";
import { parseAllowlist } from "../webhooks/destination";

/**
 * The one place that reads the environment. Every variable is documented in README.md
 * ("Configuration"); nothing else in services/ or streams/ reads process.env.
 */

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const csv = z.string().transform((s) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean),
);

const port = z.coerce.number().int().min(0).max(65535);

/** A retention bound: a positive integer, or -1 for none (Kafka's spelling). */
const retention = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(-1)
    .refine((v) => v !== 0, "must be -1 (no bound) or at least 1")
    .default(fallback);

export const configSchema = z.object({
  /** embedded: in-process adapters, one process. platform: Kafka, registry, ClickHouse, Redis. */
  VOYAGE_RISK_MODE: z.enum(["embedded", "platform"]).default("embedded"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port.default(8080),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * After SIGTERM, the longest a process drains (requests in flight, batches in hand) before it
   * exits anyway with status 1, logging what it abandoned. Below Kubernetes' default 30 s grace
   * period, so the process, not SIGKILL, decides what the log says.
   */
  DRAIN_DEADLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(25_000),

  KAFKA_BROKERS: csv.default(["127.0.0.1:9092"]),
  KAFKA_CLIENT_ID: z.string().min(1).default("voyage-risk"),
  /** Prepended to every topic name, so several deployments (or test runs) can share a cluster. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(""),
  /** Partitions of the voyage topics (the unit of parallelism of every stream processor). */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  /** Replication factor of the topics we create (1 on a single broker). */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * min.insync.replicas of the topics we create: every write is sent with acks=all and is
   * refused unless this many replicas have it. 1 on a single broker; with 3 replicas, 2 keeps
   * writing through one broker's loss without acknowledging a write only one broker holds.
   */
  KAFKA_MIN_INSYNC_REPLICAS: z.coerce.number().int().min(1).max(10).default(1),
  SCHEMA_REGISTRY_URL: z.url().default("http://127.0.0.1:8081/apis/ccompat/v7"),

  CLICKHOUSE_URL: z.url().default("http://127.0.0.1:8123"),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .default("voyage_risk"),
  CLICKHOUSE_USER: z.string().default("default"),
  CLICKHOUSE_PASSWORD: z.string().default(""),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .default("redis://127.0.0.1:6379/0"),
  /** Prefix for every Redis key this deployment writes. */
  REDIS_KEY_PREFIX: z.string().default("vr:"),

  /** JSON file [{"key","plan","scopes"}]: when set, exactly these keys exist. */
  API_KEYS_FILE: z.string().min(1).optional(),
  /**
   * Embedded default: the file of keys made with `voyage-risk keys create` (digests only, one
   * host; default .local/api-keys.json). Platform mode keeps them in Redis.
   */
  API_KEYS_STORE_FILE: z.string().min(1).optional(),
  /** Generate and print a dev key at start-up when no API_KEYS_FILE is set (embedded default: on). */
  DEV_API_KEY: bool.optional(),

  /**
   * Land a synthetic forecast cycle from this process at start-up and every 6 hours (00/06/12/18
   * UTC). On by default: it is the only weather source that needs nothing downloaded.
   */
  WEATHER_SYNTHETIC_CYCLES: bool.default(true),
  /**
   * Grid of the 47-year reanalysis (ClickHouse table `reanalysis`, or computed in the embedded
   * default): cell size in degrees (a multiple of 0.25) and hours between steps.
   */
  REANALYSIS_RESOLUTION_DEG: z.coerce.number().positive().max(30).default(2.5),
  REANALYSIS_EVERY_H: z.coerce.number().int().min(1).max(24).default(6),
  /** Where ingested forecast cycles are stored (shared by every serving process in platform mode). */
  WEATHER_DIR: z.string().min(1).default(".local/weather"),
  /**
   * Models whose cycles a weather feed fetches from their provider and lands (comma-separated:
   * gfs, gefs, ecmwf-ens). Empty by default: the embedded default has no internet, and no feed
   * runs unless configured. In platform mode `voyage-risk stream weather-feed` runs them; in
   * embedded mode the serving process does.
   */
  WEATHER_FEEDS: csv.default([]).pipe(
    z.array(
      z.string().refine((m) => feedFor(m) !== undefined, {
        message: `not a model with a feed (${Object.keys(FEEDS).join(", ")})`,
      }),
    ),
  ),
  /**
   * Roots replacing the providers' for some models, `model=url` comma-separated (a mirror or a
   * test server; the layout below the root stays the provider's).
   */
  WEATHER_FEED_BASE_URLS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const out: Record<string, string> = {};
      for (const pair of text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [model, url] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
        if (!pair.includes("=") || !feedFor(model) || !z.url().safeParse(url).success) {
          ctx.addIssue({ code: "custom", message: `'${pair}' is not model=url for a feed model` });
          return z.NEVER;
        }
        out[model] = url;
      }
      return out;
    }),
  /** Seconds between two polls of a feed for a newer complete cycle. */
  WEATHER_FEED_POLL_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Fetch only the steps up to this many hours (the model's whole horizon when unset). */
  WEATHER_FEED_TO_H: z.coerce.number().int().min(0).max(1000).optional(),
  /** Partial and checked files of cycles being fetched, kept across a crash to resume. */
  WEATHER_FEED_STAGING_DIR: z.string().min(1).default(".local/weather-staging"),
  /** Retries of a failed request (network, 5xx, 429, a body cut short) before a fetch gives up. */
  WEATHER_FEED_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  /** First wait before a retry; it doubles each time, with a seeded jitter. */
  WEATHER_FEED_RETRY_BACKOFF_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** A request with no bytes for this long is abandoned and retried. */
  WEATHER_FEED_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * Where the routing network keeps its landmark sets between processes (a cache: each is
   * computed again if missing); empty turns the cache off.
   */
  ROUTING_CACHE_DIR: z.string().default(".local/cache"),

  /**
   * Worker threads computing scores (routing, ensemble, history), so the API thread stays free
   * for HTTP and concurrent requests use every core; `auto` is one per core, 0 computes in the
   * API thread itself.
   */
  SCORING_THREADS: z
    .union([z.literal("auto"), z.coerce.number().int().min(0).max(64)])
    .default("auto"),

  /**
   * Scoring threads make their routing network, synthetic world and reanalysis grid as soon as
   * they start (seconds of CPU), so the first request does not wait for them; false: on their
   * first job.
   */
  SCORING_WARM_UP: bool.default(true),

  /**
   * How long a route-risk answer stays in fast state (Redis) for GET /api/v1/route-risk/{id};
   * after that the lookup reads it from analytics (ClickHouse).
   */
  ROUTE_RESULT_TTL_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(86_400),

  /**
   * The embedded default's memory (platform mode keeps events in Kafka and ClickHouse instead).
   * The in-process bus keeps, per partition, records no older than this and at most these bytes
   * (Kafka's retention.ms and retention.bytes; voyages.monitoring, kept forever, is kept whole);
   * the embedded analytics store keeps rows in a ring bounded the same two ways. -1: no bound.
   */
  EMBEDDED_BUS_RETENTION_MS: retention(3_600_000),
  EMBEDDED_BUS_RETENTION_BYTES: retention(4 * 1_048_576),
  EMBEDDED_ANALYTICS_RETENTION_MS: retention(7 * 86_400_000),
  EMBEDDED_ANALYTICS_RETENTION_BYTES: retention(128 * 1_048_576),

  /** Largest batch of events the analytics sink writes to ClickHouse in one INSERT. */
  SINK_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** Handler attempts before a message goes to the topic's .dlq. */
  CONSUMER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  CONSUMER_RETRY_BACKOFF_MS: z.coerce.number().int().min(0).max(60_000).default(200),

  /**
   * Webhook destinations allowed although private (development receivers, trusted internal
   * ones): comma-separated host names, IP addresses and CIDRs. Checked at start-up, naming the
   * first bad entry; empty by default, so only public addresses may receive webhooks.
   */
  WEBHOOK_ALLOWLIST: z
    .string()
    .default("")
    .transform((csv, ctx) => {
      try {
        return parseAllowlist(csv);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),

  /** One webhook attempt's limit: DNS lookup, connect, send, and the receiver's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Webhook attempts in flight at once per notify process. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Multiplies every wait of the webhook retry schedule (10 s, 30 s, 90 s, … up to 1 h, 32
   * attempts over about a day). 1 in production; tests and drills shrink the day to minutes.
   */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),

  /**
   * Test-only crash points (comma-separated names, see services/platform/failpoints.ts).
   * Never set in production.
   */
  FAILPOINTS: csv.default([]),
});

export type Config = z.infer<typeof configSchema>;

/** configSchema plus the checks that read more than one variable. */
const checkedConfigSchema = configSchema.superRefine((c, ctx) => {
  // Kafka 3.7+ would quietly take min(min.insync.replicas, replicas) (KAFKA-15583).
  if (c.KAFKA_MIN_INSYNC_REPLICAS > c.KAFKA_REPLICATION_FACTOR) {
    ctx.addIssue({
      code: "custom",
      path: ["KAFKA_MIN_INSYNC_REPLICAS"],
      message: `${c.KAFKA_MIN_INSYNC_REPLICAS} is more than KAFKA_REPLICATION_FACTOR (${c.KAFKA_REPLICATION_FACTOR}): a topic cannot have more replicas in sync than it has`,
    });
  }
});

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = checkedConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => `${i.path.join(".") || "(env)"}: ${i.message}`),
    );
  }
  return result.data;
}

/** Whether start-up should mint a dev key: explicit DEV_API_KEY wins, else only in embedded mode without a keys file. */
export function wantsDevKey(config: Config): boolean {
  if (config.API_KEYS_FILE) return false;
  return config.DEV_API_KEY ?? config.VOYAGE_RISK_MODE === "embedded";
}
