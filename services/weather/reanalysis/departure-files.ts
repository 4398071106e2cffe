import { createHash } from "node:crypto";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheFiles } from "../../routing/cache-files";
import { fingerprintOf, networkInputsFingerprint } from "../../routing/network-inputs";
import type { DepartureExposure } from "./port";

/**
 * The embedded reanalysis's departure sets kept on disk (ROUTING_CACHE_DIR): a lane's 47 years
 * of departures are computed from the synthetic climate in seconds the first time (embedded.ts),
 * and a restarted process, or another scoring thread, asked the same reads them instead.
 *
 * A set is named by everything it is computed from: the query (route samples, month, years,
 * vessel), the grid and the climate (`scope`), and the fingerprint of the code and data behind
 * them (the engine, which holds the synthetic climate and the exposure, the reanalysis modules,
 * the grid's coastline; network-inputs.ts) and of the JavaScript engine, whose Math functions'
 * last bits the climate goes through. JSON keeps every number exactly; a file that does not parse
 * as a set is computed again (cache-files.ts: a cache that cannot be read is a cache that is
 * missing).
 */
export interface DepartureSetStore {
  load(key: string): DepartureExposure[] | undefined;
  save(key: string, set: readonly DepartureExposure[]): void;
}

export function fileDepartureSets(dir: string): DepartureSetStore {
  const files = cacheFiles(dir);
  const name = (key: string) => `departures-${inputs()}-${key}.json`;
  return {
    load(key) {
      const bytes = files.read(name(key));
      if (!bytes) return undefined;
      try {
        const set: unknown = JSON.parse(bytes.toString("utf8"));
        return Array.isArray(set) && set.every(isDeparture) ? set : undefined;
      } catch {
        return undefined;
      }
    },
    save(key, set) {
      files.write(name(key), JSON.stringify(set));
    },
  };
}

/** A query's key within a store: a hash of the query and of the scope it is answered in. */
export function departureSetKey(scope: unknown, query: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([scope, query]))
    .digest("hex")
    .slice(0, 32);
}

let fingerprint: string | undefined;
function inputs(): string {
  fingerprint ??= createHash("sha256")
    .update(networkInputsFingerprint())
    .update(fingerprintOf([dirname(fileURLToPath(import.meta.url))], []))
    .update(process.versions.v8)
    .digest("hex")
    .slice(0, 20);
  return fingerprint;
}

function isDeparture(d: unknown): d is DepartureExposure {
  if (typeof d !== "object" || d === null) return false;
  const { year, day, departure_utc, exposure } = d as Record<string, unknown>;
  return (
    typeof year === "number" &&
    typeof day === "number" &&
    typeof departure_utc === "string" &&
    typeof exposure === "object" &&
    exposure !== null &&
    typeof (exposure as { hours?: unknown }).hours === "number"
  );
}
