import { type ClickHouseClient, ClickHouseLogLevel, createClient } from "@clickhouse/client";
import { ident, type SqlFragment, sql } from "../services/platform/analytics/sql";
import { loadConfig } from "../services/platform/config";

/** A server-level ClickHouse client for tests and benchmarks: raw counts, and dropping their databases. */
export class ClickHouseAdmin {
  readonly client: ClickHouseClient;

  constructor(config = loadConfig()) {
    this.client = createClient({
      url: config.CLICKHOUSE_URL,
      username: config.CLICKHOUSE_USER,
      password: config.CLICKHOUSE_PASSWORD,
      log: { level: ClickHouseLogLevel.OFF },
    });
  }

  async rows<T>(query: SqlFragment): Promise<T[]> {
    const rs = await this.client.query({ query: query.text, format: "JSONEachRow" });
    return rs.json<T>();
  }

  /** Physical rows of a table, duplicates included (no FINAL, no dedupe). */
  async physicalRows(database: string, table: string): Promise<number> {
    const [row] = await this.rows<{ n: string }>(
      sql`SELECT count() AS n FROM ${ident(database, table)}`,
    );
    return Number(row?.n ?? 0);
  }

  async dropDatabases(databases: Iterable<string>): Promise<void> {
    for (const database of databases) {
      await this.client.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
