import { EVENT, isEvent } from "../../services/contracts/events";
import type { EventBus } from "../../services/platform/events/port";
import { nameBasedId } from "../../services/platform/events/records";
import { TOPIC } from "../../services/platform/events/topics";
import {
  type DeliveryRequest,
  type DeliveryResult,
  deliverOnce,
} from "../../services/webhooks/deliver";
import type {
  DeliveryQueue,
  FinishedAs,
  OutboxEntry,
  PendingDelivery,
} from "../../services/webhooks/delivery-queue";
import type { ResolveHost } from "../../services/webhooks/destination";
import { attemptPayload } from "../../services/webhooks/payloads";
import { nextAttemptDelayMs } from "../../services/webhooks/schedule";
import { signWebhook } from "../../services/webhooks/signing";
import type {
  PublicSubscription,
  WebhookSubscriptionStore,
} from "../../services/webhooks/subscriptions";

/**
 * The webhook dispatcher: takes due deliveries from the delivery queue, signs each attempt
 * afresh, POSTs it, records the attempt on webhooks.deliveries (and so in ClickHouse), and moves
 * the delivery on:
 *
 *   delivered (2xx)                 finished
 *   retry (408, 429, 5xx, network)  due again after the schedule's wait (Retry-After honoured),
 *                                   or dead-lettered after the 32nd attempt
 *   gone (410)                      the subscription disabled; dead-lettered
 *   rejected (other 3xx/4xx)        dead-lettered at once: resending the same bytes cannot help
 *   refused (destination)           dead-lettered: nothing was sent
 *   subscription deleted/disabled   dead-lettered without an attempt
 *
 * The queue moves on the moment the receiver has answered, and in the same atomic step keeps the
 * attempt's records in its outbox; they are published to webhooks.deliveries afterwards, and a
 * crash in between leaves them for the next dispatcher to publish (same event ids). So a receiver
 * sees a delivery twice only when a dispatcher dies between its answer and that one Redis step,
 * and then with the same delivery id. Several dispatchers may share one queue (Redis): the lease
 * keeps each delivery with one of them at a time.
 */

/**
 * Lease = WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS. The margin covers reading the subscription and
 * signing before the POST, and moving the queue on after the answer. The POST itself never
 * outlives the lease less MOVE_RESERVE_MS (attemptBudgetMs): a second dispatcher can claim the
 * delivery only once its lease has run out, and by then the first has stopped sending.
 */
const LEASE_MARGIN_MS = 5_000;
/**
 * Kept free at the end of every lease: the queue move after the answer (one Redis round trip; a
 * 410 also disables the subscription first) and the clock difference between dispatchers.
 */
const MOVE_RESERVE_MS = 2_000;
/** Less time than this left to send in (the smallest WEBHOOK_TIMEOUT_MS): release unsent. */
const MIN_ATTEMPT_MS = 100;
/** How often an idle dispatcher looks for due deliveries (a plan in this process wakes it). */
const IDLE_POLL_MS = 250;
/** How often the outbox is swept for records a crash left unpublished. */
const OUTBOX_DRAIN_MS = 2_000;
/** After the queue failed to answer. */
const ERROR_PAUSE_MS = 1_000;

export interface DispatcherOptions {
  queue: DeliveryQueue;
  subscriptions: WebhookSubscriptionStore;
  bus: EventBus;
  allowlist: readonly string[];
  timeoutMs: number;
  concurrency: number;
  /** WEBHOOK_RETRY_SCALE. */
  retryScale?: number;
  now?: () => number;
  resolve?: ResolveHost;
  /** deliverOnce by default. */
  deliver?: (request: DeliveryRequest) => Promise<DeliveryResult>;
  onError?: (error: unknown) => void;
  onAttempt?: (report: { delivery_id: string; attempt: number; outcome: string }) => void;
  /** Failpoint notify.after-first-delivery. */
  crashAfterDeliveredMove?: () => void;
}

export type DeadLetterReason =
  | "attempts_exhausted"
  | "rejected"
  | "refused"
  | "gone"
  | "subscription_deleted"
  | "subscription_disabled";

