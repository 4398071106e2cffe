import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fileLandmarkStore } from "./landmark-store";

const set = {
  nodes: [3, 1, 4],
  distances: [
    Float32Array.from([0, 1.5, Number.POSITIVE_INFINITY, 2]),
    Float32Array.from([7, 0, 1, 1e6]),
    Float32Array.from([0.25, 0.5, 0.75, 0]),
  ],
};

// Writing, pruning and unwritable directories are cache-files.ts's, tested there.
describe("fileLandmarkStore", () => {
  it("reads back exactly the set it wrote, under its key only", () => {
    const dir = mkdtempSync(join(tmpdir(), "landmarks-"));
    const store = fileLandmarkStore(dir);
    expect(store.load("abc")).toBeUndefined();
    store.save("abc", set);
    expect(store.load("abc")).toEqual(set);
    expect(store.load("abd")).toBeUndefined();
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
});
