import { denseGeodesic, distanceNm, geodesicMidpoint, normalizeLon } from "../geo/geodesic";
import type { LandMask, LatLon } from "../geo/types";
import type { EdgeCosts } from "./edge-costs";
import { LEG_STEP_NM } from "./sea-grid";

/**
 * The taut string: a searched path's grid points pulled into the few turning points a ship would
 * steer by. In calm water any land-clear shortcut is shorter, hence cheaper, so the string is
 * pulled as far as the coastline lets it and its corners are then settled on the headlands and
 * islands it turns round (straighten). In weather a shortcut must also cost no more and keep the
 * schedule the search planned (straightenInWeather), so the string keeps out of the storms the
 * search went round. One per request: the land it is pulled against is the request's (its shut
 * passages are walls).
 */

/** Passes and bisection steps of the taut-string pass (tighten). */
const TIGHTEN_PASSES = 4;
const TIGHTEN_STEPS = 5;
/**
 * Passes over the corners left out at sea (OPEN_WATER_NM), each sliding them along their legs or
 * cutting a leg that grazes land away from them (splitCorner), then settling the rest again.
 */
const OPEN_WATER_PASSES = 3;
/** A pass of the taut string that shortens the route less than this is the last (nm). */
const PASS_GAIN_NM = 0.1;
/**
 * A cut is kept only if it shortens the route this much: smaller gains are the grid's and the
 * string's noise. At 0.2 nm, Genoa-Barcelona lost another 0.8 nm (2.7% under the published 360,
 * past searoute-js's 2.5%), and 100 pairs of coastal starts 1-4 nm apart, each pair routed to a
 * common end, agreed no better (2 pairs more than their distance apart plus a mile, either way).
 */
const SPLIT_MIN_NM = 1;
/** Bisection steps finding where a leg first meets land, and how far from its ends a cut may be. */
const SPLIT_STEPS = 6;
const SPLIT_END_NM = 2;
/**
 * A taut leg runs close past the headland it turns round, where a coarsely densified geodesic
 * could pass a chord's width inside the coast unseen: its legs are tested at the pieces every
 * kept leg is (LEG_STEP_NM).
 */
const TAUT_STEP_NM = LEG_STEP_NM;
/**
 * How far a straightened route in weather may run ahead of (or behind) the time the search
 * planned for each point of its path (see straightenInWeather). Over 96 routes (six lanes, four
 * departures, four objectives, a bulk carrier's 5 m / 35 kt limits) the routes that kept the
 * limits spent 74 hours past them in all with half an hour of slack, 157 with one hour, 539 with
 * three and 1,143 with none; straight legs without the check (as before) spent 1,564. A straight
 * leg that would arrive early is held to a lower speed instead (HOLD_*), rather than the grid's
 * zigzag being kept: the zigzag was the same delay, sailed as extra miles.
 */
const SCHEDULE_SLACK_H = 0.5;
/**
 * A held leg aims at the plan's time less this share of the slack (the middle of the early half
 * of the window), guessed from the plan's own pace over the stretch it replaces and corrected at
 * most HOLD_CORRECTIONS times; below HOLD_MIN_FRACTION of the vessel's speed the leg is not taken
 * (the grid's path stays). Over the 96 routes above: 9,635 turning points became 2,007 (a
 * voyage's legs from about 100 to 20), 3.2% less distance, transit +0.02%, hours past the limits
 * 109 and 127; 72% of the distance is held, at a median 95% of the vessel's speed (at least 57%).
 * A ship already ahead of the plan (within the slack) is not held back to it: catching up would
 * cost those hours on top of the stretch's, fail the price check, and leave the rest of the route
 * on the grid's steps (the aim alone took the turning points from 2,531 to 2,007).
 */
const HOLD_AIM_SLACK = 0.5;
const HOLD_CORRECTIONS = 2;
const HOLD_MIN_FRACTION = 0.5;
/**
 * A straight leg may cost this much more than the stretch of the searched path it replaces: the
 * two are priced at different points (the leg every 20 nm, the path at its grid steps), and a
 * difference this small is that sampling, not weather. Priced exactly, half the runs of
 * collinear grid steps failed by noise and stayed as separate legs (7,960 turning points instead
 * of about 2,000-2,500 over the 96 routes; the route's cost rises by at most this share).
 */
