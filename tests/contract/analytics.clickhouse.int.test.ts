import { randomUUID } from "node:crypto";
import { ClickHouseLogLevel, createClient } from "@clickhouse/client";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import { ident, sql } from "../../services/platform/analytics/sql";
import { loadConfig } from "../../services/platform/config";
import { analyticsContract } from "./analytics.contract";

// The contract against the real ClickHouse at CLICKHOUSE_URL. Every store gets its own database
// (this run's prefix + a counter); all of them are dropped after the suite.
const config = loadConfig();
const runPrefix = `analytics_it_${randomUUID().slice(0, 8)}`;
const databases: string[] = [];

analyticsContract(
  "clickhouse",
  async () => {
    const database = `${runPrefix}_${databases.length}`;
    databases.push(database);
    return createClickHouseAnalytics({ ...clickHouseOptionsFromConfig(config), database });
  },
  async () => {
    const admin = createClient({
      url: config.CLICKHOUSE_URL,
      username: config.CLICKHOUSE_USER,
      password: config.CLICKHOUSE_PASSWORD,
      log: { level: ClickHouseLogLevel.OFF },
    });
    try {
      for (const database of databases) {
        await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text });
      }
    } finally {
      await admin.close();
    }
  },
);
