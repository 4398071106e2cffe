import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileLandmarkStore, PRUNE_AFTER_DAYS } from "./landmark-store";

const set = {
  nodes: [3, 1, 4],
  distances: [
    Float32Array.from([0, 1.5, Number.POSITIVE_INFINITY, 2]),
    Float32Array.from([7, 0, 1, 1e6]),
    Float32Array.from([0.25, 0.5, 0.75, 0]),
  ],
};

describe("fileLandmarkStore", () => {
  it("reads back exactly the set it wrote, under its key only", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "landmarks-")), "nested");
    const store = fileLandmarkStore(dir);
    expect(store.load("abc")).toBeUndefined();
    store.save("abc", set);
    expect(store.load("abc")).toEqual(set);
    expect(store.load("abd")).toBeUndefined();
    // Written under a temporary name and renamed: no temporary file is left behind.
    expect(readdirSync(dir)).toEqual(["landmarks-abc.bin"]);
  });

  it("treats a truncated or foreign file as missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "landmarks-"));
    const store = fileLandmarkStore(dir);
    store.save("k", set);
    const file = join(dir, "landmarks-k.bin");
    writeFileSync(file, readFileSync(file).subarray(0, 40));
    expect(store.load("k")).toBeUndefined();
    writeFileSync(file, "not a landmark file");
    expect(store.load("k")).toBeUndefined();
  });

  it("skips saving where it cannot write, and still answers", () => {
    // A directory under a regular file cannot be made, whoever runs the test.
    const file = join(mkdtempSync(join(tmpdir(), "landmarks-")), "a-file");
    writeFileSync(file, "");
    const store = fileLandmarkStore(join(file, "sub"));
    expect(() => store.save("k", set)).not.toThrow();
    expect(store.load("k")).toBeUndefined();
  });

  it("deletes sets nobody has used for a week when it saves, and keeps the ones in use", () => {
    const dir = mkdtempSync(join(tmpdir(), "landmarks-"));
    const store = fileLandmarkStore(dir);
    store.save("old", set);
    store.save("used", set);
    const longAgo = new Date(Date.now() - (PRUNE_AFTER_DAYS + 1) * 86_400_000);
    for (const key of ["old", "used"])
      utimesSync(join(dir, `landmarks-${key}.bin`), longAgo, longAgo);
    writeFileSync(join(dir, "notes.txt"), "not ours");
    utimesSync(join(dir, "notes.txt"), longAgo, longAgo);
    expect(store.load("used")).toEqual(set); // a read marks the set as used
    store.save("new", set);
    expect(readdirSync(dir).sort()).toEqual([
      "landmarks-new.bin",
      "landmarks-used.bin",
      "notes.txt",
    ]);
  });
});
