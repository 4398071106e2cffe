import { randomUUID } from "node:crypto";
import {
  clickHouseOptionsFromConfig,
  createClickHouseAnalytics,
} from "../../services/platform/analytics/clickhouse";
import { loadConfig } from "../../services/platform/config";
import { ClickHouseAdmin } from "../clickhouse-admin";
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
    const admin = new ClickHouseAdmin(config);
    try {
      await admin.dropDatabases(databases);
    } finally {
      await admin.close();
    }
  },
);
