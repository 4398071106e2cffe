import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import {
  FIRST_MONTH,
  isUsageMonth,
  LAST_MONTH,
  MONTH_PATTERN,
  MONTH_RANGE_MESSAGE,
  monthlyBill,
} from "../billing/bill";
import type { AnalyticsStore } from "../platform/analytics/port";

/** The month asked for: YYYY-MM, one the analytics store holds whole (1970-01 to 2106-01). */
export const usageMonth = z
  .string()
  .regex(MONTH_PATTERN, "must be YYYY-MM")
  .refine(isUsageMonth, MONTH_RANGE_MESSAGE)
  .describe(`calendar month (UTC), YYYY-MM, from ${FIRST_MONTH} to ${LAST_MONTH}`);

const usageQuery = z.object({ month: usageMonth }).strict();

/** GET /api/v1/usage?month=YYYY-MM: the calling key's metered voyages and bill for a month. */
export function registerUsageRoutes(
  app: FastifyInstance,
  authenticate: preHandlerAsyncHookHandler,
  deps: { analytics: AnalyticsStore },
): void {
  app.get("/api/v1/usage", { preHandler: authenticate }, async (request) => {
    const { month } = usageQuery.parse(request.query);
    const key = request.apiKey as NonNullable<typeof request.apiKey>;
    return monthlyBill(deps.analytics, { id: key.id, plan: key.plan }, month);
  });
}
