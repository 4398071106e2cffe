import { LRUCache } from "lru-cache";
import type { RoutingNetwork } from "../engine/routing/router";
import type { Route, RouteRequest } from "../engine/routing/types";
import type { WeatherField } from "../engine/weather/types";
import { deepFreeze } from "../platform/deep-freeze";
import type { CycleInfo } from "../weather/cycle-registry";

/**
 * What a scoring thread has already worked out for one forecast, kept for the next request that
 * asks the same: routes by (request, member field) and a voyage's members sailed by (route,
 * vessel, forecast). A route is a pure function of its request, the network and the weather it
 * is routed through, and a forecast cycle's fields never change once landed (the provider keys
 * them the same way), so a kept answer is the answer computing it again gives: an underwriter
 * re-quoting a voyage, a route-risk request asking the same lane again, within a cycle, get the
 * same figures sooner. A new cycle is a new key; keys of old cycles age out of the LRU.
 *
 * Kept per network (a WeakMap), so a process with another network (a test's options) never reads
 * routes made on this one. Everything kept is frozen: callers share it, and a caller that wrote
 * into it would change the next caller's answer.
 */

/** Routes kept per network (about 0.1-0.3 MB each with their 25 nm segments). */
const KEPT_ROUTES = 96;
/** Sailed ensembles kept per network (31 members' 25 nm pieces, about 1 MB each). */
const KEPT_ENSEMBLES = 32;

/** The identity of one member field of a cycle, blended to climatology past `horizonEndMs`. */
export function memberFieldKey(cycle: CycleInfo, member: number, horizonEndMs: number): string {
  return JSON.stringify([cycle, member, horizonEndMs]);
}

interface Memo {
  routes: LRUCache<string, Route>;
  ensembles: LRUCache<string, object>;
}

const memos = new WeakMap<RoutingNetwork, Memo>();

function memoOf(network: RoutingNetwork): Memo {
  let memo = memos.get(network);
  if (!memo) {
    memo = {
      routes: new LRUCache({ max: KEPT_ROUTES }),
      ensembles: new LRUCache({ max: KEPT_ENSEMBLES }),
    };
    memos.set(network, memo);
  }
  return memo;
}

/** `network.route(request, field)`, or the route it gave before for the same request and field. */
export function memoRoute(
  network: RoutingNetwork,
  request: RouteRequest,
  fieldKey: string,
  field: WeatherField,
): Route {
  const memo = memoOf(network);
  const key = `${fieldKey}\n${JSON.stringify(request)}`;
  const kept = memo.routes.get(key);
  if (kept) return kept;
  const route = deepFreeze(network.route(request, field));
  memo.routes.set(key, route);
  return route;
}

/** `compute()`, or what it gave before for the same key (which must name everything it reads). */
export function memoEnsemble<T extends object>(
  network: RoutingNetwork,
  key: string,
  compute: () => T,
): T {
  const memo = memoOf(network);
  const kept = memo.ensembles.get(key);
  if (kept) return kept as T;
  const value = deepFreeze(compute());
  memo.ensembles.set(key, value);
  return value;
}
