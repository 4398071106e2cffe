import { z } from "zod";
import { OBJECTIVES } from "../../engine/routing/types";
import { VESSEL_TYPES } from "../../engine/scoring/vessel-types";
import { BANDS, DIMENSIONS } from "../../engine/scoring/vsi";
import {
  avoidPassages,
  conditionSources,
  isoUtc,
  latLonOut,
  passagesOut,
  point,
  routeGeometryOut,
  vesselParticulars,
} from "./common";

/**
 * The route-risk interface (spec 2.5-2.6, 4.5, 4.6). Decisions where the spec says "not shown"
 * (README, docs/route-risk.md): required are origin, destination, departure_time and
 * vessel.vessel_type; the other vessel fields take the type's defaults; objective defaults to
 * safest, ensemble to false, every insurance flag to false.
 */

export const routeRiskVessel = z
  .object({
    vessel_type: z
      .enum(VESSEL_TYPES)
      .describe("vessel type (one is sailing_monohull); unstated fields take its defaults"),
    ...vesselParticulars,
    displacement_t: z.number().positive().max(1_000_000).optional(),
    max_wave_m: vesselParticulars.max_wave_m.describe(
      "hard limit on significant wave height (unstated: the type's, kept where a route can)",
    ),
    max_wind_kts: vesselParticulars.max_wind_kts.describe(
      "hard limit on sustained wind (unstated: the type's, kept where a route can)",
    ),
  })
  .strict();

export const insuranceOptions = z
  .object({
    include_exposure_hours: z.boolean().default(false),
    include_exceedance_counts: z.boolean().default(false),
    include_loss_probability: z.boolean().default(false),
    include_confidence_intervals: z
      .boolean()
      .default(false)
      .describe("95% intervals on loss_probability"),
    thresholds: z
      .object({
        wind_kts: z.number().positive().max(150).optional(),
        wave_m: z.number().positive().max(30).optional(),
      })
      .strict()
      .optional()
      .describe("breach thresholds for exceedance_counts; default: the vessel type's limits"),
  })
  .strict();

export const routeRiskRequest = z
  .object({
    origin: point,
    destination: point,
    departure_time: isoUtc,
    vessel: routeRiskVessel,
    objective: z.enum(OBJECTIVES).default("safest"),
    ensemble: z
      .boolean()
      .default(false)
      .describe("route every one of the 31 members: ETA percentiles and the cone"),
    insurance: insuranceOptions.optional(),
    avoid_passages: avoidPassages,
  })
  .strict();
export type RouteRiskRequest = z.infer<typeof routeRiskRequest>;

/** Bands of the composite score: the index's bands (vsi.ts), in lower case. */
export const RISK_BANDS = BANDS.map((b) => b.name.toLowerCase()) as [string, ...string[]];

const geometry = routeGeometryOut;

const conditions = z.object({
  hs_m: z.number(),
  wave_period_s: z.number(),
  wave_dir_deg: z.number(),
  wind_kts: z.number(),
  wind_dir_deg: z.number(),
  swell_hs_m: z.number(),
  current_kts: z.number(),
  current_dir_deg: z.number(),
});

export const routeRiskSegment = z
  .object({
    index: z.number().int(),
    start: latLonOut,
    end: latLonOut,
    start_utc: z.string(),
    end_utc: z.string(),
    distance_nm: z.number(),
    course_deg: z.number(),
    speed_over_ground_kts: z.number(),
    speed_through_water_kts: z
      .number()
      .describe(
        "the speed ordered through the water: the vessel's cruising speed, lower on a leg the route holds back so as not to run ahead of its schedule into weather it was timed to miss, or a canal's speed limit; for a sailing yacht the speed it makes through the water, under sail (its polar) or under engine (propulsion)",
      ),
    propulsion: z
      .enum(["sail", "motor"])
      .optional()
      .describe(
        "sailing yachts only: sail where the polar's speed beats the cruising speed under engine in the sea met, motor where it does not (light air, close to the wind)",
      ),
    conditions: conditions.describe("at the segment's midpoint and mid-time"),
    sub_risks: z
      .object({
        sea_state: z.number().min(0).max(100),
        wind: z.number().min(0).max(100),
        drift: z.number().min(0).max(100),
      })
      .describe("the index's weather sub-scores of this segment alone (0-100)"),
    risk: z
      .number()
      .min(0)
      .max(100)
      .describe("the three weighted as in the index and rescaled to 0-100"),
    in_canal: z
      .boolean()
      .describe("in a canal or a river fairway: confined water, sailed at the passage's speed"),
  })
  .describe("one ~25 nm piece of the route");

const routeSummary = z.object({
  objective: z.enum(OBJECTIVES),
  composite_risk_score: z.number().min(0).max(100),
  risk_band: z.enum(RISK_BANDS),
  distance_nm: z.number(),
  transit_h: z.number(),
  departure_utc: z.string(),
  eta_utc: z.string(),
  passages: passagesOut,
  limits_kept: z.boolean(),
  geometry,
});

export const conePolygon = z.object({
  type: z.literal("Polygon"),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

export const routeRiskResponse = z.object({
  route_id: z.string(),
  generated_at: z.string(),
  objective: z.enum(OBJECTIVES),
  composite_risk_score: z.number().min(0).max(100),
  risk_band: z.enum(RISK_BANDS),
  sub_scores: z.record(
    z.enum(DIMENSIONS),
    z.object({ score: z.number().min(0).max(100), weight: z.number() }),
  ),
  route: routeSummary.omit({ objective: true, composite_risk_score: true, risk_band: true }),
  ensemble: z
    .object({
      members: z.number().int(),
      p10_eta_hours: z.number(),
      p50_eta_hours: z.number(),
      p90_eta_hours: z.number(),
      cone_polygon: conePolygon.describe(
        "encloses the 80% spatial spread of the member routes; longitudes run on continuously across the antimeridian",
      ),
      cone_share: z.number().describe("share of member route points inside the cone"),
    })
    .nullable()
    .describe("null unless ensemble: true"),
  segments: z.array(routeRiskSegment),
  alternatives: z
    .array(routeSummary)
    .describe("the routes for the other three objectives, each scored the same way"),
  weather_exposure_hours: z
    .object({
      wind_gt_25_kts: z.number(),
      wind_gt_35_kts: z.number(),
      wave_gt_3m: z.number(),
      wave_gt_4m: z.number(),
    })
    .optional(),
  exceedance_counts: z
    .object({
      wind_threshold_breaches: z.number().int(),
      wave_threshold_breaches: z.number().int(),
      combined_breaches: z.number().int(),
      thresholds: z.object({ wind_kts: z.number(), wave_m: z.number() }),
    })
    .optional(),
  loss_probability: z
    .object({
      minor_damage: z.number().min(0).max(1),
      major_damage: z.number().min(0).max(1),
      total_loss: z.number().min(0).max(1),
      intervals: z
        .object({
          minor_damage: z.tuple([z.number(), z.number()]),
          major_damage: z.tuple([z.number(), z.number()]),
          total_loss: z.tuple([z.number(), z.number()]),
        })
        .optional(),
      methodology: z.string(),
      sources: z.array(z.object({ name: z.string(), year: z.number(), figure: z.string() })),
    })
    .optional(),
  metadata: z.object({
    request_id: z.string(),
    weather_source: z.string(),
    weather_cycle_utc: z.string(),
    synthetic_weather: z.boolean(),
    condition_sources: conditionSources,
    methodology: z.string(),
    disclaimer: z.string(),
  }),
});
export type RouteRiskResponse = z.infer<typeof routeRiskResponse>;
