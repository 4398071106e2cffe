import { eventRowProblem } from "../../services/platform/analytics/event-rows";
import type {
  AnalyticsStore,
  EventRow,
  InsertReport,
} from "../../services/platform/analytics/port";
import { UnprocessableEventsError } from "../../services/platform/events/batch-processor";
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
 *
 * One unstorable event must not fail the others it is written with: each row is checked against
 * the table's column types before the combined INSERT, and an event that fails the check, or that
 * the store still refuses when written alone while it accepts the rest (found by halving the
 * write, a few INSERTs, never one per row), is reported back to its own partition's batch as
 * unprocessable (dead-lettered there) while every other event is stored.
 */

const RECENT_IDS = 200_000;

export function toEventRow(e: ConsumedEvent): EventRow {
  return {
    event_id: e.value.event_id,
    event_type: e.type,
    topic: e.topic,
    key: e.key,
    occurred_at_ms: e.value.occurred_at,
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
    const rejected = new Map<ConsumedEvent, string>();
    try {
      const storable: ConsumedEvent[] = [];
      for (const w of batch) {
        for (const e of w.events) {
          const problem = rowProblem(e);
          if (problem === undefined) storable.push(e);
          else rejected.set(e, problem);
        }
      }
      const report = await this.writeSplitting(storable, rejected);
      this.continuePast(rejected.keys());
      this.options.onFlush?.({ rows: storable.length, ...report });
    } catch (err) {
      for (const w of batch) w.failed(err);
      return;
    }
    for (const w of batch) {
      const mine = w.events.filter((e) => rejected.has(e));
      if (mine.length === 0) w.done();
      else
        w.failed(
          new UnprocessableEventsError(
            mine.map((event) => ({ event, reason: rejected.get(event) as string })),
          ),
        );
    }
  }

  /**
   * writeNow, and when the store refuses the write while it is healthy, the two halves in turn
   * (first the earlier offsets), down to single events, which are refused twice before they are
   * put in `rejected`. A store that is down fails the whole write (an outage, not poison).
   */
  private async writeSplitting(
    events: readonly ConsumedEvent[],
    rejected: Map<ConsumedEvent, string>,
  ): Promise<InsertReport> {
    if (events.length === 0) return none;
    try {
      return await this.writeNow(events);
    } catch (err) {
      if (!(await this.storeUp())) throw err;
      if (events.length > 1) {
        const half = events.length >>> 1;
        const first = await this.writeSplitting(events.slice(0, half), rejected);
        const second = await this.writeSplitting(events.slice(half), rejected);
        return {
          inserted: first.inserted + second.inserted,
          duplicates: first.duplicates + second.duplicates,
        };
      }
      try {
        return await this.writeNow(events);
      } catch (again) {
        if (!(await this.storeUp())) throw again;
        rejected.set(events[0] as ConsumedEvent, `the store refused it: ${String(again)}`);
        return none;
      }
    }
  }

  /** A rejected event right where its partition's stored rows end does not break the continuation. */
  private continuePast(rejected: Iterable<ConsumedEvent>): void {
    const byOffset = [...rejected].sort((a, b) => (BigInt(a.offset) < BigInt(b.offset) ? -1 : 1));
    for (const e of byOffset) {
      const key = tpKey(e.topic, e.partition);
      if (this.expected.get(key) === BigInt(e.offset))
        this.expected.set(key, BigInt(e.offset) + 1n);
    }
  }

  private async storeUp(): Promise<boolean> {
    try {
      return (await this.store.health()).status === "up";
    } catch {
      return false;
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

/** Why an event cannot become a row of `events`, or undefined. */
function rowProblem(e: ConsumedEvent): string | undefined {
  try {
    return eventRowProblem(toEventRow(e));
  } catch (err) {
    return `cannot be made a row: ${String(err)}`;
  }
}
