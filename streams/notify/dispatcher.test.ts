import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EVENT } from "../../services/contracts/events";
import { MemoryEventBus } from "../../services/platform/events/memory-bus";
import { MemoryCodec } from "../../services/platform/events/memory-codec";
import type { ConsumedEvent, Subscription } from "../../services/platform/events/port";
import { SchemaCatalog } from "../../services/platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../../services/platform/events/topics";
import { MemoryDeliveryQueue } from "../../services/webhooks/delivery-queue-memory";
import { MAX_ATTEMPTS, nextAttemptDelayMs } from "../../services/webhooks/schedule";
import {
  DELIVERY_ID_HEADER,
  SIGNATURE_HEADER,
  verifyWebhook,
  webhookDeliveryId,
} from "../../services/webhooks/signing";
import { MemoryWebhookSubscriptionStore } from "../../services/webhooks/subscriptions-memory";
import { sleep, waitFor } from "../../tests/helpers";
import { type ReceivedWebhook as Received, WebhookReceiver } from "../../tests/webhook-receiver";
import { WebhookDispatcher } from "./dispatcher";
import { startDeliveryPlanner } from "./planner";

/**
 * The notify stream on the embedded adapters (in-process bus, memory queue and subscriptions)
 * against a real HTTP receiver on loopback, under a clock the test moves: every attempt is made
 * at the time the retry schedule says, and the test walks a day's schedule in milliseconds.
 */

const KEY = "0123456789abcdef";
const OTHER_KEY = "fedcba9876543210";
const T0 = Date.UTC(2026, 10, 21, 6, 30);
const S = 1000;
const H = 3600 * S;

