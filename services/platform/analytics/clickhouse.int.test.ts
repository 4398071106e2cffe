import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../../../tests/clickhouse-admin";
import { loadConfig } from "../config";
import {
  type ClickHouseAnalytics,
  type ClickHouseAnalyticsOptions,
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "./clickhouse";
import { checksumOf } from "./migrations";
import type { EventRow } from "./port";
import { ident, type SqlFragment, sql } from "./sql";

// What the contract suite cannot see: state that outlives one store instance, physical duplicates
// that only ClickHouse can have, and the tables data teams read. Databases are unique per run.
const config = loadConfig();
const runPrefix = `analytics_ch_${randomUUID().slice(0, 8)}`;
const databases: string[] = [];
const stores: ClickHouseAnalytics[] = [];
let admin: ClickHouseAdmin;

function newDatabase(): string {
  const database = `${runPrefix}_${databases.length}`;
  databases.push(database);
  return database;
}

function open(
  options: Partial<ClickHouseAnalyticsOptions> & { database: string },
): ClickHouseAnalytics {
  const store = createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), ...options });
  stores.push(store);
  return store;
}

const rows = <T>(query: SqlFragment): Promise<T[]> => admin.rows<T>(query);

function event(topic: string, i: number): EventRow {
  return {
    event_id: `evt-${i}-${randomUUID()}`,
    event_type: "voyagerisk.test.Event",
    topic,
    key: `k${i % 3}`,
    occurred_at_ms: Date.UTC(2026, 3, 1) + i * 37_000,
    partition: i % 2,
    offset: String(9_007_199_254_740_000 + i),
    schema_id: 3,
    payload_json: JSON.stringify({ i }),
  };
}

beforeAll(() => {
  admin = new ClickHouseAdmin(config);
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await admin.dropDatabases(databases);
  await admin.close();
});

describe("ClickHouse migrations", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ch-migrations-it-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("creates the database, applies files in order, records them, and survives restarts", async () => {
    const database = newDatabase();
    const first =
      "CREATE TABLE IF NOT EXISTS a (x UInt8) ENGINE = MergeTree ORDER BY x;\n-- the ; in this comment is not a separator\nINSERT INTO a VALUES (1);\n";
    await writeFile(join(dir, "001_first.sql"), first);
    await writeFile(join(dir, "002_second.sql"), "CREATE TABLE IF NOT EXISTS b AS a;\n");

    expect(await open({ database, migrationsDir: dir }).migrate()).toEqual({
      applied: [1, 2],
      current: 2,
    });
    // A new instance (a restart) reads what the first recorded and applies nothing.
    expect(await open({ database, migrationsDir: dir }).migrate()).toEqual({
      applied: [],
      current: 2,
    });

    await writeFile(join(dir, "003_third.sql"), "INSERT INTO b VALUES (3);");
    expect(await open({ database, migrationsDir: dir }).migrate()).toEqual({
      applied: [3],
      current: 3,
    });

    const recorded = await rows<{
      version: number;
      name: string;
      checksum: string;
      applied: number;
    }>(
      sql`SELECT version, name, checksum, toUInt32(applied_at) > 0 AS applied
          FROM ${ident(database, "schema_migrations")} ORDER BY version`,
    );
    expect(recorded).toEqual([
      { version: 1, name: "first", checksum: checksumOf(first), applied: 1 },
      { version: 2, name: "second", checksum: expect.any(String), applied: 1 },
      { version: 3, name: "third", checksum: expect.any(String), applied: 1 },
    ]);
    // Each statement ran exactly once.
    const data = await rows<{ a: string; b: string }>(
      sql`SELECT (SELECT count() FROM ${ident(database, "a")}) AS a,
                 (SELECT count() FROM ${ident(database, "b")}) AS b`,
    );
    expect(data).toEqual([{ a: "1", b: "1" }]);
  });

  it("refuses to start when an applied migration was edited, naming the file", async () => {
    const database = newDatabase();
    const editDir = await mkdtemp(join(tmpdir(), "ch-migrations-edit-"));
    try {
      await writeFile(
        join(editDir, "001_events.sql"),
        "CREATE TABLE IF NOT EXISTS t (x UInt8) ENGINE = MergeTree ORDER BY x;",
      );
      await open({ database, migrationsDir: editDir }).migrate();
      await writeFile(
        join(editDir, "001_events.sql"),
        "CREATE TABLE IF NOT EXISTS t (x UInt16) ENGINE = MergeTree ORDER BY x;",
      );
      await expect(open({ database, migrationsDir: editDir }).migrate()).rejects.toThrow(
        /001_events\.sql was changed after it was applied/,
      );
    } finally {
      await rm(editDir, { recursive: true, force: true });
    }
  });

  it("creates `events` with the documented columns, comments and engine", async () => {
    const database = newDatabase();
    await open({ database }).migrate();
    const columns = await rows<{ name: string; type: string; comment: string }>(
      sql`SELECT name, type, comment FROM system.columns
          WHERE database = ${database} AND table = 'events'`, // table order (18.16 has no position)
    );
    expect(columns.map((c) => [c.name, c.type])).toEqual([
      ["event_id", "String"],
      ["event_type", "String"],
      ["topic", "String"],
      ["key", "String"],
      ["occurred_at", "DateTime('UTC')"],
      ["occurred_at_ms", "UInt64"],
      ["partition", "UInt32"],
      ["offset", "UInt64"],
      ["schema_id", "UInt32"],
      ["payload_json", "String"],
      ["ingested_at", "DateTime('UTC')"],
    ]);
    for (const c of columns) expect(c.comment, c.name).not.toBe("");
    const [table] = await rows<{ engine: string; partition_key: string; sorting_key: string }>(
      sql`SELECT engine, partition_key, sorting_key FROM system.tables
          WHERE database = ${database} AND name = 'events'`,
    );
    expect(table).toEqual({
      engine: "ReplacingMergeTree",
      partition_key: "toYYYYMM(occurred_at)",
      sorting_key: "topic, occurred_at, event_id",
    });
  });
});

