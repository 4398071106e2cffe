import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  historicalAvailabilityRequest,
  historicalAvailabilityResponse,
  MAX_TRACK_WAYPOINTS,
  routeScoreRequest,
  routeScoreResponse,
  voyageRiskRequest,
  voyageRiskResponse,
} from "../contracts/api/underwriting";
import type { EventBus } from "../platform/events/port";
import type { Scorer } from "../scoring/scorer";
import { publishScoreRequested, publishVoyageScored } from "../underwriting/events";
import { trackDeparture } from "../underwriting/route-score";
import { forecastFor, type ScoredVoyage } from "../underwriting/voyage-risk";
import type { CycleRegistry } from "../weather/cycle-registry";
import type { KeyCheck } from "./auth";
import { answer, errorAnswer, withExamples } from "./openapi";

interface Ids {
  voyageId: string;
  requestId: string;
  keyId?: string;
}

export interface UnderwritingRoutesOptions {
  /** The underwriting scope's key check. */
  key: KeyCheck;
  scorer: Scorer;
  /** Landed forecast cycles: each request's forecast is chosen here, when it arrives. */
  registry: CycleRegistry;
  now: () => number;
  bus: EventBus;
}

/** The voyage-risk request the document shows (and its test sends through the schema). */
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

const tags = ["underwriting"];

/**
 * The underwriting interface (spec 4.1-4.4): voyage-risk, route-score, historical-availability.
 * Each lands ScoreRequested before it computes; a scored voyage also lands VoyageScored (the
 * unit of usage) before the answer leaves.
 */
export const underwritingRoutes: FastifyPluginAsyncZod<UnderwritingRoutesOptions> = async (
  app,
  deps,
) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;

  const requested = async (request: FastifyRequest, kind: string, body: unknown) => {
    const ids: Ids = {
      voyageId: randomUUID(),
      requestId: String(request.id),
      keyId: request.apiKey?.id,
    };
    const nowMs = deps.now();
    await publishScoreRequested(deps.bus, {
      ...ids,
      iface: "underwriting",
      kind,
      body,
      occurredAt: nowMs,
    });
    return { ids, nowMs };
  };
  const scored = async <S extends ScoredVoyage>(
    s: S,
    ids: Ids,
    vesselType: string,
    nowMs: number,
  ): Promise<S["response"]> => {
    await publishVoyageScored(deps.bus, s.response, {
      keyId: ids.keyId,
      vesselType,
      ...s.used,
      occurredAt: nowMs,
    });
    return s.response;
  };
  const scoreIds = (ids: Ids) => ({ voyageId: ids.voyageId, requestId: ids.requestId });

  app.post(
    "/api/v1/underwriting/voyage-risk",
    {
      schema: {
        tags,
        summary:
          "Score a voyage: route (safest), Voyage Severity Index, ensemble, history, compliance",
        security,
        body: withExamples(voyageRiskRequest, { rotterdam_new_york: VOYAGE_RISK_EXAMPLE }),
        response: {
          200: answer("the scored voyage", voyageRiskResponse),
          400: errorAnswer(
            "malformed JSON, a missing or invalid field (validation_failed, malformed_json)",
          ),
          401: errorAnswer("missing or invalid X-API-Key"),
          403: errorAnswer("the key lacks the underwriting scope (forbidden)"),
          422: errorAnswer(
            "infeasible voyage: on_land (which end; details.closed_water when the end lies deep inside a reef, bank or area closed to shipping), no_route_within_limits (details.closed_to_vessel: the passages the vessel's dimensions shut that the voyage's ways would need, each with its limit and limit_verified; an end behind a bridge too low for the vessel names the passages its ways out cross), no_sea_route (details.closed_passages: avoided straits, canals or fairways an end is reached only through; also an end with no water within 15 nm that leads to the sea, such as the Caspian; details.unrouted_polar_waters names an end in polar waters beyond 72° outside the routed windows, the Barents-Kara Seas to 80N and Baffin Bay to 78N). An end whose nearest water leads nowhere (a basin or creek the coastline draws cut off) is moved to the nearest water within 15 nm that leads out and the move reported as its snap; an end on land nearer a river fairway, or a canal (when no drawn water lies within 3 nm), than any drawn water is snapped onto its line, reported as its snap, and sails it",
          ),
          429: errorAnswer("rate limit exceeded (Retry-After)"),
          503: errorAnswer(
            "no key configured (no_keys_configured), no usable forecast (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
          ),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { ids, nowMs } = await requested(request, "voyage-risk", body);
      const departureMs = Date.parse(body.voyage.departure_utc);
      const forecast = forecastFor(deps.registry, nowMs, departureMs, "voyage.departure_utc");
      const s = await deps.scorer.run({ kind: "voyage-risk", body, ids: scoreIds(ids), forecast });
      return scored(s, ids, body.vessel.type, nowMs);
    },
  );

  app.post(
    "/api/v1/underwriting/route-score",
    {
      schema: {
        tags,
        summary:
          "Score a client-supplied track (waypoints, optional times) against the latest forecast, without routing",
        description: `At most ${MAX_TRACK_WAYPOINTS} waypoints (more is a 400). A track that touches land is scored and flagged (track.crosses_land); legs into closed waters (areas to be avoided, reefs and banks the coastline does not draw) are listed in track.closed_water_crossings. Times on every waypoint or on none; without times the vessel sails the track at its speed with speed loss.`,
        security,
        body: routeScoreRequest,
        response: {
          200: answer(
            "the scored track (the voyage-risk response plus `track`)",
            routeScoreResponse,
          ),
          400: errorAnswer("malformed JSON, a missing or invalid field, too many waypoints"),
          401: errorAnswer("missing or invalid X-API-Key"),
          403: errorAnswer("the key lacks the underwriting scope (forbidden)"),
          503: errorAnswer(
            "no usable forecast (weather_unavailable), or no forecast source has the waves or the wind the score stands on (weather_incomplete, Retry-After; never scored as a flat sea)",
          ),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { ids, nowMs } = await requested(request, "route-score", body);
      const { departureMs, field } = trackDeparture(body);
      const forecast = forecastFor(deps.registry, nowMs, departureMs, field);
      const s = await deps.scorer.run({ kind: "route-score", body, ids: scoreIds(ids), forecast });
      return scored(s, ids, body.vessel.type, nowMs);
    },
  );

  app.post(
    "/api/v1/underwriting/historical-availability",
    {
      schema: {
        tags,
        summary:
          "Share of the month's historical departures (47 reanalysis years) that complete within the vessel's limits",
        description:
          "The route is the safest route through the month's climatology; every daily departure of the month in every reanalysis year sails it (a ClickHouse query in platform mode). Answers the availability, the per-year breakdown, the distributions of peak Hs and wind, and of the index.",
        security,
        body: historicalAvailabilityRequest,
        response: {
          200: answer("the historical baseline", historicalAvailabilityResponse),
          400: errorAnswer("malformed JSON, a missing or invalid field"),
          401: errorAnswer("missing or invalid X-API-Key"),
          403: errorAnswer("the key lacks the underwriting scope (forbidden)"),
          422: errorAnswer("infeasible voyage (on_land, no_sea_route)"),
          503: errorAnswer("no reanalysis year loaded for the years asked (weather_unavailable)"),
        },
      },
    },
    async (request) => {
      const { body } = request;
      const { ids, nowMs } = await requested(request, "historical-availability", body);
      return deps.scorer.run({
        kind: "historical-availability",
        body,
        requestId: ids.requestId,
        nowMs,
      });
    },
  );
};
