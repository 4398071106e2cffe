import type { WeatherField } from "../engine/weather/types";
import type { CycleInfo, CycleRegistry } from "../weather/cycle-registry";
import { STALE_AFTER_CADENCES } from "../weather/cycle-registry";
import { weatherModel } from "../weather/models";
import type { WeatherProvider } from "../weather/provider";

/**
 * Which forecast a score uses: the freshest usable ensemble, real before synthetic (GEFS, then
 * ECMWF ENS, then the synthetic GEFS-like model), and ECMWF ENS as a second ensemble beside GEFS
 * when both are current. "Usable" is what health calls not stale.
 */
const PRIMARY_ORDER = ["gefs", "ecmwf-ens", "synthetic"] as const;

export interface ForecastChoice {
  primary: CycleInfo;
  second?: CycleInfo;
}

export function chooseForecast(registry: CycleRegistry, nowMs: number): ForecastChoice | null {
  const usable = (model: string) => {
    // The newest cycle already begun (an admin may have landed synthetic cycles ahead of time).
    const latest = registry.cycles(model).find((c) => c.cycleMs <= nowMs);
    const cadence = weatherModel(model)?.cadence_h ?? 6;
    if (!latest) return undefined;
    return nowMs - latest.cycleMs <= STALE_AFTER_CADENCES * cadence * 3_600_000
      ? latest
      : undefined;
  };
  for (const model of PRIMARY_ORDER) {
    const primary = usable(model);
    if (!primary) continue;
    const second = model === "gefs" ? usable("ecmwf-ens") : undefined;
    return second ? { primary, second } : { primary };
  }
  return null;
}

/** Every member field of a cycle (control first). */
export async function memberFields(
  provider: WeatherProvider,
  cycle: CycleInfo,
): Promise<WeatherField[]> {
  return Promise.all(
    Array.from({ length: cycle.members }, (_, m) => provider.field(cycle.model, cycle.cycleMs, m)),
  );
}
