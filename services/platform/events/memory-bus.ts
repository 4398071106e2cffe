import { Partitioners, type PartitionMetadata } from "kafkajs";
import type { DependencyHealth } from "../health";
import {
  type BusOptions,
  consumerSpec,
  encodeEvents,
  inspectorSpec,
  type MemberSpec,
} from "./consumer-specs";
import {
  dlqTopicOf,
  type EventBus,
  type EventMap,
  type OutgoingEvent,
  type RawMessage,
  type RawRecord,
  type SubscribeOptions,
  type Subscription,
  type TopicSpec,
} from "./port";

/**
 * The in-process event bus of the embedded default. It keeps Kafka's semantics rather than
 * imitating an API: an append-only log per partition (Kafka's own murmur2 partitioner, so a key
 * lands on the same partition number as in Kafka), consumer groups that share partitions and
 * rebalance when members come and go, committed offsets, and at-least-once redelivery from the
 * last commit. Nothing is persisted: a restart of the process starts from empty logs.
 *
 * Retention, as Kafka's: a partition drops its oldest records once they are older than the
 * retention time or the partition holds more than its retention bytes (retention.ms and
 * retention.bytes; record by record here, where Kafka drops whole segments). Offsets never
 * change: the log start moves. A group whose position falls below the log start resumes where
 * a new group would, as kafkajs resets a group on OffsetOutOfRange: from the log start when it
 * reads from the beginning (auto.offset.reset=earliest), else from the end. A topic created to
 * be kept forever (retention.ms -1: voyages.monitoring, the source of monitored-voyage state,
 * which every process folds from the beginning) is kept whole.
 */

interface StoredRecord {
  key: string | null;
  value: Buffer | null;
  headers: Record<string, string>;
  appendedAtMs: number;
  /** What the record counts against retention bytes: its key, value and headers. */
  bytes: number;
}

/** How much of a topic a partition keeps; undefined: no bound of that kind. */
interface Retention {
  ms?: number;
  bytes?: number;
}

/**
 * One partition's log: the retained records and the offset of the first (the log start). The
 * array keeps dropped records' slots until they are a good part of it, so dropping the oldest
 * record costs O(1) however long the log.
 */
class PartitionLog {
  private records: StoredRecord[] = [];
  private head = 0;
  private startOffset = 0;
  private heldBytes = 0;

  constructor(private readonly retention: Retention) {}

  /** Offset of the first retained record. */
  get start(): number {
    return this.startOffset;
  }

  /** Offset the next record will get (the high watermark). */
  get end(): number {
    return this.startOffset + this.records.length - this.head;
  }

  get size(): number {
    return this.records.length - this.head;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  append(record: StoredRecord): void {
    this.records.push(record);
    this.heldBytes += record.bytes;
  }

  /** Up to `max` records from offset `from` (at least the log start). */
  read(from: number, max: number): StoredRecord[] {
    const at = this.head + (from - this.startOffset);
    return this.records.slice(at, at + max);
  }

  /** Drops the oldest records past the retention; how many it dropped. */
  trim(nowMs: number): number {
    const { ms, bytes } = this.retention;
    let dropped = 0;
    while (this.head < this.records.length) {
      const oldest = this.records[this.head] as StoredRecord;
      const tooOld = ms !== undefined && nowMs - oldest.appendedAtMs > ms;
      const tooBig = bytes !== undefined && this.heldBytes > bytes;
      if (!tooOld && !tooBig) break;
      this.heldBytes -= oldest.bytes;
      this.head++;
      this.startOffset++;
      dropped++;
    }
    if (this.head > 1024 && this.head * 2 > this.records.length) {
      this.records = this.records.slice(this.head);
      this.head = 0;
    }
    return dropped;
  }
}

interface TopicPartition {
  topic: string;
  partition: number;
}

const tpKey = (tp: TopicPartition) => `${tp.topic}\u0000${tp.partition}`;

class Group {
  readonly committed = new Map<string, number>();
  private members: Member[] = [];
  private assignment = new Map<Member, TopicPartition[]>();
  generation = 0;

