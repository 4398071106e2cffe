import { type ClickHouseClientConfigOptions, createClient } from "@clickhouse/client";
import { createChdbConnection } from "chdb/connection";
import { describe, expect, it } from "vitest";
import { createClickHouseAnalytics } from "../../services/platform/analytics/clickhouse";
import { analyticsTablesContract } from "./analytics-tables.contract";

// The typed tables and the docs' queries on a current ClickHouse: chDB (npm `chdb`, ClickHouse
// 26.x embedded in this process, Apache-2.0), reached through the same @clickhouse/client code
// as the server, by the client's `connection` option. One in-memory engine for the suite: the
// adapters and the client share it, so their close() must not end it; the suite ends it last.
const engine = createChdbConnection({ path: ":memory:" });
// chdb types its Connection with @clickhouse/client-common's copy of the interface, the client
// with its own bundled copy: the same shape, two declarations, hence the cast.
const shared = new Proxy(engine, {
  get(target, property, receiver) {
    if (property === "close") return async () => {};
    const value = Reflect.get(target, property, receiver);
    return typeof value === "function" ? value.bind(target) : value;
  },
}) as unknown as NonNullable<ClickHouseClientConfigOptions["connection"]>;
const options = {
  url: "http://chdb.invalid:8123",
  database: "default",
  username: "default",
  password: "",
  connection: shared,
};

describe("chDB", () => {
  it("embeds a current ClickHouse (26 or later), the one the typed tables are checked on", async () => {
    const client = createClient({ connection: shared });
    const [row] = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{ v: string }>();
    expect(Number(row?.v.split(".")[0])).toBeGreaterThanOrEqual(26);
  });
});

analyticsTablesContract(
  "chDB",
  async () => {
    const client = createClient({ connection: shared });
    const version = await (
      await client.query({ query: "SELECT version() AS v", format: "JSONEachRow" })
    ).json<{ v: string }>();
    return {
      version: version[0]?.v ?? "",
      store: (migrationsDir) => createClickHouseAnalytics({ ...options, migrationsDir }),
      client,
    };
  },
  () => engine.close(),
);
