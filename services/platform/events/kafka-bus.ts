import {
  type Admin,
  type Consumer,
  type IHeaders,
  type ISocketFactory,
  Kafka,
  type KafkaConfig,
  logLevel,
  type Producer,
} from "kafkajs";
import { type DependencyHealth, probeDependency } from "../health";
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

export interface KafkaEventBusOptions extends BusOptions {
  brokers: string[];
  clientId: string;
  /** Prepended to every topic and consumer group name. */
  prefix: string;
  replicationFactor: number;
  /**
   * min.insync.replicas of the topics we create: with acks=all a write is refused unless this
   * many replicas have it (at most the replication factor; 1 on a single broker).
   */
  minInsyncReplicas: number;
  /** Called between handling a batch and committing it; tests crash the process there. */
  beforeCommit?: () => void;
  /** How connections to the brokers are opened (kafkajs's own by default); tests inject network faults here. */
  socketFactory?: ISocketFactory;
}

/** Defaults for every topic we create: keep a week, never compact events away. */
const DEFAULT_TOPIC_CONFIG: Record<string, string> = {
  "cleanup.policy": "delete",
  "retention.ms": String(7 * 24 * 3600 * 1000),
};
const DLQ_TOPIC_CONFIG: Record<string, string> = {
  ...DEFAULT_TOPIC_CONFIG,
  "retention.ms": String(30 * 24 * 3600 * 1000),
};

/** A member silent this long is dropped from its group; consumers heartbeat while a handler works. */
export const GROUP_SESSION_TIMEOUT_MS = 10_000;
const HEARTBEAT_INTERVAL_MS = 1_000;
/** Longest a handler is kept in its group by heartbeats while it works on one batch. */
const MAX_HANDLER_HEARTBEAT_MS = 5 * 60_000;
/** Pause before a crashed consumer's replacement joins. */
const REJOIN_DELAY_MS = 1_000;

export class KafkaEventBus implements EventBus<EventMap> {
  readonly adapter = "kafka" as const;
  private readonly kafka: Kafka;
  private readonly admin: Admin;
  private producer: Producer;
  private producerConnected?: Promise<void>;
  /** The send in progress: sends go one at a time (see send()). */
  private sending: Promise<unknown> = Promise.resolve();
  private connected?: Promise<void>;
  private readonly subscriptions = new Set<KafkaSubscription>();

