-- 003_typed_events: typed tables for data teams, one per kind of event, each filled from `events`
-- by a materialized view (so every writer of `events` fills them: the analytics sink, a replay, a
-- hand-made INSERT) and, for the events stored before this migration, by a backfill.
--
-- The tables (columns, meaning and sample queries in docs/analytics.md):
--   voyage_scores         VoyageScored (voyages.scores): every score, the unit of usage
--   route_risk_results    RouteRiskResult (voyages.scores): every route-risk answer, whole
--   alerts                RiskThresholdCrossed, AdvisoryChanged, VoyageCompleted, EnsembleReady
--                         (voyages.alerts): one row per alert, columns of other kinds NULL
--   webhook_attempts      WebhookDeliveryAttempted (webhooks.deliveries): every POST attempt
--   webhook_dead_letters  WebhookDeadLettered (webhooks.deliveries): every delivery given up
--   weather_cycles        WeatherCycleLanded (weather.cycles): every forecast cycle landed
--
-- Conventions (the same in every table):
-- * Columns are named after the Avro fields (schemas/avro), except where a name would be ambiguous
--   in a table of several kinds, is a ClickHouse keyword, or would hide a column of `events` in the
--   view's SELECT (an alias payload_json would); docs/analytics.md lists those.
-- * A time is two columns: `X` DateTime('UTC') (seconds, for grouping) and `X_ms` UInt64 (the
--   exact Avro timestamp-millis). ClickHouse 18.16 has no DateTime64.
-- * An Avro union with null is a Nullable column; so is a field another kind of event lacks
--   (alerts). Avro int is Int32, double Float64, boolean UInt8 (0/1).
-- * `ingested_at` is when the event reached `events` (the sink's write), for latencies.
-- * ReplacingMergeTree, ordered by columns the event id determines and ending with event_id, so
--   an event stored twice (a race between writers, an event republished later) collapses when
--   parts merge. Until then count with uniqExact(event_id), or read with FINAL.
--
-- How the views read the payload: visitParamExtract* (ClickHouse 18.16 has no JSONExtract). They
-- take the first `"name":` anywhere in the text, so they are exact here because the sink writes the
-- Avro record with its fields in schema order, field names are unique per schema, and the only
-- nested objects (VoyageScored.dimensions) use keys no later field has; JSON strings inside
-- strings (response_json, payload_json) are escaped and never match. A field absent or null reads
-- as '' from visitParamExtractRaw, hence the `IN ('', 'null')` tests for NULL. None of these
-- functions throws on any input: a view that threw would fail the INSERT into `events`.
--
-- Safe to run twice (a crash between applying and recording it re-runs it): IF NOT EXISTS, and
-- each backfill skips the events its table already holds. The view is created before the backfill,
-- so an event written meanwhile is in the table once by the view (the backfill skips it) or, in a
-- race, twice (collapsed like any duplicate).

CREATE TABLE IF NOT EXISTS voyage_scores
(
    event_id           String COMMENT 'Unique id of the event (derived for re-scores: a repeated re-score has the same id)',
    occurred_at        DateTime('UTC') COMMENT 'When the score was computed (a re-score: the landing time of its cycle), UTC seconds',
    occurred_at_ms     UInt64 COMMENT 'When the score was computed, ms since the Unix epoch',
    voyage_id          String COMMENT 'Id of the scoring run, the monitored voyage (monitoring, rescore) or the route (route-risk)',
    request_id         Nullable(String) COMMENT 'HTTP request id when scored on request; NULL for re-scores',
    key_id             Nullable(String) COMMENT 'API key id billed for the score; NULL for re-scores',
    interface          String COMMENT 'underwriting, route-risk, monitoring (registration score) or rescore',
    risk_index         Float64 COMMENT 'Voyage Severity Index (composite risk score for route-risk), 0-100 (Avro field index)',
    band               String COMMENT 'Named band of the index (Low, Moderate, Caution, High, Severe; lower case for route-risk)',
    sea_state_score    Nullable(Float64) COMMENT 'Sea-state sub-score, 0-100; NULL when the event has none',
    wind_score         Nullable(Float64) COMMENT 'Wind sub-score, 0-100; NULL when the event has none',
    drift_score        Nullable(Float64) COMMENT 'Drift (current and windage) sub-score, 0-100; NULL when the event has none',
    traffic_score      Nullable(Float64) COMMENT 'Traffic sub-score, 0-100; NULL when the event has none',
    grounding_score    Nullable(Float64) COMMENT 'Grounding sub-score, 0-100; NULL when the event has none',
    seasonal_score     Nullable(Float64) COMMENT 'Seasonal (climatology) sub-score, 0-100; NULL when the event has none',
    regulatory_score   Nullable(Float64) COMMENT 'Regulatory sub-score, 0-100; NULL when the event has none',
    confidence_low     Float64 COMMENT 'Lower bound of the index confidence interval (ensemble)',
    confidence_high    Float64 COMMENT 'Upper bound of the index confidence interval',
    weather_model      String COMMENT 'Weather model of the forecast cycle used',
    weather_cycle      DateTime('UTC') COMMENT 'Cycle (initialisation time) used, UTC seconds',
    weather_cycle_ms   UInt64 COMMENT 'Cycle used, ms since the Unix epoch',
    weather_synthetic  UInt8 COMMENT '1 when the weather was synthetic (not a real forecast)',
    departure          DateTime('UTC') COMMENT 'Departure time, UTC seconds',
    departure_ms       UInt64 COMMENT 'Departure time, ms since the Unix epoch',
    eta_p50            DateTime('UTC') COMMENT 'Median arrival, UTC seconds',
    eta_p50_ms         UInt64 COMMENT 'Median arrival, ms since the Unix epoch',
    eta_p90            DateTime('UTC') COMMENT '90th-percentile arrival, UTC seconds',
    eta_p90_ms         UInt64 COMMENT '90th-percentile arrival, ms since the Unix epoch',
    distance_nm        Float64 COMMENT 'Route distance, nautical miles',
    peak_hs_m          Float64 COMMENT 'Peak significant wave height met, m',
    peak_wind_kts      Float64 COMMENT 'Peak 10 m wind met, knots',
    vessel_type        String COMMENT 'Vessel type of the request',
    ingested_at        DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (interface, voyage_id, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS voyage_scores_from_events TO voyage_scores AS
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'voyage_id') AS voyage_id,
    if(visitParamExtractRaw(payload_json, 'request_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'request_id')) AS request_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'interface') AS interface,
    visitParamExtractFloat(payload_json, 'index') AS risk_index,
    visitParamExtractString(payload_json, 'band') AS band,
    if(visitParamExtractRaw(payload_json, 'sea_state') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'sea_state')) AS sea_state_score,
    if(visitParamExtractRaw(payload_json, 'wind') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'wind')) AS wind_score,
    if(visitParamExtractRaw(payload_json, 'drift') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'drift')) AS drift_score,
    if(visitParamExtractRaw(payload_json, 'traffic') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'traffic')) AS traffic_score,
    if(visitParamExtractRaw(payload_json, 'grounding') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'grounding')) AS grounding_score,
    if(visitParamExtractRaw(payload_json, 'seasonal') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'seasonal')) AS seasonal_score,
    if(visitParamExtractRaw(payload_json, 'regulatory') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'regulatory')) AS regulatory_score,
    visitParamExtractFloat(payload_json, 'confidence_low') AS confidence_low,
    visitParamExtractFloat(payload_json, 'confidence_high') AS confidence_high,
    visitParamExtractString(payload_json, 'weather_model') AS weather_model,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'weather_cycle'), 1000), 'UTC') AS weather_cycle,
    visitParamExtractUInt(payload_json, 'weather_cycle') AS weather_cycle_ms,
    visitParamExtractBool(payload_json, 'weather_synthetic') AS weather_synthetic,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'departure'), 1000), 'UTC') AS departure,
    visitParamExtractUInt(payload_json, 'departure') AS departure_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'eta_p50'), 1000), 'UTC') AS eta_p50,
    visitParamExtractUInt(payload_json, 'eta_p50') AS eta_p50_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'eta_p90'), 1000), 'UTC') AS eta_p90,
    visitParamExtractUInt(payload_json, 'eta_p90') AS eta_p90_ms,
    visitParamExtractFloat(payload_json, 'distance_nm') AS distance_nm,
    visitParamExtractFloat(payload_json, 'peak_hs_m') AS peak_hs_m,
    visitParamExtractFloat(payload_json, 'peak_wind_kts') AS peak_wind_kts,
    visitParamExtractString(payload_json, 'vessel_type') AS vessel_type,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.voyages.VoyageScored';

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO voyage_scores
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'voyage_id') AS voyage_id,
    if(visitParamExtractRaw(payload_json, 'request_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'request_id')) AS request_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'interface') AS interface,
    visitParamExtractFloat(payload_json, 'index') AS risk_index,
    visitParamExtractString(payload_json, 'band') AS band,
    if(visitParamExtractRaw(payload_json, 'sea_state') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'sea_state')) AS sea_state_score,
    if(visitParamExtractRaw(payload_json, 'wind') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'wind')) AS wind_score,
    if(visitParamExtractRaw(payload_json, 'drift') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'drift')) AS drift_score,
    if(visitParamExtractRaw(payload_json, 'traffic') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'traffic')) AS traffic_score,
    if(visitParamExtractRaw(payload_json, 'grounding') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'grounding')) AS grounding_score,
    if(visitParamExtractRaw(payload_json, 'seasonal') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'seasonal')) AS seasonal_score,
    if(visitParamExtractRaw(payload_json, 'regulatory') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'regulatory')) AS regulatory_score,
    visitParamExtractFloat(payload_json, 'confidence_low') AS confidence_low,
    visitParamExtractFloat(payload_json, 'confidence_high') AS confidence_high,
    visitParamExtractString(payload_json, 'weather_model') AS weather_model,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'weather_cycle'), 1000), 'UTC') AS weather_cycle,
    visitParamExtractUInt(payload_json, 'weather_cycle') AS weather_cycle_ms,
    visitParamExtractBool(payload_json, 'weather_synthetic') AS weather_synthetic,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'departure'), 1000), 'UTC') AS departure,
    visitParamExtractUInt(payload_json, 'departure') AS departure_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'eta_p50'), 1000), 'UTC') AS eta_p50,
    visitParamExtractUInt(payload_json, 'eta_p50') AS eta_p50_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'eta_p90'), 1000), 'UTC') AS eta_p90,
    visitParamExtractUInt(payload_json, 'eta_p90') AS eta_p90_ms,
    visitParamExtractFloat(payload_json, 'distance_nm') AS distance_nm,
    visitParamExtractFloat(payload_json, 'peak_hs_m') AS peak_hs_m,
    visitParamExtractFloat(payload_json, 'peak_wind_kts') AS peak_wind_kts,
    visitParamExtractString(payload_json, 'vessel_type') AS vessel_type,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.voyages.VoyageScored'
  AND event_id NOT IN (SELECT event_id FROM voyage_scores);


