import { EVENT } from "../contracts/events";
import { MAX_OCCURRED_AT_MS } from "../platform/analytics/event-rows";
import type { AnalyticsStore } from "../platform/analytics/port";
import { TOPIC } from "../platform/events/topics";
import type { Plan } from "../platform/keys/api-keys";

/**
 * Usage metering: one VoyageScored event per voyage scored (either interface) is one unit,
 * counted in analytics (ClickHouse in platform mode) by the key that asked. The per-query plan
 * pays per voyage; the subscriptions (captain, fleet, enterprise) include their voyages, so
 * their bill counts them at no metered charge.
 */
export const PRICE_PER_VOYAGE_USD: Readonly<Record<Plan, number | null>> = {
  "per-query": 0.4,
  captain: null,
  fleet: null,
  enterprise: null,
};

export interface MonthlyBill {
  key_id: string;
  plan: Plan;
  /** YYYY-MM (UTC). */
  month: string;
  from_utc: string;
  to_utc: string;
  voyages_scored: { underwriting: number; route_risk: number; total: number };
  /** Null for plans whose voyages the subscription includes. */
  price_per_voyage_usd: number | null;
  amount_usd: number;
  note: string;
}

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as a count of months since year 0 (January 1970 is 1970 * 12). */
const monthIndex = (year: number, month0: number) => year * 12 + month0;
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;

/**
 * The months usage is answered for: those the analytics store holds whole. A voyage's
 * occurred_at is a ClickHouse DateTime (1970-01-01 to 2106-02-07T06:28:15Z; rows outside are
 * refused), so no voyage can lie outside 1970-01 to 2106-01 and 2106-02 only in part.
 */
const FIRST_INDEX = monthIndex(1970, 0);
const LAST_INDEX = (() => {
  const end = new Date(MAX_OCCURRED_AT_MS + 1);
  return monthIndex(end.getUTCFullYear(), end.getUTCMonth()) - 1;
})();
export const FIRST_MONTH = monthText(FIRST_INDEX);
export const LAST_MONTH = monthText(LAST_INDEX);
export const MONTH_RANGE_MESSAGE = `must be from ${FIRST_MONTH} to ${LAST_MONTH} (the months the analytics store holds)`;

export class BadMonthError extends RangeError {
  override name = "BadMonthError";
}

/** Whether `month` is YYYY-MM and from FIRST_MONTH to LAST_MONTH. */
export function isUsageMonth(month: string): boolean {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return false;
  const index = monthIndex(Number(m[1]), Number(m[2]) - 1);
  return index >= FIRST_INDEX && index <= LAST_INDEX;
}

/** [start, end) of a YYYY-MM month in UTC, epoch ms; BadMonthError for anything else. */
export function monthRange(month: string): { fromMs: number; toMs: number } {
  const m = MONTH_PATTERN.exec(month);
  if (!m) throw new BadMonthError(`month must be YYYY-MM, got ${JSON.stringify(month)}`);
  if (!isUsageMonth(month)) {
    throw new BadMonthError(`month ${MONTH_RANGE_MESSAGE}, got ${JSON.stringify(month)}`);
  }
  const index = monthIndex(Number(m[1]), Number(m[2]) - 1);
  return { fromMs: monthStartMs(index), toMs: monthStartMs(index + 1) };
}

/** 00:00 UTC on the first of a month. setUTCFullYear, unlike Date.UTC, takes years 0-99 as given. */
function monthStartMs(index: number): number {
  const d = new Date(0);
  d.setUTCFullYear(Math.floor(index / 12), index % 12, 1);
  return d.getTime();
}

export async function monthlyBill(
  analytics: AnalyticsStore,
  key: { id: string; plan: Plan },
  month: string,
): Promise<MonthlyBill> {
  const { fromMs, toMs } = monthRange(month);
  const usage = await analytics.usage({
    topic: TOPIC.voyageScores,
    event_type: EVENT.VoyageScored,
    key_id: key.id,
    from_ms: fromMs,
    to_ms: toMs,
  });
  const underwriting = usage.get("underwriting") ?? 0;
  const routeRisk = usage.get("route-risk") ?? 0;
  const total = underwriting + routeRisk;
  const price = PRICE_PER_VOYAGE_USD[key.plan];
  return {
    key_id: key.id,
    plan: key.plan,
    month,
    from_utc: new Date(fromMs).toISOString(),
    to_utc: new Date(toMs).toISOString(),
    voyages_scored: { underwriting, route_risk: routeRisk, total },
    price_per_voyage_usd: price,
    // Cents are exact in integers: 0.40 x n summed as floats would drift.
    amount_usd: price === null ? 0 : (Math.round(price * 100) * total) / 100,
    note:
      price === null
        ? `the ${key.plan} subscription includes these voyages`
        : `${total} voyages at ${price.toFixed(2)} USD`,
  };
}
