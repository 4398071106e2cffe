import { z } from "zod";
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
 * The underwriting interface's bodies (spec 2.2-2.4), validated at the edge and published as the
 * OpenAPI document. Decisions where the spec says "not shown" are in the descriptions and README.
 */

export const underwritingVessel = z
  .object({
    imo: z
      .string()
      .regex(/^\d{7}$/, "IMO number: 7 digits")
      .optional(),
    name: z.string().max(200).optional(),
    type: z
      .enum(VESSEL_TYPES)
      .describe(
        "vessel type; unstated dimensions, speed and limits take this type's defaults (README)",
      ),
    ...vesselParticulars,
  })
  .strict();

export const voyageRiskRequest = z
  .object({
    vessel: underwritingVessel,
    voyage: z
      .object({
        origin: point,
        destination: point,
        departure_utc: isoUtc,
        avoid_passages: avoidPassages,
      })
      .strict(),
    options: z
      .object({
        ensemble_routing: z.boolean().default(false),
        include_historical_baseline: z.boolean().default(false),
        include_compliance_check: z.boolean().default(false),
      })
      .strict()
      .default({
        ensemble_routing: false,
        include_historical_baseline: false,
        include_compliance_check: false,
      }),
  })
  .strict();
export type VoyageRiskRequest = z.infer<typeof voyageRiskRequest>;

const dimension = z.object({
  score: z.number().min(0).max(100),
  weight: z.number(),
  description: z.string(),
});
const at = z.object({ lat: z.number(), lon: z.number(), time_utc: z.string() });
const distribution = z.object({
  min: z.number(),
  p5: z.number(),
  p10: z.number(),
  p25: z.number(),
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
  p95: z.number(),
  max: z.number(),
  mean: z.number(),
});

export const physicalConditions = z.object({
  peak_hs_m: z.number(),
  avg_hs_m: z.number(),
  peak_wind_kts: z.number(),
  avg_wind_kts: z.number(),
  peak_swell_m: z.number().describe("primary swell height, m"),
  avg_swell_m: z.number(),
  swell_period_at_peak_s: z.number(),
  peak_current_kts: z.number(),
  avg_current_kts: z.number(),
  peak_hs_at: at,
  peak_wind_at: at,
  hours_above_wave_limit: z.number(),
  hours_above_wind_limit: z.number(),
  hours_in_dangerous_encounters: z
    .number()
    .describe("IMO MSC.1/Circ.1228 following/quartering-sea dangers"),
});

export const ensembleAnalysis = z.object({
  members: z.number().int(),
  ensembles: z.array(
    z.object({ model: z.string(), members: z.number().int(), weight: z.number() }),
  ),
  p_violation: z.object({
    wave: z.number().min(0).max(1),
    wind: z.number().min(0).max(1),
    swell: z.number().min(0).max(1),
    any: z.number().min(0).max(1),
  }),
  cvar_95: z.number().describe("mean index of the worst 5% of members"),
  index_distribution: distribution,
  eta_hours: z.object({ p10: z.number(), p50: z.number(), p90: z.number() }),
});

const spread = z.object({ p10: z.number(), p50: z.number(), p90: z.number(), max: z.number() });

export const historicalBaseline = z
  .object({
    month: z.number().int().min(1).max(12),
    years: z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() }),
    departures_simulated: z
      .number()
      .int()
      .describe("one departure a day at 00 UTC in the month, each reanalysis year"),
    within_limits: z.number().int(),
    availability: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("share of departures that stayed within the vessel's wave and wind limits"),
    limits: z.object({ max_wave_m: z.number(), max_wind_kts: z.number() }),
    by_year: z.array(
      z.object({
        year: z.number().int(),
        departures: z.number().int(),
        within_limits: z.number().int(),
        share: z.number(),
      }),
    ),
    peak_hs_m: spread.nullable(),
    peak_wind_kts: spread.nullable(),
    index_percentile: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .describe("this voyage's index among the historical departures' indices"),
    source: z.string(),
    synthetic: z.boolean(),
  })
  .passthrough();

