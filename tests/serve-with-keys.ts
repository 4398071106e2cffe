import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../services/platform/config";
import { type Served, serve } from "../services/serve";
import { testClock } from "./test-clock";

/**
 * The embedded server for an API test: exactly these keys (API_KEYS_FILE) and a weather
 * folder of its own, silent, on a free port, on the tests' clock (`Served.now`: departures and
 * cycles a test makes up are relative to it); `env` adds or overrides settings.
 */
export function serveWithKeys(
  label: string,
  keys: Array<{ key: string; plan: string; scopes: string[] }>,
  env: Record<string, string> = {},
): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`));
  const keysFile = join(dir, "keys.json");
  writeFileSync(keysFile, JSON.stringify(keys));
  return serve(
    loadConfig({
      PORT: "0",
      LOG_LEVEL: "silent",
      API_KEYS_FILE: keysFile,
      WEATHER_DIR: join(dir, "weather"),
      ...env,
    }),
    { now: testClock() },
  );
}
