/**
 * The project's one way to put values into ClickHouse SQL.
 *
 * The Debian ClickHouse (18.16) we test on has no server-side query parameters (`{name:Type}`),
 * so values must be rendered as literals. Everything here renders literals that both 18.16 and a
 * current ClickHouse parse to the same value (sql.int.test.ts proves the round trip on a real
 * server). Use the `sql` tagged template; the `quote*` functions are its building blocks.
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A UTF-16 surrogate without its partner cannot be encoded as UTF-8 and would be stored as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that must not appear raw inside a ClickHouse string literal. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const STRING_ESCAPES = /[\\'\u0000-\u001f\u007f]/g;
/** DateTime is an unsigned 32-bit count of seconds. */
const MAX_DATETIME_MS = 4_294_967_295_999;

export type IntegerType =
  | "UInt8"
  | "UInt16"
  | "UInt32"
  | "UInt64"
  | "Int8"
  | "Int16"
  | "Int32"
  | "Int64";

const INTEGER_RANGES: Record<IntegerType, readonly [bigint, bigint]> = {
  UInt8: [0n, 2n ** 8n - 1n],
  UInt16: [0n, 2n ** 16n - 1n],
  UInt32: [0n, 2n ** 32n - 1n],
  UInt64: [0n, 2n ** 64n - 1n],
  Int8: [-(2n ** 7n), 2n ** 7n - 1n],
  Int16: [-(2n ** 15n), 2n ** 15n - 1n],
  Int32: [-(2n ** 31n), 2n ** 31n - 1n],
  Int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** Module-private: only functions in this file can mint a SqlFragment. */
const FRAGMENT_TOKEN = Symbol("SqlFragment");

/**
 * A piece of SQL that is safe to splice into a query: either code written in a template literal
 * or a value rendered by this module. Only this module can make one, so a plain string (or an
 * object that merely looks like a fragment) can never pass for SQL.
 */
export class SqlFragment {
  readonly text: string;
  constructor(token: symbol, text: string) {
    if (token !== FRAGMENT_TOKEN) throw new TypeError("SqlFragment is made by sql.ts only");
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

const fragment = (text: string): SqlFragment => new SqlFragment(FRAGMENT_TOKEN, text);

export type SqlScalar = string | number | bigint | boolean | null;
export type SqlValue = SqlScalar | SqlFragment | readonly SqlScalar[];

export class SqlValueError extends TypeError {
  override name = "SqlValueError";
}

/** True if `s` is valid UTF-16 (no lone surrogates), i.e. survives encoding to UTF-8 unchanged. */
export function isWellFormedText(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/**
 * A ClickHouse string literal. Backslash and quote are escaped; control characters (NUL, newline,
 * tab, DEL, ...) become `\xHH`, so the literal is one printable line and no byte of the value can
 * end the literal or the statement.
 */
export function quoteString(value: string): string {
  if (typeof value !== "string") throw new SqlValueError(`expected a string, got ${typeof value}`);
  if (!isWellFormedText(value)) {
    throw new SqlValueError(
      "string contains a lone UTF-16 surrogate and cannot be stored as UTF-8",
    );
  }
  const escaped = value.replace(STRING_ESCAPES, (ch) => {
    if (ch === "\\") return "\\\\";
    if (ch === "'") return "\\'";
    return `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
  return `'${escaped}'`;
}

/**
 * A finite number literal. Negative numbers are parenthesised so that `x -${-1}` can never become
 * the comment `x --1`. Integers must be safe integers (use bigint or quoteInteger beyond 2^53).
 */
export function quoteNumber(value: number): string {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new SqlValueError(`expected a finite number, got ${String(value)}`);
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new SqlValueError(
      `${value} is beyond 2^53 and not exact; pass a bigint or a decimal string to quoteInteger`,
    );
  }
  const text = Object.is(value, -0) ? "0" : String(value);
  return value < 0 ? `(${text})` : text;
}

/** An integer literal checked against the range of a ClickHouse integer type. */
export function quoteInteger(value: number | bigint | string, type: IntegerType): string {
  const big = toBigInt(value);
  const [min, max] = INTEGER_RANGES[type];
  if (big < min || big > max) throw new SqlValueError(`${big} is out of range for ${type}`);
  return big < 0n ? `(${big})` : String(big);
}

function toBigInt(value: number | bigint | string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      throw new SqlValueError(`${value} is not a safe integer; pass a bigint or a decimal string`);
    }
    return BigInt(value);
  }
  if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
  throw new SqlValueError(`expected an integer, got ${JSON.stringify(value)}`);
}

/** A backquoted identifier; only `[A-Za-z_][A-Za-z0-9_]*` is accepted, so no escaping is needed. */
export function quoteIdentifier(name: string): string {
  if (typeof name !== "string" || !IDENTIFIER.test(name)) {
    throw new SqlValueError(`invalid identifier ${JSON.stringify(name)}`);
  }
  return `\`${name}\``;
}

/** `toDateTime(<seconds>, 'UTC')` for an epoch-millisecond instant (DateTime has second precision). */
export function quoteDateTimeFromMs(epochMs: number): string {
  if (!Number.isSafeInteger(epochMs) || epochMs < 0 || epochMs > MAX_DATETIME_MS) {
    throw new SqlValueError(`${epochMs} is not an epoch-millisecond value DateTime can hold`);
  }
  return `toDateTime(${Math.floor(epochMs / 1000)}, 'UTC')`;
}

/** A scalar literal chosen by the value's type. bigint must fit Int64 or UInt64. */
export function quoteScalar(value: SqlScalar): string {
  if (value === null) return "NULL";
  switch (typeof value) {
    case "string":
      return quoteString(value);
    case "number":
      return quoteNumber(value);
    case "bigint":
      return quoteInteger(value, value < 0n ? "Int64" : "UInt64");
    case "boolean":
      // 18.16 has no Bool type or true/false literals; UInt8 0/1 is what both servers compare with.
      return value ? "1" : "0";
    default:
      throw new SqlValueError(`cannot put a ${describe(value)} into SQL`);
  }
}

/** An array literal `[a, b]`. */
export function quoteArray(values: readonly SqlScalar[]): string {
  return `[${values.map(quoteScalar).join(", ")}]`;
}

/** A parenthesised list for `x IN (...)`. Empty lists are rejected: `IN ()` is not valid SQL. */
export function quoteInList(values: readonly SqlScalar[]): string {
  if (values.length === 0) throw new SqlValueError("IN list must not be empty");
  return `(${values.map(quoteScalar).join(", ")})`;
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value instanceof Date) return "Date (use dateTimeFromMs)";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function render(value: SqlValue): string {
  if (value instanceof SqlFragment) return value.text;
  if (Array.isArray(value)) return quoteArray(value);
  return quoteScalar(value as SqlScalar);
}

/**
 * Tagged template: the literal parts are code, every `${value}` is quoted by its type
 * (string, number, bigint, boolean, null, array of those), and SqlFragments (from `sql`, `ident`,
 * `inList`, ...) are spliced as they are.
 *
 *   sql`SELECT count() FROM ${ident("events")} WHERE topic = ${topic} AND key IN ${inList(keys)}`
 */
export function sql(strings: TemplateStringsArray, ...values: readonly SqlValue[]): SqlFragment {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += render(value) + (strings[i + 1] ?? "");
  });
  return fragment(text);
}

/** A validated, backquoted identifier; several parts make a qualified name (`db`.`table`). */
export function ident(...parts: [string, ...string[]]): SqlFragment {
  return fragment(parts.map(quoteIdentifier).join("."));
}

/** A range-checked integer literal, e.g. a Kafka offset held as a decimal string. */
export function integer(value: number | bigint | string, type: IntegerType): SqlFragment {
  return fragment(quoteInteger(value, type));
}

export const uint64 = (value: number | bigint | string) => integer(value, "UInt64");
export const int64 = (value: number | bigint | string) => integer(value, "Int64");

/** `(a, b, c)` for `x IN ${inList(values)}`. */
export function inList(values: readonly SqlScalar[]): SqlFragment {
  return fragment(quoteInList(values));
}

/** A DateTime (UTC, second precision) for an epoch-millisecond instant. */
export function dateTimeFromMs(epochMs: number): SqlFragment {
  return fragment(quoteDateTimeFromMs(epochMs));
}

/** Joins fragments with a separator that is itself a fragment, e.g. joinSql(conditions, sql` AND `). */
export function joinSql(parts: readonly SqlFragment[], separator: SqlFragment): SqlFragment {
  return fragment(parts.map((p) => p.text).join(separator.text));
}
