import { round } from "../round";
/**
 * A 0-100 "regulatory burden" figure for the VSI's regulatory dimension, from a compliance
 * report. It measures how much regulation the voyage meets, not whether the plan breaks it
 * (except for a planned speed above a limit). The formula is deliberately simple:
 *
 *   eca   = 40 x share of voyage time in in-force ECAs                    (0-40)
 *   polar = 15 + 10 x share of voyage time in polar waters, if entered    (0 or 15-25)
 *   tss   = 3 per traffic-separation-scheme transit, at most 15
 *   atba  = 8 per area-to-be-avoided transit, at most 16 (a plan through an ATBA departs from
 *           IMO routeing advice)
 *   pssa  = 3 per PSSA transit, at most 9
 *   speed = 5 per speed-restriction transit in season for a subject vessel (or one assumed
 *           subject), plus 5 more when the planned speed exceeds the limit, at most 15
 *   score = min(100, sum), rounded to one decimal
 *
 * Proposed ECAs and zones entered out of season do not count.
 */
import type { ComplianceReport, SpeedRestrictionFinding, ZoneFinding } from "./types";

export const BURDEN_WEIGHTS = {
  eca_time_share: 40,
  polar_base: 15,
  polar_time_share: 10,
  tss_per_transit: 3,
  tss_max: 15,
  atba_per_transit: 8,
  atba_max: 16,
  pssa_per_transit: 3,
  pssa_max: 9,
  speed_per_transit: 5,
  speed_exceeded: 5,
  speed_max: 15,
} as const;

export interface RegulatoryBurden {
  score: number;
  components: {
    eca: number;
    polar: number;
    tss: number;
    atba: number;
    pssa: number;
    speed: number;
  };
  description: string;
}

export function regulatoryBurden(report: ComplianceReport): RegulatoryBurden {
  const w = BURDEN_WEIGHTS;
  const voyageHours = report.summary.voyage_hours;
  const polarHours = report.polar_code.areas.reduce((s, a) => s + a.hours, 0);
  const polarShare = voyageHours > 0 ? Math.min(1, polarHours / voyageHours) : 0;
  const eca = w.eca_time_share * report.summary.eca_time_share;
  const polar = report.polar_code.applies ? w.polar_base + w.polar_time_share * polarShare : 0;
  const tssN = transits(report.traffic_separation_schemes);
  const atbaN = transits(report.areas_to_be_avoided);
  const pssaN = transits(report.pssas);
  const tss = Math.min(w.tss_max, w.tss_per_transit * tssN);
  const atba = Math.min(w.atba_max, w.atba_per_transit * atbaN);
  const pssa = Math.min(w.pssa_max, w.pssa_per_transit * pssaN);
  const active = report.speed_restrictions.filter(countsForSpeed);
  const speed = Math.min(
    w.speed_max,
    active.reduce(
      (s, f) =>
        s + w.speed_per_transit * f.transits.length + (f.exceeds_limit ? w.speed_exceeded : 0),
      0,
    ),
  );
  const components = {
    eca: round(eca, 1),
    polar: round(polar, 1),
    tss: round(tss, 1),
    atba: round(atba, 1),
    pssa: round(pssa, 1),
    speed: round(speed, 1),
  };
  const score = round(Math.min(100, eca + polar + tss + atba + pssa + speed), 1);
  return { score, components, description: describe(report, tssN, atbaN, pssaN, active) };
}

/** Just the figure. */
export function regulatoryBurdenScore(report: ComplianceReport): number {
  return regulatoryBurden(report).score;
}

function countsForSpeed(f: SpeedRestrictionFinding): boolean {
  // Out of season, or for a vessel the rule does not cover, a restriction carries no burden.
  return f.in_season && f.treated_as_subject;
}

function transits(findings: readonly ZoneFinding[]): number {
  return findings.reduce((s, f) => s + f.transits.length, 0);
}

function describe(
  report: ComplianceReport,
  tssN: number,
  atbaN: number,
  pssaN: number,
  speed: readonly SpeedRestrictionFinding[],
): string {
  const parts: string[] = [];
  const share = report.summary.eca_time_share;
  if (share > 0) parts.push(`${Math.round(share * 100)}% of voyage time in ECAs`);
  if (report.polar_code.applies) parts.push("enters polar waters (Polar Code)");
  if (tssN > 0) parts.push(`${tssN} TSS transit${tssN === 1 ? "" : "s"}`);
  if (atbaN > 0) parts.push(`${atbaN} area-to-be-avoided transit${atbaN === 1 ? "" : "s"}`);
  if (pssaN > 0) parts.push(`${pssaN} PSSA transit${pssaN === 1 ? "" : "s"}`);
  const exceeded = speed.filter((f) => f.exceeds_limit).length;
  if (speed.length > 0) {
    parts.push(
      `${speed.length} seasonal speed restriction${speed.length === 1 ? "" : "s"}${exceeded > 0 ? ` (${exceeded} exceeded)` : ""}`,
    );
  }
  return parts.length === 0 ? "No regulated zones on the route." : `${parts.join("; ")}.`;
}
