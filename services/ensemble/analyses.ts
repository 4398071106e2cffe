import type { VoyageRiskRequest } from "../contracts/api/underwriting";
import { EVENT, isEvent } from "../contracts/events";
import type { AnalyticsStore, EventRow } from "../platform/analytics/port";
import type { EventBus, EventRecord } from "../platform/events/port";
import { eventRecord, nameBasedId } from "../platform/events/records";
import { TOPIC } from "../platform/events/topics";
import type { FastState } from "../platform/limits/port";
import type { Platform } from "../platform/platform";
import type { ForecastAt } from "../underwriting/voyage-risk";

/**
 * Ensemble analyses: the full voyage-risk analysis (ensemble routing, historical baseline,
 * compliance) asked for now and delivered later. The API publishes EnsembleAnalysisRequested
 * with the forecast chosen at that moment and answers 202; streams/ensemble computes it, keeps
 * the result (fast state for RESULT_TTL, then the EnsembleAnalysisCompleted event in analytics)
 * and raises EnsembleReady, which reaches the key's webhooks as ensemble.ready. A result is the
 * asking key's: another key, like an unknown id, finds nothing.
 */

const ANALYSIS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type AnalysisStatus = "pending" | "ready" | "failed";

export interface AnalysisRecord {
  id: string;
  key_id: string | null;
  fleet_id: string | null;
  status: AnalysisStatus;
  requested_at: string;
  completed_at: string | null;
  /** The voyage-risk answer, when ready. */
  result: unknown;
  /** Why it could not be made, when failed. */
  error: { code: string; message: string } | null;
}

export const resultUrl = (id: string): string => `/api/v1/ensemble-analyses/${id}`;

export async function publishAnalysisRequested(
  bus: EventBus,
  r: {
    id: string;
    keyId: string | null;
    fleetId: string | null;
    body: VoyageRiskRequest;
    forecast: ForecastAt;
  },
  nowMs: number,
): Promise<void> {
  await bus.publish(TOPIC.voyageRequests, [
    {
      key: r.id,
      type: EVENT.EnsembleAnalysisRequested,
      value: eventRecord(
        {
          analysis_id: r.id,
          key_id: r.keyId,
          fleet_id: r.fleetId,
          request_json: JSON.stringify(r.body),
          forecast_json: JSON.stringify(r.forecast),
        },
        nowMs,
      ),
    },
  ]);
}

/** The completion and the alert, ids derived from the analysis: a repeat publishes the same. */
export async function publishAnalysisCompleted(
  bus: EventBus,
  record: AnalysisRecord,
): Promise<void> {
  const at = Date.parse(record.completed_at ?? record.requested_at);
  await bus.publish(TOPIC.voyageRequests, [
    {
      key: record.id,
      type: EVENT.EnsembleAnalysisCompleted,
      value: {
        event_id: nameBasedId(`ensemble-completed\n${record.id}`),
        occurred_at: at,
        analysis_id: record.id,
        key_id: record.key_id,
        status: record.status,
        result_json: record.result === null ? null : JSON.stringify(record.result),
        error_code: record.error?.code ?? null,
        error_message: record.error?.message ?? null,
      },
    },
  ]);
  await bus.publish(TOPIC.voyageAlerts, [
    {
      key: record.id,
      type: EVENT.EnsembleReady,
      value: {
        event_id: nameBasedId(`ensemble-ready\n${record.id}`),
        occurred_at: at,
        analysis_id: record.id,
        key_id: record.key_id,
        fleet_id: record.fleet_id,
        voyage_id: null,
        status: record.status,
        result_url: resultUrl(record.id),
      },
    },
  ]);
}

/** Analyses by id: fast state while fresh, then the completion event in analytics. */
export class EnsembleAnalyses {
  /** Over a platform's fast state and analytics; kept in fast state for ROUTE_RESULT_TTL_S. */
  static of(platform: Pick<Platform, "state" | "analytics" | "config">): EnsembleAnalyses {
    return new EnsembleAnalyses(
      platform.state,
      platform.analytics,
      platform.config.ROUTE_RESULT_TTL_S * 1000,
    );
  }

  constructor(
    private readonly state: FastState,
    private readonly analytics: AnalyticsStore,
    private readonly ttlMs: number,
  ) {}

  put(record: AnalysisRecord): Promise<void> {
    return this.state.set(`ensemble:${record.id}`, JSON.stringify(record), this.ttlMs);
  }

  /** The analysis, or null for an id this key never asked for. */
  async get(id: string, keyId: string | null): Promise<AnalysisRecord | null> {
    if (!ANALYSIS_ID.test(id)) return null;
    const cached = await this.state.get(`ensemble:${id}`);
    const record =
      cached === null ? await this.fromAnalytics(id) : (JSON.parse(cached) as AnalysisRecord);
    return record && record.key_id === keyId ? record : null;
  }

  private async fromAnalytics(id: string): Promise<AnalysisRecord | null> {
    const events = await this.analytics.queryEvents({ topic: TOPIC.voyageRequests, key: id });
    const stored = events.map(storedEvent);
    const requested = stored.find((e) => isEvent(e, EVENT.EnsembleAnalysisRequested));
    if (!requested) return null;
    const r = requested.value;
    const c = stored.find((e) => isEvent(e, EVENT.EnsembleAnalysisCompleted))?.value ?? null;
    return {
      id,
      key_id: r.key_id,
      fleet_id: r.fleet_id,
      status: c ? analysisStatus(c.status) : "pending",
      requested_at: new Date(r.occurred_at).toISOString(),
      completed_at: c ? new Date(c.occurred_at).toISOString() : null,
      result: c?.result_json ? JSON.parse(c.result_json) : null,
      error: c?.error_code ? { code: c.error_code, message: c.error_message ?? "" } : null,
    };
  }
}

/** An event as the analytics sink stored it: its name and its value as JSON. */
function storedEvent(row: EventRow): { type: string; value: EventRecord } {
  return { type: row.event_type, value: JSON.parse(row.payload_json) };
}

function analysisStatus(status: string): AnalysisStatus {
  return status === "ready" || status === "failed" ? status : "pending";
}
