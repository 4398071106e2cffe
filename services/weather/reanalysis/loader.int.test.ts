import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../../../tests/clickhouse-admin";
import { deleteKafkaTopics } from "../../../tests/helpers";
import { ident, sql } from "../../platform/analytics/sql";
import { loadConfig } from "../../platform/config";

/**
 * `voyage-risk weather reanalysis load` on the real ClickHouse: killed (SIGKILL) after its first
 * INSERT, then run again, it finishes with every row exactly once; run a third time, it has
 * nothing left to do.
 */
const cli = resolve(import.meta.dirname, "../../../bin/voyage-risk.js");
const config = loadConfig();
const database = `reanalysis_load_it_${randomUUID().slice(0, 8)}`;
const prefix = `reanalysis-it-${randomUUID().slice(0, 8)}.`;
const env = {
  ...process.env,
  VOYAGE_RISK_MODE: "platform",
  LOG_LEVEL: "silent",
  CLICKHOUSE_DATABASE: database,
  KAFKA_TOPIC_PREFIX: prefix,
  REANALYSIS_RESOLUTION_DEG: "10",
  REANALYSIS_EVERY_H: "24",
};
const load = (extra: Record<string, string> = {}) =>
  spawnSync(
    process.execPath,
    [cli, "weather", "reanalysis", "load", "--from-year", "2001", "--to-year", "2002"],
    { encoding: "utf8", timeout: 300_000, env: { ...env, ...extra } },
  );

const admin = new ClickHouseAdmin(config);
afterAll(async () => {
  await admin.dropDatabases([database]);
  await admin.close();
  await deleteKafkaTopics(config.KAFKA_BROKERS, prefix);
});

const count = async (year: number) => {
  const [row] = await admin.rows<{ n: string; distinct_rows: string }>(
    sql`SELECT count() AS n, uniqExact(lat, lon, time) AS distinct_rows
        FROM ${ident(database, "reanalysis")} WHERE toYear(time) = ${year}`,
  );
  return { rows: Number(row?.n), distinct: Number(row?.distinct_rows) };
};

describe("reanalysis load", { timeout: 600_000 }, () => {
  it("resumes after a kill and loads every row exactly once", async () => {
    const killed = load({ FAILPOINTS: "reanalysis.after-chunk" });
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.stderr).toMatch(/reanalysis 2001 \(1\/2\) loading: [\d,]+ \/ [\d,]+ rows/);
    const partial = await count(2001);
    expect(partial.rows).toBeGreaterThan(0);
    const [loads] = await admin.rows<{ n: string }>(
      sql`SELECT count() AS n FROM ${ident(database, "reanalysis_loads")}`,
    );
    expect(Number(loads?.n)).toBe(0);

    const resumed = load();
    expect(resumed.status, resumed.stderr).toBe(0);
    const out = JSON.parse(resumed.stdout);
    expect(out).toMatchObject({ loaded: [2001, 2002], skipped: [] });
    const cells = out.ocean_cells as number;
    for (const [year, days] of [
      [2001, 365],
      [2002, 365],
    ] as const) {
      expect(await count(year)).toEqual({ rows: cells * days, distinct: cells * days });
    }
    expect(partial.rows).toBeLessThan(cells * 365);

    const again = load();
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ loaded: [], skipped: [2001, 2002], rows: 0 });
    expect(again.stderr).toMatch(/reanalysis 2002 \(2\/2\) skipped/);
  });
});
