import type { RouteRiskResponse } from "../contracts/api/route-risk";
import { EVENT } from "../contracts/events";
import type { AnalyticsStore } from "../platform/analytics/port";
import type { FastState } from "../platform/limits/port";

/**
 * Route-risk answers by route id: a copy in fast state (Redis in platform mode) for
 * ROUTE_RESULT_TTL_S, then the RouteRiskResult event in analytics (ClickHouse), which the sink
 * writes shortly after the answer. An answer is the asking key's: another key, like an id that
 * matches neither, finds nothing (404, which does not reveal that the route exists).
 */
const ROUTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class RouteResults {
  constructor(
    private readonly state: FastState,
    private readonly analytics: AnalyticsStore,
    private readonly ttlMs: number,
  ) {}

  async put(response: RouteRiskResponse, keyId: string | undefined): Promise<void> {
    const stored: Stored = { key_id: keyId ?? null, response_json: JSON.stringify(response) };
    await this.state.set(`route-risk:${response.route_id}`, JSON.stringify(stored), this.ttlMs);
  }

  /** The stored answer, and where it came from; null for an id this key never got. */
  async get(
    routeId: string,
    keyId: string | undefined,
  ): Promise<{ response: RouteRiskResponse; from: "fast-state" | "analytics" } | null> {
    if (!ROUTE_ID.test(routeId)) return null;
    const cached = await this.state.get(`route-risk:${routeId}`);
    let found: { stored: Stored; from: "fast-state" | "analytics" } | null = null;
    if (cached !== null) found = { stored: JSON.parse(cached) as Stored, from: "fast-state" };
    else {
      const [row] = await this.analytics.queryEvents({
        event_type: EVENT.RouteRiskResult,
        key: routeId,
        limit: 1,
      });
      if (row) found = { stored: JSON.parse(row.payload_json) as Stored, from: "analytics" };
    }
    if (!found || found.stored.key_id !== (keyId ?? null)) return null;
    return { response: JSON.parse(found.stored.response_json), from: found.from };
  }
}

/** What is kept: the same two fields as the RouteRiskResult event's payload. */
interface Stored {
  key_id: string | null;
  response_json: string;
}
