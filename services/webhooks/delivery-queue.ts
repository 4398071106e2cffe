import type { DependencyHealth } from "../platform/health";
import { isWebhookEventKind, type WebhookEventKind } from "./subscriptions";

/**
 * The webhook delivery queue: deliveries waiting for their next attempt, durable across a crash
 * of the notify stream. Redis in platform mode (a sorted set by due time, one hash per
 * delivery), memory in the embedded default; both pass tests/contract/delivery-queue.contract.ts.
 *
 * Why a queue beside Kafka: a delivery may wait hours between attempts (schedule.ts), and a
 * Kafka consumer cannot hold a message that long without stalling its partition. The notify
 * stream moves each alert from `voyages.alerts` into this queue (one delivery per matching
 * subscription) and commits the offset after; the dispatcher takes due deliveries from it.
 *
 * Exactly-once planning: a delivery id (webhookDeliveryId(subscription, alert event)) is enqueued
 * at most once within the retention after it finished, so an alert consumed again after a crash,
 * or published again by a re-score repeated after a crash, is not delivered twice.
 *
 * Leases: claim() hands a due delivery to one dispatcher until its lease ends; while leased it is
 * not claimed again. A dispatcher that dies mid-attempt leaves the lease to run out, and the
 * delivery is claimed again with the same attempt number (at-least-once: a receiver that answered
 * just before the crash may see that delivery id twice). reschedule() and finish() take the lease
 * token and do nothing (false) when the lease has been lost to another claim, so two dispatchers
 * never both move one delivery on.
 *
 * Outbox: reschedule() and finish() also store, in the same atomic step, the events that record
 * the attempt (a transactional outbox). The dispatcher publishes them afterwards and clears them;
 * whatever a crash left unpublished, the next dispatcher publishes (same event ids, so consumers
 * see each once). So the queue moves on the moment the receiver has answered, which keeps the
 * window in which a crash makes a receiver see a delivery twice to one Redis round trip, and no
 * attempt goes unrecorded.
 */

export interface NewDelivery {
  /** webhookDeliveryId(subscription id, alert event id). */
  delivery_id: string;
  subscription_id: string;
  /** The alert's event id on voyages.alerts. */
  alert_event_id: string;
  kind: WebhookEventKind;
  /** The payload to sign, without delivered_at and signature (added at every attempt). */
  payload: Record<string, unknown>;
  /** Epoch ms when the delivery was planned. */
  planned_at: number;
}

export interface PendingDelivery extends NewDelivery {
  /** Attempts made so far (0 before the first). */
  attempts: number;
  /** Epoch ms of the attempt this claim is for. */
  due_at: number;
  /** The claim's lease token: pass it to reschedule() and finish(). */
  lease: string;
}

/** An event to publish once the queue has moved on: its id is the event id. */
export interface OutboxEntry {
  id: string;
  /** Avro full name. */
  type: string;
  /** Partition key. */
  key: string;
  value: Record<string, unknown>;
}

/** How a delivery ended, remembered for the retention so it is never planned again. */
export type FinishedAs = "delivered" | "gone" | "dead_lettered" | "dropped";

export interface DeliveryQueue {
  readonly adapter: "redis" | "memory";
  /**
   * Plans a delivery, due at dueMs. False (and nothing changes) when this delivery id is already
   * pending, leased, or finished within the retention.
   */
  enqueue(delivery: NewDelivery, dueMs: number): Promise<boolean>;
  /**
   * Up to `limit` deliveries due at nowMs (due_at <= nowMs), earliest first, each leased until
   * nowMs + leaseMs under one fresh token. Deliveries whose lease has run out are due again.
   */
  claim(nowMs: number, limit: number, leaseMs: number): Promise<PendingDelivery[]>;
  /**
   * After a failed attempt that will be retried: records the attempts made and the next due
   * time, and releases the lease. False when `lease` no longer holds the delivery.
   */
  reschedule(
    deliveryId: string,
    lease: string,
    attempts: number,
    dueMs: number,
    outbox?: readonly OutboxEntry[],
  ): Promise<boolean>;
  /**
   * The delivery is done: removed from the queue, and its id remembered as `as` for the
   * retention (enqueue refuses it). False when `lease` no longer holds the delivery.
   */
  finish(
    deliveryId: string,
    lease: string,
    as: FinishedAs,
    outbox?: readonly OutboxEntry[],
  ): Promise<boolean>;
  /**
   * Up to `limit` outbox entries stored by a reschedule() or finish() that held its lease, not
   * yet cleared; in no particular order. Every instance over one backing sees the same ones.
   */
  outbox(limit: number): Promise<OutboxEntry[]>;
  /** Removes published entries (unknown ids are ignored). */
  clearOutbox(ids: readonly string[]): Promise<void>;
  /** How a finished delivery ended, while remembered; null when unknown or still pending. */
  finished(deliveryId: string): Promise<FinishedAs | null>;
  /** Deliveries pending (leased or not) and the earliest due time among them. */
  stats(): Promise<{ pending: number; nextDueMs: number | null }>;
  health(): Promise<DependencyHealth>;
  close(): Promise<void>;
}

