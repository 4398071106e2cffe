import { NoSeaRouteError } from "../errors";
import { distanceNm, pathLengthNm } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import { waterPointsNear } from "../geo/water-near";
import { round } from "../round";
import { type Approach, threadWater } from "./approach";
import type { EndMemo } from "./end-memo";
import { CANAL_JOIN_NM, MAX_SNAP_NM, onPassageLine, RIVER_ON_LINE_NM } from "./end-snap";
import { type Gate, GatedLandMask } from "./gates";
import { ATTACH_RADIUS_NM, type NavigationGraph } from "./nav-graph";
import { closeRiversGoingDown, type PassageAllowance } from "./passage-allowance";
import { nearestOnPolyline, type PassageLine, stationOnLine } from "./passage-line";
import type { Passage } from "./passages";
import {
  isRoutedLatitude,
  POLAR_LIMIT_DEG,
  POLAR_WINDOWS,
  unroutedPolarEnds,
} from "./polar-waters";
import { EndRefusals } from "./refusals";
import { greatCircleNm, LEG_STEP_NM } from "./sea-grid";
import type {
  AttachedEnd,
  EndWay,
  RequestScope,
  RiverStretch,
  RouteRequest,
  SnappedEnd,
} from "./types";

/**
 * How one request's ends join the navigation graph: straight legs to the grid nodes in sight,
 * ways out of harbours on the fine coastline, joins partway along straits, canals and river
 * fairways, ends moved off water that leads nowhere; and, for an end with no way out, a
 * refusal that says why (a passage shut to the vessel, avoided, or water that leads nowhere).
 */

/** Ends at most this far apart, out of sight of each other, are also joined through the water. */
const NEAR_ENDS_NM = 30;
/**
 * How far from a strait's path an end may join it partway (see straitJoins): further than the
 * grid is closed round it, so an end in a wide strait whose nodes were all closed still joins
 * (a point in the Strait of Magellan 11 nm off its fairway went round Cape Horn, 1,223 nm from
 * the Argentine coast against 849 by the First Narrows), and as far as a route's ends join the
 * grid: Bandar Abbas is 33 nm from the Strait of Hormuz's fairway (see joinWay).
 */
const STRAIT_JOIN_NM = ATTACH_RADIUS_NM;
/**
 * Points of a way out of a harbour tried for a line of sight to a passage's end: one every
 * PASSAGE_END_STOP_NM along the way (its points are a fine grid's, 0.3 nm apart), at most
 * PASSAGE_END_TRIES of them (80 nm of way), shortest way first. Baltimore's way out down the
 * Patapsco sees the Chesapeake and Delaware Canal's end, 34 nm up the bay, from a stretch about
 * a mile long, which stops every 2 nm stepped over: its ships went round Cape Charles.
 */
const PASSAGE_END_STOP_NM = 0.5;
const PASSAGE_END_TRIES = 160;
/** The longest way through the water (not in sight) by which an end joins a strait partway. */
const STRAIT_JOIN_WAY_NM = 60;
/**
 * Bodies of water near an end that leads nowhere tried for one that leads to the sea
 * (attachOrMoveEnd); each failed try costs the fine-grid searches of a way out.
 */
const MOVE_END_TRIES = 8;

/**
 * The allowance for an origin on a river fairway (closeRiversGoingDown): the voyage sails a
 * fairway down from its origin on it unless its destination is higher on the same fairway.
 */
export function allowedDownFrom(
  graph: NavigationGraph,
  origin: SnappedEnd,
  destination: SnappedEnd,
  request: RouteRequest,
  allowed: PassageAllowance,
): PassageAllowance {
  if (!origin.onRiver) return allowed;
  return closeRiversGoingDown(allowed, graph.passages, request.vessel.draft_m, (i) => {
    if (!onPassageLine(graph, origin.point, i)) return false;
    const path = graph.passagePaths[i] as LatLon[];
    const upTo =
      destination.onRiver &&
      onPassageLine(graph, destination.point, i) &&
      stationOnLine(destination.point, path) > stationOnLine(origin.point, path);
    return !upTo;
  });
}

