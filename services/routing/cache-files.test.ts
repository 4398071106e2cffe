import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheFiles, PRUNE_AFTER_DAYS } from "./cache-files";

const freshDir = () => mkdtempSync(join(tmpdir(), "cache-files-"));

describe("cacheFiles", () => {
  it("reads back what it wrote, creating the directory, and leaves no temporary file", () => {
    const dir = join(freshDir(), "nested");
    const files = cacheFiles(dir);
    expect(files.read("landmarks-a.bin")).toBeUndefined();
    files.write("landmarks-a.bin", Buffer.from([1, 2, 3]));
    files.write("network-geometry-f.json", "{}");
    expect(files.read("landmarks-a.bin")).toEqual(Buffer.from([1, 2, 3]));
    expect(files.read("network-geometry-f.json")?.toString()).toBe("{}");
    expect(readdirSync(dir).sort()).toEqual(["landmarks-a.bin", "network-geometry-f.json"]);
  });

  it("refuses names that are not its own, so it can never overwrite or prune other files", () => {
    const files = cacheFiles(freshDir());
    expect(() => files.write("notes.txt", "x")).toThrow(RangeError);
    expect(() => files.read("../landmarks-a.bin")).toThrow(RangeError);
  });

  it("skips writing where it cannot write, and still answers", () => {
    // A directory under a regular file cannot be made, whoever runs the test.
    const file = join(freshDir(), "a-file");
    writeFileSync(file, "");
    const files = cacheFiles(join(file, "sub"));
    expect(() => files.write("landmarks-k.bin", "x")).not.toThrow();
    expect(files.read("landmarks-k.bin")).toBeUndefined();
  });

  it("deletes its files nobody has used for a week when it writes; keeps the ones in use and others'", () => {
    const dir = freshDir();
    const files = cacheFiles(dir);
    const names = ["landmarks-old.bin", "passage-ways-out-old-1-2.json", "landmarks-used.bin"];
    for (const name of names) files.write(name, "x");
    writeFileSync(join(dir, "kafka-3.9.2.tgz"), "a download kept in the same directory");
    const longAgo = new Date(Date.now() - (PRUNE_AFTER_DAYS + 1) * 86_400_000);
    for (const name of [...names, "kafka-3.9.2.tgz"]) utimesSync(join(dir, name), longAgo, longAgo);
    expect(files.read("landmarks-used.bin")?.toString()).toBe("x"); // a read marks it as used
    files.write("network-geometry-new.json", "{}");
    expect(readdirSync(dir).sort()).toEqual([
      "kafka-3.9.2.tgz",
      "landmarks-used.bin",
      "network-geometry-new.json",
    ]);
  });
});
