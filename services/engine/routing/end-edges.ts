import type { LatLon } from "../geo/types";
import type { Attachment } from "./nav-graph";
import type { SeaGrid } from "./sea-grid";
import type { EndWay, RiverStretch } from "./types";

/**
 * A request's edges out of its origin and into its destination, gathered from the ways its ends
 * join the graph (route-ends.ts): the shortest per node, with the points it runs through. Two
 * ways to one node would otherwise share one entry of `via`, and the route would be drawn along
 * the other.
 */

/** An edge between a route's end and a node, `points` in sailing order (ends left out). */
interface EndEdge {
  lengthNm: number;
  points: LatLon[];
  river?: RiverStretch;
  /**
   * The edge sails part of a strait or canal from the end (straitJoins, canalJoins), so a path
   * that takes it used the passage; an edge to a passage's end by other water (a harbour's way
   * out passing the Kiel Canal's Elbe end) did not.
   */
  joined?: boolean;
}

/** The edges as the search and the drawing of the route use them (EndEdges.build). */
export interface BuiltEndEdges {
  /** The request's edges per node: the origin's out, and each goal edge's node's into the destination. */
  perRequest: Map<number, Attachment[]>;
  /** The origin's edges (perRequest's entry for the origin). */
  startEdges: Attachment[];
  /** The goal edges' nodes by group, for the landmark bound (Landmarks.towards). */
  goalGroups: Array<Array<{ node: number; lengthNm: number }>>;
  /** Points to splice between two path nodes (`a>b`): harbour ways out, joins, rivers. */
  via: Map<string, LatLon[]>;
  /** Of those, the edges that sail a river fairway or canal stretch, and which. */
  riverVia: Map<string, RiverStretch & { atStart: boolean }>;
}

export class EndEdges {
  private readonly fromStart = new Map<number, EndEdge>();
  private readonly intoGoal = new Map<number, EndEdge & { group: number }>();
  private groups = 1;
  private direct: (EndEdge & { river?: RiverStretch & { atStart: boolean } }) | undefined;

  /**
   * A goal group of its own (Landmarks.towards): a passage's end may be far from the other goal
   * edges' nodes in the graph. Group 0 is the destination's own ways out.
   */
  newGroup(): number {
    return this.groups++;
  }

  /** An edge from the origin along `way` (its points run from the origin towards the node). */
  fromOrigin(way: EndWay, joined?: boolean): void {
    this.offerStart(way.node, {
      lengthNm: way.lengthNm,
      points: way.points,
      river: way.river,
      joined,
    });
  }

  /** An edge into the destination along `way` (its points run from the destination towards the node). */
  intoDestination(way: EndWay, group: number, joined?: boolean): void {
    const points = [...way.points].reverse();
    this.offerGoal(way.node, { lengthNm: way.lengthNm, points, group, river: way.river, joined });
  }

  /**
   * The search steps onto open water off the lattice only from a coast: an end whose ways all
   * end on such nodes could be left but never reached (Hamilton, Bermuda, leaves its harbour
   * onto one; the 1:50m coast does not draw the island). Their lattice neighbours lead in too,
   * by the grid's step, where `clear` says the step is.
   */
  enterFromLattice(grid: SeaGrid, clear: (from: LatLon, to: LatLon) => boolean): void {
    for (const [node, e] of [...this.intoGoal]) {
      if (node >= grid.size) continue;
      const at = grid.pointOf(node);
      grid.forEachLatticeEntry(node, (nb, stepNm) => {
        if (!clear(grid.pointOf(nb), at)) return;
        this.offerGoal(nb, { ...e, lengthNm: stepNm + e.lengthNm, points: [at, ...e.points] });
      });
    }
  }

  /** The edge straight from the origin to the destination (in sight, or by `points` between them). */
  between(
    lengthNm: number,
    points: LatLon[] = [],
    river?: RiverStretch & { atStart: boolean },
  ): void {
    this.direct = { lengthNm, points, river };
  }

  /** Whether the path's first edge, to `node`, joined a passage partway (EndEdge.joined). */
  joinedAtOrigin(node: number): boolean {
    return this.fromStart.get(node)?.joined === true;
  }

  /** Whether the path's last edge, from `node`, joined a passage partway. */
  joinedAtDestination(node: number): boolean {
    return this.intoGoal.get(node)?.joined === true;
  }

  build(start: number, goal: number): BuiltEndEdges {
    const perRequest = new Map<number, Attachment[]>();
    const via = new Map<string, LatLon[]>();
    const riverVia = new Map<string, RiverStretch & { atStart: boolean }>();
    const startEdges: Attachment[] = [];
    for (const [node, e] of this.fromStart) {
      startEdges.push({ to: node, lengthNm: e.lengthNm });
      if (e.points.length > 0) via.set(`${start}>${node}`, e.points);
      if (e.river !== undefined) riverVia.set(`${start}>${node}`, { ...e.river, atStart: true });
    }
    const goalGroups: BuiltEndEdges["goalGroups"] = Array.from({ length: this.groups }, () => []);
    for (const [node, e] of this.intoGoal) {
      perRequest.set(node, [{ to: goal, lengthNm: e.lengthNm }]);
      goalGroups[e.group]?.push({ node, lengthNm: e.lengthNm });
      if (e.points.length > 0) via.set(`${node}>${goal}`, e.points);
      if (e.river !== undefined) riverVia.set(`${node}>${goal}`, { ...e.river, atStart: false });
    }
    if (this.direct) {
      startEdges.push({ to: goal, lengthNm: this.direct.lengthNm });
      if (this.direct.points.length > 0) via.set(`${start}>${goal}`, this.direct.points);
      if (this.direct.river) riverVia.set(`${start}>${goal}`, this.direct.river);
    }
    perRequest.set(start, startEdges);
    return { perRequest, startEdges, goalGroups, via, riverVia };
  }

  private offerStart(node: number, edge: EndEdge): void {
    const known = this.fromStart.get(node);
    if (!known || edge.lengthNm < known.lengthNm) this.fromStart.set(node, edge);
  }

  private offerGoal(node: number, edge: EndEdge & { group: number }): void {
    const known = this.intoGoal.get(node);
    if (!known || edge.lengthNm < known.lengthNm) this.intoGoal.set(node, edge);
  }
}