export class RouteEnds {
  private readonly refuse: EndRefusals;

  constructor(
    private readonly graph: NavigationGraph,
    private readonly memo: EndMemo,
    private readonly scope: RequestScope,
  ) {
    this.refuse = new EndRefusals(graph, memo, scope);
  }

  /**
   * Whether a route's end at a grid node reaches the open sea for this request: its water
   * escapes, or holds a canal's end whose other end opens onto water that escapes, and the
   * request may use that canal (canalsOut). Closed water shuts the upper Rio de la Plata off from
   * the sea but for the dredged channels across the middle estuary (passage rio-de-la-plata), and
   * the upper estuary alone is too small to escape: without this, Buenos Aires had no way out.
   */
  private opensOut(node: number): boolean {
    return this.graph.escapes(node) || this.graph.canalsOut(node).some((i) => this.scope.ok[i]);
  }

  /**
   * How a route's end joins the grid: straight legs to the nodes in sight, or, for a port up a
   * river or inside a basin, the approach found on the fine coastline (its points ride along).
   */
  private attachEnd(p: LatLon): EndWay[] | null {
    const direct = this.graph
      .nearbyNodes(p, this.scope.legMask)
      .filter((node) => this.opensOut(node));
    if (direct.length > 0)
      return direct.map((node) => ({ node, lengthNm: this.graph.distanceTo(p, node), points: [] }));
    // Beyond the routed latitudes a way out would run through the unrouted water itself (and the
    // fine search over 2.5 degrees there took 10 s for Resolute): the nodes in sight or none.
    if (!isRoutedLatitude(p, POLAR_LIMIT_DEG, POLAR_WINDOWS)) return null;
    const approach = this.approachFrom(p);
    if (!approach || !this.opensOut(approach.node)) return null;
    const points = approach.points.slice(1);
    const lengthNm = pathLengthNm([...approach.points, this.graph.grid.pointOf(approach.node)]);
    return [{ node: approach.node, lengthNm, points }];
  }

  /**
   * A route's end joined to the search (attachEnd); or, when its water leads nowhere for any ship,
   * moved to the nearest body of water within MAX_SNAP_NM of the requested point that does, the
   * move reported as the end's snap. The coastline draws some harbours and rivers cut off from the
   * sea (a dock basin at Freeport, Grand Bahama; the Riviere des Prairies behind Montreal) and
   * atoll lagoons without their passes, and a port there is as much the user's port as one the
   * coastline draws as land. An end that leads to the sea only through passages this request may
   * not use (a bridge too low, an avoided strait) is refused as before (EndRefusals.end): moving
   * it past them would hide why.
   */
  attachOrMoveEnd(
    requested: LatLon,
    snapped: SnappedEnd,
    which: "origin" | "destination",
    request: RouteRequest,
    allowed: PassageAllowance,
  ): AttachedEnd {
    // An end on a canal sails it to either end (canalJoins), if this request may.
    if (snapped.onCanal !== undefined) {
      const { lat, lon } = snapped.point;
      if (!allowed.ok[snapped.onCanal]) {
        const id = (this.graph.passages[snapped.onCanal] as Passage).id;
        this.refuse.shutPassages(
          `${which} ${lat},${lon} is on the ${id} canal`,
          { which, lat, lon },
          request,
          allowed,
          [id],
        );
      }
      return { end: snapped, ways: [] };
    }
    // An end on a river fairway sails the river to its water (riverJoins).
    if (snapped.onRiver) {
      this.refuse.shutRiver(snapped.point, which, request, allowed);
      // Its fairway's first point must lead out for this ship too: Nanjing's, below Zhenjiang,
      // is above the Jiangyin Bridge, and a ship too tall for it is refused as an end there is.
      const downs = this.riverDowns(snapped.point, allowed.ok, request.vessel.air_draft_m);
      if (downs.length > 0 && downs.every((d) => !this.attachEnd(d.sea))) {
        const { passage, sea } = downs[0] as (typeof downs)[number];
        this.refuse.end(sea, which, request, allowed, {
          end: snapped.point,
          fairway: (this.graph.passages[passage] as Passage).id,
        });
      }
      return { end: snapped, ways: [] };
    }
    const ways = this.attachEnd(snapped.point);
    if (ways) return { end: snapped, ways };
    // In polar waters the grid does not route no water nearby leads out either, and the search
    // for one (up to eight waters, each by the fine approach search) took 75 s for Resolute.
    if (!isRoutedLatitude(snapped.point, POLAR_LIMIT_DEG, POLAR_WINDOWS)) {
      const polar = unroutedPolarEnds([[which, snapped.point]]);
      throw new NoSeaRouteError(
        `${which} ${snapped.point.lat},${snapped.point.lon} has no way out to open water${polar.note}`,
        { which, lat: snapped.point.lat, lon: snapped.point.lon, ...polar.details },
      );
    }
    if (!this.leadsToSea(snapped.point)) {
      const nowhere = [snapped.point];
      for (const water of waterPointsNear(requested, this.graph.verifyMask, MAX_SNAP_NM)) {
        if (water.distance_nm > MAX_SNAP_NM) continue;
        // In sight of water that leads nowhere: the same water.
        if (nowhere.some((q) => !this.graph.verifyMask.pathHitsLand(q, water.point, LEG_STEP_NM))) {
          continue;
        }
        if (!this.leadsToSea(water.point)) {
          if (nowhere.push(water.point) > MOVE_END_TRIES) break;
          continue;
        }
        const moved = this.attachEnd(water.point);
        if (!moved) this.refuse.end(water.point, which, request, allowed);
        const snap = { requested, snapped: water.point, distance_nm: round(water.distance_nm, 2) };
        return { end: { point: water.point, snap }, ways: moved };
      }
    }
    this.refuse.end(snapped.point, which, request, allowed);
  }

