import { LRUCache } from "lru-cache";
import {
  InvalidInputError,
  NoRouteWithinLimitsError,
  NoSeaRouteError,
  OnLandError,
} from "../errors";
import { densify, distanceNm, pathLengthNm } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import { waterPointsNear } from "../geo/water-near";
import { round } from "../round";
import { CALM_WEATHER, type SeaConditions, type WeatherField } from "../weather/types";
import { type Approach, findApproach, threadWater } from "./approach";
import { AStar } from "./astar";
import { EdgeCosts } from "./edge-costs";
import { type Gate, GatedLandMask, gateOf } from "./gates";
import { type LandmarkStore, Landmarks, textFingerprint } from "./landmarks";
import { closeRiversGoingDown, type PassageAllowance, passageAllowance } from "./passage-allowance";
import { nearestOnPolyline, PassageLine, stationOnLine } from "./passage-line";
import type { Passage, RiverBridge } from "./passages";
import {
  isRoutedLatitude,
  POLAR_LIMIT_DEG,
  POLAR_WINDOWS,
  unroutedPolarEnds,
} from "./polar-waters";
import { RequestGraph } from "./request-graph";
import { sailMarks } from "./sail-marks";
import {
  greatCircleNm,
  LEG_STEP_NM,
  SeaGrid,
  type SeaGridOptions,
  STEP_DIRECTIONS,
} from "./sea-grid";
import { TautString } from "./taut-string";

/**
 * Sea routes that never cross land: A* on the navigation grid (sea-grid.ts) plus explicit
 * passages for canals and straits, under one of four objectives over time-dependent weather,
 * then string-pulled into few waypoints and checked against the finer coastline.
 */

export const OBJECTIVES = ["safest", "fastest", "most-comfortable", "fuel-efficient"] as const;
export type Objective = (typeof OBJECTIVES)[number];

export interface RoutingVessel {
  speed_kts: number;
  draft_m?: number;
  beam_m?: number;
  loa_m?: number;
  /** Height of the highest point above the waterline (m): bridges over a passage close it above theirs. */
  air_draft_m?: number;
  /** Hard limits: no leg is planned where they are exceeded, if any route avoids that. */
  max_wave_m?: number;
  max_wind_kts?: number;
  block_coefficient?: number;
  displacement_t?: number;
  container_ship?: boolean;
}

export interface RouteRequest {
  from: LatLon;
  to: LatLon;
  objective: Objective;
  departureMs: number;
  vessel: RoutingVessel;
  /** Passage ids the route must not use (e.g. "suez", "panama"). */
  avoid?: readonly string[];
  /** Length of the fixed-distance segments of the output (default 25 nm). */
  segmentNm?: number;
  /**
   * When no route keeps the vessel's wave and wind limits: "refuse" (default) throws
   * no_route_within_limits; "route-anyway" returns the best route without them (limits_kept
   * false), for scoring a voyage whose risk is exactly that.
   */
  whenLimitsUnreachable?: "refuse" | "route-anyway";
}

export interface Snap {
  requested: LatLon;
  snapped: LatLon;
  distance_nm: number;
}

export interface RouteLeg {
  from: LatLon;
  to: LatLon;
  distance_nm: number;
  course_deg: number;
  start_ms: number;
  end_ms: number;
  /** Set when the leg runs through a named passage. */
  passage?: string;
  /**
   * Set when the route holds the ship below its own speed on this leg (speed through the water,
   * knots): the straight leg would otherwise reach its end ahead of the searched schedule, into
   * weather the search timed to miss (see TautString.straightenInWeather).
   */
  held_speed_kts?: number;
}

/** A turning point of a route as the smoothing leaves it: the leg from it may be held or in a passage. */
export interface RouteMark {
  point: LatLon;
  passage?: string;
  /** Speed held on the leg that starts here (RouteLeg.held_speed_kts). */
  heldKts?: number;
}

export interface RouteSegment {
  start: LatLon;
  end: LatLon;
  start_ms: number;
  end_ms: number;
  distance_nm: number;
  course_deg: number;
  speed_over_ground_kts: number;
  /** Conditions at the segment's midpoint and mid-time. */
  conditions: SeaConditions;
  /** True where the segment runs through a canal (land in coastline data by design). */
  in_canal: boolean;
  /**
   * The speed ordered through the water: the vessel's own, the leg's held speed
   * (RouteLeg.held_speed_kts), or a passage's speed limit.
   */
  speed_through_water_kts: number;
}

export interface Route {
  objective: Objective;
  waypoints: LatLon[];
  legs: RouteLeg[];
  segments: RouteSegment[];
  distance_nm: number;
  transit_h: number;
  departure_ms: number;
  eta_ms: number;
  passages: string[];
  snaps: { origin?: Snap; destination?: Snap };
  weather_source: string;
  /** False when no route kept the vessel's hard limits and this one was routed without them. */
  limits_kept: boolean;
}

/** How far a port position may be from navigable water and still be routed (documented in README). */
export const MAX_SNAP_NM = 15;
/** Grid nodes an end point (origin, destination, passage end) is joined to, within this radius. */
const ATTACH_RADIUS_NM = 45;
/** A node "opens onto the sea" when clear edges lead this far from it (see escapes). */
const ESCAPE_NM = 120;
const ESCAPE_MAX_NODES = 20_000;
/** Ways out a refused end is searched for, each walled in turn to name every passage shut to the vessel (refuseEnd). */
const REFUSAL_WAYS_OUT = 4;
/**
 * Weighted A* for the risk-weighted objectives in weather: their costs run far above the time
 * heuristic near storms, and plain A* would expand most of an ocean. The route found costs at
 * most this factor more than the optimum (in practice a few per cent); fastest stays exact.
 */
const RISK_SEARCH_WEIGHT = 1.5;
/** Speed-loss tables kept (one per hull and speed; 20 KB each). */
const LOSS_TABLES = 64;
/**
 * Ways out of harbours kept (one per end point; a few hundred bytes each): voyages start and end
 * at the same ports again and again, and each fine-grid search out of a harbour costs about a
 * millisecond.
 */
const APPROACHES = 4096;
/**
 * The fine-grid searches out of a harbour, tried in turn until one finds a way (approach.ts):
 * most ports reach a grid node within a degree; ports at the head of a long bay or sound
 * (Baltimore, 150 nm up the Chesapeake; Seattle behind Admiralty Inlet; Corinth behind the
 * Rio-Antirrio narrows) need the wide window; channels about a cell wide, which the no-corner-
 * cutting rule closes at 0.3 nm cells (the Swina to Szczecin, the St Lawrence to Montreal, the
 * Karnaphuli), need the finer cells. The later searches cost a few hundred milliseconds, once
 * per port.
 */
const APPROACH_SEARCHES = [
  { windowDeg: 1, stepDeg: 0.005 },
  { windowDeg: 2.5, stepDeg: 0.005 },
  { windowDeg: 2.5, stepDeg: 0.0025 },
] as const;
/** Ends at most this far apart, out of sight of each other, are also joined through the water. */
const NEAR_ENDS_NM = 30;
/** A point this near a river fairway's line is on it (riverJoins), nm. */
const RIVER_ON_LINE_NM = 0.01;
/** Grid nodes this near a passage's inner waypoints are closed (closeGridInsidePassages). */
const PASSAGE_CLOSED_NM = 12;
/**
 * How far from a strait's path an end may join it partway (see straitJoins): further than the
 * grid is closed round it, so an end in a wide strait whose nodes were all closed still joins
 * (a point in the Strait of Magellan 11 nm off its fairway went round Cape Horn, 1,223 nm from
 * the Argentine coast against 849 by the First Narrows), and as far as a route's ends join the
 * grid: Bandar Abbas is 33 nm from the Strait of Hormuz's fairway (see joinWay).
 */
const STRAIT_JOIN_NM = ATTACH_RADIUS_NM;
/**
 * Points of a way out of a harbour tried for a line of sight to a passage's end: one every
 * PASSAGE_END_STOP_NM along the way (its points are a fine grid's, 0.3 nm apart), at most
 * PASSAGE_END_TRIES of them (80 nm of way), shortest way first. Baltimore's way out down the
 * Patapsco sees the Chesapeake and Delaware Canal's end, 34 nm up the bay, from a stretch about
 * a mile long, which stops every 2 nm stepped over: its ships went round Cape Charles.
 */
const PASSAGE_END_STOP_NM = 0.5;
const PASSAGE_END_TRIES = 160;
/** The longest way through the water (not in sight) by which an end joins a strait partway. */
const STRAIT_JOIN_WAY_NM = 60;
/**
 * An end in sight of a canal's line this near it, in the water the canal's approach channel runs
 * through (Port Said's harbour, Cristobal inside the breakwaters, Balboa), joins the canal there
 * (canalJoins), nm.
 */
const CANAL_JOIN_NM = 3;
/**
 * A way from a route's end to a node of the search (a grid node or a passage's end): `points` run
 * from the end towards the node, leaving out both (the node stands for itself).
 */
interface EndWay {
  node: number;
  lengthNm: number;
  points: LatLon[];
  /**
   * A way that sails a river fairway first (riverJoins, riverSeaWays): the fairway, and how many
   * of the way's points, from its start (the end on the river) on, are the river's.
   */
  river?: RiverStretch;
}
/** The first `points` points of a way, from the end on the river on, sail river fairway `passage`. */
interface RiverStretch {
  passage: number;
  points: number;
}
/** A stretch of a searched path: open water (smoothed), or a passage sailed as drawn. */
interface RoutePiece {
  points: LatLon[];
  passage?: Passage;
  /** The passage's length sailed, when only part of it is (a river joined along it). */
  lengthNm?: number;
}
/**
 * Where an end lies (moved by a snap, if any); `onRiver` when snapped onto a river fairway,
 * `onCanal` (the passage's index) when snapped onto a canal's line.
 */
