import type { ConsumedEvent } from "../../services/platform/events/port";
import { nameBasedId } from "../../services/platform/events/records";
import { SchemaCatalog } from "../../services/platform/events/schema-catalog";
import { TOPIC } from "../../services/platform/events/topics";
import { cycleEventId } from "../../services/weather/cycle-events";

/**
 * The known events behind the analytics-tables contract: a small fleet's fortnight in March 2026
 * (and one score in April), every kind of event a typed table holds. Each value goes through its
 * Avro schema (schemas/avro) and back, as the analytics sink receives it from Kafka, so its JSON
 * has the schema's field order and types. The answers the docs queries must give on these events
 * are worked out by hand in analytics-tables.contract.ts; the numbers here are invented for the
 * test (the weather "cycles" are test fixtures, not real forecasts).
 */

const catalog = SchemaCatalog.load();
const offsets = new Map<string, number>();

const at = (iso: string): number => Date.parse(iso);

function consumed(
  topic: string,
  key: string,
  type: string,
  fields: Record<string, unknown>,
): ConsumedEvent {
  const avro = catalog.require(type).latest.type;
  const value = avro.fromBuffer(avro.toBuffer(fields)) as ConsumedEvent["value"];
  const offset = offsets.get(topic) ?? 0;
  offsets.set(topic, offset + 1);
  return {
    topic,
    partition: 0,
    offset: String(offset),
    key,
    type,
    schemaId: 1,
    value,
    headers: {},
  };
}

const id = (name: string) => nameBasedId(`analytics-tables fixture\n${name}`);

function cycle(model: string, cycleIso: string, landedIso: string, synthetic: boolean) {
  return consumed(TOPIC.weatherCycles, model, "voyagerisk.weather.WeatherCycleLanded", {
    event_id: cycleEventId(model, at(cycleIso)),
    occurred_at: at(landedIso),
    model,
    cycle_time: at(cycleIso),
    members: synthetic ? 1 : 31,
    resolution_deg: synthetic ? 1 : 0.25,
    horizon_h: synthetic ? 240 : 384,
    synthetic,
    source: synthetic ? null : "test fixture (not a real forecast)",
  });
}

interface Score {
  name: string;
  voyage: string;
  key: string | null;
  iface: "underwriting" | "route-risk" | "monitoring" | "rescore";
  at: string;
  index: number;
  band: string;
  model: string;
  cycle: string;
  distance: number;
}

function score(s: Score) {
  return consumed(TOPIC.voyageScores, s.voyage, "voyagerisk.voyages.VoyageScored", {
    event_id: id(s.name),
    occurred_at: at(s.at),
    voyage_id: s.voyage,
    request_id: s.key === null ? null : `req-${s.name}`,
    key_id: s.key,
    interface: s.iface,
    index: s.index,
    band: s.band,
    dimensions: {
      sea_state: s.index + 5,
      wind: s.index + 2.5,
      drift: 10,
      traffic: 20,
      grounding: 5,
      seasonal: 30,
      regulatory: 0,
    },
    confidence_low: s.index - 4,
    confidence_high: s.index + 6,
    weather_model: s.model,
    weather_cycle: at(s.cycle),
    weather_synthetic: s.model === "synthetic",
    departure: at("2026-03-01T12:00:00Z"),
    eta_p50: at("2026-03-12T06:00:00Z"),
    eta_p90: at("2026-03-12T18:30:00.500Z"),
    distance_nm: s.distance,
    peak_hs_m: 4.5,
    peak_wind_kts: 38.25,
    vessel_type: "bulk_carrier",
  });
}

function routeResult(name: string, route: string, key: string, iso: string, objective: string) {
  return consumed(TOPIC.voyageScores, route, "voyagerisk.voyages.RouteRiskResult", {
    event_id: id(name),
    occurred_at: at(iso),
    route_id: route,
    request_id: `req-${name}`,
    key_id: key,
    objective,
    // The lookup serves this text as it is; its "band" and "key_id" must not be read for the row's.
    response_json: JSON.stringify({ route_id: route, objective, key_id: "not-this", band: "x" }),
  });
}

interface Crossing {
  name: string;
  voyage: string;
  key: string;
  fleet: string | null;
  at: string;
  was: string;
  now: string;
  field: "index" | "wind_kts" | "wave_m";
  threshold: number;
  observed: number;
  cycle: string;
}

