-- 001_events: every event that passed through the platform's Kafka topics, one row per event.
--
-- Table `events` (for data teams; ClickHouse 18.16 has no table COMMENT, so it is described here
-- and in schemas/clickhouse/README.md; column comments are real COMMENTs, see system.columns).
--
-- * One logical row per event_id. Redeliveries are skipped by the writer, and the same event always
--   has the same topic and occurred_at, so ReplacingMergeTree collapses any duplicate that slips
--   through a race when parts merge. Until then, count with uniqExact(event_id) or read with FINAL.
-- * `key`, `partition` and `offset` are keywords in some positions: backquote them in queries.
-- * occurred_at is derived from occurred_at_ms (DEFAULT), so the two always agree.
--
-- Statements run in the configured database (CLICKHOUSE_DATABASE). Every statement must be safe to
-- run twice (IF NOT EXISTS): a crash between applying a migration and recording it re-runs it.

CREATE TABLE IF NOT EXISTS events
(
    event_id       String COMMENT 'Unique id of the event (idempotency key)',
    event_type     String COMMENT 'Avro record full name, e.g. voyagerisk.weather.WeatherCycleLanded',
    topic          String COMMENT 'Kafka topic the event was read from',
    `key`          String COMMENT 'Kafka message key, e.g. the voyage id; empty when the message had none',
    occurred_at    DateTime('UTC') DEFAULT toDateTime(intDiv(occurred_at_ms, 1000), 'UTC') COMMENT 'Event time (UTC, seconds), derived from occurred_at_ms',
    occurred_at_ms UInt64 COMMENT 'Event time, milliseconds since the Unix epoch (UTC)',
    `partition`    UInt32 COMMENT 'Kafka partition the event was read from',
    `offset`       UInt64 COMMENT 'Kafka offset within the partition',
    schema_id      UInt32 COMMENT 'Schema Registry id of the Avro schema the event was written with',
    payload_json   String COMMENT 'The decoded Avro record as JSON',
    ingested_at    DateTime('UTC') DEFAULT now() COMMENT 'When the row was written to ClickHouse (UTC)'
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(occurred_at)
ORDER BY (topic, occurred_at, event_id);
