import { describe, expect, it } from "vitest";
import { seededRandom } from "../random";
import {
  fingerprint,
  type LandmarkStore,
  Landmarks,
  type StaticGraph,
  textFingerprint,
} from "./landmarks";

/** A w x h 8-connected grid with random walls and diagonal steps of length sqrt(2). */
function wallGrid(w: number, h: number, wallShare: number, seed: number) {
  const rnd = seededRandom(seed);
  const wall = Array.from({ length: w * h }, () => rnd() < wallShare);
  const graph: StaticGraph = {
    size: w * h,
    forEachEdge(node, visit) {
      if (wall[node]) return;
      const x = node % w;
      const y = Math.floor(node / w);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          if ((dx === 0 && dy === 0) || x + dx < 0 || y + dy < 0 || x + dx >= w || y + dy >= h)
            continue;
          const next = (y + dy) * w + x + dx;
          if (!wall[next]) visit(next, dx !== 0 && dy !== 0 ? Math.SQRT2 : 1);
        }
      }
    },
  };
  return { graph, wall };
}

/** Exact distances from one node, by Bellman-Ford relaxation (slow, obviously right). */
function exactFrom(graph: StaticGraph, source: number): number[] {
  const d = Array<number>(graph.size).fill(Number.POSITIVE_INFINITY);
  d[source] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let n = 0; n < graph.size; n++) {
      const dn = d[n] as number;
      if (dn === Number.POSITIVE_INFINITY) continue;
      graph.forEachEdge(n, (next, len) => {
        if (dn + len < (d[next] as number) - 1e-12) {
          d[next] = dn + len;
          changed = true;
        }
      });
    }
  }
  return d;
}

describe("landmark bounds", () => {
  const { graph, wall } = wallGrid(30, 20, 0.25, 7);
  const open = [...Array(graph.size).keys()].filter((n) => !wall[n]);
  const landmarks = Landmarks.build(graph, 6, open[0] as number);

  it("never exceed the true distance to the goal, and are tight for some nodes", () => {
    let tight = 0;
    let pairs = 0;
    for (const goal of open.filter((_, i) => i % 23 === 0)) {
      const exact = exactFrom(graph, goal);
      const bound = landmarks.towards(
        [[{ node: goal, lengthNm: 0 }]],
        [{ node: open[5] as number, lengthNm: 0 }],
      );
      for (const v of open) {
        const truth = exact[v] as number;
        const b = bound.lowerBoundNm(v);
        if (truth === Number.POSITIVE_INFINITY) continue;
        pairs++;
        expect(b).toBeLessThanOrEqual(truth + 1e-9);
        if (truth > 0 && b >= truth - 0.02) tight++;
      }
    }
    expect(pairs).toBeGreaterThan(1000);
    // Far better than nothing: a good share of nodes get (almost) the exact distance.
    expect(tight / pairs).toBeGreaterThan(0.05);
  });

  it("stay below the truth for a goal joined to the graph by edges of its own", () => {
    const attach = [open[40] as number, open[41] as number];
    const bound = landmarks.towards(
      [attach.map((node) => ({ node, lengthNm: 2.5 }))],
      [{ node: open[0] as number, lengthNm: 0 }],
    );
    const exact = attach.map((a) => exactFrom(graph, a));
    for (const v of open) {
      const truth = Math.min(...exact.map((d) => (d[v] as number) + 2.5));
      if (truth < Number.POSITIVE_INFINITY)
        expect(bound.lowerBoundNm(v)).toBeLessThanOrEqual(truth + 1e-9);
    }
  });

  it("stay below the truth when the goal joins far-apart nodes, given as separate groups", () => {
    // A goal joined to two nodes far apart by short edges (a harbour in a strait, joined to
    // both its ends): through the goal they are 5 apart, in the graph far more.
    const far = [open[0] as number, open.at(-1) as number];
    const exact = far.map((a) => exactFrom(graph, a));
    const truth = (v: number) => Math.min(...exact.map((d) => (d[v] as number) + 2.5));
    const edges = far.map((node) => ({ node, lengthNm: 2.5 }));
    const start = [{ node: open[100] as number, lengthNm: 0 }];
    // As one group the bound is wrong somewhere: the goal is a shortcut it does not know of.
    const oneGroup = landmarks.towards([edges], start, 8);
    expect(open.some((v) => oneGroup.lowerBoundNm(v) > truth(v) + 1e-9)).toBe(true);
    const grouped = landmarks.towards(
      edges.map((e) => [e]),
      start,
      8,
    );
    for (const v of open) {
      if (truth(v) < Number.POSITIVE_INFINITY)
        expect(grouped.lowerBoundNm(v)).toBeLessThanOrEqual(truth(v) + 1e-9);
    }
  });

  it("are picked on the rim: the first landmark is as far from the seed as any node", () => {
    const fromSeed = exactFrom(graph, open[0] as number);
    const far = Math.max(...fromSeed.filter(Number.isFinite));
    expect(fromSeed[landmarks.nodes[0] as number]).toBeCloseTo(far, 5);
    expect(new Set(landmarks.nodes).size).toBe(landmarks.nodes.length);
  });
});

