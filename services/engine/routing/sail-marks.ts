import { distanceAndCourse, geodesicPieces } from "../geo/geodesic";
import { round } from "../round";
import type { EdgeCosts } from "./edge-costs";
import type { PassageLine } from "./passage-line";
import type { Passage } from "./passages";
import type { RouteLeg, RouteMark, RouteRequest, RouteSegment } from "./types";

/**
 * Sails a route's turning points from its departure: a leg between each two, cut into segments
 * of request.segmentNm (25 nm by default), each timed at the speed ordered on its leg (the
 * vessel's own, a held speed, or a passage's limit) less the loss in the conditions met there
 * (a sailing yacht: its polar's speed or its engine's) plus the current (EdgeCosts.sail). A leg in a canal or river fairway counts the passage's published length
 * (PassageLine.scaleAt), not its drawn one.
 */
export function sailMarks(
  request: RouteRequest,
  marks: readonly RouteMark[],
  costs: EdgeCosts,
  /** The passage a leg marked with its id runs through, and its line. */
  passageOf: (id: string) => { passage: Passage; line: PassageLine },
): {
  legs: RouteLeg[];
  segments: RouteSegment[];
  distance_nm: number;
  transit_h: number;
  eta_ms: number;
} {
  const segmentNm = request.segmentNm ?? 25;
  const legs: RouteLeg[] = [];
  const segments: RouteSegment[] = [];
  let t = request.departureMs;
  for (let i = 0; i + 1 < marks.length; i++) {
    const a = marks[i] as RouteMark;
    const b = marks[i + 1] as RouteMark;
    const passage = a.passage !== undefined && a.passage === b.passage ? a.passage : undefined;
    const held = passage === undefined ? a.heldKts : undefined;
    const along = passage === undefined ? undefined : passageOf(passage);
    const passageData = along?.passage;
    // Canals and river fairways: confined water, sailed at the passage's speed.
    const inCanal = passageData !== undefined && passageData.kind !== "strait";
    // A canal or river drawn shorter than published counts as long as published (passage-line.ts).
    const line = along?.line;
    const legStart = t;
    for (const piece of geodesicPieces(a.point, b.point, segmentNm)) {
      const { start: s, end: e } = piece;
      const d = piece.distanceNm * (line ? line.scaleAt(s, e) : 1);
      const sample = costs.sail(s, e, d, t, held);
      if (passageData) sample.hours = d / costs.passageSpeedKts(passageData);
      segments.push({
        start: s,
        end: e,
        start_ms: t,
        end_ms: t + sample.hours * 3_600_000,
        distance_nm: round(d, 3),
        course_deg: round(piece.courseDeg, 1),
        speed_over_ground_kts: round(d / sample.hours, 2),
        conditions: sample.conditions,
        in_canal: inCanal,
        speed_through_water_kts: passageData
          ? costs.passageSpeedKts(passageData)
          : sample.propulsion
            ? round(sample.stwKts, 2)
            : (held ?? request.vessel.speed_kts),
        ...(sample.propulsion && !passageData ? { propulsion: sample.propulsion } : {}),
        ...(held === undefined ? {} : { held_speed_kts: held }),
      });
      t += sample.hours * 3_600_000;
    }
    const leg = distanceAndCourse(a.point, b.point);
    legs.push({
      from: a.point,
      to: b.point,
      distance_nm: round(leg.distanceNm * (line ? line.scaleAt(a.point, b.point) : 1), 2),
      course_deg: round(leg.courseDeg, 1),
      start_ms: legStart,
      end_ms: t,
      ...(passage ? { passage } : {}),
      ...(held === undefined ? {} : { held_speed_kts: held }),
    });
  }
  const distance = legs.reduce((s, l) => s + l.distance_nm, 0);
  return {
    legs,
    segments,
    distance_nm: round(distance, 1),
    transit_h: round((t - request.departureMs) / 3_600_000, 2),
    eta_ms: Math.round(t),
  };
}
