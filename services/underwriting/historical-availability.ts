import type {
  HistoricalAvailabilityRequest,
  HistoricalAvailabilityResponse,
} from "../contracts/api/underwriting";
import { API_VERSION } from "../contracts/api-version";
import type { RouteRequest } from "../engine/routing/types";
import { resolveVessel } from "../engine/scoring/vessel-types";
import { MONTHLY_CLIMATOLOGY } from "../engine/weather/horizon-blend";
import { AppError } from "../platform/errors";
import { routeGeometry } from "../routing/geojson";
import { historicalBaseline } from "./history";
import { assessRoute } from "./route-context";
import { routingVessel, type ScoringDeps } from "./voyage-risk";

/**
 * Historical availability (underwriting interface): the share of the month's historical
 * departures, over the reanalysis years, that complete within the vessel's limits. The route is
 * the safest route through the month's climatology (a departure on the 15th); every daily
 * departure of the month in every year then sails it through the reanalysis (a ClickHouse query
 * in platform mode, the synthetic climate in the embedded default).
 */
export const AVAILABILITY_METHODOLOGY =
  "Route: safest objective through the month's climatological mean conditions, departing on the 15th. Departures: every day of the month at 00 UTC in each reanalysis year, sailing the route on its own timing; conditions of the nearest reanalysis cell at each 6-hourly step. Within limits: no step above the vessel's wave or wind limit. Percentiles interpolate between order statistics.";

export async function historicalAvailability(
  deps: ScoringDeps,
  req: HistoricalAvailabilityRequest,
  requestId: string,
  nowMs: number,
): Promise<HistoricalAvailabilityResponse> {
  const vessel = resolveVessel({ ...req.vessel, type: req.vessel.type });
  const status = await deps.reanalysis.status();
  const from = req.years?.from ?? status.years[0];
  const to = req.years?.to ?? status.years.at(-1);
  if (from === undefined || to === undefined || !status.years.some((y) => y >= from && y <= to)) {
    throw new AppError(
      "weather_unavailable",
      "no reanalysis year is loaded for the years asked (voyage-risk weather reanalysis load)",
      { years_loaded: status.years.length, retry_after_s: 3600 },
    );
  }
  const routeRequest: RouteRequest = {
    from: req.voyage.origin,
    to: req.voyage.destination,
    objective: "safest",
    departureMs: Date.UTC(to, req.month - 1, 15),
    whenLimitsUnreachable: "route-anyway",
    vessel: routingVessel(vessel),
    avoid: req.voyage.avoid_passages ?? [],
  };
  const network = deps.network();
  const route = network.route(routeRequest, MONTHLY_CLIMATOLOGY);
  const { context } = assessRoute(route, network, vessel);
  const history = await historicalBaseline(deps.reanalysis, route, vessel, context, Number.NaN, {
    fromYear: from,
    toYear: to,
  });
  return {
    request_id: requestId,
    computed_at_utc: new Date(nowMs).toISOString(),
    api_version: API_VERSION,
    month: req.month,
    vessel: {
      type: vessel.type,
      max_wave_m: vessel.max_wave_m,
      max_wind_kts: vessel.max_wind_kts,
      cruising_speed_kts: vessel.speed_kts,
    },
    route_summary: {
      distance_nm: route.distance_nm,
      estimated_transit_h: route.transit_h,
      passages: route.passages,
      geometry: routeGeometry(route, network),
    },
    baseline: history.baseline,
    methodology: AVAILABILITY_METHODOLOGY,
  };
}