export type HistoricalBaselineOut = z.infer<typeof historicalBaseline>;

export const voyageRiskResponse = z.object({
  voyage_id: z.string(),
  computed_at_utc: z.string(),
  api_version: z.string().regex(/^\d+\.\d+\.\d+$/),
  voyage_severity_index: z.object({
    score: z
      .number()
      .min(0)
      .max(100)
      .describe(
        "the index of the ensemble's median member (the member whose index is the median of the members', each sailing the route through its own weather); risk_dimensions and physical_conditions are that member's",
      ),
    band: z.enum(BANDS.map((b) => b.name) as [string, ...string[]]),
    confidence_interval: z
      .tuple([z.number(), z.number()])
      .describe(
        "5th and 95th percentile of the members' indices: a 90% ensemble interval about the score, which it always contains",
      ),
    percentile_rank: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .describe(
        "0-100: the share of the same route's historical departures (one a day at 00 UTC in the departure's month, every reanalysis year, the same vessel) whose index is at or below this voyage's; rises with the index (null when no reanalysis is loaded)",
      ),
    description: z.string(),
  }),
  risk_dimensions: z
    .object(
      Object.fromEntries(DIMENSIONS.map((d) => [d, dimension])) as Record<
        (typeof DIMENSIONS)[number],
        typeof dimension
      >,
    )
    .strict(),
  physical_conditions: physicalConditions,
  ensemble_analysis: ensembleAnalysis.nullable(),
  historical_baseline: historicalBaseline.nullable(),
  compliance: z
    .object({
      eca_transits: z.array(z.unknown()),
      speed_restrictions: z.array(z.unknown()),
      areas_to_be_avoided: z.array(z.unknown()),
      pssas: z.array(z.unknown()),
      traffic_separation_schemes: z.array(z.unknown()),
      polar_code: z.object({
        applies: z.boolean(),
        areas: z.array(z.unknown()),
        polar_ship_certificate_required: z.boolean(),
        notes: z.string(),
      }),
      summary: z.object({
        zones_entered: z.number(),
        eca_distance_nm: z.number(),
        eca_hours: z.number(),
        eca_time_share: z.number(),
        voyage_hours: z.number(),
      }),
      disclaimer: z.string(),
    })
    .nullable(),
  route_summary: z.object({
    origin: latLonOut.extend({ name: z.string().optional() }),
    destination: latLonOut.extend({ name: z.string().optional() }),
    distance_nm: z.number(),
    estimated_transit_h: z
      .number()
      .describe(
        "median transit time of the ensemble's members sailing the route (ensemble_analysis.eta_hours.p50; a client's timed track keeps its times)",
      ),
    eta_p50_utc: z.string().describe("departure + estimated_transit_h"),
    eta_p90_utc: z.string().describe("departure + the members' 90th-percentile transit time"),
    segment_count: z.number().int(),
    leg_count: z.number().int(),
    passages: passagesOut,
    limits_kept: z
      .boolean()
      .describe(
        "false when no route kept the vessel's wave and wind limits: the safest route is scored anyway",
      ),
    snapping: z.record(z.string(), z.unknown()),
    geometry: routeGeometryOut,
  }),
  metadata: z.object({
    request_id: z.string(),
    weather_data_age_h: z.number(),
    weather_source: z.string(),
    weather_cycle_utc: z.string(),
    forecast_coverage: z.object({
      forecast_until_utc: z.string(),
      forecast_share: z.number().min(0).max(1),
      climatology_share: z.number().min(0).max(1),
      parts: z.array(z.object({ from_utc: z.string(), to_utc: z.string(), source: z.string() })),
    }),
    condition_sources: conditionSources,
    methodology: z.string(),
    disclaimer: z.string(),
  }),
});
export type VoyageRiskResponse = z.infer<typeof voyageRiskResponse>;

/** Most waypoints a client track may have (route-score). */
export const MAX_TRACK_WAYPOINTS = 500;