CREATE TABLE IF NOT EXISTS route_risk_results
(
    event_id        String COMMENT 'Unique id of the event',
    occurred_at     DateTime('UTC') COMMENT 'When the route was scored, UTC seconds',
    occurred_at_ms  UInt64 COMMENT 'When the route was scored, ms since the Unix epoch',
    route_id        String COMMENT 'The route id the API answered with (voyage_scores.voyage_id of its score)',
    request_id      Nullable(String) COMMENT 'HTTP request id',
    key_id          Nullable(String) COMMENT 'API key id that asked',
    objective       String COMMENT 'safest, fastest, most-comfortable or fuel-efficient',
    response_json   String COMMENT 'The response body as served (JSON): route, alternatives, segments, ensemble',
    ingested_at     DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (route_id, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS route_risk_results_from_events TO route_risk_results AS
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'route_id') AS route_id,
    if(visitParamExtractRaw(payload_json, 'request_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'request_id')) AS request_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'objective') AS objective,
    visitParamExtractString(payload_json, 'response_json') AS response_json,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.voyages.RouteRiskResult';

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO route_risk_results
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'route_id') AS route_id,
    if(visitParamExtractRaw(payload_json, 'request_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'request_id')) AS request_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'objective') AS objective,
    visitParamExtractString(payload_json, 'response_json') AS response_json,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.voyages.RouteRiskResult'
  AND event_id NOT IN (SELECT event_id FROM route_risk_results);

CREATE TABLE IF NOT EXISTS alerts
(
    event_id           String COMMENT 'Unique id of the alert, derived from what it is about: a repeated alert has the same id',
    event_type         String COMMENT 'voyagerisk.alerts.RiskThresholdCrossed, AdvisoryChanged, VoyageCompleted or EnsembleReady',
    occurred_at        DateTime('UTC') COMMENT 'When it happened (a threshold crossing: the landing time of the cycle), UTC seconds',
    occurred_at_ms     UInt64 COMMENT 'When it happened, ms since the Unix epoch',
    voyage_id          Nullable(String) COMMENT 'The monitored voyage; NULL for EnsembleReady',
    vessel_id          Nullable(String) COMMENT 'The vessel (IMO number when registered with one); NULL for EnsembleReady',
    key_id             Nullable(String) COMMENT 'Key that registered the voyage or asked for the analysis; its webhooks receive the alert',
    fleet_id           Nullable(String) COMMENT 'Fleet of the voyage or analysis, when given',
    risk_band_was      Nullable(String) COMMENT 'RiskThresholdCrossed: band at the previous score',
    risk_band_now      Nullable(String) COMMENT 'RiskThresholdCrossed: band at this score',
    trigger_field      Nullable(String) COMMENT 'RiskThresholdCrossed: index (band or index threshold), wind_kts or wave_m',
    trigger_threshold  Nullable(Float64) COMMENT 'RiskThresholdCrossed: the threshold or band boundary crossed',
    trigger_observed   Nullable(Float64) COMMENT 'RiskThresholdCrossed: the value observed ahead (peak wind, knots, or Hs, m, or the index)',
    trigger_lat        Nullable(Float64) COMMENT 'RiskThresholdCrossed: latitude of the observed value on the route ahead, degrees',
    trigger_lon        Nullable(Float64) COMMENT 'RiskThresholdCrossed: longitude of the observed value on the route ahead, degrees',
    weather_model      Nullable(String) COMMENT 'RiskThresholdCrossed: model of the cycle',
    weather_cycle      Nullable(DateTime('UTC')) COMMENT 'RiskThresholdCrossed: the cycle, UTC seconds',
    weather_cycle_ms   Nullable(UInt64) COMMENT 'RiskThresholdCrossed: the cycle, ms since the Unix epoch',
    advisory_id        Nullable(String) COMMENT 'AdvisoryChanged: the advisory',
    advisory_change    Nullable(String) COMMENT 'AdvisoryChanged: issued, changed or withdrawn (Avro field change)',
    advisory_kind      Nullable(String) COMMENT 'AdvisoryChanged: atba (area to be avoided) or ntm (Notice to Mariners)',
    advisory_title     Nullable(String) COMMENT 'AdvisoryChanged: the advisory title (Avro field title)',
    entry_lat          Nullable(Float64) COMMENT 'AdvisoryChanged: latitude where the remaining route enters the area, degrees',
    entry_lon          Nullable(Float64) COMMENT 'AdvisoryChanged: longitude where the remaining route enters the area, degrees',
    analysis_id        Nullable(String) COMMENT 'EnsembleReady: the ensemble analysis',
    analysis_status    Nullable(String) COMMENT 'EnsembleReady: ready or failed (Avro field status)',
    result_url         Nullable(String) COMMENT 'EnsembleReady: where the asking key reads the result',
    ingested_at        DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (event_type, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS alerts_from_events TO alerts AS
SELECT
    event_id,
    event_type,
    occurred_at,
    occurred_at_ms,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    if(visitParamExtractRaw(payload_json, 'vessel_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'vessel_id')) AS vessel_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    if(visitParamExtractRaw(payload_json, 'fleet_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'fleet_id')) AS fleet_id,
    if(visitParamExtractRaw(payload_json, 'risk_band_was') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'risk_band_was')) AS risk_band_was,
    if(visitParamExtractRaw(payload_json, 'risk_band_now') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'risk_band_now')) AS risk_band_now,
    if(visitParamExtractRaw(payload_json, 'trigger_field') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'trigger_field')) AS trigger_field,
    if(visitParamExtractRaw(payload_json, 'trigger_threshold') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_threshold')) AS trigger_threshold,
    if(visitParamExtractRaw(payload_json, 'trigger_observed') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_observed')) AS trigger_observed,
    if(visitParamExtractRaw(payload_json, 'trigger_lat') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_lat')) AS trigger_lat,
    if(visitParamExtractRaw(payload_json, 'trigger_lon') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_lon')) AS trigger_lon,
    if(visitParamExtractRaw(payload_json, 'weather_model') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'weather_model')) AS weather_model,
    if(visitParamExtractRaw(payload_json, 'weather_cycle') IN ('', 'null'), NULL, toDateTime(intDiv(visitParamExtractUInt(payload_json, 'weather_cycle'), 1000), 'UTC')) AS weather_cycle,
    if(visitParamExtractRaw(payload_json, 'weather_cycle') IN ('', 'null'), NULL, visitParamExtractUInt(payload_json, 'weather_cycle')) AS weather_cycle_ms,
    if(visitParamExtractRaw(payload_json, 'advisory_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'advisory_id')) AS advisory_id,
    if(visitParamExtractRaw(payload_json, 'change') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'change')) AS advisory_change,
    if(visitParamExtractRaw(payload_json, 'advisory_kind') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'advisory_kind')) AS advisory_kind,
    if(visitParamExtractRaw(payload_json, 'title') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'title')) AS advisory_title,
    if(visitParamExtractRaw(payload_json, 'entry_lat') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'entry_lat')) AS entry_lat,
    if(visitParamExtractRaw(payload_json, 'entry_lon') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'entry_lon')) AS entry_lon,
    if(visitParamExtractRaw(payload_json, 'analysis_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'analysis_id')) AS analysis_id,
    if(visitParamExtractRaw(payload_json, 'status') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'status')) AS analysis_status,
    if(visitParamExtractRaw(payload_json, 'result_url') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'result_url')) AS result_url,
    ingested_at
FROM events
WHERE event_type IN ('voyagerisk.alerts.RiskThresholdCrossed', 'voyagerisk.alerts.AdvisoryChanged',
                     'voyagerisk.alerts.VoyageCompleted', 'voyagerisk.alerts.EnsembleReady');

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO alerts
SELECT
    event_id,
    event_type,
    occurred_at,
    occurred_at_ms,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    if(visitParamExtractRaw(payload_json, 'vessel_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'vessel_id')) AS vessel_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    if(visitParamExtractRaw(payload_json, 'fleet_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'fleet_id')) AS fleet_id,
    if(visitParamExtractRaw(payload_json, 'risk_band_was') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'risk_band_was')) AS risk_band_was,
    if(visitParamExtractRaw(payload_json, 'risk_band_now') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'risk_band_now')) AS risk_band_now,
    if(visitParamExtractRaw(payload_json, 'trigger_field') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'trigger_field')) AS trigger_field,
    if(visitParamExtractRaw(payload_json, 'trigger_threshold') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_threshold')) AS trigger_threshold,
    if(visitParamExtractRaw(payload_json, 'trigger_observed') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_observed')) AS trigger_observed,
    if(visitParamExtractRaw(payload_json, 'trigger_lat') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_lat')) AS trigger_lat,
    if(visitParamExtractRaw(payload_json, 'trigger_lon') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'trigger_lon')) AS trigger_lon,
    if(visitParamExtractRaw(payload_json, 'weather_model') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'weather_model')) AS weather_model,
    if(visitParamExtractRaw(payload_json, 'weather_cycle') IN ('', 'null'), NULL, toDateTime(intDiv(visitParamExtractUInt(payload_json, 'weather_cycle'), 1000), 'UTC')) AS weather_cycle,
    if(visitParamExtractRaw(payload_json, 'weather_cycle') IN ('', 'null'), NULL, visitParamExtractUInt(payload_json, 'weather_cycle')) AS weather_cycle_ms,
    if(visitParamExtractRaw(payload_json, 'advisory_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'advisory_id')) AS advisory_id,
    if(visitParamExtractRaw(payload_json, 'change') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'change')) AS advisory_change,
    if(visitParamExtractRaw(payload_json, 'advisory_kind') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'advisory_kind')) AS advisory_kind,
    if(visitParamExtractRaw(payload_json, 'title') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'title')) AS advisory_title,
    if(visitParamExtractRaw(payload_json, 'entry_lat') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'entry_lat')) AS entry_lat,
    if(visitParamExtractRaw(payload_json, 'entry_lon') IN ('', 'null'), NULL, visitParamExtractFloat(payload_json, 'entry_lon')) AS entry_lon,
    if(visitParamExtractRaw(payload_json, 'analysis_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'analysis_id')) AS analysis_id,
    if(visitParamExtractRaw(payload_json, 'status') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'status')) AS analysis_status,
    if(visitParamExtractRaw(payload_json, 'result_url') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'result_url')) AS result_url,
    ingested_at
