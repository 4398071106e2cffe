/**
 * Input and output types of the compliance check. The output is shaped for the API: snake_case
 * fields, units in the names (`_nm`, `_h`, `_kts`, `_pct`), times as ISO 8601 UTC strings.
 */
import type { LatLon } from "../geo/types";

/**
 * One piece of a route, sailed from `start` to `end` between `start_ms` and `end_ms` (epoch ms,
 * UTC). Structurally a subset of the router's RouteSegment, so a Route's segments can be passed
 * as they are. `distance_nm` is used when given; otherwise the geodesic length is computed.
 */
export interface ComplianceSegment {
  start: LatLon;
  end: LatLon;
  start_ms: number;
  end_ms: number;
  distance_nm?: number;
}

/** The vessel facts the rules depend on. */
export interface ComplianceVessel {
  /** Planned speed through the water; used where a segment has no duration to derive one. */
  speed_kts: number;
  /** Length overall; the US right-whale speed rule applies from 65 ft (19.8 m). */
  loa_m?: number;
  /** SOLAS chapter XIV (Polar Ship Certificate) applies to cargo ships of 500 GT and above. */
  gross_tonnage?: number;
  /**
   * Year the ship was constructed in MARPOL's sense (keel laid): decides NOx Tier III in NOx
   * ECAs. Read as that year; a delivery year can be a year or two later than the keel.
   */
  built_year?: number;
}

export interface ComplianceInput {
  /** Ordered, contiguous segments of the route. */
  segments: readonly ComplianceSegment[];
  vessel: ComplianceVessel;
  /** Voyage departure (epoch ms, UTC). */
  departure_ms: number;
}

/** A position on the route with its time. */
export interface RoutePoint {
  lat: number;
  lon: number;
  time_utc: string;
  /**
   * true where the route crosses the zone's boundary; false where the route already starts
   * inside the zone (entry = departure) or is still inside at its end (exit = arrival).
   */
  on_boundary: boolean;
}

/** One continuous stretch of the route inside a zone. */
export interface ZoneTransit {
  entry: RoutePoint;
  exit: RoutePoint;
  distance_nm: number;
  hours: number;
}

/** What every finding says about its zone and the data behind it. */
export interface ZoneFinding {
  id: string;
  name: string;
  /** Instrument and where the boundary was taken from. */
  source: string;
  /** true only when the boundary coordinates come from the cited source (see docs). */
  verified: boolean;
  /** true when the polygon is a simplification (closed over land, approximated edges, ...). */
  simplified: boolean;
  /** Every entry and exit, in route order; a route may enter the same zone more than once. */
  transits: ZoneTransit[];
  distance_nm: number;
  hours: number;
  notes?: string;
}

export type Pollutant = "SOx" | "NOx" | "PM";

export interface EcaFinding extends ZoneFinding {
  pollutants: Pollutant[];
  /** Whether the ECA's requirements apply at the time the route first enters it. */
  in_force: boolean;
  status: "in_force" | "adopted" | "proposed";
  /** ISO date from which the ECA's requirements apply; null when not adopted. */
  effective_from: string | null;
  /** Fuel-oil sulphur limit (% m/m) that applies inside the zone at first entry. */
  fuel_sulphur_limit_pct: number;
  /** The ECA's own limit and the date it applies from (null when not adopted). */
  eca_sulphur_limit_pct: number | null;
  eca_sulphur_limit_from: string | null;
  /** NOx Tier III (reg. 13.5), where the ECA controls NOx. */
  nox_tier_iii: {
    applies_to: string;
    /** For this vessel: null when built_year is missing or not decisive. */
    required: boolean | null;
  } | null;
}

export interface SpeedRestrictionFinding extends ZoneFinding {
  authority: string;
  limit_kts: number;
  applies_to: string;
  /** The season as written by the authority, e.g. "Nov 1 - Apr 30". */
  season: string;
  /** Whether any time inside the zone falls in the season (UTC dates). */
  in_season: boolean;
  /** Whether this vessel is of the kind the rule covers; null when the facts are missing. */
  vessel_subject: boolean | null;
  /**
   * How an unknown `vessel_subject` is judged: true for rules covering nearly every seagoing
   * ship (65 ft and over), false for narrow ones (deep-draught vessels only).
   */
  treated_as_subject: boolean;
  /** Highest planned speed over ground on the segments inside the zone. */
  planned_speed_kts: number;
  /** Planned speed above the limit, in season, and the vessel treated as subject. */
  exceeds_limit: boolean;
}

export interface DesignatedAreaFinding extends ZoneFinding {
  /** Designating instrument, e.g. "IMO MEPC.44(30), 1990". */
  designation: string;
}

export interface PolarAreaFinding extends ZoneFinding {
  area: "arctic" | "antarctic";
}

export interface PolarCodeFinding {
  applies: boolean;
  areas: PolarAreaFinding[];
  /**
   * SOLAS XIV: cargo ships of 500 GT and above and passenger ships need a Polar Ship Certificate
   * to operate in polar waters; true when the route enters them and the tonnage is 500 or more
   * or unknown.
   */
  polar_ship_certificate_required: boolean;
  notes: string;
}

export interface ComplianceSummary {
  /** Distinct zones of every kind the route enters. */
  zones_entered: number;
  /** Distance and time inside ECAs whose requirements are in force (proposed ECAs excluded). */
  eca_distance_nm: number;
  eca_hours: number;
  /** Share of voyage time spent in in-force ECAs (0..1). */
  eca_time_share: number;
  voyage_hours: number;
}

export interface ComplianceReport {
  eca_transits: EcaFinding[];
  speed_restrictions: SpeedRestrictionFinding[];
  areas_to_be_avoided: DesignatedAreaFinding[];
  pssas: DesignatedAreaFinding[];
  traffic_separation_schemes: DesignatedAreaFinding[];
  polar_code: PolarCodeFinding;
  summary: ComplianceSummary;
  disclaimer: string;
}

export const COMPLIANCE_DISCLAIMER =
  "Simplified boundaries; not for navigation. Zones marked verified: false are approximations; consult the official instruments and charts.";
