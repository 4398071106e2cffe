import { LRUCache } from "lru-cache";
import { InvalidInputError } from "../errors";
import { distanceNm } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import { CALM_WEATHER, type WeatherField } from "../weather/types";
import { AStar } from "./astar";
import { EdgeCosts } from "./edge-costs";
import { EndEdges } from "./end-edges";
import { EndMemo } from "./end-memo";
import { snapEnd } from "./end-snap";
import { type Gate, GatedLandMask } from "./gates";
import { type Attachment, NavigationGraph, type NavigationGraphOptions } from "./nav-graph";
import { passageAllowance } from "./passage-allowance";
import type { PassageLine } from "./passage-line";
import type { Passage } from "./passages";
import { refuseNoRoute } from "./refusals";
import { RequestGraph } from "./request-graph";
import { allowedDownFrom, RouteEnds } from "./route-ends";
import { sailMarks } from "./sail-marks";
import { LEG_STEP_NM, type SeaGrid } from "./sea-grid";
import { TautString } from "./taut-string";
import type { RiverStretch, Route, RouteMark, RouteRequest } from "./types";

/**
 * Sea routes that never cross land: A* on the navigation grid (sea-grid.ts) plus explicit
 * passages for canals and straits, under one of four objectives over time-dependent weather,
 * then string-pulled into few waypoints and checked against the finer coastline.
 */

/**
 * Weighted A* for the risk-weighted objectives in weather: their costs run far above the time
 * heuristic near storms, and plain A* would expand most of an ocean. The route found costs at
 * most this factor more than the optimum (in practice a few per cent); fastest stays exact.
 */
const RISK_SEARCH_WEIGHT = 1.5;
/** Speed-loss tables kept (one per hull and speed; 20 KB each). */
const LOSS_TABLES = 64;
/** A stretch of a searched path: open water (smoothed), or a passage sailed as drawn. */
interface RoutePiece {
  points: LatLon[];
  passage?: Passage;
  /** The passage's length sailed, when only part of it is (a river joined along it). */
  lengthNm?: number;
}
/** The straits a route's ends joined partway (ids), if any (see joinedStraits). */
interface JoinedStraits {
  atOrigin?: string;
  atDestination?: string;
}

export interface RoutingNetworkOptions extends NavigationGraphOptions {
  /**
   * For checking clients' tracks: the fine coastline alone and each closed water on its own, so
   * that a leg over a closed bank is reported as crossing that water, not land. Made at the first
   * track (a second fine mask is half a second and tens of MB that routing never needs), or at a
   * refused route end, which reads only `closedWaters` to name the water the end lies in. Without
   * it a track is checked against the fine routing mask, where closed waters count as land.
   */
  trackCheck?: () => TrackCheckMasks;
}

export interface TrackCheckMasks {
  coast: LandMask;
  closedWaters: ReadonlyArray<{ id: string; name: string; mask: LandMask }>;
}

/** A leg of a client's track that touches land, or enters one closed water (`water`). */
export interface TrackCrossing {
  leg: number;
  from: LatLon;
  to: LatLon;
}

export class RoutingNetwork {
  /** The static graph: grid, passages and their ends' edges, landmarks (nav-graph.ts). */
  private readonly graph: NavigationGraph;
  readonly grid: SeaGrid;
  readonly base: number;
  readonly passages: readonly Passage[];
  private readonly verifyMask: LandMask;
  private readonly makeTrackCheck: (() => TrackCheckMasks) | undefined;
  private trackCheck: TrackCheckMasks | undefined;
  private readonly astar: AStar;
  /** Nodes with edges of the current request (stamped with requestGeneration). */
  private readonly requestMark: Uint32Array;
  private requestGeneration = 0;
  private perRequest = new Map<number, Attachment[]>();
  /** The current request's origin (node base) and destination (base + 1). */
  private readonly requestEnds: [LatLon, LatLon] = [
    { lat: 0, lon: 0 },
    { lat: 0, lon: 0 },
  ];
  /** Ways found for route ends, kept across requests (route-ends.ts). */
  private readonly endMemo = new EndMemo();
  /** Tabulated speed loss per hull and speed (see speedLossTable). */
  private readonly lossTables = new LRUCache<string, Float32Array>({ max: LOSS_TABLES });

