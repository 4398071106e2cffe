import { type EventCodec, PoisonMessageError } from "./codec";
import {
  type BatchHandler,
  type ConsumedEvent,
  DLQ_HEADERS,
  type RawMessage,
  type RawRecord,
} from "./port";

/**
 * What both bus adapters do with a fetched batch of one partition: decode, hand to the handler
 * with retries, isolate and dead-letter what keeps failing, and report whether the batch is done
 * (so the adapter may commit) or was interrupted (so it must not).
 */

/** Thrown by a handler for an event it can never process: dead-lettered without retries. */
export class UnprocessableEventError extends Error {
  override name = "UnprocessableEventError";
}

/**
 * Thrown by a handler that handled every event of its batch durably but these, which it never
 * can: they alone are dead-lettered, at once, and the batch is done. A handler that writes
 * several partitions' batches together (the analytics sink) uses it so that one unstorable event
 * fails alone instead of failing its neighbours.
 */
export class UnprocessableEventsError extends Error {
  override name = "UnprocessableEventsError";
  constructor(readonly rejected: ReadonlyArray<{ event: ConsumedEvent; reason: string }>) {
    super(
      `${rejected.length} unprocessable event(s): ${rejected
        .slice(0, 3)
        .map((r) => `offset ${r.event.offset}: ${r.reason}`)
        .join("; ")}`,
    );
  }
}

export interface BatchProcessorOptions {
  codec: EventCodec;
  groupId: string;
  handleBatch: BatchHandler;
  maxAttempts: number;
  retryBackoffMs: number;
  /** Appends dead letters durably (acks from all in-sync replicas) before we commit past them. */
  deadLetter: (topic: string, messages: RawMessage[]) => Promise<void>;
  /**
   * Is the handler's own dependency healthy? When every message of a batch fails and this says
   * no, the failure is the dependency's, not the messages': nothing is dead-lettered and the
   * batch is retried until it recovers. Without it, messages that exhaust their attempts go to
   * the DLQ.
   */
  dependencyHealthy?: () => Promise<boolean>;
  /** False once the consumer is stopping, aborted, or lost the partition. */
  shouldContinue: () => boolean;
  sleep?: (ms: number) => Promise<void>;
  onError?: (err: Error, context: string) => void;
}

/** Longest pause between retries while a dependency is down. */
const MAX_BACKOFF_MS = 10_000;

export class BatchProcessor {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: BatchProcessorOptions) {
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** true: every record was handled or dead-lettered, commit past it. false: interrupted. */
  async process(records: RawRecord[]): Promise<boolean> {
    for (let round = 0; this.opts.shouldContinue(); round++) {
      try {
        return await this.processOnce(records);
      } catch (err) {
        // Transient (registry unreachable, dependency down, DLQ append failed): keep the batch.
        this.opts.onError?.(err as Error, "batch will be retried");
        await this.sleep(
          Math.min(MAX_BACKOFF_MS, this.opts.retryBackoffMs * 2 ** Math.min(round, 10)),
        );
      }
    }
    return false;
  }

  private async processOnce(records: RawRecord[]): Promise<boolean> {
    const events: ConsumedEvent[] = [];
    const byOffset = new Map<string, RawRecord>();
    const poison: RawMessage[] = [];
    for (const record of records) {
      byOffset.set(record.offset, record);
      try {
        const decoded = await this.opts.codec.decode(record.value);
        events.push({
          topic: record.topic,
          partition: record.partition,
          offset: record.offset,
          key: record.key ?? "",
          type: decoded.type,
          schemaId: decoded.schemaId,
          value: decoded.value,
          headers: record.headers,
        });
      } catch (err) {
        if (!(err instanceof PoisonMessageError)) throw err;
        poison.push(this.letter(record, err.reason, err.message, 0));
      }
    }
    if (poison.length > 0) await this.deadLetter(records[0]?.topic, poison);
    if (events.length === 0) return true;

    const whole = await this.attempt(events);
    if (whole === "ok") return true;
    if (whole === "interrupted") return false;
    if (whole instanceof UnprocessableEventsError) {
      await this.deadLetterRejected(whole, byOffset);
      return true;
    }
    if (!(await this.dependencyUp())) throw new Error(`handler dependency down: ${whole.message}`);

    // Isolate: hand the events over one by one so only the ones that fail are dead-lettered.
    for (const event of events) {
      const single = await this.attempt([event]);
      if (single === "interrupted") return false;
      if (single === "ok") continue;
      if (single instanceof UnprocessableEventsError) {
        await this.deadLetterRejected(single, byOffset);
        continue;
      }
      if (!(await this.dependencyUp()))
        throw new Error(`handler dependency down: ${single.message}`);
      const record = byOffset.get(event.offset) as RawRecord;
      const reason = single instanceof UnprocessableEventError ? "unprocessable" : "handler-failed";
      await this.deadLetter(event.topic, [
        this.letter(record, reason, single.message, this.opts.maxAttempts),
      ]);
    }
    return true;
  }

  private async attempt(events: ConsumedEvent[]): Promise<"ok" | "interrupted" | Error> {
    let last: Error = new Error("not attempted");
    for (let attempt = 1; attempt <= this.opts.maxAttempts; attempt++) {
      if (!this.opts.shouldContinue()) return "interrupted";
      try {
        await this.opts.handleBatch(events);
        return "ok";
      } catch (err) {
        last = err as Error;
        if (last instanceof UnprocessableEventError || last instanceof UnprocessableEventsError)
          return last;
        this.opts.onError?.(last, `handler attempt ${attempt}/${this.opts.maxAttempts}`);
        if (attempt < this.opts.maxAttempts)
          await this.sleep(this.opts.retryBackoffMs * 2 ** (attempt - 1));
      }
    }
    return last;
  }

  private async dependencyUp(): Promise<boolean> {
    if (!this.opts.dependencyHealthy) return true;
    try {
      return await this.opts.dependencyHealthy();
    } catch {
      return false;
    }
  }

  private async deadLetterRejected(
    err: UnprocessableEventsError,
    byOffset: Map<string, RawRecord>,
  ): Promise<void> {
    const letters: RawMessage[] = [];
    for (const { event, reason } of err.rejected) {
      const record = byOffset.get(event.offset);
      if (record) letters.push(this.letter(record, "unprocessable", reason, 1));
    }
    await this.deadLetter(err.rejected[0]?.event.topic, letters);
  }

  private async deadLetter(topic: string | undefined, letters: RawMessage[]): Promise<void> {
    if (topic === undefined || letters.length === 0) return;
    await this.opts.deadLetter(topic, letters);
  }

  private letter(record: RawRecord, reason: string, detail: string, attempts: number): RawMessage {
    return {
      key: record.key,
      value: record.value,
      headers: {
        ...record.headers,
        [DLQ_HEADERS.reason]: reason,
        [DLQ_HEADERS.detail]: detail.slice(0, 2000),
        [DLQ_HEADERS.topic]: record.topic,
        [DLQ_HEADERS.partition]: String(record.partition),
        [DLQ_HEADERS.offset]: record.offset,
        [DLQ_HEADERS.group]: this.opts.groupId,
        [DLQ_HEADERS.attempts]: String(attempts),
        [DLQ_HEADERS.failedAt]: new Date().toISOString(),
      },
    };
  }
}
