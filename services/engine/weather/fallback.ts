import {
  CONDITIONS,
  type Condition,
  type PartialWeatherField,
  type SeaConditions,
  type WeatherField,
} from "./types";

/**
 * A weather field made whole from several sources: each condition comes from the first source,
 * in the order given, that has it and may serve it. The first source is the field being made
 * whole (the scored model's cycle); the caller decides the order of the rest and what each may
 * serve (docs/weather.md, "Missing conditions").
 *
 * The plan (which source serves which condition) is made once, so reading the result costs the
 * primary's read plus one read of each other source that serves something, and no test for a
 * missing value: a source serves a condition everywhere or nowhere.
 */
export interface ConditionSource {
  /** Names the source in response metadata (e.g. "gfs-wave cycle 2024-01-15T00:00:00.000Z"). */
  readonly label: string;
  readonly field: WeatherField | PartialWeatherField;
  /** The conditions this source may serve (default: every one it has). */
  readonly serves?: readonly Condition[];
}

/** Which source (by label) serves each condition. */
export type ConditionSources = Record<Condition, string>;

export type Completion =
  | { readonly complete: true; readonly field: WeatherField; readonly servedBy: ConditionSources }
  | {
      readonly complete: false;
      /** Conditions no source may serve. */
      readonly unresolved: readonly Condition[];
      readonly servedBy: Partial<ConditionSources>;
    };

/** The conditions a field lacks (none for a WeatherField). */
export function missingOf(field: WeatherField | PartialWeatherField): readonly Condition[] {
  return field.missing ?? [];
}

export function withFallbacks(
  sources: readonly [ConditionSource, ...ConditionSource[]],
): Completion {
  const serving = new Map<Condition, number>();
  for (const condition of CONDITIONS) {
    const i = sources.findIndex(
      (s) =>
        !missingOf(s.field).includes(condition) && (s.serves ?? CONDITIONS).includes(condition),
    );
    if (i >= 0) serving.set(condition, i);
  }
  const servedBy: Partial<ConditionSources> = {};
  for (const [condition, i] of serving) servedBy[condition] = (sources[i] as ConditionSource).label;
  const unresolved = CONDITIONS.filter((c) => !serving.has(c));
  if (unresolved.length > 0) return { complete: false, unresolved, servedBy };

  const primary = sources[0].field;
  const complete = servedBy as ConditionSources;
  const others = [...new Set(serving.values())].filter((i) => i !== 0).sort((a, b) => a - b);
  if (others.length === 0) {
    if (primary.missing === undefined)
      return { complete: true, field: primary, servedBy: complete };
    // A partial field that lacks nothing: the same reads, typed whole.
    return {
      complete: true,
      servedBy: complete,
      field: {
        label: primary.label,
        ...(primary.maxCurrentKts === undefined ? {} : { maxCurrentKts: primary.maxCurrentKts }),
        at: (lat, lon, timeMs) => primary.at(lat, lon, timeMs),
      },
    };
  }

  const parts = others.map((i) => ({
    field: (sources[i] as ConditionSource).field,
    label: (sources[i] as ConditionSource).label,
    conditions: CONDITIONS.filter((c) => serving.get(c) === i),
  }));
  // Swell is a part of the sea: from a source other than the one giving Hs (climatology beside a
  // forecast) it is kept no higher than that Hs.
  const capSwell = serving.get("swell_hs_m") !== serving.get("hs_m");
  const currents = (sources[serving.get("current_kts") as number] as ConditionSource).field;
  // A partial field's read is a new object (PartialWeatherField.at), filled in place; a whole
  // field's (one whose `serves` was narrowed) may be shared, so it is copied.
  const fresh = primary.missing !== undefined;
  const read = (lat: number, lon: number, timeMs: number): SeaConditions => {
    const out = fresh ? primary.at(lat, lon, timeMs) : { ...primary.at(lat, lon, timeMs) };
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p] as (typeof parts)[number];
      const from = part.field.at(lat, lon, timeMs);
      const conditions = part.conditions;
      for (let k = 0; k < conditions.length; k++) {
        const c = conditions[k] as Condition;
        out[c] = from[c];
      }
    }
    if (capSwell && out.swell_hs_m > out.hs_m) out.swell_hs_m = out.hs_m;
    return out;
  };
  return {
    complete: true,
    servedBy: complete,
    field: {
      label: [
        primary.label,
        ...parts.map((p) => `${p.conditions.join(", ")} from ${p.label}`),
      ].join("; "),
      ...(currents.maxCurrentKts === undefined ? {} : { maxCurrentKts: currents.maxCurrentKts }),
      at: read,
    },
  };
}