  constructor(
    /** Coastline the grid is built on (Natural Earth 1:50m in production). */
    routingMask: LandMask,
    /** Finer coastline every final segment is checked against (1:10m), and ports are snapped on. */
    verifyMask: LandMask,
    passages: readonly Passage[],
    options: RoutingNetworkOptions = {},
  ) {
    this.makeTrackCheck = options.trackCheck;
    this.graph = new NavigationGraph(routingMask, verifyMask, passages, options);
    this.grid = this.graph.grid;
    this.base = this.graph.base;
    this.passages = passages;
    this.verifyMask = verifyMask;
    this.requestMark = new Uint32Array(this.graph.size);
    this.astar = new AStar(this.graph.size);
  }

  /**
   * A client-supplied track as a Route (legs, 25 nm segments, times, conditions), sailed at the
   * vessel's speed with speed loss and current, without routing; `crossesLand` lists the legs
   * that touch the fine coastline and `crossesClosedWater` those that enter a closed water
   * (scored anyway, flagged by the caller).
   */
  /**
   * What a route's legs are kept off: the 1:10m land and the waters closed to ships (built with
   * the network, unlike coastline()).
   */
  keptOff(): LandMask {
    return this.verifyMask;
  }

  /** The 1:10m coastline alone (no closed waters), as clients' tracks are checked against it. */
  coastline(): LandMask {
    this.trackCheck ??= this.makeTrackCheck?.();
    return this.trackCheck?.coast ?? this.verifyMask;
  }

  track(
    request: Omit<RouteRequest, "from" | "to" | "objective">,
    waypoints: readonly LatLon[],
    weather: WeatherField = CALM_WEATHER,
  ): {
    route: Route;
    crossesLand: TrackCrossing[];
    crossesClosedWater: Array<TrackCrossing & { water: { id: string; name: string } }>;
  } {
    if (waypoints.length < 2) throw new InvalidInputError("a track needs at least two waypoints");
    const full: RouteRequest = {
      ...request,
      from: waypoints[0] as LatLon,
      to: waypoints.at(-1) as LatLon,
      objective: "fastest",
    };
    validate(full);
    const crossesLand: TrackCrossing[] = [];
    const crossesClosedWater: Array<TrackCrossing & { water: { id: string; name: string } }> = [];
    const coast = this.coastline();
    for (let i = 1; i < waypoints.length; i++) {
      const a = waypoints[i - 1] as LatLon;
      const b = waypoints[i] as LatLon;
      if (coast.pathHitsLand(a, b)) crossesLand.push({ leg: i - 1, from: a, to: b });
      for (const { id, name, mask } of this.trackCheck?.closedWaters ?? []) {
        if (mask.pathHitsLand(a, b)) {
          crossesClosedWater.push({ leg: i - 1, from: a, to: b, water: { id, name } });
        }
      }
    }
    const route = this.describe(
      full,
      weather,
      waypoints.map((point) => ({ point })),
      {},
      true,
    );
    return { route, crossesLand, crossesClosedWater };
  }

  /**
   * The vessel's speed loss tabulated by wind and heading (EdgeCosts.speedLossTable, ~5,000
   * evaluations of Kwon's formula): the same for every request of the same hull and speed, so
   * kept for the LOSS_TABLES most recent ones instead of made twice per request.
   */
  speedLossTable(request: Pick<RouteRequest, "vessel" | "objective">): Float32Array {
    const v = request.vessel;
    const key = JSON.stringify([
      v.speed_kts,
      v.loa_m,
      v.beam_m,
      v.draft_m,
      v.block_coefficient,
      v.displacement_t,
      v.container_ship,
      v.sailing,
    ]);
    let table = this.lossTables.get(key);
    if (!table) {
      table = new EdgeCosts(
        { ...request, from: { lat: 0, lon: 0 }, to: { lat: 0, lon: 0 }, departureMs: 0 },
        CALM_WEATHER,
      ).speedLossTable;
      this.lossTables.set(key, table);
    }
    return table;
  }

  /** Distance from p to the nearest coastline of the fine (1:10m) coast, capped at maxNm. */
  coastDistanceNm(p: LatLon, maxNm: number): number {
    return this.verifyMask.distanceToCoastNm(p, maxNm);
  }

