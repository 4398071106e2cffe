import { describe, expect, it } from "vitest";
import type { LatLon } from "../geo/types";
import { closeRiversGoingDown, passageAllowance } from "./passage-allowance";
import type { Passage } from "./passages";
import type { RouteRequest } from "./types";

/**
 * Which passages a vessel may use, and the reasons a refusal gives for the others: the caller's
 * avoid list, the published limits, the season at the time the voyage would get there.
 */

const canal: Passage = {
  id: "canal",
  name: "A canal",
  kind: "canal",
  waypoints: [
    [0, 10],
    [0, 11],
  ],
  limits: { max_draft_m: 12, max_beam_m: 32, max_air_draft_m: 50 },
  limits_verified: true,
};
// Open in July to September only, 600 nm east of the start (43 hours at 14 kt).
const icyStrait: Passage = {
  id: "icy",
  name: "An icy strait",
  kind: "strait",
  waypoints: [
    [0, 10],
    [0, 11],
  ],
  season: { openMonths: [7, 8, 9], source: "test" },
};
const river: Passage = {
  id: "river",
  name: "A river",
  kind: "river",
  waypoints: [
    [0, 10],
    [0, 11],
  ],
  limits: { max_draft_m: 10, max_draft_down_m: 8 },
  limits_verified: false,
};
const passages = [canal, icyStrait, river];
const paths = passages.map((p) => p.waypoints.map(([lat, lon]) => ({ lat, lon }) as LatLon));
const request = (vessel: Partial<RouteRequest["vessel"]>, over: Partial<RouteRequest> = {}) =>
  ({
    from: { lat: 0, lon: 0 },
    to: { lat: 0, lon: 20 },
    objective: "fastest",
    departureMs: Date.UTC(2026, 7, 1),
    vessel: { speed_kts: 14, ...vessel },
    ...over,
  }) as RouteRequest;

describe("the passages a request may use", () => {
  it("opens every passage to a vessel within every limit, in season, avoiding none", () => {
    const a = passageAllowance(passages, paths, request({ draft_m: 8, beam_m: 30 }));
    expect(a).toEqual({ ok: [true, true, true], closed: [], outOfSeason: [] });
  });

  it("shuts an avoided passage without calling it closed to the vessel", () => {
    const a = passageAllowance(passages, paths, request({}, { avoid: ["canal"] }));
    expect(a.ok).toEqual([false, true, true]);
    expect(a.closed).toEqual([]);
  });

  it("names the first limit the vessel breaks, and whether the limit is verified", () => {
    const a = passageAllowance(passages, paths, request({ draft_m: 11, beam_m: 33 }));
    expect(a.ok).toEqual([false, true, false]);
    expect(a.closed).toEqual([
      { passage: "canal", limit: "beam 33 m > 32 m", limit_verified: true },
      { passage: "river", limit: "draft 11 m > 10 m", limit_verified: false },
    ]);
    const tall = passageAllowance(passages, paths, request({ air_draft_m: 51 }));
    expect(tall.closed.map((c) => c.limit)).toEqual(["air draft 51 m > 50 m"]);
  });

  it("judges a seasonal strait open by the month the voyage reaches it, not the month it leaves", () => {
    const inSeason = passageAllowance(passages, paths, request({}));
    expect(inSeason.ok[1]).toBe(true);
    // Leaving on 30 June at noon, the ship is at the strait on 2 July.
    const lateJune = request({}, { departureMs: Date.UTC(2026, 5, 30, 12) });
    expect(passageAllowance(passages, paths, lateJune).ok[1]).toBe(true);
    // Leaving on 30 September at noon, it arrives in October: shut.
    const lateSeptember = request({}, { departureMs: Date.UTC(2026, 8, 30, 12) });
    const shut = passageAllowance(passages, paths, lateSeptember);
    expect(shut.ok[1]).toBe(false);
    expect(shut.outOfSeason).toEqual([{ passage: "icy", open_months: [7, 8, 9] }]);
  });
});

describe("a river's draught going down", () => {
  const open = passageAllowance(passages, paths, request({ draft_m: 9 }));

  it("shuts the river to a ship deeper than its limit going down that sails down it", () => {
    const a = closeRiversGoingDown(open, passages, 9, () => true);
    expect(a.ok).toEqual([true, true, false]);
    expect(a.closed).toEqual([
      { passage: "river", limit: "draft 9 m > 8 m going down", limit_verified: false },
    ]);
    // The allowance it was given is left as it was.
    expect(open.ok).toEqual([true, true, true]);
  });

  it("leaves it open to a ship sailing up it, or within the limit, or of unknown draught", () => {
    expect(closeRiversGoingDown(open, passages, 9, () => false).ok).toEqual([true, true, true]);
    expect(closeRiversGoingDown(open, passages, 8, () => true).ok).toEqual([true, true, true]);
    expect(closeRiversGoingDown(open, passages, undefined, () => true)).toBe(open);
  });
});
