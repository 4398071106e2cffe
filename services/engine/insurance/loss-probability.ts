import { VESSEL_TYPES } from "../scoring/vessel-types";
import { isAbove, sampleHours } from "./exposure-hours";
import { poissonExactInterval } from "./poisson";

/**
 * Loss probability of the route-risk interface's insurance payload: the probability, for one
 * voyage, of minor damage, major damage and total loss, with 95% intervals on request.
 *
 * There is no incident corpus behind this: nothing here is fitted. The model is published
 * world-fleet base rates, turned into a rate per hour at sea, scaled by the voyage's weather
 * exposure with a documented, bounded and monotone multiplier, and accumulated over the voyage's
 * hours. Every figure below names its source; figures that could not be checked against the
 * source are marked UNVERIFIED and are said to be assumptions in the methodology text.
 *
 * Classes nest ("X or worse"), so total_loss <= major_damage <= minor_damage by construction:
 * - minor_damage: a marine casualty of any severity ("less serious" or worse in the IMO
 *   casualty-severity scale, MSC-MEPC.3/Circ.3, used by EMSA), i.e. minor damage or worse;
 * - major_damage: a "serious" or "very serious" casualty (e.g. the ship unfit to proceed, severe
 *   structural damage, towage or shore assistance needed, or loss of the ship), i.e. major
 *   damage or worse;
 * - total_loss: the ship lost (actual or constructive total loss).
 *
 * Base counts (world fleet of vessels over 100 GT):
 * - Total losses: 27 in 2024 and 35 in 2023 (the 2023 figure as revised in the later review):
 *   Allianz Commercial (formerly Allianz Global Corporate & Specialty, AGCS), Safety and Shipping
 *   Review 2025. 62 losses in 2 years.
 * - Reported shipping casualties or incidents of all severities: 3,310 in 2024 and 2,963 in
 *   2023: same review (data from Lloyd's List Intelligence). 6,273 in 2 years.
 * - Fleet: around 109,000 vessels of at least 100 GT at the start of 2024: UNCTAD (UN Trade and
 *   Development), UNCTADstat maritime transport data insights, 2024 (Review of Maritime
 *   Transport data). Used as the fleet for both years (it was a little smaller at the start of
 *   2023, so the rates are slightly low, by ~2%). UNCTAD's fleet and Allianz's loss population
 *   are counted by different bodies and need not match exactly (e.g. fishing vessels).
 * - Severity split of casualties: EMSA (European Maritime Safety Agency), Annual Overview of
 *   Marine Casualties and Incidents 2019, figures for 2018 (3,174 occurrences): 3.0% very
 *   serious, 25.9% serious, 53.5% less serious casualties, 17.6% marine incidents (no casualty).
 *   So serious or worse = 28.9% and any casualty = 82.4% of occurrences. EU-reported data applied
 *   to the world count: an assumption (EMSA's own very serious share was lower in 2023, 45 of
 *   2,676 occurrences, EMSA Annual Overview 2024).
 *
 * Per-voyage conversion: a ship-year at sea is 8760 h x AT_SEA_SHARE, AT_SEA_SHARE = 0.6
 * (UNVERIFIED assumption: roughly 220 days at sea a year for a trading ship; the IMO GHG studies
 * estimate days at sea per ship type, but the figure was not checked here). Every event is
 * attributed to sea time, which overstates the at-sea rate: EMSA (Annual Overview 2023) reports
 * that more than half of casualties and incidents 2014-2022 happened in internal waters (port
 * areas and other). Conservative, and said so in the methodology.
 *
 * Weather scaling: each voyage hour weighs 1, plus HEAVY_WEATHER_EXTRA (3) if it is in heavy
 * weather (Beaufort 8 or more, wind >= 34 kt, or Hs > 4 m, Douglas sea state 6 or more), plus
 * OVER_LIMIT_EXTRA (3) if Hs is above the vessel's wave limit and 3 more if wind is above its
 * wind limit: an hour weighs 1 to 10, so the voyage multiplier (weighted hours / transit hours)
 * lies in [1, 10] and never falls when any exposure rises. The weights are a judgement
 * (UNVERIFIED, not fitted): with an assumed 6% of fleet sea time in heavy weather
 * (REFERENCE_HEAVY_SHARE, UNVERIFIED), a 4x hourly risk puts ~20% of losses in heavy weather,
 * in line with AGCS's Safety and Shipping Review 2023, where extreme weather was reported as a
 * factor in at least 8 of the 38 total losses of 2022 (21%). The fleet-average rate already
 * contains that heavy weather, so the calm-weather hourly rate is the average divided by
 * 1 + 0.06 x 3 = 1.18: a voyage with the fleet's average heavy-weather share gets the fleet's
 * average rate.
 *
 * Probability: events as a Poisson process, p = 1 - exp(-rate x weighted hours), in [0, 1],
 * rising with duration and exposure. Intervals: Garwood's exact 95% Poisson interval on each
 * 2-year base count (on the severity share of the casualty count for the two damage classes),
 * carried through the same conversion and scaling. They cover counting uncertainty only, not
 * the assumptions above. Results are rounded to 3 significant figures (monotone rounding, so
 * ordering and containment survive it).
 */

