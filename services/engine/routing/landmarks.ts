import { BucketQueue } from "./heap";

/**
 * Landmark lower bounds for A* ("ALT": A*, landmarks, triangle inequality; Goldberg & Harrelson,
 * 2005, "Computing the shortest path: A* search meets graph theory", SODA). For a landmark L with
 * exact graph distances d(L, ·), |d(L, t) − d(L, v)| ≤ d(v, t) for every node v: a far tighter
 * bound than the great circle when a continent lies between v and t (Europe to Asia round the
 * Cape), which is where a plain great-circle A* floods whole oceans.
 *
 * The distances are computed once, on a relaxed version of the navigation graph (every pair of
 * neighbouring sea cells joined, whether or not the edge clears land, and every passage open).
 * The relaxed graph has more edges than any request's graph (passages avoided or closed to a
 * vessel, edges blocked by land or by weather limits), so its distances are shorter and the bound
 * stays a lower bound; it only needs the cells, not the costly per-edge coastline tests.
 */

export interface StaticGraph {
  readonly size: number;
  /** Calls visit for every edge out of node (undirected: the edge is also listed at next). */
  forEachEdge(node: number, visit: (next: number, lengthNm: number) => void): void;
}

/**
 * Where computed landmark sets may be kept between processes (a file cache in the service layer;
 * the engine does no I/O). `key` names the graph, count and seed, so a stored set is only ever
 * read back for the graph it was computed on: by a fingerprint of every edge, or by the name the
 * builder gave the graph (Landmarks.build's graphKey), which must then change with every input
 * of the graph that the store itself is not kept apart by.
 */
export interface LandmarkStore {
  load(key: string): { nodes: number[]; distances: Float32Array[] } | undefined;
  save(key: string, set: { nodes: readonly number[]; distances: readonly Float32Array[] }): void;
}

/** Bumped when the landmark computation changes, so sets stored by older code are not read. */
const LANDMARK_FORMAT = 1;

/**
 * Bucket width of the Dijkstra queue: under the shortest step of the default grid (4.7 nm, east
 * along the 0.25-degree rows furthest north), so grid edges never expand a node twice. Any width
 * gives the same distances; this one only sets the speed.
 */
const QUEUE_BUCKET_NM = 4;

/** Float32 storage rounds distances by well under this; bounds are lowered by it to stay below the truth. */
const ROUNDING_SLACK_NM = 0.01;

export class Landmarks {
  private constructor(
    /** Node id of each landmark. */
    readonly nodes: readonly number[],
    /** Per landmark: distance in nm from it to every node (Infinity where unreachable). */
    private readonly distances: readonly Float32Array[],
  ) {}

  /**
   * Picks `count` landmarks by farthest selection (each new one the reachable node farthest from
   * those already chosen, the first the node farthest from `seed`), which puts them on the rim of
   * the ocean graph where their bounds are tightest.
   */
  static build(
    graph: StaticGraph,
    count: number,
    seed: number,
    store?: LandmarkStore,
    /** Names the graph for the store in place of fingerprint(graph), a pass over every edge. */
    graphKey?: string,
  ): Landmarks {
    if (count <= 0) return new Landmarks([], []);
    const key = store
      ? `${graphKey ?? fingerprint(graph)}-${count}-${seed}-v${LANDMARK_FORMAT}`
      : "";
    const stored = store?.load(key);
    if (
      stored &&
      stored.nodes.length === stored.distances.length &&
      stored.nodes.length <= count &&
      stored.distances.every((d) => d.length === graph.size)
    ) {
      return new Landmarks(stored.nodes, stored.distances);
    }
    const nodes: number[] = [];
    const distances: Float32Array[] = [];
    let candidate = farthest(shortestDistances(graph, seed), []);
    while (nodes.length < count && candidate >= 0) {
      nodes.push(candidate);
      distances.push(shortestDistances(graph, candidate));
      candidate = farthest(distances.at(-1) as Float32Array, distances);
    }
    store?.save(key, { nodes, distances });
    return new Landmarks(nodes, distances);
  }

  /**
   * The bound towards one goal. The goal may be a node outside the static graph (a request's
   * destination), joined to it by edges, given in groups; `startEdges` likewise for the start,
   * used to pick the `active` landmarks that bound this particular search best.
   *
   * Why groups: a landmark's distance to the goal is taken through its nearest goal edge, which
   * bounds correctly only if no two goal edges' ends are further apart in the graph than through
   * the goal itself; else the goal is a shortcut the landmark distances do not know of (Keppel
   * Harbour joins both ends of the Singapore Strait, which the grid does not join). Within a
   * group that holds; the bound is the least of the groups' bounds.
   */
  towards(
    goalGroups: ReadonlyArray<ReadonlyArray<{ node: number; lengthNm: number }>>,
    startEdges: ReadonlyArray<{ node: number; lengthNm: number }>,
    active = 4,
  ): LandmarkBound {
    const viaEdges = (
      d: Float32Array,
      edges: ReadonlyArray<{ node: number; lengthNm: number }>,
    ) => {
      let best = Number.POSITIVE_INFINITY;
      for (const e of edges) {
        const v = (d[e.node] ?? Number.POSITIVE_INFINITY) + e.lengthNm;
        if (v < best) best = v;
      }
      return best;
    };
    const groups = goalGroups.filter((g) => g.length > 0);
    const allGoalEdges = groups.flat();
    const ranked = this.distances
      .map((d) => {
        const toGoal = viaEdges(d, allGoalEdges);
        const toStart = viaEdges(d, startEdges);
        const bound = Math.abs(toGoal - toStart);
        return { d, bound: Number.isFinite(bound) ? bound : -1 };
      })
      .filter((l) => l.bound >= 0 && groups.every((g) => Number.isFinite(viaEdges(l.d, g))))
      .sort((a, b) => b.bound - a.bound)
      .slice(0, active);
    return new LandmarkBound(
      ranked.map((l) => l.d),
      Float64Array.from(groups.flatMap((g) => ranked.map((l) => viaEdges(l.d, g)))),
    );
  }
}

