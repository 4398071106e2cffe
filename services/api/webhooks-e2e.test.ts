import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { TEST_CLOCK_START_MS } from "../../tests/test-clock";
import { WebhookReceiver } from "../../tests/webhook-receiver";
import {
  type Api,
  bandChangesOfCycle,
  expectWebhooksFor,
  receiverSettles,
  registerVoyages,
  registerWebhook,
} from "../../tests/webhook-scenario";
import { TOPIC } from "../platform/events/topics";
import type { Served } from "../serve";
import { landCycle } from "../weather/cycle-events";
import { syntheticCycleEvent } from "../weather/synthetic-scheduler";

/**
 * Monitored voyages to signed webhooks on the embedded default (one process, in-process bus,
 * memory stores): a receiver registered, voyages monitored, a new cycle landed, and the receiver
 * gets a correctly signed voyage.risk_threshold_crossed for exactly the voyages whose band changed;
 * the analytics store has the scores and every delivery attempt.
 */
const KEY = "vr_test_fleet_webhooks_e2e_key_000000000000";
let s: Served;
let api: Api;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  s = await serveWithKeys(
    "webhooks-e2e",
    [{ key: KEY, plan: "enterprise", scopes: ["monitoring", "webhooks"] }],
    { WEBHOOK_ALLOWLIST: "127.0.0.1" },
  );
  api = { url: s.url, key: KEY, departuresFromMs: TEST_CLOCK_START_MS };
  await receiver.start();
}, 120_000);
afterAll(async () => {
  await receiver.stop();
  await s?.close();
});

const landNewCycle = async (): Promise<number> => {
  const cycleMs = s.now() - 30_000;
  await landCycle(s.platform.bus, s.weather.registry, syntheticCycleEvent(cycleMs, s.now()));
  return cycleMs;
};

describe("webhooks end to end (embedded)", { timeout: 600_000 }, () => {
  it("sends signed threshold-crossed webhooks for exactly the voyages whose band changed", async () => {
    const { secret } = await registerWebhook(api, receiver.url);
    const ids = await registerVoyages(api, 16);

    // A cycle may leave every band as it was; land more until one moves (at most three).
    let changed = 0;
    for (let round = 0; round < 3 && changed === 0; round++) {
      const before = receiver.received.length;
      const cycleMs = await landNewCycle();
      const changes = await bandChangesOfCycle(api, ids, cycleMs, 240_000);
      await receiverSettles(receiver, before + changes.size, 60_000);
      expectWebhooksFor(receiver.received.slice(before), secret, changes);
      expect(changes.size).toBeLessThan(ids.length);
      changed = changes.size;
    }
    expect(changed, "no band changed in three cycles").toBeGreaterThan(0);
    expect(receiver.repeatedIds()).toEqual([]);

    // Analytics: the re-scores and one delivered attempt per webhook received.
    const attempts = (await s.platform.analytics.queryEvents({ topic: TOPIC.webhookDeliveries }))
      .map((e) => JSON.parse(e.payload_json) as Record<string, unknown>)
      .filter((p) => p.outcome === "delivered");
    expect(attempts.map((a) => a.delivery_id).sort()).toEqual(
      receiver.received.map((r) => r.deliveryId).sort(),
    );
    const scores = await s.platform.analytics.queryEvents({ topic: TOPIC.voyageScores });
    const rescored = scores.filter((e) => JSON.parse(e.payload_json).interface === "rescore");
    expect(rescored.length).toBeGreaterThanOrEqual(ids.length);
    expect(new Set(rescored.map((e) => e.event_id)).size).toBe(rescored.length);
  });
});
