import { LRUCache } from "lru-cache";
import type { LatLon } from "../geo/types";
import type { Approach } from "./approach";

/**
 * Ways out of harbours kept (one per end point; a few hundred bytes each): voyages start and end
 * at the same ports again and again, and each fine-grid search out of a harbour costs about a
 * millisecond.
 */
const APPROACHES = 4096;

/** Ways found for ends, kept across requests (voyages start and end at the same ports again and again). */
export class EndMemo {
  /** Ways through the water from an end point to a strait's path (joinWay); false: none short enough. */
  readonly threadedJoins = new LRUCache<string, LatLon[] | false>({ max: APPROACHES });
  /** Ways out of harbours by end point (see APPROACHES); false: there is none. */
  readonly approaches = new LRUCache<string, Approach | false>({ max: APPROACHES });
  /** Passages (indices) a refused end's ways out cross (EndRefusals.end), per end and shut set. */
  readonly refusals = new LRUCache<string, number[]>({ max: APPROACHES });
}