export class WebhookDispatcher {
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly opts: DispatcherOptions) {
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.timeoutMs + LEASE_MARGIN_MS;
  }

  /** Runs until stop(): claims due deliveries whenever an attempt slot is free. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A delivery was planned in this process: look at once instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Makes every attempt due at nowMs and waits for them (tests drive the schedule with it under
   * a clock of their own). Returns the number of attempts made.
   */
  async runDue(): Promise<number> {
    let made = 0;
    await this.drainOutbox();
    for (;;) {
      const claimedAt = this.now();
      const due = await this.opts.queue.claim(claimedAt, this.opts.concurrency, this.leaseMs);
      if (due.length === 0) return made;
      await Promise.all(due.map((d) => this.attempt(d, claimedAt + this.leaseMs)));
      made += due.length;
    }
  }

  private async run(): Promise<void> {
    let drainedAt = 0;
    while (this.running) {
      // What a crashed dispatcher left unpublished (and, rarely, what a failed publish here left).
      if (Date.now() - drainedAt >= OUTBOX_DRAIN_MS) {
        drainedAt = Date.now();
        await this.drainOutbox().catch((error: unknown) => this.opts.onError?.(error));
      }
      const free = this.opts.concurrency - this.inFlight.size;
      let claimed: PendingDelivery[] = [];
      let pause = IDLE_POLL_MS;
      const claimedAt = this.now();
      if (free > 0) {
        try {
          claimed = await this.opts.queue.claim(claimedAt, free, this.leaseMs);
        } catch (error) {
          this.opts.onError?.(error);
          pause = ERROR_PAUSE_MS;
        }
      }
      for (const d of claimed) {
        const p: Promise<void> = this.attempt(d, claimedAt + this.leaseMs)
          .catch((error: unknown) => this.opts.onError?.(error))
          .finally(() => {
            this.inFlight.delete(p);
            this.wake();
          });
        this.inFlight.add(p);
      }
      if (claimed.length === 0 || this.inFlight.size >= this.opts.concurrency) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    }
  }

  /** Publishes what moves of the queue left in its outbox (this one's, or a crashed one's). */
  async drainOutbox(): Promise<number> {
    let published = 0;
    for (;;) {
      const entries = await this.opts.queue.outbox(500);
      if (entries.length === 0) return published;
      await this.publish(entries);
      published += entries.length;
    }
  }

  private async publish(entries: readonly OutboxEntry[]): Promise<void> {
    await this.opts.bus.publish(
      TOPIC.webhookDeliveries,
      entries.map(({ id: _id, ...message }) => {
        // The outbox holds what this dispatcher put there; the bus checks each value against
        // its schema before it is written.
        if (!isEvent(message, EVENT.WebhookDeliveryAttempted, EVENT.WebhookDeadLettered)) {
          throw new Error(`webhook outbox holds a ${message.type}, not a delivery event`);
        }
        return message;
      }),
    );
    await this.opts.queue.clearOutbox(entries.map((e) => e.id));
  }

  /**
   * One attempt of one claimed delivery (leased until leaseEndsAt on the queue's clock), the
   * queue moved on, its records published.
   */
  private async attempt(d: PendingDelivery, leaseEndsAt: number): Promise<void> {
    const found = await this.opts.subscriptions.getWithSecret(d.subscription_id);
    if (found?.subscription.status !== "active") {
      const letter = this.deadLetter(d, found?.subscription ?? null, {
        reason: found ? "subscription_disabled" : "subscription_deleted",
        attempts: d.attempts,
      });
      await this.moveOn(this.opts.queue.finish(d.delivery_id, d.lease, "dropped", [letter]), [
        letter,
      ]);
      return;
    }
    const { subscription, secret } = found;
    const attempt = d.attempts + 1;
    const at = this.now();
    const timeoutMs = attemptBudgetMs(this.opts.timeoutMs, leaseEndsAt - at);
    if (timeoutMs === null) {
      // Too little of the lease is left to send in: hand the delivery back, due now and with
      // its attempt count unchanged, rather than send past the lease. Nothing was sent.
      await this.opts.queue.reschedule(d.delivery_id, d.lease, d.attempts, at);
      return;
    }
    const signed = signWebhook(attemptPayload(d.kind, d.payload, at), secret, at, {
      deliveryId: d.delivery_id,
    });
    const result = await (this.opts.deliver ?? deliverOnce)({
      url: subscription.url,
      body: signed.body,
      headers: signed.headers,
      timeoutMs,
      allowlist: this.opts.allowlist,
      ...(this.opts.resolve ? { resolve: this.opts.resolve } : {}),
    });

    const wait =
      result.outcome === "retry"
        ? nextAttemptDelayMs(attempt, d.delivery_id, result.retryAfterMs, this.opts.retryScale)
        : null;
    const nextAt = wait === null ? null : at + wait;
    const recordId = nameBasedId(`webhook-attempt\n${d.delivery_id}\n${attempt}`);
    const record: OutboxEntry = {
      id: recordId,
      type: EVENT.WebhookDeliveryAttempted,
      key: d.delivery_id,
      value: {
        event_id: recordId,
        occurred_at: at,
        ...deliveryFields(d, subscription),
        attempt,
        outcome: result.outcome,
        status: result.status ?? null,
        duration_ms: result.durationMs,
        error: result.error ?? null,
        next_attempt_at: nextAt,
      },
    };
    this.opts.onAttempt?.({ delivery_id: d.delivery_id, attempt, outcome: result.outcome });

    if (result.outcome === "delivered") {
      const moved = this.opts.queue.finish(d.delivery_id, d.lease, "delivered", [record]);
      if (this.opts.crashAfterDeliveredMove) {
        await moved;
        this.opts.crashAfterDeliveredMove();
      }
      await this.moveOn(moved, [record]);
      return;
    }
    if (nextAt !== null) {
      await this.moveOn(
        this.opts.queue.reschedule(d.delivery_id, d.lease, attempt, nextAt, [record]),
        [record],
      );
      return;
    }
    let finishedAs: FinishedAs = "dead_lettered";
    let reason: DeadLetterReason;
    if (result.outcome === "gone") {
      // The receiver retired the endpoint: nothing more goes to it (its other pending
      // deliveries are dead-lettered as subscription_disabled when their turn comes).
      await this.opts.subscriptions.disable(
        subscription.id,
        `receiver answered 410 Gone at ${new Date(at).toISOString()}`,
      );
      finishedAs = "gone";
      reason = "gone";
    } else if (result.outcome === "retry") {
      reason = "attempts_exhausted";
    } else {
      reason = result.outcome;
    }
    const letter = this.deadLetter(d, subscription, {
      reason,
      attempts: attempt,
      lastStatus: result.status ?? null,
      lastError: result.error ?? null,
    });
    await this.moveOn(
      this.opts.queue.finish(d.delivery_id, d.lease, finishedAs, [record, letter]),
      [record, letter],
    );
  }

  /**
   * Publishes the records once the queue has taken them with its move; a move refused (the lease
   * was lost to another dispatcher, which makes the attempt again) publishes nothing.
   */
  private async moveOn(move: Promise<boolean>, records: readonly OutboxEntry[]): Promise<void> {
    if (await move) await this.publish(records);
  }

  private deadLetter(
    d: PendingDelivery,
    subscription: PublicSubscription | null,
    why: {
      reason: DeadLetterReason;
      attempts: number;
      lastStatus?: number | null;
      lastError?: string | null;
    },
  ): OutboxEntry {
    const id = nameBasedId(`webhook-dead-letter\n${d.delivery_id}`);
    return {
      id,
      type: EVENT.WebhookDeadLettered,
      key: d.delivery_id,
      value: {
        event_id: id,
        occurred_at: this.now(),
        ...deliveryFields(d, subscription),
        reason: why.reason,
        attempts: why.attempts,
        last_status: why.lastStatus ?? null,
        last_error: why.lastError ?? null,
        payload_json: JSON.stringify(d.payload),
      },
    };
  }
}

/**
 * How long an attempt may take with leaseLeftMs of its lease left: the configured time-out, cut
 * so the attempt ends MOVE_RESERVE_MS before the lease does; null when under MIN_ATTEMPT_MS
 * would be left (the claim is then released unsent).
 */
function attemptBudgetMs(timeoutMs: number, leaseLeftMs: number): number | null {
  const budget = Math.min(timeoutMs, leaseLeftMs - MOVE_RESERVE_MS);
  return budget >= MIN_ATTEMPT_MS ? budget : null;
}

function deliveryFields(d: PendingDelivery, subscription: PublicSubscription | null) {
  return {
    delivery_id: d.delivery_id,
    subscription_id: d.subscription_id,
    key_id: subscription?.key_id ?? null,
    alert_event_id: d.alert_event_id,
    event_kind: d.kind,
    voyage_id: typeof d.payload.voyage_id === "string" ? d.payload.voyage_id : null,
    planned_at: d.planned_at,
  };
}