function crossing(c: Crossing) {
  return consumed(TOPIC.voyageAlerts, c.voyage, "voyagerisk.alerts.RiskThresholdCrossed", {
    event_id: id(c.name),
    occurred_at: at(c.at),
    voyage_id: c.voyage,
    vessel_id: c.voyage === "voyage-123" ? "9321483" : c.voyage,
    key_id: c.key,
    fleet_id: c.fleet,
    risk_band_was: c.was,
    risk_band_now: c.now,
    trigger_field: c.field,
    trigger_threshold: c.threshold,
    trigger_observed: c.observed,
    trigger_lat: 57.5,
    trigger_lon: -4.25,
    weather_model: "gefs",
    weather_cycle: at(c.cycle),
  });
}

/** A title that breaks naive JSON or SQL handling: quotes, a backslash, a comma, non-ASCII. */
export const ADVISORY_TITLE = `Area "B" \\ closed; it's 'live', {"key_id":"x"} — Ålesund ⚓`;

interface Attempt {
  name: string;
  delivery: string;
  subscription: string;
  key: string | null;
  alert: string;
  kind: string;
  voyage: string | null;
  attempt: number;
  outcome: string;
  status: number | null;
  error: string | null;
  planned: string;
  at: string;
  next: string | null;
}

function attempt(a: Attempt) {
  return consumed(
    TOPIC.webhookDeliveries,
    a.delivery,
    "voyagerisk.webhooks.WebhookDeliveryAttempted",
    {
      event_id: id(a.name),
      occurred_at: at(a.at),
      delivery_id: a.delivery,
      subscription_id: a.subscription,
      key_id: a.key,
      alert_event_id: id(a.alert),
      event_kind: a.kind,
      voyage_id: a.voyage,
      attempt: a.attempt,
      outcome: a.outcome,
      status: a.status,
      duration_ms: 120 + a.attempt,
      error: a.error,
      next_attempt_at: a.next === null ? null : at(a.next),
      planned_at: at(a.planned),
    },
  );
}

interface DeadLetter {
  name: string;
  delivery: string;
  subscription: string;
  key: string | null;
  alert: string;
  kind: string;
  voyage: string | null;
  reason: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  planned: string;
  at: string;
}

function deadLetter(d: DeadLetter) {
  return consumed(TOPIC.webhookDeliveries, d.delivery, "voyagerisk.webhooks.WebhookDeadLettered", {
    event_id: id(d.name),
    occurred_at: at(d.at),
    delivery_id: d.delivery,
    subscription_id: d.subscription,
    key_id: d.key,
    alert_event_id: id(d.alert),
    event_kind: d.kind,
    voyage_id: d.voyage,
    reason: d.reason,
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    payload_json: JSON.stringify({ event: d.kind, reason: "not-this", attempts: 99 }),
    planned_at: at(d.planned),
  });
}

const C1 = "2026-03-02T00:00:00Z";
const C2 = "2026-03-02T06:00:00Z";
const C3 = "2026-03-09T00:00:00Z";
const C4 = "2026-03-02T00:00:00Z";

const RTC = "voyage.risk_threshold_crossed";

