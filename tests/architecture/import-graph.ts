import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The project's import graph, read with the TypeScript compiler's own pre-processor (every
 * `import`, `export ... from` and `import()` with a relative specifier, type-only ones included:
 * a type-only cycle still ties its files together for a reader).
 */
export interface ImportGraph {
  /** Repository-relative paths of the .ts files scanned. */
  files: string[];
  /** file -> the files it imports. */
  imports: Map<string, Set<string>>;
}

export const ROOT = resolve(import.meta.dirname, "../..");

export function importGraph(dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap((d) => tsFiles(join(ROOT, d))).map((f) => relative(ROOT, f));
  const known = new Set(files);
  const imports = new Map<string, Set<string>>();
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), "utf8");
    const targets = new Set<string>();
    for (const ref of ts.preProcessFile(source, true, true).importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const target = resolveModule(file, ref.fileName, known);
      if (target) targets.add(target);
    }
    imports.set(file, targets);
  }
  return { files, imports };
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveModule(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = join(dirname(from), specifier).replace(/\.js$/, "");
  return [`${base}.ts`, join(base, "index.ts")].find((candidate) => known.has(candidate));
}

/** Strongly connected components with more than one file (Tarjan, 1972): the import cycles. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.imports.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return cycles;
}
