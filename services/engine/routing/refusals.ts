import { NoRouteWithinLimitsError, NoSeaRouteError } from "../errors";
import type { LatLon } from "../geo/types";
import type { EndMemo } from "./end-memo";
import { onPassageLine } from "./end-snap";
import { type ClosedSteps, type Gate, GatedLandMask } from "./gates";
import { APPROACH_SEARCHES, type NavigationGraph } from "./nav-graph";
import type { PassageAllowance } from "./passage-allowance";
import type { Passage } from "./passages";
import { unroutedPolarEnds } from "./polar-waters";
import type { RequestScope, RouteRequest } from "./types";

/**
 * Why a request has no route, said as the typed errors say it (mapped to 422): an end with no
 * way out open to this vessel (a bridge too low, a canal too shallow, a strait avoided or out
 * of season, water that leads nowhere), or ends with no route between them within the vessel's
 * wave and wind limits or by the passages it may use. Each names the passages and limits that
 * shut it, so a caller can tell a smaller ship or another season from no sea route at all.
 */

/** Ways out a refused end is searched for, each walled in turn to name every passage shut to the vessel (EndRefusals.end). */
const REFUSAL_WAYS_OUT = 4;

/** Refusals of one request's ends (route-ends.ts asks when an end has no way out). */
export class EndRefusals {
  constructor(
    private readonly graph: NavigationGraph,
    private readonly memo: EndMemo,
    private readonly scope: RequestScope,
  ) {}

  /**
   * Why an end has no way out to open water. A port behind a bridge too low for the vessel (San
   * Francisco Bay behind the Golden Gate) or a strait out of season has a way out for a smaller
   * ship: that is a refusal within limits (422), naming the passages shut to this vessel that
   * the ways out cross. Each way found is walled in turn, so an end with two ways out (the Sea of
   * Marmara: the Bosporus and the Dardanelles) names both. With only the caller's avoided straits
   * shut, or none, it is not connected to the sea.
   */
  end(
    p: LatLon,
    which: "origin" | "destination",
    request: RouteRequest,
    allowed: PassageAllowance,
    upFairway?: { end: LatLon; fairway: string },
  ): never {
    // An end up a river fairway is refused for its fairway's first point (p), and named itself.
    const end = upFairway?.end ?? p;
    const where = { which, lat: end.lat, lon: end.lon };
    const subject = upFairway
      ? `${which} ${end.lat},${end.lon} is up the ${upFairway.fairway} fairway, whose first point ${p.lat},${p.lon}`
      : `${which} ${p.lat},${p.lon}`;
    const avoided = new Set(request.avoid ?? []);
    const shutForVessel = new Set(
      [...allowed.closed, ...allowed.outOfSeason].map((c) =>
        this.graph.passages.findIndex((q) => q.id === c.passage),
      ),
    );
    // Water that opens onto the sea only by canals this request may not use (the upper Rio de la
    // Plata, for a ship too deep for its channels or a request avoiding them) names them.
    const canals = [
      ...new Set(
        this.graph.nearbyNodes(p, this.graph.verifyMask).flatMap((n) => this.graph.canalsOut(n)),
      ),
    ];
    if (canals.length > 0 && !canals.some((i) => this.scope.ok[i])) {
      const ids = canals.map((i) => (this.graph.passages[i] as Passage).id);
      this.shutPassages(
        `${subject} has no way out to open water but by ${ids.join(", ")}`,
        where,
        request,
        allowed,
        ids,
      );
    }
    const key = `${p.lat},${p.lon}|${this.scope.closedGates.join(",")}|${[...shutForVessel].join(",")}`;
    const named = this.memo.refusals.get(key) ?? this.waysOutShut(p, avoided, shutForVessel);
    this.memo.refusals.set(key, named);
    if (named.length > 0) {
      const ids = new Set(named.map((i) => (this.graph.passages[i] as Passage).id));
      const outOfSeason = allowed.outOfSeason.filter((c) => ids.has(c.passage));
      throw new NoRouteWithinLimitsError(
        `${subject} has no way out to open water open to this vessel: ${[...ids].join(", ")} closed to it`,
        {
          ...where,
          from: request.from,
          to: request.to,
          avoided: request.avoid ?? [],
          closed_to_vessel: allowed.closed.filter((c) => ids.has(c.passage)),
          ...(outOfSeason.length > 0 ? { closed_for_season: outOfSeason } : {}),
        },
      );
    }
    const shut = this.scope.refusedGates
      .map((i) => (this.graph.passages[i] as Passage).id)
      .filter((id) => avoided.has(id));
    const polar = unroutedPolarEnds([[which, p]]);
    throw new NoSeaRouteError(
      `${subject} has no way out to open water${shut.length > 0 ? ` without ${shut.join(", ")}` : ""}${polar.note}`,
      { ...where, ...(shut.length > 0 ? { closed_passages: shut } : {}), ...polar.details },
    );
  }

