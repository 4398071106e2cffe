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
  private readonly time: Float64Array;
  private readonly parent: Int32Array;
  private readonly stamp: Uint32Array;
  private readonly closed: Uint32Array;
  private generation = 0;
  private heapNodes: Int32Array;
  private heapKeys: Float64Array;
  private heapSize = 0;

  constructor(size: number) {
    this.g = new Float64Array(size);
    this.time = new Float64Array(size);
    this.parent = new Int32Array(size);
    this.stamp = new Uint32Array(size);
    this.closed = new Uint32Array(size);
    this.heapNodes = new Int32Array(1024);
    this.heapKeys = new Float64Array(1024);
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
    this.heapSize = 0;
    this.open(start, 0, departMs, -1, weight * graph.heuristic(start), gen);
    let expanded = 0;
    while (this.heapSize > 0) {
      const node = this.pop();
      if (this.closed[node] === gen) continue;
      this.closed[node] = gen;
      if (node === goal) return this.result(start, goal, expanded);
      if (++expanded > maxExpansions) return null;
      const gNode = this.g[node] as number;
      graph.expand(node, this.time[node] as number, (next, cost, arrivalMs) => {
        if (!(cost < Number.POSITIVE_INFINITY) || this.closed[next] === gen) return;
        const candidate = gNode + cost;
        if (this.stamp[next] === gen && candidate >= (this.g[next] as number)) return;
        this.open(
          next,
          candidate,
          arrivalMs,
          node,
          candidate + weight * graph.heuristic(next),
          gen,
        );
      });
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
    this.push(node, key);
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

  private push(node: number, key: number): void {
    if (this.heapSize === this.heapNodes.length) {
      const nodes = new Int32Array(this.heapSize * 2);
      const keys = new Float64Array(this.heapSize * 2);
      nodes.set(this.heapNodes);
      keys.set(this.heapKeys);
      this.heapNodes = nodes;
      this.heapKeys = keys;
    }
    let i = this.heapSize++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if ((this.heapKeys[up] as number) <= key) break;
      this.heapNodes[i] = this.heapNodes[up] as number;
      this.heapKeys[i] = this.heapKeys[up] as number;
      i = up;
    }
    this.heapNodes[i] = node;
    this.heapKeys[i] = key;
  }

  private pop(): number {
    const top = this.heapNodes[0] as number;
    const last = --this.heapSize;
    const node = this.heapNodes[last] as number;
    const key = this.heapKeys[last] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (
        child + 1 < last &&
        (this.heapKeys[child + 1] as number) < (this.heapKeys[child] as number)
      )
        child++;
      if ((this.heapKeys[child] as number) >= key) break;
      this.heapNodes[i] = this.heapNodes[child] as number;
      this.heapKeys[i] = this.heapKeys[child] as number;
      i = child;
    }
    this.heapNodes[i] = node;
    this.heapKeys[i] = key;
    return top;
  }
}
