import { ClimatologyLattice } from "../engine/weather/climatology-lattice";
import {
  type ConditionSource,
  type ConditionSources,
  missingOf,
  withFallbacks,
} from "../engine/weather/fallback";
import {
  CONDITIONS,
  type Condition,
  type PartialWeatherField,
  type WeatherField,
} from "../engine/weather/types";
import { AppError } from "../platform/errors";
import {
  type CycleInfo,
  type CycleRegistry,
  cycleSourceLabel,
  STALE_AFTER_CADENCES,
} from "../weather/cycle-registry";
import { missingConditions } from "../weather/gridded/weather-field";
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

/** Every member field of a cycle (control first), as stored: some may lack conditions. */
export async function memberFields(
  provider: WeatherProvider,
  cycle: CycleInfo,
): Promise<Array<WeatherField | PartialWeatherField>> {
  return Promise.all(
    Array.from({ length: cycle.members }, (_, m) => provider.field(cycle.model, cycle.cycleMs, m)),
  );
}

/**
 * Where a condition the scored cycle lacks comes from, in this order (docs/weather.md, "Missing
 * conditions"):
 *
 * 1. Another model's current cycle that has it: the newest cycle in the store begun by the
 *    score's clock and not stale (as chooseForecast judges the scored model), of the models
 *    below in turn. The same centre's models come first (NCEP's wave model, forced by the GFS
 *    winds, for NCEP's atmospheric models), then the other centre's. Member m of the scored
 *    cycle reads member m of the other cycle when it has one, its control otherwise.
 * 2. Climatology (MONTHLY_CLIMATOLOGY: the synthetic climate tables' monthly means, labelled
 *    so, read through a ClimatologyLattice), for every condition but the significant wave
 *    height and the wind speed. Those two are what the index and the speed loss stand on, and
 *    inside a forecast's reach a month's mean sea beside a forecast gale scores a calm sea by
 *    another name; with no forecast of one of them the voyage is refused (weather_incomplete),
 *    never scored on a flat sea.
 *
 * The synthetic model is no fallback: its storms are invented, so they must not enter a score
 * on real weather.
 */
export const FALLBACK_MODELS: Readonly<Record<string, readonly string[]>> = {
  gefs: ["gfs-wave", "gfs", "ecmwf-ens"],
  gfs: ["gfs-wave", "gefs", "ecmwf-ens"],
  "gfs-wave": ["gfs", "gefs", "ecmwf-ens"],
  "ecmwf-ens": ["gfs-wave", "gefs", "gfs"],
};

/** What climatology may serve in place of a forecast (see FALLBACK_MODELS). */
export const CLIMATOLOGY_SERVES: readonly Condition[] = CONDITIONS.filter(
  (c) => c !== "hs_m" && c !== "wind_kts",
);

/** One lattice per process (per scoring thread): its nodes serve every score made there. */
const climatologyLattice = new ClimatologyLattice();

/** The last source of a missing condition (see FALLBACK_MODELS). */
export function climatologySource(): ConditionSource {
  return { label: climatologyLattice.label, field: climatologyLattice, serves: CLIMATOLOGY_SERVES };
}

/** Which source served each condition of an ensemble's cycle (response metadata). */
export interface ConditionSourcesReport {
  /** The cycle scored (cycleSourceLabel). */
  ensemble: string;
  /** The conditions that cycle lacks. */
  missing: Condition[];
  served_by: ConditionSources;
}

export interface CompleteMembers {
  members: WeatherField[];
  sources: ConditionSourcesReport;
}

/**
 * Every member of a cycle, each made whole from the sources in FALLBACK_MODELS' order; throws
 * weather_incomplete (503) when no source may serve a condition.
 */
export async function completeMembers(
  provider: WeatherProvider,
  cycle: CycleInfo,
  nowMs: number,
): Promise<CompleteMembers> {
  const fields = await memberFields(provider, cycle);
  const own = cycleSourceLabel(cycle);
  const missing = CONDITIONS.filter((c) => fields.some((f) => missingOf(f).includes(c)));
  if (missing.length === 0 && fields.every((f): f is WeatherField => f.missing === undefined)) {
    const served_by = Object.fromEntries(CONDITIONS.map((c) => [c, own])) as ConditionSources;
    return { members: fields, sources: { ensemble: own, missing, served_by } };
  }
  const fallbacks =
    missing.length === 0 ? [] : await fallbackCycles(provider, cycle, missing, nowMs);
  const members: WeatherField[] = [];
  let served_by: ConditionSources | undefined;
  for (const [m, field] of fields.entries()) {
    const others = await Promise.all(
      fallbacks.map(async (f) => ({
        label: cycleSourceLabel(f.cycle),
        field: await provider.field(f.cycle.model, f.cycle.cycleMs, f.memberFor(m)),
      })),
    );
    const done = withFallbacks([{ label: own, field }, ...others, climatologySource()]);
    if (!done.complete) {
      throw new AppError(
        "weather_incomplete",
        `no source has ${done.unresolved.join(" or ")} for the ${cycle.model} cycle ` +
          `${new Date(cycle.cycleMs).toISOString()}: its model lacks them, no current cycle of ` +
          `${(FALLBACK_MODELS[cycle.model] ?? []).join(", ") || "another model"} has them, and ` +
          "climatology does not stand in for them; the voyage is not scored on a flat sea",
        {
          model: cycle.model,
          cycle_utc: new Date(cycle.cycleMs).toISOString(),
          missing: done.unresolved,
          fallback_models: FALLBACK_MODELS[cycle.model] ?? [],
          retry_after_s: 300,
        },
      );
    }
    members.push(done.field);
    served_by ??= done.servedBy;
  }
  return {
    members,
    sources: { ensemble: own, missing, served_by: served_by as ConditionSources },
  };
}

interface FallbackCycle {
  cycle: CycleInfo;
  memberFor(member: number): number;
}

/**
 * The current cycles of the fallback models that have some of `missing`, in FALLBACK_MODELS'
 * order, each kept only if it has a condition no earlier one has (read from the manifests, so
 * only the cycles used are loaded).
 */
async function fallbackCycles(
  provider: WeatherProvider,
  cycle: CycleInfo,
  missing: readonly Condition[],
  nowMs: number,
): Promise<FallbackCycle[]> {
  const stored = await provider.storedCycles();
  let wanted = [...missing];
  const out: FallbackCycle[] = [];
  for (const model of FALLBACK_MODELS[cycle.model] ?? []) {
    if (wanted.length === 0) break;
    const cadence = weatherModel(model)?.cadence_h ?? 6;
    const current = stored
      .filter(
        (c) =>
          c.model === model &&
          c.cycle_ms <= nowMs &&
          nowMs - c.cycle_ms <= STALE_AFTER_CADENCES * cadence * 3_600_000,
      )
      .at(-1); // manifests() sorts by model, then cycle time
    if (!current) continue;
    const lacks = missingConditions(current.parameters);
    const serves = wanted.filter((c) => !lacks.includes(c));
    if (serves.length === 0) continue;
    wanted = wanted.filter((c) => lacks.includes(c));
    const members = current.members;
    out.push({
      cycle: {
        model,
        cycleMs: current.cycle_ms,
        members: members.length,
        resolutionDeg: current.resolution_deg,
        horizonH: current.horizon_h,
        synthetic: false,
        source: null,
        landedAtMs: Date.parse(current.ingested_at_utc),
      },
      memberFor: (m) => (members.includes(m) ? m : (members[0] as number)),
    });
  }
  return out;
}
