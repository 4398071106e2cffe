import { describe, expect, it } from "vitest";
import { HOSTILE_STRINGS } from "../../../tests/hostile-strings";
import {
  dateTimeFromMs,
  ident,
  inList,
  int64,
  integer,
  joinSql,
  quoteArray,
  quoteDateTimeFromMs,
  quoteIdentifier,
  quoteInList,
  quoteInteger,
  quoteNumber,
  quoteString,
  SqlFragment,
  SqlValueError,
  sql,
  uint64,
} from "./sql";

/**
 * Reads a ClickHouse string literal back the way the server does (for the escapes we emit), so
 * these unit tests can check the round trip without a server; sql.int.test.ts checks the real one.
 */
function unquote(literal: string): string {
  expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
  const body = literal.slice(1, -1);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === "'") throw new Error(`unescaped quote at ${i} in ${literal}`);
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === "x") {
      out += String.fromCharCode(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next === "\\" || next === "'") {
      out += next;
    } else {
      throw new Error(`unexpected escape \\${next}`);
    }
  }
  return out;
}

describe("quoteString", () => {
  it.each(Object.entries(HOSTILE_STRINGS))("round-trips %s", (_name, value) => {
    const literal = quoteString(value);
    expect(unquote(literal)).toBe(value);
    // One printable line: nothing in the value can end the literal, the statement or the line.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
    expect(literal).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it("escapes quote and backslash, and control characters as \\xHH", () => {
    expect(quoteString("it's")).toBe("'it\\'s'");
    expect(quoteString("a\\b")).toBe("'a\\\\b'");
    expect(quoteString("a\nb\u0000c\u007f")).toBe("'a\\x0ab\\x00c\\x7f'");
    expect(quoteString("x'; DROP TABLE events; --")).toBe("'x\\'; DROP TABLE events; --'");
  });

  it("leaves unicode as it is", () => {
    expect(quoteString("Ålesund ⚓ 😀")).toBe("'Ålesund ⚓ 😀'");
  });

  it("rejects lone surrogates, which UTF-8 cannot carry", () => {
    expect(() => quoteString("a\ud800b")).toThrow(SqlValueError);
    expect(() => quoteString("\udc00")).toThrow(SqlValueError);
    expect(quoteString("\ud83d\ude00")).toBe("'😀'");
  });

  it("rejects non-strings", () => {
    expect(() => quoteString(1 as unknown as string)).toThrow(SqlValueError);
  });
});

describe("quoteNumber", () => {
  it("renders finite numbers and parenthesises negatives", () => {
    expect(quoteNumber(42)).toBe("42");
    expect(quoteNumber(1.5)).toBe("1.5");
    expect(quoteNumber(-0)).toBe("0");
    expect(quoteNumber(-3)).toBe("(-3)");
    expect(quoteNumber(1e-7)).toBe("1e-7");
    expect(sql`SELECT 1 -${-1}`.text).toBe("SELECT 1 -(-1)"); // never the comment `--1`
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("rejects %s", (n) => {
    expect(() => quoteNumber(n)).toThrow(SqlValueError);
  });

  it("rejects integers beyond 2^53 that a number cannot hold exactly", () => {
    expect(() => quoteNumber(2 ** 53)).toThrow(/bigint/);
    expect(quoteNumber(2 ** 53 - 1)).toBe("9007199254740991");
  });
});

describe("quoteInteger", () => {
  it("checks UInt64 bounds", () => {
    expect(quoteInteger("18446744073709551615", "UInt64")).toBe("18446744073709551615");
    expect(quoteInteger(0, "UInt64")).toBe("0");
    expect(() => quoteInteger("18446744073709551616", "UInt64")).toThrow(/out of range/);
    expect(() => quoteInteger(-1, "UInt64")).toThrow(/out of range/);
  });

  it("checks Int64 bounds", () => {
    expect(quoteInteger(-(2n ** 63n), "Int64")).toBe("(-9223372036854775808)");
    expect(quoteInteger(2n ** 63n - 1n, "Int64")).toBe("9223372036854775807");
    expect(() => quoteInteger(2n ** 63n, "Int64")).toThrow(/out of range/);
    expect(() => quoteInteger(-(2n ** 63n) - 1n, "Int64")).toThrow(/out of range/);
  });

  it("checks the small types", () => {
    expect(quoteInteger(255, "UInt8")).toBe("255");
    expect(() => quoteInteger(256, "UInt8")).toThrow(/out of range/);
    expect(() => quoteInteger(-129, "Int8")).toThrow(/out of range/);
    expect(() => quoteInteger(4_294_967_296, "UInt32")).toThrow(/out of range/);
  });

  it.each([["1.5"], ["1e3"], [" 1"], ["0x10"], ["1; DROP"], [""], [1.5], [2 ** 60]])(
    "rejects %j",
    (v) => {
      expect(() => quoteInteger(v as string | number, "Int64")).toThrow(SqlValueError);
    },
  );

  it("normalises decimal strings", () => {
    expect(quoteInteger("007", "UInt64")).toBe("7");
    expect(uint64("9007199254740993").text).toBe("9007199254740993");
    expect(int64(-5).text).toBe("(-5)");
    expect(integer(7, "UInt32").text).toBe("7");
  });
});

describe("quoteIdentifier / ident", () => {
  it("backquotes valid identifiers", () => {
    expect(quoteIdentifier("events")).toBe("`events`");
    expect(quoteIdentifier("_x9")).toBe("`_x9`");
    expect(ident("voyage_risk", "events").text).toBe("`voyage_risk`.`events`");
  });

  it.each(["", "9lives", "a-b", "a b", "a`b", "events; DROP", "événements", "a.b", "`x`"])(
    "rejects %j",
    (name) => {
      expect(() => quoteIdentifier(name)).toThrow(SqlValueError);
    },
  );
});

describe("arrays and IN lists", () => {
  it("quotes every element", () => {
    expect(quoteArray(["a'", 1, null, true])).toBe("['a\\'', 1, NULL, 1]");
    expect(quoteArray([])).toBe("[]");
    expect(quoteInList(["x", "y'"])).toBe("('x', 'y\\'')");
    expect(inList([1n, -2]).text).toBe("(1, (-2))");
  });

  it("rejects an empty IN list", () => {
    expect(() => quoteInList([])).toThrow(/empty/);
  });
});

describe("DateTime from epoch ms", () => {
  it("renders UTC seconds, truncating milliseconds", () => {
    expect(quoteDateTimeFromMs(1_767_225_600_999)).toBe("toDateTime(1767225600, 'UTC')");
    expect(dateTimeFromMs(0).text).toBe("toDateTime(0, 'UTC')");
  });

  it.each([-1, 1.5, Number.NaN, 4_294_967_296_000])("rejects %s", (ms) => {
    expect(() => quoteDateTimeFromMs(ms)).toThrow(SqlValueError);
  });
});

describe("sql template", () => {
  it("quotes each value by its type", () => {
    const q = sql`SELECT * FROM ${ident("events")} WHERE topic = ${"a'b"} AND n > ${5} AND big = ${2n ** 64n - 1n} AND ok = ${true} AND x IS ${null} AND t IN ${inList(["p", "q"])} AND has(${["x", "y"]}, k)`;
    expect(q.text).toBe(
      "SELECT * FROM `events` WHERE topic = 'a\\'b' AND n > 5 AND big = 18446744073709551615 AND ok = 1 AND x IS NULL AND t IN ('p', 'q') AND has(['x', 'y'], k)",
    );
  });

  it("splices nested fragments and joins with fragment separators", () => {
    const conditions = [sql`a = ${1}`, sql`b = ${"2"}`];
    expect(sql`WHERE ${joinSql(conditions, sql` AND `)}`.text).toBe("WHERE a = 1 AND b = '2'");
  });

  it("never lets a plain string through as SQL", () => {
    const table = "events; DROP TABLE events";
    expect(sql`SELECT * FROM ${table}`.text).toBe("SELECT * FROM 'events; DROP TABLE events'");
  });

  it("rejects values it cannot quote unambiguously", () => {
    const bad = [undefined, new Date(0), { text: "1; DROP" }, Symbol("x"), () => 1, 2n ** 64n];
    for (const value of bad) {
      expect(() => sql`SELECT ${value as never}`).toThrow(SqlValueError);
    }
  });

  it("cannot be forged", () => {
    const Ctor = SqlFragment as unknown as new (token: symbol, text: string) => SqlFragment;
    expect(() => new Ctor(Symbol("SqlFragment"), "DROP TABLE events")).toThrow(TypeError);
  });
});
