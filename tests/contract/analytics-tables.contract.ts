import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClickHouseClient } from "@clickhouse/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClickHouseAnalytics } from "../../services/platform/analytics/clickhouse";
import { QUERY_SETTINGS } from "../../services/platform/analytics/clickhouse-client";
import {
  DEFAULT_MIGRATIONS_DIR,
  loadMigrations,
} from "../../services/platform/analytics/migrations";
import type { EventRow } from "../../services/platform/analytics/port";
import { SinkWriter, toEventRow } from "../../streams/analytics/sink-writer";
import { ANALYTICS_DOC, analyticsDocQueries } from "../docs-sql";
import {
  ADVISORY_TITLE,
  KNOWN_EVENTS,
  TYPED_ROWS,
  TYPED_TABLE_OF,
  UPGRADE_AT,
} from "./analytics-tables.events";

/**
 * The typed analytics tables (schemas/clickhouse/003_typed_events.sql) and every query of
 * docs/analytics.md, on one ClickHouse engine: Debian's 18.16 server (integration) and chDB's
 * current ClickHouse (unit), so the DDL and the documented SQL hold on both.
 *
 * The known events go in the way the platform writes them: the analytics sink's writer into
 * `events` through the ClickHouse adapter. Those before UPGRADE_AT are written while only
 * migrations 001-002 exist, then the adapter migrates (003 creates the tables and views and
 * backfills), the rest follow, and every early event is written again by a second writer that
 * skips the lookup (a race the sink cannot see), so every early event is in each typed table
 * twice, once from the backfill and once from the view, unmerged: the queries must not count it
 * twice.
 */

export interface TablesEngine {
  /** The engine's version string, for the report. */
  version: string;
  /** A new ClickHouse adapter on the engine, applying the migrations found in `migrationsDir`. */
  store(migrationsDir?: string): ClickHouseAnalytics;
  /** A client on the same database, for the queries. */
  client: ClickHouseClient;
}

interface JsonResult {
  meta: { name: string; type: string }[];
  data: Record<string, unknown>[];
}

/**
 * Rows with 64-bit integers as numbers: 18.16 writes them as JSON strings, current releases as
 * numbers (output_format_json_quote_64bit_integers changed its default).
 */
async function rowsOf(client: ClickHouseClient, query: string): Promise<Record<string, unknown>[]> {
  const result = await client.query({
    query,
    format: "JSON",
    clickhouse_settings: QUERY_SETTINGS,
  });
  const { meta, data } = (await result.json()) as JsonResult;
  const integer = new Set(meta.filter((m) => /Int(8|16|32|64)\b/.test(m.type)).map((m) => m.name));
  const asNumber = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(asNumber) : typeof v === "string" ? Number(v) : v;
  return data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, integer.has(k) ? asNumber(v) : v])),
  );
}