describe("webhook delivery (planner + dispatcher, embedded adapters)", () => {
  let clock: number;
  const now = () => clock;
  let bus: MemoryEventBus;
  let queue: MemoryDeliveryQueue;
  let store: MemoryWebhookSubscriptionStore;
  let receiver: WebhookReceiver;
  let url: string;
  let records: ConsumedEvent[];
  const subs: Subscription[] = [];

  beforeEach(async () => {
    clock = T0;
    bus = new MemoryEventBus({ codec: new MemoryCodec(SchemaCatalog.load()) });
    await bus.start(topicSpecs(4));
    queue = new MemoryDeliveryQueue({ now });
    store = new MemoryWebhookSubscriptionStore();
    receiver = new WebhookReceiver(now);
    url = await receiver.start();
    records = [];
    subs.push(
      await bus.subscribe({
        groupId: "test-tap",
        topics: [TOPIC.webhookDeliveries],
        fromBeginning: true,
        handleBatch: async (events) => {
          records.push(...events);
        },
      }),
    );
    subs.push(await startDeliveryPlanner({ bus, queue, subscriptions: store, now }));
  });

  afterEach(async () => {
    await Promise.all(subs.splice(0).map((s) => s.stop()));
    await receiver.stop();
    await bus.close();
  });

  const dispatcher = (allowlist: readonly string[] = ["127.0.0.1"]) =>
    new WebhookDispatcher({
      queue,
      subscriptions: store,
      bus,
      allowlist,
      timeoutMs: 2000,
      concurrency: 4,
      now,
    });

  const subscribe = async (keyId = KEY, fleetId: string | null = null, to = url) =>
    store.create({
      keyId,
      url: to,
      events: ["voyage.risk_threshold_crossed", "voyage.completed"],
      fleetId,
    });

  let alertCount = 0;
  const publishAlert = async (over: Record<string, unknown> = {}) => {
    alertCount++;
    const value = {
      event_id: `alert-${alertCount}`,
      occurred_at: T0,
      voyage_id: `mv_${alertCount}`,
      vessel_id: "9321483",
      key_id: KEY,
      fleet_id: "north-sea",
      risk_band_was: "moderate",
      risk_band_now: "high",
      trigger_field: "wave_m",
      trigger_threshold: 4,
      trigger_observed: 5.6,
      trigger_lat: 57.25,
      trigger_lon: -12.5,
      weather_model: "synthetic-gefs",
      weather_cycle: T0,
      ...over,
    };
    await bus.publish(TOPIC.voyageAlerts, [
      { key: String(value.voyage_id), type: EVENT.RiskThresholdCrossed, value },
    ]);
    return value;
  };

  const planned = async (n: number) =>
    waitFor(`${n} planned`, async () => (await queue.stats()).pending === n, 5000);
  const ofType = (type: string) => records.filter((r) => r.type === type).map((r) => r.value);

  /** Moves the clock to the next due delivery and makes its attempts; false when none is left. */
  const step = async (d: WebhookDispatcher): Promise<boolean> => {
    const { nextDueMs } = await queue.stats();
    if (nextDueMs === null) return false;
    clock = Math.max(clock, nextDueMs);
    await d.runDue();
    return true;
  };

  it("delivers the spec's payload, signed for the subscription, with a stable delivery id", async () => {
    const { subscription, secret } = await subscribe();
    const alert = await publishAlert();
    await planned(1);
    clock += 1500;
    expect(await dispatcher().runDue()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as Received;
    const verified = verifyWebhook(got.body, got.headers, secret, clock);
    expect(verified.ok).toBe(true);
    expect(verifyWebhook(got.body, got.headers, "whsec_wrong", clock).ok).toBe(false);
    // Exactly section 6.2's fields, the signature last and equal to the header.
    expect(JSON.parse(got.body)).toEqual({
      event: "voyage.risk_threshold_crossed",
      delivered_at: new Date(clock).toISOString(),
      voyage_id: alert.voyage_id,
      vessel_id: "9321483",
      risk_band_was: "moderate",
      risk_band_now: "high",
      trigger: { field: "wave_m", threshold: 4, observed: 5.6, at: { lat: 57.25, lon: -12.5 } },
      signature: got.headers[SIGNATURE_HEADER.toLowerCase()],
    });
    const deliveryId = webhookDeliveryId(subscription.id, alert.event_id);
    expect(got.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(deliveryId);

    await waitFor(
      "EVENT.WebhookDeliveryAttempted x 1",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 1,
      5000,
    );
    expect(ofType(EVENT.WebhookDeliveryAttempted)[0]).toMatchObject({
      delivery_id: deliveryId,
      subscription_id: subscription.id,
      key_id: KEY,
      alert_event_id: alert.event_id,
      event_kind: "voyage.risk_threshold_crossed",
      voyage_id: alert.voyage_id,
      attempt: 1,
      outcome: "delivered",
      status: 200,
      error: null,
      next_attempt_at: null,
      occurred_at: clock,
      planned_at: T0,
    });
    expect(await queue.finished(deliveryId)).toBe("delivered");
    expect(await queue.stats()).toEqual({ pending: 0, nextDueMs: null });
  });

  it("plans one delivery per matching subscription, once per alert however often it is read", async () => {
    const mine = await subscribe(KEY, null);
    const myFleet = await subscribe(KEY, "north-sea");
    await subscribe(KEY, "baltic"); // another fleet
    await subscribe(OTHER_KEY, null); // another key
    await store.create({ keyId: KEY, url, events: ["voyage.completed"] }); // another kind
    const alert = await publishAlert();
    await planned(2);
    // The same alert again (a repeated re-score publishes the same event id).
    await bus.publish(TOPIC.voyageAlerts, [
      { key: String(alert.voyage_id), type: EVENT.RiskThresholdCrossed, value: alert },
    ]);
    await publishAlert({ key_id: null }); // nobody's
    await sleep(200);
    expect((await queue.stats()).pending).toBe(2);

    await dispatcher().runDue();
    const ids = receiver.received.map((r) => r.headers[DELIVERY_ID_HEADER.toLowerCase()]).sort();
    expect(ids).toEqual(
      [
        webhookDeliveryId(mine.subscription.id, alert.event_id),
        webhookDeliveryId(myFleet.subscription.id, alert.event_id),
      ].sort(),
    );
    // Delivered ones are remembered: reading the alert once more plans nothing.
    await bus.publish(TOPIC.voyageAlerts, [
      { key: String(alert.voyage_id), type: EVENT.RiskThresholdCrossed, value: alert },
    ]);
    await sleep(200);
    expect(await queue.stats()).toEqual({ pending: 0, nextDueMs: null });
  });

  it("retries a receiver that is down on the schedule, re-signing each attempt, until it is back", async () => {
    const { subscription, secret } = await subscribe();
    const alert = await publishAlert();
    await planned(1);
    const d = dispatcher();
    receiver.answer = (n) => ({ status: n <= 5 ? 503 : 200 });
    while (await step(d)) {}

    expect(receiver.received).toHaveLength(6);
    const deliveryId = webhookDeliveryId(subscription.id, alert.event_id);
    let previous = T0;
    receiver.received.forEach((r, i) => {
      // Every attempt: same delivery id, signed at its own time, valid then.
      expect(r.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBe(deliveryId);
      expect(verifyWebhook(r.body, r.headers, secret, r.at).ok).toBe(true);
      if (i > 0) expect(r.at - previous).toBe(nextAttemptDelayMs(i, deliveryId));
      previous = r.at;
    });
    await waitFor(
      "EVENT.WebhookDeliveryAttempted x 6",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 6,
      5000,
    );
    const attempts = ofType(EVENT.WebhookDeliveryAttempted);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.status])).toEqual([
      [1, "retry", 503],
      [2, "retry", 503],
      [3, "retry", 503],
      [4, "retry", 503],
      [5, "retry", 503],
      [6, "delivered", 200],
    ]);
    // Each failed attempt's record says when the next one is due, and it was made then.
    for (let i = 0; i < 5; i++) {
      expect(attempts[i]?.next_attempt_at).toBe(receiver.received[i + 1]?.at);
    }
    expect(ofType(EVENT.WebhookDeadLettered)).toEqual([]);
  });

  it("gives up after the 32nd attempt, about a day after the first, with a dead letter", async () => {
    const { subscription } = await subscribe();
    const alert = await publishAlert();
    await planned(1);
    receiver.answer = () => ({ status: 500 });
    const d = dispatcher();
    while (await step(d)) {}

    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const span = (receiver.received.at(-1) as Received).at - (receiver.received[0] as Received).at;
    expect(span).toBeGreaterThanOrEqual(20.8 * H - 1000);
    expect(span).toBeLessThanOrEqual(26 * H);
    await waitFor(
      "EVENT.WebhookDeadLettered x 1",
      () => ofType(EVENT.WebhookDeadLettered).length === 1,
      5000,
    );
    const deliveryId = webhookDeliveryId(subscription.id, alert.event_id);
    expect(ofType(EVENT.WebhookDeadLettered)[0]).toMatchObject({
      delivery_id: deliveryId,
      reason: "attempts_exhausted",
      attempts: MAX_ATTEMPTS,
      last_status: 500,
    });
    const letter = ofType(EVENT.WebhookDeadLettered)[0] as Record<string, unknown>;
    expect(JSON.parse(String(letter.payload_json))).toMatchObject({
      voyage_id: alert.voyage_id,
      risk_band_now: "high",
    });
    expect(await queue.finished(deliveryId)).toBe("dead_lettered");
  });

  it("honours Retry-After", async () => {
    await subscribe();
    await publishAlert();
    await planned(1);
    receiver.answer = (n) =>
      n === 1 ? { status: 429, headers: { "Retry-After": "120" } } : { status: 200 };
    const d = dispatcher();
    while (await step(d)) {}
    expect(receiver.received).toHaveLength(2);
    expect((receiver.received[1] as Received).at - (receiver.received[0] as Received).at).toBe(
      120 * S,
    );
  });

  it("disables the subscription on 410 and drops its other deliveries without sending them", async () => {
    const { subscription } = await subscribe();
    await publishAlert();
    await planned(1);
    receiver.answer = () => ({ status: 410 });
    const d = dispatcher();
    await d.runDue();
    expect(await store.get(subscription.id)).toMatchObject({
      status: "disabled",
      disabled_reason: expect.stringContaining("410"),
    });
    // A delivery already planned for it when it went away.
    await queue.enqueue(
      {
        delivery_id: "dlv_pending",
        subscription_id: subscription.id,
        alert_event_id: "alert-x",
        kind: "voyage.completed",
        payload: { voyage_id: "mv_x", vessel_id: "1", completed_at: new Date(T0).toISOString() },
        planned_at: clock,
      },
      clock,
    );
    await d.runDue();
    expect(receiver.received).toHaveLength(1);
    await waitFor(
      "EVENT.WebhookDeadLettered x 2",
      () => ofType(EVENT.WebhookDeadLettered).length === 2,
      5000,
    );
    expect(ofType(EVENT.WebhookDeadLettered).map((l) => [l.reason, l.attempts])).toEqual([
      ["gone", 1],
      ["subscription_disabled", 0],
    ]);
  });

  it("dead-letters at once what the receiver rejects (4xx) and what may not be sent to", async () => {
    await subscribe();
    await publishAlert();
    await planned(1);
    receiver.answer = () => ({ status: 400 });
    await dispatcher().runDue();
    expect(receiver.received).toHaveLength(1);

    // Loopback without the allow-list: refused before anything is sent.
    await publishAlert();
    await planned(1);
    await dispatcher([]).runDue();
    expect(receiver.received).toHaveLength(1);
    await waitFor(
      "EVENT.WebhookDeadLettered x 2",
      () => ofType(EVENT.WebhookDeadLettered).length === 2,
      5000,
    );
    expect(
      ofType(EVENT.WebhookDeadLettered).map((l) => [l.reason, l.attempts, l.last_status]),
    ).toEqual([
      ["rejected", 1, 400],
      ["refused", 1, null],
    ]);
    expect(ofType(EVENT.WebhookDeliveryAttempted).map((a) => a.outcome)).toEqual([
      "rejected",
      "refused",
    ]);
  });

  it("records a redirect's status, never its Location", async () => {
    await subscribe();
    await publishAlert();
    await planned(1);
    const location = "http://10.0.0.7:6379/internal?token=s3cr3t";
    receiver.answer = () => ({ status: 307, headers: { Location: location } });
    await dispatcher().runDue();
    expect(receiver.received).toHaveLength(1);
    await waitFor("the dead letter", () => ofType(EVENT.WebhookDeadLettered).length === 1, 5000);
    const [attempted] = ofType(EVENT.WebhookDeliveryAttempted);
    const [letter] = ofType(EVENT.WebhookDeadLettered);
    expect(attempted).toMatchObject({ outcome: "rejected", status: 307 });
    expect(letter).toMatchObject({ reason: "rejected", last_status: 307 });
    for (const record of [attempted, letter]) {
      const text = JSON.stringify(record);
      expect(text).not.toContain("10.0.0.7");
      expect(text).not.toContain("s3cr3t");
    }
  });

  it("drops a delivery whose subscription was deleted before its turn", async () => {
    const { subscription } = await subscribe();
    await publishAlert();
    await planned(1);
    await store.delete(subscription.id);
    await dispatcher().runDue();
    expect(receiver.received).toEqual([]);
    await waitFor(
      "EVENT.WebhookDeadLettered x 1",
      () => ofType(EVENT.WebhookDeadLettered).length === 1,
      5000,
    );
    expect(ofType(EVENT.WebhookDeadLettered)[0]).toMatchObject({
      reason: "subscription_deleted",
      attempts: 0,
      key_id: null,
    });
    expect(ofType(EVENT.WebhookDeliveryAttempted)).toEqual([]);
  });

  it("moves the queue on before publishing: records a crash left behind are published by the next dispatcher", async () => {
    const { subscription } = await subscribe();
    const alert = await publishAlert();
    await planned(1);
    // The first dispatcher dies right after the queue took its move (its publish never happens).
    const dying = new WebhookDispatcher({
      queue,
      subscriptions: store,
      bus: {
        ...bus,
        publish: async () => {
          throw new Error("process killed");
        },
      } as unknown as MemoryEventBus,
      allowlist: ["127.0.0.1"],
      timeoutMs: 2000,
      concurrency: 1,
      now,
    });
    await expect(dying.runDue()).rejects.toThrow("process killed");
    expect(receiver.received).toHaveLength(1);
    const deliveryId = webhookDeliveryId(subscription.id, alert.event_id);
    expect(await queue.finished(deliveryId)).toBe("delivered");
    expect(await queue.outbox(10)).toHaveLength(1);

    // The next one sends nothing again and publishes the record that was left.
    clock += 60 * S;
    await dispatcher().runDue();
    expect(receiver.received).toHaveLength(1);
    expect(await queue.outbox(10)).toEqual([]);
    await waitFor(
      "the left record",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 1,
      5000,
    );
    expect(ofType(EVENT.WebhookDeliveryAttempted)[0]).toMatchObject({
      delivery_id: deliveryId,
      attempt: 1,
      outcome: "delivered",
    });
  });

  it("a slow DNS lookup ends at the time-out: a second dispatcher cannot claim and send it again", async () => {
    // Real time, two dispatchers sharing one queue. The first lookup takes 5.8 s, longer than the
    // lease (200 ms time-out + 5 s): the attempt must end at its time-out, well inside the lease.
    const shared = new MemoryDeliveryQueue();
    const receiverPort = new URL(url).port;
    const { subscription } = await subscribe(
      KEY,
      null,
      `http://hooks.example.test:${receiverPort}/hooks`,
    );
    let lookups = 0;
    const resolve = async (): Promise<string[]> => {
      lookups++;
      if (lookups === 1) await sleep(5800);
      return ["127.0.0.1"];
    };
    const started = Date.now();
    await shared.enqueue(
      {
        delivery_id: "dlv_slow_lookup",
        subscription_id: subscription.id,
        alert_event_id: "alert-slow-lookup",
        kind: "voyage.completed",
        payload: {
          voyage_id: "mv_slow",
          vessel_id: "9321483",
          completed_at: new Date().toISOString(),
        },
        planned_at: started,
      },
      started,
    );
    const pair = [1, 2].map(
      () =>
        new WebhookDispatcher({
          queue: shared,
          subscriptions: store,
          bus,
          allowlist: ["127.0.0.1"],
          timeoutMs: 200,
          concurrency: 1,
          retryScale: 0.001,
          resolve,
        }),
    );
    for (const d of pair) d.start();
    try {
      await waitFor("a delivery", () => receiver.received.length >= 1, 10_000);
      // Past the slow lookup's end: a late send would have arrived by now.
      await sleep(Math.max(0, started + 6500 - Date.now()));
    } finally {
      await Promise.all(pair.map((d) => d.stop()));
    }
    expect(receiver.repeatedIds()).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    await waitFor(
      "2 attempts recorded",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 2,
      5000,
    );
    const [first, second] = ofType(EVENT.WebhookDeliveryAttempted);
    expect(first).toMatchObject({ attempt: 1, outcome: "retry", error: "timed out after 200 ms" });
    expect(Number(first?.duration_ms)).toBeLessThan(1000);
    expect(second).toMatchObject({ attempt: 2, outcome: "delivered" });
  });

  it("never sends past the lease: a slow subscription read shortens the attempt or releases it", async () => {
    await subscribe();
    await publishAlert();
    await publishAlert();
    await planned(2);
    // The subscription store's read takes (on the queue's clock) 4 s, then 5.5 s, then no time.
    const slowReads = [4 * S, 5.5 * S];
    const read = store.getWithSecret.bind(store);
    store.getWithSecret = async (id) => {
      clock += slowReads.shift() ?? 0;
      return read(id);
    };
    const sentWithTimeout: number[] = [];
    const recording = new WebhookDispatcher({
      queue,
      subscriptions: store,
      bus,
      allowlist: ["127.0.0.1"],
      timeoutMs: 2000,
      concurrency: 1,
      now,
      deliver: async (request) => {
        sentWithTimeout.push(request.timeoutMs);
        return { outcome: "delivered", status: 200, durationMs: 1 };
      },
    });
    // The lease is 2 s + 5 s; 2 s of it are kept for moving the queue on after the answer.
    // First: 7 - 4 - 2 = 1 s left to send in. Second: 7 - 5.5 - 2 < 0, released unsent, then
    // claimed again at once and sent with the full time-out.
    await recording.runDue();
    expect(sentWithTimeout).toEqual([1000, 2000]);
    expect(await queue.stats()).toEqual({ pending: 0, nextDueMs: null });
    await waitFor(
      "2 attempts recorded",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 2,
      5000,
    );
    // The released claim was not an attempt.
    expect(ofType(EVENT.WebhookDeliveryAttempted).map((a) => a.attempt)).toEqual([1, 1]);
  });

  it("runs on its own once started, and stops after recording the attempts in flight", async () => {
    clock = Date.now();
    const live = new WebhookDispatcher({
      queue,
      subscriptions: store,
      bus,
      allowlist: ["127.0.0.1"],
      timeoutMs: 2000,
      concurrency: 2,
    });
    await subscribe();
    live.start();
    for (let i = 0; i < 5; i++) await publishAlert();
    await waitFor("5 received", () => receiver.received.length === 5, 5000);
    await live.stop();
    await waitFor(
      "EVENT.WebhookDeliveryAttempted x 5",
      () => ofType(EVENT.WebhookDeliveryAttempted).length === 5,
      5000,
    );
    expect(await queue.stats()).toEqual({ pending: 0, nextDueMs: null });
  });
});
