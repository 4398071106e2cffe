import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveVessel, type VesselType } from "../../engine/scoring/vessel-types";
import { syntheticClimate } from "../../engine/weather/synthetic";
import { naturalEarthLandMask } from "../../geodata/natural-earth";
import { fileDepartureSets } from "./departure-files";
import { EmbeddedReanalysis } from "./embedded";
import { ReanalysisGrid } from "./grid";
import type { DepartureQuery } from "./port";

const grid = new ReanalysisGrid(
  { resolutionDeg: 5, everyH: 12, maxAbsLat: 75 },
  naturalEarthLandMask("50m"),
);
const climate = syntheticClimate();

/** A North Atlantic crossing in March of 2003, for the vessel type given. */
const query = (type: VesselType = "general_cargo", month = 3): DepartureQuery => ({
  samples: Array.from({ length: 6 }, (_, k) => ({
    lat: 42 + k,
    lon: -60 + 6 * k,
    offsetSteps: k,
    course_deg: 70,
    hours: 12,
  })),
  month,
  fromYear: 2003,
  toYear: 2003,
  vessel: resolveVessel({ type }),
});

describe("embedded reanalysis: departure sets kept for the same route", () => {
  it("answers the same query again with the same, read-only departures", async () => {
    const store = new EmbeddedReanalysis(grid, climate);
    const first = await store.departures(query());
    expect(first.length).toBe(31);
    expect(await store.departures(query())).toBe(first);
    // Equal to what a store that never saw the query sails.
    expect(await new EmbeddedReanalysis(grid, climate).departures(query())).toEqual(first);
    // Shared between callers, so nobody may change them.
    expect(() => (first as unknown[]).pop()).toThrow(TypeError);
    expect(() => {
      (first[0] as { year: number }).year = 1900;
    }).toThrow(TypeError);
    expect(() => {
      (first[0]?.exposure as { hours: number }).hours = 0;
    }).toThrow(TypeError);
    expect(() => {
      (first[0]?.exposure.hs as { peak: number }).peak = 0;
    }).toThrow(TypeError);
  });

  it("sails a different query anew, and a forgotten one again to the same answer", async () => {
    const store = new EmbeddedReanalysis(grid, climate);
    const cargo = await store.departures(query("general_cargo"));
    const yacht = await store.departures(query("yacht_motor"));
    expect(yacht).not.toBe(cargo);
    expect(yacht.map((d) => d.exposure.dangerous_hours)).not.toEqual(
      cargo.map((d) => d.exposure.dangerous_hours),
    );
    // More queries than are kept push the first one out; asked again, it is sailed again.
    for (let month = 1; month <= 12; month++) {
      for (const type of ["container_ship", "bulk_carrier", "tanker"] as const) {
        await store.departures(query(type, month));
      }
    }
    const again = await store.departures(query("general_cargo"));
    expect(again).not.toBe(cargo);
    expect(again).toEqual(cargo);
  });

  it("sails a query asked for twice at once only once, and answers one pushed out meanwhile", async () => {
    const store = new EmbeddedReanalysis(grid, climate);
    const [a, b] = await Promise.all([store.departures(query()), store.departures(query())]);
    expect(b).toBe(a);
    // More other queries than are kept, all in flight beside the first: it is pushed out of the
    // kept sets before it is sailed, and its callers still get its departures.
    const fresh = new EmbeddedReanalysis(grid, climate);
    const pending = fresh.departures(query("tanker", 7));
    const others = [];
    for (let month = 1; month <= 12; month++) {
      for (const type of ["container_ship", "bulk_carrier", "yacht_motor"] as const) {
        others.push(fresh.departures(query(type, month)));
      }
    }
    const [pushedOut] = await Promise.all([pending, ...others]);
    expect(pushedOut).toEqual(await store.departures(query("tanker", 7)));
    expect(pushedOut?.length).toBe(31);
  });
});

describe("embedded reanalysis: departure sets kept on disk", () => {
  it("reads a set another store computed, equal to it, without computing the climate", async () => {
    const dir = mkdtempSync(join(tmpdir(), "departure-sets-"));
    const sailed = await new EmbeddedReanalysis(grid, climate, fileDepartureSets(dir)).departures(
      query("bulk_carrier", 5),
    );
    expect(readdirSync(dir).filter((f) => f.startsWith("departures-"))).toHaveLength(1);
    // A climate that cannot be sampled: the second store can only answer from the file.
    const unsampled = new Proxy(climate, {
      get: (target, key) =>
        key === "at"
          ? () => {
              throw new Error("sampled the climate");
            }
          : Reflect.get(target, key),
    });
    const read = await new EmbeddedReanalysis(grid, unsampled, fileDepartureSets(dir)).departures(
      query("bulk_carrier", 5),
    );
    expect(read).toEqual(sailed);
    expect(read.length).toBe(31);
    // Another query is not in the file: it is sailed.
    await expect(
      new EmbeddedReanalysis(grid, unsampled, fileDepartureSets(dir)).departures(
        query("tanker", 5),
      ),
    ).rejects.toThrow("sampled the climate");
  });

  it("computes a set again when its file does not hold one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "departure-sets-"));
    const sailed = await new EmbeddedReanalysis(grid, climate, fileDepartureSets(dir)).departures(
      query("tanker", 8),
    );
    const [file] = readdirSync(dir).filter((f) => f.startsWith("departures-"));
    writeFileSync(join(dir, file as string), '[{"year": "not a set"}]');
    const again = await new EmbeddedReanalysis(grid, climate, fileDepartureSets(dir)).departures(
      query("tanker", 8),
    );
    expect(again).toEqual(sailed);
  });
});
