import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../platform/errors";
import { ALLOWED_PORTS, checkDestination, type ResolveHost } from "../webhooks/destination";
import type { PublicSubscription, WebhookSubscriptionStore } from "../webhooks/subscriptions";
import { webhookSubscriptionRequest } from "./schemas/webhooks";

export interface WebhookRoutesDeps {
  store: WebhookSubscriptionStore;
  /** WEBHOOK_ALLOWLIST: private destinations allowed anyway. */
  allowlist: readonly string[];
  /** The resolver the destination check uses (the system's by default; tests pass their own). */
  resolve?: ResolveHost;
}

/**
 * Webhook subscriptions (spec 4.6, 6): register a URL for event kinds, look one up, list, delete.
 * A subscription is its registering key's: another key gets 404, as for an unknown id, so ids
 * reveal nothing about other keys. The signing secret is in the 201 answer and nowhere else.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: WebhookRoutesDeps,
): void {
  app.post("/api/v1/webhooks", { preHandler: authenticate }, async (request, reply) => {
    const body = webhookSubscriptionRequest.parse(request.body);
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
  });

  app.get("/api/v1/webhooks", { preHandler: authenticate }, async (request) => {
    const subscriptions = await deps.store.listForKey(callerKeyId(request));
    return { webhooks: subscriptions.map(viewOf) };
  });

  const owned = async (
    request: FastifyRequest<{ Params: { id: string } }>,
  ): Promise<PublicSubscription> => {
    const { id } = request.params;
    const subscription = await deps.store.get(id);
    if (!subscription || subscription.key_id !== callerKeyId(request)) throw notFound(id);
    return subscription;
  };

  app.get<{ Params: { id: string } }>(
    "/api/v1/webhooks/:id",
    { preHandler: authenticate },
    async (request) => viewOf(await owned(request)),
  );

  app.delete<{ Params: { id: string } }>(
    "/api/v1/webhooks/:id",
    { preHandler: authenticate },
    async (request, reply) => {
      const subscription = await owned(request);
      // False only if a concurrent delete won: for this caller it is gone either way.
      if (!(await deps.store.delete(subscription.id))) throw notFound(subscription.id);
      request.log.info({ webhook_id: subscription.id }, "webhook deleted");
      return reply.status(204).send();
    },
  );
}

/** What the API shows of a subscription: the store's public record less the caller's own key id. */
function viewOf(subscription: PublicSubscription) {
  const { key_id: _keyId, ...view } = subscription;
  return view;
}

function callerKeyId(request: FastifyRequest): string {
  const id = request.apiKey?.id;
  // The preHandler sets it; a route registered without one is a programming error.
  if (id === undefined) throw new Error("webhook route reached without an authenticated key");
  return id;
}

function notFound(id: string): AppError {
  return new AppError("not_found", `no webhook ${id}`, { id });
}
