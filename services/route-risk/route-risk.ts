import type { RouteRiskRequest, RouteRiskResponse } from "../contracts/api/route-risk";
import {
  exceedanceCounts,
  lossInputFromSamples,
  lossProbability,
  weatherExposureHours,
} from "../engine/insurance";
import { round } from "../engine/round";
import type { RoutingNetwork } from "../engine/routing/router";
import { OBJECTIVES, type Objective, type Route, type RouteRequest } from "../engine/routing/types";
import { ensembleCone } from "../engine/scoring/cone";
import { aggregateExposure } from "../engine/scoring/exposure";
import { percentile } from "../engine/scoring/history";
import { resolveVessel, type ScoringVessel } from "../engine/scoring/vessel-types";
import {
  DIMENSIONS,
  type VsiResult,
  voyageSeverity,
  WEIGHTS,
  weatherSubScores,
} from "../engine/scoring/vsi";
import { routeGeometry } from "../routing/geojson";
import { memberFieldKey, memoRoute } from "../underwriting/forecast-memo";
import { assessRoute } from "../underwriting/route-context";
import {
  controlKey,
  DISCLAIMER,
  type ForecastAt,
  forecastOf,
  type PreparedWeather,
  prepareWeather,
  routingVessel,
  type ScoringDeps,
} from "../underwriting/voyage-risk";
import { cycleSourceLabel } from "../weather/cycle-registry";

/**
 * POST /api/v1/route-risk: the route for the asked objective through the control member of the
 * freshest forecast, scored with the same index as the underwriting interface (its score is the
 * composite_risk_score), decomposed per segment, beside the routes for the other three
 * objectives; with `ensemble`, every member routed (ETA percentiles, the cone); the insurance
 * metrics when asked for (the API checks the key's insurance scope before this runs).
 */
export const ROUTE_RISK_METHODOLOGY =
  "Route: A* over a 0.25-degree sea grid (0.5 degree in open water) with canal and strait passages, for the asked objective, through the control member of the forecast (climatology beyond its horizon), the weather objectives' charge for the weather counted at the forecast's skill at each lead time (ECMWF's 500 hPa anomaly correlation: 92% at 5 days, 50% at 10, none from 15), so detours are bent round weather the forecast can foresee; wave and wind limits stated in the request are hard (422 when no route keeps them), the vessel type's default limits are kept wherever a route can keep them (route.limits_kept); speed through the water by vessel class: displacement ships (block coefficient 0.55 or more, 50 m or longer) lose Kwon's (2008) involuntary speed loss, smaller or finer powered craft lose knots by the square of the wave height (Bowditch, The American Practical Navigator), sailing yachts sail by an ORC velocity prediction (Club Certificate 000251) scaled to their length by Froude similarity and motor at their cruising speed where sailing would be slower. composite_risk_score: the Voyage Severity Index of the underwriting interface (seven weighted sub-scores, sub_scores), banded low/moderate/caution/high/severe at 20/40/60/80. Segments: the index's sea-state, wind and drift sub-scores of each ~25 nm segment alone, and their weighted sum rescaled to 0-100. Ensemble: each of the 31 members routed with the same objective; ETA percentiles of their transit times (P10 the best case); the cone encloses 80% of the member route points.";

export interface RouteRiskIds {
  routeId: string;
  requestId: string;
}

export interface RouteRiskScored {
  response: RouteRiskResponse;
  used: { model: string; cycleMs: number; synthetic: boolean; departureMs: number };
}

