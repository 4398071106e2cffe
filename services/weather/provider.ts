import { LRUCache } from "lru-cache";
import {
  type SyntheticClimate,
  syntheticClimate,
  syntheticForecast,
} from "../engine/weather/synthetic";
import type { PartialWeatherField, WeatherField } from "../engine/weather/types";
import { keptClimatologyGrid } from "./climatology-file";
import type { CycleManifest, CycleStore } from "./cycle-store";
import { toWeatherField } from "./gridded/weather-field";
import { weatherModel } from "./models";

/** A model's cycle or member that is not available here. */
export class WeatherUnavailableError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = "WeatherUnavailableError";
  }
}

/** Fields kept ready (a synthetic member costs little to make, a stored one a file read). */
const CACHE_FIELDS = 128;

/**
 * Weather fields by (model, cycle, member): the synthetic generator for `synthetic`, the cycle
 * store for ingested models. A stored cycle whose model lacks some conditions (GFS and GEFS
 * atmospheric files carry no waves) is a PartialWeatherField: scoring makes it whole
 * (services/underwriting/weather-choice.ts) before the engine reads it.
 */
export class WeatherProvider {
  private climate?: SyntheticClimate;
  private readonly cache = new LRUCache<string, WeatherField | PartialWeatherField>({
    max: CACHE_FIELDS,
  });

  constructor(
    private readonly store: CycleStore,
    /** Where the synthetic climate's grid is kept (ROUTING_CACHE_DIR; "": computed each time). */
    private readonly cacheDir = "",
  ) {}

  /** The synthetic world (its truth is the synthetic reanalysis); built once, on first use. */
  syntheticWorld(): SyntheticClimate {
    this.climate ??= syntheticClimate({ climatology: keptClimatologyGrid(this.cacheDir) });
    return this.climate;
  }

  /** Every cycle in the store (what the fallback sources of a missing condition are chosen from). */
  storedCycles(): Promise<CycleManifest[]> {
    return this.store.manifests();
  }

  async field(
    model: string,
    cycleMs: number,
    member: number,
  ): Promise<WeatherField | PartialWeatherField> {
    const key = `${model}|${cycleMs}|${member}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const info = weatherModel(model);
    if (!info) throw new WeatherUnavailableError(`unknown weather model '${model}'`, { model });
    if (!Number.isInteger(member) || member < 0 || member >= info.members) {
      throw new WeatherUnavailableError(
        `member ${member} is not one of ${model}'s ${info.members} members (0-${info.members - 1})`,
        { model, member },
      );
    }
    let field: WeatherField | PartialWeatherField;
    if (info.synthetic) {
      field = syntheticForecast({
        model,
        cycleMs,
        member,
        horizonH: info.horizon_h,
        climate: this.syntheticWorld(),
      });
    } else {
      const manifest = (await this.store.manifests()).find(
        (m) => m.model === model && m.cycle_ms === cycleMs,
      );
      if (!manifest?.members.includes(member)) {
        throw new WeatherUnavailableError(
          `${model} cycle ${new Date(cycleMs).toISOString()} member ${member} is not in the weather store`,
          { model, cycle_utc: new Date(cycleMs).toISOString(), member },
        );
      }
      field = toWeatherField(await this.store.member(model, cycleMs, member));
    }
    this.cache.set(key, field);
    return field;
  }
}
