import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClickHouseAdmin } from "../../../tests/clickhouse-admin";
import { HOSTILE_STRINGS } from "../../../tests/hostile-strings";
import { loadConfig } from "../config";
import { dateTimeFromMs, inList, int64, type SqlFragment, sql, uint64 } from "./sql";

// Proves on a real server that what sql.ts renders is read back as exactly the original value.
const config = loadConfig();
let admin: ClickHouseAdmin;

async function selectOne<T>(query: SqlFragment): Promise<T> {
  const rows = await admin.rows<T>(query);
  expect(rows).toHaveLength(1);
  return rows[0] as T;
}

beforeAll(() => {
  admin = new ClickHouseAdmin(config);
});

afterAll(async () => {
  await admin?.close();
});

describe("sql.ts against a real ClickHouse", () => {
  it.each(Object.entries(HOSTILE_STRINGS))("round-trips the %s string", async (_name, value) => {
    const row = await selectOne<{ s: string; h: string; n: string | number; same: number }>(
      sql`SELECT ${value} AS s, hex(${value}) AS h, length(${value}) AS n, ${value} = ${value} AS same`,
    );
    expect(row.s).toBe(value);
    // Byte-exact, independent of how the JSON output escapes characters.
    expect(row.h).toBe(Buffer.from(value, "utf8").toString("hex").toUpperCase());
    expect(Number(row.n)).toBe(Buffer.byteLength(value, "utf8"));
    expect(Number(row.same)).toBe(1);
  });

  it("finds every hostile string in an IN list and an array", async () => {
    const values = Object.values(HOSTILE_STRINGS);
    const row = await selectOne<{ found: string | number; arr: string[] }>(
      sql`SELECT countIf(s IN ${inList(values)}) AS found, ${values} AS arr
          FROM (SELECT arrayJoin(${values}) AS s)`,
    );
    expect(Number(row.found)).toBe(values.length);
    expect(row.arr).toEqual(values);
  });

  it("round-trips 64-bit integers, negatives and floats", async () => {
    const row = await selectOne<Record<string, string | number>>(
      sql`SELECT toString(${uint64("18446744073709551615")}) AS umax,
                 toString(${int64(-(2n ** 63n))}) AS imin,
                 toString(${uint64("9007199254740993")}) AS beyond53,
                 1 -${-1} AS minusNegative,
                 ${0.1} AS tenth, ${-2.5e-7} AS tiny`,
    );
    expect(row.umax).toBe("18446744073709551615");
    expect(row.imin).toBe("-9223372036854775808");
    expect(row.beyond53).toBe("9007199254740993");
    expect(Number(row.minusNegative)).toBe(2);
    expect(row.tenth).toBe(0.1);
    expect(row.tiny).toBe(-2.5e-7);
  });

  it("renders DateTime from epoch ms as the same UTC second", async () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const row = await selectOne<{ secs: string | number; text: string }>(
      sql`SELECT toUInt32(${dateTimeFromMs(ms)}) AS secs, toString(${dateTimeFromMs(ms)}) AS text`,
    );
    expect(Number(row.secs)).toBe(Math.floor(ms / 1000));
    expect(row.text).toBe("2026-01-02 03:04:05");
  });
});
