import { expect } from "vitest";
import { webhookPayloads } from "../services/contracts/api/webhooks";
import { verifyWebhook } from "../services/webhooks/signing";
import { waitFor } from "./helpers";
import type { ReceivedWebhook, WebhookReceiver } from "./webhook-receiver";

/**
 * The fleet-operator scenario the webhook end-to-end tests share (embedded and platform): a
 * receiver registered for threshold crossings, voyages monitored through the API, new forecast
 * cycles landed, and the check that the receiver got correctly signed webhooks for exactly the
 * voyages whose band changed, once each.
 */

const LANES = [
  [
    { lat: 51.98, lon: 3.9 },
    { lat: 40.45, lon: -73.8 },
  ],
  [
    { lat: 35.4, lon: 139.9 },
    { lat: 33.7, lon: -118.3 },
  ],
  [
    { lat: -33.9, lon: 18.3 },
    { lat: -32.0, lon: 115.6 },
  ],
  [
    { lat: 1.2, lon: 103.9 },
    { lat: 25.0, lon: 56.5 },
  ],
] as const;
const TYPES = ["cargo_small", "container_ship", "tanker", "fishing"] as const;

export interface Api {
  url: string;
  key: string;
  /** Departures are made up from here: the server's clock at its start (default the system clock). */
  departuresFromMs?: number;
}

const call = async (api: Api, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      "X-API-Key": api.key,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

export async function registerWebhook(
  api: Api,
  url: string,
): Promise<{ id: string; secret: string }> {
  const res = await call(api, "POST", "/api/v1/webhooks", {
    url,
    events: ["voyage.risk_threshold_crossed"],
    fleet_id: "e2e",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: String(res.body.id), secret: String(res.body.secret) };
}

/**
 * n voyages over four ocean lanes, four vessel types and departures from an hour to three days
 * ahead, so a new cycle moves some bands and not others. Wind and wave thresholds at the
 * schema's ceiling: only band changes alert.
 */
export async function registerVoyages(api: Api, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [origin, destination] = LANES[i % LANES.length] as (typeof LANES)[number];
    const res = await call(api, "POST", "/api/v1/monitored-voyages", {
      vessel: { type: TYPES[Math.floor(i / LANES.length) % TYPES.length] },
      voyage: {
        origin,
        destination,
        departure_utc: new Date(
          (api.departuresFromMs ?? Date.now()) + 3_600_000 * (1 + 9 * (i % 8)),
        ).toISOString(),
      },
      thresholds: { wind_kts: 150, wave_m: 30 },
      fleet_id: "e2e",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(String(res.body.id));
  }
  return ids;
}

interface ScorePoint {
  band: string;
  weather_cycle_utc: string;
  interface: string;
}

export async function history(api: Api, id: string): Promise<ScorePoint[]> {
  const res = await call(api, "GET", `/api/v1/monitored-voyages/${id}`);
  expect(res.status).toBe(200);
  return res.body.history as ScorePoint[];
}

/** Waits until every voyage has a score of the cycle; then each band change it brought. */
export async function bandChangesOfCycle(
  api: Api,
  ids: readonly string[],
  cycleMs: number,
  timeoutMs: number,
): Promise<Map<string, { was: string; now: string }>> {
  const cycleIso = new Date(cycleMs).toISOString();
  const histories = new Map<string, ScorePoint[]>();
  await waitFor(
    `every voyage re-scored against ${cycleIso}`,
    async () => {
      for (const id of ids) {
        if (histories.has(id)) continue;
        const h = await history(api, id);
        if (h.some((p) => p.weather_cycle_utc === cycleIso)) histories.set(id, h);
      }
      if (histories.size === ids.length) return true;
      // Reads count against the key's request budget like any client's.
      await new Promise((r) => setTimeout(r, 500));
      return false;
    },
    timeoutMs,
  );
  const changes = new Map<string, { was: string; now: string }>();
  for (const [id, h] of histories) {
    const at = h.findIndex((p) => p.weather_cycle_utc === cycleIso);
    const was = h[at - 1];
    const now = h[at];
    if (was && now && was.band !== now.band) changes.set(id, { was: was.band, now: now.band });
  }
  return changes;
}

/**
 * The receiver got, for exactly the voyages in `changes`, one correctly signed
 * voyage.risk_threshold_crossed each, with the spec's payload and the bands of the scores.
 * Returns the delivery ids.
 */
export function expectWebhooksFor(
  received: readonly ReceivedWebhook[],
  secret: string,
  changes: ReadonlyMap<string, { was: string; now: string }>,
): string[] {
  const byVoyage = new Map<string, ReceivedWebhook[]>();
  for (const r of received) {
    const verified = verifyWebhook(r.body, r.headers, secret, r.at);
    expect(verified, r.body).toMatchObject({ ok: true });
    // Any other secret fails: the signature is this subscription's.
    expect(verifyWebhook(r.body, r.headers, `${secret}x`, r.at).ok).toBe(false);
    const p = JSON.parse(r.body) as Record<string, unknown>;
    // The documented payload (OpenAPI `webhooks`), exactly: strict, nothing more.
    webhookPayloads["voyage.risk_threshold_crossed"].parse(p);
    expect(Object.keys(p)).toEqual([
      "event",
      "delivered_at",
      "voyage_id",
      "vessel_id",
      "risk_band_was",
      "risk_band_now",
      "trigger",
      "signature",
    ]);
    expect(p.event).toBe("voyage.risk_threshold_crossed");
    expect(Math.abs(Date.parse(String(p.delivered_at)) - r.at)).toBeLessThan(60_000);
    const voyage = String(p.voyage_id);
    const change = changes.get(voyage);
    expect(change, `webhook for ${voyage}, whose band did not change`).toBeDefined();
    expect(p).toMatchObject({
      risk_band_was: change?.was,
      risk_band_now: change?.now,
      trigger: {
        field: "index",
        threshold: expect.any(Number),
        observed: expect.any(Number),
        at: { lat: expect.any(Number), lon: expect.any(Number) },
      },
    });
    byVoyage.set(voyage, [...(byVoyage.get(voyage) ?? []), r]);
  }
  expect([...byVoyage.keys()].sort()).toEqual([...changes.keys()].sort());
  return received.map((r) => r.deliveryId);
}

/** Waits until the receiver holds n deliveries, then a little longer to catch any extra one. */
export async function receiverSettles(
  receiver: WebhookReceiver,
  n: number,
  timeoutMs: number,
): Promise<void> {
  await waitFor(`${n} webhooks received`, () => receiver.received.length >= n, timeoutMs);
  await new Promise((r) => setTimeout(r, 1500));
}
