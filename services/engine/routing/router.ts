import {
  InvalidInputError,
  NoRouteWithinLimitsError,
  NoSeaRouteError,
  OnLandError,
} from "../errors";
import { densify, distanceNm, initialCourseDeg } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import { type SpeedLossVessel, speedLossFraction } from "../physics/speed-loss";
import { CALM_WEATHER, type SeaConditions, type WeatherField } from "../weather/types";
import { findApproach, threadWater } from "./approach";
import { AStar, type SearchGraph } from "./astar";
import type { Passage } from "./passages";
import { greatCircleNm, SeaGrid, type SeaGridOptions } from "./sea-grid";

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
}

/** How far a port position may be from navigable water and still be routed (documented in README). */
export const MAX_SNAP_NM = 15;
/** Grid nodes an end point (origin, destination, passage end) is joined to, within this radius. */
const ATTACH_RADIUS_NM = 45;
/** A node "opens onto the sea" when clear edges lead this far from it (see escapes). */
const ESCAPE_NM = 120;
const ESCAPE_MAX_NODES = 20_000;
/** Longest straight piece priced at one weather sample when smoothing in weather. */
const COST_SAMPLE_NM = 20;
/** Soft limits when the vessel gives none (domain guide: wind 30 kt, waves 4 m). */
const DEFAULT_SOFT_WAVE_M = 4;
const DEFAULT_SOFT_WIND_KTS = 30;
/** Fastest the sea can carry a ship beyond its own speed, for an admissible time heuristic. */
const MAX_FAVOURABLE_CURRENT_KTS = 4;
const KNOT_FLOOR = 0.5;
/**
 * Weighted A* for the risk-weighted objectives in weather: their costs run far above the time
 * heuristic near storms, and plain A* would expand most of an ocean. The route found costs at
 * most this factor more than the optimum (in practice a few per cent); fastest stays exact.
 */
const RISK_SEARCH_WEIGHT = 1.5;
/** Winds above this are priced as this (Beaufort 12 starts at 64 kt). */
const LOSS_TABLE_KTS = 120;

interface Attachment {
  to: number;
  lengthNm: number;
  /** Index into passages when this edge runs through a passage. */
  passage?: number;
}

export interface RoutingNetworkOptions {
  grid?: SeaGridOptions;
}

export class RoutingNetwork {
  readonly grid: SeaGrid;
  private readonly astar: AStar;
  /** Static extra edges: passage ends to grid nodes and through each passage. */
  private readonly extra = new Map<number, Attachment[]>();
  private readonly virtualPoints: LatLon[] = [];
  private readonly base: number;
  private readonly escapeMemo = new Map<number, boolean>();
  /** Each passage's geometry, straits re-threaded on the fine coastline (see threadPassage). */
  private readonly passagePaths: LatLon[][];

  constructor(
    /** Coastline the grid is built on (Natural Earth 1:50m in production). */
    private readonly routingMask: LandMask,
    /** Finer coastline every final segment is checked against (1:10m), and ports are snapped on. */
    private readonly verifyMask: LandMask,
    readonly passages: readonly Passage[],
    options: RoutingNetworkOptions = {},
  ) {
    this.grid = new SeaGrid(routingMask, options.grid, verifyMask);
    this.base = this.grid.size;
    // Virtual ids: base = origin, base+1 = destination, then two per passage (its two ends).
    this.virtualPoints.push({ lat: 0, lon: 0 }, { lat: 0, lon: 0 });
    this.closeGridInsidePassages();
    this.passagePaths = passages.map((p) => this.threadPassage(p));
    passages.forEach((p, i) => {
      const a = this.base + 2 + 2 * i;
      const b = a + 1;
      const path = this.passagePaths[i] as LatLon[];
      const ends: [LatLon, LatLon] = [path[0] as LatLon, path.at(-1) as LatLon];
      this.virtualPoints.push(ends[0], ends[1]);
      const length = passageLengthNm(p, path);
      this.addExtra(a, { to: b, lengthNm: length, passage: i });
      this.addExtra(b, { to: a, lengthNm: length, passage: i });
      for (const [end, id] of [
        [ends[0], a],
        [ends[1], b],
      ] as const) {
        for (const node of this.nearbyNodes(end, this.verifyMask)) {
          const length = greatCircleNm(
            end.lat,
            end.lon,
            this.grid.latOf(Math.floor(node / this.grid.nx)),
            this.grid.lonOf(node % this.grid.nx),
          );
          this.addExtra(id, { to: node, lengthNm: length });
          this.addExtra(node, { to: id, lengthNm: length });
        }
      }
    });
    this.astar = new AStar(this.base + 2 + 2 * passages.length);
  }

