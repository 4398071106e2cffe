import { describe, expect, it } from "vitest";
import { buildLandMask } from "../geo/land-mask";
import type { PassageWayOut, PassageWaysOutStore } from "./nav-graph";
import type { Passage } from "./passages";
import { RoutingNetwork } from "./router";

/** One square island in an open world: enough for a network, built in a fraction of a second. */
const island = buildLandMask(
  [
    [
      [
        [10, 10],
        [12, 10],
        [12, 12],
        [10, 12],
        [10, 10],
      ],
    ],
  ],
  { source: "test island" },
);
const strait = (lat: number): Passage => ({
  id: "test-strait",
  name: "A strait south of the island",
  kind: "strait",
  waypoints: [
    [lat, 9],
    [lat, 13],
  ],
  optional: true,
});

/** A store that keeps what it is given and records every key asked for. */
function recordingStore() {
  const kept = new Map<string, PassageWayOut[]>();
  const asked: string[] = [];
  const store: PassageWaysOutStore = {
    load: (key) => {
      asked.push(key);
      return kept.get(key);
    },
    save: (key, ways) => kept.set(key, [...ways]),
  };
  return { store, asked, kept };
}

const network = (passage: Passage, store: PassageWaysOutStore, clearanceNm?: number) =>
  new RoutingNetwork(island, island, [passage], {
    waysOutStore: store,
    landmarks: 0,
    ...(clearanceNm === undefined ? {} : { grid: { clearanceNm } }),
  });

describe("the passage ends' ways out, kept in a store", () => {
  it("are named by every passage whole and the grid's options, so a moved passage is not read stale", () => {
    const { store, asked, kept } = recordingStore();
    network(strait(9.5), store);
    // The same id, drawn elsewhere: the ids alone would name both the same.
    network(strait(9), store);
    network(strait(9.5), store, 3);
    expect(asked).toHaveLength(3);
    expect(new Set(asked).size).toBe(3);
    expect(kept.size).toBe(3);
  });

  it("are asked for by the same name for the same network, and read back rather than saved again", () => {
    const { store, asked } = recordingStore();
    network(strait(9.5), store);
    let saves = 0;
    network(strait(9.5), {
      load: store.load,
      save: () => {
        saves++;
      },
    });
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe(asked[0]);
    expect(saves).toBe(0);
  });
});