FROM events
WHERE event_type IN ('voyagerisk.alerts.RiskThresholdCrossed', 'voyagerisk.alerts.AdvisoryChanged',
                     'voyagerisk.alerts.VoyageCompleted', 'voyagerisk.alerts.EnsembleReady')
  AND event_id NOT IN (SELECT event_id FROM alerts);

CREATE TABLE IF NOT EXISTS webhook_attempts
(
    event_id            String COMMENT 'Unique id of the attempt, derived from (delivery_id, attempt): an attempt repeated after a crash has the same id',
    occurred_at         DateTime('UTC') COMMENT 'When the attempt was made (signing time), UTC seconds',
    occurred_at_ms      UInt64 COMMENT 'When the attempt was made, ms since the Unix epoch',
    delivery_id         String COMMENT 'One alert to one subscription, the same for each of its attempts (header Voyage-Risk-Delivery-Id)',
    subscription_id     String COMMENT 'The webhook subscription',
    key_id              Nullable(String) COMMENT 'API key owning the subscription',
    alert_event_id      String COMMENT 'The alert delivered (alerts.event_id)',
    event_kind          String COMMENT 'voyage.risk_threshold_crossed, voyage.advisory_changed, voyage.completed or ensemble.ready',
    voyage_id           Nullable(String) COMMENT 'The voyage the alert is about, when it is about one',
    attempt             Int32 COMMENT '1 for the first attempt',
    outcome             String COMMENT 'delivered (2xx), retry (408, 429, 5xx, network error, time-out), gone (410), rejected (other status) or refused (destination not allowed: nothing sent)',
    status              Nullable(Int32) COMMENT 'HTTP status of the answer; NULL when none came',
    duration_ms         Int32 COMMENT 'From the destination check to the end of the answer, ms',
    error               Nullable(String) COMMENT 'Why it was not delivered; NULL when delivered',
    next_attempt_at     Nullable(DateTime('UTC')) COMMENT 'When the next attempt is due, UTC seconds; NULL when this was the last',
    next_attempt_at_ms  Nullable(UInt64) COMMENT 'When the next attempt is due, ms since the Unix epoch; NULL when this was the last',
    planned_at          DateTime('UTC') COMMENT 'When the delivery was planned (the alert consumed), UTC seconds',
    planned_at_ms       UInt64 COMMENT 'When the delivery was planned, ms since the Unix epoch',
    ingested_at         DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(planned_at)
ORDER BY (subscription_id, delivery_id, attempt, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS webhook_attempts_from_events TO webhook_attempts AS
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'delivery_id') AS delivery_id,
    visitParamExtractString(payload_json, 'subscription_id') AS subscription_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'alert_event_id') AS alert_event_id,
    visitParamExtractString(payload_json, 'event_kind') AS event_kind,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    toInt32(visitParamExtractInt(payload_json, 'attempt')) AS attempt,
    visitParamExtractString(payload_json, 'outcome') AS outcome,
    if(visitParamExtractRaw(payload_json, 'status') IN ('', 'null'), NULL, toInt32(visitParamExtractInt(payload_json, 'status'))) AS status,
    toInt32(visitParamExtractInt(payload_json, 'duration_ms')) AS duration_ms,
    if(visitParamExtractRaw(payload_json, 'error') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'error')) AS error,
    if(visitParamExtractRaw(payload_json, 'next_attempt_at') IN ('', 'null'), NULL, toDateTime(intDiv(visitParamExtractUInt(payload_json, 'next_attempt_at'), 1000), 'UTC')) AS next_attempt_at,
    if(visitParamExtractRaw(payload_json, 'next_attempt_at') IN ('', 'null'), NULL, visitParamExtractUInt(payload_json, 'next_attempt_at')) AS next_attempt_at_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'planned_at'), 1000), 'UTC') AS planned_at,
    visitParamExtractUInt(payload_json, 'planned_at') AS planned_at_ms,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.webhooks.WebhookDeliveryAttempted';

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO webhook_attempts
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'delivery_id') AS delivery_id,
    visitParamExtractString(payload_json, 'subscription_id') AS subscription_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'alert_event_id') AS alert_event_id,
    visitParamExtractString(payload_json, 'event_kind') AS event_kind,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    toInt32(visitParamExtractInt(payload_json, 'attempt')) AS attempt,
    visitParamExtractString(payload_json, 'outcome') AS outcome,
    if(visitParamExtractRaw(payload_json, 'status') IN ('', 'null'), NULL, toInt32(visitParamExtractInt(payload_json, 'status'))) AS status,
    toInt32(visitParamExtractInt(payload_json, 'duration_ms')) AS duration_ms,
    if(visitParamExtractRaw(payload_json, 'error') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'error')) AS error,
    if(visitParamExtractRaw(payload_json, 'next_attempt_at') IN ('', 'null'), NULL, toDateTime(intDiv(visitParamExtractUInt(payload_json, 'next_attempt_at'), 1000), 'UTC')) AS next_attempt_at,
    if(visitParamExtractRaw(payload_json, 'next_attempt_at') IN ('', 'null'), NULL, visitParamExtractUInt(payload_json, 'next_attempt_at')) AS next_attempt_at_ms,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'planned_at'), 1000), 'UTC') AS planned_at,
    visitParamExtractUInt(payload_json, 'planned_at') AS planned_at_ms,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.webhooks.WebhookDeliveryAttempted'
  AND event_id NOT IN (SELECT event_id FROM webhook_attempts);

