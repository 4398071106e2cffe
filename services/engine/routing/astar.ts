import { NodeHeap } from "./heap";

/**
 * A* over integer node ids with time-dependent edge costs. The caller's graph says, for a node
 * and the time the vessel is there, which nodes it can go to next and at what cost; costs and
 * times must be FIFO (leaving later never arrives earlier), which holds for travel times in
 * weather fields that change smoothly. Typed arrays and a binary heap keep a search over a
 * million-node grid in the tens of milliseconds.
 */

export interface SearchGraph {
  /** Number of node ids (0 .. size-1). */
  readonly size: number;
  /**
   * Calls relax(next, cost, arrivalMs) for each edge out of `node`, given the time the vessel is
   * at `node`. cost is in the objective's units; Infinity (or skipping the call) forbids the edge.
   */
  expand(
    node: number,
    atMs: number,
    relax: (next: number, cost: number, arrivalMs: number) => void,
  ): void;
  /** A lower bound of the cost from node to the goal (0 is always admissible). */
  heuristic(node: number): number;
}

export interface SearchResult {
  /** Node ids from start to goal. */
  path: number[];
  /** Arrival time at each node of the path. */
  times: number[];
  cost: number;
  expanded: number;
}

/** Reusable search state: allocate once per graph size, reuse across searches (not shared between threads). */
export class AStar {
  private readonly g: Float64Array;
  /** The heuristic of each node seen in this search (computed once per node, not per relaxation). */
  private readonly h: Float64Array;
  private readonly time: Float64Array;
  private readonly parent: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly closed: Uint32Array;
  private generation = 0;
  private readonly heap = new NodeHeap();

  constructor(size: number) {
    this.g = new Float64Array(size);
    this.h = new Float64Array(size);
    this.time = new Float64Array(size);
    this.parent = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.closed = new Uint32Array(size);
  }

  /**
   * `weight` > 1 inflates the heuristic (weighted A*): the cost found is at most `weight` times the
   * optimum, for far fewer expansions when costs run well above the heuristic (risk-weighted time).
   */
  search(
    graph: SearchGraph,
    start: number,
    goal: number,
    departMs: number,
    weight = 1,
    maxExpansions = 5_000_000,
  ): SearchResult | null {
    const gen = ++this.generation;
    this.heap.clear();
    this.open(start, 0, departMs, -1, weight * graph.heuristic(start), gen);
    this.h[start] = weight * graph.heuristic(start);
    let expanded = 0;
    let node = start;
    let gNode = 0;
    // One relax function per search: a closure per expanded node is measurable at this depth.
    const relax = (next: number, cost: number, arrivalMs: number) => {
      if (!(cost < Number.POSITIVE_INFINITY) || this.closed[next] === gen) return;
      const candidate = gNode + cost;
      const seen = this.stamp[next] === gen;
      if (seen && candidate >= (this.g[next] as number)) return;
      if (!seen) this.h[next] = weight * graph.heuristic(next);
      this.open(next, candidate, arrivalMs, node, candidate + (this.h[next] as number), gen);
    };
    while (this.heap.size > 0) {
      node = this.heap.pop();
      if (this.closed[node] === gen) continue;
      this.closed[node] = gen;
      if (node === goal) return this.result(start, goal, expanded);
      if (++expanded > maxExpansions) return null;
      gNode = this.g[node] as number;
      graph.expand(node, this.time[node] as number, relax);
    }
    return null;
  }

  private open(
    node: number,
    g: number,
    atMs: number,
    parent: number,
    key: number,
    gen: number,
  ): void {
    this.stamp[node] = gen;
    this.g[node] = g;
    this.time[node] = atMs;
    this.parent[node] = parent;
    this.heap.push(node, key);
  }

  private result(start: number, goal: number, expanded: number): SearchResult {
    const path: number[] = [];
    const times: number[] = [];
    for (let n = goal; n !== -1; n = this.parent[n] as number) {
      path.push(n);
      times.push(this.time[n] as number);
      if (n === start) break;
    }
    path.reverse();
    times.reverse();
    return { path, times, cost: this.g[goal] as number, expanded };
  }
}