  route(request: RouteRequest, weather: WeatherField = CALM_WEATHER): Route {
    validate(request);
    // An avoid list with a misspelt id would otherwise route through the passage it meant.
    const unknown = (request.avoid ?? []).filter((id) => !this.passages.some((p) => p.id === id));
    if (unknown.length > 0) {
      const known = this.passages.map((p) => p.id);
      throw new InvalidInputError(
        `avoid: no passage is called ${unknown.join(", ")} (passages: ${known.join(", ")})`,
        { field: "avoid", unknown, known },
      );
    }
    const closedWaterAt = (p: LatLon) => this.closedWaterAt(p);
    const originSnap = snapEnd(this.graph, request.from, "origin", closedWaterAt);
    const destinationSnap = snapEnd(this.graph, request.to, "destination", closedWaterAt);
    const allowed = passageAllowance(this.passages, this.graph.passagePaths, request);
    const closedGates = this.graph.walledGates(allowed.ok);
    const legMask =
      closedGates.length > 0
        ? new GatedLandMask(
            this.verifyMask,
            closedGates.map((i) => this.graph.gates[i] as Gate),
          )
        : this.verifyMask;
    const ends = new RouteEnds(this.graph, this.endMemo, {
      ok: allowed.ok,
      closedGates,
      refusedGates: closedGates.filter((i) => !allowed.ok[i]),
      legMask,
    });
    const closedSteps = closedGates.length > 0 ? this.graph.closedStepsFor(closedGates) : undefined;
    const { end: origin, ways: originWays } = ends.attachOrMoveEnd(
      request.from,
      originSnap,
      "origin",
      request,
      allowedDownFrom(this.graph, originSnap, destinationSnap, request, allowed),
    );
    const { end: destination, ways: destinationWays } = ends.attachOrMoveEnd(
      request.to,
      destinationSnap,
      "destination",
      request,
      allowed,
    );
    const start = this.base;
    const goal = this.base + 1;
    this.requestEnds[0] = origin.point;
    this.requestEnds[1] = destination.point;
    const ok = allowed.ok;
    const airDraftM = request.vessel.air_draft_m;
    const edges = new EndEdges();
    for (const w of originWays) edges.fromOrigin(w);
    for (const w of destinationWays) edges.intoDestination(w, 0);
    // An end in a strait's fairway (Keppel Harbour lies halfway along the Singapore Strait) also
    // joins the strait there, towards either end: otherwise a ship from the east would sail
    // the whole strait to its western end and back.
    for (const j of ends.straitJoins(origin.point, ok).flat()) edges.fromOrigin(j, true);
    for (const joins of ends.straitJoins(destination.point, ok)) {
      const group = edges.newGroup();
      for (const j of joins) edges.intoDestination(j, group, true);
    }
    // An end beside a canal's approach channel enters the canal there (canalJoins).
    for (const j of ends.canalJoins(origin.point, ok)) edges.fromOrigin(j, true);
    for (const j of ends.canalJoins(destination.point, ok)) {
      edges.intoDestination(j, edges.newGroup(), true);
    }
    // An end on a river sails it down to the water the coastline draws, and on out from there
    // the way a port's end does (riverSeaWays).
    if (origin.onRiver) {
      for (const w of ends.riverSeaWays(origin.point, ok, airDraftM)) edges.fromOrigin(w);
    }
    if (destination.onRiver) {
      for (const w of ends.riverSeaWays(destination.point, ok, airDraftM)) {
        edges.intoDestination(w, 0);
      }
    }
    // An end in sight of a passage's end joins it directly too, and so does an end whose way out
    // of a harbour passes one (passageEndsAlong): where the grid has no node that opens onto the
    // sea (the Gulf of Corinth east of the Rio-Antirrio narrows), the way from the Corinth Canal
    // to a point a few miles off it would run out of the gulf and back; Haines's way out runs
    // down Lynn Canal past Icy Strait to the open sea south of Chatham Strait. Each in its own goal
    // group: the passage's end may be far from the other goal edges' nodes in the graph.
    for (const e of ends.passageEndsAlong(origin.point, originWays, ok)) edges.fromOrigin(e);
    for (const e of ends.passageEndsAlong(destination.point, destinationWays, ok)) {
      edges.intoDestination(e, edges.newGroup());
    }
    edges.enterFromLattice(this.grid, (a, b) => !legMask.pathHitsLand(a, b, LEG_STEP_NM));
    // Origin and destination in sight of each other (a short hop, a harbour): the direct leg too.
    // Near each other but out of sight, the way through the water between them (nearEndsWay).
    if (!legMask.pathHitsLand(origin.point, destination.point)) {
      edges.between(distanceNm(origin.point, destination.point));
    } else {
      const along = ends.canalBetween(origin.point, destination.point, ok);
      const water = ends.nearEndsWay(origin, destination, ok, airDraftM);
      const near = along && !(water && water.lengthNm < along.lengthNm) ? along : water;
      if (near) edges.between(near.lengthNm, near.points, near.river);
    }
    const { perRequest, startEdges, goalGroups, via, riverVia } = edges.build(start, goal);
    this.perRequest = perRequest;
    const generation = ++this.requestGeneration;
    for (const node of perRequest.keys()) this.requestMark[node] = generation;

    const costs = new EdgeCosts(request, weather, this.speedLossTable(request));
    const bound = this.graph.landmarksFor(allowed.ok).towards(
      goalGroups,
      startEdges.filter((e) => e.to !== goal).map((e) => ({ node: e.to, lengthNm: e.lengthNm })),
    );
    const search = (limits: boolean, ok = allowed.ok, steps = closedSteps) =>
      this.astar.search(
        new RequestGraph(this, costs, ok, destination.point, bound, limits, steps),
        start,
        goal,
        request.departureMs,
        costs.calm || request.objective === "fastest" ? 1 : RISK_SEARCH_WEIGHT,
      );
    let found = search(true);
    let limitsKept = true;
    if (!found && request.whenLimitsUnreachable === "route-anyway") {
      found = search(false);
      limitsKept = false;
    }
    if (!found) refuseNoRoute(this.graph, request, allowed, search, (node) => this.pointOf(node));
    const pieces = this.pathPieces(found.path, via, riverVia);
    const waypoints = this.smooth(pieces, costs, request.departureMs, limitsKept, legMask);
    return this.describe(
      request,
      weather,
      waypoints,
      { origin: origin.snap, destination: destination.snap },
      limitsKept,
      this.joinedStraits(found.path, {
        atOrigin: edges.joinedAtOrigin(found.path[1] as number),
        atDestination: edges.joinedAtDestination(found.path.at(-2) as number),
      }),
    );
  }

