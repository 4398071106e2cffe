import type { ClickHouseClient, ClickHouseClientConfigOptions } from "@clickhouse/client";
import type { Config } from "../config";
import { type DependencyHealth, probeDependency } from "../health";
import { connectClickHouse, queryRows } from "./clickhouse-client";
import {
  copyEventRow,
  effectiveLimit,
  firstPerEventId,
  validateEventQuery,
  validateEventRows,
  validateUsageQuery,
} from "./event-rows";
import {
  type AppliedMigration,
  currentVersion,
  DEFAULT_MIGRATIONS_DIR,
  loadMigrations,
  type Migration,
  pendingMigrations,
} from "./migrations";
import type {
  AnalyticsStore,
  EventQuery,
  EventRow,
  InsertReport,
  MigrationReport,
  UsageQuery,
} from "./port";
import {
  dateTimeFromMs,
  ident,
  inList,
  joinSql,
  quoteIdentifier,
  type SqlFragment,
  sql,
} from "./sql";

export interface ClickHouseAnalyticsOptions {
  /** HTTP endpoint, e.g. http://127.0.0.1:8123 (CLICKHOUSE_URL). */
  url: string;
  /** Database holding `events` and `schema_migrations`; created by migrate() if missing. */
  database: string;
  username: string;
  password: string;
  /** Where the migration files live; defaults to schemas/clickhouse. */
  migrationsDir?: string;
  /** Per-request timeout (the client's default is 30 s). */
  requestTimeoutMs?: number;
  /**
   * An in-process engine instead of HTTP (see connectClickHouse); tests only. It ignores
   * `database` and runs everything in the engine's current database.
   */
  connection?: ClickHouseClientConfigOptions["connection"];
}

/** The adapter's options from the validated config (config.ts is the only reader of the environment). */
export function clickHouseOptionsFromConfig(config: Config): ClickHouseAnalyticsOptions {
  return {
    url: config.CLICKHOUSE_URL,
    database: config.CLICKHOUSE_DATABASE,
    username: config.CLICKHOUSE_USER,
    password: config.CLICKHOUSE_PASSWORD,
  };
}

export function createClickHouseAnalytics(
  options: ClickHouseAnalyticsOptions,
): ClickHouseAnalytics {
  return new ClickHouseAnalytics(options);
}

/** Event columns the writer sends; occurred_at and ingested_at are computed by their DEFAULTs. */
export const EVENT_INSERT_COLUMNS = [
  "event_id",
  "event_type",
  "topic",
  "key",
  "occurred_at_ms",
  "partition",
  "offset",
  "schema_id",
  "payload_json",
] as const;

/**
 * How long one migration statement may run. A backfill (003_typed_events copies the stored events
 * into the typed tables) took 1.5 s for 200,000 events on the test server, so a store of tens of
 * millions needs minutes: far past the 30 s a request gets otherwise.
 */
const MIGRATION_TIMEOUT_MS = 3_600_000;

/** Event ids per existence check: keeps each SELECT well under max_query_size (256 KiB by default). */
const EXISTENCE_CHECK_CHUNK = 1000;

interface StoredEventRow {
  event_id: string;
  event_type: string;
  topic: string;
  key: string;
  /** UInt64 comes back as a JSON string (output_format_json_quote_64bit_integers). */
  occurred_at_ms: string | number;
  partition: number;
  offset_text: string;
  schema_id: number;
  payload_json: string;
}

/**
 * The analytics store on ClickHouse, written for the SQL subset shared by Debian's 18.16 (our test
 * server) and current releases (what users deploy); values go into SQL only through sql.ts.
 */
export class ClickHouseAnalytics implements AnalyticsStore {
  readonly adapter = "clickhouse" as const;
  readonly #options: ClickHouseAnalyticsOptions;
  readonly #client: ClickHouseClient;
  /** Where it points, for health and errors; never the credentials. */
  readonly #target: string;
  /**
   * insertEvents calls on this instance run one after another, so two overlapping batches cannot
   * both pass the existence check; across processes ReplacingMergeTree plus deduplicating reads
   * keep results exact.
   */
  #insertQueue: Promise<unknown> = Promise.resolve();

  constructor(options: ClickHouseAnalyticsOptions) {
    quoteIdentifier(options.database); // rejects a database name we could not put into SQL
    this.#options = options;
    this.#client = this.#connect(options.database);
    const where = new URL(options.url);
    where.username = "";
    where.password = "";
    this.#target = `${where.origin}/${options.database}`;
  }

