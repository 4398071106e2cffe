import { z } from "zod";
import {
  isWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  SUBSCRIPTION_STATUSES,
  WEBHOOK_EVENT_KINDS,
} from "../../webhooks/subscriptions";
import { monitoredVoyageRequest } from "./monitoring";

/**
 * Webhook subscriptions (spec sections 4.6 and 6): a URL, the event kinds it wants and,
 * optionally, one fleet. Here only the form is checked (400); whether the platform may POST to
 * the URL is the destination check's question, answered at registration (422).
 */
export const webhookSubscriptionRequest = z
  .object({
    url: z
      .string()
      .max(MAX_WEBHOOK_URL_LENGTH)
      .refine(isWebhookUrl, "must be an absolute http or https URL")
      .describe("where events are POSTed; its address must be public (or allow-listed)"),
    events: z
      .array(z.enum(WEBHOOK_EVENT_KINDS))
      .min(1, "must name at least one event kind")
      .refine((events) => new Set(events).size === events.length, "must name each event kind once")
      .describe("the event kinds to receive (spec 6.1)"),
    // The monitored voyages' own fleet_id rule: an alert's fleet is compared with it.
    fleet_id: monitoredVoyageRequest.shape.fleet_id.describe(
      "only alerts of this fleet's voyages; every alert of the key when absent",
    ),
  })
  .strict();
export type WebhookSubscriptionRequest = z.infer<typeof webhookSubscriptionRequest>;

/** A subscription as the API shows it: never its secret. */
export const webhookSubscriptionResponse = z.object({
  id: z.string().describe("wh_…"),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  fleet_id: z.string().nullable(),
  status: z
    .enum(SUBSCRIPTION_STATUSES)
    .describe("disabled: no more deliveries (e.g. the receiver answered 410 Gone)"),
  disabled_reason: z.string().nullable(),
  created_at: z.string().describe("ISO 8601 timestamp (UTC)"),
});

/** The registration's answer: the only time the secret is shown. */
export const webhookSubscriptionCreated = webhookSubscriptionResponse.extend({
  secret: z
    .string()
    .describe(
      "whsec_…: verifies the signature of every delivery (spec 6.3); shown only now, store it",
    ),
});

export const webhookSubscriptionList = z.object({
  webhooks: z.array(webhookSubscriptionResponse).describe("oldest first"),
});

/**
 * What each event kind's delivery carries (spec 6.1, 6.2), as a receiver parses it: `event` and
 * `delivered_at` first, `signature` last (equal to the Voyage-Risk-Signature header; scheme in
 * services/webhooks/signing.ts). voyage.risk_threshold_crossed is exactly spec 6.2's; the other
 * kinds' payloads are ours to decide and follow its conventions.
 */
const position = z.object({ lat: z.number(), lon: z.number() });
const envelope = <K extends (typeof WEBHOOK_EVENT_KINDS)[number], S extends z.ZodRawShape>(
  kind: K,
  shape: S,
) =>
  z
    .object({
      event: z.literal(kind),
      delivered_at: z.string().describe("ISO 8601 UTC: when this attempt was signed and sent"),
      ...shape,
      signature: z
        .string()
        .regex(/^v1,t=\d+,sig=[0-9a-f]{64}$/)
        .describe("v1,t=<unix seconds>,sig=<hex HMAC-SHA256>: the Voyage-Risk-Signature header"),
    })
    .strict();

export const webhookPayloads = {
  "voyage.risk_threshold_crossed": envelope("voyage.risk_threshold_crossed", {
    voyage_id: z.string(),
    vessel_id: z.string().describe("the IMO number when registered with one, else the voyage id"),
    risk_band_was: z.string().describe("band at the previous score"),
    risk_band_now: z.string().describe("band at this score"),
    trigger: z.object({
      field: z.string().describe("index (a band change or the index threshold), wind_kts, wave_m"),
      threshold: z.number().describe("the threshold, or the band boundary crossed"),
      observed: z.number().describe("the value ahead: peak wind, peak Hs, or the index"),
      at: position.describe("where on the route ahead"),
    }),
  }),
  "voyage.advisory_changed": envelope("voyage.advisory_changed", {
    voyage_id: z.string(),
    vessel_id: z.string(),
    advisory: z.object({
      id: z.string(),
      change: z.enum(["issued", "changed", "withdrawn"]),
      kind: z.string().describe("atba (area to be avoided) or ntm (Notice to Mariners)"),
      title: z.string(),
    }),
    at: position.describe("where the remaining route enters the area"),
  }),
  "voyage.completed": envelope("voyage.completed", {
    voyage_id: z.string(),
    vessel_id: z.string(),
    completed_at: z.string().describe("ISO 8601 UTC: the re-score that found the route behind"),
  }),
  "ensemble.ready": envelope("ensemble.ready", {
    analysis_id: z.string(),
    voyage_id: z.string().nullable().describe("null: analyses are of ad-hoc voyages"),
    status: z.enum(["ready", "failed"]),
    result_url: z.string().describe("GET it with the key that asked"),
    completed_at: z.string(),
  }),
} as const;
