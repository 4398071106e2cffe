import { describe, expect, it } from "vitest";
import { AStar, type SearchGraph } from "./astar";

/** A w x h 4-connected grid with walls, unit costs, Manhattan heuristic. */
function gridGraph(
  w: number,
  h: number,
  walls: Set<number>,
  costAt: (n: number) => number = () => 1,
): SearchGraph {
  return {
    size: w * h,
    heuristic: () => 0,
    expand(node, atMs, relax) {
      const x = node % w;
      const y = Math.floor(node / w);
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const next = ny * w + nx;
        if (walls.has(next)) continue;
        const c = costAt(next);
        relax(next, c, atMs + c * 1000);
      }
    },
  };
}

describe("A*", () => {
  it("finds the shortest path around a wall, with arrival times", () => {
    // 5x5, wall down column 2 except the bottom row.
    const walls = new Set([2, 7, 12, 17]);
    const g = gridGraph(5, 5, walls);
    const r = new AStar(g.size).search(g, 0, 4, 0);
    expect(r?.cost).toBe(12);
    expect(r?.path[0]).toBe(0);
    expect(r?.path.at(-1)).toBe(4);
    expect(r?.path).toContain(22);
    expect(r?.times.at(-1)).toBe(12_000);
  });

  it("prefers the cheaper detour over the shorter expensive way", () => {
    const expensive = new Set([1, 2, 3]);
    const g = gridGraph(5, 3, new Set(), (n) => (expensive.has(n) ? 10 : 1));
    const r = new AStar(g.size).search(g, 0, 4, 0);
    expect(r?.cost).toBe(6); // down, four across the middle row, up
  });

  it("answers null when the goal cannot be reached, and can search again", () => {
    const walls = new Set([2, 7, 12, 17, 22]);
    const g = gridGraph(5, 5, walls);
    const astar = new AStar(g.size);
    expect(astar.search(g, 0, 4, 0)).toBeNull();
    expect(astar.search(gridGraph(5, 5, new Set()), 0, 4, 0)?.cost).toBe(4);
  });
});
