import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../tests/helpers";
import { serveWithKeys } from "../../tests/serve-with-keys";
import { TEST_CLOCK_START_MS } from "../../tests/test-clock";
import { WebhookReceiver } from "../../tests/webhook-receiver";
import { ensembleAnalysisResponse } from "../contracts/api/ensemble";
import { webhookPayloads } from "../contracts/api/webhooks";
import type { Served } from "../serve";
import { verifyWebhook } from "../webhooks/signing";

/**
 * Ensemble analyses on the embedded default: asked for (202, pending), computed by the ensemble
 * stream, announced to the key's webhook as ensemble.ready (signed), read back ready with the full
 * voyage-risk answer; an infeasible voyage completes as failed; only the asking key reads it.
 */
const KEYS = {
  fleet: "vr_test_fleet_ensemble_key_00000000000000",
  other: "vr_test_other_ensemble_key_00000000000000",
};
let s: Served;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  s = await serveWithKeys(
    "ensemble-test",
    [
      { key: KEYS.fleet, plan: "fleet", scopes: ["underwriting", "webhooks"] },
      { key: KEYS.other, plan: "fleet", scopes: ["underwriting"] },
    ],
    { WEBHOOK_ALLOWLIST: "127.0.0.1" },
  );
  await receiver.start();
}, 120_000);
afterAll(async () => {
  await receiver.stop();
  await s?.close();
});

const call = async (method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { "X-API-Key": key, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
};

const voyage = (destination: { lat: number; lon: number }) => ({
  vessel: { type: "bulk_carrier" },
  voyage: {
    origin: { lat: 1.2, lon: 103.85 },
    destination,
    departure_utc: new Date(TEST_CLOCK_START_MS + 86_400_000).toISOString(),
  },
  fleet_id: "asia",
});

describe("ensemble analyses", { timeout: 300_000 }, () => {
  it("answers 202, computes it, sends a signed ensemble.ready and serves the full answer", async () => {
    const hook = await call("POST", "/api/v1/webhooks", KEYS.fleet, {
      url: receiver.url,
      events: ["ensemble.ready"],
    });
    expect(hook.status).toBe(201);

    const asked = await call(
      "POST",
      "/api/v1/ensemble-analyses",
      KEYS.fleet,
      voyage({ lat: -29.87, lon: 31.05 }),
    );
    expect(asked.status).toBe(202);
    expect(ensembleAnalysisResponse.parse(asked.body)).toMatchObject({
      status: "pending",
      result: null,
      fleet_id: "asia",
    });
    const id = asked.body.id as string;
    expect(asked.headers.get("location")).toBe(`/api/v1/ensemble-analyses/${id}`);

    await waitFor("ensemble.ready", () => receiver.received.length === 1, 240_000);
    const got = receiver.received[0];
    if (!got) throw new Error("unreachable");
    expect(verifyWebhook(got.body, got.headers, String(hook.body.secret), got.at).ok).toBe(true);
    const payload = webhookPayloads["ensemble.ready"].parse(JSON.parse(got.body));
    expect(payload).toMatchObject({
      analysis_id: id,
      voyage_id: null,
      status: "ready",
      result_url: `/api/v1/ensemble-analyses/${id}`,
    });

    const ready = await call("GET", payload.result_url, KEYS.fleet);
    expect(ready.status).toBe(200);
    const view = ensembleAnalysisResponse.parse(ready.body);
    expect(view).toMatchObject({ id, status: "ready", error: null });
    // Every option was on: the ensemble, the historical baseline and the compliance check.
    expect(view.result?.ensemble_analysis).not.toBeNull();
    expect(view.result?.historical_baseline).not.toBeNull();
    expect(view.result?.compliance).not.toBeNull();

    expect((await call("GET", payload.result_url, KEYS.other)).status).toBe(404);
    expect((await call("GET", "/api/v1/ensemble-analyses/nonsense", KEYS.fleet)).status).toBe(404);
  });

  it("completes an infeasible voyage as failed, saying why", async () => {
    const asked = await call(
      "POST",
      "/api/v1/ensemble-analyses",
      KEYS.fleet,
      voyage({ lat: 48.85, lon: 2.35 }),
    );
    expect(asked.status).toBe(202);
    const id = asked.body.id as string;
    let view: Record<string, unknown> = {};
    await waitFor(
      "the analysis to finish",
      async () => {
        view = (await call("GET", `/api/v1/ensemble-analyses/${id}`, KEYS.fleet)).body;
        return view.status !== "pending";
      },
      120_000,
    );
    expect(view).toMatchObject({ status: "failed", result: null, error: { code: "on_land" } });
  });

  it("refuses a bad request at the edge", async () => {
    const bad = await call("POST", "/api/v1/ensemble-analyses", KEYS.fleet, {
      ...voyage({ lat: -29.87, lon: 31.05 }),
      options: { ensemble_routing: false },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation_failed" });
  });
});