interface SnappedEnd {
  point: LatLon;
  snap?: Snap;
  onRiver?: true;
  onCanal?: number;
}
/** A route's end as the search uses it: where it lies (moved by a snap, if any) and its ways out. */
interface AttachedEnd {
  end: SnappedEnd;
  ways: EndWay[];
}
/**
 * Bodies of water near an end that leads nowhere tried for one that leads to the sea
 * (attachOrMoveEnd); each failed try costs the fine-grid searches of a way out.
 */
const MOVE_END_TRIES = 8;
/** The straits a route's ends joined partway (ids), if any (see joinedStraits). */
interface JoinedStraits {
  atOrigin?: string;
  atDestination?: string;
}

export interface Attachment {
  to: number;
  lengthNm: number;
  /** Index into passages when this edge runs through a passage. */
  passage?: number;
  /**
   * Passages (indices) whose gates this edge crosses: a request that may not use one of them
   * may not take the edge. A passage's end links straight to the grid nodes in sight of it, and
   * the Kill Van Kull's end in the Upper Bay sees the Lower Bay through the Narrows.
   */
  gates?: number[];
}

export interface RoutingNetworkOptions {
  grid?: SeaGridOptions;
  /** Landmarks for the A* lower bound (landmarks.ts; default 12). */
  landmarks?: number;
  /**
   * Keeps computed landmark sets between processes (a few seconds each to compute). As with
   * waysOutStore, the store must hold only what was computed on these very masks with this very
   * code; the key names the rest (the grid's size and options, the passages, the landmark count
   * and seed, the passages closed), which spares a pass over every edge to name the graph.
   */
  landmarkStore?: LandmarkStore;
  /**
   * Keeps the passage ends' ways out (leadOutPassageEnd; over a second of fine-grid searches)
   * between processes. The store must hold only what was computed on these very masks; the key
   * names the rest (the grid's size and options, the passages).
   */
  waysOutStore?: PassageWaysOutStore;
  /**
   * For checking clients' tracks: the fine coastline alone and each closed water on its own, so
   * that a leg over a closed bank is reported as crossing that water, not land. Made at the first
   * track (a second fine mask is half a second and tens of MB that routing never needs), or at a
   * refused route end, which reads only `closedWaters` to name the water the end lies in. Without
   * it a track is checked against the fine routing mask, where closed waters count as land.
   */
  trackCheck?: () => TrackCheckMasks;
}

/** A passage end's way out to the sea (leadOutPassageEnd): `end` counts ends, two per passage. */
export interface PassageWayOut {
  end: number;
  /** The search's points, from the passage's end to the grid node (excluded). */
  points: LatLon[];
  node: number;
}

/** Where computed ways out may be kept (a file cache in the service layer; the engine does no I/O). */
export interface PassageWaysOutStore {
  load(key: string): PassageWayOut[] | undefined;
  save(key: string, ways: readonly PassageWayOut[]): void;
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

const DEFAULT_LANDMARKS = 12;
/**
 * Passages whose closure sends ships round a continent (Suez: the Cape; Panama: the Horn or
 * Magellan). Landmark distances computed with them open say little to a search that may not use
 * them, so a set is kept per combination of these closed, built when first needed.
 */
const CONTINENTAL_SHORTCUTS = ["suez", "panama"] as const;

export class RoutingNetwork {
  readonly grid: SeaGrid;
  private readonly makeTrackCheck: (() => TrackCheckMasks) | undefined;
  private trackCheck: TrackCheckMasks | undefined;
  private readonly landmarkStore: LandmarkStore | undefined;
  private readonly astar: AStar;
  /**
   * Static extra edges (passage ends to grid nodes and through each passage): extraOf[node]
   * indexes extraLists, -1 for the (most) nodes without. A typed index, not a Map: every step
   * of every search asks.
   */
  private readonly extraOf: Int32Array;
  private readonly extraLists: Attachment[][] = [];
  /** Nodes with edges of the current request (stamped with requestGeneration). */
  private readonly requestMark: Uint32Array;
  private requestGeneration = 0;
  private perRequest = new Map<number, Attachment[]>();
  private readonly virtualPoints: LatLon[] = [];
  readonly base: number;
  private readonly escapeMemo = new Map<number, boolean>();
  /** Per node, canalsOut's answer. */
  private readonly canalsOutMemo = new Map<number, number[]>();
  /** Points of static extra edges that are not straight: passage ends' ways out (leadOutPassageEnd). */
  private readonly fixedVia = new Map<string, LatLon[]>();
  /** Ways through the water from an end point to a strait's path (joinWay); false: none short enough. */
  private readonly threadedJoins = new LRUCache<string, LatLon[] | false>({ max: APPROACHES });
  /** Ways out of harbours by end point (see APPROACHES); false: there is none. */
  private readonly approaches = new LRUCache<string, Approach | false>({ max: APPROACHES });
  /** Passages (indices) a refused end's ways out cross (refuseEnd), per end and shut set. */
  private readonly refusals = new LRUCache<string, number[]>({ max: APPROACHES });
  /** Each passage's geometry, straits re-threaded on the fine coastline (see threadPassage). */
  private readonly passagePaths: LatLon[][];
  /** Each passage's line and how long its stretches count (passage-line.ts): static, so kept. */
  private readonly passageLines: PassageLine[];
  /** The inner points of the straits and canals, round which the grid is closed. */
  private readonly narrowsPoints: LatLon[];
  private readonly landmarks = new Map<string, Landmarks>();
  /** Tabulated speed loss per hull and speed (see speedLossTable). */
  private readonly lossTables = new LRUCache<string, Float32Array>({ max: LOSS_TABLES });
  private readonly landmarkCount: number;
  /**
   * What the relaxed graph is made of besides the masks (the grid's options, every passage whole),
   * naming what the stores keep: the ways out and the landmark sets.
   */
  private readonly graphInputs: string;
  /** Each passage's gate (passages.ts), if it has one, and the grid steps that cross it. */
  private readonly gates: Array<Gate | undefined>;
  private readonly gateSteps: number[][];
  /** Steps closed per set of closed gates (few distinct sets: the avoid lists callers use). */
  private readonly closedStepSets = new Map<string, ReadonlySet<number>>();
  /**
   * What this request's legs are tested against: the fine coastline, with the gates of the
   * straits it may not use as walls. Set per request, as perRequest is.
   */
  private legMask: LandMask;
  /** The passages (indices) whose gates legMask closes. */
  private closedGates: number[] = [];
  /** Of those, the passages this request may not use (closedGates also has channel-only straits). */
  private refusedGates: number[] = [];
  /** The passages this request may use (PassageAllowance.ok), set per request as legMask is. */
  private requestOk: readonly boolean[] = [];

  constructor(
    /** Coastline the grid is built on (Natural Earth 1:50m in production). */
    private readonly routingMask: LandMask,
    /** Finer coastline every final segment is checked against (1:10m), and ports are snapped on. */
    private readonly verifyMask: LandMask,
    readonly passages: readonly Passage[],
    options: RoutingNetworkOptions = {},
  ) {
    this.makeTrackCheck = options.trackCheck;
    this.landmarkStore = options.landmarkStore;
    const gridOptions: SeaGridOptions = { polarWindows: POLAR_WINDOWS, ...options.grid };
    this.graphInputs = textFingerprint(JSON.stringify(gridOptions), JSON.stringify(passages));
    this.grid = new SeaGrid(routingMask, gridOptions, verifyMask);
    this.base = this.grid.size;
    const size = this.base + 2 + 2 * passages.length;
    this.extraOf = new Int32Array(size).fill(-1);
    this.requestMark = new Uint32Array(size);
    // Virtual ids: base = origin, base+1 = destination, then two per passage (its two ends).
    this.virtualPoints.push({ lat: 0, lon: 0 }, { lat: 0, lon: 0 });
    // A river's inner points are inland: the nodes near them are the estuary's, which the
    // river's own end joins and ports below it are reached by.
    this.narrowsPoints = passages.flatMap((p) =>
      p.kind === "river" ? [] : p.waypoints.slice(1, -1).map(([lat, lon]) => ({ lat, lon })),
    );
    this.closeGridInsidePassages();
    this.legMask = verifyMask;
    this.gates = passages.map(gateOf);
    this.gateSteps = this.gates.map((g) => (g ? this.stepsAcross(g) : []));
    this.passagePaths = passages.map((p) => this.threadPassage(p));
    this.passageLines = passages.map(
      (p, i) => new PassageLine(p, this.passagePaths[i] as LatLon[]),
    );
    passages.forEach((_, i) => {
      const a = this.base + 2 + 2 * i;
      const b = a + 1;
      const path = this.passagePaths[i] as LatLon[];
      const ends: [LatLon, LatLon] = [path[0] as LatLon, path.at(-1) as LatLon];
      this.virtualPoints.push(ends[0], ends[1]);
      const length = (this.passageLines[i] as PassageLine).lengthNm;
      this.addExtra(a, { to: b, lengthNm: length, passage: i });
      this.addExtra(b, { to: a, lengthNm: length, passage: i });
      this.linkPassageEnd(ends[0], a);
      // A river's upper end is its highest port, inland: ends join the river along it.
      if (passages[i]?.kind !== "river") this.linkPassageEnd(ends[1], b);
    });
    // Once every end is linked: which ends need a way out (see leadOutPassageEnd).
    this.leadOutPassageEnds(options.waysOutStore);
    this.astar = new AStar(size);
    this.landmarkCount = options.landmarks ?? DEFAULT_LANDMARKS;
    this.landmarksFor(passages.map(() => true));
  }