  /**
   * Whether the water at p leads to the open sea for some ship: with every passage open, the
   * channel-only straits by their channels.
   */
  private leadsToSea(p: LatLon): boolean {
    const walls = this.graph.walledGates(this.graph.passages.map(() => true));
    const mask =
      walls.length > 0
        ? new GatedLandMask(
            this.graph.verifyMask,
            walls.map((i) => this.graph.gates[i] as Gate),
          )
        : this.graph.verifyMask;
    const nodes = this.graph.nearbyNodes(p, mask);
    if (nodes.some((node) => this.graph.opensForSomeRequest(node))) return true;
    return this.approachFrom(p, walls, mask) !== null;
  }

  /**
   * Ways from a point beside a strait's fairway to the strait's two ends, a pair per strait: to
   * the waypoint of the strait's path nearest the point in sight of it (within STRAIT_JOIN_NM),
   * or, with none in sight, by a way through the water to the nearest waypoint (joinWay); then
   * along the path to each end. `points` run from the point towards the end, leaving out the
   * end itself (the end's node stands for it). Straits only: a canal is transited whole, at its
   * own speed.
   */
  straitJoins(p: LatLon, allowed: readonly boolean[]): EndWay[][] {
    const joins: EndWay[][] = [];
    this.graph.passages.forEach((passage, i) => {
      if (passage.kind === "canal" || !allowed[i]) return;
      const path = this.graph.passagePaths[i] as LatLon[];
      if (passage.kind === "river") {
        const ways = riverJoins(p, path, this.graph.base + 2 + 2 * i, i);
        if (ways) joins.push(ways);
        return;
      }
      const join = this.joinWay(p, i, path);
      if (!join) return;
      const { at, way } = join;
      const inner = way.slice(1, -1);
      const wayNm = pathLengthNm(way);
      joins.push([
        {
          node: this.graph.base + 2 + 2 * i,
          lengthNm: wayNm + pathLengthNm(path.slice(0, at + 1)),
          points: [...inner, ...path.slice(1, at + 1).reverse()],
        },
        {
          node: this.graph.base + 3 + 2 * i,
          lengthNm: wayNm + pathLengthNm(path.slice(at)),
          points: [...inner, ...path.slice(at, path.length - 1)],
        },
      ]);
    });
    return joins;
  }

