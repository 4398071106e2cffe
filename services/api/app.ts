import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RouteOptions,
} from "fastify";
import { EnsembleAnalyses } from "../ensemble/analyses";
import type { ApiKeyStore } from "../platform/keys/api-keys";
import type { Platform } from "../platform/platform";
import { RouteResults } from "../route-risk/results";
import type { Scorer } from "../scoring/scorer";
import type { WeatherRuntime } from "../weather/runtime";
import type { WebhookSubscriptionStore } from "../webhooks/subscriptions";
import { accountRoutes } from "./account-routes";
import { adminRoutes } from "./admin-routes";
import { advisoryRoutes } from "./advisory-routes";
import { rateLimitHeaders, subscriptionKeyCheck, underwritingKeyCheck } from "./auth";
import { Drain, installDrain } from "./drain";
import { ensembleRoutes } from "./ensemble-routes";
import { installErrorMapping, MAX_PARAM_LENGTH, sendFrameworkError } from "./error-mapping";
import { healthRoutes } from "./health-routes";
import { monitoringRoutes } from "./monitoring-routes";
import { registerOpenApi } from "./openapi";
import { routeRiskRoutes } from "./route-risk-routes";
import { installRouteSchemas } from "./route-schemas";
import { underwritingRoutes } from "./underwriting-routes";
import { webhookRoutes } from "./webhook-routes";

export interface AppDeps {
  platform: Platform;
  keys: ApiKeyStore;
  weather: WeatherRuntime;
  scorer: Scorer;
  now: () => number;
  /** Webhook subscriptions (the caller opens and closes the store). */
  webhooks: WebhookSubscriptionStore;
  /** Requests in flight and the draining flag (serve() drains it on SIGTERM). */
  drain?: Drain;
  /** Told of every route as it is registered (fastify's onRoute hook), before any other is. */
  onRoute?: (route: RouteOptions) => void;
}

/** Largest request body accepted (a long client track is the biggest legitimate body). */
export const MAX_BODY_BYTES = 1_048_576;

export function buildApp({
  platform,
  keys,
  weather,
  scorer,
  now,
  webhooks,
  drain = new Drain(),
  onRoute,
}: AppDeps): FastifyInstance {
  const app = Fastify({
    // pino 10 and fastify 5 type their loggers apart; the instance is the same pino logger.
    loggerInstance: platform.logger as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: sendFrameworkError,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(given)
        ? given
        : crypto.randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: "request_id" }),
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  installErrorMapping(app);
  installRouteSchemas(app);
  installDrain(app, drain);
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", String(request.id));
    if (request.rateLimit) reply.headers(rateLimitHeaders(request.rateLimit));
  });
  // The OpenAPI document is made from the routes registered after it, in their order.
  registerOpenApi(app);

  // One scope per interface (README's scope table); whoami and usage are any key's own.
  const { state } = platform;
  const underwriting = underwritingKeyCheck(keys, state, "underwriting");
  const admin = underwritingKeyCheck(keys, state, "admin");
  const registry = weather.registry;
  const bus = platform.bus;
  app.register(healthRoutes, { platform, registry, now, drain });
  app.register(underwritingRoutes, { key: underwriting, scorer, registry, now, bus });
  app.register(routeRiskRoutes, {
    key: subscriptionKeyCheck(keys, state, "route-risk"),
    scorer,
    registry,
    results: new RouteResults(state, platform.analytics, platform.config.ROUTE_RESULT_TTL_S * 1000),
    now,
    bus,
  });
  app.register(monitoringRoutes, {
    key: subscriptionKeyCheck(keys, state, "monitoring"),
    scorer,
    registry,
    state,
    now,
    bus,
  });
  app.register(webhookRoutes, {
    key: subscriptionKeyCheck(keys, state, "webhooks"),
    store: webhooks,
    allowlist: platform.config.WEBHOOK_ALLOWLIST,
  });
  app.register(ensembleRoutes, {
    key: underwriting,
    analyses: EnsembleAnalyses.of(platform),
    registry,
    now,
    bus,
  });
  app.register(advisoryRoutes, { key: admin, bus, state, now });
  app.register(accountRoutes, {
    key: underwritingKeyCheck(keys, state, null),
    analytics: platform.analytics,
  });
  app.register(adminRoutes, {
    key: admin,
    weather,
    bus,
    weatherDir: platform.config.WEATHER_DIR,
    now,
  });
  return app;
}
