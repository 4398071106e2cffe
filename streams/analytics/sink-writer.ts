import type {
  AnalyticsStore,
  EventRow,
  InsertReport,
} from "../../services/platform/analytics/port";
import type { ConsumedEvent } from "../../services/platform/events/port";

/**
 * Writes consumed events to the analytics store exactly once in effect, at bulk-insert speed.
 *
 * Kafka Connect's exactly-once sink pattern: the destination holds the offsets (every row keeps
 * its topic, partition and offset), so whenever a partition's batch does not start where this
 * writer last left it (first batch, a rebalance, a redelivery after a failure) the writer asks
 * the store how far that partition got. Rows above that watermark cannot be stored yet and are
 * appended without a lookup; rows at or below it (at most what a dead consumer had in flight)
 * go through insertEvents, which looks their event ids up. A memory of recent event ids drops an
 * event a producer retry published twice at a nearby offset. Anything that still slips through
 * (say, the same event republished days later) is collapsed by ReplacingMergeTree, and reads
 * deduplicate by event_id meanwhile.
 */

const RECENT_IDS = 200_000;

export function toEventRow(e: ConsumedEvent): EventRow {
  return {
    event_id: e.value.event_id,
    event_type: e.type,
    topic: e.topic,
    key: e.key,
    occurred_at_ms: Number(e.value.occurred_at),
    partition: e.partition,
    offset: e.offset,
    schema_id: e.schemaId,
    // avsc decodes Avro longs to safe JS numbers (it refuses unsafe ones), so no bigint reaches
    // here and the fast, replacer-free JSON.stringify is exact.
    payload_json: JSON.stringify(e.value),
  };
}

/** A bounded set of ids that forgets the oldest first. */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value as string;
      this.ids.delete(oldest);
    }
  }
}

const tpKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

export interface SinkWriterOptions {
  /** Rows that trigger a write at once (default 10,000). */
  maxRows?: number;
  /** How long the first waiting batch waits for batches of other partitions (default 5 ms). */
  lingerMs?: number;
  /** Called with the store's report of every combined write. */
  onFlush?: (report: InsertReport & { rows: number }) => void;
}

interface Waiting {
  events: readonly ConsumedEvent[];
  done: () => void;
  failed: (err: unknown) => void;
}

export class SinkWriter {
  /** Per topic-partition: the offset right after the last row this writer stored. */
  private readonly expected = new Map<string, bigint>();
  private readonly recent = new RecentIds(RECENT_IDS);
  private waiting: Waiting[] = [];
  private waitingRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly maxRows: number;
  private readonly lingerMs: number;

  constructor(
    private readonly store: AnalyticsStore,
    private readonly options: SinkWriterOptions = {},
  ) {
    this.maxRows = options.maxRows ?? 10_000;
    this.lingerMs = options.lingerMs ?? 5;
  }

  /**
   * Group commit: batches of several partitions handled at once are written in one INSERT.
   * Resolves once the events are durable in the store (so their offsets may be committed).
   */
  write(events: readonly ConsumedEvent[]): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ events, done, failed });
      this.waitingRows += events.length;
      if (this.waitingRows >= this.maxRows) this.flushSoon(0);
      else this.flushSoon(this.lingerMs);
    });
  }

  private flushSoon(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.waiting;
      this.waiting = [];
      this.waitingRows = 0;
      this.flushing = this.flushing.then(() => this.flush(batch));
    }, delayMs);
  }

  private async flush(batch: Waiting[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const events = batch.flatMap((w) => w.events);
      const report = await this.writeNow(events);
      this.options.onFlush?.({ rows: events.length, ...report });
      for (const w of batch) w.done();
    } catch (err) {
      for (const w of batch) w.failed(err);
    }
  }

  /** Writes now, in one or two store calls (lookups only below a re-read watermark). */
  async writeNow(events: readonly ConsumedEvent[]): Promise<InsertReport> {
    const groups = new Map<string, EventRow[]>();
    for (const e of events) {
      const key = tpKey(e.topic, e.partition);
      const group = groups.get(key) ?? [];
      if (group.length === 0) groups.set(key, group);
      group.push(toEventRow(e));
    }
    try {
      const watermarks = await this.watermarksWhereNeeded(groups);
      const toCheck: EventRow[] = [];
      const toAppend: EventRow[] = [];
      let duplicates = 0;
      for (const [key, rows] of groups) {
        const watermark = watermarks.get(key);
        for (const row of rows) {
          if (watermark !== undefined && BigInt(row.offset) <= watermark) toCheck.push(row);
          else if (this.recent.has(row.event_id)) duplicates++;
          else toAppend.push(row);
        }
      }
      const checked = toCheck.length > 0 ? await this.store.insertEvents(toCheck) : none;
      const appended = toAppend.length > 0 ? await this.store.appendEvents(toAppend) : none;
      for (const [key, rows] of groups) {
        for (const row of rows) this.recent.add(row.event_id);
        this.expected.set(key, BigInt((rows.at(-1) as EventRow).offset) + 1n);
      }
      return {
        inserted: checked.inserted + appended.inserted,
        duplicates: duplicates + checked.duplicates + appended.duplicates,
      };
    } catch (err) {
      // A failed write may have stored part of the batch: ask the store again next time.
      for (const key of groups.keys()) this.expected.delete(key);
      throw err;
    }
  }

  /** Stored watermark (-1 when nothing is stored) of each partition whose batch is not the expected continuation. */
  private async watermarksWhereNeeded(
    groups: Map<string, EventRow[]>,
  ): Promise<Map<string, bigint>> {
    const byTopic = new Map<string, number[]>();
    for (const [key, rows] of groups) {
      const first = rows[0] as EventRow;
      if (this.expected.get(key) === BigInt(first.offset)) continue;
      byTopic.set(first.topic, [...(byTopic.get(first.topic) ?? []), first.partition]);
    }
    const out = new Map<string, bigint>();
    for (const [topic, partitions] of byTopic) {
      const stored = await this.store.maxOffsets(topic, partitions);
      for (const p of partitions) out.set(tpKey(topic, p), BigInt(stored.get(p) ?? "-1"));
    }
    return out;
  }
}

const none: InsertReport = { inserted: 0, duplicates: 0 };