  /**
   * Ways from a point beside a canal's line (within CANAL_JOIN_NM, in sight of it: in the water
   * its approach channel runs through) along the canal to its ends, sailed as the canal, its
   * published length counted. The canal's ends lie out at its approaches' sea buoys and
   * anchorages (Port Said's 8 nm out), and without these ways a port on its approach channel
   * sailed out to the end and back through the canal (Port Said to Suez: 117 nm for 88). The way
   * to an end in sight of p is left out: that is open water, and the end's own ways serve it.
   * `points` run from p towards the end, leaving out both; the whole way is the canal's.
   */
  canalJoins(p: LatLon, allowed: readonly boolean[]): EndWay[] {
    const ways: EndWay[] = [];
    this.graph.passages.forEach((passage, i) => {
      if (passage.kind !== "canal" || !allowed[i]) return;
      const on = this.canalLineAt(p, i);
      if (!on) return;
      const path = this.graph.passagePaths[i] as LatLon[];
      const line = this.graph.passageLines[i] as PassageLine;
      const ends = [path[0] as LatLon, path.at(-1) as LatLon];
      const towards: Array<{ node: number; points: LatLon[] }> = [
        { node: this.graph.base + 2 + 2 * i, points: path.slice(1, on.k + 1).reverse() },
        { node: this.graph.base + 3 + 2 * i, points: path.slice(on.k + 1, path.length - 1) },
      ];
      towards.forEach(({ node, points }, end) => {
        const far = ends[end] as LatLon;
        if (!this.scope.legMask.pathHitsLand(p, far, LEG_STEP_NM)) return;
        const first = points[0];
        const way =
          first && distanceNm(on.point, first) < RIVER_ON_LINE_NM ? points : [on.point, ...points];
        ways.push({
          node,
          lengthNm: line.stretchNm([p, ...way, far]),
          points: way,
          river: { passage: i, points: way.length + 2 },
        });
      });
    });
    return ways;
  }

  /**
   * Where p meets canal i's line, when it lies within CANAL_JOIN_NM of it and in sight of it (in
   * the water the canal's approach channel runs through); undefined otherwise.
   */
  private canalLineAt(p: LatLon, i: number): ReturnType<typeof nearestOnPolyline> | undefined {
    const path = this.graph.passagePaths[i] as LatLon[];
    // Canals lie far apart: the sphere rules out the far ones before the line is searched (the
    // line's counted length is at least its drawn length).
    const reach = (this.graph.passageLines[i] as PassageLine).lengthNm + CANAL_JOIN_NM;
    const ends = [path[0], path.at(-1)] as LatLon[];
    if (ends.every((e) => greatCircleNm(p.lat, p.lon, e.lat, e.lon) > reach)) return undefined;
    const on = nearestOnPolyline(p, path);
    if (on.distance_nm > CANAL_JOIN_NM) return undefined;
    // An end snapped onto the line (a port on the canal) lies on the land the canal is cut through.
    if (on.distance_nm < RIVER_ON_LINE_NM) return on;
    return this.scope.legMask.pathHitsLand(p, on.point, LEG_STEP_NM) ? undefined : on;
  }