CREATE TABLE IF NOT EXISTS webhook_dead_letters
(
    event_id             String COMMENT 'Unique id of the dead letter, derived from the delivery: one per delivery',
    occurred_at          DateTime('UTC') COMMENT 'When the delivery was given up, UTC seconds',
    occurred_at_ms       UInt64 COMMENT 'When the delivery was given up, ms since the Unix epoch',
    delivery_id          String COMMENT 'The delivery (webhook_attempts.delivery_id)',
    subscription_id      String COMMENT 'The webhook subscription',
    key_id               Nullable(String) COMMENT 'API key owning the subscription, when it still existed',
    alert_event_id       String COMMENT 'The alert not delivered (alerts.event_id)',
    event_kind           String COMMENT 'The webhook event kind',
    voyage_id            Nullable(String) COMMENT 'The voyage the alert is about, when it is about one',
    reason               String COMMENT 'attempts_exhausted, rejected, refused, gone, subscription_deleted or subscription_disabled',
    attempts             Int32 COMMENT 'Attempts made',
    last_status          Nullable(Int32) COMMENT 'HTTP status of the last answer; NULL when none came',
    last_error           Nullable(String) COMMENT 'Why the last attempt failed; NULL when no attempt was made',
    webhook_payload_json String COMMENT 'The webhook payload as planned (without delivered_at and signature): what a replay would sign and send (Avro field payload_json)',
    planned_at           DateTime('UTC') COMMENT 'When the delivery was planned, UTC seconds',
    planned_at_ms        UInt64 COMMENT 'When the delivery was planned, ms since the Unix epoch',
    ingested_at          DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(planned_at)
ORDER BY (subscription_id, delivery_id, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS webhook_dead_letters_from_events TO webhook_dead_letters AS
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'delivery_id') AS delivery_id,
    visitParamExtractString(payload_json, 'subscription_id') AS subscription_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'alert_event_id') AS alert_event_id,
    visitParamExtractString(payload_json, 'event_kind') AS event_kind,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    visitParamExtractString(payload_json, 'reason') AS reason,
    toInt32(visitParamExtractInt(payload_json, 'attempts')) AS attempts,
    if(visitParamExtractRaw(payload_json, 'last_status') IN ('', 'null'), NULL, toInt32(visitParamExtractInt(payload_json, 'last_status'))) AS last_status,
    if(visitParamExtractRaw(payload_json, 'last_error') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'last_error')) AS last_error,
    visitParamExtractString(payload_json, 'payload_json') AS webhook_payload_json,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'planned_at'), 1000), 'UTC') AS planned_at,
    visitParamExtractUInt(payload_json, 'planned_at') AS planned_at_ms,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.webhooks.WebhookDeadLettered';

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO webhook_dead_letters
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'delivery_id') AS delivery_id,
    visitParamExtractString(payload_json, 'subscription_id') AS subscription_id,
    if(visitParamExtractRaw(payload_json, 'key_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'key_id')) AS key_id,
    visitParamExtractString(payload_json, 'alert_event_id') AS alert_event_id,
    visitParamExtractString(payload_json, 'event_kind') AS event_kind,
    if(visitParamExtractRaw(payload_json, 'voyage_id') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'voyage_id')) AS voyage_id,
    visitParamExtractString(payload_json, 'reason') AS reason,
    toInt32(visitParamExtractInt(payload_json, 'attempts')) AS attempts,
    if(visitParamExtractRaw(payload_json, 'last_status') IN ('', 'null'), NULL, toInt32(visitParamExtractInt(payload_json, 'last_status'))) AS last_status,
    if(visitParamExtractRaw(payload_json, 'last_error') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'last_error')) AS last_error,
    visitParamExtractString(payload_json, 'payload_json') AS webhook_payload_json,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'planned_at'), 1000), 'UTC') AS planned_at,
    visitParamExtractUInt(payload_json, 'planned_at') AS planned_at_ms,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.webhooks.WebhookDeadLettered'
  AND event_id NOT IN (SELECT event_id FROM webhook_dead_letters);

