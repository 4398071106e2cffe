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
 */

interface StoredRecord {
  key: string | null;
  value: Buffer | null;
  headers: Record<string, string>;
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
      const from =
        this.positions.get(tpKey(tp)) ??
        this.group.committed.get(tpKey(tp)) ??
        (this.spec.fromBeginning ? 0 : log.length);
      this.positions.set(tpKey(tp), from);
      if (from >= log.length) continue;
      this.cursor = (this.cursor + n + 1) % assigned.length;
      const records = log.slice(from, from + maxBatch).map((r, i) => ({
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

export type MemoryEventBusOptions = BusOptions;

export class MemoryEventBus implements EventBus {
  readonly adapter = "memory" as const;
  private readonly logs = new Map<string, StoredRecord[][]>();
  private readonly groups = new Map<string, Group>();
  private appendWaiters: Array<() => void> = [];
  private readonly partitioner = Partitioners.DefaultPartitioner();
  private readonly members = new Set<Member>();

  constructor(private readonly opts: MemoryEventBusOptions) {}

  async start(topics: readonly TopicSpec[]): Promise<void> {
    await this.opts.codec.registerAll();
    for (const spec of topics) {
      this.createTopic(spec.name, spec.partitions);
      this.createTopic(dlqTopicOf(spec.name), 1);
    }
  }

  async publish(topic: string, events: readonly OutgoingEvent[]): Promise<void> {
    await this.publishRaw(topic, await encodeEvents(this.opts.codec, events));
  }

  async publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void> {
    const partitions = this.requireTopic(topic);
    const metadata = partitions.map(
      (_, partitionId) => ({ partitionId, leader: 0 }) as PartitionMetadata,
    );
    for (const m of messages) {
      const partition = this.partitioner({
        topic,
        partitionMetadata: metadata,
        message: { key: m.key, value: m.value },
      });
      partitions[partition]?.push({
        key: m.key,
        value: m.value,
        headers: { ...(m.headers ?? {}) },
      });
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
    return new Map(this.requireTopic(topic).map((log, p) => [p, String(log.length)]));
  }

  async health(): Promise<DependencyHealth[]> {
    return [
      {
        adapter: "memory",
        status: "up",
        latency_ms: 0,
        detail: `${this.logs.size} topics in process`,
      },
      await this.opts.codec.health(),
    ];
  }

  async close(): Promise<void> {
    await Promise.all([...this.members].map((m) => m.stop()));
    this.members.clear();
  }

  /** @internal used by members */
  log(tp: TopicPartition): StoredRecord[] {
    return this.requireTopic(tp.topic)[tp.partition] ?? [];
  }

  /** @internal used by members */
  onAppend(waiter: () => void): void {
    this.appendWaiters.push(waiter);
  }

  private createTopic(name: string, partitions: number): void {
    const existing = this.logs.get(name);
    if (!existing) {
      this.logs.set(
        name,
        Array.from({ length: partitions }, () => []),
      );
      return;
    }
    while (existing.length < partitions) existing.push([]); // like kafka-topics --alter --partitions
  }

  private requireTopic(name: string): StoredRecord[][] {
    const partitions = this.logs.get(name);
    if (!partitions) throw new Error(`unknown topic ${name} (not created by start())`);
    return partitions;
  }
}
