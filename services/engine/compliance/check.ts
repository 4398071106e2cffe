/**
 * The compliance check: which regulated zones a timed route passes through, where it enters and
 * leaves each, and what each zone's rules say for this vessel at that time. Pure: no I/O, no
 * clock (times come from the route), and the zone index is built once from constant data.
 */
import { InvalidInputError } from "../errors";
import { round } from "../round";
import { ecaStatusAt, noxTierIII } from "./eca-rules";
import {
  chainTransits,
  type PreparedSegment,
  prepareRoute,
  type RawTransit,
  reportTransit,
  segmentDistanceNm,
  zonePieces,
} from "./route-zones";
import { describeSeason, overlapsSeason, vesselSubject } from "./speed-rules";
import {
  COMPLIANCE_DISCLAIMER,
  type ComplianceInput,
  type ComplianceReport,
  type DesignatedAreaFinding,
  type EcaFinding,
  type PolarAreaFinding,
  type PolarCodeFinding,
  type SpeedRestrictionFinding,
  type ZoneFinding,
} from "./types";
import { buildZoneIndex, type ZoneIndex } from "./zone-index";
import type { SpeedZoneSpec, ZoneSpec } from "./zone-spec";
import { ZONES } from "./zones";

/** The index over every zone in zones.ts; built once when the module is loaded (a few ms). */
export const DEFAULT_ZONE_INDEX: ZoneIndex = buildZoneIndex(ZONES);

/** SOLAS XIV applies to cargo ships of this gross tonnage and above (and passenger ships). */
const POLAR_CERTIFICATE_MIN_GT = 500;

export function checkCompliance(
  input: ComplianceInput,
  index: ZoneIndex = DEFAULT_ZONE_INDEX,
): ComplianceReport {
  validate(input);
  const route = prepareRoute(input.segments);
  const found: Array<{ spec: ZoneSpec; raws: RawTransit[] }> = [];
  for (const [z, pieces] of zonePieces(route, index)) {
    const zone = index.zones[z];
    const raws = chainTransits(route, pieces);
    if (zone !== undefined && raws.length > 0) found.push({ spec: zone.spec, raws });
  }
  // Findings in the order the route meets them.
  found.sort((a, b) => (a.raws[0]?.entry_ms ?? 0) - (b.raws[0]?.entry_ms ?? 0));

  const eca: EcaFinding[] = [];
  const speed: SpeedRestrictionFinding[] = [];
  const atba: DesignatedAreaFinding[] = [];
  const pssa: DesignatedAreaFinding[] = [];
  const tss: DesignatedAreaFinding[] = [];
  const polarAreas: PolarAreaFinding[] = [];
  // Totals over in-force ECAs, summed before rounding.
  let ecaHours = 0;
  let ecaNm = 0;
  for (const { spec, raws } of found) {
    const base = baseFinding(spec, route, raws);
    const firstEntryMs = raws[0]?.entry_ms ?? input.departure_ms;
    switch (spec.category) {
      case "eca": {
        const status = ecaStatusAt(spec.regime, firstEntryMs);
        if (status.in_force) {
          for (const r of raws) {
            ecaHours += r.hours;
            ecaNm += r.distance_nm;
          }
        }
        eca.push({
          ...base,
          pollutants: [...spec.pollutants],
          status: spec.regime.status,
          effective_from: spec.regime.effective_from,
          ...status,
          nox_tier_iii: noxTierIII(spec.regime, input.vessel.built_year),
        });
        break;
      }
      case "speed":
        speed.push(speedFinding(spec, base, route, raws, input));
        break;
      case "atba":
        atba.push({ ...base, designation: spec.designation });
        break;
      case "pssa":
        pssa.push({ ...base, designation: spec.designation });
        break;
      case "tss":
        tss.push({ ...base, designation: spec.designation });
        break;
      case "polar":
        polarAreas.push({ ...base, area: spec.area });
        break;
    }
  }

  const voyageHours = voyageHoursOf(input);
  return {
    eca_transits: eca,
    speed_restrictions: speed,
    areas_to_be_avoided: atba,
    pssas: pssa,
    traffic_separation_schemes: tss,
    polar_code: polarFinding(polarAreas, input.vessel.gross_tonnage),
    summary: {
      zones_entered: found.length,
      eca_distance_nm: round(ecaNm, 2),
      eca_hours: round(ecaHours, 3),
      eca_time_share: voyageHours > 0 ? round(Math.min(1, ecaHours / voyageHours), 4) : 0,
      voyage_hours: round(voyageHours, 3),
    },
    disclaimer: COMPLIANCE_DISCLAIMER,
  };
}