export interface LossExposure {
  /** Hours in heavy weather: Beaufort 8 or more (wind >= 34 kt) or Hs > 4 m. */
  heavy_weather_h: number;
  /** Hours with Hs above the vessel's wave limit. */
  over_wave_limit_h: number;
  /** Hours with wind above the vessel's wind limit. */
  over_wind_limit_h: number;
}

export interface LossInput {
  /** In-transit hours of the voyage. */
  transit_h: number;
  exposure: LossExposure;
  /** Vessel type (scoring/vessel-types.ts); only qualifies the methodology text (see below). */
  vessel_type: string;
}

export type Interval = [number, number];

export interface LossSource {
  name: string;
  year: number;
  figure: string;
}

export interface LossProbability {
  minor_damage: number;
  major_damage: number;
  total_loss: number;
  intervals?: { minor_damage: Interval; major_damage: Interval; total_loss: Interval };
  methodology: string;
  sources: LossSource[];
}

// ---- Published figures -------------------------------------------------------------------

/** Allianz Commercial (AGCS), Safety and Shipping Review 2025: total losses, vessels > 100 GT. */
export const TOTAL_LOSSES = { 2023: 35, 2024: 27 } as const;
/** Allianz Commercial (AGCS), Safety and Shipping Review 2025: reported casualties/incidents. */
export const CASUALTIES_AND_INCIDENTS = { 2023: 2963, 2024: 3310 } as const;
/** UNCTAD, UNCTADstat data insights (2024): vessels of 100 GT and above, start of 2024. */
export const WORLD_FLEET_VESSELS = 109_000;
/** EMSA, Annual Overview of Marine Casualties and Incidents 2019 (2018 data): severity shares. */
export const EMSA_SEVERITY_SHARES = {
  very_serious: 0.03,
  serious: 0.259,
  less_serious: 0.535,
  marine_incident: 0.176,
} as const;

// ---- Assumptions (not published figures; flagged in the methodology) -------------------------

/** UNVERIFIED assumption: share of a ship-year spent at sea. */
export const AT_SEA_SHARE = 0.6;
/** UNVERIFIED assumption: share of fleet sea time in heavy weather (Beaufort 8+ / Hs > 4 m). */
export const REFERENCE_HEAVY_SHARE = 0.06;
/** Judgement: extra weight of an hour in heavy weather (it weighs 1 + 3 = 4). */
export const HEAVY_WEATHER_EXTRA = 3;
/** Judgement: extra weight of an hour above the vessel's wave limit, and of one above its wind limit. */
export const OVER_LIMIT_EXTRA = 3;
/** An hour weighs at most this much: 1 + 3 + 3 + 3. */
export const MAX_MULTIPLIER = 1 + HEAVY_WEATHER_EXTRA + 2 * OVER_LIMIT_EXTRA;

/** Heavy weather: Beaufort 8 (gale, 34-40 kt) or more, or Hs above 4 m (Douglas 6+). */
export const HEAVY_WEATHER = { wind_kts_at_least: 34, hs_m_above: 4 } as const;

const HOURS_PER_YEAR = 8760;
const YEARS = 2;
const SHIP_HOURS_AT_SEA = WORLD_FLEET_VESSELS * YEARS * HOURS_PER_YEAR * AT_SEA_SHARE;
const CALM_NORMALISER = 1 + REFERENCE_HEAVY_SHARE * HEAVY_WEATHER_EXTRA;