  constructor(private readonly partitionsOf: (topic: string) => number) {}

  join(member: Member): void {
    this.members.push(member);
    this.rebalance();
  }

  leave(member: Member): void {
    this.members = this.members.filter((m) => m !== member);
    this.rebalance();
  }

  assigned(member: Member): TopicPartition[] {
    return this.assignment.get(member) ?? [];
  }

  owns(member: Member, tp: TopicPartition): boolean {
    return this.assigned(member).some((a) => a.topic === tp.topic && a.partition === tp.partition);
  }

  /** Round-robin over the sorted partitions of every subscribed topic, like Kafka's RoundRobinAssigner. */
  private rebalance(): void {
    this.generation++;
    this.assignment = new Map(this.members.map((m) => [m, []]));
    const topics = [...new Set(this.members.flatMap((m) => m.topics))].sort();
    let i = 0;
    for (const topic of topics) {
      const subscribers = this.members.filter((m) => m.topics.includes(topic));
      for (let partition = 0; partition < this.partitionsOf(topic); partition++) {
        const member = subscribers[i++ % subscribers.length];
        if (member) this.assignment.get(member)?.push({ topic, partition });
      }
    }
    for (const m of this.members) m.wake();
  }
}

class Member implements Subscription {
  readonly ready: Promise<void>;
  private running = true;
  private aborted = false;
  private wakeUp: () => void = () => {};
  private readonly positions = new Map<string, number>();
  private seenGeneration = -1;
  private cursor = 0;
  private readonly loop: Promise<void>;

  constructor(
    private readonly bus: MemoryEventBus,
    private readonly group: Group,
    private readonly spec: MemberSpec,
  ) {
    this.group.join(this);
    this.ready = Promise.resolve();
    this.loop = this.run();
  }

  get topics(): string[] {
    return this.spec.topics;
  }

  wake(): void {
    this.wakeUp();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.group.leave(this);
  }

  async abort(): Promise<void> {
    this.aborted = true;
    this.running = false;
    this.group.leave(this);
    this.wake();
  }

  private async run(): Promise<void> {
    const maxBatch = this.spec.maxBatchSize;
    while (this.running) {
      const work = this.nextWork(maxBatch);
      if (!work) {
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.bus.onAppend(resolve);
        });
        continue;
      }
      const { tp, from, records } = work;
      const done = await this.spec.process(
        records,
        () => !this.aborted && this.running && this.group.owns(this, tp),
      );
      if (this.aborted) return;
      if (done && this.group.owns(this, tp)) {
        const next = from + records.length;
        if (this.spec.commit) this.group.committed.set(tpKey(tp), next);
        this.positions.set(tpKey(tp), next);
      } else {
        this.positions.delete(tpKey(tp)); // re-read from the last commit
      }
    }
  }

  private nextWork(
    maxBatch: number,
  ): { tp: TopicPartition; from: number; records: RawRecord[] } | undefined {
    if (this.seenGeneration !== this.group.generation) {
      this.positions.clear(); // after a rebalance every partition restarts from its commit
      this.seenGeneration = this.group.generation;
    }
    const assigned = this.group.assigned(this);
    for (let n = 0; n < assigned.length; n++) {
      const tp = assigned[(this.cursor + n) % assigned.length] as TopicPartition;
      const log = this.bus.log(tp);
      const reset = this.spec.fromBeginning ? log.start : log.end;
      let from = this.positions.get(tpKey(tp)) ?? this.group.committed.get(tpKey(tp)) ?? reset;
      // Below the log start (retention dropped what it had not read): Kafka's OffsetOutOfRange,
      // which kafkajs answers by starting where a new group would.
      if (from < log.start) from = reset;
      this.positions.set(tpKey(tp), from);
      if (from >= log.end) continue;
      this.cursor = (this.cursor + n + 1) % assigned.length;
      const records = log.read(from, maxBatch).map((r, i) => ({
        topic: tp.topic,
        partition: tp.partition,
        offset: String(from + i),
        key: r.key,
        value: r.value,
        headers: r.headers,
      }));
      return { tp, from, records };
    }
    return undefined;
  }
}