const PRICE_TOLERANCE = 0.003;
/**
 * A taut string's corners sit on the headlands it turns round, at the grid's clearance (2 nm); one
 * this far from any coast was left out at sea by the midpoint slide, and is slid along its legs
 * and tried for cuts too (see OPEN_WATER_PASSES). At 10 nm, a corner 9.7 nm off the East Frisian
 * Islands stayed where the midpoint slide left it, and starts 2.9 nm apart in the Elbe were 4.8 nm
 * apart to Rotterdam (279.7 and 274.9 nm).
 */
const OPEN_WATER_NM = 3;
/** How close to its limit a slide along a leg comes (the bisection's last step), nm. */
const SLIDE_RESOLUTION_NM = 2;

export class TautString {
  /** Leg lengths and middles already computed (legNm, middleOf), by their two points. */
  private readonly lengths: PairMemo<number> = new Map();
  private readonly middles: PairMemo<LatLon> = new Map();

  constructor(
    /** The fine coastline every leg is tested against, with the request's shut passages walled. */
    private readonly legMask: LandMask,
    /** The fine coastline, for how far a corner is out at sea. */
    private readonly verifyMask: LandMask,
    /** How far a moved corner keeps off the coast (the grid nodes' clearance), nm. */
    private readonly clearanceNm: number,
  ) {}

  /**
   * A calm-water stretch pulled taut: from each kept point the farthest point a land-clear leg
   * reaches (farthestLegs), then the corners settled (tighten). The ends stay put.
   */
  straighten(pts: readonly LatLon[]): LatLon[] {
    // Every kept leg is tested at the fine step too (a leg kept here may never be moved, and so
    // re-tested, again); one that fails is pulled again over its stretch with fine tests
    // throughout. Testing only the kept legs finely spares the fine test on every probe.
    const straight = (a: number, b: number): boolean =>
      b === a + 1 || !this.legMask.pathHitsLand(pts[a] as LatLon, pts[b] as LatLon);
    const fineLeg = (a: number, b: number) =>
      b === a + 1 || !this.legMask.pathHitsLand(pts[a] as LatLon, pts[b] as LatLon, TAUT_STEP_NM);
    const coarse = farthestLegs(pts.length, straight);
    const keptIdx = [0];
    for (let j = 1; j < coarse.length; j++) {
      const a = coarse[j - 1] as number;
      const b = coarse[j] as number;
      if (fineLeg(a, b)) keptIdx.push(b);
      else {
        const sub = farthestLegs(
          b - a + 1,
          (x, y) => straight(a + x, a + y) && fineLeg(a + x, a + y),
        );
        for (const k of sub.slice(1)) keptIdx.push(a + k);
      }
    }
    return this.tighten(keptIdx.map((i) => pts[i] as LatLon));
  }