const SHARE_MAJOR = EMSA_SEVERITY_SHARES.very_serious + EMSA_SEVERITY_SHARES.serious;
const SHARE_MINOR = SHARE_MAJOR + EMSA_SEVERITY_SHARES.less_serious;

/** The 2-year base counts of each class (the damage classes are shares of a count). */
export const BASE_COUNTS = {
  total_loss: TOTAL_LOSSES[2023] + TOTAL_LOSSES[2024],
  major_damage: (CASUALTIES_AND_INCIDENTS[2023] + CASUALTIES_AND_INCIDENTS[2024]) * SHARE_MAJOR,
  minor_damage: (CASUALTIES_AND_INCIDENTS[2023] + CASUALTIES_AND_INCIDENTS[2024]) * SHARE_MINOR,
} as const;

type LossClass = keyof typeof BASE_COUNTS;
const CLASSES: readonly LossClass[] = ["minor_damage", "major_damage", "total_loss"];

/** Calm-weather rate per hour at sea implied by an event count over the 2 years. */
function hourlyRate(count: number): number {
  return count / SHIP_HOURS_AT_SEA / CALM_NORMALISER;
}

/** Base calm-weather rates per hour at sea (exported for transparency and tests). */
export const BASE_HOURLY_RATES: Readonly<Record<LossClass, number>> = {
  minor_damage: hourlyRate(BASE_COUNTS.minor_damage),
  major_damage: hourlyRate(BASE_COUNTS.major_damage),
  total_loss: hourlyRate(BASE_COUNTS.total_loss),
};

/**
 * Garwood exact 95% intervals on the base counts, as calm-weather hourly rates. Constants of the
 * published figures, computed once when the module loads (pure: same figures, same numbers).
 */
export const BASE_HOURLY_RATE_INTERVALS: Readonly<Record<LossClass, Interval>> = (() => {
  const out = {} as Record<LossClass, Interval>;
  for (const c of CLASSES) {
    const [lo, hi] = poissonExactInterval(BASE_COUNTS[c], 0.95);
    out[c] = [hourlyRate(lo), hourlyRate(hi)];
  }
  return out;
})();

export const LOSS_SOURCES: readonly LossSource[] = [
  {
    name: "Allianz Commercial (Allianz Global Corporate & Specialty), Safety and Shipping Review 2025",
    year: 2025,
    figure: "27 total losses of vessels over 100 GT in 2024, 35 in 2023",
  },
  {
    name: "Allianz Commercial (Allianz Global Corporate & Specialty), Safety and Shipping Review 2025",
    year: 2025,
    figure: "3,310 reported shipping casualties or incidents in 2024, 2,963 in 2023",
  },
  {
    name: "UNCTAD (UN Trade and Development), UNCTADstat data insights: maritime transport",
    year: 2024,
    figure: "around 109,000 vessels of at least 100 GT in the world fleet at the start of 2024",
  },
  {
    name: "EMSA, Annual Overview of Marine Casualties and Incidents 2019",
    year: 2019,
    figure:
      "2018 occurrences by severity: 3.0% very serious, 25.9% serious, 53.5% less serious casualties, 17.6% marine incidents",
  },
  {
    name: "Allianz Global Corporate & Specialty (AGCS), Safety and Shipping Review 2023",
    year: 2023,
    figure: "extreme weather reported as a factor in at least 8 of the 38 total losses of 2022",
  },
  {
    name: "EMSA, Annual Overview of Marine Casualties and Incidents 2023",
    year: 2023,
    figure:
      "more than half of marine casualties and incidents 2014-2022 took place in internal waters (port area and other)",
  },
];

/** Vessel types at or below the 100 GT floor of the loss statistics (yachts and small craft). */
const SMALL_CRAFT_TYPES: ReadonlySet<string> = new Set([
  "yacht_motor",
  "sailing_monohull",
  "sailing_multihull",
]);

// ---- Model -------------------------------------------------------------------------------

function nonNegative(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}