export interface MemoryEventBusOptions extends BusOptions {
  /**
   * The most a partition keeps, by age and by bytes (EMBEDDED_BUS_RETENTION_MS and
   * EMBEDDED_BUS_RETENTION_BYTES). A topic whose own retention.ms is shorter keeps its own; one
   * created with retention.ms -1 is kept whole. Absent: every record is kept.
   */
  retention?: { ms?: number; bytesPerPartition?: number };
  /** Clock in epoch ms for the records' age; tests inject one. */
  now?: () => number;
}

/** Partitions are also trimmed by age at most this often, when any topic is written. */
const AGE_SWEEP_EVERY_MS = 60_000;

export class MemoryEventBus implements EventBus<EventMap> {
  readonly adapter = "memory" as const;
  private readonly logs = new Map<string, PartitionLog[]>();
  private readonly retentions = new Map<string, Retention>();
  private readonly groups = new Map<string, Group>();
  private appendWaiters: Array<() => void> = [];
  private readonly partitioner = Partitioners.DefaultPartitioner();
  private readonly members = new Set<Member>();
  private readonly now: () => number;
  private lastSweepMs: number;
  private droppedRecords = 0;

  constructor(private readonly opts: MemoryEventBusOptions) {
    this.now = opts.now ?? Date.now;
    this.lastSweepMs = this.now();
  }

  async start(topics: readonly TopicSpec[]): Promise<void> {
    await this.opts.codec.registerAll();
    for (const spec of topics) {
      this.createTopic(spec.name, spec.partitions, this.retentionOf(spec.config));
      this.createTopic(dlqTopicOf(spec.name), 1, this.retentionOf(undefined));
    }
  }

  /** The topic's own retention.ms / retention.bytes (Kafka's), bounded by the bus's. */
  private retentionOf(config: Record<string, string> | undefined): Retention {
    const own = (name: string) => {
      const v = config?.[name];
      return v === undefined ? undefined : Number(v);
    };
    if (own("retention.ms") === -1 && own("retention.bytes") === undefined) return {};
    const least = (a: number | undefined, b: number | undefined) =>
      a === undefined || a < 0 ? b : b === undefined ? a : Math.min(a, b);
    return {
      ms: least(own("retention.ms"), this.opts.retention?.ms),
      bytes: least(own("retention.bytes"), this.opts.retention?.bytesPerPartition),
    };
  }

  async publish(topic: string, events: readonly OutgoingEvent<EventMap>[]): Promise<void> {
    await this.publishRaw(topic, await encodeEvents(this.opts.codec, events));
  }

  async publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void> {
    const partitions = this.requireTopic(topic);
    const metadata = partitions.map(
      (_, partitionId) => ({ partitionId, leader: 0 }) as PartitionMetadata,
    );
    const nowMs = this.now();
    const written = new Set<PartitionLog>();
    for (const m of messages) {
      const partition = this.partitioner({
        topic,
        partitionMetadata: metadata,
        message: { key: m.key, value: m.value },
      });
      const log = partitions[partition];
      if (!log) continue;
      const headers = { ...(m.headers ?? {}) };
      log.append({
        key: m.key,
        value: m.value,
        headers,
        appendedAtMs: nowMs,
        bytes: recordBytes(m.key, m.value, headers),
      });
      written.add(log);
    }
    for (const log of written) this.droppedRecords += log.trim(nowMs);
    if (nowMs - this.lastSweepMs >= AGE_SWEEP_EVERY_MS) {
      // Partitions nobody writes to any more age out too.
      this.lastSweepMs = nowMs;
      for (const logs of this.logs.values())
        for (const log of logs) this.droppedRecords += log.trim(nowMs);
    }
    const waiters = this.appendWaiters;
    this.appendWaiters = [];
    for (const w of waiters) w();
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    return this.join(consumerSpec(options, this.opts, (t, m) => this.publishRaw(t, m)));
  }