  /**
   * Straightens a searched path in weather: from each kept point, the farthest point of the path
   * a straight leg reaches without crossing land, breaching the hard limits no longer and costing
   * no more (within PRICE_TOLERANCE) than the searched stretch it replaces did in the search's
   * plan, and arriving there within SCHEDULE_SLACK_H of the time the plan did. The legs are
   * sailed from the time the ship actually reaches each kept point. A straightened route is
   * shorter than the grid path, so at the vessel's speed it runs ahead of the plan, and a storm
   * the search had timed to pass astern is still there when the ship arrives (Rotterdam to New
   * York ran 9 hours ahead into 10 m seas the plan had missed): such a leg is held to the lower
   * speed that keeps the schedule (HOLD_*), and priced at it. The search checks the limits only
   * where it sets out from each grid node, so its own path may breach them for an hour or two
   * between nodes; a shortcut may not breach them for longer. Returns the kept points, the speed
   * held on the leg from each (undefined: the vessel's own) and the time at the last.
   */
  straightenInWeather(
    pts: readonly LatLon[],
    costs: EdgeCosts,
    startMs: number,
    limits: boolean,
  ): { points: LatLon[]; speeds: Array<number | undefined>; endMs: number } {
    const speedKts = costs.vesselSpeedKts;
    const n = pts.length;
    // The search's plan: cost, breach and time at every point of its path, sailed from the start.
    const planCost = new Float64Array(n);
    const planBreach = new Float64Array(n);
    const planAt = new Float64Array(n);
    const planNm = new Float64Array(n);
    planAt[0] = startMs;
    for (let i = 1; i < n; i++) {
      planNm[i] = (planNm[i - 1] as number) + distanceNm(pts[i - 1] as LatLon, pts[i] as LatLon);
      const s = costs.legCost(
        pts[i - 1] as LatLon,
        pts[i] as LatLon,
        planAt[i - 1] as number,
        limits,
      );
      planCost[i] = (planCost[i - 1] as number) + s.cost;
      planBreach[i] = (planBreach[i - 1] as number) + s.breachHours;
      planAt[i] = (planAt[i - 1] as number) + s.hours * 3_600_000;
    }
    const slackMs = SCHEDULE_SLACK_H * 3_600_000;
    // When the ship reaches the current anchor, and the legs accepted from it (hours, and the
    // speed held where the leg is sailed below the vessel's own).
    let anchor = 0;
    let anchorMs = startMs;
    let accepted = new Map<number, { hours: number; speed?: number }>();
    /** Speeds held on the legs kept so far, by the index the leg starts from. */
    const held = new Map<number, number>();
    const moveTo = (a: number) => {
      if (a === anchor) return;
      if (a === anchor + 1 && anchorMs === planAt[anchor]) {
        // Still on the plan's schedule: the plan has sailed this very step from this very time.
        anchorMs = planAt[a] as number;
      } else if (a === anchor + 1) {
        anchorMs +=
          costs.legCost(pts[anchor] as LatLon, pts[a] as LatLon, anchorMs, limits).hours *
          3_600_000;
      } else {
        const leg = accepted.get(a) as { hours: number; speed?: number };
        anchorMs += leg.hours * 3_600_000;
        if (leg.speed !== undefined) held.set(anchor, leg.speed);
      }
      anchor = a;
      accepted = new Map();
    };
    const within = (s: { cost: number; breachHours: number }, a: number, b: number) =>
      s.breachHours <= (planBreach[b] as number) - (planBreach[a] as number) + 1e-9 &&
      s.cost <= ((planCost[b] as number) - (planCost[a] as number)) * (1 + PRICE_TOLERANCE) + 1e-9;
    const straight = (a: number, b: number): boolean => {
      moveTo(a);
      if (b === a + 1) return true; // a step of the searched path itself
      const from = pts[a] as LatLon;
      const to = pts[b] as LatLon;
      if (this.legMask.pathHitsLand(from, to)) return false;
      const planMs = planAt[b] as number;
      // Aim a little ahead of the plan, and no nearer it than the ship already is: catching up
      // with the plan would cost the hours the ship is ahead of it, more than the stretch did.
      const aheadMs = Math.min(0.9 * slackMs, Math.max(0, (planAt[a] as number) - anchorMs));
      const aimH = (planMs - Math.max(HOLD_AIM_SLACK * slackMs, aheadMs) - anchorMs) / 3_600_000;
      // The straight leg is shorter than the stretch it replaces, so at the vessel's speed it
      // may arrive ahead of the plan; then it is sailed at the speed that keeps the schedule,
      // first guessed from the plan's own pace over the stretch, then corrected.
      const guessH =
        (((planAt[b] as number) - (planAt[a] as number)) / 3_600_000) *
        (distanceNm(from, to) / Math.max(1e-9, (planNm[b] as number) - (planNm[a] as number)));
      // Held speeds are ordered to the hundredth of a knot, and priced as ordered.
      const order = (kts: number) => Math.min(speedKts, Math.round(kts * 100) / 100);
      let v =
        anchorMs + guessH * 3_600_000 < planMs - slackMs
          ? order(Math.max(HOLD_MIN_FRACTION * speedKts, (speedKts * guessH) / aimH))
          : speedKts;
      let s = costs.legCost(from, to, anchorMs, limits, v < speedKts ? v : undefined);
      let early = planMs - (anchorMs + s.hours * 3_600_000);
      for (
        let k = 0;
        k < HOLD_CORRECTIONS && (early > slackMs || (v < speedKts && early < -slackMs));
        k++
      ) {
        const next = order((v * s.hours) / aimH);
        if (next < HOLD_MIN_FRACTION * speedKts || next === v) break;
        v = next;
        s = costs.legCost(from, to, anchorMs, limits, v < speedKts ? v : undefined);
        early = planMs - (anchorMs + s.hours * 3_600_000);
      }
      const speed = v < speedKts ? v : undefined;
      const ok = within(s, a, b) && Math.abs(early) <= slackMs;
      if (!ok || this.legMask.pathHitsLand(from, to, TAUT_STEP_NM)) return false;
      accepted.set(b, { hours: s.hours, speed });
      return true;
    };
    const keptIdx = farthestLegs(n, straight);
    moveTo(n - 1);
    return {
      points: keptIdx.map((i) => pts[i] as LatLon),
      speeds: keptIdx.map((i) => held.get(i)),
      endMs: anchorMs,
    };
  }