export const routeScoreRequest = z
  .object({
    vessel: underwritingVessel,
    track: z
      .object({
        waypoints: z
          .array(point.extend({ time_utc: isoUtc.optional() }).strict())
          .min(2, "a track needs at least 2 waypoints")
          .max(MAX_TRACK_WAYPOINTS, `a track has at most ${MAX_TRACK_WAYPOINTS} waypoints`),
      })
      .strict(),
    departure_utc: isoUtc
      .optional()
      .describe("needed when the waypoints carry no times; otherwise the first waypoint's time"),
    options: voyageRiskRequest.shape.options,
  })
  .strict()
  .superRefine((r, ctx) => {
    const timed = r.track.waypoints.filter((w) => w.time_utc !== undefined).length;
    if (timed !== 0 && timed !== r.track.waypoints.length) {
      ctx.addIssue({
        code: "custom",
        path: ["track", "waypoints"],
        message: "give time_utc on every waypoint or on none",
      });
    }
    if (timed === 0 && r.departure_utc === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["departure_utc"],
        message: "required when the waypoints carry no times",
      });
    }
    const times = r.track.waypoints.map((w) => (w.time_utc ? Date.parse(w.time_utc) : 0));
    if (timed > 0 && times.some((t, i) => i > 0 && t <= (times[i - 1] as number))) {
      ctx.addIssue({
        code: "custom",
        path: ["track", "waypoints"],
        message: "waypoint times must increase",
      });
    }
  });
export type RouteScoreRequest = z.infer<typeof routeScoreRequest>;

export const routeScoreResponse = voyageRiskResponse.extend({
  track: z.object({
    waypoints: z.number().int(),
    timing: z.enum(["waypoint times", "vessel speed"]),
    crosses_land: z
      .boolean()
      .describe("true when a leg of the track touches land (the track is scored anyway)"),
    land_crossings: z.array(z.object({ leg: z.number().int(), from: latLonOut, to: latLonOut })),
    closed_water_crossings: z
      .array(
        z.object({
          leg: z.number().int(),
          id: z.string(),
          name: z.string(),
          from: latLonOut,
          to: latLonOut,
        }),
      )
      .describe(
        "Legs that enter water the router keeps ships out of: an area to be avoided (Nantucket Shoals), waters closed by rule (the Iroise channels) or a reef or bank the coastline does not draw (Great Bahama Bank); one entry per leg and water. The track is scored anyway.",
      ),
  }),
});
export type RouteScoreResponse = z.infer<typeof routeScoreResponse>;

export const historicalAvailabilityRequest = z
  .object({
    vessel: underwritingVessel,
    voyage: z.object({ origin: point, destination: point, avoid_passages: avoidPassages }).strict(),
    month: z.number().int().min(1).max(12).describe("calendar month of departure (1-12)"),
    years: z
      .object({
        from: z.number().int().min(1979).max(2025),
        to: z.number().int().min(1979).max(2025),
      })
      .strict()
      .refine((y) => y.from <= y.to, "years.from after years.to")
      .optional()
      .describe("default: every reanalysis year, 1979-2025"),
  })
  .strict();
export type HistoricalAvailabilityRequest = z.infer<typeof historicalAvailabilityRequest>;

export const historicalAvailabilityResponse = z.object({
  request_id: z.string(),
  computed_at_utc: z.string(),
  api_version: z.string(),
  month: z.number().int(),
  vessel: z.object({
    type: z.string(),
    max_wave_m: z.number(),
    max_wind_kts: z.number(),
    cruising_speed_kts: z.number(),
  }),
  route_summary: z.object({
    distance_nm: z.number(),
    estimated_transit_h: z.number(),
    passages: passagesOut,
    geometry: routeGeometryOut,
  }),
  baseline: historicalBaseline,
  methodology: z.string(),
});
export type HistoricalAvailabilityResponse = z.infer<typeof historicalAvailabilityResponse>;