  /**
   * The way between two ends that both join one canal (canalJoins), along it: Port Said to Suez
   * sailed the canal to its southern end and back up to Port Tewfik. The whole way is the canal's
   * (`river`, as riverVia keeps it); `points` lie between the ends.
   */
  canalBetween(
    a: LatLon,
    b: LatLon,
    allowed: readonly boolean[],
  ):
    | { lengthNm: number; points: LatLon[]; river: RiverStretch & { atStart: boolean } }
    | undefined {
    let best: ReturnType<RouteEnds["canalBetween"]>;
    this.graph.passages.forEach((passage, i) => {
      if (passage.kind !== "canal" || !allowed[i]) return;
      const onA = this.canalLineAt(a, i);
      const onB = onA && this.canalLineAt(b, i);
      if (!onA || !onB) return;
      const path = this.graph.passagePaths[i] as LatLon[];
      const between =
        stationOnLine(onA.point, path) <= stationOnLine(onB.point, path)
          ? path.slice(onA.k + 1, onB.k + 1)
          : path.slice(onB.k + 1, onA.k + 1).reverse();
      const points = [onA.point, ...between, onB.point];
      const lengthNm = (this.graph.passageLines[i] as PassageLine).stretchNm([a, ...points, b]);
      if (best && best.lengthNm <= lengthNm) return;
      best = {
        lengthNm,
        points,
        river: { passage: i, points: points.length + 2, atStart: true },
      };
    });
    return best;
  }

  /**
   * Where and how p joins strait i's path partway: the nearest inner waypoint within
   * STRAIT_JOIN_NM in sight (the way is the straight leg), or, with none in sight, a way through
   * the water to the nearest one (threadWater on this request's leg mask), kept per point. Bandar
   * Abbas lies 33 nm from the Strait of Hormuz's fairway behind Qeshm, Hormuz and Larak; the grid
   * is closed round the fairway, and the nodes off the port lead only to the strait's eastern
   * end, so Bandar Abbas to Dammam sailed out into the Gulf of Oman and back through the whole
   * strait (493 nm).
   */
  private joinWay(p: LatLon, i: number, path: LatLon[]): { at: number; way: LatLon[] } | null {
    const near: Array<{ k: number; nm: number }> = [];
    for (let k = 1; k + 1 < path.length; k++) {
      const w = path[k] as LatLon;
      // Every request asks this of every strait's waypoints: the sphere's distance (within
      // 0.5% of the geodesic) rules out the far ones before the exact one is computed.
      if (greatCircleNm(p.lat, p.lon, w.lat, w.lon) > STRAIT_JOIN_NM * 1.01) continue;
      const nm = distanceNm(p, w);
      if (nm <= STRAIT_JOIN_NM) near.push({ k, nm });
    }
    if (near.length === 0) return null;
    near.sort((a, b) => a.nm - b.nm);
    for (const { k } of near) {
      const w = path[k] as LatLon;
      // Tested as every kept leg is: the smoothing trusts a leg between neighbouring points.
      if (!this.scope.legMask.pathHitsLand(p, w, LEG_STEP_NM)) return { at: k, way: [p, w] };
    }
    const at = (near[0] as { k: number }).k;
    const key = `${p.lat},${p.lon}|${i}|${this.scope.closedGates.join(",")}`;
    let way = this.memo.threadedJoins.get(key);
    if (way === undefined) {
      const found = threadWater(p, path[at] as LatLon, this.scope.legMask, { guided: true });
      way = found && pathLengthNm(found) <= STRAIT_JOIN_WAY_NM ? found : false;
      this.memo.threadedJoins.set(key, way);
    }
    return way ? { at, way } : null;
  }

