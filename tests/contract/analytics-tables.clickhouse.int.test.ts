import type { ClickHouseClient } from "@clickhouse/client";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import { connectClickHouse } from "../../services/platform/analytics/clickhouse-client";
import { loadConfig } from "../../services/platform/config";
import { ClickHouseAdmin } from "../clickhouse-admin";
import { uniqueName } from "../helpers";
import { analyticsTablesContract } from "./analytics-tables.contract";

// The typed tables and the docs' queries on the real ClickHouse at CLICKHOUSE_URL (Debian's
// 18.16 in deploy/local), in a database of their own, dropped afterwards.
const config = loadConfig();
const options = { ...clickHouseOptionsFromConfig(config), database: uniqueName("vr_tables") };
let client: ClickHouseClient | undefined;

analyticsTablesContract(
  "ClickHouse server",
  async () => {
    client = connectClickHouse(options, "default");
    const version = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{ v: string }>();
    await client.close();
    client = connectClickHouse(options, options.database);
    return {
      version: version[0]?.v ?? "",
      store: (migrationsDir) => createClickHouseAnalytics({ ...options, migrationsDir }),
      client,
    };
  },
  async () => {
    await client?.close();
    const admin = new ClickHouseAdmin(config);
    try {
      await admin.dropDatabases([options.database]);
    } finally {
      await admin.close();
    }
  },
);
