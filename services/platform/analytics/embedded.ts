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
  /**
   * The ring's bounds (EMBEDDED_ANALYTICS_RETENTION_MS and EMBEDDED_ANALYTICS_RETENTION_BYTES):
   * rows stored longer ago than `ms`, and the oldest rows past `maxBytes`, are dropped.
   * Absent: every row is kept for the process's life.
   */
  retention?: { ms?: number; maxBytes?: number };
  /** Clock in epoch ms for the rows' age; tests inject one. */
  now?: () => number;
}

/** What a row costs beside its strings' characters (the object, its Map entry, its numbers). */
const ROW_OVERHEAD_BYTES = 256;
const DAY_MS = 86_400_000;

interface HeldRow {
  row: EventRow;
  storedAtMs: number;
  bytes: number;
}

/**
 * The analytics store of the embedded default: events in this process, in a ring bounded by age
 * and by size (oldest stored, first dropped), so the process's memory does not grow with every
 * event it ever saw; unbounded when no retention is given. What a dropped row leaves behind is
 * small and kept: each partition's highest stored offset (the sink resumes from it, so it never
 * stores a dropped event again) and, per day, the metered count a usage query needs, so a
 * month's bill does not shrink with the ring. Deduplication by event id holds over the rows
 * still held. It follows the same rules as the ClickHouse adapter (event-rows.ts) and passes the
 * same contract suite.
 */
export class EmbeddedAnalytics implements AnalyticsStore {
  readonly adapter = "embedded" as const;
  readonly #migrationsDir: string;
  /** What migrate() has "applied": nothing runs the DDL, but versions and checksums are tracked. */
  readonly #applied = new Map<number, AppliedMigration>();
  readonly #events = new Map<string, HeldRow>();
  /** Event ids in the order stored; ids before #head are dropped (slots reclaimed in bulk). */
  #order: string[] = [];
  #head = 0;
  #bytes = 0;
  #dropped = 0;
  readonly #retention: { ms?: number; maxBytes?: number };
  readonly #now: () => number;
  /** Highest offset ever stored per topic and partition. */
  readonly #highOffsets = new Map<string, Map<number, bigint>>();
  /** Dropped rows' usage: `topic\0event_type\0key_id` -> UTC day start -> interface -> count. */
  readonly #droppedUsage = new Map<string, Map<number, Map<string, number>>>();

  constructor(options: EmbeddedAnalyticsOptions = {}) {
    this.#migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
    this.#retention = options.retention ?? {};
    this.#now = options.now ?? Date.now;
  }

  /** Rows and bytes held now, and rows dropped by retention so far. */
  get retained(): { rows: number; bytes: number; dropped: number } {
    return { rows: this.#events.size, bytes: this.#bytes, dropped: this.#dropped };
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
    const nowMs = this.#now();
    let inserted = 0;
    for (const row of unique) {
      if (this.#events.has(row.event_id)) continue;
      const copy = copyEventRow(row);
      const bytes = rowBytes(copy);
      this.#events.set(copy.event_id, { row: copy, storedAtMs: nowMs, bytes });
      this.#order.push(copy.event_id);
      this.#bytes += bytes;
      this.#noteOffset(copy);
      inserted++;
    }
    this.#trim(nowMs);
    return { inserted, duplicates: dropped + (unique.length - inserted) };
  }

  appendEvents(rows: readonly EventRow[]): Promise<InsertReport> {
    // In process the lookup is a Map probe: nothing to save, so appending is inserting.
    return this.insertEvents(rows);
  }

  async maxOffsets(topic: string, partitions: readonly number[]): Promise<Map<number, string>> {
    this.#assertMigrated();
    const high = this.#highOffsets.get(topic);
    const out = new Map<number, string>();
    for (const p of partitions) {
      const offset = high?.get(p);
      if (offset !== undefined) out.set(p, offset.toString());
    }
    return out;
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
    // Dropped rows count per whole UTC day inside the range (a month's bill is whole days).
    const days = this.#droppedUsage.get(usageKey(query.topic, query.event_type, query.key_id));
    for (const [dayMs, perInterface] of days ?? []) {
      if (dayMs < query.from_ms || dayMs + DAY_MS > query.to_ms) continue;
      for (const [iface, n] of perInterface) out.set(iface, (out.get(iface) ?? 0) + n);
    }
    for (const { row } of this.#events.values()) {
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
    const { rows, bytes, dropped } = this.retained;
    return {
      adapter: "embedded",
      status: "up",
      latency_ms: 0,
      detail: `in-process: ${rows} rows (${(bytes / 1_048_576).toFixed(1)} MiB) held, ${dropped} dropped by retention`,
    };
  }

  async close(): Promise<void> {}

  #matching(query: Omit<EventQuery, "limit">): EventRow[] {
    const out: EventRow[] = [];
    for (const { row } of this.#events.values()) if (matchesEventQuery(row, query)) out.push(row);
    return out;
  }

  #noteOffset(row: EventRow): void {
    let high = this.#highOffsets.get(row.topic);
    if (!high) {
      high = new Map();
      this.#highOffsets.set(row.topic, high);
    }
    const offset = BigInt(row.offset);
    if (offset > (high.get(row.partition) ?? -1n)) high.set(row.partition, offset);
  }

  /** Drops the oldest rows while any is past the retention time or the ring past its bytes. */
  #trim(nowMs: number): void {
    const { ms, maxBytes } = this.#retention;
    while (this.#head < this.#order.length) {
      const id = this.#order[this.#head] as string;
      const held = this.#events.get(id);
      if (held) {
        const tooOld = ms !== undefined && nowMs - held.storedAtMs > ms;
        const tooBig = maxBytes !== undefined && this.#bytes > maxBytes;
        if (!tooOld && !tooBig) break;
        this.#events.delete(id);
        this.#bytes -= held.bytes;
        this.#dropped++;
        this.#keepUsage(held.row);
      }
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head);
      this.#head = 0;
    }
  }

  /** What a usage query will still need of a dropped row: one count on its UTC day. */
  #keepUsage(row: EventRow): void {
    if (!row.payload_json.includes('"key_id"')) return;
    const keyId = payloadString(row.payload_json, "key_id");
    if (keyId === "") return;
    const iface = payloadString(row.payload_json, "interface");
    const key = usageKey(row.topic, row.event_type, keyId);
    let days = this.#droppedUsage.get(key);
    if (!days) {
      days = new Map();
      this.#droppedUsage.set(key, days);
    }
    const day = Math.floor(row.occurred_at_ms / DAY_MS) * DAY_MS;
    let perInterface = days.get(day);
    if (!perInterface) {
      perInterface = new Map();
      days.set(day, perInterface);
    }
    perInterface.set(iface, (perInterface.get(iface) ?? 0) + 1);
  }

  /** ClickHouse fails without the `events` table; failing the same way keeps start-up order honest. */
  #assertMigrated(): void {
    if (this.#applied.size === 0) {
      throw new MigrationError("analytics store is not migrated: call migrate() first");
    }
  }
}

const usageKey = (topic: string, eventType: string, keyId: string) =>
  `${topic}\u0000${eventType}\u0000${keyId}`;

/** A row's weight against the ring's bytes: its strings' characters and a fixed overhead. */
function rowBytes(row: EventRow): number {
  return (
    ROW_OVERHEAD_BYTES +
    row.event_id.length +
    row.event_type.length +
    row.topic.length +
    row.key.length +
    row.offset.length +
    row.payload_json.length
  );
}