  /**
   * A strait's catalogue line was drawn on the 1:50m coastline; where a piece of it touches the
   * 1:10m coastline, its points are moved into water and the piece re-threaded through the fine
   * water. Canals are land in coastline data by design and keep their published line.
   */
  private threadPassage(p: Passage): LatLon[] {
    const pts = passagePoints(p);
    if (p.kind === "canal") return pts;
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
    const seen = new Set<number>([node]);
    const queue = [node];
    let result = false;
    for (let head = 0; head < queue.length && !result && head < ESCAPE_MAX_NODES; head++) {
      this.grid.forEachNeighbour(queue[head] as number, (nb) => {
        if (result || seen.has(nb)) return;
        seen.add(nb);
        if (this.distanceTo(origin, nb) >= ESCAPE_NM) result = true;
        queue.push(nb);
      });
    }
    for (const n of [node]) this.escapeMemo.set(n, result);
    return result;
  }

  route(request: RouteRequest, weather: WeatherField = CALM_WEATHER): Route {
    validate(request);
    const origin = this.snap(request.from, "origin");
    const destination = this.snap(request.to, "destination");
    const allowed = this.allowedPassages(request);
    const start = this.base;
    const goal = this.base + 1;
    this.virtualPoints[0] = origin.point;
    this.virtualPoints[1] = destination.point;
    const perRequest = new Map<number, Attachment[]>();
    /** Points to splice between two path nodes (port approaches up rivers). */
    const via = new Map<string, LatLon[]>();
    const startEdges: Attachment[] = [];
    for (const a of this.attachEnd(origin.point, "origin")) {
      startEdges.push({ to: a.node, lengthNm: a.lengthNm });
      if (a.points.length > 0) via.set(`${start}>${a.node}`, a.points);
    }
    for (const a of this.attachEnd(destination.point, "destination")) {
      perRequest.set(a.node, [{ to: goal, lengthNm: a.lengthNm }]);
      if (a.points.length > 0) via.set(`${a.node}>${goal}`, [...a.points].reverse());
    }
    // Origin and destination in sight of each other (a short hop, a harbour): the direct leg too.
    if (!this.verifyMask.pathHitsLand(origin.point, destination.point)) {
      startEdges.push({ to: goal, lengthNm: distanceNm(origin.point, destination.point) });
    }
    perRequest.set(start, startEdges);

    const costs = new EdgeCosts(request, weather);
    const search = (limits: boolean) =>
      this.astar.search(
        this.searchGraph(perRequest, allowed.ok, costs, destination.point, limits),
        start,
        goal,
        request.departureMs,
        costs.calm || request.objective === "fastest" ? 1 : RISK_SEARCH_WEIGHT,
      );
    const found = search(true);
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
      if (allowed.closed.length > 0) {
        throw new NoRouteWithinLimitsError(
          "no sea route: the passages it needs are closed to this vessel",
          details,
        );
      }
      throw new NoSeaRouteError(
        "origin and destination are not connected by sea with these passages",
        details,
      );
    }
    const pieces = this.pathPieces(found.path, via);
    const waypoints = this.smooth(pieces, costs, request.departureMs);
    return this.describe(request, weather, waypoints, {
      origin: origin.snap,
      destination: destination.snap,
    });
  }

  // --- building blocks -----------------------------------------------------------------------

  private addExtra(from: number, edge: Attachment): void {
    const list = this.extra.get(from);
    if (list) list.push(edge);
    else this.extra.set(from, [edge]);
  }

  /** Grid nodes near an interior waypoint of a passage are removed: its narrows are crossed only through the passage. */
  private closeGridInsidePassages(): void {
    for (const p of this.passages) {
      for (const [lat, lon] of p.waypoints.slice(1, -1)) {
        for (const node of this.nodesWithin({ lat, lon }, 12)) this.grid.sea[node] = 0;
      }
    }
  }

  private nodesWithin(p: LatLon, radiusNm: number): number[] {
    const g = this.grid;
    const dLat = radiusNm / 60;
    const dLon = radiusNm / (60 * Math.max(0.05, Math.cos((p.lat * Math.PI) / 180)));
    const out: number[] = [];
    const y0 = Math.max(0, Math.floor((p.lat - dLat + 90) / g.cellDeg));
    const y1 = Math.min(g.ny - 1, Math.floor((p.lat + dLat + 90) / g.cellDeg));
    const span = Math.min(g.nx, Math.ceil((2 * dLon) / g.cellDeg) + 2);
    const x0 = Math.floor((p.lon - dLon + 180) / g.cellDeg);
    for (let y = y0; y <= y1; y++) {
      for (let k = 0; k < span; k++) {
        const x = (((x0 + k) % g.nx) + g.nx) % g.nx;
        const node = y * g.nx + x;
        if (g.sea[node] === 1 && greatCircleNm(p.lat, p.lon, g.latOf(y), g.lonOf(x)) <= radiusNm)
          out.push(node);
      }
    }
    return out;
  }

  /** Grid nodes within the attach radius that a straight (geodesic) leg reaches without touching land. */
  private nearbyNodes(p: LatLon, mask: LandMask = this.routingMask): number[] {
    return this.nodesWithin(p, ATTACH_RADIUS_NM).filter(
      (node) => !mask.pathHitsLand(p, this.grid.pointOf(node)),
    );
  }

  /**
   * How a route's end joins the grid: straight legs to the nodes in sight, or, for a port up a
   * river or inside a basin, the approach found on the fine coastline (its points ride along).
   */
  private attachEnd(
    p: LatLon,
    which: "origin" | "destination",
  ): Array<{ node: number; lengthNm: number; points: LatLon[] }> {
    const direct = this.nearbyNodes(p, this.verifyMask).filter((node) => this.escapes(node));
    if (direct.length > 0)
      return direct.map((node) => ({ node, lengthNm: this.distanceTo(p, node), points: [] }));
    const approach = findApproach(
      p,
      this.verifyMask,
      (q) => {
        const cell = this.grid.cellOf(q);
        return this.grid.isNode(cell) && this.escapes(cell) ? cell : -1;
      },
      (node) => this.grid.pointOf(node),
    );
    if (!approach) {
      throw new NoSeaRouteError(`${which} ${p.lat},${p.lon} has no way out to open water`, {
        which,
        lat: p.lat,
        lon: p.lon,
      });
    }
    const points = approach.points.slice(1);
    const lengthNm = polylineNm([...approach.points, this.grid.pointOf(approach.node)]);
    return [{ node: approach.node, lengthNm, points }];
  }

  private distanceTo(p: LatLon, node: number): number {
    const q = this.grid.pointOf(node);
    return greatCircleNm(p.lat, p.lon, q.lat, q.lon);
  }

  private pointOf(node: number): LatLon {
    return node >= this.base
      ? (this.virtualPoints[node - this.base] as LatLon)
      : this.grid.pointOf(node);
  }

  private snap(p: LatLon, which: "origin" | "destination"): { point: LatLon; snap?: Snap } {
    const sea = this.verifyMask.nearestSea(p, MAX_SNAP_NM);
    if (!sea) throw new OnLandError(which, p, MAX_SNAP_NM);
    if (sea.distance_nm === 0) return { point: p };
    return {
      point: sea.point,
      snap: { requested: p, snapped: sea.point, distance_nm: round(sea.distance_nm, 2) },
    };
  }

  private allowedPassages(request: RouteRequest): {
    ok: boolean[];
    closed: Array<{ passage: string; limit: string }>;
  } {
    const avoid = new Set(request.avoid ?? []);
    const closed: Array<{ passage: string; limit: string }> = [];
    const ok = this.passages.map((p) => {
      if (avoid.has(p.id)) return false;
      const v = request.vessel;
      const l = p.limits ?? {};
      const over: Array<[string, number | undefined, number | undefined]> = [
        ["draft", v.draft_m, l.max_draft_m],
        ["beam", v.beam_m, l.max_beam_m],
        ["loa", v.loa_m, l.max_loa_m],
      ];
      const broken = over.find(
        ([, have, max]) => have !== undefined && max !== undefined && have > max,
      );
      if (broken) {
        closed.push({ passage: p.id, limit: `${broken[0]} ${broken[1]} m > ${broken[2]} m` });
        return false;
      }
      return true;
    });
    return { ok, closed };
  }

  private searchGraph(
    perRequest: Map<number, Attachment[]>,
    allowedPassage: boolean[],
    costs: EdgeCosts,
    goalPoint: LatLon,
    limits: boolean,
  ): SearchGraph {
    const speed = costs.speedUpperBoundKts;
    // In calm water every objective is time at the vessel's own speed: no weather sampling.
    const relaxEdge = (
      from: LatLon,
      to: () => LatLon,
      next: number,
      lengthNm: number,
      atMs: number,
      relax: (n: number, c: number, t: number) => void,
    ) => {
      const step = costs.calm
        ? { hours: lengthNm / speed, cost: lengthNm / speed }
        : costs.edge(from, to(), lengthNm, atMs, limits);
      if (step) relax(next, step.cost, atMs + step.hours * 3_600_000);
    };
    const goalRow = {
      lat: goalPoint.lat,
      lon: goalPoint.lon,
      cos: Math.cos((goalPoint.lat * Math.PI) / 180),
    };
    return {
      size: this.base + 2 + 2 * this.passages.length,
      heuristic: (node) => {
        if (node < this.base) return this.grid.lowerBoundToNm(node, goalRow) / speed;
        const p = this.pointOf(node);
        return (greatCircleNm(p.lat, p.lon, goalPoint.lat, goalPoint.lon) * 0.9966) / speed;
      },
      expand: (node, atMs, relax) => {
        const from = this.pointOf(node);
        if (node < this.base) {
          if (costs.calm) {
            // The hot path: no points, no closures per edge.
            this.grid.forEachNeighbour(node, (nb, lengthNm) => {
              const hours = lengthNm / speed;
              relax(nb, hours, atMs + hours * 3_600_000);
            });
          } else {
            this.grid.forEachNeighbour(node, (nb, lengthNm) =>
              relaxEdge(from, () => this.grid.pointOf(nb), nb, lengthNm, atMs, relax),
            );
          }
        }
        for (const list of [this.extra.get(node), perRequest.get(node)]) {
          for (const e of list ?? []) {
            if (e.passage !== undefined) {
              if (!allowedPassage[e.passage]) continue;
              // Through a passage: its length at the passage's speed (weather in narrows is not routed around).
              const hours = costs.passageHours(e.lengthNm, this.passages[e.passage] as Passage);
              relax(e.to, hours, atMs + hours * 3_600_000);
              continue;
            }
            if (e.to >= this.base + 2 && !allowedPassage[Math.floor((e.to - this.base - 2) / 2)])
              continue;
            relaxEdge(from, () => this.pointOf(e.to), e.to, e.lengthNm, atMs, relax);
          }
        }
      },
    };
  }

  /** The found path as free stretches (smoothable) and passages (kept as published). */
  private pathPieces(
    path: number[],
    via: Map<string, LatLon[]>,
  ): Array<{ points: LatLon[]; passage?: Passage }> {
    const pieces: Array<{ points: LatLon[]; passage?: Passage }> = [{ points: [] }];
    for (let i = 0; i < path.length; i++) {
      const node = path[i] as number;
      const next = path[i + 1];
      const current = pieces.at(-1) as { points: LatLon[]; passage?: Passage };
      current.points.push(this.pointOf(node));
      if (next !== undefined) current.points.push(...(via.get(`${node}>${next}`) ?? []));
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
        (pieces.at(-1) as { points: LatLon[] }).points.push(this.pointOf(next));
      }
    }
    return pieces.filter((p) => p.points.length > 0);
  }

  /**
   * String pulling: keep a point only where the straight (geodesic) leg past it would touch land,
   * or, in weather, where it would cost more under the objective than the searched path it
   * replaces (so smoothing never cuts back into the storm the search went round).
   */
  private smooth(
    pieces: Array<{ points: LatLon[]; passage?: Passage }>,
    costs: EdgeCosts,
    departMs: number,
  ): Array<{ point: LatLon; passage?: string }> {
    const out: Array<{ point: LatLon; passage?: string }> = [];
    const push = (p: LatLon, passage?: string) => {
      const last = out.at(-1);
      if (last && last.point.lat === p.lat && last.point.lon === p.lon) return;
      out.push({ point: p, passage });
    };
    let clock = departMs;
    for (const piece of pieces) {
      if (piece.passage) {
        for (const p of piece.points) push(p, piece.passage.id);
        clock +=
          costs.passageHours(passageLengthNm(piece.passage, piece.points), piece.passage) *
          3_600_000;
        continue;
      }
      const pts = piece.points;
      // Cost and time at every point of the searched path (weather only; in calm water any
      // land-clear shortcut is shorter, hence cheaper).
      const cum = new Float64Array(pts.length);
      const at = new Float64Array(pts.length);
      at[0] = clock;
      if (!costs.calm) {
        for (let i = 1; i < pts.length; i++) {
          const step = costs.legCost(pts[i - 1] as LatLon, pts[i] as LatLon, at[i - 1] as number);
          cum[i] = (cum[i - 1] as number) + step.cost;
          at[i] = (at[i - 1] as number) + step.hours * 3_600_000;
        }
      }
      let anchor = 0;
      push(pts[0] as LatLon);
      for (let i = 1; i < pts.length; i++) {
        const next = pts[i + 1];
        if (next === undefined) break;
        const a = pts[anchor] as LatLon;
        let keep = this.verifyMask.pathHitsLand(a, next);
        if (!keep && !costs.calm) {
          const shortcut = costs.legCost(a, next, at[anchor] as number);
          keep = !(shortcut.cost <= (cum[i + 1] as number) - (cum[anchor] as number) + 1e-9);
        }
        if (keep) {
          push(pts[i] as LatLon);
          anchor = i;
        }
      }
      if (pts.length > 1) push(pts.at(-1) as LatLon);
      clock = costs.calm ? clock : (at[pts.length - 1] as number);
    }
    return out;
  }

  private describe(
    request: RouteRequest,
    weather: WeatherField,
    marks: Array<{ point: LatLon; passage?: string }>,
    snaps: Route["snaps"],
  ): Route {
    const costs = new EdgeCosts(request, weather);
    const segmentNm = request.segmentNm ?? 25;
    const legs: RouteLeg[] = [];
    const segments: RouteSegment[] = [];
    let t = request.departureMs;
    for (let i = 0; i + 1 < marks.length; i++) {
      const a = marks[i] as { point: LatLon; passage?: string };
      const b = marks[i + 1] as { point: LatLon; passage?: string };
      const passage = a.passage !== undefined && a.passage === b.passage ? a.passage : undefined;
      const passageData =
        passage === undefined ? undefined : this.passages.find((p) => p.id === passage);
      const inCanal = passageData?.kind === "canal";
      // A canal drawn shorter than its published length counts as long as published.
      const path = passageData ? this.passagePaths[this.passages.indexOf(passageData)] : undefined;
      const scale = passageData && path ? passageLengthNm(passageData, path) / polylineNm(path) : 1;
      const legStart = t;
      const pts = densify(a.point, b.point, segmentNm);
      for (let k = 0; k + 1 < pts.length; k++) {
        const s = pts[k] as LatLon;
        const e = pts[k + 1] as LatLon;
        const d = distanceNm(s, e) * scale;
        const sample = costs.sail(s, e, d, t);
        if (passageData) sample.hours = d / costs.passageSpeedKts(passageData);
        segments.push({
          start: s,
          end: e,
          start_ms: t,
          end_ms: t + sample.hours * 3_600_000,
          distance_nm: round(d, 3),
          course_deg: round(initialCourseDeg(s, e), 1),
          speed_over_ground_kts: round(d / sample.hours, 2),
          conditions: sample.conditions,
          in_canal: inCanal,
        });
        t += sample.hours * 3_600_000;
      }
      legs.push({
        from: a.point,
        to: b.point,
        distance_nm: round(distanceNm(a.point, b.point) * scale, 2),
        course_deg: round(initialCourseDeg(a.point, b.point), 1),
        start_ms: legStart,
        end_ms: t,
        ...(passage ? { passage } : {}),
      });
    }
    const distance = legs.reduce((s, l) => s + l.distance_nm, 0);
    return {
      objective: request.objective,
      waypoints: marks.map((m) => m.point),
      legs,
      segments,
      distance_nm: round(distance, 1),
      transit_h: round((t - request.departureMs) / 3_600_000, 2),
      departure_ms: request.departureMs,
      eta_ms: Math.round(t),
      passages: [...new Set(marks.flatMap((m) => (m.passage ? [m.passage] : [])))],
      snaps,
      weather_source: weather.label,
    };
  }
}