  /**
   * The geodesic length a-b, nm, remembered by its two points: the passes measure the same legs
   * again and again (a corner's legs each time it is visited, and its neighbours'), and nearly
   * half of a route's inverse solutions were repeats.
   */
  private legNm(a: LatLon, b: LatLon): number {
    return remembered(this.lengths, a, b, distanceNm);
  }

  /**
   * The middle of the geodesic a-b, remembered as legNm remembers lengths: a corner is pulled
   * towards its neighbours' middle on every pass that visits it, and cut towards its legs'.
   */
  private middleOf(a: LatLon, b: LatLon): LatLon {
    return remembered(this.middles, a, b, geodesicMidpoint);
  }

  /**
   * The most a corner can save, pulled or cut: its two legs against the straight leg between its
   * neighbours (which meets land, or the corner would have been dropped); the route still runs
   * from one neighbour to the other.
   */
  private detourNm(prev: LatLon, corner: LatLon, next: LatLon): number {
    return this.legNm(prev, corner) + this.legNm(corner, next) - this.legNm(prev, next);
  }

  /** Whether the geodesic a-b clears the fine coastline, tested at both steps (see TAUT_STEP_NM). */
  private legClear(a: LatLon, b: LatLon): boolean {
    return !this.legMask.pathHitsLand(a, b) && !this.legMask.pathHitsLand(a, b, TAUT_STEP_NM);
  }

