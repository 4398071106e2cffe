/**
 * Seasonal speed restrictions: whether a stay in a zone falls in the zone's season, and whether
 * the vessel is of the kind the rule covers.
 *
 * Seasons are checked on UTC dates. The US right-whale seasons are local (Eastern) dates, so a
 * stay within about five hours of a season's start or end may be judged a day early; the check
 * errs towards "in season" for stays that straddle a boundary.
 */
import type { Season } from "./zone-spec";

const DAY_MS = 86_400_000;

/** Whether [fromMs, toMs] overlaps the season in any year. */
export function overlapsSeason(season: Season | undefined, fromMs: number, toMs: number): boolean {
  if (season === undefined) return true;
  const y0 = new Date(fromMs).getUTCFullYear() - 1;
  const y1 = new Date(toMs).getUTCFullYear();
  const [m0, d0] = season.from;
  const [m1, d1] = season.to;
  const wraps = m1 < m0 || (m1 === m0 && d1 < d0);
  for (let y = y0; y <= y1; y++) {
    const start = Date.UTC(y, m0 - 1, d0);
    // The end day is inclusive: the season runs to the end of that day.
    const end = Date.UTC(wraps ? y + 1 : y, m1 - 1, d1) + DAY_MS;
    if (fromMs < end && toMs >= start) return true;
  }
  return false;
}

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export function describeSeason(season: Season | undefined): string {
  if (season === undefined) return "all year";
  const [m0, d0] = season.from;
  const [m1, d1] = season.to;
  return `${MONTHS[m0 - 1]} ${d0} - ${MONTHS[m1 - 1]} ${d1}`;
}

/**
 * Subject when at least the minimum length; null when the rule turns on a length that is not
 * known, or on facts the vessel description does not carry (no `minLoaM`).
 */
export function vesselSubject(
  minLoaM: number | undefined,
  loaM: number | undefined,
): boolean | null {
  if (minLoaM === undefined || loaM === undefined) return null;
  return loaM >= minLoaM;
}
