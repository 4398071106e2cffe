import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { PLANS, SCOPES } from "../platform/keys/api-keys";
import type { KeyCheck } from "./auth";
import { answer, errorAnswer } from "./openapi";

/** The month asked for: YYYY-MM, one the analytics store holds whole (1970-01 to 2106-01). */
export const usageMonth = z
  .string()
  .regex(MONTH_PATTERN, "must be YYYY-MM")
  .refine(isUsageMonth, MONTH_RANGE_MESSAGE)
  .describe(`calendar month (UTC), YYYY-MM, from ${FIRST_MONTH} to ${LAST_MONTH}`);

const usageQuery = z.object({ month: usageMonth }).strict();

const monthlyBillResponse = z.object({
  key_id: z.string(),
  plan: z.enum(PLANS),
  month: z.string().describe("YYYY-MM (UTC)"),
  from_utc: z.string(),
  to_utc: z.string(),
  voyages_scored: z.object({
    underwriting: z.number().int(),
    route_risk: z.number().int(),
    total: z.number().int(),
  }),
  price_per_voyage_usd: z
    .number()
    .nullable()
    .describe("null for plans whose voyages the subscription includes"),
  amount_usd: z.number(),
  note: z.string(),
});

const whoamiResponse = z.object({
  key_id: z.string(),
  plan: z.enum(PLANS),
  scopes: z.array(z.enum(SCOPES)),
  label: z.string().nullable(),
});

export interface AccountRoutesOptions {
  /** Any key's check: these answer about the calling key itself. */
  key: KeyCheck;
  analytics: AnalyticsStore;
}

const tags = ["account"];
const missingKey = errorAnswer("missing or invalid X-API-Key");

/** The calling key's own: its metered voyages and bill for a month, and who it is. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, deps) => {
  app.addHook("preValidation", deps.key.check);
  const security = deps.key.security;

  app.get(
    "/api/v1/usage",
    {
      schema: {
        tags,
        summary: "The calling key's metered voyages and bill for a month",
        description:
          "One voyage scored (voyage-risk, route-score or route-risk) is one unit, counted from the VoyageScored events in analytics. The per-query plan pays 0.40 USD a voyage; captain, fleet and enterprise include their voyages (amount 0).",
        security,
        querystring: usageQuery,
        response: {
          200: answer("the bill", monthlyBillResponse),
          400: errorAnswer(
            `month missing, not YYYY-MM, or outside ${FIRST_MONTH} to ${LAST_MONTH} (validation_failed)`,
          ),
          401: missingKey,
        },
      },
    },
    async (request) => {
      const key = callerKey(request.apiKey);
      return monthlyBill(deps.analytics, { id: key.id, plan: key.plan }, request.query.month);
    },
  );

  app.get(
    "/api/v1/whoami",
    {
      schema: {
        tags,
        summary: "The key's id, plan and scopes",
        security,
        response: { 200: answer("the key", whoamiResponse), 401: missingKey },
      },
    },
    async (request) => {
      const key = callerKey(request.apiKey);
      return { key_id: key.id, plan: key.plan, scopes: key.scopes, label: key.label ?? null };
    },
  );
};

/** The key check ran before the route (preValidation) and set the key. */
function callerKey<K>(key: K | undefined): K {
  if (key === undefined) throw new Error("account route reached without an authenticated key");
  return key;
}