/** Travel time and objective cost of a leg in the weather, for one request. */
class EdgeCosts {
  readonly speedUpperBoundKts: number;
  readonly calm: boolean;
  private readonly hull: SpeedLossVessel;
  private readonly softWave: number;
  private readonly softWind: number;

  constructor(
    private readonly request: RouteRequest,
    private readonly weather: WeatherField,
  ) {
    const v = request.vessel;
    const length = v.loa_m ?? 150;
    this.hull = {
      length_m: length,
      block_coefficient: v.block_coefficient ?? 0.7,
      displacement_t: v.displacement_t ?? estimateDisplacementT(v),
      container_ship: v.container_ship ?? false,
    };
    this.calm = weather === CALM_WEATHER;
    this.speedUpperBoundKts = v.speed_kts + (weather.maxCurrentKts ?? MAX_FAVOURABLE_CURRENT_KTS);
    this.softWave = v.max_wave_m ?? DEFAULT_SOFT_WAVE_M;
    this.softWind = v.max_wind_kts ?? DEFAULT_SOFT_WIND_KTS;
  }

  /**
   * Kwon's speed loss for this vessel at its speed, tabulated per 0.1 kt of wind and per heading
   * sector on first use (the search evaluates it millions of times; the inputs vary in two
   * dimensions only).
   */
  private lossTable?: Float32Array;
  private speedLoss(windKts: number, angleOffBowDeg: number): number {
    if (windKts <= 0) return 0;
    const a = Math.abs((((angleOffBowDeg % 360) + 540) % 360) - 180);
    const sector = a <= 30 ? 0 : a <= 60 ? 1 : a <= 150 ? 2 : 3;
    const index = Math.min(LOSS_TABLE_KTS * 10, Math.round(windKts * 10));
    if (!this.lossTable) {
      const table = new Float32Array(4 * (LOSS_TABLE_KTS * 10 + 1));
      const angles = [0, 45, 90, 180];
      for (let s = 0; s < 4; s++) {
        for (let i = 0; i <= LOSS_TABLE_KTS * 10; i++) {
          table[s * (LOSS_TABLE_KTS * 10 + 1) + i] = speedLossFraction(
            this.hull,
            this.request.vessel.speed_kts,
            i / 10,
            angles[s] as number,
          );
        }
      }
      this.lossTable = table;
    }
    return this.lossTable[sector * (LOSS_TABLE_KTS * 10 + 1) + index] as number;
  }

