import type { LatLon } from "../geo/types";
import type { SearchGraph } from "./astar";
import type { EdgeCosts } from "./edge-costs";
import type { LandmarkBound } from "./landmarks";
import type { Passage } from "./passages";
import type { Attachment } from "./router";
import { greatCircleNm, type SeaGrid, STEP_DIRECTIONS } from "./sea-grid";

/** What a request's search graph needs of the routing network. */
export interface NetworkView {
  readonly grid: SeaGrid;
  /** Grid size: ids from here on are virtual (origin, destination, passage ends). */
  readonly base: number;
  readonly passages: readonly Passage[];
  pointOf(node: number): LatLon;
  /** Static extra edges out of node (passages and their approaches). */
  extraEdges(node: number): Attachment[] | undefined;
  /** Edges of this request out of node (origin and destination attachments). */
  requestEdges(node: number): Attachment[] | undefined;
}

type Relax = (next: number, cost: number, arrivalMs: number) => void;

/**
 * The graph one request searches: the grid and the passages, priced by the request's costs,
 * bounded by the landmarks. Expanding a node is the innermost loop of routing, so the visitors
 * are made once per request and read the node being expanded from fields, rather than being
 * new closures per node or per edge.
 */
export class RequestGraph implements SearchGraph {
  readonly size: number;
  private readonly speed: number;
  private readonly goalRow: { lat: number; lon: number; cos: number };
  private node = 0;
  private atMs = 0;
  private from: LatLon = { lat: 0, lon: 0 };
  private relax: Relax = () => {};

  constructor(
    private readonly net: NetworkView,
    private readonly costs: EdgeCosts,
    private readonly allowedPassage: readonly boolean[],
    private readonly goal: LatLon,
    private readonly bound: LandmarkBound,
    private readonly limits: boolean,
    /** Grid steps this request may not take (node * STEP_DIRECTIONS + direction): closed gates. */
    private readonly closedSteps?: ReadonlySet<number>,
  ) {
    this.size = net.base + 2 + 2 * net.passages.length;
    this.speed = costs.speedUpperBoundKts;
    this.goalRow = { lat: goal.lat, lon: goal.lon, cos: Math.cos((goal.lat * Math.PI) / 180) };
  }

  heuristic(node: number): number {
    const landmark = this.bound.lowerBoundNm(node);
    if (node < this.net.base)
      return Math.max(landmark, this.net.grid.lowerBoundToNm(node, this.goalRow)) / this.speed;
    const gc = greatCircleLowerBound(this.net.pointOf(node), this.goal);
    return Math.max(landmark, gc) / this.speed;
  }

  expand(node: number, atMs: number, relax: Relax): void {
    this.node = node;
    this.atMs = atMs;
    this.relax = relax;
    this.from = this.net.pointOf(node);
    if (node < this.net.base) {
      if (this.costs.calm) this.net.grid.forEachNeighbour(node, this.visitCalm);
      else if (this.costs.fromNode(this.costs.conditionsAt(this.from, atMs), this.limits)) {
        // Conditions where and when the vessel sets out, once for all the node's steps. Eight
        // headings in open water, not sixteen: every step is priced against the weather, so the
        // knight's moves would triple the search's cost (Shanghai-Rotterdam safest: 150 ms, not 45),
        // and the weather, not the lattice, shapes these routes.
        this.net.grid.forEachNeighbour(node, this.visitWeather, false);
      }
    }
    this.relaxAll(this.net.extraEdges(node));
    this.relaxAll(this.net.requestEdges(node));
  }

  /** In calm water every objective is time at the vessel's own speed: no weather sampling. */
  private readonly visitCalm = (next: number, lengthNm: number, direction: number): void => {
    if (this.closedSteps?.has(this.node * STEP_DIRECTIONS + direction)) return;
    const hours = lengthNm / this.speed;
    this.relax(next, hours, this.atMs + hours * 3_600_000);
  };

  private readonly visitWeather = (next: number, lengthNm: number, direction: number): void => {
    if (this.closedSteps?.has(this.node * STEP_DIRECTIONS + direction)) return;
    const costs = this.costs;
    costs.step(this.net.grid.courseOf(this.node, direction), lengthNm);
    this.relax(next, costs.stepCost, this.atMs + costs.stepHours * 3_600_000);
  };

  private relaxAll(list: Attachment[] | undefined): void {
    if (!list) return;
    const base = this.net.base;
    for (const e of list) {
      if (e.passage !== undefined) {
        if (!this.allowedPassage[e.passage]) continue;
        // Through a passage: its length at the passage's speed (weather in narrows is not routed round).
        const hours = this.costs.passageHours(e.lengthNm, this.net.passages[e.passage] as Passage);
        this.relax(e.to, hours, this.atMs + hours * 3_600_000);
        continue;
      }
      if (e.to >= base + 2 && !this.allowedPassage[Math.floor((e.to - base - 2) / 2)]) continue;
      const step = this.costs.calm
        ? { hours: e.lengthNm / this.speed, cost: e.lengthNm / this.speed }
        : this.costs.edge(this.from, this.net.pointOf(e.to), e.lengthNm, this.atMs, this.limits);
      if (step) this.relax(e.to, step.cost, this.atMs + step.hours * 3_600_000);
    }
  }
}

/** The great circle on the mean sphere, lowered by the most it can exceed the WGS84 geodesic (0.34%). */
function greatCircleLowerBound(a: LatLon, b: LatLon): number {
  return greatCircleNm(a.lat, a.lon, b.lat, b.lon) * 0.9966;
}