  constructor(private readonly opts: KafkaEventBusOptions) {
    const config: KafkaConfig = {
      clientId: opts.clientId,
      brokers: opts.brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 5, initialRetryTime: 200 },
      ...(opts.socketFactory ? { socketFactory: opts.socketFactory } : {}),
    };
    this.kafka = new Kafka(config);
    this.admin = this.kafka.admin();
    this.producer = this.newProducer();
  }

  /**
   * An idempotent producer (KIP-98): the broker keeps, per partition, the last sequence numbers
   * of each producer id and drops a batch it already has, so a batch sent again after a lost
   * answer is written once and in order. kafkajs asks for acks=-1 (it refuses anything else)
   * and one request in flight: it sends an idempotent producer's requests to a broker one at a
   * time in any case, and more in flight could reorder a retried batch behind a later one.
   */
  private newProducer(): Producer {
    return this.kafka.producer({
      allowAutoTopicCreation: false,
      idempotent: true,
      maxInFlightRequests: 1,
    });
  }

  private connect(): Promise<void> {
    this.connected ??= Promise.all([this.admin.connect(), this.connectProducer()]).then(
      () => undefined,
    );
    return this.connected;
  }

  private connectProducer(): Promise<void> {
    this.producerConnected ??= this.producer.connect().catch((err: unknown) => {
      this.producerConnected = undefined; // try again on the next send
      throw err;
    });
    return this.producerConnected;
  }

  async start(topics: readonly TopicSpec[]): Promise<void> {
    await this.connect();
    await this.opts.codec.registerAll();
    const isr = { "min.insync.replicas": String(this.opts.minInsyncReplicas) };
    const wanted = topics.flatMap((t) => [
      {
        name: this.physical(t.name),
        partitions: t.partitions,
        config: { ...DEFAULT_TOPIC_CONFIG, ...t.config, ...isr },
      },
      {
        name: this.physical(dlqTopicOf(t.name)),
        partitions: 1,
        config: { ...DLQ_TOPIC_CONFIG, ...isr },
      },
    ]);
    const existing = new Set(await this.admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t.name));
    if (missing.length > 0) {
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({
          topic: t.name,
          numPartitions: t.partitions,
          replicationFactor: this.opts.replicationFactor,
          configEntries: Object.entries(t.config).map(([name, value]) => ({ name, value })),
        })),
      });
    }
    // Topics that exist with fewer partitions than specified are grown (never shrunk: Kafka can't).
    const present = wanted.filter((t) => existing.has(t.name));
    if (present.length > 0) {
      const meta = await this.admin.fetchTopicMetadata({ topics: present.map((t) => t.name) });
      const grow = present.flatMap((t) => {
        const have = meta.topics.find((m) => m.name === t.name)?.partitions.length ?? 0;
        return have < t.partitions ? [{ topic: t.name, count: t.partitions }] : [];
      });
      if (grow.length > 0) await this.admin.createPartitions({ topicPartitions: grow });
    }
  }

  async publish(topic: string, events: readonly OutgoingEvent<EventMap>[]): Promise<void> {
    await this.publishRaw(topic, await encodeEvents(this.opts.codec, events));
  }

  async publishRaw(topic: string, messages: readonly RawMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    const sent = this.sending.then(() => this.send(topic, messages));
    this.sending = sent.catch(() => undefined);
    await sent;
  }

  /**
   * One send on the current producer; a failed send retires it. kafkajs rewinds a partition's
   * sequence number when a send fails (it retries 5 times, a few seconds, so that a publish in
   * an API request fails rather than hangs). If the broker had in fact written the batch (its
   * answer was lost), the next batch of the same size would reuse those numbers and the broker
   * would answer "written" for a batch it drops as a duplicate (shown by
   * kafka-bus.int.test.ts; kafkajs does not recover from this, tulios/kafkajs#598, #485). So the
   * producer that failed sends nothing more: the next send starts a new producer id, whose
   * numbers start again at 0, as the Java client does on such a failure (it bumps the epoch).
   * Sends go one at a time so that none is already queued on a producer that failed; kafkajs
   * holds an idempotent producer's requests to one broker in flight one at a time anyway.
   */
  private async send(topic: string, messages: readonly RawMessage[]): Promise<void> {
    const producer = this.producer;
    await this.connectProducer();
    try {
      await producer.send({
        topic: this.physical(topic),
        acks: -1,
        messages: messages.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
      });
    } catch (err) {
      if (this.producer === producer) {
        this.producer = this.newProducer();
        this.producerConnected = undefined;
        void producer.disconnect().catch(() => undefined);
      }
      throw err;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    return this.join(consumerSpec(options, this.opts, (t, m) => this.publishRaw(t, m)));
  }

  async inspect(topic: string, onRecords: (records: RawRecord[]) => void): Promise<Subscription> {
    return this.join(inspectorSpec(topic, onRecords));
  }

  private async join(spec: MemberSpec): Promise<Subscription> {
    await this.connect();
    const sub = new KafkaSubscription(
      this,
      () =>
        this.kafka.consumer({
          groupId: this.physical(spec.groupId),
          allowAutoTopicCreation: false,
          sessionTimeout: GROUP_SESSION_TIMEOUT_MS,
          heartbeatInterval: HEARTBEAT_INTERVAL_MS,
          rebalanceTimeout: 10_000,
          // An idle fetch long-polls this long; a stop waits for it, so keep it short.
          maxWaitTimeInMs: 500,
          retry: { retries: 10, initialRetryTime: 200 },
        }),
      spec,
    );
    this.subscriptions.add(sub);
    await sub.start();
    return sub;
  }

  /** @internal */
  reportError(err: Error, context: string): void {
    this.opts.onError?.(err, context);
  }

  async committedOffsets(groupId: string, topic: string): Promise<Map<number, string>> {
    await this.connect();
    const res = await this.admin.fetchOffsets({
      groupId: this.physical(groupId),
      topics: [this.physical(topic)],
    });
    const out = new Map<number, string>();
    for (const p of res[0]?.partitions ?? []) if (p.offset !== "-1") out.set(p.partition, p.offset);
    return out;
  }

  async endOffsets(topic: string): Promise<Map<number, string>> {
    await this.connect();
    const res = await this.admin.fetchTopicOffsets(this.physical(topic));
    return new Map(res.map((p) => [p.partition, p.high]));
  }

  async health(): Promise<DependencyHealth[]> {
    const kafka = await probeDependency("kafka", this.opts.brokers.join(","), async () => {
      await this.connect();
      await this.admin.describeCluster();
    });
    return [kafka, await this.opts.codec.health()];
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.connected) {
      await this.connected.catch(() => undefined);
      await this.sending;
      await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
    }
  }

  /** @internal */
  forget(sub: KafkaSubscription): void {
    this.subscriptions.delete(sub);
  }

  /** @internal */
  physical(name: string): string {
    return `${this.opts.prefix}${name}`;
  }

  /** @internal */
  logical(name: string): string {
    return name.startsWith(this.opts.prefix) ? name.slice(this.opts.prefix.length) : name;
  }

  /** @internal */
  get beforeCommit(): (() => void) | undefined {
    return this.opts.beforeCommit;
  }
}