export async function scoreRouteRisk(
  deps: ScoringDeps,
  req: RouteRiskRequest,
  ids: RouteRiskIds,
  forecast: ForecastAt,
): Promise<RouteRiskScored> {
  const departureMs = Date.parse(req.departure_time);
  const weather = await prepareWeather(deps, forecast);
  const v = req.vessel;
  const vessel = resolveVessel({
    type: v.vessel_type,
    loa_m: v.loa_m,
    beam_m: v.beam_m,
    draft_m: v.draft_m,
    air_draft_m: v.air_draft_m,
    displacement_t: v.displacement_t,
    cruising_speed_kts: v.cruising_speed_kts,
    max_wave_m: v.max_wave_m,
    max_wind_kts: v.max_wind_kts,
  });
  const network = deps.network();
  // Limits the caller states are hard (422 when no route keeps them); the type's defaults are
  // kept where any route keeps them, else the route says it could not (route.limits_kept).
  const statedLimits = v.max_wave_m !== undefined || v.max_wind_kts !== undefined;
  const requestFor = (objective: Objective): RouteRequest => ({
    from: req.origin,
    to: req.destination,
    objective,
    departureMs,
    whenLimitsUnreachable: statedLimits ? "refuse" : "route-anyway",
    vessel: routingVessel(vessel),
    avoid: req.avoid_passages ?? [],
    forecast: forecastOf(weather),
  });
  const scoreOf = (route: Route) => {
    const { context } = assessRoute(route, network, vessel);
    return voyageSeverity(aggregateExposure(exposureSamples(route), vessel), context, vessel);
  };
  // Routes through the control, or the same routes made before for this request and forecast
  // (forecast-memo.ts).
  const control = controlKey(weather);
  // The asked objective first: its failure (on land, no route within limits) is the answer.
  const searched = memoRoute(network, requestFor(req.objective), control, weather.control);
  const others = OBJECTIVES.filter((o) => o !== req.objective).map((objective) => {
    const alt = memoRoute(network, requestFor(objective), control, weather.control);
    return { route: alt, vsi: scoreOf(alt) };
  });
  // Safest is the objective that minimises the index: its search minimises exposure-weighted
  // time (edge-costs.ts), a proxy that cannot see the index's peaks; when another objective's
  // route scores lower, that route is the safest.
  const candidates = [{ route: searched, vsi: scoreOf(searched) }, ...others];
  const chosen =
    req.objective === "safest"
      ? candidates.reduce((best, c) => (c.vsi.score < best.vsi.score ? c : best))
      : (candidates[0] as (typeof candidates)[number]);
  const { route, vsi } = chosen;
  const alternatives = others.map((o) => summary(o.route, o.vsi, network));

  const samples = route.segments.map((s) => ({
    hours: (s.end_ms - s.start_ms) / 3_600_000,
    wind_kts: s.conditions.wind_kts,
    hs_m: s.conditions.hs_m,
  }));
  const ins = req.insurance;
  const {
    objective: _o,
    composite_risk_score: _c,
    risk_band: _b,
    ...routePart
  } = summary(route, vsi, network);
  const response: RouteRiskResponse = {
    route_id: ids.routeId,
    generated_at: new Date(forecast.nowMs).toISOString(),
    objective: req.objective,
    composite_risk_score: vsi.score,
    risk_band: vsi.band.toLowerCase(),
    sub_scores: Object.fromEntries(
      DIMENSIONS.map((d) => [d, { score: vsi.dimensions[d].score, weight: WEIGHTS[d] }]),
    ) as RouteRiskResponse["sub_scores"],
    route: routePart,
    ensemble: req.ensemble
      ? memberRoutes(weather, (field, member) => {
          // A member that keeps no route within the limits still has a route: its spread counts.
          return memoRoute(
            network,
            { ...requestFor(req.objective), whenLimitsUnreachable: "route-anyway" },
            memberFieldKey(weather.choice.primary, member, field.horizonEndMs),
            field,
          );
        })
      : null,
    segments: route.segments.map((s, index) => segmentOut(s, index, vessel)),
    alternatives,
    metadata: {
      request_id: ids.requestId,
      weather_source: weather.ensembles.map(cycleSourceLabel).join("; "),
      weather_cycle_utc: new Date(weather.choice.primary.cycleMs).toISOString(),
      synthetic_weather: weather.choice.primary.synthetic,
      condition_sources: weather.sources,
      methodology: ROUTE_RISK_METHODOLOGY,
      disclaimer: DISCLAIMER,
    },
  };
  if (ins?.include_exposure_hours) response.weather_exposure_hours = weatherExposureHours(samples);
  if (ins?.include_exceedance_counts) {
    const thresholds = {
      wind_kts: ins.thresholds?.wind_kts ?? vessel.max_wind_kts,
      wave_m: ins.thresholds?.wave_m ?? vessel.max_wave_m,
    };
    response.exceedance_counts = { ...exceedanceCounts(samples, thresholds), thresholds };
  }
  if (ins?.include_loss_probability) {
    response.loss_probability = lossProbability(
      lossInputFromSamples(samples, {
        max_wave_m: vessel.max_wave_m,
        max_wind_kts: vessel.max_wind_kts,
        type: vessel.type,
      }),
      { intervals: ins.include_confidence_intervals },
    );
  }
  return {
    response,
    used: {
      model: weather.choice.primary.model,
      cycleMs: weather.choice.primary.cycleMs,
      synthetic: weather.choice.primary.synthetic,
      departureMs,
    },
  };
}