  /** The landmark set valid for a request that may use the passages marked in `allowed`. */
  private landmarksFor(allowed: readonly boolean[]): Landmarks {
    const closed = CONTINENTAL_SHORTCUTS.filter((id) => {
      const i = this.passages.findIndex((p) => p.id === id);
      return i >= 0 && !allowed[i];
    });
    const key = closed.join(",");
    const known = this.landmarks.get(key);
    if (known) return known;
    const shut = new Set(closed.map((id) => this.passages.findIndex((p) => p.id === id)));
    const built = Landmarks.build(
      {
        size: this.base + 2 + 2 * this.passages.length,
        forEachEdge: (node, visit) => {
          if (node < this.base) this.grid.forEachSeaNeighbour(node, visit);
          const extra = this.extraEdges(node);
          if (extra) {
            for (const e of extra)
              if (e.passage === undefined || !shut.has(e.passage)) visit(e.to, e.lengthNm);
          }
        },
      },
      this.landmarkCount,
      this.firstNode(),
      this.landmarkStore,
      // Everything else the graph is built from; the grid's size is a check on the masks.
      `${this.base}-${this.graphInputs}-${closed.join("+") || "open"}`,
    );
    this.landmarks.set(key, built);
    return built;
  }

  private firstNode(): number {
    for (let n = 0; n < this.base; n++) if (this.grid.isNode(n)) return n;
    throw new Error("the navigation grid has no sea cells");
  }

  /**
   * A strait's catalogue line was drawn on the 1:50m coastline; where a piece of it touches the
   * 1:10m coastline, its points are moved into water and the piece re-threaded through the fine
   * water. Canals and rivers are land in coastline data by design and keep their drawn line.
   */
  private threadPassage(p: Passage): LatLon[] {
    const pts = passagePoints(p);
    if (p.kind !== "strait") return pts;
    const water = pts.map((q) => this.verifyMask.nearestSea(q, 3)?.point ?? q);
    const out: LatLon[] = [water[0] as LatLon];
    for (let i = 1; i < water.length; i++) {
      const a = out.at(-1) as LatLon;
      const b = water[i] as LatLon;
      const clear = !this.verifyMask.pathHitsLand(a, b, 0.2);
      const threaded = clear ? [a, b] : (threadWater(a, b, this.verifyMask) ?? [a, b]);
      out.push(...threaded.slice(1));
    }
    return out;
  }

  /**
   * Whether a grid node opens onto the wider sea: a breadth-first walk over clear edges reaches a
   * node ESCAPE_NM away. Nodes of enclosed water (the inner part of a bay whose mouth is narrower
   * than a cell) fail, so a port there is led out by its approach search instead of stranding the
   * route. Remembered per node.
   */
  private escapes(node: number): boolean {
    const known = this.escapeMemo.get(node);
    if (known !== undefined) return known;
    const origin = this.grid.pointOf(node);
    const result = this.walkFinds([node], (n) => this.distanceTo(origin, n) >= ESCAPE_NM);
    this.escapeMemo.set(node, result);
    return result;
  }

  /**
   * Whether a route's end at a grid node reaches the open sea for this request: its water
   * escapes, or holds a canal's end whose other end opens onto water that escapes, and the
   * request may use that canal (canalsOut). Closed water shuts the upper Rio de la Plata off from
   * the sea but for the dredged channels across the middle estuary (passage rio-de-la-plata), and
   * the upper estuary alone is too small to escape: without this, Buenos Aires had no way out.
   */
  private opensOut(node: number): boolean {
    return this.escapes(node) || this.canalsOut(node).some((i) => this.requestOk[i]);
  }

  /** Whether a grid node opens onto the sea for a request that may use every passage. */
  private opensForSomeRequest(node: number): boolean {
    return this.escapes(node) || this.canalsOut(node).length > 0;
  }

  /**
   * The canals (indices) that lead from a grid node's water to water that escapes: those with an
   * end the walk from the node reaches and whose other end joins escaping water. Empty for a node
   * that escapes itself. A passage's own end is led out by escapes alone (leadOutPassageEnd): the
   * Corinth Canal's western end lies in a basin cut off from the Gulf of Corinth, which would
   * count as open through the canal itself. Straits are open water, led out of by their ways out.
   * Remembered per node.
   */
  private canalsOut(node: number): number[] {
    if (this.escapes(node)) return [];
    const known = this.canalsOutMemo.get(node);
    if (known) return known;
    const found = new Set<number>();
    this.walkFinds([node], (n) => {
      for (const e of this.extraEdges(n) ?? []) {
        if (e.to < this.base + 2) continue;
        const i = Math.floor((e.to - this.base - 2) / 2);
        if (this.passages[i]?.kind !== "canal" || found.has(i)) continue;
        const other = (e.to - this.base - 2) % 2 === 0 ? e.to + 1 : e.to - 1;
        if ((this.extraEdges(other) ?? []).some((o) => o.to < this.base && this.escapes(o.to)))
          found.add(i);
      }
      return false;
    });
    const out = [...found];
    this.canalsOutMemo.set(node, out);
    return out;
  }

  /**
   * A breadth-first walk over clear grid steps from `starts`, at most ESCAPE_MAX_NODES deep:
   * whether it meets a node `found` holds for.
   */
  private walkFinds(starts: readonly number[], found: (node: number) => boolean): boolean {
    if (starts.some(found)) return true;
    const seen = new Set<number>(starts);
    const queue = [...starts];
    let result = false;
    for (let head = 0; head < queue.length && !result && head < ESCAPE_MAX_NODES; head++) {
      this.grid.forEachNeighbour(queue[head] as number, (nb) => {
        if (result || seen.has(nb)) return;
        seen.add(nb);
        if (found(nb)) result = true;
        queue.push(nb);
      });
    }
    return result;
  }

  /**
   * A client-supplied track as a Route (legs, 25 nm segments, times, conditions), sailed at the
   * vessel's speed with speed loss and current, without routing; `crossesLand` lists the legs
   * that touch the fine coastline and `crossesClosedWater` those that enter a closed water
   * (scored anyway, flagged by the caller).
   */
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
    this.trackCheck ??= this.makeTrackCheck?.();
    const coast = this.trackCheck?.coast ?? this.verifyMask;
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
    const originSnap = this.snap(request.from, "origin");
    const destinationSnap = this.snap(request.to, "destination");
    const allowed = passageAllowance(this.passages, this.passagePaths, request);
    const closedGates = this.walledGates(allowed.ok);
    this.requestOk = allowed.ok;
    this.closedGates = closedGates;
    this.refusedGates = closedGates.filter((i) => !allowed.ok[i]);
    this.legMask =
      closedGates.length > 0
        ? new GatedLandMask(
            this.verifyMask,
            closedGates.map((i) => this.gates[i] as Gate),
          )
        : this.verifyMask;
    const closedSteps = closedGates.length > 0 ? this.closedStepsFor(closedGates) : undefined;
    const { end: origin, ways: originWays } = this.attachOrMoveEnd(
      request.from,
      originSnap,
      "origin",
      request,
      this.allowedDownFrom(originSnap, destinationSnap, request, allowed),
    );
    const { end: destination, ways: destinationWays } = this.attachOrMoveEnd(
      request.to,
      destinationSnap,
      "destination",
      request,
      allowed,
    );
    const start = this.base;
    const goal = this.base + 1;
    this.virtualPoints[0] = origin.point;
    this.virtualPoints[1] = destination.point;
    const perRequest = new Map<number, Attachment[]>();
    /** Points to splice between two path nodes (port approaches up rivers). */
    const via = new Map<string, LatLon[]>();
    /** Of those, the edges that sail a river fairway (riverJoins), and which. */
    const riverVia = new Map<string, RiverStretch & { atStart: boolean }>();
    // The request's edges out of the start and into the goal, the shortest per node with the
    // points it runs through (`points` in sailing order); two ways to one node would otherwise
    // share one entry of `via`, and the route would be drawn along the other. `group`: see
    // Landmarks.towards.
    // `joined`: the edge sails part of a strait from the end (straitJoins), so a path that takes
    // it used the strait; an edge to a passage's end by other water (a harbour's way out passing
    // the Kiel Canal's Elbe end) did not.
    const fromStart = new Map<
      number,
      { lengthNm: number; points: LatLon[]; river?: RiverStretch; joined?: boolean }
    >();
    const offerStart = (
      node: number,
      lengthNm: number,
      points: LatLon[],
      river?: RiverStretch,
      joined?: boolean,
    ) => {
      const known = fromStart.get(node);
      if (!known || lengthNm < known.lengthNm)
        fromStart.set(node, { lengthNm, points, river, joined });
    };
    const intoGoal = new Map<
      number,
      { lengthNm: number; points: LatLon[]; group: number; river?: RiverStretch; joined?: boolean }
    >();
    let groups = 1;
    const offerGoal = (
      node: number,
      lengthNm: number,
      points: LatLon[],
      group: number,
      river?: RiverStretch,
      joined?: boolean,
    ) => {
      const known = intoGoal.get(node);
      if (!known || lengthNm < known.lengthNm)
        intoGoal.set(node, { lengthNm, points, group, river, joined });
    };
    for (const a of originWays) offerStart(a.node, a.lengthNm, a.points);
    for (const a of destinationWays) offerGoal(a.node, a.lengthNm, [...a.points].reverse(), 0);
    // An end in a strait's fairway (Keppel Harbour lies halfway along the Singapore Strait) also
    // joins the strait there, towards either end: otherwise a ship from the east would sail
    // the whole strait to its western end and back.
    for (const j of this.straitJoins(origin.point, allowed.ok).flat()) {
      offerStart(j.node, j.lengthNm, j.points, j.river, true);
    }
    for (const joins of this.straitJoins(destination.point, allowed.ok)) {
      const group = groups++;
      for (const j of joins) {
        offerGoal(j.node, j.lengthNm, [...j.points].reverse(), group, j.river, true);
      }
    }
    // An end beside a canal's approach channel enters the canal there (canalJoins).
    for (const j of this.canalJoins(origin.point, allowed.ok)) {
      offerStart(j.node, j.lengthNm, j.points, j.river, true);
    }
    for (const j of this.canalJoins(destination.point, allowed.ok)) {
      offerGoal(j.node, j.lengthNm, [...j.points].reverse(), groups++, j.river, true);
    }
    // An end on a river sails it down to the water the coastline draws, and on out from there
    // the way a port's end does (riverSeaWays).
    if (origin.onRiver) {
      for (const w of this.riverSeaWays(origin.point, allowed.ok, request.vessel.air_draft_m)) {
        offerStart(w.node, w.lengthNm, w.points, w.river);
      }
    }
    if (destination.onRiver) {
      for (const w of this.riverSeaWays(
        destination.point,
        allowed.ok,
        request.vessel.air_draft_m,
      )) {
        offerGoal(w.node, w.lengthNm, [...w.points].reverse(), 0, w.river);
      }
    }
    // An end in sight of a passage's end joins it directly too, and so does an end whose way out
    // of a harbour passes one (passageEndsAlong): where the grid has no node that opens onto the
    // sea (the Gulf of Corinth east of the Rio-Antirrio narrows), the way from the Corinth Canal
    // to a point a few miles off it would run out of the gulf and back; Haines's way out runs
    // down Lynn Canal past Icy Strait to the open sea south of Chatham Strait. Each in its own goal
    // group: the passage's end may be far from the other goal edges' nodes in the graph.
    for (const e of this.passageEndsAlong(origin.point, originWays, allowed.ok)) {
      offerStart(e.node, e.lengthNm, e.points);
    }
    for (const e of this.passageEndsAlong(destination.point, destinationWays, allowed.ok)) {
      offerGoal(e.node, e.lengthNm, [...e.points].reverse(), groups++);
    }
    // The search steps onto open water off the lattice only from a coast: an end whose ways
    // all end on such nodes could be left but never reached (Hamilton, Bermuda, leaves its
    // harbour onto one; the 1:50m coast does not draw the island). Their lattice neighbours
    // lead in too, by the grid's step.
    for (const [node, e] of [...intoGoal]) {
      if (node >= this.base) continue;
      const at = this.grid.pointOf(node);
      this.grid.forEachLatticeEntry(node, (nb, stepNm) => {
        if (this.legMask.pathHitsLand(this.grid.pointOf(nb), at, LEG_STEP_NM)) return;
        offerGoal(nb, stepNm + e.lengthNm, [at, ...e.points], e.group, e.river, e.joined);
      });
    }
    const startEdges: Attachment[] = [];
    for (const [node, e] of fromStart) {
      startEdges.push({ to: node, lengthNm: e.lengthNm });
      if (e.points.length > 0) via.set(`${start}>${node}`, e.points);
      if (e.river !== undefined) riverVia.set(`${start}>${node}`, { ...e.river, atStart: true });
    }
    const goalGroups: Array<Array<{ node: number; lengthNm: number }>> = Array.from(
      { length: groups },
      () => [],
    );
    for (const [node, e] of intoGoal) {
      perRequest.set(node, [{ to: goal, lengthNm: e.lengthNm }]);
      goalGroups[e.group]?.push({ node, lengthNm: e.lengthNm });
      if (e.points.length > 0) via.set(`${node}>${goal}`, e.points);
      if (e.river !== undefined) riverVia.set(`${node}>${goal}`, { ...e.river, atStart: false });
    }
    // Origin and destination in sight of each other (a short hop, a harbour): the direct leg too.
    // Near each other but out of sight, the way through the water between them (nearEndsWay).
    if (!this.legMask.pathHitsLand(origin.point, destination.point)) {
      startEdges.push({ to: goal, lengthNm: distanceNm(origin.point, destination.point) });
    } else {
      const along = this.canalBetween(origin.point, destination.point, allowed.ok);
      const water = this.nearEndsWay(origin, destination, allowed.ok, request.vessel.air_draft_m);
      const near = along && !(water && water.lengthNm < along.lengthNm) ? along : water;
      if (near) {
        startEdges.push({ to: goal, lengthNm: near.lengthNm });
        via.set(`${start}>${goal}`, near.points);
        if (near.river) riverVia.set(`${start}>${goal}`, near.river);
      }
    }
    perRequest.set(start, startEdges);
    this.perRequest = perRequest;
    const generation = ++this.requestGeneration;
    for (const node of perRequest.keys()) this.requestMark[node] = generation;