/** The expected answer of each docs query, worked out by hand from the known events. */
const ANSWERS: Record<string, Record<string, unknown>[]> = {
  "events-per-topic-and-day": [
    { topic: "voyages.alerts", day: "2026-03-02", events: 3 },
    { topic: "voyages.scores", day: "2026-03-02", events: 6 },
    { topic: "weather.cycles", day: "2026-03-02", events: 3 },
    { topic: "webhooks.deliveries", day: "2026-03-02", events: 7 },
    { topic: "voyages.alerts", day: "2026-03-03", events: 2 },
    { topic: "voyages.scores", day: "2026-03-03", events: 3 },
    { topic: "webhooks.deliveries", day: "2026-03-03", events: 4 },
    { topic: "voyages.scores", day: "2026-03-04", events: 2 },
    { topic: "voyages.alerts", day: "2026-03-09", events: 1 },
    { topic: "voyages.scores", day: "2026-03-09", events: 2 },
    { topic: "weather.cycles", day: "2026-03-09", events: 1 },
    { topic: "webhooks.deliveries", day: "2026-03-09", events: 1 },
    { topic: "voyages.alerts", day: "2026-03-10", events: 1 },
    { topic: "voyages.scores", day: "2026-03-10", events: 2 },
    { topic: "webhooks.deliveries", day: "2026-03-10", events: 1 },
    { topic: "voyages.scores", day: "2026-04-01", events: 1 },
  ],
  "latest-events-of-a-voyage": [
    {
      occurred_at_ms: Date.parse("2026-03-03T08:00:00Z"),
      topic: "voyages.alerts",
      event_type: "voyagerisk.alerts.AdvisoryChanged",
    },
    {
      occurred_at_ms: Date.parse("2026-03-02T10:45:00Z"),
      topic: "voyages.alerts",
      event_type: "voyagerisk.alerts.RiskThresholdCrossed",
    },
    {
      occurred_at_ms: Date.parse("2026-03-02T10:45:00Z"),
      topic: "voyages.scores",
      event_type: "voyagerisk.voyages.VoyageScored",
    },
    {
      occurred_at_ms: Date.parse("2026-03-02T04:30:00Z"),
      topic: "voyages.alerts",
      event_type: "voyagerisk.alerts.RiskThresholdCrossed",
    },
    {
      occurred_at_ms: Date.parse("2026-03-02T04:30:00Z"),
      topic: "voyages.scores",
      event_type: "voyagerisk.voyages.VoyageScored",
    },
    {
      occurred_at_ms: Date.parse("2026-03-02T02:00:00Z"),
      topic: "voyages.scores",
      event_type: "voyagerisk.voyages.VoyageScored",
    },
  ],
  "scores-per-interface-and-band": [
    { interface: "monitoring", band: "Caution", scores: 1, mean_index: 50 },
    { interface: "monitoring", band: "Moderate", scores: 1, mean_index: 38 },
    { interface: "rescore", band: "Caution", scores: 2, mean_index: 50 },
    { interface: "rescore", band: "High", scores: 2, mean_index: 67.5 },
    { interface: "route-risk", band: "low", scores: 1, mean_index: 12 },
    { interface: "route-risk", band: "moderate", scores: 2, mean_index: 25 },
    { interface: "underwriting", band: "Caution", scores: 1, mean_index: 44.4 },
    { interface: "underwriting", band: "High", scores: 1, mean_index: 62.5 },
    { interface: "underwriting", band: "Low", scores: 1, mean_index: 15 },
    { interface: "underwriting", band: "Moderate", scores: 1, mean_index: 35.2 },
  ],
  "score-history-of-a-voyage": [
    {
      occurred_at: "2026-03-02 10:45:00",
      interface: "rescore",
      risk_index: 45,
      band: "Caution",
      weather_model: "gefs",
      weather_cycle: "2026-03-02 06:00:00",
    },
    {
      occurred_at: "2026-03-02 04:30:00",
      interface: "rescore",
      risk_index: 65,
      band: "High",
      weather_model: "gefs",
      weather_cycle: "2026-03-02 00:00:00",
    },
    {
      occurred_at: "2026-03-02 02:00:00",
      interface: "monitoring",
      risk_index: 38,
      band: "Moderate",
      weather_model: "synthetic",
      weather_cycle: "2026-03-02 00:00:00",
    },
  ],
  "voyages-scored-per-key-and-month": [
    { key_id: "key-alpha", month: "2026-03-01", interface: "monitoring", voyages: 1 },
    { key_id: "key-alpha", month: "2026-03-01", interface: "route-risk", voyages: 2 },
    { key_id: "key-alpha", month: "2026-03-01", interface: "underwriting", voyages: 2 },
    { key_id: "key-beta", month: "2026-03-01", interface: "monitoring", voyages: 1 },
    { key_id: "key-beta", month: "2026-03-01", interface: "route-risk", voyages: 1 },
    { key_id: "key-beta", month: "2026-03-01", interface: "underwriting", voyages: 1 },
    { key_id: "key-beta", month: "2026-04-01", interface: "underwriting", voyages: 1 },
  ],
  "route-risk-per-objective-and-band": [
    { objective: "fastest", band: "low", routes: 1, mean_distance_nm: 900 },
    { objective: "safest", band: "moderate", routes: 2, mean_distance_nm: 1800 },
  ],
  "band-changes-per-fleet-week": [
    { fleet_id: "north-sea", week: "2026-03-02", band_changes: 2 },
    { fleet_id: null, week: "2026-03-09", band_changes: 1 },
  ],
  "alerts-per-kind-per-day": [
    { day: "2026-03-02", event_type: "voyagerisk.alerts.RiskThresholdCrossed", alerts: 3 },
    { day: "2026-03-03", event_type: "voyagerisk.alerts.AdvisoryChanged", alerts: 1 },
    { day: "2026-03-03", event_type: "voyagerisk.alerts.EnsembleReady", alerts: 1 },
    { day: "2026-03-09", event_type: "voyagerisk.alerts.RiskThresholdCrossed", alerts: 1 },
    { day: "2026-03-10", event_type: "voyagerisk.alerts.VoyageCompleted", alerts: 1 },
  ],
  "cycle-landing-delay": [
    { model: "gefs", cycles: 3, min_hours: 4.25, max_hours: 4.75, synthetic: 0 },
    { model: "synthetic", cycles: 1, min_hours: 0.08, max_hours: 0.08, synthetic: 1 },
  ],
  // last_written is when the test wrote the re-scores: checked apart (see below).
  "rescore-latency-per-cycle": [
    { model: "gefs", cycle: "2026-03-02 00:00:00", landed: "2026-03-02 04:30:00", rescored: 2 },
    { model: "gefs", cycle: "2026-03-02 06:00:00", landed: "2026-03-02 10:45:00", rescored: 1 },
    { model: "gefs", cycle: "2026-03-09 00:00:00", landed: "2026-03-09 04:15:00", rescored: 1 },
  ],
  "delivery-success-rate": [
    {
      subscription_id: "sub-1",
      day: "2026-03-02",
      deliveries: 2,
      delivered: 2,
      first_time: 2,
      success_rate: 1,
      first_attempt_rate: 1,
    },
    {
      subscription_id: "sub-2",
      day: "2026-03-02",
      deliveries: 1,
      delivered: 0,
      first_time: 0,
      success_rate: 0,
      first_attempt_rate: 0,
    },
    {
      subscription_id: "sub-4",
      day: "2026-03-02",
      deliveries: 1,
      delivered: 1,
      first_time: 1,
      success_rate: 1,
      first_attempt_rate: 1,
    },
    {
      subscription_id: "sub-1",
      day: "2026-03-03",
      deliveries: 2,
      delivered: 1,
      first_time: 0,
      success_rate: 0.5,
      first_attempt_rate: 0,
    },
    {
      subscription_id: "sub-2",
      day: "2026-03-10",
      deliveries: 1,
      delivered: 1,
      first_time: 1,
      success_rate: 1,
      first_attempt_rate: 1,
    },
  ],
  "delivery-latency": [
    { day: "2026-03-02", delivered: 3, seconds_p50_p95_p99: [0.75, 2, 2] },
    { day: "2026-03-03", delivered: 1, seconds_p50_p95_p99: [30.5, 30.5, 30.5] },
    { day: "2026-03-10", delivered: 1, seconds_p50_p95_p99: [1, 1, 1] },
  ],
  "dead-letters-per-reason": [
    { reason: "attempts_exhausted", subscription_id: "sub-2", dead_letters: 1 },
    { reason: "rejected", subscription_id: "sub-1", dead_letters: 1 },
    { reason: "subscription_deleted", subscription_id: "sub-3", dead_letters: 1 },
  ],
};