  #connect(database: string, requestTimeoutMs = this.#options.requestTimeoutMs): ClickHouseClient {
    return connectClickHouse({ ...this.#options, requestTimeoutMs }, database);
  }

  async migrate(): Promise<MigrationReport> {
    const migrations = await loadMigrations(this.#options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    await this.#createDatabase();
    await this.#client.command({
      query: sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version UInt32,
        name String,
        checksum String,
        applied_at DateTime('UTC') DEFAULT now()
      ) ENGINE = ReplacingMergeTree ORDER BY version`.text,
    });
    const applied = await this.#appliedMigrations();
    const pending = pendingMigrations(migrations, applied);
    if (pending.length > 0) await this.#apply(pending);
    return {
      applied: pending.map((m) => m.version),
      current: currentVersion([...applied.map((a) => a.version), ...pending.map((m) => m.version)]),
    };
  }

  /** Runs each migration's statements, on a client that waits as long as a backfill takes, and records it. */
  async #apply(pending: readonly Migration[]): Promise<void> {
    const ddl = this.#connect(this.#options.database, MIGRATION_TIMEOUT_MS);
    try {
      for (const migration of pending) {
        for (const statement of migration.statements) {
          await ddl.command({ query: statement });
        }
        await this.#client.insert({
          table: "schema_migrations",
          columns: ["version", "name", "checksum"],
          values: [
            { version: migration.version, name: migration.name, checksum: migration.checksum },
          ],
          format: "JSONEachRow",
        });
      }
    } finally {
      await ddl.close();
    }
  }

  /** CREATE DATABASE cannot run on a connection whose default database does not exist yet. */
  async #createDatabase(): Promise<void> {
    const bootstrap = this.#connect("default");
    try {
      await bootstrap.command({
        query: sql`CREATE DATABASE IF NOT EXISTS ${ident(this.#options.database)}`.text,
      });
    } finally {
      await bootstrap.close();
    }
  }