    const costs = new EdgeCosts(request, weather, this.speedLossTable(request));
    const bound = this.landmarksFor(allowed.ok).towards(
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
    if (!found) {
      const details = {
        from: request.from,
        to: request.to,
        avoided: request.avoid ?? [],
        closed_to_vessel: allowed.closed,
      };
      if (search(false)) {
        throw new NoRouteWithinLimitsError(
          "every sea route breaks the vessel's wave or wind limit",
          {
            ...details,
            max_wave_m: request.vessel.max_wave_m ?? null,
            max_wind_kts: request.vessel.max_wind_kts ?? null,
          },
        );
      }
      const shut = allowed.closed.length + allowed.outOfSeason.length;
      const shutIds = new Set([...allowed.closed, ...allowed.outOfSeason].map((c) => c.passage));
      const needed = shut > 0 ? this.neededWithPassagesOpen(request, shutIds, search) : null;
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
    const pieces = this.pathPieces(found.path, via, riverVia);
    const waypoints = this.smooth(pieces, costs, request.departureMs, limitsKept);
    return this.describe(
      request,
      weather,
      waypoints,
      { origin: origin.snap, destination: destination.snap },
      limitsKept,
      this.joinedStraits(found.path, {
        atOrigin: fromStart.get(found.path[1] as number)?.joined === true,
        atDestination: intoGoal.get(found.path.at(-2) as number)?.joined === true,
      }),
    );
  }

  // --- building blocks -----------------------------------------------------------------------

  private addExtra(from: number, edge: Attachment): void {
    const index = this.extraOf[from] as number;
    if (index >= 0) (this.extraLists[index] as Attachment[]).push(edge);
    else {
      this.extraOf[from] = this.extraLists.length;
      this.extraLists.push([edge]);
    }
  }

  requestEdges(node: number): Attachment[] | undefined {
    return this.requestMark[node] === this.requestGeneration
      ? this.perRequest.get(node)
      : undefined;
  }

  extraEdges(node: number): Attachment[] | undefined {
    const index = this.extraOf[node] as number;
    return index >= 0 ? this.extraLists[index] : undefined;
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
  private neededWithPassagesOpen(
    request: RouteRequest,
    shut: ReadonlySet<string>,
    search: (
      limits: boolean,
      ok: boolean[],
      steps?: ReadonlySet<number>,
    ) => { path: readonly number[] } | null,
  ): Set<string> | null {
    const avoided = new Set(request.avoid ?? []);
    const ok = this.passages.map((p) => !avoided.has(p.id));
    const needed = new Set<string>();
    for (let tries = 0; tries <= shut.size; tries++) {
      const gated = this.walledGates(ok);
      const found = search(false, ok, gated.length > 0 ? this.closedStepsFor(gated) : undefined);
      if (!found) return tries === 0 ? null : needed;
      const sailed = this.passagesSailed(found.path).filter((i) =>
        shut.has((this.passages[i] as Passage).id),
      );
      if (sailed.length === 0) break;
      for (const i of sailed) {
        needed.add((this.passages[i] as Passage).id);
        ok[i] = false;
      }
    }
    return needed;
  }

  /** The passages (indices) a searched path sails, by their own edges or across their gates. */
  private passagesSailed(path: readonly number[]): number[] {
    const sailed = new Set<number>();
    const passageOf = (node: number) =>
      node >= this.base + 2 ? Math.floor((node - this.base - 2) / 2) : -1;
    for (let k = 1; k < path.length; k++) {
      const a = path[k - 1] as number;
      const b = path[k] as number;
      const along = passageOf(a);
      if (along >= 0 && along === passageOf(b)) sailed.add(along);
      this.gates.forEach((gate, i) => {
        if (gate?.crossing(this.pointOf(a), this.pointOf(b)) !== undefined) sailed.add(i);
      });
    }
    return [...sailed];
  }

  /**
   * The passages whose gates no grid step or leg may cross: those the request may not use, and
   * the channel-only straits (crossed by their passage's path alone).
   */
  private walledGates(ok: readonly boolean[]): number[] {
    return this.passages.flatMap((p, i) => (this.gates[i] && (!ok[i] || p.channelOnly) ? [i] : []));
  }

  /** The grid steps (node * STEP_DIRECTIONS + direction) between nodes that cross the gate. */
  private stepsAcross(gate: Gate): number[] {
    const g = this.grid;
    // The longest step (a knight's move) spans four cells.
    const margin = 4 * g.cellDeg + g.cellDeg;
    const y0 = Math.max(0, Math.floor((gate.minLat - margin + 90) / g.cellDeg));
    const y1 = Math.min(g.ny - 1, Math.floor((gate.maxLat + margin + 90) / g.cellDeg));
    const x0 = Math.floor((gate.minLon - margin + 180) / g.cellDeg);
    const x1 = Math.floor((gate.maxLon + margin + 180) / g.cellDeg);
    const steps: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const node = y * g.nx + (((x % g.nx) + g.nx) % g.nx);
        if (!g.isNode(node)) continue;
        const from = g.pointOf(node);
        g.forEachStep(node, (nb, direction) => {
          if (g.isNode(nb) && gate.pieceCrosses(from, g.pointOf(nb)))
            steps.push(node * STEP_DIRECTIONS + direction);
        });
      }
    }
    return steps;
  }

  private closedStepsFor(closedGates: number[]): ReadonlySet<number> {
    const key = closedGates.join(",");
    let set = this.closedStepSets.get(key);
    if (!set) {
      set = new Set(closedGates.flatMap((i) => this.gateSteps[i] as number[]));
      this.closedStepSets.set(key, set);
    }
    return set;
  }

  /** Grid nodes near an interior waypoint of a passage are removed: its narrows are crossed only through the passage. */
  private closeGridInsidePassages(): void {
    for (const q of this.narrowsPoints) {
      for (const node of this.grid.nodesWithin(q, PASSAGE_CLOSED_NM)) this.grid.close(node);
    }
  }

