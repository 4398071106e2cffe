import { EVENT, isEvent, type VoyageScored } from "../contracts/events";
import type { EventRecord } from "../platform/events/port";

/**
 * A monitored voyage's state is the fold of its events: the registration and its end on
 * `voyages.monitoring` (the voyage's "meta"), and every score of it on `voyages.scores` (its
 * score history). The two are folded apart, each from its own topic, so the projection of one
 * topic never races the other's (different consumers may hold the two topics' partitions); the
 * API joins them when it answers. Pure: plain data in, plain data out; applying an event twice
 * changes nothing (every event carries its id).
 */

/** Scores kept per voyage (the newest): a voyage re-scored every 6 h for 60 days has 240. */
export const MAX_HISTORY = 400;

export type MonitoringStatus = "active" | "stopped" | "completed";

export interface MonitoredMeta {
  id: string;
  status: MonitoringStatus;
  key_id: string | null;
  fleet_id: string | null;
  vessel_id: string;
  vessel: unknown;
  voyage: unknown;
  /** The route scored at registration ([lon, lat] waypoints): re-scores sail it again. */
  route: Array<[number, number]>;
  thresholds: Record<string, number>;
  departure_utc: string;
  registered_at_utc: string;
  stopped_at_utc: string | null;
  /** Ids of the events folded in (there are at most two). */
  event_ids: string[];
}

export interface ScorePoint {
  event_id: string;
  scored_at_utc: string;
  index: number;
  band: string;
  weather_model: string;
  weather_cycle_utc: string;
  weather_synthetic: boolean;
  eta_p50_utc: string;
  peak_hs_m: number;
  peak_wind_kts: number;
  /** monitoring (the score made at registration) or rescore (a new forecast cycle). */
  interface: string;
}

export interface ScoreHistory {
  voyage_id: string;
  /** Oldest first, at most MAX_HISTORY. */
  scores: ScorePoint[];
}

/** The interfaces whose scores belong to a monitored voyage's history. */
export const MONITORING_INTERFACES: ReadonlySet<string> = new Set(["monitoring", "rescore"]);

const iso = (ms: number) => new Date(ms).toISOString();

/** Folds a voyages.monitoring event into the voyage's meta (null: nothing known yet). */
export function applyMonitoringEvent(
  meta: MonitoredMeta | null,
  event: { type: string; value: EventRecord },
): MonitoredMeta | null {
  if (meta?.event_ids.includes(event.value.event_id)) return meta;
  if (isEvent(event, EVENT.VoyageMonitored)) {
    const e = event.value;
    // A registration seen after its stop (never produced, but replays must not resurrect it).
    if (meta && meta.status !== "active") return meta;
    return {
      id: e.voyage_id,
      status: "active",
      key_id: e.key_id,
      fleet_id: e.fleet_id,
      vessel_id: e.vessel_id,
      vessel: JSON.parse(e.vessel_json),
      voyage: JSON.parse(e.voyage_json),
      route: JSON.parse(e.route_json),
      thresholds: { ...e.thresholds },
      departure_utc: iso(e.departure),
      registered_at_utc: iso(e.occurred_at),
      stopped_at_utc: null,
      event_ids: [...(meta?.event_ids ?? []), e.event_id],
    };
  }
  if (isEvent(event, EVENT.MonitoringStopped)) {
    const e = event.value;
    if (meta?.status !== "active") return meta;
    return {
      ...meta,
      status: e.reason === "completed" ? "completed" : "stopped",
      stopped_at_utc: iso(e.occurred_at),
      event_ids: [...meta.event_ids, e.event_id],
    };
  }
  return meta;
}

/**
 * Folds a VoyageScored into the voyage's history (monitoring and rescore scores only; others
 * return the history unchanged). Kept in scoring-time order, so a replay in any order of one
 * partition's events gives the same history.
 */
export function applyScore(history: ScoreHistory | null, e: VoyageScored): ScoreHistory | null {
  if (!MONITORING_INTERFACES.has(e.interface)) return history;
  const voyageId = e.voyage_id;
  const scores = history?.scores ?? [];
  if (scores.some((s) => s.event_id === e.event_id)) return history;
  const point: ScorePoint = {
    event_id: e.event_id,
    scored_at_utc: iso(e.occurred_at),
    index: e.index,
    band: e.band,
    weather_model: e.weather_model,
    weather_cycle_utc: iso(e.weather_cycle),
    weather_synthetic: e.weather_synthetic,
    eta_p50_utc: iso(e.eta_p50),
    peak_hs_m: e.peak_hs_m,
    peak_wind_kts: e.peak_wind_kts,
    interface: e.interface,
  };
  const next = [...scores, point].sort(
    (a, b) =>
      a.scored_at_utc.localeCompare(b.scored_at_utc) || a.event_id.localeCompare(b.event_id),
  );
  return { voyage_id: voyageId, scores: next.slice(-MAX_HISTORY) };
}

/** What GET /api/v1/monitored-voyages/{id} answers: the meta, the latest score, the history. */
export function monitoredView(meta: MonitoredMeta, history: ScoreHistory | null) {
  // Event ids are the fold's bookkeeping, not the caller's business.
  const points = (history?.scores ?? []).map(({ event_id: _e, ...s }) => s);
  const { event_ids: _ids, ...rest } = meta;
  return { ...rest, latest: points.at(-1) ?? null, history: points };
}
export type MonitoredView = ReturnType<typeof monitoredView>;
