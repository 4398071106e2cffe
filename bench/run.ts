import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { apiSuite } from "./api.bench";
import { busSuite } from "./bus.bench";
import type { BenchSuite, Figure } from "./figures";
import { memorySuite } from "./memory.bench";
import { plausibilitySuite } from "./plausibility.bench";
import { rescoreSuite } from "./rescore.bench";
import { routingSuite } from "./routing.bench";
import { sinkSuite } from "./sink.bench";
import { startupSuite } from "./startup.bench";
import { weatherSuite } from "./weather.bench";

/**
 * `npm run bench [suite…]`: prints a table and writes every figure to bench/results.json.
 * Throughputs are compared with a ceiling measured in the same run, never with fixed numbers.
 */
const SUITES: BenchSuite[] = [
  busSuite,
  sinkSuite,
  routingSuite,
  weatherSuite,
  apiSuite,
  startupSuite,
  plausibilitySuite,
  rescoreSuite,
  memorySuite,
];

const root = resolve(import.meta.dirname, "..");
const wanted = process.argv.slice(2);
const suites = SUITES.filter((s) => wanted.length === 0 || wanted.includes(s.name));

if (suites.some((s) => s.needsInfra)) {
  const status = spawnSync("bash", [resolve(root, "deploy/local/status.sh")], { stdio: "ignore" });
  if (status.status !== 0) {
    const up = spawnSync("bash", [resolve(root, "deploy/local/up.sh")], { stdio: "inherit" });
    if (up.status !== 0)
      throw new Error("deploy/local/up.sh failed: the benchmarks need the real infrastructure");
  }
}

const results: Array<Figure & { suite: string }> = [];
for (const suite of suites) {
  process.stdout.write(`running ${suite.name}…\n`);
  for (const f of await suite.run()) results.push({ suite: suite.name, ...f });
}

const rows = results.map((f) => [
  f.suite,
  f.name,
  `${f.value} ${f.unit}`,
  f.ceiling ? `${f.ceiling.value} ${f.unit} (${f.ceiling.name})` : "",
  f.ratio === undefined ? "" : f.ratio.toFixed(3),
  f.target ? `${f.target}: ${f.met ? "met" : "NOT met"}` : "",
]);
const header = ["suite", "figure", "value", "ceiling / peer (same run)", "ratio", "target"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
process.stdout.write(
  `\n${line(header)}\n${line(widths.map((w) => "-".repeat(w)))}\n${rows.map(line).join("\n")}\n`,
);

mkdirSync(resolve(root, "bench"), { recursive: true });
const out = {
  generated_at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  figures: results,
};
writeFileSync(resolve(root, "bench/results.json"), `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write(`\nwrote bench/results.json (${results.length} figures)\n`);
process.exit(0);
