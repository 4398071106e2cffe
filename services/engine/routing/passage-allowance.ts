import { distanceNm } from "../geo/geodesic";
import type { LatLon } from "../geo/types";
import type { Passage } from "./passages";
import type { RouteRequest } from "./types";

/**
 * Which passages a request may use: not those the caller avoids, not those whose published limits
 * the vessel exceeds, not those ice closes in the month the voyage would reach them; and for each
 * shut passage, why, as a refusal reports it.
 */

/** Which passages a request may use (by index), and why the others are shut to it. */
export interface PassageAllowance {
  ok: boolean[];
  /** Passages the vessel's dimensions exceed. */
  closed: Array<{ passage: string; limit: string; limit_verified: boolean }>;
  /** Straits ice closes in the month the voyage would reach them (Passage.season). */
  outOfSeason: Array<{ passage: string; open_months: number[] }>;
}

/** The allowance for a request, `paths[i]` being passage i's line as the router sails it. */
export function passageAllowance(
  passages: readonly Passage[],
  paths: ReadonlyArray<readonly LatLon[]>,
  request: RouteRequest,
): PassageAllowance {
  const avoid = new Set(request.avoid ?? []);
  // Limits not found in a citable source (limits_verified: false) close a passage too, as
  // practice does (VLCCs leave Malacca for Lombok), but a refusal says it rests on one.
  const closed: PassageAllowance["closed"] = [];
  const outOfSeason: PassageAllowance["outOfSeason"] = [];
  const ok = passages.map((p, i) => {
    if (avoid.has(p.id)) return false;
    if (
      p.season &&
      !p.season.openMonths.includes(monthAtPassage(request, paths[i] as readonly LatLon[]))
    ) {
      outOfSeason.push({ passage: p.id, open_months: p.season.openMonths });
      return false;
    }
    const v = request.vessel;
    const l = p.limits ?? {};
    const over: Array<[string, number | undefined, number | undefined]> = [
      ["draft", v.draft_m, l.max_draft_m],
      ["beam", v.beam_m, l.max_beam_m],
      ["loa", v.loa_m, l.max_loa_m],
      ["air draft", v.air_draft_m, l.max_air_draft_m],
    ];
    const broken = over.find(
      ([, have, max]) => have !== undefined && max !== undefined && have > max,
    );
    if (broken) {
      closed.push({
        passage: p.id,
        limit: `${broken[0]} ${broken[1]} m > ${broken[2]} m`,
        limit_verified: p.limits_verified !== false,
      });
      return false;
    }
    return true;
  });
  return { ok, closed, outOfSeason };
}

/**
 * The allowance for an origin on a river fairway: a fairway with a draught limit going down
 * (max_draft_down_m) is shut to a ship deeper than it that sails down from the origin, to the
 * sea or to a destination lower on the same fairway (`sailsDown(i)`: whether the voyage sails
 * fairway i down from its origin). A ship sailing up it, to a destination higher on it, is held
 * to the limit going up (max_draft_m) alone, as every end is.
 */
export function closeRiversGoingDown(
  allowed: PassageAllowance,
  passages: readonly Passage[],
  draft: number | undefined,
  sailsDown: (i: number) => boolean,
): PassageAllowance {
  if (draft === undefined) return allowed;
  const ok = [...allowed.ok];
  const closed = [...allowed.closed];
  passages.forEach((passage, i) => {
    const down = passage.limits?.max_draft_down_m;
    if (passage.kind !== "river" || down === undefined || draft <= down || !ok[i]) return;
    if (!sailsDown(i)) return;
    ok[i] = false;
    closed.push({
      passage: passage.id,
      limit: `draft ${draft} m > ${down} m going down`,
      limit_verified: passage.limits_verified !== false,
    });
  });
  return { ...allowed, ok, closed };
}

/**
 * The month (1-12, UTC) a voyage reaches a passage at the earliest: sailing the great circle
 * from its start to the passage's nearer end at the vessel's speed. Without ice data, this is
 * when a seasonal passage is judged open (a voyage leaving late in its season may arrive after).
 */
function monthAtPassage(request: RouteRequest, path: readonly LatLon[]): number {
  const nm = Math.min(
    distanceNm(request.from, path[0] as LatLon),
    distanceNm(request.from, path.at(-1) as LatLon),
  );
  const atMs = request.departureMs + (nm / request.vessel.speed_kts) * 3_600_000;
  return new Date(atMs).getUTCMonth() + 1;
}
