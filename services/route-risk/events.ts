import type { RouteRiskResponse } from "../contracts/api/route-risk";
import { EVENT } from "../contracts/events";
import type { EventBus } from "../platform/events/port";
import { eventRecord } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";
import { type ScoreContext, voyageScoredMessage } from "../underwriting/events";

/**
 * A route-risk answer lands twice on voyages.scores (key: the route id): as a VoyageScored with
 * interface "route-risk" (the unit of usage metering, beside the underwriting scores) and as a
 * RouteRiskResult carrying the whole answer, which the route lookup reads from ClickHouse once
 * the Redis copy has expired.
 */

export function publishRouteRiskScored(
  bus: EventBus,
  r: RouteRiskResponse,
  e: ScoreContext,
): Promise<void> {
  const eta = Date.parse(r.route.eta_utc);
  const hoursToEta = (h: number | undefined) =>
    h === undefined ? eta : e.departureMs + h * 3_600_000;
  const peak = (pick: (s: RouteRiskResponse["segments"][number]) => number) =>
    r.segments.reduce((m, s) => Math.max(m, pick(s)), 0);
  return bus.publish(TOPIC.voyageScores, [
    voyageScoredMessage(
      {
        voyage_id: r.route_id,
        request_id: r.metadata.request_id,
        key_id: e.keyId ?? null,
        interface: "route-risk",
        index: r.composite_risk_score,
        band: r.risk_band,
        dimensions: Object.fromEntries(Object.entries(r.sub_scores).map(([k, d]) => [k, d.score])),
        // No member indices on this interface: the interval is the score itself.
        confidence_low: r.composite_risk_score,
        confidence_high: r.composite_risk_score,
        weather_model: e.model,
        weather_cycle: e.cycleMs,
        weather_synthetic: e.synthetic,
        departure: e.departureMs,
        eta_p50: Math.round(hoursToEta(r.ensemble?.p50_eta_hours)),
        eta_p90: Math.round(hoursToEta(r.ensemble?.p90_eta_hours)),
        distance_nm: r.route.distance_nm,
        peak_hs_m: peak((s) => s.conditions.hs_m),
        peak_wind_kts: peak((s) => s.conditions.wind_kts),
        vessel_type: e.vesselType,
      },
      e.occurredAt,
    ),
    {
      key: r.route_id,
      type: EVENT.RouteRiskResult,
      value: eventRecord(
        {
          route_id: r.route_id,
          request_id: r.metadata.request_id,
          key_id: e.keyId ?? null,
          objective: r.objective,
          response_json: JSON.stringify(r),
        },
        e.occurredAt,
      ),
    },
  ]);
}
