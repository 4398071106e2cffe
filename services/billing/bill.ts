import type { AnalyticsStore } from "../platform/analytics/port";
import { TOPIC } from "../platform/events/topics";
import type { Plan } from "../platform/keys/api-keys";
import { VOYAGE_SCORED } from "../underwriting/events";

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

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export class BadMonthError extends RangeError {
  override name = "BadMonthError";
}

/** [start, end) of a YYYY-MM month in UTC, epoch ms; BadMonthError for anything else. */
export function monthRange(month: string): { fromMs: number; toMs: number } {
  const m = MONTH.exec(month);
  if (!m) throw new BadMonthError(`month must be YYYY-MM, got ${JSON.stringify(month)}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { fromMs: Date.UTC(year, index, 1), toMs: Date.UTC(year, index + 1, 1) };
}

export async function monthlyBill(
  analytics: AnalyticsStore,
  key: { id: string; plan: Plan },
  month: string,
): Promise<MonthlyBill> {
  const { fromMs, toMs } = monthRange(month);
  const usage = await analytics.usage({
    topic: TOPIC.voyageScores,
    event_type: VOYAGE_SCORED,
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