  /** The passages shut to the vessel that an end's ways out cross, each way walled in turn (EndRefusals.end). */
  private waysOutShut(
    p: LatLon,
    avoided: ReadonlySet<string>,
    shutForVessel: ReadonlySet<number>,
  ): number[] {
    const walls = this.graph.walledGates(this.graph.passages.map((q) => !avoided.has(q.id)));
    // With every shut gate the searches can reach walled, the search is the one that failed.
    const reach = APPROACH_SEARCHES.at(-1)?.windowDeg ?? 0;
    const reachable = [...shutForVessel].filter((i) =>
      this.graph.gates[i]?.nearBox(p, reach + 0.5),
    );
    const named: number[] = [];
    for (
      let tries = 0;
      tries < REFUSAL_WAYS_OUT && !reachable.every((i) => named.includes(i));
      tries++
    ) {
      const mask = new GatedLandMask(
        this.graph.verifyMask,
        [...walls, ...named].map((i) => this.graph.gates[i] as Gate),
      );
      const way = this.graph.wayOut(p, mask);
      if (!way) break;
      const line = [...way.points, this.graph.grid.pointOf(way.node)];
      const crossed = [...shutForVessel].filter(
        (i) =>
          !named.includes(i) &&
          line.some(
            (a, k) =>
              k > 0 && this.graph.gates[i]?.crossing(line[k - 1] as LatLon, a) !== undefined,
          ),
      );
      if (crossed.length === 0) break;
      named.push(...crossed);
    }
    return named;
  }

  /**
   * Refuses an end (`subject`, at `where`) that only passages `ids` lead from, none of which this
   * request may use: no_route_within_limits naming those shut to the vessel, with their limits,
   * or else no_sea_route naming them (the caller avoids them).
   */
  shutPassages(
    subject: string,
    where: { which: "origin" | "destination"; lat: number; lon: number },
    request: RouteRequest,
    allowed: PassageAllowance,
    ids: readonly string[],
  ): never {
    const shut = allowed.closed.filter((c) => ids.includes(c.passage));
    if (shut.length > 0) {
      throw new NoRouteWithinLimitsError(
        `${subject}, closed to this vessel: ${shut.map((c) => `${c.passage} ${c.limit}`).join(", ")}`,
        {
          ...where,
          from: request.from,
          to: request.to,
          avoided: request.avoid ?? [],
          closed_to_vessel: shut,
        },
      );
    }
    throw new NoSeaRouteError(`${subject}, which the request avoids`, {
      ...where,
      closed_passages: [...ids],
    });
  }

  /**
   * Refuses an end on a river fairway the request may not sail: too deep or too tall for it
   * (no_route_within_limits, naming the limit), or avoided by the caller (no_sea_route).
   */
  shutRiver(
    p: LatLon,
    which: "origin" | "destination",
    request: RouteRequest,
    allowed: PassageAllowance,
  ): void {
    const rivers = this.graph.passages.flatMap((passage, i) =>
      passage.kind === "river" && onPassageLine(this.graph, p, i) ? [i] : [],
    );
    const airDraft = request.vessel.air_draft_m;
    const open = rivers
      .filter((i) => allowed.ok[i])
      .map((i) => ({ i, barring: this.graph.bridgesBarring(i, p, airDraft) }));
    if (open.some((o) => o.barring.length === 0)) return;
    const ids = rivers.map((i) => (this.graph.passages[i] as Passage).id);
    const where = { which, lat: p.lat, lon: p.lon, from: request.from, to: request.to };
    const barred = open.flatMap(({ i, barring }) =>
      barring.map((b) => ({
        passage: (this.graph.passages[i] as Passage).id,
        limit: `air draft ${airDraft} m > ${b.max_air_draft_m} m under the ${b.name}`,
        limit_verified: b.verified,
      })),
    );
    const closed = [...allowed.closed.filter((c) => ids.includes(c.passage)), ...barred];
    if (closed.length > 0) {
      throw new NoRouteWithinLimitsError(
        `${which} ${p.lat},${p.lon} is up the ${ids.join(", ")} fairway, closed to this vessel: ${closed.map((c) => c.limit).join("; ")}`,
        { ...where, avoided: request.avoid ?? [], closed_to_vessel: closed },
      );
    }
    throw new NoSeaRouteError(
      `${which} ${p.lat},${p.lon} is reached only by the ${ids.join(", ")} fairway, avoided`,
      { ...where, closed_passages: ids },
    );
  }
}

/** A search of the request's graph: with or without the vessel's wave and wind limits, with the passages `ok` open and the grid steps `steps` closed (the request's own when not given). */
export type RequestSearch = (
  limits: boolean,
  ok?: boolean[],
  steps?: ClosedSteps,
) => { path: readonly number[] } | null;