/**
 * Weighted exposure hours: transit hours, plus HEAVY_WEATHER_EXTRA per heavy-weather hour and
 * OVER_LIMIT_EXTRA per hour above each of the vessel's limits. Inputs that are not finite and
 * non-negative count as 0; each exposure is capped at the transit hours. The result lies in
 * [transit_h, MAX_MULTIPLIER x transit_h] and never falls when an input rises.
 */
export function weightedExposureHours(input: Pick<LossInput, "transit_h" | "exposure">): number {
  const t = nonNegative(input.transit_h);
  const cap = (h: number) => Math.min(nonNegative(h), t);
  const e = input.exposure;
  return (
    t +
    HEAVY_WEATHER_EXTRA * cap(e.heavy_weather_h) +
    OVER_LIMIT_EXTRA * cap(e.over_wave_limit_h) +
    OVER_LIMIT_EXTRA * cap(e.over_wind_limit_h)
  );
}

/** Voyage multiplier on the calm-weather hourly rate: in [1, MAX_MULTIPLIER] (1 for no transit). */
export function exposureMultiplier(input: Pick<LossInput, "transit_h" | "exposure">): number {
  const t = nonNegative(input.transit_h);
  return t > 0 ? weightedExposureHours(input) / t : 1;
}

function probability(hourlyRate: number, weightedHours: number): number {
  // 1 - exp(-x), accurate for the small x met here.
  return Math.min(1, Math.max(0, -Math.expm1(-hourlyRate * weightedHours)));
}

/** To 3 significant figures: monotone, never turns a positive number into 0. */
function sig3(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(3));
}

export function lossProbability(
  input: LossInput,
  options: { intervals: boolean } = { intervals: false },
): LossProbability {
  const w = weightedExposureHours(input);
  const raw = {} as Record<LossClass, number>;
  for (const c of CLASSES) raw[c] = probability(BASE_HOURLY_RATES[c], w);
  // Nesting holds by the counts (5,169 > 1,813 > 62); enforced here as well, so that it survives
  // any future change of figures.
  raw.major_damage = Math.max(raw.major_damage, raw.total_loss);
  raw.minor_damage = Math.max(raw.minor_damage, raw.major_damage);

  const result: LossProbability = {
    minor_damage: sig3(raw.minor_damage),
    major_damage: sig3(raw.major_damage),
    total_loss: sig3(raw.total_loss),
    methodology: methodology(input),
    sources: LOSS_SOURCES.map((s) => ({ ...s })),
  };
  if (options.intervals) {
    const lo = {} as Record<LossClass, number>;
    const hi = {} as Record<LossClass, number>;
    for (const c of CLASSES) {
      const [rLo, rHi] = BASE_HOURLY_RATE_INTERVALS[c];
      lo[c] = probability(rLo, w);
      hi[c] = probability(rHi, w);
    }
    // The same nesting guard as the estimates (max keeps each bound on its side of the estimate).
    for (const b of [lo, hi]) {
      b.major_damage = Math.max(b.major_damage, b.total_loss);
      b.minor_damage = Math.max(b.minor_damage, b.major_damage);
    }
    const interval = (c: LossClass): Interval => [
      Math.min(sig3(lo[c]), result[c]),
      Math.max(sig3(hi[c]), result[c]),
    ];
    result.intervals = {
      minor_damage: interval("minor_damage"),
      major_damage: interval("major_damage"),
      total_loss: interval("total_loss"),
    };
  }
  return result;
}

/** At most one decimal, thousands separated by commas (no Intl: locale-free and cheap). */
function fmt(x: number): string {
  const [int, dec] = String(Math.round(x * 10) / 10).split(".");
  return (int as string).replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (dec ? `.${dec}` : "");
}