describe("ClickHouse events", () => {
  it("derives occurred_at from occurred_at_ms and stamps ingested_at", async () => {
    const database = newDatabase();
    const store = open({ database });
    await store.migrate();
    const e = event("t.derived", 1);
    await store.insertEvents([e]);
    const [stored] = await rows<{ occurred: string; lag: string }>(
      sql`SELECT toString(occurred_at) AS occurred, toString(now() - ingested_at) AS lag
          FROM ${ident(database, "events")}`,
    );
    expect(stored?.occurred).toBe(
      new Date(e.occurred_at_ms).toISOString().slice(0, 19).replace("T", " "),
    );
    expect(Math.abs(Number(stored?.lag))).toBeLessThan(60);
  });

  it("reads exactly even when unmerged duplicate rows exist, and merges collapse them", async () => {
    const database = newDatabase();
    const store = open({ database });
    await store.migrate();
    const topic = "t.physical";
    const batch = Array.from({ length: 5 }, (_, i) => event(topic, i));
    await store.insertEvents(batch);
    // A race between two writers can store a row twice; simulate it by bypassing the adapter.
    await admin.client.insert({
      table: `${database}.events`,
      columns: [
        "event_id",
        "event_type",
        "topic",
        "`key`",
        "occurred_at_ms",
        "`partition`",
        "`offset`",
        "schema_id",
        "payload_json",
      ],
      values: batch.slice(0, 3),
      format: "JSONEachRow",
    });
    const physical = async () =>
      Number(
        (await rows<{ n: string }>(sql`SELECT count() AS n FROM ${ident(database, "events")}`))[0]
          ?.n,
      );
    expect(await physical()).toBe(8);

    expect(await store.countEvents({ topic })).toBe(5);
    const read = await store.queryEvents({ topic });
    expect(read.map((r) => r.event_id).sort()).toEqual(batch.map((r) => r.event_id).sort());

    await admin.client.command({
      query: sql`OPTIMIZE TABLE ${ident(database, "events")} FINAL`.text,
    });
    expect(await physical()).toBe(5);
  });

  it("stays exact when two processes insert the same batch at the same time", async () => {
    const database = newDatabase();
    const [one, two] = [open({ database }), open({ database })];
    await one.migrate();
    await two.migrate();
    const topic = "t.race";
    const batch = Array.from({ length: 200 }, (_, i) => event(topic, i));

    await Promise.all([one.insertEvents(batch), two.insertEvents(batch)]);
    expect(await one.countEvents({ topic })).toBe(200);
    expect(await two.queryEvents({ topic, limit: 10_000 })).toHaveLength(200);
    expect(await one.insertEvents(batch)).toEqual({ inserted: 0, duplicates: 200 });
  });

  it("checks existence in chunks, across topics, for batches larger than one chunk", async () => {
    const database = newDatabase();
    const store = open({ database });
    await store.migrate();
    const batch = Array.from({ length: 2_500 }, (_, i) => event(i % 2 ? "t.odd" : "t.even", i));
    expect(await store.insertEvents(batch.slice(0, 1_700))).toEqual({
      inserted: 1_700,
      duplicates: 0,
    });
    expect(await store.insertEvents(batch)).toEqual({ inserted: 800, duplicates: 1_700 });
    expect(await store.countEvents({})).toBe(2_500);
  });
});

describe("ClickHouse health", () => {
  it("reports down with the reason, and never the password, when the server is unreachable", async () => {
    const store = open({
      database: "voyage_risk",
      url: "http://127.0.0.1:1",
      username: "someone",
      password: "s3cret-password",
      requestTimeoutMs: 2_000,
    });
    const health = await store.health();
    expect(health).toMatchObject({ adapter: "clickhouse", status: "down" });
    expect(health.detail).toContain("127.0.0.1:1/voyage_risk");
    expect(health.detail).not.toContain("s3cret-password");
  });

  it("reports up against the real server", async () => {
    const database = newDatabase();
    const store = open({ database });
    await store.migrate();
    expect(await store.health()).toMatchObject({ adapter: "clickhouse", status: "up" });
  });
});