/**
 * Why the search found no route between two ends that both have ways out: every route breaks
 * the vessel's wave or wind limit; or the routes there are need passages shut to this vessel
 * (its dimensions, the season), named; or there is no sea route with the passages the caller
 * left open.
 */
export function refuseNoRoute(
  graph: NavigationGraph,
  request: RouteRequest,
  allowed: PassageAllowance,
  search: RequestSearch,
  pointOf: (node: number) => LatLon,
): never {
  const details = {
    from: request.from,
    to: request.to,
    avoided: request.avoid ?? [],
    closed_to_vessel: allowed.closed,
  };
  if (search(false)) {
    throw new NoRouteWithinLimitsError("every sea route breaks the vessel's wave or wind limit", {
      ...details,
      max_wave_m: request.vessel.max_wave_m ?? null,
      max_wind_kts: request.vessel.max_wind_kts ?? null,
    });
  }
  const shut = allowed.closed.length + allowed.outOfSeason.length;
  const shutIds = new Set([...allowed.closed, ...allowed.outOfSeason].map((c) => c.passage));
  const needed = shut > 0 ? neededWithPassagesOpen(graph, request, shutIds, search, pointOf) : null;
  if (needed) {
    // Name the shut passages the routes found with them open sail, not every passage shut
    // to this vessel anywhere in the world; all of them if those routes sail none (a gate
    // crossed only by an end's way out).
    const sailsShut = [...allowed.closed, ...allowed.outOfSeason].some((c) =>
      needed.has(c.passage),
    );
    const named = <T extends { passage: string }>(list: T[]) =>
      sailsShut ? list.filter((c) => needed.has(c.passage)) : list;
    const outOfSeason = named(allowed.outOfSeason);
    throw new NoRouteWithinLimitsError(
      "no sea route: the passages it needs are closed to this vessel (its dimensions) or at this time of year (ice)",
      {
        ...details,
        closed_to_vessel: named(allowed.closed),
        ...(outOfSeason.length > 0 ? { closed_for_season: outOfSeason } : {}),
      },
    );
  }
  const polar = unroutedPolarEnds([
    ["origin", request.from],
    ["destination", request.to],
  ]);
  throw new NoSeaRouteError(
    `origin and destination are not connected by sea with these passages${polar.note}`,
    { ...details, ...polar.details },
  );
}

/**
 * Whether a vessel the passages fit would have a route, with only the caller's avoided passages
 * closed, in any season: then this vessel's dimensions or the ice are why there is none, not the
 * avoid list (a Black Sea port with the Bosporus avoided has no route for any vessel). If so,
 * the passages shut to this vessel (`shut`, by id) that every such route needs one of: the
 * route found with them open sails some, which are closed in turn until none is left (the
 * Baltic for a ship of 18 m: the Kiel Canal, then the Great Belt, then the Oresund). Null if
 * there is no route. Only asked after a failed search.
 */
function neededWithPassagesOpen(
  graph: NavigationGraph,
  request: RouteRequest,
  shut: ReadonlySet<string>,
  search: RequestSearch,
  pointOf: (node: number) => LatLon,
): Set<string> | null {
  const avoided = new Set(request.avoid ?? []);
  const ok = graph.passages.map((p) => !avoided.has(p.id));
  const needed = new Set<string>();
  for (let tries = 0; tries <= shut.size; tries++) {
    const gated = graph.walledGates(ok);
    const found = search(false, ok, gated.length > 0 ? graph.closedStepsFor(gated) : undefined);
    if (!found) return tries === 0 ? null : needed;
    const sailed = passagesSailed(graph, found.path, pointOf).filter((i) =>
      shut.has((graph.passages[i] as Passage).id),
    );
    if (sailed.length === 0) break;
    for (const i of sailed) {
      needed.add((graph.passages[i] as Passage).id);
      ok[i] = false;
    }
  }
  return needed;
}

/** The passages (indices) a searched path sails, by their own edges or across their gates. */
function passagesSailed(
  graph: NavigationGraph,
  path: readonly number[],
  pointOf: (node: number) => LatLon,
): number[] {
  const sailed = new Set<number>();
  const passageOf = (node: number) =>
    node >= graph.base + 2 ? Math.floor((node - graph.base - 2) / 2) : -1;
  for (let k = 1; k < path.length; k++) {
    const a = path[k - 1] as number;
    const b = path[k] as number;
    const along = passageOf(a);
    if (along >= 0 && along === passageOf(b)) sailed.add(along);
    graph.gates.forEach((gate, i) => {
      if (gate?.crossing(pointOf(a), pointOf(b)) !== undefined) sailed.add(i);
    });
  }
  return [...sailed];
}
