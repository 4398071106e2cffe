/**
 * Time arithmetic the synthetic weather needs: hours, days, and the position in the seasonal
 * cycle of an instant, without reading any clock.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** 2000-01-01T00:00:00Z: the origin of the lattices and storm blocks. */
export const EPOCH_2000_MS = 946_684_800_000;
/** Mean tropical year, days (the seasons repeat with it; drift over the 47-year backtest is under an hour). */
const TROPICAL_YEAR_MS = 365.2422 * DAY_MS;

/** Fraction of the year elapsed at `timeMs`, 0 at 1 January 00:00 UTC (0 .. 1). */
export function yearFraction(timeMs: number): number {
  const f = ((timeMs - EPOCH_2000_MS) / TROPICAL_YEAR_MS) % 1;
  return f < 0 ? f + 1 : f;
}

/**
 * Continuous month index of an instant: 0 at the middle of January, 1 at the middle of February,
 * ... 11 at the middle of December, wrapping (11.5 is the turn of the year). This is the index
 * `climatologyAt` takes: integer values are monthly means.
 */
export function monthIndexAt(timeMs: number): number {
  const m = yearFraction(timeMs) * 12 - 0.5;
  return m < 0 ? m + 12 : m;
}

/** Calendar month (0 = January) containing `timeMs`, UTC. */
export function calendarMonthAt(timeMs: number): number {
  return new Date(timeMs).getUTCMonth();
}