  async inspect(topic: string, onRecords: (records: RawRecord[]) => void): Promise<Subscription> {
    return this.join(inspectorSpec(topic, onRecords));
  }

  private join(spec: MemberSpec): Member {
    for (const t of spec.topics) this.requireTopic(t);
    let group = this.groups.get(spec.groupId);
    if (!group) {
      group = new Group((t) => this.requireTopic(t).length);
      this.groups.set(spec.groupId, group);
    }
    const member = new Member(this, group, spec);
    this.members.add(member);
    return member;
  }

  async committedOffsets(groupId: string, topic: string): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const group = this.groups.get(groupId);
    this.requireTopic(topic).forEach((_, partition) => {
      const c = group?.committed.get(tpKey({ topic, partition }));
      if (c !== undefined) out.set(partition, String(c));
    });
    return out;
  }

  async endOffsets(topic: string): Promise<Map<number, string>> {
    return new Map(this.requireTopic(topic).map((log, p) => [p, String(log.end)]));
  }

  /** Records and bytes held now, and records dropped by retention so far. */
  get retained(): { records: number; bytes: number; dropped: number } {
    let records = 0;
    let bytes = 0;
    for (const logs of this.logs.values()) {
      for (const log of logs) {
        records += log.size;
        bytes += log.bytes;
      }
    }
    return { records, bytes, dropped: this.droppedRecords };
  }

  async health(): Promise<DependencyHealth[]> {
    const { records, bytes, dropped } = this.retained;
    return [
      {
        adapter: "memory",
        status: "up",
        latency_ms: 0,
        detail: `${this.logs.size} topics in process: ${records} records (${(bytes / 1_048_576).toFixed(1)} MiB) held, ${dropped} dropped by retention`,
      },
      await this.opts.codec.health(),
    ];
  }

  async close(): Promise<void> {
    await Promise.all([...this.members].map((m) => m.stop()));
    this.members.clear();
  }

  /** @internal used by members */
  log(tp: TopicPartition): PartitionLog {
    const log = this.requireTopic(tp.topic)[tp.partition];
    if (!log) throw new Error(`unknown partition ${tp.partition} of ${tp.topic}`);
    return log;
  }

  /** @internal used by members */
  onAppend(waiter: () => void): void {
    this.appendWaiters.push(waiter);
  }

  private createTopic(name: string, partitions: number, retention: Retention): void {
    // Like Kafka's createTopics, a topic that exists keeps the retention it was created with.
    const kept = this.retentions.get(name) ?? retention;
    this.retentions.set(name, kept);
    const existing = this.logs.get(name);
    if (!existing) {
      this.logs.set(
        name,
        Array.from({ length: partitions }, () => new PartitionLog(kept)),
      );
      return;
    }
    // like kafka-topics --alter --partitions
    while (existing.length < partitions) existing.push(new PartitionLog(kept));
  }

  private requireTopic(name: string): PartitionLog[] {
    const partitions = this.logs.get(name);
    if (!partitions) throw new Error(`unknown topic ${name} (not created by start())`);
    return partitions;
  }
}

/** A record's weight against retention bytes, as Kafka counts a record: key, value and headers. */
function recordBytes(
  key: string | null,
  value: Buffer | null,
  headers: Record<string, string>,
): number {
  let bytes = (key === null ? 0 : Buffer.byteLength(key)) + (value?.length ?? 0);
  for (const [k, v] of Object.entries(headers))
    bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  return bytes;
}