  /** Speed through a passage: the vessel's own, or the passage's speed limit if lower. */
  passageSpeedKts(p: Passage): number {
    return Math.min(
      this.request.vessel.speed_kts,
      p.transit?.speed_limit_kts ?? Number.POSITIVE_INFINITY,
    );
  }

  passageHours(lengthNm: number, p: Passage): number {
    return lengthNm / this.passageSpeedKts(p);
  }

  /** Sails a short leg: conditions at its middle, speed loss (Kwon 2008) and current along the course. */
  sail(
    from: LatLon,
    to: LatLon,
    lengthNm: number,
    atMs: number,
  ): { hours: number; conditions: SeaConditions; loss: number; course: number } {
    const v0 = this.request.vessel.speed_kts;
    const course = sphericalCourseDeg(from, to);
    const mid = { lat: (from.lat + to.lat) / 2, lon: midLon(from.lon, to.lon) };
    const firstGuessH = lengthNm / v0;
    const c = this.weather.at(mid.lat, mid.lon, atMs + (firstGuessH / 2) * 3_600_000);
    const loss = this.speedLoss(c.wind_kts, c.wind_dir_deg - course);
    const currentAlong = c.current_kts * Math.cos(((c.current_dir_deg - course) * Math.PI) / 180);
    const sog = Math.max(KNOT_FLOOR, v0 * (1 - loss) + currentAlong);
    return { hours: lengthNm / sog, conditions: c, loss, course };
  }

