import { z } from "zod";
import { FIRST_MONTH, LAST_MONTH } from "../billing/bill";
import { VESSEL_TYPE_DEFAULTS } from "../engine/scoring/vessel-types";
import { BANDS, WEIGHTS } from "../engine/scoring/vsi";
import { defaultScopes, PLANS, type Scope } from "../platform/keys/api-keys";
import {
  advisoryId,
  advisoryRequest,
  MAX_RADIUS_NM,
  MAX_RING_POSITIONS,
  MIN_RADIUS_NM,
} from "./advisory-routes";
import { ROUTE_RISK_PLANS, routeRiskLimits } from "./auth";
import { MAX_PARAM_LENGTH } from "./error-mapping";
import { errorBody } from "./schemas/common";
import { ensembleAnalysisRequest, ensembleAnalysisResponse } from "./schemas/ensemble";
import { monitoredVoyageRequest, monitoredVoyageResponse } from "./schemas/monitoring";
import { RISK_BANDS, routeRiskRequest, routeRiskResponse } from "./schemas/route-risk";
import {
  historicalAvailabilityRequest,
  historicalAvailabilityResponse,
  MAX_TRACK_WAYPOINTS,
  routeScoreRequest,
  routeScoreResponse,
  voyageRiskRequest,
  voyageRiskResponse,
} from "./schemas/underwriting";
import {
  webhookPayloads,
  webhookSubscriptionCreated,
  webhookSubscriptionList,
  webhookSubscriptionRequest,
  webhookSubscriptionResponse,
} from "./schemas/webhooks";
import { usageMonth } from "./usage-routes";
import { API_VERSION } from "./version";

/**
 * Every path parameter: an id, at most MAX_PARAM_LENGTH characters (longer, or a malformed
 * percent-encoding, is 400 validation_failed before any route runs).
 */
const pathParameter = { type: "string", maxLength: MAX_PARAM_LENGTH } as const;

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests at the
 * edge (so the two cannot drift), served at /docs (interactive) and /docs/json.
 */

const json = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });

/** A parameter's schema from its zod schema (without the document-level $schema key). */
const pathSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = json(schema, "input");
  return rest;
};

const error = (description: string) => ({
  description,
  content: { "application/json": { schema: json(errorBody, "output") } },
});

export const VOYAGE_RISK_EXAMPLE = {
  vessel: {
    imo: "9321483",
    name: "Example Trader",
    type: "cargo_small",
    loa_m: 90,
    beam_m: 14,
    draft_m: 5.5,
    cruising_speed_kts: 11,
    max_wave_m: 4,
    max_wind_kts: 30,
  },
  voyage: {
    origin: { lat: 51.98, lon: 3.9, name: "Rotterdam" },
    destination: { lat: 40.45, lon: -73.8, name: "New York" },
    departure_utc: "2026-12-01T06:00:00Z",
  },
  options: {
    ensemble_routing: true,
    include_historical_baseline: true,
    include_compliance_check: true,
  },
};

export const ROUTE_RISK_EXAMPLE = {
  origin: { lat: 51.98, lon: 3.9, name: "Rotterdam" },
  destination: { lat: 40.45, lon: -73.8, name: "New York" },
  departure_time: "2026-12-01T06:00:00Z",
  vessel: {
    vessel_type: "container_ship",
    loa_m: 300,
    beam_m: 48,
    draft_m: 14,
    displacement_t: 150000,
    cruising_speed_kts: 18,
  },
  objective: "safest",
  ensemble: true,
  insurance: {
    include_exposure_hours: true,
    include_exceedance_counts: true,
    include_loss_probability: true,
    include_confidence_intervals: true,
    thresholds: { wind_kts: 34, wave_m: 4 },
  },
};