  /**
   * Pulls the string taut: the kept points of a searched path still sit on grid cells, so each
   * corner is moved to shorten its two legs as far as both stay clear of land (bisection) and
   * the corner itself keeps the grid's clearance from the coast, and dropped when the legs clear
   * land without it; a few passes settle the corners off the headlands and islands they turn
   * round. Calm water only (in weather a corner may be there to keep out of a storm). The ends
   * stay put.
   */
  private tighten(points: LatLon[]): LatLon[] {
    const out = [...points];
    // A corner whose neighbours have not moved since it was last settled would settle the same
    // way again (the search is deterministic): only corners next to a change are revisited.
    const dirty = out.map(() => true);
    const touch = (i: number) => {
      if (i > 0 && i + 1 < out.length) dirty[i] = true;
    };
    /** Whether corner p is out at sea, by the given distance from any coast. */
    const outAtSea = (p: LatLon, nm: number) => this.verifyMask.distanceToCoastNm(p, nm) >= nm;
    // Corners the dear pass could not move, with the neighbours they had: unchanged, they are not
    // tried again on the next pass (the tries are deterministic).
    const stuck = new WeakMap<LatLon, [LatLon, LatLon]>();
    /** Puts a cut's points in place of corner i; returns the index of the last of them. */
    const cutAt = (i: number, points: LatLon[]): number => {
      out.splice(i, 1, ...points);
      dirty.splice(i, 1, ...points.map(() => false));
      for (let k = i - 1; k <= i + points.length; k++) touch(k);
      return i + points.length - 1;
    };
    /**
     * One pass over the corners marked dirty; returns how much shorter the string got (nm). The
     * dear pass also slides corners out at sea along their legs, and cuts legs (splitCorner).
     */
    const sweep = (dear: boolean): number => {
      let moved = 0;
      for (let i = 1; i + 1 < out.length; i++) {
        if (!dirty[i]) continue;
        dirty[i] = false;
        const prev = out[i - 1] as LatLon;
        const next = out[i + 1] as LatLon;
        const corner = out[i] as LatLon;
        const was = dear ? stuck.get(corner) : undefined;
        if (was && was[0] === prev && was[1] === next) continue;
        if (this.legClear(prev, next)) {
          out.splice(i, 1);
          dirty.splice(i, 1);
          touch(i - 1);
          touch(i);
          i--;
          moved += this.legNm(prev, corner);
          continue;
        }
        // A corner bent less than a pass's least gain is left be (detourNm).
        const detourNm = this.detourNm(prev, corner, next);
        if (detourNm < PASS_GAIN_NM) {
          if (dear) stuck.set(corner, [prev, next]);
          continue;
        }
        const alongLegs = dear && outAtSea(corner, OPEN_WATER_NM);
        const best = this.pullCorner(prev, corner, next, alongLegs);
        if (best) {
          moved += best.saved;
          out[i] = best.point;
          touch(i - 1);
          touch(i);
          touch(i + 1);
          continue;
        }
        const parts =
          alongLegs && detourNm >= SPLIT_MIN_NM ? this.splitCorner(prev, corner, next) : undefined;
        if (parts) {
          moved += parts.saved;
          i = cutAt(i, parts.points);
        } else if (dear) stuck.set(corner, [prev, next]);
      }
      return moved;
    };
    const settle = () => {
      for (let pass = 0; pass < TIGHTEN_PASSES && sweep(false) >= PASS_GAIN_NM; pass++);
    };
    // Midpoint slides until they settle; then passes over the corners left out at sea (see
    // OPEN_WATER_NM) that also slide them along their legs, three times dearer, or cut a leg
    // that grazes land between corners; then midpoint slides again for what those passes moved.
    // Corners on the headlands, most of them, are left alone by the dearer passes.
    /**
     * Cuts the corners marked dirty (splitCorner), without pulling them first: a corner out at sea
     * whose legs graze land away from it creeps in a little on each pass where a cut brings it to
     * the land (Hamburg to Rotterdam: a corner left 12 nm off Ameland; the cut saved 4.7 nm).
     */
    const cutOutAtSea = (): number => {
      let moved = 0;
      for (let i = 1; i + 1 < out.length; i++) {
        if (!dirty[i]) continue;
        dirty[i] = false;
        const [prev, corner, next] = [out[i - 1], out[i], out[i + 1]] as [LatLon, LatLon, LatLon];
        // Already cut at in vain, between the same neighbours, by a dear pass.
        const was = stuck.get(corner);
        if (was && was[0] === prev && was[1] === next) continue;
        if (this.detourNm(prev, corner, next) < SPLIT_MIN_NM) continue;
        const parts = this.splitCorner(prev, corner, next);
        if (!parts) continue;
        moved += parts.saved;
        i = cutAt(i, parts.points);
      }
      return moved;
    };
    const markOutAtSea = () => {
      let any = false;
      for (let i = 1; i + 1 < out.length; i++) {
        dirty[i] = outAtSea(out[i] as LatLon, OPEN_WATER_NM);
        any ||= dirty[i] as boolean;
      }
      return any;
    };
    settle();
    for (let pass = 0; pass < OPEN_WATER_PASSES; pass++) {
      if (!markOutAtSea()) break;
      if (sweep(true) < PASS_GAIN_NM) break;
      settle();
    }
    // Last, the corners still out at sea are tried for a cut once more: a corner whose legs
    // graze land away from it may have crept in on every pass without reaching the land.
    if (markOutAtSea() && cutOutAtSea() >= PASS_GAIN_NM) settle();
    return out;
  }