  /** Hours and objective cost of a straight leg of any length, priced every COST_SAMPLE_NM (a broken limit costs Infinity). */
  legCost(from: LatLon, to: LatLon, atMs: number): { hours: number; cost: number } {
    const pts = densify(from, to, COST_SAMPLE_NM);
    let hours = 0;
    let cost = 0;
    for (let k = 1; k < pts.length; k++) {
      const a = pts[k - 1] as LatLon;
      const b = pts[k] as LatLon;
      const step = this.edge(a, b, distanceNm(a, b), atMs + hours * 3_600_000, true);
      if (!step)
        return {
          hours: hours + distanceNm(a, b) / this.request.vessel.speed_kts,
          cost: Number.POSITIVE_INFINITY,
        };
      hours += step.hours;
      cost += step.cost;
    }
    return { hours, cost };
  }

  /** null when the leg breaks a hard limit (and limits apply); otherwise its hours and objective cost. */
  edge(
    from: LatLon,
    to: LatLon,
    lengthNm: number,
    atMs: number,
    limits: boolean,
  ): { hours: number; cost: number } | null {
    const s = this.sail(from, to, lengthNm, atMs);
    const v = this.request.vessel;
    const c = s.conditions;
    if (
      limits &&
      ((v.max_wave_m !== undefined && c.hs_m > v.max_wave_m) ||
        (v.max_wind_kts !== undefined && c.wind_kts > v.max_wind_kts))
    ) {
      return null;
    }
    const hours = s.hours;
    switch (this.request.objective) {
      case "fastest":
        return { hours, cost: hours };
      case "safest": {
        // Exposure-weighted time: past half the vessel's limits, risk grows with the square of how
        // close the sea and wind come to them, so a route through a storm costs far more than a
        // longer one around it, while ordinary seas cost plain time (which keeps A* tight).
        const r = Math.max(0, Math.max(c.hs_m / this.softWave, c.wind_kts / this.softWind) - 0.5);
        return { hours, cost: hours * (1 + 32 * r * r) };
      }
      case "most-comfortable": {
        // Motions scale with wave height relative to ship length, worst on the beam.
        const rel = Math.abs(Math.sin(((c.wave_dir_deg - s.course) * Math.PI) / 180));
        // Motions become noticeable once waves pass ~2% of the length (IMO MSC.1/Circ.1228 takes
        // 4% as the threshold of successive high waves); below that the sea costs plain time.
        const motion = Math.max(0, c.hs_m / Math.max(1, 0.04 * this.hull.length_m) - 0.5);
        return { hours, cost: hours * (1 + 4 * motion * motion * (0.5 + rel)) };
      }
      case "fuel-efficient":
        // At constant power fuel follows time; the speed loss is the added resistance paid for.
        return { hours, cost: hours * (1 + 2 * s.loss) };
    }
  }
}