const WEBHOOK_DELIVERY_TEXT = [
  'Signed per subscription: header Voyage-Risk-Signature (v1,t=<unix seconds>,sig=<hex HMAC-SHA256>) equals the body\'s last member `signature`; the MAC, keyed with the subscription\'s secret, covers `<t>.` and the raw body with that value blanked (`"signature":""`), so a receiver verifies from the raw bytes and headers alone (verifyWebhook in services/webhooks/signing.ts) and rejects a timestamp more than 5 minutes away.',
  "Voyage-Risk-Delivery-Id is the same for every attempt of one event to one subscription: deduplicate on it (delivery is at least once).",
  "Attempts: 32 over about a day (10 s, 30 s, 90 s, ... capped at 1 h, jittered), Retry-After honoured; 410 disables the subscription; a 3xx or another 4xx dead-letters the delivery at once.",
].join(" ");

const limitsText = ROUTE_RISK_PLANS.map((plan) => {
  const [hour, minute] = routeRiskLimits(plan);
  return `${plan} ${hour?.limit}/hour with a burst of ${minute?.limit}/minute`;
}).join("; ");

export function openApiDocument(): Record<string, unknown> {
  // OpenAPI 3.1 lets an apiKey requirement list the roles it needs: here, the one scope each
  // interface checks (README's scope table); none for a key's own whoami and usage.
  const keyWith = (scope: Scope) => [{ apiKey: [scope] }];
  const anyKey = [{ apiKey: [] }];
  return {
    openapi: "3.1.0",
    info: {
      title: "voyage-risk",
      version: API_VERSION,
      description: [
        "Marine voyage-risk scoring: the underwriting interface (Voyage Severity Index) and the route-risk interface (routes per objective, composite risk, insurance metrics).",
        `Bands: ${BANDS.map((b) => `${b.name} from ${b.from}`).join(", ")}.`,
        `Dimension weights: ${Object.entries(WEIGHTS)
          .map(([d, w]) => `${d} ${w}`)
          .join(", ")}.`,
        `Vessel types (defaults for unstated dimensions, speed and limits in README): ${Object.keys(VESSEL_TYPE_DEFAULTS).join(", ")}.`,
        "Weather labelled synthetic is generated by the platform's own model, not a real forecast (metadata.weather_source).",
        "Every error is {error: {code, message, request_id}}.",
        "An instance shutting down (after SIGTERM) finishes the requests it has and answers any other with 503 shutting_down (Retry-After: 1, Connection: close) until it exits; its health answers 503 with status draining.",
        `Scopes: every operation behind a key checks exactly one, named in its security requirement (403 forbidden without it, details.scope naming it): underwriting for voyage-risk, route-score, historical-availability and ensemble analyses (the billed underwriting work), route-risk, monitoring, webhooks, admin; whoami and usage take any key. The specification's one scope, insurance, keeps its meaning: it unlocks the insurance fields of route-risk and is not an alias of underwriting. A key issued without scopes gets its plan's (never admin): ${PLANS.map((plan) => `${plan} ${defaultScopes(plan).join(", ")}`).join("; ")}.`,
      ].join(" "),
    },
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
    },
    webhooks: Object.fromEntries(
      Object.entries(webhookPayloads).map(([kind, schema]) => [
        kind,
        {
          post: {
            summary: `${kind}, POSTed to each matching subscription`,
            description: WEBHOOK_DELIVERY_TEXT,
            requestBody: {
              required: true,
              content: { "application/json": { schema: json(schema, "output") } },
            },
            responses: {
              "2XX": { description: "received: no more attempts" },
              "410": { description: "the endpoint is retired: the subscription is disabled" },
              default: {
                description:
                  "408, 429 and 5xx (and no answer) are retried on the schedule; any other status dead-letters the delivery",
              },
            },
          },
        },
      ]),
    ),
    paths: {
      "/api/v1/underwriting/health": {
        get: {
          summary:
            "API status, dependencies and per-model forecast-cycle freshness (no key needed)",
          responses: {
            "200": { description: "every dependency up and a usable forecast cycle" },
            "503": {
              description:
                "degraded: a dependency is down or no forecast cycle is usable; draining: the instance is shutting down",
            },
          },
        },
      },
      "/api/v1/underwriting/voyage-risk": {
        post: {
          summary:
            "Score a voyage: route (safest), Voyage Severity Index, ensemble, history, compliance",
          security: keyWith("underwriting"),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: json(voyageRiskRequest, "input"),
                examples: { rotterdam_new_york: { value: VOYAGE_RISK_EXAMPLE } },
              },
            },
          },
          responses: {
            "200": {
              description: "the scored voyage",
              content: { "application/json": { schema: json(voyageRiskResponse, "output") } },
            },
            "400": error(
              "malformed JSON, a missing or invalid field (validation_failed, malformed_json)",
            ),
            "401": error("missing or invalid X-API-Key"),
            "403": error("the key lacks the underwriting scope (forbidden)"),
            "422": error(
              "infeasible voyage: on_land (which end; details.closed_water when the end lies deep inside a reef, bank or area closed to shipping), no_route_within_limits (details.closed_to_vessel: the passages the vessel's dimensions shut that the voyage's ways would need, each with its limit and limit_verified; an end behind a bridge too low for the vessel names the passages its ways out cross), no_sea_route (details.closed_passages: avoided straits, canals or fairways an end is reached only through; also an end with no water within 15 nm that leads to the sea, such as the Caspian; details.unrouted_polar_waters names an end in polar waters beyond 72° outside the routed windows, the Barents-Kara Seas to 80N and Baffin Bay to 78N). An end whose nearest water leads nowhere (a basin or creek the coastline draws cut off) is moved to the nearest water within 15 nm that leads out and the move reported as its snap; an end on land nearer a river fairway, or a canal (when no drawn water lies within 3 nm), than any drawn water is snapped onto its line, reported as its snap, and sails it",
            ),
            "429": error("rate limit exceeded (Retry-After)"),
            "503": error(
              "no key configured (no_keys_configured), no usable forecast (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
            ),
          },
        },
      },
      "/api/v1/underwriting/route-score": {
        post: {
          summary:
            "Score a client-supplied track (waypoints, optional times) against the latest forecast, without routing",
          description: `At most ${MAX_TRACK_WAYPOINTS} waypoints (more is a 400). A track that touches land is scored and flagged (track.crosses_land); legs into closed waters (areas to be avoided, reefs and banks the coastline does not draw) are listed in track.closed_water_crossings. Times on every waypoint or on none; without times the vessel sails the track at its speed with speed loss.`,
          security: keyWith("underwriting"),
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(routeScoreRequest, "input") } },
          },
          responses: {
            "200": {
              description: "the scored track (the voyage-risk response plus `track`)",
              content: { "application/json": { schema: json(routeScoreResponse, "output") } },
            },
            "400": error("malformed JSON, a missing or invalid field, too many waypoints"),
            "401": error("missing or invalid X-API-Key"),
            "403": error("the key lacks the underwriting scope (forbidden)"),
            "503": error(
              "no usable forecast (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
            ),
          },
        },
      },
      "/api/v1/underwriting/historical-availability": {
        post: {
          summary:
            "Share of the month's historical departures (47 reanalysis years) that complete within the vessel's limits",
          description:
            "The route is the safest route through the month's climatology; every daily departure of the month in every reanalysis year sails it (a ClickHouse query in platform mode). Answers the availability, the per-year breakdown, the distributions of peak Hs and wind, and of the index.",
          security: keyWith("underwriting"),
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: json(historicalAvailabilityRequest, "input") },
            },
          },
          responses: {
            "200": {
              description: "the historical baseline",
              content: {
                "application/json": { schema: json(historicalAvailabilityResponse, "output") },
              },
            },
            "400": error("malformed JSON, a missing or invalid field"),
            "401": error("missing or invalid X-API-Key"),
            "403": error("the key lacks the underwriting scope (forbidden)"),
            "422": error("infeasible voyage (on_land, no_sea_route)"),
            "503": error("no reanalysis year loaded for the years asked (weather_unavailable)"),
          },
        },
      },
      "/api/v1/route-risk": {
        post: {
          summary:
            "Route a vessel for an objective and score it: composite risk, band, segments, the other objectives' routes, ensemble ETA and cone, insurance metrics",
          description: `Plans: ${ROUTE_RISK_PLANS.join(", ")} (a per-query key gets 402); scope route-risk (403 without); the insurance fields need the insurance scope (403). Limits: ${limitsText}; every answer to an entitled key carries X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (of the binding window; the limits are sliding windows, Reset the epoch second its oldest counted request leaves it). Bands: ${RISK_BANDS.join(", ")} (from 0, 20, 40, 60, 80). Required: origin, destination, departure_time, vessel.vessel_type; objective defaults to safest; vessel.max_wave_m and vessel.max_wind_kts, when stated, are hard limits (422 no_route_within_limits when no route keeps them); otherwise the type's limits are kept wherever a route can keep them (route.limits_kept says whether it did).`,
          security: keyWith("route-risk"),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: json(routeRiskRequest, "input"),
                examples: { rotterdam_new_york: { value: ROUTE_RISK_EXAMPLE } },
              },
            },
          },
          responses: {
            "200": {
              description: "the scored route; kept for GET /api/v1/route-risk/{route_id}",
              content: { "application/json": { schema: json(routeRiskResponse, "output") } },
            },
            "400": error("malformed JSON, a missing field or an invalid coordinate"),
            "401": error("missing or invalid X-API-Key"),
            "402": error("the key's plan does not include route-risk (subscription_required)"),
            "403": error(
              "the key lacks the route-risk scope, or the insurance scope for insurance fields",
            ),
            "422": error("origin or destination on land, or no path within the vessel's limits"),
            "429": error("rate limit exceeded (Retry-After, X-RateLimit-*)"),
            "500": error("routing engine failure: retry with exponential backoff"),
            "503": error(
              "no usable forecast cycle (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea): retry after Retry-After",
            ),
          },
        },
      },
      "/api/v1/route-risk/{route_id}": {
        get: {
          summary: "A route-risk answer by its route_id",
          description:
            "From Redis for ROUTE_RESULT_TTL_S (default 24 h) after the answer, then from ClickHouse (the RouteRiskResult event).",
          security: keyWith("route-risk"),
          parameters: [{ name: "route_id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "200": {
              description: "the answer as first served",
              content: { "application/json": { schema: json(routeRiskResponse, "output") } },
            },
            "401": error("missing or invalid X-API-Key"),
            "402": error("the key's plan does not include route-risk"),
            "404": error("no route with this id (not_found)"),
          },
        },
      },
      "/api/v1/monitored-voyages": {
        post: {
          summary: "Register a voyage for monitoring: scored now and on every new forecast cycle",
          description: `Plans: ${ROUTE_RISK_PLANS.join(", ")} (402 otherwise); scope monitoring (403 otherwise). The state is the fold of the voyage's events (docs/monitoring.md).`,
          security: keyWith("monitoring"),
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(monitoredVoyageRequest, "input") } },
          },
          responses: {
            "201": {
              description: "the registered voyage, with its first score",
              content: { "application/json": { schema: json(monitoredVoyageResponse, "output") } },
            },
            "400": error("malformed JSON or an invalid field"),
            "401": error("missing or invalid X-API-Key"),
            "402": error("the key's plan does not include monitoring"),
            "403": error("the key lacks the monitoring scope"),
            "422": error("infeasible voyage (on_land, no_sea_route)"),
            "503": error(
              "no usable forecast cycle (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
            ),
          },
        },
      },
      "/api/v1/monitored-voyages/{id}": {
        get: {
          summary: "A monitored voyage's state and score history",
          security: keyWith("monitoring"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "200": {
              description: "the voyage",
              content: { "application/json": { schema: json(monitoredVoyageResponse, "output") } },
            },
            "404": error("no such voyage for this key (not_found)"),
          },
        },
        delete: {
          summary: "Stop monitoring a voyage (idempotent); answers its final state",
          security: keyWith("monitoring"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "200": { description: "the stopped voyage" },
            "404": error("no such voyage for this key (not_found)"),
          },
        },
      },
      "/api/v1/webhooks": {
        post: {
          summary: "Register a webhook: a URL, the event kinds it receives, optionally one fleet",
          description: `Plans: ${ROUTE_RISK_PLANS.join(", ")} (402 otherwise); scope webhooks (403 otherwise). The URL must be http(s), without credentials, on port 80, 443, 8080 or 8443 (400 validation_failed, details.reason port_not_allowed), and resolve only to public addresses (422 destination_refused with the reason); a destination WEBHOOK_ALLOWLIST names is exempt from the port and address rules. The answer carries the subscription's signing secret (spec 6.3), shown only this once.`,
          security: keyWith("webhooks"),
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(webhookSubscriptionRequest, "input") } },
          },
          responses: {
            "201": {
              description: "the subscription, with its secret (Cache-Control: no-store)",
              content: {
                "application/json": { schema: json(webhookSubscriptionCreated, "output") },
              },
            },
            "400": error(
              "malformed JSON, a bad URL or port (port_not_allowed), an empty, repeated or unknown event kind",
            ),
            "401": error("missing or invalid X-API-Key"),
            "402": error("the key's plan does not include webhooks"),
            "403": error("the key lacks the webhooks scope"),
            "422": error("the platform will not POST to this URL (destination_refused)"),
            "429": error("rate limit exceeded (Retry-After, X-RateLimit-*)"),
            "503": error("the subscription store is unavailable (dependency_unavailable)"),
          },
        },
        get: {
          summary: "The key's webhooks, oldest first (no secrets)",
          security: keyWith("webhooks"),
          responses: {
            "200": {
              description: "the subscriptions",
              content: { "application/json": { schema: json(webhookSubscriptionList, "output") } },
            },
            "401": error("missing or invalid X-API-Key"),
            "402": error("the key's plan does not include webhooks"),
            "403": error("the key lacks the webhooks scope"),
          },
        },
      },
      "/api/v1/webhooks/{id}": {
        get: {
          summary: "A webhook by its id (no secret); status disabled after a 410 from the receiver",
          security: keyWith("webhooks"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "200": {
              description: "the subscription",
              content: {
                "application/json": { schema: json(webhookSubscriptionResponse, "output") },
              },
            },
            "401": error("missing or invalid X-API-Key"),
            "404": error("no such webhook for this key (not_found)"),
          },
        },
        delete: {
          summary: "Delete a webhook: no more deliveries",
          security: keyWith("webhooks"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "204": { description: "deleted" },
            "401": error("missing or invalid X-API-Key"),
            "404": error("no such webhook for this key (not_found)"),
          },
        },
      },
      "/api/v1/ensemble-analyses": {
        post: {
          summary:
            "Ask for a full ensemble analysis of a voyage (every option on); ensemble.ready when done",
          description:
            "Answers 202 at once with the analysis' id: the forecast is chosen now, the analysis is computed by the ensemble stream, and the key's webhooks for ensemble.ready hear when it is ready (or failed). Metered as one underwriting voyage.",
          security: keyWith("underwriting"),
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(ensembleAnalysisRequest, "input") } },
          },
          responses: {
            "202": {
              description: "accepted, pending; Location names where to read it",
              content: {
                "application/json": { schema: json(ensembleAnalysisResponse, "output") },
              },
            },
            "400": error("malformed JSON or an invalid field"),
            "401": error("missing or invalid X-API-Key"),
            "403": error("the key lacks the underwriting scope (forbidden)"),
            "503": error("no usable forecast cycle (weather_unavailable)"),
          },
        },
      },
      "/api/v1/ensemble-analyses/{id}": {
        get: {
          summary: "An ensemble analysis: pending, ready with the voyage-risk answer, or failed",
          security: keyWith("underwriting"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathParameter }],
          responses: {
            "200": {
              description: "the analysis",
              content: {
                "application/json": { schema: json(ensembleAnalysisResponse, "output") },
              },
            },
            "403": error("the key lacks the underwriting scope (forbidden)"),
            "404": error("no such analysis for this key (not_found)"),
          },
        },
      },
      "/api/v1/admin/advisories": {
        post: {
          summary:
            "Issue an advisory (an area to be avoided, a Notice to Mariners), or change one by its id",
          description: `Answers 202: the monitored voyages whose remaining route passes through the area are told (voyage.advisory_changed) by the advisories stream. The area is a GeoJSON Polygon (one ring of 4 to ${MAX_RING_POSITIONS} [lon, lat] positions that does not cross, touch or double back on itself) or a Circle: center as [lon, lat] (GeoJSON order) or {"lat", "lon"} (kept as [lon, lat]), radius_nm from ${MIN_RADIUS_NM} to ${MAX_RADIUS_NM}. valid_until must be after valid_from (now when not given). An id is 1-64 letters, digits, '.', '_' or '-', beginning with a letter or digit; without one, adv_<uuid> is made.`,
          security: keyWith("admin"),
          requestBody: {
            required: true,
            content: { "application/json": { schema: json(advisoryRequest, "input") } },
          },
          responses: {
            "202": { description: "{advisory_id, event_id}" },
            "400": error(
              "malformed JSON or an invalid field: the area's form, a ring that crosses itself, a radius out of range, valid_until not after valid_from (validation_failed)",
            ),
            "403": error("the key lacks the admin scope"),
          },
        },
      },
      "/api/v1/admin/advisories/{id}": {
        delete: {
          summary: "Withdraw an advisory this API issued",
          description:
            "Only an id the API issued (kept in Redis in platform mode, in memory embedded): any other is 404 and nothing is published. Withdrawing again answers the first withdrawal's event_id and publishes nothing more. An advisory issued before the API kept this record is withdrawn by issuing it again with its id, then withdrawing it.",
          security: keyWith("admin"),
          parameters: [{ name: "id", in: "path", required: true, schema: pathSchema(advisoryId) }],
          responses: {
            "202": { description: "{advisory_id, event_id}" },
            "400": error("the id is not of an advisory id's form (validation_failed)"),
            "403": error("the key lacks the admin scope"),
            "404": error("no advisory with this id was issued (not_found)"),
          },
        },
      },
      "/api/v1/usage": {
        get: {
          summary: "The calling key's metered voyages and bill for a month",
          description:
            "One voyage scored (voyage-risk, route-score or route-risk) is one unit, counted from the VoyageScored events in analytics. The per-query plan pays 0.40 USD a voyage; captain, fleet and enterprise include their voyages (amount 0).",
          security: anyKey,
          parameters: [
            {
              name: "month",
              in: "query",
              required: true,
              schema: pathSchema(usageMonth),
            },
          ],
          responses: {
            "200": { description: "the bill" },
            "400": error(
              `month missing, not YYYY-MM, or outside ${FIRST_MONTH} to ${LAST_MONTH} (validation_failed)`,
            ),
            "401": error("missing or invalid X-API-Key"),
          },
        },
      },
      "/api/v1/whoami": {
        get: {
          summary: "The key's id, plan and scopes",
          security: anyKey,
          responses: { "200": { description: "the key" } },
        },
      },
      "/api/v1/admin/weather-cycles": {
        post: {
          summary:
            "Land a synthetic cycle initialised now (used at once), or ingest GRIB2 files from WEATHER_DIR/inbox (admin scope)",
          security: keyWith("admin"),
          responses: {
            "201": { description: "the cycle landed" },
            "200": {
              description:
                "a synthetic cycle initialised this second had already landed: that cycle",
            },
            "403": error("the key lacks the admin scope"),
            "422": error("ingest_failed"),
          },
        },
      },
    },
  };
}
