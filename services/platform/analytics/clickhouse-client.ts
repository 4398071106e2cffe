import {
  type ClickHouseClient,
  type ClickHouseClientConfigOptions,
  ClickHouseLogLevel,
  createClient,
} from "@clickhouse/client";
import type { SqlFragment } from "./sql";

/**
 * @clickhouse/client 1.23 against Debian's ClickHouse 18.16.1 (checked by hand and by the
 * integration tests): with its defaults the client sends no settings at all (response
 * compression is off), and DDL, JSONEachRow inserts and JSONEachRow queries work. 18.16 rejects
 * every setting it does not know (Code 115, e.g. async_insert, http_wait_end_of_query), so we
 * send none beyond QUERY_SETTINGS.
 * The client's idle-socket TTL (2.5 s) is below 18.16's keep_alive_timeout (3 s), so pooled
 * sockets are not reused after the server closed them.
 * `connection` replaces HTTP with an in-process engine: the tests run this same client on chDB
 * (a current ClickHouse embedded from npm), through the client's `connection` option.
 */
export function connectClickHouse(
  options: {
    url: string;
    username: string;
    password: string;
    requestTimeoutMs?: number;
    connection?: ClickHouseClientConfigOptions["connection"];
  },
  database: string,
): ClickHouseClient {
  return createClient({
    ...(options.connection ? { connection: options.connection } : {}),
    url: options.url,
    username: options.username,
    password: options.password,
    database,
    application: "voyage-risk",
    request_timeout: options.requestTimeoutMs ?? 30_000,
    // Every failure reaches our caller as a rejected promise and is logged there, with context;
    // the client's own console logging would only duplicate it (and spam while a probe fails).
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/**
 * The only request-level setting we send. Without it ClickHouse streams a result with status 200
 * before the query has finished, and an error that happens later arrives as text inside the body
 * (a JSON parse error on our side); with it the error is a proper HTTP 500. `wait_end_of_query` is
 * an HTTP-interface parameter that 18.16 accepts and the client types for current servers; the
 * newer server-setting spelling `http_wait_end_of_query` is rejected by 18.16 (unknown setting).
 */
export const QUERY_SETTINGS = { wait_end_of_query: 1 } as const;

/** A query's rows, parsed from JSONEachRow, with the one setting we send. */
export async function queryRows<T>(client: ClickHouseClient, query: SqlFragment): Promise<T[]> {
  const result = await client.query({
    query: query.text,
    format: "JSONEachRow",
    clickhouse_settings: QUERY_SETTINGS,
  });
  return result.json<T>();
}