  // --- building blocks -----------------------------------------------------------------------

  extraEdges(node: number): Attachment[] | undefined {
    return this.graph.extraEdges(node);
  }

  requestEdges(node: number): Attachment[] | undefined {
    return this.requestMark[node] === this.requestGeneration
      ? this.perRequest.get(node)
      : undefined;
  }

  /** A node's point: a grid cell's, the request's origin or destination, or a passage's end. */
  pointOf(node: number): LatLon {
    if (node < this.base) return this.grid.pointOf(node);
    const k = node - this.base;
    return (k < 2 ? this.requestEnds[k] : this.graph.passageEnds[k - 2]) as LatLon;
  }

  /** The closed water a refused end lies in, so that the refusal names it instead of land. */
  private closedWaterAt(p: LatLon): { id: string; name: string } | undefined {
    this.trackCheck ??= this.makeTrackCheck?.();
    const water = this.trackCheck?.closedWaters.find((w) => w.mask.isLand(p));
    return water && { id: water.id, name: water.name };
  }

  /** The found path as free stretches (smoothable) and passages (kept as published). */
  private pathPieces(
    path: number[],
    via: Map<string, LatLon[]>,
    riverVia: ReadonlyMap<string, RiverStretch & { atStart: boolean }> = new Map(),
  ): RoutePiece[] {
    const pieces: RoutePiece[] = [{ points: [] }];
    /** A node's point, then the points of the edge on from it (a harbour's or strait's way). */
    const pushNode = (to: LatLon[], i: number) => {
      const node = path[i] as number;
      to.push(this.pointOf(node));
      const next = path[i + 1];
      if (next === undefined) return;
      const key = `${node}>${next}`;
      to.push(...(via.get(key) ?? this.graph.fixedVia.get(key) ?? []));
    };
    for (let i = 0; i < path.length; i++) {
      const node = path[i] as number;
      const next = path[i + 1];
      const current = pieces.at(-1) as RoutePiece;
      const river = next === undefined ? undefined : riverVia.get(`${node}>${next}`);
      if (river !== undefined) {
        // A way that sails a river fairway (an end on the river): its river stretch is sailed as
        // the river, in part, and the rest (out of the estuary) as open water.
        const full = [this.pointOf(node), ...(via.get(`${node}>${next}`) ?? [])];
        full.push(this.pointOf(next as number));
        const n = river.points;
        const stretch = river.atStart ? full.slice(0, n) : full.slice(full.length - n);
        const piece = {
          points: stretch,
          passage: this.passages[river.passage] as Passage,
          lengthNm: (this.graph.passageLines[river.passage] as PassageLine).stretchNm(stretch),
        };
        if (river.atStart) {
          current.points.push(full[0] as LatLon);
          pieces.push(piece, { points: full.slice(n - 1, full.length - 1) });
        } else {
          current.points.push(...full.slice(0, full.length - n + 1));
          pieces.push(piece, { points: [] });
        }
        continue;
      }
      pushNode(current.points, i);
      const passageIndex = node >= this.base + 2 ? Math.floor((node - this.base - 2) / 2) : -1;
      if (
        passageIndex >= 0 &&
        next !== undefined &&
        next >= this.base + 2 &&
        Math.floor((next - this.base - 2) / 2) === passageIndex
      ) {
        const passage = this.passages[passageIndex] as Passage;
        const forward = (node - this.base - 2) % 2 === 0;
        const pts = this.graph.passagePaths[passageIndex] as LatLon[];
        pieces.push({ points: forward ? pts : [...pts].reverse(), passage });
        pieces.push({ points: [] });
        i++; // the passage's far end starts the next free stretch
        pushNode((pieces.at(-1) as { points: LatLon[] }).points, i);
      }
    }
    // A stretch of one point is the end of the passage beside it (a route ending on a river).
    return pieces.filter((p) => p.points.length > 1 || (p.points.length === 1 && p.passage));
  }