class KafkaSubscription implements Subscription {
  readonly ready: Promise<void>;
  private markReady: () => void = () => {};
  private running = true;
  private aborted = false;
  private consumer: Consumer;

  constructor(
    private readonly bus: KafkaEventBus,
    private readonly makeConsumer: () => Consumer,
    private readonly spec: MemberSpec,
  ) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.consumer = this.member();
  }

  /**
   * A consumer whose run KafkaJS gave up on (a crash it will not restart itself, e.g. a commit
   * refused after the group moved on) is replaced by a new member of the same group, so a
   * process never stays up while silently consuming nothing.
   */
  private member(): Consumer {
    const consumer = this.makeConsumer();
    consumer.on(consumer.events.GROUP_JOIN, () => this.markReady());
    consumer.on(consumer.events.CRASH, (event) => {
      const { error, restart } = event.payload;
      this.bus.reportError(
        error,
        `consumer group ${this.spec.groupId} crashed${restart ? "; KafkaJS restarts it" : "; rejoining"}`,
      );
      if (restart || !this.running || this.aborted || consumer !== this.consumer) return;
      setTimeout(() => void this.rejoin(consumer), REJOIN_DELAY_MS);
    });
    return consumer;
  }

  private async rejoin(crashed: Consumer): Promise<void> {
    if (!this.running || this.aborted || crashed !== this.consumer) return;
    await crashed.disconnect().catch(() => undefined);
    this.consumer = this.member();
    await this.start().catch((err: Error) => {
      this.bus.reportError(err, `consumer group ${this.spec.groupId} could not rejoin`);
      setTimeout(() => void this.rejoin(this.consumer), REJOIN_DELAY_MS);
    });
  }

  async start(): Promise<void> {
    const maxBatch = this.spec.maxBatchSize;
    const consumer = this.consumer;
    await consumer.connect();
    await consumer.subscribe({
      topics: this.spec.topics.map((t) => this.bus.physical(t)),
      fromBeginning: this.spec.fromBeginning,
    });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.spec.concurrentPartitions,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const topic = this.bus.logical(batch.topic);
        const live = () => this.running && !this.aborted && isRunning() && !isStale();
        for (let i = 0; i < batch.messages.length && live(); i += maxBatch) {
          const records: RawRecord[] = batch.messages.slice(i, i + maxBatch).map((m) => ({
            topic,
            partition: batch.partition,
            offset: m.offset,
            key: m.key?.toString("utf8") ?? null,
            value: m.value,
            headers: stringHeaders(m.headers),
          }));
          // The group only hears from a member when it heartbeats, and a handler may work
          // longer than the session timeout (a cold scoring thread builds its routing network):
          // heartbeat while it works, but not forever, so a handler that hangs is still
          // noticed and its partitions go to another member.
          const started = Date.now();
          const beating = setInterval(() => {
            if (Date.now() - started < MAX_HANDLER_HEARTBEAT_MS) heartbeat().catch(() => undefined);
          }, HEARTBEAT_INTERVAL_MS);
          let done: boolean;
          try {
            done = await this.spec.process(records, live);
          } finally {
            clearInterval(beating);
          }
          if (!done || this.aborted || isStale()) return;
          const last = (records.at(-1) as RawRecord).offset;
          resolveOffset(last); // moves the fetch position; the commit below makes it durable
          if (!this.spec.commit) continue;
          this.bus.beforeCommit?.();
          const next = (BigInt(last) + 1n).toString();
          await consumer.commitOffsets([
            { topic: batch.topic, partition: batch.partition, offset: next },
          ]);
          await heartbeat();
        }
      },
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.consumer.disconnect();
    this.bus.forget(this);
  }

  async abort(): Promise<void> {
    this.aborted = true;
    this.running = false;
    // Not awaited on purpose: a crashed process would not wait for its in-flight handler either.
    void this.consumer.disconnect().catch(() => undefined);
    this.bus.forget(this);
  }
}

function stringHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    if (v === undefined) continue;
    out[k] = (Array.isArray(v) ? v.at(-1) : v)?.toString() ?? "";
  }
  return out;
}