  /** Whether a way passes within PASSAGE_CLOSED_NM of a strait's or canal's inner points. */
  private nearStraitNarrows(way: readonly LatLon[]): boolean {
    const first = way[0] as LatLon;
    const reach = pathLengthNm(way) + PASSAGE_CLOSED_NM;
    const nearby = this.narrowsPoints.filter((q) => distanceNm(first, q) <= reach);
    if (nearby.length === 0) return false;
    for (let i = 1; i < way.length; i++) {
      for (const q of densify(way[i - 1] as LatLon, way[i] as LatLon, 1)) {
        if (nearby.some((n) => distanceNm(q, n) <= PASSAGE_CLOSED_NM)) return true;
      }
    }
    return false;
  }

  /** Grid nodes within the attach radius that a straight (geodesic) leg reaches without touching land. */
  private nearbyNodes(p: LatLon, mask: LandMask = this.routingMask): number[] {
    return this.grid
      .nodesWithin(p, ATTACH_RADIUS_NM)
      .filter((node) => !mask.pathHitsLand(p, this.grid.pointOf(node), LEG_STEP_NM));
  }

  /**
   * How a route's end joins the grid: straight legs to the nodes in sight, or, for a port up a
   * river or inside a basin, the approach found on the fine coastline (its points ride along).
   */
  private attachEnd(p: LatLon): EndWay[] | null {
    const direct = this.nearbyNodes(p, this.legMask).filter((node) => this.opensOut(node));
    if (direct.length > 0)
      return direct.map((node) => ({ node, lengthNm: this.distanceTo(p, node), points: [] }));
    // Beyond the routed latitudes a way out would run through the unrouted water itself (and the
    // fine search over 2.5 degrees there took 10 s for Resolute): the nodes in sight or none.
    if (!isRoutedLatitude(p, POLAR_LIMIT_DEG, POLAR_WINDOWS)) return null;
    const approach = this.approachFrom(p);
    if (!approach || !this.opensOut(approach.node)) return null;
    const points = approach.points.slice(1);
    const lengthNm = pathLengthNm([...approach.points, this.grid.pointOf(approach.node)]);
    return [{ node: approach.node, lengthNm, points }];
  }

  /**
   * A route's end joined to the search (attachEnd); or, when its water leads nowhere for any ship,
   * moved to the nearest body of water within MAX_SNAP_NM of the requested point that does, the
   * move reported as the end's snap. The coastline draws some harbours and rivers cut off from the
   * sea (a dock basin at Freeport, Grand Bahama; the Riviere des Prairies behind Montreal) and
   * atoll lagoons without their passes, and a port there is as much the user's port as one the
   * coastline draws as land. An end that leads to the sea only through passages this request may
   * not use (a bridge too low, an avoided strait) is refused as before (refuseEnd): moving it past
   * them would hide why.
   */
  private attachOrMoveEnd(
    requested: LatLon,
    snapped: SnappedEnd,
    which: "origin" | "destination",
    request: RouteRequest,
    allowed: PassageAllowance,
  ): AttachedEnd {
    // An end on a canal sails it to either end (canalJoins), if this request may.
    if (snapped.onCanal !== undefined) {
      const { lat, lon } = snapped.point;
      if (!allowed.ok[snapped.onCanal]) {
        const id = (this.passages[snapped.onCanal] as Passage).id;
        this.refuseShutPassages(
          `${which} ${lat},${lon} is on the ${id} canal`,
          { which, lat, lon },
          request,
          allowed,
          [id],
        );
      }
      return { end: snapped, ways: [] };
    }
    // An end on a river fairway sails the river to its water (riverJoins).
    if (snapped.onRiver) {
      this.refuseShutRiver(snapped.point, which, request, allowed);
      // Its fairway's first point must lead out for this ship too: Nanjing's, below Zhenjiang,
      // is above the Jiangyin Bridge, and a ship too tall for it is refused as an end there is.
      const downs = this.riverDowns(snapped.point, allowed.ok, request.vessel.air_draft_m);
      if (downs.length > 0 && downs.every((d) => !this.attachEnd(d.sea))) {
        const { passage, sea } = downs[0] as (typeof downs)[number];
        this.refuseEnd(sea, which, request, allowed, {
          end: snapped.point,
          fairway: (this.passages[passage] as Passage).id,
        });
      }
      return { end: snapped, ways: [] };
    }
    const ways = this.attachEnd(snapped.point);
    if (ways) return { end: snapped, ways };
    // In polar waters the grid does not route no water nearby leads out either, and the search
    // for one (up to eight waters, each by the fine approach search) took 75 s for Resolute.
    if (!isRoutedLatitude(snapped.point, POLAR_LIMIT_DEG, POLAR_WINDOWS)) {
      const polar = unroutedPolarEnds([[which, snapped.point]]);
      throw new NoSeaRouteError(
        `${which} ${snapped.point.lat},${snapped.point.lon} has no way out to open water${polar.note}`,
        { which, lat: snapped.point.lat, lon: snapped.point.lon, ...polar.details },
      );
    }
    if (!this.leadsToSea(snapped.point)) {
      const nowhere = [snapped.point];
      for (const water of waterPointsNear(requested, this.verifyMask, MAX_SNAP_NM)) {
        if (water.distance_nm > MAX_SNAP_NM) continue;
        // In sight of water that leads nowhere: the same water.
        if (nowhere.some((q) => !this.verifyMask.pathHitsLand(q, water.point, LEG_STEP_NM))) {
          continue;
        }
        if (!this.leadsToSea(water.point)) {
          if (nowhere.push(water.point) > MOVE_END_TRIES) break;
          continue;
        }
        const moved = this.attachEnd(water.point);
        if (!moved) this.refuseEnd(water.point, which, request, allowed);
        const snap = { requested, snapped: water.point, distance_nm: round(water.distance_nm, 2) };
        return { end: { point: water.point, snap }, ways: moved };
      }
    }
    this.refuseEnd(snapped.point, which, request, allowed);
  }

  /**
   * Whether the water at p leads to the open sea for some ship: with every passage open, the
   * channel-only straits by their channels.
   */
  private leadsToSea(p: LatLon): boolean {
    const walls = this.walledGates(this.passages.map(() => true));
    const mask =
      walls.length > 0
        ? new GatedLandMask(
            this.verifyMask,
            walls.map((i) => this.gates[i] as Gate),
          )
        : this.verifyMask;
    const nodes = this.nearbyNodes(p, mask);
    if (nodes.some((node) => this.opensForSomeRequest(node))) return true;
    return this.approachFrom(p, walls, mask) !== null;
  }

  /**
   * Why an end has no way out to open water. A port behind a bridge too low for the vessel (San
   * Francisco Bay behind the Golden Gate) or a strait out of season has a way out for a smaller
   * ship: that is a refusal within limits (422), naming the passages shut to this vessel that
   * the ways out cross. Each way found is walled in turn, so an end with two ways out (the Sea of
   * Marmara: the Bosporus and the Dardanelles) names both. With only the caller's avoided straits
   * shut, or none, it is not connected to the sea.
   */
  private refuseEnd(
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
        this.passages.findIndex((q) => q.id === c.passage),
      ),
    );
    // Water that opens onto the sea only by canals this request may not use (the upper Rio de la
    // Plata, for a ship too deep for its channels or a request avoiding them) names them.
    const canals = [
      ...new Set(this.nearbyNodes(p, this.verifyMask).flatMap((n) => this.canalsOut(n))),
    ];
    if (canals.length > 0 && !canals.some((i) => this.requestOk[i])) {
      const ids = canals.map((i) => (this.passages[i] as Passage).id);
      this.refuseShutPassages(
        `${subject} has no way out to open water but by ${ids.join(", ")}`,
        where,
        request,
        allowed,
        ids,
      );
    }
    const key = `${p.lat},${p.lon}|${this.closedGates.join(",")}|${[...shutForVessel].join(",")}`;
    const named = this.refusals.get(key) ?? this.waysOutShut(p, avoided, shutForVessel);
    this.refusals.set(key, named);
    if (named.length > 0) {
      const ids = new Set(named.map((i) => (this.passages[i] as Passage).id));
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
    const shut = this.refusedGates
      .map((i) => (this.passages[i] as Passage).id)
      .filter((id) => avoided.has(id));
    const polar = unroutedPolarEnds([[which, p]]);
    throw new NoSeaRouteError(
      `${subject} has no way out to open water${shut.length > 0 ? ` without ${shut.join(", ")}` : ""}${polar.note}`,
      { ...where, ...(shut.length > 0 ? { closed_passages: shut } : {}), ...polar.details },
    );
  }

  /** The passages shut to the vessel that an end's ways out cross, each way walled in turn (refuseEnd). */
  private waysOutShut(
    p: LatLon,
    avoided: ReadonlySet<string>,
    shutForVessel: ReadonlySet<number>,
  ): number[] {
    const walls = this.walledGates(this.passages.map((q) => !avoided.has(q.id)));
    // With every shut gate the searches can reach walled, the search is the one that failed.
    const reach = APPROACH_SEARCHES.at(-1)?.windowDeg ?? 0;
    const reachable = [...shutForVessel].filter((i) => this.gates[i]?.nearBox(p, reach + 0.5));
    const named: number[] = [];
    for (
      let tries = 0;
      tries < REFUSAL_WAYS_OUT && !reachable.every((i) => named.includes(i));
      tries++
    ) {
      const mask = new GatedLandMask(
        this.verifyMask,
        [...walls, ...named].map((i) => this.gates[i] as Gate),
      );
      const way = this.wayOut(p, mask);
      if (!way) break;
      const line = [...way.points, this.grid.pointOf(way.node)];
      const crossed = [...shutForVessel].filter(
        (i) =>
          !named.includes(i) &&
          line.some(
            (a, k) => k > 0 && this.gates[i]?.crossing(line[k - 1] as LatLon, a) !== undefined,
          ),
      );
      if (crossed.length === 0) break;
      named.push(...crossed);
    }
    return named;
  }

