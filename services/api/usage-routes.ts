import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { monthlyBill } from "../billing/bill";
import type { AnalyticsStore } from "../platform/analytics/port";

const usageQuery = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be YYYY-MM")
      .describe("calendar month (UTC), YYYY-MM"),
  })
  .strict();

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
