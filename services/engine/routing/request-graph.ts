import type { LatLon } from "../geo/types";
import type { SearchGraph } from "./astar";
import type { EdgeCosts } from "./edge-costs";
import type { ClosedSteps } from "./gates";
import type { LandmarkBound } from "./landmarks";
import type { Attachment } from "./nav-graph";
import type { Passage } from "./passages";
import { greatCircleNm, NeighbourBuffer, type SeaGrid } from "./sea-grid";

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
 * bounded by the landmarks. Expanding a node is the innermost loop of routing: the grid writes
 * a node's steps into a buffer and one loop prices them, with no callback per step.
 */
export class RequestGraph implements SearchGraph {
  readonly size: number;
  private readonly speed: number;
  private readonly goalRow: { lat: number; lon: number; cos: number };
  private readonly steps = new NeighbourBuffer();
  private from: LatLon = { lat: 0, lon: 0 };

  constructor(
    private readonly net: NetworkView,
    private readonly costs: EdgeCosts,
    private readonly allowedPassage: readonly boolean[],
    private readonly goal: LatLon,
    private readonly bound: LandmarkBound,
    private readonly limits: boolean,
    /** Grid steps this request may not take: those crossing its closed gates. */
    private readonly closedSteps?: ClosedSteps,
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
    this.from = this.net.pointOf(node);
    if (node < this.net.base) {
      const costs = this.costs;
      if (costs.calm) this.relaxSteps(node, atMs, relax, true);
      else if (costs.fromNode(costs.conditionsAt(this.from, atMs), atMs, this.limits)) {
        // Conditions where and when the vessel sets out, once for all the node's steps. Eight
        // headings in open water, not sixteen: every step is priced against the weather, so the
        // knight's moves would triple the search's cost (Shanghai-Rotterdam safest: 150 ms, not 45),
        // and the weather, not the lattice, shapes these routes.
        this.relaxSteps(node, atMs, relax, false);
      }
    }
    this.relaxAll(this.net.extraEdges(node), atMs, relax);
    this.relaxAll(this.net.requestEdges(node), atMs, relax);
  }

  /** The node's grid steps: in calm water every objective is time at the vessel's own speed. */
  private relaxSteps(node: number, atMs: number, relax: Relax, calm: boolean): void {
    const grid = this.net.grid;
    const steps = this.steps;
    const n = grid.neighbours(node, steps, calm);
    const closed = this.closedSteps;
    const costs = this.costs;
    for (let k = 0; k < n; k++) {
      const direction = steps.direction[k] as number;
      if (closed?.has(node, direction)) continue;
      const lengthNm = steps.lengthNm[k] as number;
      if (calm) {
        const hours = lengthNm / this.speed;
        relax(steps.node[k] as number, hours, atMs + hours * 3_600_000);
      } else {
        costs.step(grid.courseOf(node, direction), lengthNm);
        relax(steps.node[k] as number, costs.stepCost, atMs + costs.stepHours * 3_600_000);
      }
    }
  }

  private relaxAll(list: Attachment[] | undefined, atMs: number, relax: Relax): void {
    if (!list) return;
    const base = this.net.base;
    for (const e of list) {
      if (e.passage !== undefined) {
        if (!this.allowedPassage[e.passage]) continue;
        // Through a passage: its length at the passage's speed (weather in narrows is not routed round).
        const hours = this.costs.passageHours(e.lengthNm, this.net.passages[e.passage] as Passage);
        relax(e.to, hours, atMs + hours * 3_600_000);
        continue;
      }
      if (e.to >= base + 2 && !this.allowedPassage[Math.floor((e.to - base - 2) / 2)]) continue;
      if (e.gates?.some((g) => !this.allowedPassage[g])) continue;
      const step = this.costs.calm
        ? { hours: e.lengthNm / this.speed, cost: e.lengthNm / this.speed }
        : this.costs.edge(this.from, this.net.pointOf(e.to), e.lengthNm, atMs, this.limits);
      if (step) relax(e.to, step.cost, atMs + step.hours * 3_600_000);
    }
  }
}

/** The great circle on the mean sphere, lowered by the most it can exceed the WGS84 geodesic (0.34%). */
function greatCircleLowerBound(a: LatLon, b: LatLon): number {
  return greatCircleNm(a.lat, a.lon, b.lat, b.lon) * 0.9966;
}
