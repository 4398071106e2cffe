import type { VoyageRiskResponse } from "../contracts/api/underwriting";
import { EVENT, eventMessage, type VoyageScored } from "../contracts/events";
import type { EventBus } from "../platform/events/port";
import { eventRecord } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";

/**
 * Every scoring request and result is an event (voyages.requests, voyages.scores), keyed by the
 * voyage id; the analytics sink writes both to ClickHouse, where VoyageScored is also the unit of
 * usage metering (one per voyage scored).
 */

export function publishScoreRequested(
  bus: EventBus,
  e: {
    voyageId: string;
    requestId: string;
    keyId?: string;
    iface: string;
    kind: string;
    body: unknown;
    occurredAt: number;
  },
): Promise<void> {
  return bus.publish(TOPIC.voyageRequests, [
    {
      key: e.voyageId,
      type: EVENT.ScoreRequested,
      value: eventRecord(
        {
          voyage_id: e.voyageId,
          request_id: e.requestId,
          key_id: e.keyId ?? null,
          interface: e.iface,
          kind: e.kind,
          request_json: JSON.stringify(e.body),
        },
        e.occurredAt,
      ),
    },
  ]);
}

/** The facts of one VoyageScored event, with the interfaces that score named. */
export type VoyageScoredFields = Omit<VoyageScored, "event_id" | "occurred_at" | "interface"> & {
  interface: "underwriting" | "route-risk" | "monitoring" | "rescore";
};

/**
 * A VoyageScored message for voyages.scores, keyed by the voyage (or route) id; a fresh event id
 * unless a derived one is given (a score a crash may make twice is metered once).
 */
export function voyageScoredMessage(
  fields: VoyageScoredFields,
  occurredAt: number,
  eventId?: string,
) {
  const value = eventRecord({ ...fields }, occurredAt);
  return eventMessage(
    EVENT.VoyageScored,
    fields.voyage_id,
    eventId === undefined ? value : { ...value, event_id: eventId },
  );
}

/** Who asked for a score and what it was computed from (the scorer's `used`, plus the key). */
export interface ScoreContext {
  /** When it was scored: the request's time, or the cycle's for a re-score. */
  occurredAt: number;
  keyId?: string;
  vesselType: string;
  departureMs: number;
  model: string;
  cycleMs: number;
  synthetic: boolean;
}

export async function publishVoyageScored(
  bus: EventBus,
  r: VoyageRiskResponse,
  e: ScoreContext & {
    /** Who scored it: underwriting (default), or monitoring for a voyage's registration score. */
    iface?: "underwriting" | "monitoring" | "rescore";
    /** A derived id, for a score a crash may make twice (it is metered once). */
    eventId?: string;
  },
): Promise<VoyageScored> {
  const vsi = r.voyage_severity_index;
  const message = voyageScoredMessage(
    {
      voyage_id: r.voyage_id,
      request_id: r.metadata.request_id,
      key_id: e.keyId ?? null,
      interface: e.iface ?? "underwriting",
      index: vsi.score,
      band: vsi.band,
      dimensions: Object.fromEntries(
        Object.entries(r.risk_dimensions).map(([k, d]) => [k, d.score]),
      ),
      confidence_low: vsi.confidence_interval[0],
      confidence_high: vsi.confidence_interval[1],
      weather_model: e.model,
      weather_cycle: e.cycleMs,
      weather_synthetic: e.synthetic,
      departure: e.departureMs,
      eta_p50: Date.parse(r.route_summary.eta_p50_utc),
      eta_p90: Date.parse(r.route_summary.eta_p90_utc),
      distance_nm: r.route_summary.distance_nm,
      peak_hs_m: r.physical_conditions.peak_hs_m,
      peak_wind_kts: r.physical_conditions.peak_wind_kts,
      vessel_type: e.vesselType,
    },
    e.occurredAt,
    e.eventId,
  );
  await bus.publish(TOPIC.voyageScores, [message]);
  return message.value;
}