  /**
   * String pulling: keep a point only where the straight (geodesic) leg past it would touch land,
   * or, in weather, where it would cost more under the objective than the searched path it
   * replaces (so smoothing never cuts back into the storm the search went round).
   */
  private smooth(
    pieces: RoutePiece[],
    costs: EdgeCosts,
    departMs: number,
    /** Whether the search kept the vessel's hard limits: then a shortcut must keep them too. */
    limits: boolean,
    /** What the request's legs are tested against (RequestScope.legMask). */
    legMask: LandMask,
  ): RouteMark[] {
    const out: RouteMark[] = [];
    const push = (p: LatLon, passage?: string, heldKts?: number) => {
      const last = out.at(-1);
      if (last && last.point.lat === p.lat && last.point.lon === p.lon) {
        if (heldKts !== undefined) last.heldKts = heldKts;
        // A passage's first point ends the stretch before it too (the passage's end node): it
        // takes the passage's mark, or the passage's first leg would be sailed as open sea.
        if (passage !== undefined && last.passage === undefined) last.passage = passage;
        return;
      }
      out.push(heldKts === undefined ? { point: p, passage } : { point: p, passage, heldKts });
    };
    const taut = new TautString(legMask, this.verifyMask, this.grid.clearanceNm);
    let clock = departMs;
    for (const piece of pieces) {
      if (piece.passage) {
        for (const p of piece.points) push(p, piece.passage.id);
        clock +=
          costs.passageHours(
            piece.lengthNm ??
              (this.graph.passageLines[this.passages.indexOf(piece.passage)] as PassageLine)
                .lengthNm,
            piece.passage,
          ) * 3_600_000;
        continue;
      }
      const pts = piece.points;
      if (!costs.calm) {
        const smoothed = taut.straightenInWeather(pts, costs, clock, limits);
        for (const [i, p] of smoothed.points.entries()) push(p, undefined, smoothed.speeds[i]);
        clock = smoothed.endMs;
        continue;
      }
      for (const p of taut.straighten(pts)) push(p);
    }
    return out;
  }