  /**
   * The ends of the allowed passages an end point reaches directly: in sight within the attach
   * radius of the point itself, or of a point of its way out of a harbour (`ways`, from
   * attachEnd), along that way. `points` run from p towards the passage's end, leaving out p and
   * the end (the end's node stands for it).
   */
  passageEndsAlong(
    p: LatLon,
    ways: ReadonlyArray<{ points: LatLon[] }>,
    allowed: readonly boolean[],
  ): EndWay[] {
    const paths = [[p], ...ways.filter((w) => w.points.length > 0).map((w) => [p, ...w.points])];
    // Distance sailed to each point of each way (the sphere's: these are search edges).
    const alongs = paths.map((path) => {
      const along = new Float64Array(path.length);
      for (let i = 1; i < path.length; i++) {
        const [a, b] = [path[i - 1] as LatLon, path[i] as LatLon];
        along[i] = (along[i - 1] as number) + greatCircleNm(a.lat, a.lon, b.lat, b.lon);
      }
      return along;
    });
    const reach = Math.max(...alongs.map((a) => a[a.length - 1] as number)) + ATTACH_RADIUS_NM;
    const out: EndWay[] = [];
    const ends = this.graph.passageEnds;
    for (let k = 0; k < ends.length; k++) {
      if (!allowed[Math.floor(k / 2)]) continue;
      const end = ends[k] as LatLon;
      if (greatCircleNm(p.lat, p.lon, end.lat, end.lon) > reach) continue;
      let best: { lengthNm: number; points: LatLon[] } | undefined;
      for (const [w, path] of paths.entries()) {
        // The stops along the way within the radius, nearest first by the whole length.
        const along = alongs[w] as Float64Array;
        const stops: Array<{ i: number; lengthNm: number }> = [];
        let lastStop = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < path.length; i++) {
          if ((along[i] as number) - lastStop < PASSAGE_END_STOP_NM && i + 1 < path.length)
            continue;
          const q = path[i] as LatLon;
          const d = greatCircleNm(q.lat, q.lon, end.lat, end.lon);
          if (d > ATTACH_RADIUS_NM) continue;
          stops.push({ i, lengthNm: (along[i] as number) + d });
          lastStop = along[i] as number;
        }
        stops.sort((a, b) => a.lengthNm - b.lengthNm);
        for (const stop of stops.slice(0, PASSAGE_END_TRIES)) {
          if (best && best.lengthNm <= stop.lengthNm) break;
          const q = path[stop.i] as LatLon;
          if (this.scope.legMask.pathHitsLand(q, end, LEG_STEP_NM)) continue;
          best = { lengthNm: stop.lengthNm, points: path.slice(1, stop.i + 1) };
          break;
        }
      }
      if (best) out.push({ node: this.graph.base + 2 + k, ...best });
    }
    return out;
  }

  /** The way out of a harbour to the grid (wayOut), remembered per end point. */
  private approachFrom(
    p: LatLon,
    closedGates: readonly number[] = this.scope.closedGates,
    mask: LandMask = this.scope.legMask,
  ): Approach | null {
    // A way out through a strait the request avoids is no way out for it.
    const key = `${p.lat},${p.lon}|${closedGates.join(",")}`;
    const known = this.memo.approaches.get(key);
    if (known !== undefined) return known || null;
    const approach = this.graph.wayOut(p, mask);
    this.memo.approaches.set(key, approach ?? false);
    return approach;
  }

  /**
   * Ways from an end on a river fairway down the river to its first point, the water the
   * coastline draws, and on out to the grid from there as a port's end is led out (attachEnd, on
   * this request's mask). The river's end node is linked to the grid when the build can (the
   * Mississippi's, off the Southwest Pass); the Columbia's first point is about 35 nm up the
   * drawn river, above the Astoria-Megler Bridge, whose gate a static link may not cross.
   */
  riverSeaWays(p: LatLon, allowed: readonly boolean[], airDraftM: number | undefined): EndWay[] {
    return this.riverDowns(p, allowed, airDraftM).flatMap(({ passage, down, sea }) =>
      (this.attachEnd(sea) ?? []).map((w) => ({
        node: w.node,
        lengthNm: down.lengthNm + w.lengthNm,
        points: [...down.points, sea, ...w.points],
        river: { passage, points: down.points.length + 2 },
      })),
    );
  }

  /**
   * For an end on a river fairway this request may sail to it: the way down the fairway to its
   * first point (`sea`, in the water the coastline draws), per fairway.
   */
  private riverDowns(
    p: LatLon,
    allowed: readonly boolean[],
    airDraftM: number | undefined,
  ): Array<{ passage: number; down: EndWay; sea: LatLon }> {
    return this.graph.passages.flatMap((passage, i) => {
      if (passage.kind !== "river" || !allowed[i]) return [];
      if (this.graph.bridgesBarring(i, p, airDraftM).length > 0) return [];
      const path = this.graph.passagePaths[i] as LatLon[];
      const down = riverJoins(p, path, 0, i)?.[0];
      return down ? [{ passage: i, down, sea: path[0] as LatLon }] : [];
    });
  }

  /**
   * Ends out of sight of each other but near, in water too narrow for the grid (up an estuary,
   * round a bend): the way through that water from one to the other, or, for an end on a river
   * fairway, down the fairway and through the water from its first point. Their ways out to the
   * grid would otherwise both run down to the open estuary and the route come back up it (Haldia
   * to Hugli Point: 40 nm for 17). `points` lie between the ends; `river` as riverVia keeps it.
   */
  nearEndsWay(
    origin: SnappedEnd,
    destination: SnappedEnd,
    allowed: readonly boolean[],
    airDraftM: number | undefined,
  ):
    | { lengthNm: number; points: LatLon[]; river?: RiverStretch & { atStart: boolean } }
    | undefined {
    // Not through a strait's narrows, which the grid is closed round (closeGridInsidePassages):
    // those are sailed by the passage, with its limits, and reported (Messina's two ends are 20 nm
    // apart, and the fine coastline draws the strait open).
    const thread = (a: LatLon, b: LatLon) => {
      if (distanceNm(a, b) > NEAR_ENDS_NM) return null;
      const way = threadWater(a, b, this.scope.legMask, { guided: true });
      return way && !this.graph.nearStraitNarrows(way) ? way : null;
    };
    if (origin.onRiver && destination.onRiver) return undefined;
    if (!origin.onRiver && !destination.onRiver) {
      const way = thread(origin.point, destination.point);
      return way ? { lengthNm: pathLengthNm(way), points: way.slice(1, -1) } : undefined;
    }
    const fromRiver = origin.onRiver === true;
    const [onRiver, other] = fromRiver
      ? [origin.point, destination.point]
      : [destination.point, origin.point];
    let best: ReturnType<RouteEnds["nearEndsWay"]>;
    for (const { passage, down, sea } of this.riverDowns(onRiver, allowed, airDraftM)) {
      const way = thread(sea, other);
      if (!way) continue;
      const lengthNm = down.lengthNm + pathLengthNm(way);
      if (best && best.lengthNm <= lengthNm) continue;
      const water = way.slice(1, -1);
      const points = fromRiver
        ? [...down.points, sea, ...water]
        : [...water.reverse(), sea, ...[...down.points].reverse()];
      const river = { passage, points: down.points.length + 2, atStart: fromRiver };
      best = { lengthNm, points, river };
    }
    return best;
  }
}

