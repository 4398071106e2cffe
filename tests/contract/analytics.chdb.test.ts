import { createClient } from "@clickhouse/client";
import { createClickHouseAnalytics } from "../../services/platform/analytics/clickhouse";
import { openChdb } from "../chdb";
import { analyticsContract } from "./analytics.contract";

// The ClickHouse adapter's contract on a current ClickHouse, chDB's (see tests/chdb.ts), beside
// the run on Debian's 18.16 (analytics.clickhouse.int.test.ts): the adapter's own SQL must hold on
// the releases users deploy. Each store starts on empty storage: the engine's tables are dropped.
const chdb = openChdb();
const client = createClient({ connection: chdb.connection });

analyticsContract(
  "clickhouse on chDB",
  async () => {
    const tables = await (
      await client.query({
        query: "SELECT name FROM system.tables WHERE database = currentDatabase()",
        format: "JSONEachRow",
      })
    ).json<{ name: string }>();
    for (const { name } of tables) await client.command({ query: `DROP TABLE \`${name}\`` });
    return createClickHouseAnalytics(chdb.options);
  },
  chdb.close,
);
