import type { Route } from "../engine/routing/types";
import type { DepartureSample } from "../weather/reanalysis/port";

/**
 * The route as the historical departures sail it: where the vessel is at every reanalysis time
 * step after departure (every `everyH` hours), on the route's own timing, with the course there.
 * The last step stands for the part-step to arrival.
 */
export function routeSamples(route: Route, everyH: number): DepartureSample[] {
  const stepMs = everyH * 3_600_000;
  const out: DepartureSample[] = [];
  const segs = route.segments;
  let i = 0;
  const total = route.eta_ms - route.departure_ms;
  for (let k = 0; k * stepMs <= total; k++) {
    const t = route.departure_ms + k * stepMs;
    while (i < segs.length - 1 && (segs[i] as Route["segments"][number]).end_ms < t) i++;
    const s = segs[i] as Route["segments"][number];
    const f =
      s.end_ms > s.start_ms
        ? Math.min(1, Math.max(0, (t - s.start_ms) / (s.end_ms - s.start_ms)))
        : 0;
    let dl = s.end.lon - s.start.lon;
    if (dl > 180) dl -= 360;
    if (dl < -180) dl += 360;
    let lon = s.start.lon + dl * f;
    if (lon >= 180) lon -= 360;
    if (lon < -180) lon += 360;
    const hours = Math.min(everyH, (total - k * stepMs) / 3_600_000);
    if (hours <= 0) break;
    out.push({
      lat: s.start.lat + (s.end.lat - s.start.lat) * f,
      lon,
      offsetSteps: k,
      course_deg: s.course_deg,
      hours,
    });
  }
  return out;
}