export class LandmarkBound {
  private readonly at: Float64Array;

  constructor(
    private readonly distances: readonly Float32Array[],
    /** Per goal group, each landmark's distance to the goal (group-major). */
    private readonly goal: Float64Array,
  ) {
    this.at = new Float64Array(distances.length);
  }

  /** A lower bound, in nm, of the distance from node to the goal (0 when nothing is known). */
  lowerBoundNm(node: number): number {
    const k = this.distances.length;
    if (k === 0) return 0;
    const at = this.at;
    for (let i = 0; i < k; i++) at[i] = (this.distances[i] as Float32Array)[node] ?? Number.NaN;
    let least = Number.POSITIVE_INFINITY;
    for (let g = 0; g < this.goal.length; g += k) {
      let best = 0;
      for (let i = 0; i < k; i++) {
        const dv = at[i] as number;
        // NaN (no distance) and Infinity (unreachable from the landmark) bound nothing.
        if (!(dv < Number.POSITIVE_INFINITY)) continue;
        const b = Math.abs((this.goal[g + i] as number) - dv);
        if (b > best) best = b;
      }
      if (best < least) least = best;
    }
    return least > ROUNDING_SLACK_NM && least < Number.POSITIVE_INFINITY
      ? least - ROUNDING_SLACK_NM
      : 0;
  }
}

/**
 * A 64-bit hash (two 32-bit FNV-1a streams, hex) of every edge of the graph: its size, and for
 * each node each (next, length as float32) in visiting order. Two graphs with the same
 * fingerprint have the same edges, so landmark distances stored under it are valid for both.
 * One pass over the edges, about a tenth of one Dijkstra.
 */
export function fingerprint(graph: StaticGraph): string {
  const hash = hash64();
  const bits = new Float32Array(1);
  const word = new Uint32Array(bits.buffer);
  hash.mix(graph.size);
  let from = 0;
  const visit = (next: number, lengthNm: number) => {
    bits[0] = lengthNm;
    hash.mix(from);
    hash.mix(next);
    hash.mix(word[0] as number);
  };
  for (from = 0; from < graph.size; from++) graph.forEachEdge(from, visit);
  return hash.hex();
}

/** The same 64-bit hash of texts (their UTF-16 code units, each text closed by a separator). */
export function textFingerprint(...texts: readonly string[]): string {
  const hash = hash64();
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) hash.mix(text.charCodeAt(i));
    hash.mix(0x1_0000);
  }
  return hash.hex();
}

function hash64() {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  return {
    mix(v: number) {
      a = Math.imul(a ^ v, 0x01000193);
      b = Math.imul(b ^ v, 0x5bd1e995) ^ (b >>> 15);
    },
    hex: () =>
      `${(a >>> 0).toString(16).padStart(8, "0")}${(b >>> 0).toString(16).padStart(8, "0")}`,
  };
}

/**
 * Dijkstra from one node over the whole static graph, on a bucket queue: a node is expanded each
 * time it comes off the queue with its current distance, so the few edges shorter than a bucket
 * (passage attachments) may expand a node twice but never leave a distance too long.
 */
function shortestDistances(graph: StaticGraph, source: number): Float32Array {
  const dist = new Float64Array(graph.size).fill(Number.POSITIVE_INFINITY);
  const queue = new BucketQueue(QUEUE_BUCKET_NM);
  dist[source] = 0;
  queue.push(source, 0);
  let base = 0;
  // One visitor for the whole run: a closure per node would be a million allocations.
  const visit = (next: number, lengthNm: number) => {
    const candidate = base + lengthNm;
    if (candidate < (dist[next] as number)) {
      dist[next] = candidate;
      queue.push(next, candidate);
    }
  };
  while (queue.size > 0) {
    const node = queue.pop();
    // Pushed again since with a shorter distance: that entry expands it.
    if (queue.lastKey !== dist[node]) continue;
    base = queue.lastKey;
    graph.forEachEdge(node, visit);
  }
  return Float32Array.from(dist);
}

/** The reachable node maximising the smallest distance to the chosen landmarks (or to `from` alone). */
function farthest(from: Float32Array, chosen: readonly Float32Array[]): number {
  let best = -1;
  let bestScore = -1;
  for (let n = 0; n < from.length; n++) {
    const d0 = from[n] as number;
    if (d0 === Number.POSITIVE_INFINITY) continue;
    let score = d0;
    for (const d of chosen) score = Math.min(score, d[n] as number);
    if (score > bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return bestScore > 0 ? best : -1;
}
