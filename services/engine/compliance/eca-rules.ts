/**
 * MARPOL Annex VI fuel-sulphur and NOx rules as they apply inside an ECA at a given time.
 *
 * Global sulphur cap (reg. 14.1): 4.50 % m/m from Annex VI's entry into force (19 May 2005),
 * 3.50 % from 1 Jan 2012 (revised Annex VI, MEPC.176(58), 2008), 0.50 % from 1 Jan 2020
 * (research notes: sjorettsfondet.no/journal/2017/482/m-382; ukpandi.com bulletin 699). The
 * ECA steps of each zone are in its regime (zones-eca.ts).
 */
import type { EcaRegime, SulphurStep } from "./zone-spec";

export const GLOBAL_SULPHUR_CAP: readonly SulphurStep[] = [
  { from: "2005-05-19", limit_pct: 4.5 },
  { from: "2012-01-01", limit_pct: 3.5 },
  { from: "2020-01-01", limit_pct: 0.5 },
];

function dateMs(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

/** The limit of the last step that has started by `ms`; null before the first step. */
export function stepAt(steps: readonly SulphurStep[], ms: number): SulphurStep | null {
  let found: SulphurStep | null = null;
  for (const s of steps) if (dateMs(s.from) <= ms) found = s;
  return found;
}

export interface EcaStatus {
  in_force: boolean;
  fuel_sulphur_limit_pct: number;
  eca_sulphur_limit_pct: number | null;
  eca_sulphur_limit_from: string | null;
}

/** The ECA's state when a ship is inside it at `ms`. */
export function ecaStatusAt(regime: EcaRegime, ms: number): EcaStatus {
  const inForce =
    regime.status !== "proposed" &&
    regime.effective_from !== null &&
    dateMs(regime.effective_from) <= ms;
  const global = stepAt(GLOBAL_SULPHUR_CAP, ms)?.limit_pct ?? 4.5;
  const ecaStep = inForce ? stepAt(regime.sulphur_steps, ms) : null;
  const final = regime.sulphur_steps[regime.sulphur_steps.length - 1] ?? null;
  return {
    in_force: inForce,
    // Inside an ECA the stricter of the ECA step and the global cap applies (an ECA whose
    // sulphur step has not started yet, e.g. the Canadian Arctic before 1 Mar 2027, has only
    // the global cap).
    fuel_sulphur_limit_pct: ecaStep === null ? global : Math.min(global, ecaStep.limit_pct),
    eca_sulphur_limit_pct: final?.limit_pct ?? null,
    eca_sulphur_limit_from: final?.from ?? null,
  };
}

/**
 * Whether NOx Tier III applies to the vessel: built_year (read as the year of construction,
 * MARPOL's keel-laying date) after the rule's year means yes, before means no; the same year as
 * a date other than 1 January, or no built_year, is not decisive (null).
 */
export function noxTierIII(
  regime: EcaRegime,
  builtYear: number | undefined,
): { applies_to: string; required: boolean | null } | null {
  const rule = regime.nox_tier_iii;
  if (rule === null) return null;
  if (builtYear === undefined) return { applies_to: rule.applies_to, required: null };
  const year = Number(rule.from.slice(0, 4));
  const startsOnNewYear = rule.from.slice(5) === "01-01";
  let required: boolean | null;
  if (builtYear > year) required = true;
  else if (builtYear < year) required = false;
  else required = startsOnNewYear ? true : null;
  return { applies_to: rule.applies_to, required };
}
