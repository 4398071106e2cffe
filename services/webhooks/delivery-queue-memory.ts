import { randomUUID } from "node:crypto";
import type { DependencyHealth } from "../platform/health";
import {
  checkClaim,
  checkEnqueue,
  checkFinishedAs,
  checkOutbox,
  checkReschedule,
  checkRetention,
  type DeliveryQueue,
  FINISHED_RETENTION_MS,
  type FinishedAs,
  isLeaseToken,
  type NewDelivery,
  type OutboxEntry,
  type PendingDelivery,
} from "./delivery-queue";

interface Entry {
  delivery: Omit<NewDelivery, "payload">;
  payloadJson: string;
  attempts: number;
  dueAt: number;
  /** When it is next claimable: dueAt, or the end of its lease while leased. */
  score: number;
  lease: string | null;
}

export interface MemoryDeliveryQueueOptions {
  retentionMs?: number;
  /** Clock for forgetting finished ids only; queue times are the callers' (nowMs, dueMs). */
  now?: () => number;
}

/**
 * The embedded default's delivery queue: in this process only, gone at restart (as the rest of
 * the embedded default's state). Every answer is a copy.
 */
export class MemoryDeliveryQueue implements DeliveryQueue {
  readonly adapter = "memory" as const;
  private readonly entries = new Map<string, Entry>();
  private readonly outboxEntries = new Map<string, string>();
  /** Finished ids by when they are forgotten; insertion order is expiry order (see sweep). */
  private readonly done = new Map<string, { as: FinishedAs; until: number }>();
  private readonly retentionMs: number;
  private readonly now: () => number;

  constructor(options: MemoryDeliveryQueueOptions = {}) {
    this.retentionMs = checkRetention(options.retentionMs ?? FINISHED_RETENTION_MS);
    this.now = options.now ?? Date.now;
  }

  async enqueue(delivery: NewDelivery, dueMs: number): Promise<boolean> {
    const payloadJson = checkEnqueue(delivery, dueMs);
    const id = delivery.delivery_id;
    if (this.entries.has(id) || this.finishedAs(id) !== null) return false;
    const { subscription_id, alert_event_id, kind, planned_at } = delivery;
    this.entries.set(id, {
      delivery: { delivery_id: id, subscription_id, alert_event_id, kind, planned_at },
      payloadJson,
      attempts: 0,
      dueAt: dueMs,
      score: dueMs,
      lease: null,
    });
    return true;
  }

  async claim(nowMs: number, limit: number, leaseMs: number): Promise<PendingDelivery[]> {
    checkClaim(nowMs, limit, leaseMs);
    const due = [...this.entries.values()]
      .filter((e) => e.score <= nowMs)
      .sort((a, b) => a.score - b.score || byId(a.delivery.delivery_id, b.delivery.delivery_id))
      .slice(0, limit);
    const lease = randomUUID();
    return due.map((entry) => {
      entry.lease = lease;
      entry.score = nowMs + leaseMs;
      return {
        ...entry.delivery,
        payload: JSON.parse(entry.payloadJson) as Record<string, unknown>,
        attempts: entry.attempts,
        due_at: entry.dueAt,
        lease,
      };
    });
  }

  async reschedule(
    deliveryId: string,
    lease: string,
    attempts: number,
    dueMs: number,
    outbox: readonly OutboxEntry[] = [],
  ): Promise<boolean> {
    checkReschedule(attempts, dueMs);
    const json = checkOutbox(outbox);
    const entry = this.held(deliveryId, lease);
    if (!entry) return false;
    entry.attempts = attempts;
    entry.dueAt = dueMs;
    entry.score = dueMs;
    entry.lease = null;
    this.store(outbox, json);
    return true;
  }

  async finish(
    deliveryId: string,
    lease: string,
    as: FinishedAs,
    outbox: readonly OutboxEntry[] = [],
  ): Promise<boolean> {
    checkFinishedAs(as);
    const json = checkOutbox(outbox);
    if (!this.held(deliveryId, lease)) return false;
    this.entries.delete(deliveryId);
    this.sweep();
    this.done.set(deliveryId, { as, until: this.now() + this.retentionMs });
    this.store(outbox, json);
    return true;
  }

  async outbox(limit: number): Promise<OutboxEntry[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit must be >= 1");
    return [...this.outboxEntries.values()].slice(0, limit).map((j) => JSON.parse(j));
  }

  async clearOutbox(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.outboxEntries.delete(id);
  }

  /** Kept as JSON, like Redis: what comes back is a copy with no undefined members. */
  private store(outbox: readonly OutboxEntry[], json: readonly string[]): void {
    outbox.forEach((e, i) => {
      this.outboxEntries.set(e.id, json[i] as string);
    });
  }

  async finished(deliveryId: string): Promise<FinishedAs | null> {
    return this.finishedAs(deliveryId);
  }

  async stats(): Promise<{ pending: number; nextDueMs: number | null }> {
    let nextDueMs: number | null = null;
    for (const { score } of this.entries.values()) {
      if (nextDueMs === null || score < nextDueMs) nextDueMs = score;
    }
    return { pending: this.entries.size, nextDueMs };
  }

  async health(): Promise<DependencyHealth> {
    return { adapter: "memory", status: "up", latency_ms: 0, detail: "in-process" };
  }

  /** Nothing to release. */
  async close(): Promise<void> {}

  private held(deliveryId: string, lease: string): Entry | undefined {
    const entry = this.entries.get(deliveryId);
    return entry && isLeaseToken(lease) && entry.lease === lease ? entry : undefined;
  }

  private finishedAs(deliveryId: string): FinishedAs | null {
    const found = this.done.get(deliveryId);
    if (!found) return null;
    if (found.until > this.now()) return found.as;
    this.done.delete(deliveryId);
    return null;
  }

  /**
   * Forgets expired ids from the front, so the map does not grow past one retention's worth.
   * With one retention for all, entries expire in the order they were added; a clock stepping
   * back only delays the sweep, and finishedAs checks expiry itself anyway.
   */
  private sweep(): void {
    const now = this.now();
    for (const [id, { until }] of this.done) {
      if (until > now) break;
      this.done.delete(id);
    }
  }
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