  /**
   * Ways from a point beside a strait's fairway to the strait's two ends, a pair per strait: to
   * the waypoint of the strait's path nearest the point in sight of it (within STRAIT_JOIN_NM),
   * or, with none in sight, by a way through the water to the nearest waypoint (joinWay); then
   * along the path to each end. `points` run from the point towards the end, leaving out the
   * end itself (the end's node stands for it). Straits only: a canal is transited whole, at its
   * own speed.
   */
  private straitJoins(p: LatLon, allowed: readonly boolean[]): EndWay[][] {
    const joins: EndWay[][] = [];
    this.passages.forEach((passage, i) => {
      if (passage.kind === "canal" || !allowed[i]) return;
      const path = this.passagePaths[i] as LatLon[];
      if (passage.kind === "river") {
        const ways = riverJoins(p, path, this.base + 2 + 2 * i, i);
        if (ways) joins.push(ways);
        return;
      }
      const join = this.joinWay(p, i, path);
      if (!join) return;
      const { at, way } = join;
      const inner = way.slice(1, -1);
      const wayNm = pathLengthNm(way);
      joins.push([
        {
          node: this.base + 2 + 2 * i,
          lengthNm: wayNm + pathLengthNm(path.slice(0, at + 1)),
          points: [...inner, ...path.slice(1, at + 1).reverse()],
        },
        {
          node: this.base + 3 + 2 * i,
          lengthNm: wayNm + pathLengthNm(path.slice(at)),
          points: [...inner, ...path.slice(at, path.length - 1)],
        },
      ]);
    });
    return joins;
  }

  /**
   * Ways from a point beside a canal's line (within CANAL_JOIN_NM, in sight of it: in the water
   * its approach channel runs through) along the canal to its ends, sailed as the canal, its
   * published length counted. The canal's ends lie out at its approaches' sea buoys and
   * anchorages (Port Said's 8 nm out), and without these ways a port on its approach channel
   * sailed out to the end and back through the canal (Port Said to Suez: 117 nm for 88). The way
   * to an end in sight of p is left out: that is open water, and the end's own ways serve it.
   * `points` run from p towards the end, leaving out both; the whole way is the canal's.
   */
  private canalJoins(p: LatLon, allowed: readonly boolean[]): EndWay[] {
    const ways: EndWay[] = [];
    this.passages.forEach((passage, i) => {
      if (passage.kind !== "canal" || !allowed[i]) return;
      const on = this.canalLineAt(p, i);
      if (!on) return;
      const path = this.passagePaths[i] as LatLon[];
      const line = this.passageLines[i] as PassageLine;
      const ends = [path[0] as LatLon, path.at(-1) as LatLon];
      const towards: Array<{ node: number; points: LatLon[] }> = [
        { node: this.base + 2 + 2 * i, points: path.slice(1, on.k + 1).reverse() },
        { node: this.base + 3 + 2 * i, points: path.slice(on.k + 1, path.length - 1) },
      ];
      towards.forEach(({ node, points }, end) => {
        const far = ends[end] as LatLon;
        if (!this.legMask.pathHitsLand(p, far, LEG_STEP_NM)) return;
        const first = points[0];
        const way =
          first && distanceNm(on.point, first) < RIVER_ON_LINE_NM ? points : [on.point, ...points];
        ways.push({
          node,
          lengthNm: line.stretchNm([p, ...way, far]),
          points: way,
          river: { passage: i, points: way.length + 2 },
        });
      });
    });
    return ways;
  }

  /**
   * Where p meets canal i's line, when it lies within CANAL_JOIN_NM of it and in sight of it (in
   * the water the canal's approach channel runs through); undefined otherwise.
   */
  private canalLineAt(p: LatLon, i: number): ReturnType<typeof nearestOnPolyline> | undefined {
    const path = this.passagePaths[i] as LatLon[];
    // Canals lie far apart: the sphere rules out the far ones before the line is searched (the
    // line's counted length is at least its drawn length).
    const reach = (this.passageLines[i] as PassageLine).lengthNm + CANAL_JOIN_NM;
    const ends = [path[0], path.at(-1)] as LatLon[];
    if (ends.every((e) => greatCircleNm(p.lat, p.lon, e.lat, e.lon) > reach)) return undefined;
    const on = nearestOnPolyline(p, path);
    if (on.distance_nm > CANAL_JOIN_NM) return undefined;
    // An end snapped onto the line (a port on the canal) lies on the land the canal is cut through.
    if (on.distance_nm < RIVER_ON_LINE_NM) return on;
    return this.legMask.pathHitsLand(p, on.point, LEG_STEP_NM) ? undefined : on;
  }

  /**
   * The way between two ends that both join one canal (canalJoins), along it: Port Said to Suez
   * sailed the canal to its southern end and back up to Port Tewfik. The whole way is the canal's
   * (`river`, as riverVia keeps it); `points` lie between the ends.
   */
  private canalBetween(
    a: LatLon,
    b: LatLon,
    allowed: readonly boolean[],
  ):
    | { lengthNm: number; points: LatLon[]; river: RiverStretch & { atStart: boolean } }
    | undefined {
    let best: ReturnType<RoutingNetwork["canalBetween"]>;
    this.passages.forEach((passage, i) => {
      if (passage.kind !== "canal" || !allowed[i]) return;
      const onA = this.canalLineAt(a, i);
      const onB = onA && this.canalLineAt(b, i);
      if (!onA || !onB) return;
      const path = this.passagePaths[i] as LatLon[];
      const between =
        stationOnLine(onA.point, path) <= stationOnLine(onB.point, path)
          ? path.slice(onA.k + 1, onB.k + 1)
          : path.slice(onB.k + 1, onA.k + 1).reverse();
      const points = [onA.point, ...between, onB.point];
      const lengthNm = (this.passageLines[i] as PassageLine).stretchNm([a, ...points, b]);
      if (best && best.lengthNm <= lengthNm) return;
      best = {
        lengthNm,
        points,
        river: { passage: i, points: points.length + 2, atStart: true },
      };
    });
    return best;
  }

  /**
   * Where and how p joins strait i's path partway: the nearest inner waypoint within
   * STRAIT_JOIN_NM in sight (the way is the straight leg), or, with none in sight, a way through
   * the water to the nearest one (threadWater on this request's leg mask), kept per point. Bandar
   * Abbas lies 33 nm from the Strait of Hormuz's fairway behind Qeshm, Hormuz and Larak; the grid
   * is closed round the fairway, and the nodes off the port lead only to the strait's eastern
   * end, so Bandar Abbas to Dammam sailed out into the Gulf of Oman and back through the whole
   * strait (493 nm).
   */
  private joinWay(p: LatLon, i: number, path: LatLon[]): { at: number; way: LatLon[] } | null {
    const near: Array<{ k: number; nm: number }> = [];
    for (let k = 1; k + 1 < path.length; k++) {
      const w = path[k] as LatLon;
      // Every request asks this of every strait's waypoints: the sphere's distance (within
      // 0.5% of the geodesic) rules out the far ones before the exact one is computed.
      if (greatCircleNm(p.lat, p.lon, w.lat, w.lon) > STRAIT_JOIN_NM * 1.01) continue;
      const nm = distanceNm(p, w);
      if (nm <= STRAIT_JOIN_NM) near.push({ k, nm });
    }
    if (near.length === 0) return null;
    near.sort((a, b) => a.nm - b.nm);
    for (const { k } of near) {
      const w = path[k] as LatLon;
      // Tested as every kept leg is: the smoothing trusts a leg between neighbouring points.
      if (!this.legMask.pathHitsLand(p, w, LEG_STEP_NM)) return { at: k, way: [p, w] };
    }
    const at = (near[0] as { k: number }).k;
    const key = `${p.lat},${p.lon}|${i}|${this.closedGates.join(",")}`;
    let way = this.threadedJoins.get(key);
    if (way === undefined) {
      const found = threadWater(p, path[at] as LatLon, this.legMask, { guided: true });
      way = found && pathLengthNm(found) <= STRAIT_JOIN_WAY_NM ? found : false;
      this.threadedJoins.set(key, way);
    }
    return way ? { at, way } : null;
  }

