import { z } from "zod";
import { PASSAGE_IDS } from "../../engine/routing/passages";
import { MAX_PARTICULARS } from "../../engine/scoring/vessel-types";
import { CONDITIONS } from "../../engine/weather/types";

/** A position; an out-of-range coordinate is a 400 (spec 2.1). */
export const point = z
  .object({
    lat: z.number().min(-90).max(90).describe("latitude, decimal degrees (WGS84)"),
    lon: z.number().min(-180).max(180).describe("longitude, decimal degrees (WGS84)"),
    name: z.string().max(200).optional().describe("free-text label"),
  })
  .strict();

export const isoUtc = z.iso.datetime({ offset: true }).describe("ISO 8601 timestamp (UTC)");

export const latLonOut = z.object({ lat: z.number(), lon: z.number() });

const position = z.tuple([z.number(), z.number()]);
/**
 * A route as GeoJSON (RFC 7946): [lon, lat] positions joined straight in lon/lat, with points
 * added along the geodesic legs so that the drawn line stays at sea; a MultiLineString when the
 * route crosses the antimeridian, cut there (§3.1.9).
 */
export const routeGeometryOut = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("LineString"), coordinates: z.array(position) }),
    z.object({ type: z.literal("MultiLineString"), coordinates: z.array(z.array(position)) }),
  ])
  .describe(
    "GeoJSON LineString of [lon, lat], points added along each geodesic leg so that it stays at sea drawn straight in lon/lat; a MultiLineString cut at the antimeridian when the route crosses it (RFC 7946 §3.1.9)",
  );

export const passagesOut = z
  .array(z.string())
  .describe(
    "canals and straits the route goes through, in the order it reaches them (ids as in docs/routing-data.md: suez, panama, kiel, bosporus, gibraltar, dover, malacca, singapore, taiwan, ...): by their passage or, for a strait open in the coastline data, by crossing the line across its narrows",
  );

/** An extension to the specification: the way round a passage, e.g. the Cape instead of Suez. */
export const avoidPassages = z
  .array(z.enum(PASSAGE_IDS as [string, ...string[]]))
  .max(PASSAGE_IDS.length)
  .optional()
  .describe(
    'passages the route must not use, e.g. ["suez"] for the Cape route (ids as in docs/routing-data.md); when every way needs one, 422 no_sea_route naming the closed passages. Not in the interface specification: an extension.',
  );

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    request_id: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** Vessel dimensions, speed and limits: both interfaces take them, each optional (type defaults). */
export const vesselParticulars = {
  loa_m: z.number().positive().max(MAX_PARTICULARS.loa_m).optional(),
  beam_m: z.number().positive().max(MAX_PARTICULARS.beam_m).optional(),
  draft_m: z.number().positive().max(MAX_PARTICULARS.draft_m).optional(),
  air_draft_m: z
    .number()
    .positive()
    .max(MAX_PARTICULARS.air_draft_m)
    .optional()
    .describe(
      "air draught: height above the waterline, m; passages under bridges lower than this are closed to the vessel (a port behind one is 422 no_route_within_limits). No type default: unstated, no bridge limits the route. Not in the interface specification: an extension.",
    ),
  cruising_speed_kts: z.number().positive().max(MAX_PARTICULARS.speed_kts).optional(),
  max_wave_m: z
    .number()
    .positive()
    .max(30)
    .optional()
    .describe("vessel limit on significant wave height"),
  max_wind_kts: z
    .number()
    .positive()
    .max(150)
    .optional()
    .describe("vessel limit on sustained 10 m wind"),
};

const condition = z.enum(CONDITIONS);

/**
 * Which source served each condition of each ensemble scored: the ensemble's own cycle, another
 * model's current cycle, or climatology (docs/weather.md, "Missing conditions").
 */
export const conditionSources = z
  .array(
    z.object({
      ensemble: z.string().describe("the cycle scored, as weather_source names it"),
      missing: z
        .array(condition)
        .describe("conditions that cycle's model lacks (empty: it has them all)"),
      served_by: z
        .record(condition, z.string())
        .describe(
          "per condition, the source its values came from up to the forecast's horizon (beyond it, forecast_coverage: climatology for all)",
        ),
    }),
  )
  .describe(
    "where each condition came from: a condition the scored cycle lacks is taken from another model's current cycle, then climatology (never Hs or wind speed: without a forecast of them the request is refused with 503 weather_incomplete)",
  );
