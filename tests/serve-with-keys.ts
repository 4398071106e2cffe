import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../services/platform/config";
import { type Served, type ServeOptions, serve } from "../services/serve";
import { testClock } from "./test-clock";

/**
 * The embedded server for an API test: exactly these keys (API_KEYS_FILE) and a weather
 * folder of its own, silent, on a free port, on the tests' clock (`Served.now`: departures and
 * cycles a test makes up are relative to it); `env` adds or overrides settings, `options` e.g.
 * a log destination (set LOG_LEVEL in `env` to see anything).
 *
 * One scoring thread unless `env` asks for more: the test runner already runs two files at once
 * on two cores, and every scoring thread builds its own routing network and fills its own
 * reanalysis cache (about 5 s of CPU each), so a second thread per server only made every
 * file slower. Tests of the threads themselves set SCORING_THREADS. Nor does the thread warm up
 * at start-up (SCORING_WARM_UP): most servers of a test file score little or nothing, and the
 * files run two at a time on the two cores.
 */
export function serveWithKeys(
  label: string,
  keys: Array<{ key: string; plan: string; scopes?: string[]; label?: string }>,
  env: Record<string, string> = {},
  options: Omit<ServeOptions, "now"> = {},
): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`));
  const keysFile = join(dir, "keys.json");
  writeFileSync(keysFile, JSON.stringify(keys));
  return serve(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "silent",
      SCORING_THREADS: "1",
      SCORING_WARM_UP: "false",
      API_KEYS_FILE: keysFile,
      WEATHER_DIR: join(dir, "weather"),
      ...env,
    }),
    { now: testClock(), ...options },
  );
}