function estimateDisplacementT(v: RoutingVessel): number {
  const loa = v.loa_m ?? 150;
  const beam = v.beam_m ?? loa / 6.5;
  const draft = v.draft_m ?? beam / 2.8;
  return loa * beam * draft * (v.block_coefficient ?? 0.7) * 1.025;
}

function passagePoints(p: Passage): LatLon[] {
  return p.waypoints.map(([lat, lon]) => ({ lat, lon }));
}

/**
 * A canal's centre line in the catalogue is simplified and shorter than the channel; where the
 * published length is known (Suez, Kiel, Corinth) the passage is as long as published.
 */
function passageLengthNm(p: Passage, path: LatLon[]): number {
  const drawn = polylineNm(path);
  return p.published_length_km ? Math.max(drawn, (p.published_length_km * 1000) / 1852) : drawn;
}

function polylineNm(points: LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += distanceNm(points[i - 1] as LatLon, points[i] as LatLon);
  return total;
}

/** Initial course on the sphere: enough for pricing a short edge (the output uses WGS84 geodesics). */
function sphericalCourseDeg(a: LatLon, b: LatLon): number {
  const p1 = (a.lat * Math.PI) / 180;
  const p2 = (b.lat * Math.PI) / 180;
  const dl = ((b.lon - a.lon) * Math.PI) / 180;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return ((((Math.atan2(y, x) * 180) / Math.PI) % 360) + 360) % 360;
}

function midLon(a: number, b: number): number {
  let d = b - a;
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  const m = a + d / 2;
  return m >= 180 ? m - 360 : m < -180 ? m + 360 : m;
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

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