function exposureSamples(route: Route) {
  return route.segments.map((s) => ({
    conditions: s.conditions,
    course_deg: s.course_deg,
    hours: (s.end_ms - s.start_ms) / 3_600_000,
  }));
}

const iso = (ms: number) => new Date(ms).toISOString();

function summary(
  route: Route,
  vsi: VsiResult,
  network: RoutingNetwork,
): RouteRiskResponse["alternatives"][number] {
  return {
    objective: route.objective,
    composite_risk_score: vsi.score,
    risk_band: vsi.band.toLowerCase(),
    distance_nm: route.distance_nm,
    transit_h: route.transit_h,
    departure_utc: iso(route.departure_ms),
    eta_utc: iso(route.eta_ms),
    passages: route.passages,
    limits_kept: route.limits_kept,
    geometry: routeGeometry(route, network),
  };
}

/** Weight of the three weather sub-scores in the index: a segment's risk is their share of it. */
const WEATHER_WEIGHT = WEIGHTS.sea_state + WEIGHTS.wind + WEIGHTS.drift;

function segmentOut(
  s: Route["segments"][number],
  index: number,
  vessel: ScoringVessel,
): RouteRiskResponse["segments"][number] {
  const hours = (s.end_ms - s.start_ms) / 3_600_000;
  const sub = weatherSubScores(
    aggregateExposure([{ conditions: s.conditions, course_deg: s.course_deg, hours }], vessel),
    vessel,
  );
  const c = s.conditions;
  return {
    index,
    start: { lat: s.start.lat, lon: s.start.lon },
    end: { lat: s.end.lat, lon: s.end.lon },
    start_utc: iso(s.start_ms),
    end_utc: iso(s.end_ms),
    distance_nm: round(s.distance_nm, 2),
    course_deg: round(s.course_deg, 2),
    speed_over_ground_kts: round(s.speed_over_ground_kts, 2),
    speed_through_water_kts: round(s.speed_through_water_kts, 2),
    ...(s.propulsion === undefined ? {} : { propulsion: s.propulsion }),
    conditions: {
      hs_m: round(c.hs_m, 2),
      wave_period_s: round(c.wave_period_s, 2),
      wave_dir_deg: round(c.wave_dir_deg, 2),
      wind_kts: round(c.wind_kts, 2),
      wind_dir_deg: round(c.wind_dir_deg, 2),
      swell_hs_m: round(c.swell_hs_m, 2),
      current_kts: round(c.current_kts, 2),
      current_dir_deg: round(c.current_dir_deg, 2),
    },
    sub_risks: {
      sea_state: round(sub.sea_state, 2),
      wind: round(sub.wind, 2),
      drift: round(sub.drift, 2),
    },
    risk: round(
      (WEIGHTS.sea_state * sub.sea_state + WEIGHTS.wind * sub.wind + WEIGHTS.drift * sub.drift) /
        WEATHER_WEIGHT,
      2,
    ),
    in_canal: s.in_canal,
  };
}

/** Every member of the primary ensemble routed: ETA percentiles and the cone round them. */
function memberRoutes(
  weather: PreparedWeather,
  routeThrough: (field: PreparedWeather["control"], member: number) => Route,
): NonNullable<RouteRiskResponse["ensemble"]> {
  const routes = (weather.fields[0] ?? []).map(routeThrough);
  const hours = routes.map((r) => r.transit_h).sort((a, b) => a - b);
  const q = (p: number) => round(percentile(hours, p), 2);
  const cone = ensembleCone(
    routes.map((r) => [
      ...r.segments.map((s) => ({ lat: s.start.lat, lon: s.start.lon, t_ms: s.start_ms })),
      ...r.segments.slice(-1).map((s) => ({ lat: s.end.lat, lon: s.end.lon, t_ms: s.end_ms })),
    ]),
    { share: 0.8 },
  );
  return {
    members: routes.length,
    p10_eta_hours: q(0.1),
    p50_eta_hours: q(0.5),
    p90_eta_hours: q(0.9),
    cone_polygon: {
      type: "Polygon",
      coordinates: cone.coordinates as Array<Array<[number, number]>>,
    },
    cone_share: round(cone.contained_share, 2),
  };
}