  /**
   * The passages a route goes through, in the order it reaches them: those it took by their
   * passage edges, the gated straits its legs cross in open water, and the straits its ends
   * joined partway (joinedStraits).
   */
  private passagesUsed(
    marks: ReadonlyArray<{ point: LatLon; passage?: string }>,
    joined: JoinedStraits,
  ): string[] {
    const used: Array<{ id: string; at: number }> = [];
    marks.forEach((m, i) => {
      if (m.passage) used.push({ id: m.passage, at: i });
    });
    this.graph.gates.forEach((gate, p) => {
      if (!gate) return;
      for (let k = 0; k + 1 < marks.length; k++) {
        const t = gate.crossing(
          (marks[k] as { point: LatLon }).point,
          (marks[k + 1] as { point: LatLon }).point,
        );
        if (t !== undefined) {
          used.push({ id: (this.passages[p] as Passage).id, at: k + t });
          return;
        }
      }
    });
    // A strait an end joined partway is placed where the route meets it, when its path shows
    // where: an origin 35 nm off Sandy Hook joins the Kill Van Kull's fairway by a way through the
    // Narrows, and the Narrows come first. A gated strait was used only if the route crossed its
    // gate: Annapolis, 3 nm south of the Chesapeake Bay Bridge, joins the bridge's reach of the
    // bay towards its southern end and never passes under the bridge.
    const seen = new Set(used.map((u) => u.id));
    const reported = (id: string | undefined): id is string =>
      id !== undefined && !seen.has(id) && !this.passages.find((p) => p.id === id)?.gate;
    if (reported(joined.atOrigin)) used.push({ id: joined.atOrigin, at: -1 });
    if (reported(joined.atDestination)) used.push({ id: joined.atDestination, at: marks.length });
    used.sort((a, b) => a.at - b.at);
    return [...new Set(used.map((u) => u.id))];
  }

  /**
   * The straits a route joins partway (straitJoins): an end in a strait's fairway sails part of
   * it, along its path, from the end to one of the strait's ends. The first and last edges of a
   * searched path are the only ones that lead from a route's end to a passage's end; `joins`
   * says whether each of them is such a join, and not a way to the passage's end by other water.
   */
  private joinedStraits(
    path: readonly number[],
    joins: { atOrigin: boolean; atDestination: boolean },
  ): JoinedStraits {
    const passageOf = (node: number | undefined) =>
      node !== undefined && node >= this.base + 2
        ? this.passages[Math.floor((node - this.base - 2) / 2)]?.id
        : undefined;
    return {
      atOrigin: joins.atOrigin ? passageOf(path[1]) : undefined,
      atDestination: joins.atDestination && path.length > 2 ? passageOf(path.at(-2)) : undefined,
    };
  }

  private describe(
    request: RouteRequest,
    weather: WeatherField,
    marks: RouteMark[],
    snaps: Route["snaps"],
    limitsKept: boolean,
    joined: JoinedStraits = {},
  ): Route {
    const costs = new EdgeCosts(request, weather, this.speedLossTable(request));
    const sailed = sailMarks(request, marks, costs, (id) => {
      const i = this.passages.findIndex((p) => p.id === id);
      return {
        passage: this.passages[i] as Passage,
        line: this.graph.passageLines[i] as PassageLine,
      };
    });
    return {
      objective: request.objective,
      waypoints: marks.map((m) => m.point),
      legs: sailed.legs,
      segments: sailed.segments,
      distance_nm: sailed.distance_nm,
      transit_h: sailed.transit_h,
      departure_ms: request.departureMs,
      eta_ms: sailed.eta_ms,
      passages: this.passagesUsed(marks, joined),
      snaps,
      weather_source: weather.label,
      limits_kept: limitsKept,
    };
  }
}

function validate(r: RouteRequest): void {
  for (const [name, p] of [
    ["from", r.from],
    ["to", r.to],
  ] as const) {
    if (!(Math.abs(p.lat) <= 90) || !(Math.abs(p.lon) <= 180)) {
      throw new InvalidInputError(
        `${name}: latitude must be within ±90 and longitude within ±180`,
        { field: name },
      );
    }
  }
  if (!(r.vessel.speed_kts > 0 && r.vessel.speed_kts < 60)) {
    throw new InvalidInputError("vessel speed must be between 0 and 60 knots", {
      field: "speed_kts",
    });
  }
}
