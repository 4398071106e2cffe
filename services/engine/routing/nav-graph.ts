import { densify, distanceNm, pathLengthNm } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import { type Approach, findApproach, threadWater } from "./approach";
import { ClosedSteps, type Gate, GatedLandMask, gateOf } from "./gates";
import { type LandmarkStore, Landmarks, textFingerprint } from "./landmarks";
import { PassageLine, stationOnLine } from "./passage-line";
import type { Passage, RiverBridge } from "./passages";
import { POLAR_WINDOWS } from "./polar-waters";
import {
  greatCircleNm,
  LEG_STEP_NM,
  SeaGrid,
  type SeaGridOptions,
  STEP_DIRECTIONS,
} from "./sea-grid";

/**
 * The navigation graph every request searches, built once: the sea grid, two virtual nodes per
 * passage (its ends) with the edges through each passage and from its ends to the grid, the
 * ways out of passage ends cut off from the sea, and what the requests ask of it (which water
 * opens onto the sea, which grid steps cross a strait's gate, the landmark sets). Node ids:
 * the grid's cells, then base (a request's origin) and base + 1 (its destination), then two
 * per passage.
 */

/** Grid nodes an end point (origin, destination, passage end) is joined to, within this radius. */
export const ATTACH_RADIUS_NM = 45;
/** A node "opens onto the sea" when clear edges lead this far from it (see escapes). */
const ESCAPE_NM = 120;
const ESCAPE_MAX_NODES = 20_000;
/**
 * The fine-grid searches out of a harbour, tried in turn until one finds a way (approach.ts):
 * most ports reach a grid node within a degree; ports at the head of a long bay or sound
 * (Baltimore, 150 nm up the Chesapeake; Seattle behind Admiralty Inlet; Corinth behind the
 * Rio-Antirrio narrows) need the wide window; channels about a cell wide, which the no-corner-
 * cutting rule closes at 0.3 nm cells (the Swina to Szczecin, the St Lawrence to Montreal, the
 * Karnaphuli), need the finer cells. The later searches cost a few hundred milliseconds, once
 * per port.
 */
export const APPROACH_SEARCHES = [
  { windowDeg: 1, stepDeg: 0.005 },
  { windowDeg: 2.5, stepDeg: 0.005 },
  { windowDeg: 2.5, stepDeg: 0.0025 },
] as const;
/** Grid nodes this near a passage's inner waypoints are closed (closeGridInsidePassages). */
const PASSAGE_CLOSED_NM = 12;
const DEFAULT_LANDMARKS = 12;
/**
 * Passages whose closure sends ships round a continent (Suez: the Cape; Panama: the Horn or
 * Magellan). Landmark distances computed with them open say little to a search that may not use
 * them, so a set is kept per combination of these closed, built when first needed.
 */
const CONTINENTAL_SHORTCUTS = ["suez", "panama"] as const;

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

export interface NavigationGraphOptions {
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
}

export class NavigationGraph {
  readonly grid: SeaGrid;
  /** Grid size: ids from here on are virtual (origin, destination, passage ends). */
  readonly base: number;
  /** Every id: the grid's, a request's two ends, two per passage. */
  readonly size: number;
  private readonly landmarkStore: LandmarkStore | undefined;
  /**
   * Static extra edges (passage ends to grid nodes and through each passage): extraOf[node]
   * indexes extraLists, -1 for the (most) nodes without. A typed index, not a Map: every step
   * of every search asks.
   */
  private readonly extraOf: Int32Array;
  private readonly extraLists: Attachment[][] = [];
  /** Each passage end's point, two per passage (node base + 2 + k is end k). */
  readonly passageEnds: LatLon[] = [];
  private readonly escapeMemo = new Map<number, boolean>();
  /** Per node, canalsOut's answer. */
  private readonly canalsOutMemo = new Map<number, number[]>();
  /** Points of static extra edges that are not straight: passage ends' ways out (leadOutPassageEnd). */
  readonly fixedVia = new Map<string, LatLon[]>();
  /** Each passage's geometry, straits re-threaded on the fine coastline (see threadPassage). */
  readonly passagePaths: LatLon[][];
  /** Each passage's line and how long its stretches count (passage-line.ts): static, so kept. */
  readonly passageLines: PassageLine[];
  /** The inner points of the straits and canals, round which the grid is closed. */
  private readonly narrowsPoints: LatLon[];
  private readonly landmarks = new Map<string, Landmarks>();
  private readonly landmarkCount: number;
  /**
   * What the relaxed graph is made of besides the masks (the grid's options, every passage whole),
   * naming what the stores keep: the ways out and the landmark sets.
   */
  private readonly graphInputs: string;
  /** Each passage's gate (passages.ts), if it has one, and the grid steps that cross it. */
  readonly gates: Array<Gate | undefined>;
  private readonly gateSteps: number[][];
  /** Steps closed per set of closed gates (few distinct sets: the avoid lists callers use). */
  private readonly closedStepSets = new Map<string, ClosedSteps>();