const TYPED_TABLES = Object.keys(TYPED_ROWS);

/** "YYYY-MM-DD hh:mm:ss" (a UTC DateTime as ClickHouse writes it) as epoch seconds. */
const epochSeconds = (text: unknown) => Date.parse(`${String(text).replace(" ", "T")}Z`) / 1000;

export function analyticsTablesContract(
  name: string,
  open: () => Promise<TablesEngine>,
  close: () => Promise<void>,
): void {
  describe(`typed analytics tables and docs/analytics.md queries: ${name}`, () => {
    let engine: TablesEngine;
    let store: ClickHouseAnalytics;
    let stagedDir: string;
    let upgrade: { applied: number[]; current: number };
    let expectedUpgrade: number[];
    /** When the test wrote the events, whole seconds (ingested_at has seconds). */
    let writtenFrom = 0;
    let writtenTo = 0;
    const early = KNOWN_EVENTS.filter((e) => Number(e.value.occurred_at) < UPGRADE_AT);
    const late = KNOWN_EVENTS.filter((e) => Number(e.value.occurred_at) >= UPGRADE_AT);

    beforeAll(async () => {
      engine = await open();
      console.info(`analytics tables on ${name}: ClickHouse ${engine.version}`);
      const migrations = await loadMigrations();
      const typed = migrations.find((m) => m.name === "typed_events");
      if (!typed) throw new Error("no migration typed_events");
      expectedUpgrade = migrations.filter((m) => m.version >= typed.version).map((m) => m.version);
      // The deployment before the typed tables: only the migrations before them.
      stagedDir = await mkdtemp(join(tmpdir(), "analytics-tables-"));
      for (const m of migrations.filter((x) => x.version < typed.version)) {
        await copyFile(join(DEFAULT_MIGRATIONS_DIR, m.file), join(stagedDir, m.file));
      }
      writtenFrom = Math.floor(Date.now() / 1000);
      const before = engine.store(stagedDir);
      await before.migrate();
      await new SinkWriter(before).write(early);
      await before.close();

      store = engine.store();
      upgrade = await store.migrate();
      await new SinkWriter(store).write(late);
      // A second writer that skipped the lookup stores every early event again.
      await store.appendEvents(early.map(toEventRow));
      writtenTo = Math.ceil(Date.now() / 1000);
    });

    afterAll(async () => {
      await store?.close();
      await close();
      if (stagedDir) await rm(stagedDir, { recursive: true, force: true });
    });

    const count = async (query: string) => Number((await rowsOf(engine.client, query))[0]?.n);

    it("upgrades a store that holds events: applies the typed tables' migration once", async () => {
      expect(upgrade.applied).toEqual(expectedUpgrade);
      expect(await count("SELECT uniqExact(event_id) AS n FROM events")).toBe(KNOWN_EVENTS.length);
      expect(await count("SELECT count() AS n FROM events")).toBe(
        KNOWN_EVENTS.length + early.length,
      );
    });

    it("holds each known event once per typed table; the backfilled and viewed copies agree", async () => {
      for (const table of TYPED_TABLES) {
        const events = KNOWN_EVENTS.filter((e) => TYPED_TABLE_OF[e.type] === table);
        const copies = early.filter((e) => TYPED_TABLE_OF[e.type] === table).length;
        expect(new Set(events.map((e) => e.value.event_id)).size, table).toBe(TYPED_ROWS[table]);
        expect(await count(`SELECT uniqExact(event_id) AS n FROM ${table}`), table).toBe(
          TYPED_ROWS[table],
        );
        expect(await count(`SELECT count() AS n FROM ${table}`), table).toBe(
          (TYPED_ROWS[table] as number) + copies,
        );
        const rows = await rowsOf(engine.client, `SELECT * FROM ${table}`);
        const byId = new Map<unknown, Record<string, unknown>[]>();
        for (const { ingested_at: _written, ...row } of rows) {
          byId.set(row.event_id, [...(byId.get(row.event_id) ?? []), row]);
        }
        for (const [id, same] of byId) {
          for (const other of same.slice(1)) expect(other, `${table} ${id}`).toEqual(same[0]);
        }
      }
    });

    it("types every field of a stored event, nulls and hostile text included", async () => {
      const [advisory] = await rowsOf(
        engine.client,
        "SELECT * FROM alerts FINAL WHERE event_type = 'voyagerisk.alerts.AdvisoryChanged'",
      );
      expect(advisory).toMatchObject({
        voyage_id: "voyage-123",
        vessel_id: "9321483",
        key_id: "key-alpha",
        fleet_id: "north-sea",
        advisory_id: "adv-7",
        advisory_change: "issued",
        advisory_kind: "atba",
        advisory_title: ADVISORY_TITLE,
        entry_lat: 58.125,
        entry_lon: -3.5,
        risk_band_was: null,
        trigger_threshold: null,
        weather_cycle: null,
        weather_cycle_ms: null,
        analysis_id: null,
        analysis_status: null,
      });
      const [retry] = await rowsOf(
        engine.client,
        "SELECT * FROM webhook_attempts FINAL WHERE delivery_id = 'd-4' AND attempt = 1",
      );
      expect(retry).toMatchObject({
        occurred_at: "2026-03-02 04:30:02",
        occurred_at_ms: Date.parse("2026-03-02T04:30:02.100Z"),
        status: null,
        error: "connect ECONNREFUSED",
        duration_ms: 121,
        next_attempt_at: "2026-03-02 04:30:32",
        next_attempt_at_ms: Date.parse("2026-03-02T04:30:32.100Z"),
        planned_at_ms: Date.parse("2026-03-02T04:30:02.000Z"),
      });
      const [rescore] = await rowsOf(
        engine.client,
        "SELECT * FROM voyage_scores FINAL WHERE voyage_id = 'voyage-123' AND interface = 'rescore' AND weather_cycle_ms = 1772409600000",
      );
      expect(rescore).toMatchObject({
        request_id: null,
        key_id: null,
        risk_index: 65,
        sea_state_score: 70,
        wind_score: 67.5,
        regulatory_score: 0,
        confidence_low: 61,
        weather_synthetic: 0,
        eta_p90: "2026-03-12 18:30:00",
        eta_p90_ms: Date.parse("2026-03-12T18:30:00.500Z"),
        peak_wind_kts: 38.25,
        vessel_type: "bulk_carrier",
      });
      const [letter] = await rowsOf(
        engine.client,
        "SELECT * FROM webhook_dead_letters FINAL WHERE reason = 'subscription_deleted'",
      );
      expect(letter).toMatchObject({ key_id: null, attempts: 0, last_status: null });
      expect(JSON.parse(String(letter?.webhook_payload_json))).toEqual({
        event: "voyage.risk_threshold_crossed",
        reason: "not-this",
        attempts: 99,
      });
      const [route] = await rowsOf(
        engine.client,
        "SELECT * FROM route_risk_results FINAL WHERE route_id = 'route-1'",
      );
      expect(route).toMatchObject({ key_id: "key-alpha", objective: "safest" });
    });

    it("gives every typed column a comment, and docs/analytics.md the same type and comment", async () => {
      const doc = await readFile(ANALYTICS_DOC, "utf8");
      const sections = doc.split(/\n(?=## )/);
      const columns = await rowsOf(
        engine.client,
        `SELECT table, name, type, comment FROM system.columns
         WHERE database = currentDatabase() AND table IN (${TYPED_TABLES.map((t) => `'${t}'`).join(", ")})
         ORDER BY table, name`,
      );
      expect(new Set(columns.map((c) => c.table))).toEqual(new Set(TYPED_TABLES));
      const undocumented: string[] = [];
      for (const c of columns) {
        expect(String(c.comment), `${c.table}.${c.name}`).not.toBe("");
        const section = sections.find((s) => s.split("\n")[0]?.includes(`\`${c.table}\``)) ?? "";
        const row = new RegExp(
          `^\\| \`${c.name}\` +\\| ${escapeRegExp(String(c.type))} +\\| ${escapeRegExp(String(c.comment))} +\\|$`,
          "m",
        );
        if (!row.test(section)) undocumented.push(`${c.table}.${c.name} ${c.type}`);
      }
      expect(undocumented).toEqual([]);
    });

    describe("every query of docs/analytics.md", () => {
      const queries = analyticsDocQueries();

      it("has an answer here for each, and each answer a query", () => {
        expect(queries.map((q) => q.name).sort()).toEqual(Object.keys(ANSWERS).sort());
      });

      for (const query of queries) {
        it(`${query.name} (docs/analytics.md line ${query.line})`, async () => {
          const rows = await rowsOf(engine.client, query.sql);
          if (query.name === "rescore-latency-per-cycle") {
            // The re-scores were written by this test: their last write lies in its run.
            for (const row of rows) {
              const written = epochSeconds(row.last_written);
              expect(written).toBeGreaterThanOrEqual(writtenFrom);
              expect(written).toBeLessThanOrEqual(writtenTo);
              expect(row.seconds_to_last_score).toBe(written - epochSeconds(row.landed));
            }
            const stable = rows.map(({ last_written, seconds_to_last_score, ...rest }) => rest);
            expect(stable).toEqual(ANSWERS[query.name]);
          } else {
            expect(rows).toEqual(ANSWERS[query.name]);
          }
        });
      }
    });

    it("re-running the typed tables' migration (a crash before it was recorded) adds nothing", async () => {
      const before = await physicalCounts();
      const typed = (await loadMigrations()).find((m) => m.name === "typed_events");
      for (const statement of typed?.statements ?? []) {
        await engine.client.command({ query: statement });
      }
      expect(await physicalCounts()).toEqual(before);
    });

    it("stores an event whose payload is not what its schema says, typed as far as it goes", async () => {
      const odd = (eventId: string, payload: string): EventRow => ({
        event_id: eventId,
        event_type: "voyagerisk.voyages.VoyageScored",
        topic: "voyages.scores",
        key: "voyage-odd",
        occurred_at_ms: Date.parse("2026-05-01T00:00:00Z"),
        partition: 1,
        offset: "0",
        schema_id: 1,
        payload_json: payload,
      });
      const rows = [
        odd("odd-1", "not json at all"),
        odd(
          "odd-2",
          JSON.stringify({
            voyage_id: "voyage-odd",
            key_id: 7,
            index: "high",
            weather_cycle: -5,
            departure: 1e30,
            dimensions: [],
          }),
        ),
      ];
      expect(await store.insertEvents(rows)).toEqual({ inserted: 2, duplicates: 0 });
      const typed = await rowsOf(
        engine.client,
        "SELECT event_id, voyage_id FROM voyage_scores WHERE event_id LIKE 'odd-%' ORDER BY event_id",
      );
      expect(typed).toEqual([
        { event_id: "odd-1", voyage_id: "" },
        { event_id: "odd-2", voyage_id: "voyage-odd" },
      ]);
    });

    async function physicalCounts(): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const table of ["events", ...TYPED_TABLES]) {
        out[table] = await count(`SELECT count() AS n FROM ${table}`);
      }
      return out;
    }
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