/** The graph, counting the nodes whose edges are asked for. */
function countingVisits(graph: StaticGraph) {
  let visits = 0;
  const counting: StaticGraph = {
    size: graph.size,
    forEachEdge(node, visit) {
      visits++;
      graph.forEachEdge(node, visit);
    },
  };
  return { graph: counting, visits: () => visits };
}

describe("landmark stores", () => {
  /** A store in memory that counts what it is asked. */
  function memoryStore() {
    const sets = new Map<string, { nodes: number[]; distances: Float32Array[] }>();
    const calls = { load: 0, save: 0 };
    const store: LandmarkStore = {
      load(key) {
        calls.load++;
        return sets.get(key);
      },
      save(key, set) {
        calls.save++;
        sets.set(key, { nodes: [...set.nodes], distances: [...set.distances] });
      },
    };
    return { store, sets, calls };
  }

  it("computes a set once and reads it back for the same graph, with the same bounds", () => {
    const { graph } = wallGrid(30, 20, 0.25, 7);
    const { store, calls } = memoryStore();
    const first = Landmarks.build(graph, 4, 0, store);
    const counting = countingVisits(graph);
    const second = Landmarks.build(counting.graph, 4, 0, store);
    expect(calls).toEqual({ load: 2, save: 1 });
    // Only the fingerprint's one pass over the nodes: no Dijkstra ran.
    expect(counting.visits()).toBe(graph.size);
    expect(second.nodes).toEqual(first.nodes);
    const goal = [[{ node: 35, lengthNm: 0 }]];
    const start = [{ node: 500, lengthNm: 0 }];
    const a = first.towards(goal, start);
    const b = second.towards(goal, start);
    for (let n = 0; n < graph.size; n++) expect(b.lowerBoundNm(n)).toBe(a.lowerBoundNm(n));
  });

  it("does not read a set stored for another graph, count or seed", () => {
    const { store, sets, calls } = memoryStore();
    Landmarks.build(wallGrid(30, 20, 0.25, 7).graph, 4, 0, store);
    Landmarks.build(wallGrid(30, 20, 0.25, 8).graph, 4, 0, store); // other walls
    Landmarks.build(wallGrid(30, 20, 0.25, 7).graph, 3, 0, store);
    Landmarks.build(wallGrid(30, 20, 0.25, 7).graph, 4, 1, store);
    expect(calls.save).toBe(4);
    expect(sets.size).toBe(4);
  });

  it("names the graph by the key its builder gives, without a pass over its edges", () => {
    const { graph } = wallGrid(30, 20, 0.25, 7);
    const { store, sets, calls } = memoryStore();
    const first = Landmarks.build(graph, 4, 0, store, "walls-7");
    const counting = countingVisits(graph);
    const second = Landmarks.build(counting.graph, 4, 0, store, "walls-7");
    expect(counting.visits()).toBe(0);
    expect(second.nodes).toEqual(first.nodes);
    // Another name is another graph, whatever its edges; the fingerprint names a third.
    Landmarks.build(graph, 4, 0, store, "walls-8");
    Landmarks.build(graph, 4, 0, store);
    expect(calls.save).toBe(3);
    expect([...sets.keys()].filter((k) => k.startsWith("walls-"))).toHaveLength(2);
  });

  it("tells texts apart by any character and by where one ends", () => {
    expect(textFingerprint("ab", "c")).not.toBe(textFingerprint("a", "bc"));
    expect(textFingerprint('{"clearanceNm":3}')).not.toBe(textFingerprint('{"clearanceNm":2}'));
    expect(textFingerprint("ab", "c")).toBe(textFingerprint("ab", "c"));
    expect(textFingerprint("x")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("tells graphs apart by any edge's length", () => {
    const { graph } = wallGrid(10, 10, 0, 1);
    const longer: StaticGraph = {
      size: graph.size,
      forEachEdge: (node, visit) =>
        graph.forEachEdge(node, (next, len) =>
          visit(next, node === 55 && next === 56 ? len + 1e-3 : len),
        ),
    };
    expect(fingerprint(longer)).not.toBe(fingerprint(graph));
    expect(fingerprint(wallGrid(10, 10, 0, 1).graph)).toBe(fingerprint(graph));
  });

  it("computes again when a stored set does not fit the graph", () => {
    const { graph } = wallGrid(30, 20, 0.25, 7);
    const { store, sets, calls } = memoryStore();
    Landmarks.build(graph, 4, 0, store);
    for (const set of sets.values()) set.distances[0] = new Float32Array(3);
    Landmarks.build(graph, 4, 0, store);
    expect(calls.save).toBe(2);
  });
});
