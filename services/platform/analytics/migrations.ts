import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/**
 * Versioned ClickHouse migrations: files `schemas/clickhouse/NNN_name.sql`, applied once each, in
 * version order. Both analytics adapters read this same list, so their `migrate()` reports agree.
 */

export const DEFAULT_MIGRATIONS_DIR = resolve(import.meta.dirname, "../../../schemas/clickhouse");

const MIGRATION_FILE = /^(\d+)_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  /** The part of the file name after the version, e.g. "events". */
  name: string;
  /** File name, e.g. "001_events.sql" (used in error messages). */
  file: string;
  /** sha256 (hex) of the file with line endings normalised to \n. */
  checksum: string;
  /** The statements in file order; the HTTP interface takes one statement per request. */
  statements: string[];
}

/** What a store recorded about a migration when it applied it. */
export interface AppliedMigration {
  version: number;
  name: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Line endings are normalised so that a checkout with CRLF (git autocrlf) does not look like an
 * edited migration; any other change, whitespace included, changes the checksum.
 */
export function checksumOf(text: string): string {
  return createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("hex");
}

/**
 * Splits a migration file into statements at `;`, ignoring semicolons inside string literals,
 * quoted identifiers and comments. Pieces that hold only comments and whitespace are dropped.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const flush = (end: number) => {
    if (hasCode) statements.push(text.slice(start, end).trim());
    start = end + 1;
    hasCode = false;
  };
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];
    if (ch === "-" && next === "-") {
      const eol = text.indexOf("\n", i);
      i = eol === -1 ? text.length : eol + 1;
    } else if (ch === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close === -1) throw new MigrationError("unterminated /* comment");
      i = close + 2;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      i = endOfQuoted(text, i);
      hasCode = true;
    } else if (ch === ";") {
      flush(i);
      i++;
    } else {
      if (!/\s/.test(ch)) hasCode = true;
      i++;
    }
  }
  flush(text.length);
  return statements;
}

/** Index just past the quoted token opening at `open`; handles `\x` escapes and doubled quotes. */
function endOfQuoted(text: string, open: number): number {
  const quote = text[open];
  let i = open + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\") {
      i += 2;
    } else if (ch === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  throw new MigrationError(`unterminated ${quote} quote starting at offset ${open}`);
}

/** Reads and validates every migration in `dir`, sorted by version. */
export async function loadMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) {
      throw new MigrationError(
        `${join(dir, file)}: migration files must be named NNN_name.sql (lower-case name)`,
      );
    }
    const text = await readFile(join(dir, file), "utf8");
    let statements: string[];
    try {
      statements = splitStatements(text);
    } catch (err) {
      throw new MigrationError(`${file}: ${(err as Error).message}`);
    }
    if (statements.length === 0) throw new MigrationError(`${file}: contains no statements`);
    migrations.push({
      version: Number(match[1]),
      name: match[2] as string,
      file,
      checksum: checksumOf(text),
      statements,
    });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 0; i < migrations.length; i++) {
    const m = migrations[i] as Migration;
    if (m.version < 1) throw new MigrationError(`${m.file}: versions start at 1`);
    const prev = migrations[i - 1];
    if (prev && prev.version === m.version) {
      throw new MigrationError(`${prev.file} and ${m.file} have the same version ${m.version}`);
    }
  }
  return migrations;
}

/**
 * The migrations still to apply, in version order. An already-applied migration whose file changed
 * (checksum or name) is an error naming the file: applied DDL cannot be edited, only followed by a
 * new migration. Applied versions without a file (a newer deploy's migrations) are tolerated so an
 * older build can still start during a rollback.
 */
export function pendingMigrations(
  migrations: readonly Migration[],
  applied: readonly AppliedMigration[],
): Migration[] {
  const byVersion = new Map(applied.map((a) => [a.version, a]));
  const pending: Migration[] = [];
  for (const m of migrations) {
    const done = byVersion.get(m.version);
    if (!done) {
      pending.push(m);
    } else if (done.checksum !== m.checksum || done.name !== m.name) {
      throw new MigrationError(
        `${m.file} was changed after it was applied (applied as version ${done.version} "${done.name}" with checksum ${done.checksum.slice(0, 12)}…, the file now has "${m.name}" with checksum ${m.checksum.slice(0, 12)}…); add a new migration instead of editing an applied one`,
      );
    }
  }
  return pending;
}

/** Highest applied version (0 when none). */
export function currentVersion(applied: Iterable<number>): number {
  let max = 0;
  for (const v of applied) if (v > max) max = v;
  return max;
}