/** Every known event, in the order the sink writes them (per topic, offset order). */
export const KNOWN_EVENTS: readonly ConsumedEvent[] = [
  // Forecast cycles: gefs at 00Z and 06Z on 2 March and 00Z on 9 March, one synthetic cycle.
  cycle("synthetic", C4, "2026-03-02T00:05:00Z", true),
  cycle("gefs", C1, "2026-03-02T04:30:00Z", false),
  cycle("gefs", C2, "2026-03-02T10:45:00Z", false),
  cycle("gefs", C3, "2026-03-09T04:15:00Z", false),

  // Scores: two keys' underwriting, monitoring registrations and route-risk calls; re-scores.
  score({
    name: "s5",
    voyage: "voyage-123",
    key: "key-alpha",
    iface: "monitoring",
    at: "2026-03-02T02:00:00Z",
    index: 38,
    band: "Moderate",
    model: "synthetic",
    cycle: C4,
    distance: 1850,
  }),
  score({
    name: "s6",
    voyage: "voyage-456",
    key: "key-beta",
    iface: "monitoring",
    at: "2026-03-02T03:00:00Z",
    index: 50,
    band: "Caution",
    model: "synthetic",
    cycle: C4,
    distance: 2400,
  }),
  score({
    name: "s7",
    voyage: "voyage-123",
    key: null,
    iface: "rescore",
    at: "2026-03-02T04:30:00Z",
    index: 65,
    band: "High",
    model: "gefs",
    cycle: C1,
    distance: 1850,
  }),
  score({
    name: "s8",
    voyage: "voyage-456",
    key: null,
    iface: "rescore",
    at: "2026-03-02T04:30:00Z",
    index: 55,
    band: "Caution",
    model: "gefs",
    cycle: C1,
    distance: 2400,
  }),
  score({
    name: "s1",
    voyage: "run-1",
    key: "key-alpha",
    iface: "underwriting",
    at: "2026-03-02T09:00:00Z",
    index: 35.2,
    band: "Moderate",
    model: "gefs",
    cycle: C1,
    distance: 1200,
  }),
  score({
    name: "s9",
    voyage: "voyage-123",
    key: null,
    iface: "rescore",
    at: "2026-03-02T10:45:00Z",
    index: 45,
    band: "Caution",
    model: "gefs",
    cycle: C2,
    distance: 1850,
  }),
  score({
    name: "s2",
    voyage: "run-2",
    key: "key-alpha",
    iface: "underwriting",
    at: "2026-03-03T12:00:00Z",
    index: 62.5,
    band: "High",
    model: "gefs",
    cycle: C2,
    distance: 3400,
  }),
  score({
    name: "s11",
    voyage: "route-1",
    key: "key-alpha",
    iface: "route-risk",
    at: "2026-03-03T15:00:00Z",
    index: 22,
    band: "moderate",
    model: "gefs",
    cycle: C2,
    distance: 1500,
  }),
  routeResult("r1", "route-1", "key-alpha", "2026-03-03T15:00:00Z", "safest"),
  score({
    name: "s12",
    voyage: "route-2",
    key: "key-alpha",
    iface: "route-risk",
    at: "2026-03-04T15:00:00Z",
    index: 12,
    band: "low",
    model: "gefs",
    cycle: C2,
    distance: 900,
  }),
  routeResult("r2", "route-2", "key-alpha", "2026-03-04T15:00:00Z", "fastest"),
  score({
    name: "s10",
    voyage: "voyage-456",
    key: null,
    iface: "rescore",
    at: "2026-03-09T04:15:00Z",
    index: 70,
    band: "High",
    model: "gefs",
    cycle: C3,
    distance: 2400,
  }),
  score({
    name: "s3",
    voyage: "run-3",
    key: "key-beta",
    iface: "underwriting",
    at: "2026-03-09T08:00:00Z",
    index: 15,
    band: "Low",
    model: "gefs",
    cycle: C3,
    distance: 800,
  }),
  score({
    name: "s13",
    voyage: "route-3",
    key: "key-beta",
    iface: "route-risk",
    at: "2026-03-10T09:00:00Z",
    index: 28,
    band: "moderate",
    model: "gefs",
    cycle: C3,
    distance: 2100,
  }),
  routeResult("r3", "route-3", "key-beta", "2026-03-10T09:00:00Z", "safest"),
  score({
    name: "s4",
    voyage: "run-4",
    key: "key-beta",
    iface: "underwriting",
    at: "2026-04-01T10:00:00Z",
    index: 44.4,
    band: "Caution",
    model: "gefs",
    cycle: C3,
    distance: 5000,
  }),

  // Alerts: band changes and a wind threshold at re-scores, an advisory, an ensemble, an arrival.
  crossing({
    name: "a1",
    voyage: "voyage-123",
    key: "key-alpha",
    fleet: "north-sea",
    at: "2026-03-02T04:30:00Z",
    was: "Moderate",
    now: "High",
    field: "index",
    threshold: 60,
    observed: 65,
    cycle: C1,
  }),
  crossing({
    name: "a2",
    voyage: "voyage-456",
    key: "key-beta",
    fleet: "north-sea",
    at: "2026-03-02T04:30:00Z",
    was: "Caution",
    now: "Caution",
    field: "wind_kts",
    threshold: 40,
    observed: 44.5,
    cycle: C1,
  }),
  crossing({
    name: "a3",
    voyage: "voyage-123",
    key: "key-alpha",
    fleet: "north-sea",
    at: "2026-03-02T10:45:00Z",
    was: "High",
    now: "Caution",
    field: "index",
    threshold: 60,
    observed: 45,
    cycle: C2,
  }),
  consumed(TOPIC.voyageAlerts, "voyage-123", "voyagerisk.alerts.AdvisoryChanged", {
    event_id: id("a5"),
    occurred_at: at("2026-03-03T08:00:00Z"),
    voyage_id: "voyage-123",
    vessel_id: "9321483",
    key_id: "key-alpha",
    fleet_id: "north-sea",
    advisory_id: "adv-7",
    change: "issued",
    advisory_kind: "atba",
    title: ADVISORY_TITLE,
    entry_lat: 58.125,
    entry_lon: -3.5,
  }),
  consumed(TOPIC.voyageAlerts, "analysis-1", "voyagerisk.alerts.EnsembleReady", {
    event_id: id("a6"),
    occurred_at: at("2026-03-03T09:30:00Z"),
    analysis_id: "analysis-1",
    key_id: "key-alpha",
    fleet_id: null,
    voyage_id: null,
    status: "ready",
    result_url: "/api/v1/ensemble-analyses/analysis-1",
  }),
  crossing({
    name: "a4",
    voyage: "voyage-456",
    key: "key-beta",
    fleet: null,
    at: "2026-03-09T04:15:00Z",
    was: "Caution",
    now: "High",
    field: "index",
    threshold: 60,
    observed: 70,
    cycle: C3,
  }),
  consumed(TOPIC.voyageAlerts, "voyage-456", "voyagerisk.alerts.VoyageCompleted", {
    event_id: id("a7"),
    occurred_at: at("2026-03-10T06:00:00Z"),
    voyage_id: "voyage-456",
    vessel_id: "voyage-456",
    key_id: "key-beta",
    fleet_id: null,
  }),

  // Webhook deliveries: first-time successes, a retry then success, a rejection, exhaustion.
  attempt({
    name: "w1",
    delivery: "d-1",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a1",
    kind: RTC,
    voyage: "voyage-123",
    attempt: 1,
    outcome: "delivered",
    status: 200,
    error: null,
    planned: "2026-03-02T04:30:01.000Z",
    at: "2026-03-02T04:30:01.250Z",
    next: null,
  }),
  attempt({
    name: "w10",
    delivery: "d-8",
    subscription: "sub-4",
    key: "key-alpha",
    alert: "a1",
    kind: RTC,
    voyage: "voyage-123",
    attempt: 1,
    outcome: "delivered",
    status: 200,
    error: null,
    planned: "2026-03-02T04:30:01.000Z",
    at: "2026-03-02T04:30:03.000Z",
    next: null,
  }),
  attempt({
    name: "w5",
    delivery: "d-4",
    subscription: "sub-2",
    key: "key-beta",
    alert: "a2",
    kind: RTC,
    voyage: "voyage-456",
    attempt: 1,
    outcome: "retry",
    status: null,
    error: "connect ECONNREFUSED",
    planned: "2026-03-02T04:30:02.000Z",
    at: "2026-03-02T04:30:02.100Z",
    next: "2026-03-02T04:30:32.100Z",
  }),
  attempt({
    name: "w6",
    delivery: "d-4",
    subscription: "sub-2",
    key: "key-beta",
    alert: "a2",
    kind: RTC,
    voyage: "voyage-456",
    attempt: 2,
    outcome: "retry",
    status: 500,
    error: "HTTP 500",
    planned: "2026-03-02T04:30:02.000Z",
    at: "2026-03-02T04:30:32.200Z",
    next: "2026-03-02T04:31:32.200Z",
  }),
  attempt({
    name: "w7",
    delivery: "d-4",
    subscription: "sub-2",
    key: "key-beta",
    alert: "a2",
    kind: RTC,
    voyage: "voyage-456",
    attempt: 3,
    outcome: "retry",
    status: 502,
    error: "HTTP 502",
    planned: "2026-03-02T04:30:02.000Z",
    at: "2026-03-02T04:31:32.300Z",
    next: null,
  }),
  deadLetter({
    name: "dl2",
    delivery: "d-4",
    subscription: "sub-2",
    key: "key-beta",
    alert: "a2",
    kind: RTC,
    voyage: "voyage-456",
    reason: "attempts_exhausted",
    attempts: 3,
    lastStatus: 502,
    lastError: "HTTP 502",
    planned: "2026-03-02T04:30:02.000Z",
    at: "2026-03-02T04:31:32.350Z",
  }),
  attempt({
    name: "w9",
    delivery: "d-7",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a3",
    kind: RTC,
    voyage: "voyage-123",
    attempt: 1,
    outcome: "delivered",
    status: 204,
    error: null,
    planned: "2026-03-02T10:45:01.000Z",
    at: "2026-03-02T10:45:01.750Z",
    next: null,
  }),
  attempt({
    name: "w2",
    delivery: "d-2",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a5",
    kind: "voyage.advisory_changed",
    voyage: "voyage-123",
    attempt: 1,
    outcome: "retry",
    status: 503,
    error: "HTTP 503",
    planned: "2026-03-03T08:00:00.500Z",
    at: "2026-03-03T08:00:01.000Z",
    next: "2026-03-03T08:00:31.000Z",
  }),
  attempt({
    name: "w3",
    delivery: "d-2",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a5",
    kind: "voyage.advisory_changed",
    voyage: "voyage-123",
    attempt: 2,
    outcome: "delivered",
    status: 200,
    error: null,
    planned: "2026-03-03T08:00:00.500Z",
    at: "2026-03-03T08:00:31.000Z",
    next: null,
  }),
  attempt({
    name: "w4",
    delivery: "d-3",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a6",
    kind: "ensemble.ready",
    voyage: null,
    attempt: 1,
    outcome: "rejected",
    status: 400,
    error: "HTTP 400",
    planned: "2026-03-03T09:30:00.000Z",
    at: "2026-03-03T09:30:00.400Z",
    next: null,
  }),
  deadLetter({
    name: "dl1",
    delivery: "d-3",
    subscription: "sub-1",
    key: "key-alpha",
    alert: "a6",
    kind: "ensemble.ready",
    voyage: null,
    reason: "rejected",
    attempts: 1,
    lastStatus: 400,
    lastError: "HTTP 400",
    planned: "2026-03-03T09:30:00.000Z",
    at: "2026-03-03T09:30:00.450Z",
  }),
  deadLetter({
    name: "dl3",
    delivery: "d-6",
    subscription: "sub-3",
    key: null,
    alert: "a4",
    kind: RTC,
    voyage: "voyage-456",
    reason: "subscription_deleted",
    attempts: 0,
    lastStatus: null,
    lastError: null,
    planned: "2026-03-09T04:15:01.000Z",
    at: "2026-03-09T04:15:01.100Z",
  }),
  attempt({
    name: "w8",
    delivery: "d-5",
    subscription: "sub-2",
    key: "key-beta",
    alert: "a7",
    kind: "voyage.completed",
    voyage: "voyage-456",
    attempt: 1,
    outcome: "delivered",
    status: 204,
    error: null,
    planned: "2026-03-10T06:00:00.000Z",
    at: "2026-03-10T06:00:01.000Z",
    next: null,
  }),
];

