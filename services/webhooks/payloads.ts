import { ALERT_TYPES } from "../monitoring/alerts";
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
export function webhookOfAlert(
  type: string,
  alert: Record<string, unknown>,
): PlannedWebhook | null {
  const owner = {
    keyId: optionalString(alert.key_id),
    fleetId: optionalString(alert.fleet_id),
    voyageId: optionalString(alert.voyage_id),
  };
  switch (type) {
    case ALERT_TYPES.riskThresholdCrossed:
      return {
        kind: "voyage.risk_threshold_crossed",
        ...owner,
        payload: {
          voyage_id: String(alert.voyage_id),
          vessel_id: String(alert.vessel_id),
          risk_band_was: String(alert.risk_band_was),
          risk_band_now: String(alert.risk_band_now),
          trigger: {
            field: String(alert.trigger_field),
            threshold: Number(alert.trigger_threshold),
            observed: Number(alert.trigger_observed),
            at: { lat: Number(alert.trigger_lat), lon: Number(alert.trigger_lon) },
          },
        },
      };
    case ALERT_TYPES.advisoryChanged:
      return {
        kind: "voyage.advisory_changed",
        ...owner,
        payload: {
          voyage_id: String(alert.voyage_id),
          vessel_id: String(alert.vessel_id),
          advisory: {
            id: String(alert.advisory_id),
            change: String(alert.change),
            kind: String(alert.advisory_kind),
            title: String(alert.title),
          },
          at: { lat: Number(alert.entry_lat), lon: Number(alert.entry_lon) },
        },
      };
    case ALERT_TYPES.voyageCompleted:
      return {
        kind: "voyage.completed",
        ...owner,
        payload: {
          voyage_id: String(alert.voyage_id),
          vessel_id: String(alert.vessel_id),
          completed_at: new Date(Number(alert.occurred_at)).toISOString(),
        },
      };
    case ALERT_TYPES.ensembleReady:
      return {
        kind: "ensemble.ready",
        ...owner,
        payload: {
          analysis_id: String(alert.analysis_id),
          voyage_id: owner.voyageId,
          status: String(alert.status),
          result_url: String(alert.result_url),
          completed_at: new Date(Number(alert.occurred_at)).toISOString(),
        },
      };
    default:
      return null;
  }
}

/** The body as sent at one attempt, before signing: event, delivered_at, then the payload. */
export function attemptPayload(
  kind: WebhookEventKind,
  payload: Record<string, unknown>,
  nowMs: number,
): Record<string, unknown> {
  return { event: kind, delivered_at: new Date(nowMs).toISOString(), ...payload };
}

function optionalString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
