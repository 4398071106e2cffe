import type { DependencyHealth } from "../health";
import {
  copyEventRow,
  effectiveLimit,
  firstPerEventId,
  matchesEventQuery,
  newestFirst,
  payloadString,
  validateEventQuery,
  validateEventRows,
  validateUsageQuery,
} from "./event-rows";
import {
  type AppliedMigration,
  currentVersion,
  DEFAULT_MIGRATIONS_DIR,
  loadMigrations,
  MigrationError,
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

export interface EmbeddedAnalyticsOptions {
  /** Where the migration files live; defaults to schemas/clickhouse. */
  migrationsDir?: string;
}

/**
 * The analytics store of the embedded default: events in a Map in this process, kept for the
 * process's lifetime (that is what "durable" means here). It follows the same rules as the
 * ClickHouse adapter (event-rows.ts) and passes the same contract suite.
 */
export class EmbeddedAnalytics implements AnalyticsStore {
  readonly adapter = "embedded" as const;
  readonly #migrationsDir: string;
  /** What migrate() has "applied": nothing runs the DDL, but versions and checksums are tracked. */
  readonly #applied = new Map<number, AppliedMigration>();
  readonly #events = new Map<string, EventRow>();

  constructor(options: EmbeddedAnalyticsOptions = {}) {
    this.#migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  }

  async migrate(): Promise<MigrationReport> {
    const migrations = await loadMigrations(this.#migrationsDir);
    const pending = pendingMigrations(migrations, [...this.#applied.values()]);
    for (const m of pending) {
      this.#applied.set(m.version, { version: m.version, name: m.name, checksum: m.checksum });
    }
    return {
      applied: pending.map((m) => m.version),
      current: currentVersion(this.#applied.keys()),
    };
  }

  async insertEvents(rows: readonly EventRow[]): Promise<InsertReport> {
    this.#assertMigrated();
    validateEventRows(rows);
    const { unique, dropped } = firstPerEventId(rows);
    let inserted = 0;
    for (const row of unique) {
      if (this.#events.has(row.event_id)) continue;
      this.#events.set(row.event_id, copyEventRow(row));
      inserted++;
    }
    return { inserted, duplicates: dropped + (unique.length - inserted) };
  }

  appendEvents(rows: readonly EventRow[]): Promise<InsertReport> {
    // In process the lookup is a Map probe: nothing to save, so appending is inserting.
    return this.insertEvents(rows);
  }

  async maxOffsets(topic: string, partitions: readonly number[]): Promise<Map<number, string>> {
    this.#assertMigrated();
    const wanted = new Set(partitions);
    const max = new Map<number, bigint>();
    for (const row of this.#events.values()) {
      if (row.topic !== topic || !wanted.has(row.partition)) continue;
      const offset = BigInt(row.offset);
      if (offset > (max.get(row.partition) ?? -1n)) max.set(row.partition, offset);
    }
    return new Map([...max].map(([p, o]) => [p, o.toString()]));
  }

  async queryEvents(query: EventQuery): Promise<EventRow[]> {
    this.#assertMigrated();
    validateEventQuery(query);
    const limit = effectiveLimit(query.limit);
    return this.#matching(query).sort(newestFirst).slice(0, limit).map(copyEventRow);
  }

  async countEvents(query: Omit<EventQuery, "limit">): Promise<number> {
    this.#assertMigrated();
    validateEventQuery(query);
    return this.#matching(query).length;
  }

  async usage(query: UsageQuery): Promise<Map<string, number>> {
    this.#assertMigrated();
    validateUsageQuery(query);
    const out = new Map<string, number>();
    for (const row of this.#events.values()) {
      if (
        row.topic !== query.topic ||
        row.event_type !== query.event_type ||
        row.occurred_at_ms < query.from_ms ||
        row.occurred_at_ms >= query.to_ms ||
        payloadString(row.payload_json, "key_id") !== query.key_id
      ) {
        continue;
      }
      const iface = payloadString(row.payload_json, "interface");
      out.set(iface, (out.get(iface) ?? 0) + 1);
    }
    return out;
  }

  async health(): Promise<DependencyHealth> {
    return { adapter: "embedded", status: "up", latency_ms: 0, detail: "in-process" };
  }

  async close(): Promise<void> {}

  #matching(query: Omit<EventQuery, "limit">): EventRow[] {
    return [...this.#events.values()].filter((row) => matchesEventQuery(row, query));
  }

  /** ClickHouse fails without the `events` table; failing the same way keeps start-up order honest. */
  #assertMigrated(): void {
    if (this.#applied.size === 0) {
      throw new MigrationError("analytics store is not migrated: call migrate() first");
    }
  }
}
