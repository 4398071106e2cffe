import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./import-graph";

/**
 * One direction of dependency: the HTTP layer (services/api) sits on top, and only what serves
 * it (the app's entry points) imports it; no import cycle among production modules; and the
 * helpers only tests use live under tests/, not beside the code.
 */
const graph = importGraph(["services", "streams", "tests", "bench", "scripts"]);
const isTestSide = (f: string) =>
  f.endsWith(".test.ts") || f.startsWith("tests/") || f.startsWith("bench/");
/** The entry points that assemble the API: the server, the process and the CLI. */
const API_ASSEMBLERS = new Set(["services/serve.ts", "services/main.ts", "services/cli.ts"]);

describe("the import graph", () => {
  it("has no import into services/api from a layer below it", () => {
    const upward = [...graph.imports]
      .filter(([from]) => !from.startsWith("services/api/") && !isTestSide(from))
      .filter(([from]) => !API_ASSEMBLERS.has(from))
      .flatMap(([from, targets]) =>
        [...targets].filter((t) => t.startsWith("services/api/")).map((t) => `${from} -> ${t}`),
      );
    expect(upward).toEqual([]);
  });

  it("has no import cycle among production modules (type-only imports included)", () => {
    const production = { ...graph, files: graph.files.filter((f) => !isTestSide(f)) };
    expect(importCycles(production)).toEqual([]);
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const files = ["a.ts", "b.ts", "c.ts"];
    const imports = new Map([
      ["a.ts", new Set(["b.ts"])],
      ["b.ts", new Set(["c.ts"])],
      ["c.ts", new Set(["a.ts"])],
    ]);
    expect(importCycles({ files, imports })).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("has no module under services/ that only tests and benches import", () => {
    const importers = new Map<string, string[]>();
    for (const [from, targets] of graph.imports) {
      for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), from]);
    }
    const testOnly = graph.files.filter((f) => {
      if (!f.startsWith("services/") || f.endsWith(".test.ts")) return false;
      const by = importers.get(f) ?? [];
      return by.length > 0 && by.every(isTestSide);
    });
    expect(testOnly).toEqual([]);
  });
});
