import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { EnsembleAnalyses } from "../ensemble/analyses";
import type { ApiKeyStore } from "../platform/keys/api-keys";
import type { Platform } from "../platform/platform";
import { RouteResults } from "../route-risk/results";
import type { Scorer } from "../scoring/scorer";
import type { WeatherRuntime } from "../weather/runtime";
import type { WebhookSubscriptionStore } from "../webhooks/subscriptions";
import { registerAdminRoutes } from "./admin-routes";
import { registerAdvisoryRoutes } from "./advisory-routes";
import {
  rateLimitHeaders,
  requireRouteRiskKey,
  requireSubscriptionKey,
  requireUnderwritingKey,
} from "./auth";
import { Drain, HEALTH_PATH, installDrain } from "./drain";
import { registerEnsembleRoutes } from "./ensemble-routes";
import { installErrorMapping, MAX_PARAM_LENGTH, sendFrameworkError } from "./error-mapping";
import { healthReport } from "./health";
import { registerMonitoringRoutes } from "./monitoring-routes";
import { openApiDocument } from "./openapi";
import { registerRouteRiskRoutes } from "./route-risk-routes";
import { registerUnderwritingRoutes } from "./underwriting-routes";
import { registerUsageRoutes } from "./usage-routes";
import { registerWebhookRoutes } from "./webhook-routes";

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
  installErrorMapping(app);
  installDrain(app, drain);
  // The OpenAPI document (generated from the zod schemas) and its interactive view; no key.
  app.register(swagger, {
    mode: "static",
    specification: { document: openApiDocument() as never },
  });
  app.register(swaggerUi, { routePrefix: "/docs" });
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", String(request.id));
    if (request.rateLimit) reply.headers(rateLimitHeaders(request.rateLimit));
  });

  // Health needs no key: callers and load balancers check it before spending a request.
  app.get(HEALTH_PATH, async (_request, reply) => {
    const report = await healthReport(platform, weather.registry, now(), drain.draining);
    return reply.status(report.status === "ok" ? 200 : 503).send(report);
  });

  // One scope per interface (README's scope table); whoami and usage are any key's own.
  const anyKey = requireUnderwritingKey(keys, platform.state, null);
  const underwriting = requireUnderwritingKey(keys, platform.state, "underwriting");
  const admin = requireUnderwritingKey(keys, platform.state, "admin");
  app.get("/api/v1/whoami", { preHandler: anyKey }, async (request) => {
    const key = request.apiKey;
    return { key_id: key?.id, plan: key?.plan, scopes: key?.scopes, label: key?.label ?? null };
  });

  registerUnderwritingRoutes(app, underwriting, {
    scorer,
    registry: weather.registry,
    now,
    bus: platform.bus,
  });
  registerRouteRiskRoutes(app, requireRouteRiskKey(keys, platform.state), {
    scorer,
    registry: weather.registry,
    results: new RouteResults(
      platform.state,
      platform.analytics,
      platform.config.ROUTE_RESULT_TTL_S * 1000,
    ),
    now,
    bus: platform.bus,
  });
  registerMonitoringRoutes(app, requireSubscriptionKey(keys, platform.state, "monitoring"), {
    scorer,
    registry: weather.registry,
    state: platform.state,
    now,
    bus: platform.bus,
  });
  registerWebhookRoutes(app, requireSubscriptionKey(keys, platform.state, "webhooks"), {
    store: webhooks,
    allowlist: platform.config.WEBHOOK_ALLOWLIST,
  });
  registerEnsembleRoutes(app, underwriting, {
    analyses: EnsembleAnalyses.of(platform),
    registry: weather.registry,
    now,
    bus: platform.bus,
  });
  registerUsageRoutes(app, anyKey, { analytics: platform.analytics });
  registerAdvisoryRoutes(app, admin, { bus: platform.bus, state: platform.state, now });
  registerAdminRoutes(app, admin, {
    weather,
    bus: platform.bus,
    weatherDir: platform.config.WEATHER_DIR,
    now,
  });
  return app;
}
