// Prints one closing line for the whole suite from vitest's JSON reports, and fails when a
// report is missing, a test was skipped, or the integration project ran nothing.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing test report ${file}`);
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(file, "utf8"));
  const name = file.replace(/^.*\/|\.json$/g, "");
  console.log(
    `${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped (${r.numTotalTestSuites} suites)`,
  );
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) {
    console.log(`${name}: no test ran`);
    ok = false;
  }
}
if (skipped > 0) {
  console.log(`${skipped} skipped tests: a skipped test is not a passing one`);
  ok = false;
}
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
