import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedAnalytics } from "./embedded";
import {
  checksumOf,
  currentVersion,
  loadMigrations,
  MigrationError,
  pendingMigrations,
  splitStatements,
} from "./migrations";

describe("splitStatements", () => {
  it("splits at semicolons, keeps comments with their statement, drops comment-only pieces", () => {
    const text =
      "-- header;\nCREATE TABLE a (x UInt8) ENGINE = Memory;\n\n/* b; */\nCREATE TABLE b (y UInt8) ENGINE = Memory\n;\n-- trailing\n";
    expect(splitStatements(text)).toEqual([
      "-- header;\nCREATE TABLE a (x UInt8) ENGINE = Memory",
      "/* b; */\nCREATE TABLE b (y UInt8) ENGINE = Memory",
    ]);
  });

  it("ignores semicolons in strings, quoted identifiers and comments", () => {
    const text =
      "SELECT 'a;b', 'it\\'s;', 'x'';y', \"c;d\", `e;f` -- g;h\nFROM t /* i;j */ WHERE k = ';';SELECT 2";
    expect(splitStatements(text)).toEqual([
      "SELECT 'a;b', 'it\\'s;', 'x'';y', \"c;d\", `e;f` -- g;h\nFROM t /* i;j */ WHERE k = ';'",
      "SELECT 2",
    ]);
  });

  it("treats a quote inside a comment as comment text", () => {
    expect(splitStatements("-- don't\nSELECT 1;")).toEqual(["-- don't\nSELECT 1"]);
  });

  it("rejects unterminated quotes and comments", () => {
    expect(() => splitStatements("SELECT 'abc")).toThrow(MigrationError);
    expect(() => splitStatements("SELECT 1 /* never closed")).toThrow(MigrationError);
  });
});

describe("checksumOf", () => {
  it("ignores CRLF vs LF but nothing else", () => {
    expect(checksumOf("a\r\nb\n")).toBe(checksumOf("a\nb\n"));
    expect(checksumOf("a\nb\n")).not.toBe(checksumOf("a\nb \n"));
    expect(checksumOf("x")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("loadMigrations", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ch-migrations-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("orders by numeric version and reads every statement", async () => {
    await writeFile(join(dir, "010_later.sql"), "SELECT 10;");
    await writeFile(join(dir, "002_second.sql"), "SELECT 2;\nSELECT 22;");
    await writeFile(join(dir, "001_first.sql"), "SELECT 1");
    await writeFile(join(dir, "README.md"), "not a migration");
    const migrations = await loadMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name, m.file])).toEqual([
      [1, "first", "001_first.sql"],
      [2, "second", "002_second.sql"],
      [10, "later", "010_later.sql"],
    ]);
    expect(migrations[1]?.statements).toEqual(["SELECT 2", "SELECT 22"]);
    expect(migrations[0]?.checksum).toBe(checksumOf("SELECT 1"));
  });

  it("rejects badly named files, duplicate versions, version 0 and empty files", async () => {
    await writeFile(join(dir, "1-events.sql"), "SELECT 1");
    await expect(loadMigrations(dir)).rejects.toThrow(/1-events\.sql/);
    await rm(join(dir, "1-events.sql"));

    await writeFile(join(dir, "001_a.sql"), "SELECT 1");
    await writeFile(join(dir, "1_b.sql"), "SELECT 1");
    await expect(loadMigrations(dir)).rejects.toThrow(/001_a\.sql and 1_b\.sql/);
    await rm(join(dir, "1_b.sql"));

    await writeFile(join(dir, "000_zero.sql"), "SELECT 0");
    await expect(loadMigrations(dir)).rejects.toThrow(/000_zero\.sql/);
    await rm(join(dir, "000_zero.sql"));

    await writeFile(join(dir, "002_empty.sql"), "-- nothing here;\n");
    await expect(loadMigrations(dir)).rejects.toThrow(/002_empty\.sql: contains no statements/);
  });

  it("loads the project's own migrations, starting with 001_events", async () => {
    const migrations = await loadMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: "events", file: "001_events.sql" });
    expect(migrations[0]?.statements.some((s) => /CREATE TABLE IF NOT EXISTS events/.test(s))).toBe(
      true,
    );
  });
});

describe("pendingMigrations", () => {
  const m = (version: number, name: string, text: string) => ({
    version,
    name,
    file: `${String(version).padStart(3, "0")}_${name}.sql`,
    checksum: checksumOf(text),
    statements: [text],
  });
  const files = [m(1, "events", "A"), m(2, "scores", "B"), m(3, "views", "C")];

  it("returns the unapplied ones in version order, including gaps", () => {
    const applied = [{ version: 2, name: "scores", checksum: checksumOf("B") }];
    expect(pendingMigrations(files, applied).map((x) => x.version)).toEqual([1, 3]);
    expect(pendingMigrations(files, []).map((x) => x.version)).toEqual([1, 2, 3]);
  });

  it("names the file whose applied checksum changed", () => {
    const applied = [{ version: 2, name: "scores", checksum: checksumOf("B-original") }];
    expect(() => pendingMigrations(files, applied)).toThrow(/002_scores\.sql was changed/);
  });

  it("names the file whose applied name changed", () => {
    const applied = [{ version: 1, name: "old_events", checksum: checksumOf("A") }];
    expect(() => pendingMigrations(files, applied)).toThrow(/001_events\.sql was changed/);
  });

  it("tolerates applied versions that have no file (a newer deploy)", () => {
    const applied = [{ version: 9, name: "future", checksum: "x" }];
    expect(pendingMigrations(files, applied)).toHaveLength(3);
    expect(currentVersion([1, 9, 3])).toBe(9);
    expect(currentVersion([])).toBe(0);
  });
});

describe("EmbeddedAnalytics.migrate with its own files", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "embedded-migrations-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("applies new files once and rejects an edited applied file by name", async () => {
    await writeFile(
      join(dir, "001_events.sql"),
      "CREATE TABLE IF NOT EXISTS events (x UInt8) ENGINE = Memory;",
    );
    const store = new EmbeddedAnalytics({ migrationsDir: dir });
    expect(await store.migrate()).toEqual({ applied: [1], current: 1 });
    await writeFile(join(dir, "002_more.sql"), "SELECT 1;");
    expect(await store.migrate()).toEqual({ applied: [2], current: 2 });
    await writeFile(
      join(dir, "001_events.sql"),
      "CREATE TABLE IF NOT EXISTS events (x UInt16) ENGINE = Memory;",
    );
    await expect(store.migrate()).rejects.toThrow(/001_events\.sql/);
  });
});