/**
 * The two ways from a point on a river fairway's line (snapped onto it) along the river: down to
 * its first end, the water the coastline draws (node `seaEnd`), and up to its last (seaEnd + 1).
 * `points` run from the point towards the end, leaving out both; null when p is not on the line.
 */
function riverJoins(p: LatLon, path: readonly LatLon[], seaEnd: number, river: number) {
  const on = nearestOnPolyline(p, path);
  if (on.distance_nm > RIVER_ON_LINE_NM) return null;
  const k = on.k;
  const below = path[k] as LatLon;
  const above = path[k + 1] as LatLon;
  const atBelow = distanceNm(p, below) < RIVER_ON_LINE_NM;
  const atAbove = distanceNm(p, above) < RIVER_ON_LINE_NM;
  const downPoints = path.slice(1, atBelow ? k : k + 1).reverse();
  const upPoints = path.slice(atAbove ? k + 2 : k + 1, path.length - 1);
  // The whole way is the river's: the end, the points, the passage's end.
  const down: EndWay = {
    node: seaEnd,
    lengthNm: distanceNm(p, below) + pathLengthNm(path.slice(0, k + 1)),
    points: downPoints,
    river: { passage: river, points: downPoints.length + 2 },
  };
  const up: EndWay = {
    node: seaEnd + 1,
    lengthNm: distanceNm(p, above) + pathLengthNm(path.slice(k + 1)),
    points: upPoints,
    river: { passage: river, points: upPoints.length + 2 },
  };
  return [down, up];
}