  /**
   * The ends of the allowed passages an end point reaches directly: in sight within the attach
   * radius of the point itself, or of a point of its way out of a harbour (`ways`, from
   * attachEnd), along that way. `points` run from p towards the passage's end, leaving out p and
   * the end (the end's node stands for it).
   */
  private passageEndsAlong(
    p: LatLon,
    ways: ReadonlyArray<{ points: LatLon[] }>,
    allowed: readonly boolean[],
  ): EndWay[] {
    const paths = [[p], ...ways.filter((w) => w.points.length > 0).map((w) => [p, ...w.points])];
    // Distance sailed to each point of each way (the sphere's: these are search edges).
    const alongs = paths.map((path) => {
      const along = new Float64Array(path.length);
      for (let i = 1; i < path.length; i++) {
        const [a, b] = [path[i - 1] as LatLon, path[i] as LatLon];
        along[i] = (along[i - 1] as number) + greatCircleNm(a.lat, a.lon, b.lat, b.lon);
      }
      return along;
    });
    const reach = Math.max(...alongs.map((a) => a[a.length - 1] as number)) + ATTACH_RADIUS_NM;
    const out: EndWay[] = [];
    for (let k = 2; k < this.virtualPoints.length; k++) {
      if (!allowed[Math.floor((k - 2) / 2)]) continue;
      const end = this.virtualPoints[k] as LatLon;
      if (greatCircleNm(p.lat, p.lon, end.lat, end.lon) > reach) continue;
      let best: { lengthNm: number; points: LatLon[] } | undefined;
      for (const [w, path] of paths.entries()) {
        // The stops along the way within the radius, nearest first by the whole length.
        const along = alongs[w] as Float64Array;
        const stops: Array<{ i: number; lengthNm: number }> = [];
        let lastStop = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < path.length; i++) {
          if ((along[i] as number) - lastStop < PASSAGE_END_STOP_NM && i + 1 < path.length)
            continue;
          const q = path[i] as LatLon;
          const d = greatCircleNm(q.lat, q.lon, end.lat, end.lon);
          if (d > ATTACH_RADIUS_NM) continue;
          stops.push({ i, lengthNm: (along[i] as number) + d });
          lastStop = along[i] as number;
        }
        stops.sort((a, b) => a.lengthNm - b.lengthNm);
        for (const stop of stops.slice(0, PASSAGE_END_TRIES)) {
          if (best && best.lengthNm <= stop.lengthNm) break;
          const q = path[stop.i] as LatLon;
          if (this.legMask.pathHitsLand(q, end, LEG_STEP_NM)) continue;
          best = { lengthNm: stop.lengthNm, points: path.slice(1, stop.i + 1) };
          break;
        }
      }
      if (best) out.push({ node: this.base + k, ...best });
    }
    return out;
  }

  /** The way out of a harbour to the grid (wayOut), remembered per end point. */
  private approachFrom(
    p: LatLon,
    closedGates: readonly number[] = this.closedGates,
    mask: LandMask = this.legMask,
  ): Approach | null {
    // A way out through a strait the request avoids is no way out for it.
    const key = `${p.lat},${p.lon}|${closedGates.join(",")}`;
    const known = this.approaches.get(key);
    if (known !== undefined) return known || null;
    const approach = this.wayOut(p, mask);
    this.approaches.set(key, approach ?? false);
    return approach;
  }

  /**
   * The fine-grid searches (APPROACH_SEARCHES) from p to a grid node that opens onto the sea for
   * some request (`opens`: for a route's end, water that escapes or a canal leads out of, which
   * attachEnd checks against the request; for a passage's end, escapes alone).
   */
  private wayOut(
    p: LatLon,
    mask: LandMask,
    opens: (node: number) => boolean = (node) => this.opensForSomeRequest(node),
  ): Approach | null {
    for (const options of APPROACH_SEARCHES) {
      const approach = findApproach(
        p,
        mask,
        (q) => {
          const cell = this.grid.cellOf(q);
          return this.grid.isNode(cell) && opens(cell) ? cell : -1;
        },
        (node) => this.grid.pointOf(node),
        options,
      );
      if (approach) return approach;
    }
    return null;
  }

  /**
   * Joins a passage's end to the grid by straight legs to the nodes in sight. A leg across
   * another strait's gate is kept with that strait's index (Attachment.gates), closed to the
   * requests that may not use it; none crosses a channel-only strait's gate.
   */
  private linkPassageEnd(end: LatLon, id: number): void {
    for (const node of this.nearbyNodes(end, this.verifyMask)) {
      const at = this.grid.pointOf(node);
      const gates = this.gates.flatMap((g, i) =>
        g && g.crossing(end, at) !== undefined ? [i] : [],
      );
      if (gates.some((i) => this.passages[i]?.channelOnly)) continue;
      const lengthNm = this.distanceTo(end, node);
      const crossing = gates.length > 0 ? { gates } : {};
      this.addExtra(id, { to: node, lengthNm, ...crossing });
      this.addExtra(node, { to: id, lengthNm, ...crossing });
    }
  }

  /**
   * Leads a passage's end out to the sea the way a harbour is (wayOut, its points kept in
   * fixedVia) when the water its nodes lie in is cut off from the sea and from every other
   * passage. The Corinth Canal's western end lies in the Gulf of Corinth's eastern basin, where
   * the grid's only node in sight is cut off (the nodes round the canal are closed and the gulf is
   * two cells wide): without the way out, no route used the canal (the Saronic Gulf to the Gulf
   * of Corinth went round the Peloponnese, 390 nm). Enclosed water that other passages lead out
   * of (the Sea of Marmara, Harima-nada) needs none, and a fruitless search out of it costs
   * seconds of the build. The way out may not cross any strait's gate, its own included: a
   * request that avoids the strait could not undo a static edge, and the Akashi Strait's western
   * end was led out through the strait itself, a way round the passage that did not report it.
   */
  private leadOutPassageEnd(id: number): PassageWayOut | undefined {
    const passage = Math.floor((id - this.base - 2) / 2);
    const nodes = (this.extraEdges(id) ?? []).filter((e) => e.to < this.base).map((e) => e.to);
    if (nodes.some((node) => this.escapes(node))) return undefined;
    if (this.reachesOtherPassage(nodes, passage)) return undefined;
    const end = this.virtualPoints[id - this.base] as LatLon;
    const walls = this.gates.filter((g): g is Gate => g !== undefined);
    const approach = this.wayOut(end, new GatedLandMask(this.verifyMask, walls), (node) =>
      this.escapes(node),
    );
    if (!approach) return undefined;
    const way = { end: id - this.base - 2, points: approach.points, node: approach.node };
    this.addWayOut(way);
    return way;
  }

  /**
   * Every passage end's way out, in order of the ends (an end's search sees the ways out of the
   * ends before it), or the ways a store kept for exactly this network.
   */
  private leadOutPassageEnds(store: PassageWaysOutStore | undefined): void {
    const ends = 2 * this.passages.length;
    const key = `${this.base}-${this.graphInputs}`;
    const stored = store?.load(key);
    if (stored?.every((w) => this.isWayOut(w, ends))) {
      for (const way of stored) this.addWayOut(way);
      return;
    }
    const ways: PassageWayOut[] = [];
    for (let end = 0; end < ends; end++) {
      if (end % 2 === 1 && this.passages[(end - 1) / 2]?.kind === "river") continue;
      const way = this.leadOutPassageEnd(this.base + 2 + end);
      if (way) ways.push(way);
    }
    store?.save(key, ways);
  }

  /** Whether a stored way out fits this network (a sanity check; the store's key names the network). */
  private isWayOut(way: PassageWayOut, ends: number): boolean {
    return (
      Number.isInteger(way.end) &&
      way.end >= 0 &&
      way.end < ends &&
      Number.isInteger(way.node) &&
      way.node >= 0 &&
      way.node < this.base &&
      this.grid.isNode(way.node) &&
      way.points.length > 0 &&
      way.points.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
    );
  }

  private addWayOut(way: PassageWayOut): void {
    const id = this.base + 2 + way.end;
    const points = way.points.slice(1);
    const lengthNm = pathLengthNm([...way.points, this.grid.pointOf(way.node)]);
    this.addExtra(id, { to: way.node, lengthNm });
    this.addExtra(way.node, { to: id, lengthNm });
    this.fixedVia.set(`${id}>${way.node}`, points);
    this.fixedVia.set(`${way.node}>${id}`, [...points].reverse());
  }

  /** Whether the grid water the nodes lie in (searched as escapes searches) joins another passage's end. */
  private reachesOtherPassage(nodes: readonly number[], passage: number): boolean {
    return this.walkFinds(nodes, (node) =>
      (this.extraEdges(node) ?? []).some(
        (e) => e.to >= this.base + 2 && Math.floor((e.to - this.base - 2) / 2) !== passage,
      ),
    );
  }

  private distanceTo(p: LatLon, node: number): number {
    const q = this.grid.pointOf(node);
    return greatCircleNm(p.lat, p.lon, q.lat, q.lon);
  }

  pointOf(node: number): LatLon {
    return node >= this.base
      ? (this.virtualPoints[node - this.base] as LatLon)
      : this.grid.pointOf(node);
  }

  private snap(p: LatLon, which: "origin" | "destination"): SnappedEnd {
    const sea = this.verifyMask.nearestSea(p, MAX_SNAP_NM);
    if (sea?.distance_nm !== 0) {
      // A point on land nearer a river fairway or a canal than any water the coastline draws: a
      // river port, or a port on a canal (Ismailia on Lake Timsah, Rendsburg on the Kiel Canal),
      // which was refused or moved to other water (Rendsburg to Eckernfoerde Bay, 12 nm away).
      // Water within CANAL_JOIN_NM is the port's own (Port Said's harbour, Port Tewfik beside the
      // canal's access channels): an end there joins the canal from the water (canalJoins), or
      // not at all, as a voyage to Port Said does not transit the canal.
      const line = this.passageLineNear(p, !sea || sea.distance_nm > CANAL_JOIN_NM);
      if (line && (!sea || line.distance_nm < sea.distance_nm)) {
        const on =
          this.passages[line.passage]?.kind === "river"
            ? { onRiver: true as const }
            : { onCanal: line.passage };
        if (line.distance_nm < RIVER_ON_LINE_NM) return { point: line.point, ...on };
        const snap = {
          requested: p,
          snapped: line.point,
          distance_nm: round(line.distance_nm, 2),
        };
        return { point: line.point, snap, ...on };
      }
    }
    if (!sea) throw new OnLandError(which, p, MAX_SNAP_NM, this.closedWaterAt(p));
    if (sea.distance_nm === 0) return { point: p };
    return {
      point: sea.point,
      snap: { requested: p, snapped: sea.point, distance_nm: round(sea.distance_nm, 2) },
    };
  }

  /**
   * Refuses an end (`subject`, at `where`) that only passages `ids` lead from, none of which this
   * request may use: no_route_within_limits naming those shut to the vessel, with their limits,
   * or else no_sea_route naming them (the caller avoids them).
   */
  private refuseShutPassages(
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
  private refuseShutRiver(
    p: LatLon,
    which: "origin" | "destination",
    request: RouteRequest,
    allowed: PassageAllowance,
  ): void {
    const rivers = this.passages.flatMap((passage, i) =>
      passage.kind === "river" && this.onRiverLine(p, i) ? [i] : [],
    );
    const airDraft = request.vessel.air_draft_m;
    const open = rivers
      .filter((i) => allowed.ok[i])
      .map((i) => ({ i, barring: this.bridgesBarring(i, p, airDraft) }));
    if (open.some((o) => o.barring.length === 0)) return;
    const ids = rivers.map((i) => (this.passages[i] as Passage).id);
    const where = { which, lat: p.lat, lon: p.lon, from: request.from, to: request.to };
    const barred = open.flatMap(({ i, barring }) =>
      barring.map((b) => ({
        passage: (this.passages[i] as Passage).id,
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

  /**
   * Ways from an end on a river fairway down the river to its first point, the water the
   * coastline draws, and on out to the grid from there as a port's end is led out (attachEnd, on
   * this request's mask). The river's end node is linked to the grid when the build can (the
   * Mississippi's, off the Southwest Pass); the Columbia's first point is about 35 nm up the
   * drawn river, above the Astoria-Megler Bridge, whose gate a static link may not cross.
   */
  private riverSeaWays(
    p: LatLon,
    allowed: readonly boolean[],
    airDraftM: number | undefined,
  ): EndWay[] {
    return this.riverDowns(p, allowed, airDraftM).flatMap(({ passage, down, sea }) =>
      (this.attachEnd(sea) ?? []).map((w) => ({
        node: w.node,
        lengthNm: down.lengthNm + w.lengthNm,
        points: [...down.points, sea, ...w.points],
        river: { passage, points: down.points.length + 2 },
      })),
    );
  }

  /**
   * For an end on a river fairway this request may sail to it: the way down the fairway to its
   * first point (`sea`, in the water the coastline draws), per fairway.
   */
  private riverDowns(
    p: LatLon,
    allowed: readonly boolean[],
    airDraftM: number | undefined,
  ): Array<{ passage: number; down: EndWay; sea: LatLon }> {
    return this.passages.flatMap((passage, i) => {
      if (passage.kind !== "river" || !allowed[i]) return [];
      if (this.bridgesBarring(i, p, airDraftM).length > 0) return [];
      const path = this.passagePaths[i] as LatLon[];
      const down = riverJoins(p, path, 0, i)?.[0];
      return down ? [{ passage: i, down, sea: path[0] as LatLon }] : [];
    });
  }

  /**
   * Ends out of sight of each other but near, in water too narrow for the grid (up an estuary,
   * round a bend): the way through that water from one to the other, or, for an end on a river
   * fairway, down the fairway and through the water from its first point. Their ways out to the
   * grid would otherwise both run down to the open estuary and the route come back up it (Haldia
   * to Hugli Point: 40 nm for 17). `points` lie between the ends; `river` as riverVia keeps it.
   */
  private nearEndsWay(
    origin: SnappedEnd,
    destination: SnappedEnd,
    allowed: readonly boolean[],
    airDraftM: number | undefined,
  ):
    | { lengthNm: number; points: LatLon[]; river?: RiverStretch & { atStart: boolean } }
    | undefined {
    // Not through a strait's narrows, which the grid is closed round (closeGridInsidePassages):
    // those are sailed by the passage, with its limits, and reported (Messina's two ends are 20 nm
    // apart, and the fine coastline draws the strait open).
    const thread = (a: LatLon, b: LatLon) => {
      if (distanceNm(a, b) > NEAR_ENDS_NM) return null;
      const way = threadWater(a, b, this.legMask, { guided: true });
      return way && !this.nearStraitNarrows(way) ? way : null;
    };
    if (origin.onRiver && destination.onRiver) return undefined;
    if (!origin.onRiver && !destination.onRiver) {
      const way = thread(origin.point, destination.point);
      return way ? { lengthNm: pathLengthNm(way), points: way.slice(1, -1) } : undefined;
    }
    const fromRiver = origin.onRiver === true;
    const [onRiver, other] = fromRiver
      ? [origin.point, destination.point]
      : [destination.point, origin.point];
    let best: ReturnType<RoutingNetwork["nearEndsWay"]>;
    for (const { passage, down, sea } of this.riverDowns(onRiver, allowed, airDraftM)) {
      const way = thread(sea, other);
      if (!way) continue;
      const lengthNm = down.lengthNm + pathLengthNm(way);
      if (best && best.lengthNm <= lengthNm) continue;
      const water = way.slice(1, -1);
      const points = fromRiver
        ? [...down.points, sea, ...water]
        : [...water.reverse(), sea, ...[...down.points].reverse()];
      const river = { passage, points: down.points.length + 2, atStart: fromRiver };
      best = { lengthNm, points, river };
    }
    return best;
  }

  /**
   * The bridges of river fairway `river` between its sea end and p, on it, that a ship of
   * `airDraftM` does not clear (none when the air draught is not given).
   */
  private bridgesBarring(river: number, p: LatLon, airDraftM: number | undefined): RiverBridge[] {
    const bridges = (this.passages[river] as Passage).bridges ?? [];
    if (airDraftM === undefined || bridges.length === 0) return [];
    const path = this.passagePaths[river] as LatLon[];
    const station = stationOnLine(p, path);
    return bridges.filter(
      (b) =>
        b.max_air_draft_m < airDraftM &&
        stationOnLine({ lat: b.at[0], lon: b.at[1] }, path) < station,
    );
  }

  /**
   * The nearest point of a river fairway's line, or with `canals` a canal's too, within
   * MAX_SNAP_NM of p, if any.
   */
  private passageLineNear(
    p: LatLon,
    canals: boolean,
  ): { point: LatLon; distance_nm: number; passage: number } | undefined {
    let best: { point: LatLon; distance_nm: number; passage: number } | undefined;
    this.passages.forEach((passage, i) => {
      if (passage.kind === "strait" || (passage.kind === "canal" && !canals)) return;
      const on = nearestOnPolyline(p, this.passagePaths[i] as LatLon[]);
      if (on.distance_nm <= MAX_SNAP_NM && (!best || on.distance_nm < best.distance_nm)) {
        best = { point: on.point, distance_nm: on.distance_nm, passage: i };
      }
    });
    return best;
  }

  /** The closed water a refused end lies in, so that the refusal names it instead of land. */
  private closedWaterAt(p: LatLon): { id: string; name: string } | undefined {
    this.trackCheck ??= this.makeTrackCheck?.();
    const water = this.trackCheck?.closedWaters.find((w) => w.mask.isLand(p));
    return water && { id: water.id, name: water.name };
  }

  /** Whether p lies on passage i's line (an end snapped onto a river fairway does). */
  private onRiverLine(p: LatLon, i: number): boolean {
    return nearestOnPolyline(p, this.passagePaths[i] as LatLon[]).distance_nm <= RIVER_ON_LINE_NM;
  }

  /**
   * The allowance for an origin on a river fairway (closeRiversGoingDown): the voyage sails a
   * fairway down from its origin on it unless its destination is higher on the same fairway.
   */
  private allowedDownFrom(
    origin: SnappedEnd,
    destination: SnappedEnd,
    request: RouteRequest,
    allowed: PassageAllowance,
  ): PassageAllowance {
    if (!origin.onRiver) return allowed;
    return closeRiversGoingDown(allowed, this.passages, request.vessel.draft_m, (i) => {
      if (!this.onRiverLine(origin.point, i)) return false;
      const path = this.passagePaths[i] as LatLon[];
      const upTo =
        destination.onRiver &&
        this.onRiverLine(destination.point, i) &&
        stationOnLine(destination.point, path) > stationOnLine(origin.point, path);
      return !upTo;
    });
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
      to.push(...(via.get(key) ?? this.fixedVia.get(key) ?? []));
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
          lengthNm: (this.passageLines[river.passage] as PassageLine).stretchNm(stretch),
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
        const pts = this.passagePaths[passageIndex] as LatLon[];
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
    const taut = new TautString(this.legMask, this.verifyMask, this.grid.clearanceNm);
    let clock = departMs;
    for (const piece of pieces) {
      if (piece.passage) {
        for (const p of piece.points) push(p, piece.passage.id);
        clock +=
          costs.passageHours(
            piece.lengthNm ??
              (this.passageLines[this.passages.indexOf(piece.passage)] as PassageLine).lengthNm,
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
    this.gates.forEach((gate, p) => {
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
      return { passage: this.passages[i] as Passage, line: this.passageLines[i] as PassageLine };
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

function passagePoints(p: Passage): LatLon[] {
  return p.waypoints.map(([lat, lon]) => ({ lat, lon }));
}

/**
 * The two ways from a point on a river fairway's line (snapped onto it) along the river: down to
 * its first end, the water the coastline draws (node `seaEnd`), and up to its last (seaEnd + 1).
 * `points` run from the point towards the end, leaving out both; null when p is not on the line.
 */
function riverJoins(p: LatLon, path: readonly LatLon[], seaEnd: number, river: number) {
  const on = nearestOnPolyline(p, path);
  if (on.distance_nm > RIVER_ON_LINE_NM) return null;
  const k = on.k;
  const below = path[k] as LatLon;
  const above = path[k + 1] as LatLon;
  const atBelow = distanceNm(p, below) < RIVER_ON_LINE_NM;
  const atAbove = distanceNm(p, above) < RIVER_ON_LINE_NM;
  const downPoints = path.slice(1, atBelow ? k : k + 1).reverse();
  const upPoints = path.slice(atAbove ? k + 2 : k + 1, path.length - 1);
  // The whole way is the river's: the end, the points, the passage's end.
  const down: EndWay = {
    node: seaEnd,
    lengthNm: distanceNm(p, below) + pathLengthNm(path.slice(0, k + 1)),
    points: downPoints,
    river: { passage: river, points: downPoints.length + 2 },
  };
  const up: EndWay = {
    node: seaEnd + 1,
    lengthNm: distanceNm(p, above) + pathLengthNm(path.slice(k + 1)),
    points: upPoints,
    river: { passage: river, points: upPoints.length + 2 },
  };
  return [down, up];
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