/** The plain-English account of how the figures were made, for the response's methodology. */
export function methodology(input: LossInput): string {
  const t = nonNegative(input.transit_h);
  const m = exposureMultiplier(input);
  const type = input.vessel_type;
  let vesselNote: string;
  if (SMALL_CRAFT_TYPES.has(type)) {
    vesselNote = ` The vessel type ${type} is mostly below the 100 GT floor of these statistics, so the figures are only indicative for it.`;
  } else if (!(VESSEL_TYPES as readonly string[]).includes(type)) {
    vesselNote = ` The vessel type "${type}" is not one of the known types; the all-fleet rates are used.`;
  } else {
    vesselNote = ` The rates are all-fleet averages; no adjustment is made for the vessel type (${type}).`;
  }
  return (
    "These probabilities are not fitted to an incident corpus: none is available to this service. " +
    "They are published world-fleet base rates scaled by this voyage's weather exposure. " +
    `Base counts: ${TOTAL_LOSSES[2024]} total losses of vessels over 100 GT in 2024 and ${TOTAL_LOSSES[2023]} in 2023, and ` +
    `${fmt(CASUALTIES_AND_INCIDENTS[2024])} and ${fmt(CASUALTIES_AND_INCIDENTS[2023])} reported shipping casualties or incidents ` +
    "(Allianz Commercial, Safety and Shipping Review 2025), against a world fleet of about " +
    `${fmt(WORLD_FLEET_VESSELS)} vessels of 100 GT and above (UNCTAD, 2024). The casualties are split by severity with ` +
    "EMSA's shares for 2018 (Annual Overview of Marine Casualties and Incidents 2019): " +
    `major damage or worse is a serious or very serious casualty (${fmt(SHARE_MAJOR * 100)}% of occurrences), ` +
    `minor damage or worse is a casualty of any severity (${fmt(SHARE_MINOR * 100)}%), so the three classes nest. ` +
    `Annual rates per ship become rates per hour at sea by assuming a ship is at sea ${fmt(AT_SEA_SHARE * 100)}% of the year ` +
    `(${fmt(HOURS_PER_YEAR * AT_SEA_SHARE)} h; an assumption, not verified against a source), and all events are attributed ` +
    "to sea time although EMSA reports more than half of casualties in internal waters, which errs on the high side. " +
    `Each voyage hour then weighs 1, plus ${HEAVY_WEATHER_EXTRA} in heavy weather (Beaufort 8 or more, or significant wave ` +
    `height above 4 m), plus ${OVER_LIMIT_EXTRA} above the vessel's wave limit and ${OVER_LIMIT_EXTRA} above its wind limit, ` +
    `so the exposure multiplier lies between 1 and ${MAX_MULTIPLIER}; these weights are a judgement, not fitted, chosen so ` +
    `that with an assumed ${fmt(REFERENCE_HEAVY_SHARE * 100)}% of fleet sea time in heavy weather about a fifth of losses ` +
    "fall in heavy weather, in line with Allianz's report that extreme weather was a factor in at least 8 of 38 total " +
    "losses in 2022; the fleet-average rate is divided by the resulting " +
    `${CALM_NORMALISER.toFixed(2)} to give the calm-weather rate. The probability is 1 - exp(-rate x weighted hours), so a ` +
    `longer voyage carries proportionally more exposure; this voyage: ${fmt(t)} transit hours, multiplier ` +
    `${m.toFixed(2)}. The 95% intervals are Garwood exact Poisson intervals on the two-year base counts carried ` +
    "through the same steps; they reflect counting uncertainty only, not the assumptions." +
    vesselNote
  );
}

/**
 * The loss model's input from a voyage's weather samples (route segments via
 * samplesFromSegments, ensemble members, reanalysis steps) and the vessel's limits. Hours follow
 * weatherExposureHours: finite positive hours only; a condition that is not a finite number
 * counts as not above any threshold.
 */
export function lossInputFromSamples(
  samples: ReadonlyArray<{ hours: number; wind_kts: number; hs_m: number }>,
  vessel: { max_wave_m: number; max_wind_kts: number; type: string },
): LossInput {
  let transit = 0;
  let heavy = 0;
  let overWave = 0;
  let overWind = 0;
  for (const s of samples) {
    const h = sampleHours(s);
    if (h === 0) continue;
    transit += h;
    const gale = Number.isFinite(s.wind_kts) && s.wind_kts >= HEAVY_WEATHER.wind_kts_at_least;
    if (gale || isAbove(s.hs_m, HEAVY_WEATHER.hs_m_above)) heavy += h;
    if (isAbove(s.hs_m, vessel.max_wave_m)) overWave += h;
    if (isAbove(s.wind_kts, vessel.max_wind_kts)) overWind += h;
  }
  return {
    transit_h: transit,
    exposure: { heavy_weather_h: heavy, over_wave_limit_h: overWave, over_wind_limit_h: overWind },
    vessel_type: vessel.type,
  };
}
