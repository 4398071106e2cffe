import type { ClickHouseClientConfigOptions } from "@clickhouse/client";
import { createChdbConnection } from "chdb/connection";
import type { ClickHouseAnalyticsOptions } from "../services/platform/analytics/clickhouse";

/**
 * A current ClickHouse in this process for tests: chDB (npm `chdb`, Apache-2.0, ClickHouse 26.x
 * embedded), reached through @clickhouse/client's `connection` option, so the same adapter and
 * client code that talks HTTP to a server runs on it. One in-memory engine per test file (chDB
 * holds one per process); the adapters and clients made on it share it, so their close() leaves
 * it open and `close` here ends it. chDB ignores the client's `database`: everything runs in its
 * current database.
 */
export function openChdb(): {
  connection: NonNullable<ClickHouseClientConfigOptions["connection"]>;
  /** Adapter options on the engine (the URL is never dialled). */
  options: ClickHouseAnalyticsOptions;
  close: () => Promise<void>;
} {
  const engine = createChdbConnection({ path: ":memory:" });
  // chdb types its Connection with @clickhouse/client-common's copy of the interface, the client
  // with its own bundled copy: the same shape, two declarations, hence the cast.
  const connection = new Proxy(engine, {
    get(target, property, receiver) {
      if (property === "close") return async () => {};
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as unknown as NonNullable<ClickHouseClientConfigOptions["connection"]>;
  return {
    connection,
    options: {
      url: "http://chdb.invalid:8123",
      database: "default",
      username: "default",
      password: "",
      connection,
    },
    close: () => engine.close(),
  };
}
