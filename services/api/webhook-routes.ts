import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  webhookSubscriptionCreated,
  webhookSubscriptionList,
  webhookSubscriptionRequest,
  webhookSubscriptionResponse,
} from "../contracts/api/webhooks";
import { AppError } from "../platform/errors";
import { ALLOWED_PORTS, checkDestination, type ResolveHost } from "../webhooks/destination";
import type { PublicSubscription, WebhookSubscriptionStore } from "../webhooks/subscriptions";
import type { KeyCheck } from "./auth";
import { answer, emptyAnswer, errorAnswer, pathId, SUBSCRIPTION_PLANS_TEXT } from "./openapi";

export interface WebhookRoutesOptions {
  /** The webhooks scope's key check (a subscription plan's key). */
  key: KeyCheck;
  store: WebhookSubscriptionStore;
  /** WEBHOOK_ALLOWLIST: private destinations allowed anyway. */
  allowlist: readonly string[];
  /** The resolver the destination check uses (the system's by default; tests pass their own). */
  resolve?: ResolveHost;
}

const tags = ["webhooks"];
const params = z.object({ id: pathId });
const missingKey = errorAnswer("missing or invalid X-API-Key");
const noSuchWebhook = errorAnswer("no such webhook for this key (not_found)");

/**
 * Webhook subscriptions (spec 4.6, 6): register a URL for event kinds, look one up, list, delete.
 * A subscription is its registering key's: another key gets 404, as for an unknown id, so ids
 * reveal nothing about other keys. The signing secret is in the 201 answer and nowhere else.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;

  app.post(
    "/api/v1/webhooks",
    {
      schema: {
        tags,
        summary: "Register a webhook: a URL, the event kinds it receives, optionally one fleet",
        description: `Plans: ${SUBSCRIPTION_PLANS_TEXT} (402 otherwise); scope webhooks (403 otherwise). The URL must be http(s), without credentials, on port 80, 443, 8080 or 8443 (400 validation_failed, details.reason port_not_allowed), and resolve only to public addresses (422 destination_refused with the reason); a destination WEBHOOK_ALLOWLIST names is exempt from the port and address rules. The answer carries the subscription's signing secret (spec 6.3), shown only this once.`,
        security,
        body: webhookSubscriptionRequest,
        response: {
          201: answer(
            "the subscription, with its secret (Cache-Control: no-store)",
            webhookSubscriptionCreated,
          ),
          400: errorAnswer(
            "malformed JSON, a bad URL or port (port_not_allowed), an empty, repeated or unknown event kind",
          ),
          401: missingKey,
          402: errorAnswer("the key's plan does not include webhooks"),
          403: errorAnswer("the key lacks the webhooks scope"),
          422: errorAnswer("the platform will not POST to this URL (destination_refused)"),
          429: errorAnswer("rate limit exceeded (Retry-After, X-RateLimit-*)"),
          503: errorAnswer("the subscription store is unavailable (dependency_unavailable)"),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      // Checked at registration so a customer learns at once that a URL can never be delivered
      // to; deliverOnce checks again at every attempt (DNS answers change).
      const destination = await checkDestination(body.url, deps.allowlist, deps.resolve);
      if (!destination.ok && destination.rule === "port") {
        // A fault in the URL's form, like a bad scheme: 400, in zod's shape for a field.
        throw new AppError("validation_failed", `url: ${destination.reason}`, {
          reason: "port_not_allowed",
          allowed_ports: ALLOWED_PORTS,
          issues: [{ path: "url", message: destination.reason }],
        });
      }
      if (!destination.ok) {
        throw new AppError(
          "destination_refused",
          `webhook destination refused: ${destination.reason}`,
          {
            reason: destination.reason,
            ...(destination.transient ? { transient: true } : {}),
          },
        );
      }
      const keyId = callerKeyId(request);
      const { subscription, secret } = await deps.store.create({
        keyId,
        url: body.url,
        events: body.events,
        fleetId: body.fleet_id,
      });
      // Ids only: the secret never reaches a log.
      request.log.info({ webhook_id: subscription.id, key_id: keyId }, "webhook registered");
      return (
        reply
          .status(201)
          .header("Location", `/api/v1/webhooks/${subscription.id}`)
          // The one answer that carries the secret: no cache along the way may keep it.
          .header("Cache-Control", "no-store")
          .send({ ...viewOf(subscription), secret })
      );
    },
  );

  app.get(
    "/api/v1/webhooks",
    {
      schema: {
        tags,
        summary: "The key's webhooks, oldest first (no secrets)",
        security,
        response: {
          200: answer("the subscriptions", webhookSubscriptionList),
          401: missingKey,
          402: errorAnswer("the key's plan does not include webhooks"),
          403: errorAnswer("the key lacks the webhooks scope"),
        },
      },
    },
    async (request) => {
      const subscriptions = await deps.store.listForKey(callerKeyId(request));
      return { webhooks: subscriptions.map(viewOf) };
    },
  );

  const owned = async (request: FastifyRequest, id: string): Promise<PublicSubscription> => {
    const subscription = await deps.store.get(id);
    if (!subscription || subscription.key_id !== callerKeyId(request)) throw notFound(id);
    return subscription;
  };

  app.get(
    "/api/v1/webhooks/:id",
    {
      schema: {
        tags,
        summary: "A webhook by its id (no secret); status disabled after a 410 from the receiver",
        security,
        params,
        response: {
          200: answer("the subscription", webhookSubscriptionResponse),
          401: missingKey,
          404: noSuchWebhook,
        },
      },
    },
    async (request) => viewOf(await owned(request, request.params.id)),
  );

  app.delete(
    "/api/v1/webhooks/:id",
    {
      schema: {
        tags,
        summary: "Delete a webhook: no more deliveries",
        security,
        params,
        response: { 204: emptyAnswer("deleted"), 401: missingKey, 404: noSuchWebhook },
      },
    },
    async (request, reply) => {
      const subscription = await owned(request, request.params.id);
      // False only if a concurrent delete won: for this caller it is gone either way.
      if (!(await deps.store.delete(subscription.id))) throw notFound(subscription.id);
      request.log.info({ webhook_id: subscription.id }, "webhook deleted");
      return reply.status(204).send();
    },
  );
};

/** What the API shows of a subscription: the store's public record less the caller's own key id. */
function viewOf(subscription: PublicSubscription) {
  const { key_id: _keyId, ...view } = subscription;
  return view;
}

function callerKeyId(request: FastifyRequest): string {
  const id = request.apiKey?.id;
  // The key check sets it; a route registered without one is a programming error.
  if (id === undefined) throw new Error("webhook route reached without an authenticated key");
  return id;
}

function notFound(id: string): AppError {
  return new AppError("not_found", `no webhook ${id}`, { id });
}