  /**
   * A corner the slides leave stuck though it is out at sea: its legs graze land away from it
   * (Hamburg to Rotterdam: a corner 35 nm north of the Frisian Islands, one leg grazing the Elbe's
   * mouth and the other Vlieland). A taut string bends where it touches, so a grazing leg is cut
   * in two there and the cut becomes a corner of its own, free to settle on what the leg grazed;
   * the corner is pulled against the cut. Cut where the leg first meets land once the corner is
   * nudged in, or else at its middle, on one leg or both, whichever shortens the route most;
   * undefined when none does by SPLIT_MIN_NM.
   */
  private splitCorner(
    prev: LatLon,
    corner: LatLon,
    next: LatLon,
  ): { points: LatLon[]; saved: number } | undefined {
    const mask = this.legMask;
    const nudged = lerp(corner, this.middleOf(prev, next), 2 ** -TIGHTEN_STEPS);
    const meetsLand = (end: LatLon): LatLon | undefined => {
      if (!mask.pathHitsLand(nudged, end)) return undefined;
      const moved = denseGeodesic(nudged, end, Number.POSITIVE_INFINITY);
      let lo = 0;
      let hi = 1;
      for (let k = 0; k < SPLIT_STEPS; k++) {
        const f = (lo + hi) / 2;
        if (mask.pathHitsLand(nudged, moved.pointAtFraction(f))) hi = f;
        else lo = f;
      }
      if (Math.min(hi, 1 - hi) * this.legNm(corner, end) < SPLIT_END_NM) return undefined;
      return denseGeodesic(corner, end, Number.POSITIVE_INFINITY).pointAtFraction(hi);
    };
    const options: Array<{ points: LatLon[]; saved: number }> = [];
    const pull = (from: LatLon, to: LatLon, points: (p: LatLon) => LatLon[]) => {
      const r = this.pullCorner(from, corner, to, false);
      if (r && r.saved >= SPLIT_MIN_NM) options.push({ points: points(r.point), saved: r.saved });
    };
    for (const [before, after] of [
      [meetsLand(prev), meetsLand(next)],
      [this.middleOf(corner, prev), this.middleOf(corner, next)],
    ]) {
      if (after) pull(prev, after, (p) => [p, after]);
      if (before) pull(before, next, (p) => [before, p]);
      if (before && after) pull(before, after, (p) => [before, p, after]);
    }
    return options.sort((x, y) => y.saved - x.saved)[0];
  }

  /**
   * The best of up to three ways to pull a corner in, or undefined when none shortens its legs:
   * toward the middle of the geodesic between the neighbours (a lat/lon midpoint lies off the
   * great circle on long legs and would lengthen the route) and, for a corner out in open water
   * on the pass along the legs, back along either leg as far as the other leg, swung round,
   * stays clear. The midpoint slide stops where a leg first grazes land, which can leave the
   * corner out at sea; sliding along the legs moves it on to the headland the string actually
   * turns round (Rotterdam-Singapore: a corner 600 nm out in the Arabian Sea moves to the Horn of
   * Africa, 6 nm shorter).
   *
   * The corner keeps off the coast as the grid's nodes do, or as far as it already did. The
   * bisections test legs at the mask's usual step; the chosen corner is then confirmed at the
   * fine step (see TAUT_STEP_NM), five times dearer, once.
   */
  private pullCorner(
    prev: LatLon,
    corner: LatLon,
    next: LatLon,
    alongLegs: boolean,
  ): { point: LatLon; saved: number } | undefined {
    const mask = this.legMask;
    const keepOff = this.clearanceNm;
    const offing = Math.min(keepOff, mask.distanceToCoastNm(corner, keepOff));
    const keepsOff = (p: LatLon) => mask.distanceToCoastNm(p, offing) >= offing;
    // The leg that last met land is tried first: the bisection's next candidate mostly meets the
    // same headland, and a leg that clears is walked end to end (the answer is the same in
    // either order).
    let nextFirst = false;
    const clear = (p: LatLon, step?: number) => {
      if (!keepsOff(p)) return false;
      if (mask.pathHitsLand(p, nextFirst ? next : prev, step)) return false;
      if (!mask.pathHitsLand(p, nextFirst ? prev : next, step)) return true;
      nextFirst = !nextFirst;
      return false;
    };
    const length = (p: LatLon) => this.legNm(prev, p) + this.legNm(p, next);
    const candidates: LatLon[] = [];
    const middle = this.middleOf(prev, next);
    candidates.push(...found(bisectFrom((t) => lerp(corner, middle, t), clear)));
    if (alongLegs) {
      // To within SLIDE_RESOLUTION_NM along the leg, however long: the headland is what counts.
      const steps = (legNm: number) =>
        Math.max(TIGHTEN_STEPS, Math.ceil(Math.log2(legNm / SLIDE_RESOLUTION_NM)));
      const inbound = denseGeodesic(prev, corner, Number.POSITIVE_INFINITY);
      const outbound = denseGeodesic(corner, next, Number.POSITIVE_INFINITY);
      candidates.push(
        ...found(
          bisectFrom(
            (t) => inbound.pointAtFraction(1 - t),
            (p) => keepsOff(p) && !mask.pathHitsLand(p, next),
            steps(this.legNm(prev, corner)),
          ),
        ),
        ...found(
          bisectFrom(
            (t) => outbound.pointAtFraction(t),
            (p) => keepsOff(p) && !mask.pathHitsLand(prev, p),
            steps(this.legNm(corner, next)),
          ),
        ),
      );
    }
    // The shortest candidate the fine test confirms (usually the first tried).
    const before = length(corner);
    const ranked = candidates
      .map((point) => ({ point, saved: before - length(point) }))
      .filter((c) => c.saved > 0)
      .sort((a, b) => b.saved - a.saved);
    return ranked.find((c) => clear(c.point, TAUT_STEP_NM));
  }
}