function baseFinding(
  spec: ZoneSpec,
  route: readonly PreparedSegment[],
  raws: readonly RawTransit[],
): ZoneFinding {
  const finding: ZoneFinding = {
    id: spec.id,
    name: spec.name,
    source: spec.source,
    verified: spec.verified,
    simplified: spec.simplified,
    transits: raws.map((r) => reportTransit(route, r)),
    distance_nm: round(
      raws.reduce((s, r) => s + r.distance_nm, 0),
      2,
    ),
    hours: round(
      raws.reduce((s, r) => s + r.hours, 0),
      3,
    ),
  };
  if (spec.notes !== undefined) finding.notes = spec.notes;
  return finding;
}

function speedFinding(
  spec: SpeedZoneSpec,
  base: ZoneFinding,
  route: readonly PreparedSegment[],
  raws: readonly RawTransit[],
  input: ComplianceInput,
): SpeedRestrictionFinding {
  const inSeason = raws.some((r) => overlapsSeason(spec.season, r.entry_ms, r.exit_ms));
  const subject = vesselSubject(spec.min_loa_m, input.vessel.loa_m);
  const treated = subject ?? spec.subject_when_unknown;
  // The speed the plan implies on each segment inside the zone (distance over time), or the
  // vessel's planned speed where a segment has no duration.
  let planned = 0;
  for (const r of raws) {
    for (const p of r.pieces) {
      const s = route[p.seg];
      if (s === undefined) continue;
      const hours = (s.end_ms - s.start_ms) / 3_600_000;
      const kts = hours > 0 ? segmentDistanceNm(s) / hours : input.vessel.speed_kts;
      planned = Math.max(planned, kts);
    }
  }
  return {
    ...base,
    authority: spec.authority,
    limit_kts: spec.limit_kts,
    applies_to: spec.applies_to,
    season: describeSeason(spec.season),
    in_season: inSeason,
    vessel_subject: subject,
    treated_as_subject: treated,
    planned_speed_kts: round(planned, 1),
    exceeds_limit: inSeason && treated && planned > spec.limit_kts + 1e-9,
  };
}

function polarFinding(
  areas: PolarAreaFinding[],
  grossTonnage: number | undefined,
): PolarCodeFinding {
  const applies = areas.length > 0;
  const certificate =
    applies && (grossTonnage === undefined || grossTonnage >= POLAR_CERTIFICATE_MIN_GT);
  let notes: string;
  if (!applies) {
    notes = "The route does not enter polar waters (Arctic waters or the Antarctic area).";
  } else if (certificate) {
    notes =
      "The route enters polar waters: the Polar Code applies (SOLAS chapter XIV safety part to ships certified under SOLAS, MARPOL environmental part to all ships). A Polar Ship Certificate is required; tonnage below 500 GT would exempt a cargo ship from the SOLAS part.";
  } else {
    notes =
      "The route enters polar waters: the Polar Code's environmental provisions (MARPOL) apply. As a cargo ship below 500 GT the vessel is outside SOLAS chapter XIV (no Polar Ship Certificate), unless it is a passenger ship.";
  }
  return { applies, areas, polar_ship_certificate_required: certificate, notes };
}

function voyageHoursOf(input: ComplianceInput): number {
  const first = input.segments[0];
  const last = input.segments[input.segments.length - 1];
  if (first === undefined || last === undefined) return 0;
  const start = Math.min(input.departure_ms, first.start_ms);
  return Math.max(0, (last.end_ms - start) / 3_600_000);
}

function validate(input: ComplianceInput): void {
  if (!Number.isFinite(input.departure_ms)) {
    throw new InvalidInputError("departure time must be a finite epoch-ms value", {
      field: "departure_ms",
    });
  }
  const v = input.vessel;
  if (!(Number.isFinite(v.speed_kts) && v.speed_kts >= 0)) {
    throw new InvalidInputError("vessel speed_kts must be a non-negative number", {
      field: "vessel.speed_kts",
    });
  }
  input.segments.forEach((s, i) => {
    for (const [name, p] of [
      ["start", s.start],
      ["end", s.end],
    ] as const) {
      if (!(Number.isFinite(p.lat) && Math.abs(p.lat) <= 90 && Number.isFinite(p.lon))) {
        throw new InvalidInputError(`segment ${i} ${name} is not a valid position`, {
          segment: i,
          field: name,
        });
      }
    }
    if (!(Number.isFinite(s.start_ms) && Number.isFinite(s.end_ms) && s.end_ms >= s.start_ms)) {
      throw new InvalidInputError(`segment ${i} must end at or after its start time`, {
        segment: i,
      });
    }
  });
}