CREATE TABLE IF NOT EXISTS weather_cycles
(
    event_id        String COMMENT 'Unique id of the event, derived from (model, cycle_time): a cycle landed twice has the same id',
    occurred_at     DateTime('UTC') COMMENT 'When the cycle was registered (landed), UTC seconds',
    occurred_at_ms  UInt64 COMMENT 'When the cycle was registered, ms since the Unix epoch',
    model           String COMMENT 'Weather model, e.g. gefs, gfs-wave, ecmwf-ens, synthetic',
    cycle_time      DateTime('UTC') COMMENT 'Model initialisation time (00/06/12/18 UTC)',
    cycle_time_ms   UInt64 COMMENT 'Model initialisation time, ms since the Unix epoch',
    members         Int32 COMMENT 'Ensemble members in the cycle (1 for a deterministic model)',
    resolution_deg  Float64 COMMENT 'Grid spacing, degrees',
    horizon_h       Int32 COMMENT 'Forecast horizon, hours after cycle_time',
    synthetic       UInt8 COMMENT '1 when the cycle comes from the synthetic weather model, not a real forecast',
    source          Nullable(String) COMMENT 'Where the cycle came from (file set or generator), for provenance',
    ingested_at     DateTime('UTC') COMMENT 'When the event was written to ClickHouse (events.ingested_at), UTC'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(cycle_time)
ORDER BY (model, cycle_time, event_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS weather_cycles_from_events TO weather_cycles AS
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'model') AS model,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'cycle_time'), 1000), 'UTC') AS cycle_time,
    visitParamExtractUInt(payload_json, 'cycle_time') AS cycle_time_ms,
    toInt32(visitParamExtractInt(payload_json, 'members')) AS members,
    visitParamExtractFloat(payload_json, 'resolution_deg') AS resolution_deg,
    toInt32(visitParamExtractInt(payload_json, 'horizon_h')) AS horizon_h,
    visitParamExtractBool(payload_json, 'synthetic') AS synthetic,
    if(visitParamExtractRaw(payload_json, 'source') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'source')) AS source,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.weather.WeatherCycleLanded';

-- Backfill: the events stored before this migration (and not yet in the table).
INSERT INTO weather_cycles
SELECT
    event_id,
    occurred_at,
    occurred_at_ms,
    visitParamExtractString(payload_json, 'model') AS model,
    toDateTime(intDiv(visitParamExtractUInt(payload_json, 'cycle_time'), 1000), 'UTC') AS cycle_time,
    visitParamExtractUInt(payload_json, 'cycle_time') AS cycle_time_ms,
    toInt32(visitParamExtractInt(payload_json, 'members')) AS members,
    visitParamExtractFloat(payload_json, 'resolution_deg') AS resolution_deg,
    toInt32(visitParamExtractInt(payload_json, 'horizon_h')) AS horizon_h,
    visitParamExtractBool(payload_json, 'synthetic') AS synthetic,
    if(visitParamExtractRaw(payload_json, 'source') IN ('', 'null'), NULL, visitParamExtractString(payload_json, 'source')) AS source,
    ingested_at
FROM events
WHERE event_type = 'voyagerisk.weather.WeatherCycleLanded'
  AND event_id NOT IN (SELECT event_id FROM weather_cycles);