  /** Two processes migrating at once may both record a version; the first record counts. */
  async #appliedMigrations(): Promise<AppliedMigration[]> {
    const rows = await queryRows<{ version: number; first_name: string; first_checksum: string }>(
      this.#client,
      sql`SELECT version, argMin(name, applied_at) AS first_name,
                 argMin(checksum, applied_at) AS first_checksum
          FROM schema_migrations GROUP BY version ORDER BY version`,
    );
    return rows.map((r) => ({
      version: Number(r.version),
      name: r.first_name,
      checksum: r.first_checksum,
    }));
  }

  insertEvents(rows: readonly EventRow[]): Promise<InsertReport> {
    return this.#inTurn(() => this.#insertNew(rows, { lookUp: true }));
  }

  appendEvents(rows: readonly EventRow[]): Promise<InsertReport> {
    return this.#inTurn(() => this.#insertNew(rows, { lookUp: false }));
  }

  /** Writes run one at a time, so a lookup never races this process's own in-flight insert. */
  #inTurn(write: () => Promise<InsertReport>): Promise<InsertReport> {
    const run = this.#insertQueue.then(write);
    this.#insertQueue = run.catch(() => undefined);
    return run;
  }

  async maxOffsets(topic: string, partitions: readonly number[]): Promise<Map<number, string>> {
    if (partitions.length === 0) return new Map();
    const rows = await queryRows<{ partition: number; max_offset: string }>(
      this.#client,
      sql`SELECT \`partition\`, toString(max(\`offset\`)) AS max_offset FROM events
          WHERE topic = ${topic} AND \`partition\` IN ${inList([...partitions])}
          GROUP BY \`partition\``,
    );
    return new Map(rows.map((r) => [Number(r.partition), r.max_offset]));
  }

  async #insertNew(
    rows: readonly EventRow[],
    { lookUp }: { lookUp: boolean },
  ): Promise<InsertReport> {
    validateEventRows(rows);
    const { unique, dropped } = firstPerEventId(rows);
    if (unique.length === 0) return { inserted: 0, duplicates: dropped };
    const stored = lookUp ? await this.#storedEventIds(unique) : new Set<string>();
    const fresh = unique.filter((row) => !stored.has(row.event_id)).map(copyEventRow);
    if (fresh.length > 0) {
      // One INSERT per call; the promise resolves when ClickHouse has written the part.
      await this.#client.insert({
        table: "events",
        columns: EVENT_INSERT_COLUMNS.map(quoteIdentifier) as [string, ...string[]],
        values: fresh,
        format: "JSONEachRow",
      });
    }
    return { inserted: fresh.length, duplicates: rows.length - fresh.length };
  }

  /**
   * Which of these events are already stored. Each check is bounded by the batch's topics and
   * occurred_at ranges, the table's ORDER BY prefix, so ClickHouse reads only the matching granules.
   */
  async #storedEventIds(rows: readonly EventRow[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (let i = 0; i < rows.length; i += EXISTENCE_CHECK_CHUNK) {
      const chunk = rows.slice(i, i + EXISTENCE_CHECK_CHUNK);
      const found = await queryRows<{ event_id: string }>(
        this.#client,
        sql`SELECT DISTINCT event_id FROM events
            WHERE (${timeRangesByTopic(chunk)})
              AND event_id IN ${inList(chunk.map((r) => r.event_id))}`,
      );
      for (const r of found) stored.add(r.event_id);
    }
    return stored;
  }

  /**
   * Newest first, one row per event_id even before ReplacingMergeTree has merged duplicates:
   * `LIMIT 1 BY event_id` keeps the first row of each event in the requested order.
   */
  async queryEvents(query: EventQuery): Promise<EventRow[]> {
    validateEventQuery(query);
    const limit = effectiveLimit(query.limit);
    const rows = await queryRows<StoredEventRow>(
      this.#client,
      sql`SELECT event_id, event_type, topic, \`key\`, occurred_at_ms, \`partition\`,
                 toString(\`offset\`) AS offset_text, schema_id, payload_json
          FROM events
          WHERE ${filterCondition(query)}
          ORDER BY occurred_at_ms DESC, \`offset\` DESC, event_id ASC
          LIMIT 1 BY event_id
          LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      event_id: r.event_id,
      event_type: r.event_type,
      topic: r.topic,
      key: r.key,
      occurred_at_ms: Number(r.occurred_at_ms),
      partition: Number(r.partition),
      offset: r.offset_text,
      schema_id: Number(r.schema_id),
      payload_json: r.payload_json,
    }));
  }

  /** uniqExact counts each event once however many unmerged copies exist. */
  async countEvents(query: Omit<EventQuery, "limit">): Promise<number> {
    validateEventQuery(query);
    const [row] = await queryRows<{ n: string | number }>(
      this.#client,
      sql`SELECT uniqExact(event_id) AS n FROM events WHERE ${filterCondition(query)}`,
    );
    return Number(row?.n ?? 0);
  }

  async usage(query: UsageQuery): Promise<Map<string, number>> {
    validateUsageQuery(query);
    // visitParamExtractString reads a top-level string field of the JSON payload (ClickHouse 18.16
    // has no JSONExtract); uniqExact counts an event stored twice (before a merge) once.
    const rows = await queryRows<{ iface: string; n: string | number }>(
      this.#client,
      sql`
      SELECT visitParamExtractString(payload_json, 'interface') AS iface, uniqExact(event_id) AS n
      FROM events
      WHERE topic = ${query.topic} AND event_type = ${query.event_type}
        AND occurred_at_ms >= ${query.from_ms} AND occurred_at_ms < ${query.to_ms}
        AND visitParamExtractString(payload_json, 'key_id') = ${query.key_id}
      GROUP BY iface`,
    );
    return new Map(rows.map((r) => [r.iface, Number(r.n)]));
  }

  health(): Promise<DependencyHealth> {
    return probeDependency("clickhouse", this.#target, () =>
      queryRows(this.#client, sql`SELECT 1 AS ok`),
    );
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}

/** `(topic = 'a' AND occurred_at BETWEEN … ) OR (…)`, one range per topic in the rows. */
function timeRangesByTopic(rows: readonly EventRow[]): SqlFragment {
  const ranges = new Map<string, { min: number; max: number }>();
  for (const row of rows) {
    const range = ranges.get(row.topic);
    if (!range) ranges.set(row.topic, { min: row.occurred_at_ms, max: row.occurred_at_ms });
    else {
      range.min = Math.min(range.min, row.occurred_at_ms);
      range.max = Math.max(range.max, row.occurred_at_ms);
    }
  }
  return joinSql(
    [...ranges].map(
      ([topic, { min, max }]) =>
        sql`(topic = ${topic} AND occurred_at >= ${dateTimeFromMs(min)} AND occurred_at <= ${dateTimeFromMs(max)})`,
    ),
    sql` OR `,
  );
}

function filterCondition(query: Omit<EventQuery, "limit">): SqlFragment {
  const conditions: SqlFragment[] = [sql`1`];
  if (query.topic !== undefined) conditions.push(sql`topic = ${query.topic}`);
  if (query.event_type !== undefined) conditions.push(sql`event_type = ${query.event_type}`);
  if (query.key !== undefined) conditions.push(sql`\`key\` = ${query.key}`);
  return joinSql(conditions, sql` AND `);
}
