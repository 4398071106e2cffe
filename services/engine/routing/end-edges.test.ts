import { describe, expect, it } from "vitest";
import { EndEdges } from "./end-edges";

/**
 * A request's edges between its ends and the graph: one per node, the shortest offered, drawn
 * along the points of the way it came from, in sailing order.
 */
const START = 1000;
const GOAL = 1001;
const p = (lat: number) => ({ lat, lon: 0 });

describe("EndEdges", () => {
  it("keeps the shortest way offered per node, with its points, whichever comes first", () => {
    const edges = new EndEdges();
    edges.fromOrigin({ node: 7, lengthNm: 12, points: [p(1), p(2)] });
    edges.fromOrigin({ node: 7, lengthNm: 9, points: [p(3)] }, true);
    edges.fromOrigin({ node: 7, lengthNm: 10, points: [p(4)] });
    edges.fromOrigin({ node: 8, lengthNm: 5, points: [] });
    const built = edges.build(START, GOAL);
    expect(built.startEdges).toEqual([
      { to: 7, lengthNm: 9 },
      { to: 8, lengthNm: 5 },
    ]);
    expect(built.via.get(`${START}>7`)).toEqual([p(3)]);
    // A straight edge has no points to splice.
    expect(built.via.has(`${START}>8`)).toBe(false);
    expect(edges.joinedAtOrigin(7)).toBe(true);
    expect(edges.joinedAtOrigin(8)).toBe(false);
  });

  it("draws a way into the destination in sailing order and keeps its goal group", () => {
    const edges = new EndEdges();
    // The destination's ways run from the destination outwards; the route sails them inwards.
    edges.intoDestination({ node: 3, lengthNm: 4, points: [p(10), p(11), p(12)] }, 0);
    const group = edges.newGroup();
    edges.intoDestination(
      { node: 4, lengthNm: 6, points: [p(20)], river: { passage: 2, points: 3 } },
      group,
      true,
    );
    const built = edges.build(START, GOAL);
    expect(built.via.get(`3>${GOAL}`)).toEqual([p(12), p(11), p(10)]);
    expect(built.perRequest.get(3)).toEqual([{ to: GOAL, lengthNm: 4 }]);
    expect(built.goalGroups).toEqual([[{ node: 3, lengthNm: 4 }], [{ node: 4, lengthNm: 6 }]]);
    expect(built.riverVia.get(`4>${GOAL}`)).toEqual({ passage: 2, points: 3, atStart: false });
    expect(edges.joinedAtDestination(4)).toBe(true);
  });

  it("adds the direct edge between the ends after the origin's others", () => {
    const edges = new EndEdges();
    edges.fromOrigin({ node: 7, lengthNm: 3, points: [] });
    edges.between(2.5, [p(5)], { passage: 1, points: 3, atStart: true });
    const built = edges.build(START, GOAL);
    expect(built.perRequest.get(START)).toEqual([
      { to: 7, lengthNm: 3 },
      { to: GOAL, lengthNm: 2.5 },
    ]);
    expect(built.via.get(`${START}>${GOAL}`)).toEqual([p(5)]);
    expect(built.riverVia.get(`${START}>${GOAL}`)).toEqual({
      passage: 1,
      points: 3,
      atStart: true,
    });
  });
});
