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