  constructor(
    /** Coastline the grid is built on (Natural Earth 1:50m in production). */
    readonly routingMask: LandMask,
    /** Finer coastline every final segment is checked against (1:10m), and ports are snapped on. */
    readonly verifyMask: LandMask,
    readonly passages: readonly Passage[],
    options: NavigationGraphOptions = {},
  ) {
    this.landmarkStore = options.landmarkStore;
    const gridOptions: SeaGridOptions = { polarWindows: POLAR_WINDOWS, ...options.grid };
    this.graphInputs = textFingerprint(JSON.stringify(gridOptions), JSON.stringify(passages));
    this.grid = new SeaGrid(routingMask, gridOptions, verifyMask);
    this.base = this.grid.size;
    this.size = this.base + 2 + 2 * passages.length;
    this.extraOf = new Int32Array(this.size).fill(-1);
    // A river's inner points are inland: the nodes near them are the estuary's, which the
    // river's own end joins and ports below it are reached by.
    this.narrowsPoints = passages.flatMap((p) =>
      p.kind === "river" ? [] : p.waypoints.slice(1, -1).map(([lat, lon]) => ({ lat, lon })),
    );
    this.closeGridInsidePassages();
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
      this.passageEnds.push(ends[0], ends[1]);
      const length = (this.passageLines[i] as PassageLine).lengthNm;
      this.addExtra(a, { to: b, lengthNm: length, passage: i });
      this.addExtra(b, { to: a, lengthNm: length, passage: i });
      this.linkPassageEnd(ends[0], a);
      // A river's upper end is its highest port, inland: ends join the river along it.
      if (passages[i]?.kind !== "river") this.linkPassageEnd(ends[1], b);
    });
    // Once every end is linked: which ends need a way out (see leadOutPassageEnd).
    this.leadOutPassageEnds(options.waysOutStore);
    this.landmarkCount = options.landmarks ?? DEFAULT_LANDMARKS;
    this.landmarksFor(passages.map(() => true));
  }

  /** The passage (index) whose end node is `node`, or -1 for a grid node or a request's end. */
  passageOf(node: number): number {
    return node >= this.base + 2 ? Math.floor((node - this.base - 2) / 2) : -1;
  }

  /** The landmark set valid for a request that may use the passages marked in `allowed`. */
  landmarksFor(allowed: readonly boolean[]): Landmarks {
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
        size: this.size,
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
  escapes(node: number): boolean {
    const known = this.escapeMemo.get(node);
    if (known !== undefined) return known;
    const origin = this.grid.pointOf(node);
    const result = this.walkFinds([node], (n) => this.distanceTo(origin, n) >= ESCAPE_NM);
    this.escapeMemo.set(node, result);
    return result;
  }

  /** Whether a grid node opens onto the sea for a request that may use every passage. */
  opensForSomeRequest(node: number): boolean {
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
  canalsOut(node: number): number[] {
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

  private addExtra(from: number, edge: Attachment): void {
    const index = this.extraOf[from] as number;
    if (index >= 0) (this.extraLists[index] as Attachment[]).push(edge);
    else {
      this.extraOf[from] = this.extraLists.length;
      this.extraLists.push([edge]);
    }
  }

  extraEdges(node: number): Attachment[] | undefined {
    const index = this.extraOf[node] as number;
    return index >= 0 ? this.extraLists[index] : undefined;
  }

  /**
   * The passages whose gates no grid step or leg may cross: those the request may not use, and
   * the channel-only straits (crossed by their passage's path alone).
   */
  walledGates(ok: readonly boolean[]): number[] {
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

  closedStepsFor(closedGates: number[]): ClosedSteps {
    const key = closedGates.join(",");
    let steps = this.closedStepSets.get(key);
    if (!steps) {
      steps = new ClosedSteps(
        closedGates.flatMap((i) => this.gateSteps[i] as number[]),
        this.grid.nx * this.grid.ny,
      );
      this.closedStepSets.set(key, steps);
    }
    return steps;
  }

  /** Grid nodes near an interior waypoint of a passage are removed: its narrows are crossed only through the passage. */
  private closeGridInsidePassages(): void {
    for (const q of this.narrowsPoints) {
      for (const node of this.grid.nodesWithin(q, PASSAGE_CLOSED_NM)) this.grid.close(node);
    }
  }

  /** Whether a way passes within PASSAGE_CLOSED_NM of a strait's or canal's inner points. */
  nearStraitNarrows(way: readonly LatLon[]): boolean {
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
  nearbyNodes(p: LatLon, mask: LandMask = this.routingMask): number[] {
    return this.grid
      .nodesWithin(p, ATTACH_RADIUS_NM)
      .filter((node) => !mask.pathHitsLand(p, this.grid.pointOf(node), LEG_STEP_NM));
  }

  /**
   * The fine-grid searches (APPROACH_SEARCHES) from p to a grid node that opens onto the sea for
   * some request (`opens`: for a route's end, water that escapes or a canal leads out of, which
   * attachEnd checks against the request; for a passage's end, escapes alone).
   */
  wayOut(
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
    const end = this.passageEnds[id - this.base - 2] as LatLon;
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

  /**
   * The bridges of river fairway `river` between its sea end and p, on it, that a ship of
   * `airDraftM` does not clear (none when the air draught is not given).
   */
  bridgesBarring(river: number, p: LatLon, airDraftM: number | undefined): RiverBridge[] {
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

  distanceTo(p: LatLon, node: number): number {
    const q = this.grid.pointOf(node);
    return greatCircleNm(p.lat, p.lon, q.lat, q.lon);
  }
}

function passagePoints(p: Passage): LatLon[] {
  return p.waypoints.map(([lat, lon]) => ({ lat, lon }));
}
