/**
 * Test helper: routes as the router would hand them over (25 nm geodesic segments at constant
 * speed), built from waypoints without the routing network, which is far too slow for unit
 * tests. Only the tests import this module.
 */

import type { ComplianceSegment } from "../services/engine/compliance/types";
import { densify, distanceNm } from "../services/engine/geo/geodesic";
import type { LatLon } from "../services/engine/geo/types";

export interface TestRoute {
  segments: ComplianceSegment[];
  departure_ms: number;
  arrival_ms: number;
  distance_nm: number;
}

/** Sails the waypoints [lat, lon] in order along geodesics at `speedKts` from `departure`. */
export function sail(
  waypoints: ReadonlyArray<readonly [number, number]>,
  departure: string,
  speedKts: number,
  stepNm = 25,
): TestRoute {
  const departureMs = Date.parse(departure);
  const points: LatLon[] = [];
  for (let i = 1; i < waypoints.length; i++) {
    const a = waypoints[i - 1] as readonly [number, number];
    const b = waypoints[i] as readonly [number, number];
    const leg = densify({ lat: a[0], lon: a[1] }, { lat: b[0], lon: b[1] }, stepNm);
    points.push(...(i === 1 ? leg : leg.slice(1)));
  }
  const segments: ComplianceSegment[] = [];
  let t = departureMs;
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const start = points[i - 1] as LatLon;
    const end = points[i] as LatLon;
    const nm = distanceNm(start, end);
    const ms = (nm / speedKts) * 3_600_000;
    segments.push({ start, end, start_ms: t, end_ms: t + ms, distance_nm: nm });
    t += ms;
    total += nm;
  }
  return { segments, departure_ms: departureMs, arrival_ms: t, distance_nm: total };
}