/**
 * The upgrade: events that happened before 9 March are stored before the typed tables exist
 * (migration 003 backfills them); the rest arrive afterwards through the views.
 */
export const UPGRADE_AT = at("2026-03-09T00:00:00Z");

/** How many distinct events each typed table holds once every known event is stored. */
export const TYPED_ROWS: Readonly<Record<string, number>> = {
  voyage_scores: 13,
  route_risk_results: 3,
  alerts: 7,
  webhook_attempts: 10,
  webhook_dead_letters: 3,
  weather_cycles: 4,
};

/** The typed table each known event type fills. */
export const TYPED_TABLE_OF: Readonly<Record<string, string>> = {
  "voyagerisk.voyages.VoyageScored": "voyage_scores",
  "voyagerisk.voyages.RouteRiskResult": "route_risk_results",
  "voyagerisk.alerts.RiskThresholdCrossed": "alerts",
  "voyagerisk.alerts.AdvisoryChanged": "alerts",
  "voyagerisk.alerts.VoyageCompleted": "alerts",
  "voyagerisk.alerts.EnsembleReady": "alerts",
  "voyagerisk.webhooks.WebhookDeliveryAttempted": "webhook_attempts",
  "voyagerisk.webhooks.WebhookDeadLettered": "webhook_dead_letters",
  "voyagerisk.weather.WeatherCycleLanded": "weather_cycles",
};
