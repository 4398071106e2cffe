import { EVENT, isEvent } from "../contracts/events";
import type { EventRecord } from "../platform/events/port";
import type { WebhookEventKind } from "./subscriptions";

/**
 * From an alert on voyages.alerts to what a webhook carries: the event kind, whose subscriptions
 * it goes to, and the payload before `event`, `delivered_at` and `signature` (added, in that
 * order around it, at every attempt). Pure.
 *
 * voyage.risk_threshold_crossed carries exactly the fields of spec section 6.2, nothing more.
 * The other kinds' payloads are ours to decide (the spec does not show them); they follow the
 * same conventions (ids, then what happened, positions as {lat, lon}, times ISO 8601 UTC):
 *
 *   voyage.advisory_changed  voyage_id, vessel_id, advisory {id, change, kind, title}, at {lat, lon}
 *                            (at: where the remaining route enters the advisory's area)
 *   voyage.completed         voyage_id, vessel_id, completed_at
 *   ensemble.ready           analysis_id, voyage_id (null for an ad-hoc voyage), status (ready or
 *                            failed), result_url (GET it with the asking key), completed_at
 */

export interface PlannedWebhook {
  kind: WebhookEventKind;
  /** The key whose subscriptions receive it; null: nobody's. */
  keyId: string | null;
  fleetId: string | null;
  voyageId: string | null;
  payload: Record<string, unknown>;
}

/** The webhook an alert becomes, or null for an event type that is not delivered. */
export function webhookOfAlert(alert: { type: string; value: EventRecord }): PlannedWebhook | null {
  if (isEvent(alert, EVENT.RiskThresholdCrossed)) {
    const a = alert.value;
    return {
      kind: "voyage.risk_threshold_crossed",
      ...ownerOf(a),
      payload: {
        voyage_id: a.voyage_id,
        vessel_id: a.vessel_id,
        risk_band_was: a.risk_band_was,
        risk_band_now: a.risk_band_now,
        trigger: {
          field: a.trigger_field,
          threshold: a.trigger_threshold,
          observed: a.trigger_observed,
          at: { lat: a.trigger_lat, lon: a.trigger_lon },
        },
      },
    };
  }
  if (isEvent(alert, EVENT.AdvisoryChanged)) {
    const a = alert.value;
    return {
      kind: "voyage.advisory_changed",
      ...ownerOf(a),
      payload: {
        voyage_id: a.voyage_id,
        vessel_id: a.vessel_id,
        advisory: { id: a.advisory_id, change: a.change, kind: a.advisory_kind, title: a.title },
        at: { lat: a.entry_lat, lon: a.entry_lon },
      },
    };
  }
  if (isEvent(alert, EVENT.VoyageCompleted)) {
    const a = alert.value;
    return {
      kind: "voyage.completed",
      ...ownerOf(a),
      payload: {
        voyage_id: a.voyage_id,
        vessel_id: a.vessel_id,
        completed_at: new Date(a.occurred_at).toISOString(),
      },
    };
  }
  if (isEvent(alert, EVENT.EnsembleReady)) {
    const a = alert.value;
    const owner = ownerOf(a);
    return {
      kind: "ensemble.ready",
      ...owner,
      payload: {
        analysis_id: a.analysis_id,
        voyage_id: owner.voyageId,
        status: a.status,
        result_url: a.result_url,
        completed_at: new Date(a.occurred_at).toISOString(),
      },
    };
  }
  return null;
}

/** The body as sent at one attempt, before signing: event, delivered_at, then the payload. */
export function attemptPayload(
  kind: WebhookEventKind,
  payload: Record<string, unknown>,
  nowMs: number,
): Record<string, unknown> {
  return { event: kind, delivered_at: new Date(nowMs).toISOString(), ...payload };
}

/** Whose subscriptions an alert goes to; an empty id is none. */
function ownerOf(a: { key_id: string | null; fleet_id: string | null; voyage_id: string | null }) {
  const id = (value: string | null) => (value === "" ? null : value);
  return { keyId: id(a.key_id), fleetId: id(a.fleet_id), voyageId: id(a.voyage_id) };
}
