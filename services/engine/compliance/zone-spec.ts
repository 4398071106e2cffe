/**
 * The shape of the zone data (zones-*.ts): what each zone is, where its boundary comes from and
 * how each edge of a polygon was obtained, so that tests and docs can tell sourced boundary lines
 * from the closures drawn over land and from approximations.
 */
import type { Pollutant } from "./types";

/**
 * How the edge from a vertex to the next one was obtained:
 * - "G": a geodesic boundary line from the cited source (densified along the geodesic);
 * - "R": a rhumb-line boundary line from the cited source (densified along the rhumb line);
 * - "S": a parallel, a meridian or a short straight line from the cited source (straight in
 *   lat/lon, which is exact for parallels and meridians);
 * - "L": a closure over land drawn for this module, not part of any legal boundary (ships never
 *   sail there; zones-data.test.ts checks these edges against the coastline);
 * - "C": a closure along a shore where the legal boundary is the shoreline itself, drawn
 *   approximately along it where the 1:50m coastline is too coarse to hold an "L" edge (Cape
 *   Cod's arm, Jan Mayen);
 * - "A": an approximated sea boundary (estimated, not from a source coordinate list). A zone
 *   with any "A" edge is never `verified`.
 */
export type EdgeKind = "G" | "R" | "S" | "L" | "C" | "A";

/** [lat, lon, kind of the edge from this vertex to the next one]; decimal degrees, WGS84. */
export type Vertex = readonly [number, number, EdgeKind];

/** A closed ring (the last vertex joins the first); no holes are needed by the data. */
export interface RingSpec {
  vertices: readonly Vertex[];
  /**
   * The ring runs eastwards once round the globe and the zone is everything north of it (the
   * Arctic). Compilation closes it over the pole.
   */
  enclosesNorthPole?: boolean;
}

export type GeometrySpec =
  /** A union of simple polygons. */
  | { kind: "polygons"; parts: readonly RingSpec[] }
  /** Everything between two parallels (south inclusive, north exclusive), all longitudes. */
  | { kind: "band"; south: number; north: number };

interface ZoneSpecBase {
  id: string;
  name: string;
  /** Instrument (resolution / regulation, year) and where the coordinates were taken from. */
  source: string;
  /** true only when the boundary coordinates come from the cited source. */
  verified: boolean;
  /** true when the polygon simplifies the legal boundary. */
  simplified: boolean;
  notes?: string;
  geometry: GeometrySpec;
}

/** A step of a fuel-sulphur limit: `limit_pct` applies from `from` (ISO date, UTC midnight). */
export interface SulphurStep {
  from: string;
  limit_pct: number;
}

export interface EcaRegime {
  status: "in_force" | "adopted" | "proposed";
  /** Date the designation itself entered into force (null when not adopted). */
  designation_in_force: string | null;
  /** Date from which the ECA's requirements apply to ships (null when not adopted). */
  effective_from: string | null;
  /** The ECA's sulphur limits over time (empty for a proposed ECA). */
  sulphur_steps: readonly SulphurStep[];
  /**
   * NOx Tier III: ships constructed on or after `from` (read against built_year), with the
   * wording of the rule.
   */
  nox_tier_iii: { from: string; applies_to: string } | null;
}

export interface EcaZoneSpec extends ZoneSpecBase {
  category: "eca";
  pollutants: readonly Pollutant[];
  regime: EcaRegime;
}

/** A yearly season, both ends inclusive, month 1-12; may wrap the new year. */
export interface Season {
  from: readonly [number, number];
  to: readonly [number, number];
}

export interface SpeedZoneSpec extends ZoneSpecBase {
  category: "speed";
  authority: string;
  limit_kts: number;
  applies_to: string;
  /** Vessels of at least this length overall are subject; absent when length is not the test. */
  min_loa_m?: number;
  /**
   * Whether a vessel whose facts cannot decide (no LOA, or a test on facts the API does not
   * take, such as draught) is treated as subject when judging an exceedance. true for rules
   * that cover nearly every seagoing ship (65 ft and over), false for narrow ones.
   */
  subject_when_unknown: boolean;
  /** Absent when the restriction applies all year. */
  season?: Season;
}

export interface DesignatedZoneSpec extends ZoneSpecBase {
  category: "atba" | "pssa" | "tss";
  designation: string;
}

export interface PolarZoneSpec extends ZoneSpecBase {
  category: "polar";
  area: "arctic" | "antarctic";
}

export type ZoneSpec = EcaZoneSpec | SpeedZoneSpec | DesignatedZoneSpec | PolarZoneSpec;
