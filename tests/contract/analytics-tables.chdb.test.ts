import { createClient } from "@clickhouse/client";
import { describe, expect, it } from "vitest";
import { createClickHouseAnalytics } from "../../services/platform/analytics/clickhouse";
import { openChdb } from "../chdb";
import { analyticsTablesContract } from "./analytics-tables.contract";

// The typed tables and the docs' queries on a current ClickHouse: chDB's (see tests/chdb.ts).
const chdb = openChdb();

describe("chDB", () => {
  it("embeds a current ClickHouse (26 or later), the one the typed tables are checked on", async () => {
    const client = createClient({ connection: chdb.connection });
    const [row] = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{ v: string }>();
    expect(Number(row?.v.split(".")[0])).toBeGreaterThanOrEqual(26);
  });
});

analyticsTablesContract(
  "chDB",
  async () => {
    const client = createClient({ connection: chdb.connection });
    const version = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{ v: string }>();
    return {
      version: version[0]?.v ?? "",
      store: (migrationsDir) => createClickHouseAnalytics({ ...chdb.options, migrationsDir }),
      client,
    };
  },
  chdb.close,
);