type PairMemo<T> = Map<LatLon, Map<LatLon, T>>;

/** f(a, b) from the memo, computed and kept there the first time (by the points themselves). */
function remembered<T>(memo: PairMemo<T>, a: LatLon, b: LatLon, f: (a: LatLon, b: LatLon) => T): T {
  let from = memo.get(a);
  if (!from) {
    from = new Map();
    memo.set(a, from);
  }
  let value = from.get(b);
  if (value === undefined) {
    value = f(a, b);
    from.set(b, value);
  }
  return value;
}

/**
 * Indices of the points a string pulled through n points keeps: from each kept point, the
 * farthest point a straight leg may reach, galloping out (2, 4, 8, ... points ahead) until a leg
 * fails, then bisecting between the last good and the first failed one. Each test costs a
 * coastline check (and in weather a pricing) of the whole leg, so this needs O(log n) tests per
 * kept point where a point-by-point scan needs O(n).
 */
function farthestLegs(n: number, straight: (a: number, b: number) => boolean): number[] {
  const last = n - 1;
  let anchor = 0;
  const kept = [0];
  while (anchor < last) {
    let good = anchor + 1;
    let bad = -1;
    for (let ahead = 2; ; ahead *= 2) {
      const probe = Math.min(last, anchor + ahead);
      if (!straight(anchor, probe)) {
        bad = probe;
        break;
      }
      good = probe;
      if (probe === last) break;
    }
    while (bad !== -1 && bad - good > 1) {
      const mid = (good + bad) >> 1;
      if (straight(anchor, mid)) good = mid;
      else bad = mid;
    }
    kept.push(good);
    anchor = good;
  }
  return kept;
}

/**
 * The point furthest along `at` (t from 0, where `ok` holds, towards 1, where it is assumed not
 * to) that `ok` accepts, by `steps` bisections; undefined when none past 0 is.
 */
function bisectFrom(
  at: (t: number) => LatLon,
  ok: (p: LatLon) => boolean,
  steps = TIGHTEN_STEPS,
): LatLon | undefined {
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < steps; k++) {
    const t = (lo + hi) / 2;
    if (ok(at(t))) lo = t;
    else hi = t;
  }
  return lo > 0 ? at(lo) : undefined;
}

const found = <T>(x: T | undefined): T[] => (x === undefined ? [] : [x]);

function lerp(a: LatLon, b: LatLon, t: number): LatLon {
  let dl = b.lon - a.lon;
  if (dl > 180) dl -= 360;
  if (dl < -180) dl += 360;
  return { lat: a.lat + (b.lat - a.lat) * t, lon: normalizeLon(a.lon + dl * t) };
}