/** How long a finished delivery's id is remembered: longer than any topic keeps an alert. */
export const FINISHED_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

/* The input checks both adapters make, so they refuse the same calls. */

/**
 * Delivery ids go into Redis key names and are ordered byte-wise there (ties in claim); printable
 * ASCII keeps that order the same as JavaScript's string order, so both adapters agree.
 */
export const DELIVERY_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Checks an enqueue and gives the payload as JSON. The input checks are shared with the Redis
 * adapter, so both refuse the same calls. The memory adapter keeps the payload as JSON too, so the
 * embedded default hands back exactly what Redis would (no Dates, no undefined members).
 */
export function checkEnqueue(delivery: NewDelivery, dueMs: number): string {
  if (typeof delivery.delivery_id !== "string" || !DELIVERY_ID_PATTERN.test(delivery.delivery_id)) {
    throw new RangeError("delivery_id must be 1-128 letters, digits, _ . : -");
  }
  for (const field of ["subscription_id", "alert_event_id"] as const) {
    if (typeof delivery[field] !== "string" || delivery[field] === "") {
      throw new RangeError(`${field} must be a non-empty string`);
    }
  }
  if (!isWebhookEventKind(delivery.kind)) throw new RangeError(`unknown event kind`);
  assertEpochMs("planned_at", delivery.planned_at);
  assertEpochMs("dueMs", dueMs);
  const { payload } = delivery;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    throw new RangeError("payload must be a plain object");
  }
  return JSON.stringify(payload);
}

export function checkClaim(nowMs: number, limit: number, leaseMs: number): void {
  assertEpochMs("nowMs", nowMs);
  // Redis reads a negative LIMIT count as "no limit": refuse it before it gets that far.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit must be >= 1");
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 1) throw new RangeError("leaseMs must be >= 1");
}

export function checkReschedule(attempts: number, dueMs: number): void {
  if (!Number.isSafeInteger(attempts) || attempts < 0) {
    throw new RangeError("attempts must be an integer >= 0");
  }
  assertEpochMs("dueMs", dueMs);
}

export function checkRetention(retentionMs: number): number {
  if (!Number.isSafeInteger(retentionMs) || retentionMs < 1) {
    throw new RangeError("retentionMs must be an integer >= 1");
  }
  return retentionMs;
}

export const FINISHED_AS: readonly FinishedAs[] = ["delivered", "gone", "dead_lettered", "dropped"];

export function checkFinishedAs(as: FinishedAs): void {
  if (!FINISHED_AS.includes(as))
    throw new RangeError(`as must be one of ${FINISHED_AS.join(", ")}`);
}

/** A lease token can only be one claim() gave: "" would match a delivery nobody holds. */
export function isLeaseToken(lease: unknown): lease is string {
  return typeof lease === "string" && lease !== "";
}

function assertEpochMs(name: string, ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`${name} must be epoch ms`);
}

export function checkOutbox(entries: readonly OutboxEntry[]): string[] {
  return entries.map((e) => {
    if (typeof e.id !== "string" || e.id === "" || e.id.length > 200) {
      throw new RangeError("outbox entry id must be a non-empty string of at most 200 characters");
    }
    if (typeof e.type !== "string" || e.type === "" || typeof e.key !== "string") {
      throw new RangeError("outbox entry needs a type and a key");
    }
    if (typeof e.value !== "object" || e.value === null || Array.isArray(e.value)) {
      throw new RangeError("outbox entry value must be a plain object");
    }
    return JSON.stringify(e);
  });
}
