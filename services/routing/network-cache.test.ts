import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildLandMask } from "../engine/geo/land-mask";
import { buildLandMaskParts } from "../engine/geo/land-mask-parts";
import type { LatLon, PolygonRings } from "../engine/geo/types";
import type { LandmarkStore } from "../engine/routing/landmarks";
import type { RoutingNetwork } from "../engine/routing/router";
import type { RouteRequest } from "../engine/routing/types";
import { decodeLandMaskParts, encodeLandMaskParts } from "./land-mask-file";
import { buildRoutingNetwork } from "./network";
import { fileNetworkCache, type NetworkGeometry } from "./network-cache";

const dirs: string[] = [];
const freshDir = () => {
  dirs.push(mkdtempSync(join(tmpdir(), "network-cache-")));
  return dirs.at(-1) as string;
};
// The network's files are megabytes: not left behind in the system's temporary directory.
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// 0.1 + 0.2 and a third: doubles whose shortest text is long, which must read back bit for bit.
const geometry: NetworkGeometry = {
  waters: [
    {
      id: "bank",
      name: "A bank",
      reason: "shoal",
      polygons: [
        [
          [
            [0.1 + 0.2, 1 / 3],
            [1, 0],
            [1, 1],
            [0.1 + 0.2, 1 / 3],
          ],
        ],
      ],
    },
  ],
  coarse: { closedParts: [[]], merged: [] },
  fine: {
    closedParts: [[[[[-179.99999999999997, 59.123456789012344]]]]],
    merged: [[[[-179.99999999999997, 59.123456789012344]]]],
  },
};
const ways = [{ end: 6, node: 738084, points: [{ lat: 37.975, lon: 22.9 + 1e-12 }] }];

describe("fileNetworkCache", () => {
  it("reads back exactly what it wrote, under its fingerprint only", () => {
    const dir = freshDir();
    const cache = fileNetworkCache(dir, "abc");
    expect(cache.geometry.load()).toBeUndefined();
    expect(cache.waysOut.load("k")).toBeUndefined();
    cache.geometry.save(geometry);
    cache.waysOut.save("k", ways);
    expect(cache.geometry.load()).toEqual(geometry);
    expect(cache.waysOut.load("k")).toEqual(ways);
    expect(cache.waysOut.load("other")).toBeUndefined();
    const otherInputs = fileNetworkCache(dir, "abd");
    expect(otherInputs.geometry.load()).toBeUndefined();
    expect(otherInputs.waysOut.load("k")).toBeUndefined();
  });

  it("treats a file that does not parse, or has another shape, as missing", () => {
    const dir = freshDir();
    const cache = fileNetworkCache(dir, "abc");
    cache.geometry.save(geometry);
    cache.waysOut.save("k", ways);
    const [geometryFile, waysFile] = ["network-geometry-abc.json", "passage-ways-out-abc-k.json"];
    expect(readdirSync(dir).sort()).toEqual([geometryFile, waysFile]);
    writeFileSync(join(dir, geometryFile), '{"waters": [');
    expect(cache.geometry.load()).toBeUndefined();
    writeFileSync(join(dir, geometryFile), JSON.stringify({ ...geometry, fine: undefined }));
    expect(cache.geometry.load()).toBeUndefined();
    writeFileSync(join(dir, waysFile), JSON.stringify([{ end: -1, node: 3, points: [] }]));
    expect(cache.waysOut.load("k")).toBeUndefined();
    writeFileSync(join(dir, waysFile), JSON.stringify([{ end: 1.5, node: 3, points: [] }]));
    expect(cache.waysOut.load("k")).toBeUndefined();
  });
});

describe("fileNetworkCache's land masks", () => {
  /** An island with a lake, and a polar ring: every kind of cell and the South Pole's flag. */
  const polygons: PolygonRings[] = [
    [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      [
        [0.4, 0.4],
        [0.6, 0.4],
        [0.6, 0.6],
        [0.4, 0.6],
      ],
    ],
    [Array.from({ length: 36 }, (_, i) => [-180 + 10 * i, -70] as [number, number])],
  ];
  const parts = buildLandMaskParts(polygons, 1);
  const probes = [
    { lat: 0.2, lon: 0.5 },
    { lat: 0.5, lon: 0.5 },
    { lat: 0.5, lon: 1.5 },
    { lat: -80, lon: 20 },
    { lat: -60, lon: 20 },
  ];

  it("reads back a mask's parts byte for byte, under its fingerprint and name only", () => {
    const dir = freshDir();
    const cache = fileNetworkCache(dir, "abc");
    expect(cache.masks.load("10m", "src")).toBeUndefined();
    cache.masks.save("10m", parts);
    expect(readdirSync(dir)).toEqual(["land-mask-abc-10m.bin"]);
    expect(decodeLandMaskParts(readFileSync(join(dir, "land-mask-abc-10m.bin")))).toEqual(parts);
    const mask = cache.masks.load("10m", "src");
    const built = buildLandMask(polygons, { source: "src", cellDeg: 1 });
    expect(mask?.source).toBe("src");
    expect(probes.map((p) => mask?.isLand(p))).toEqual(probes.map((p) => built.isLand(p)));
    expect(probes.map((p) => mask?.isLand(p))).toEqual([true, false, false, true, false]);
    expect(cache.masks.load("50m", "src")).toBeUndefined();
    expect(fileNetworkCache(dir, "abd").masks.load("10m", "src")).toBeUndefined();
  });

  it("treats a truncated, damaged or foreign mask file as missing", () => {
    const dir = freshDir();
    const cache = fileNetworkCache(dir, "abc");
    cache.masks.save("10m", parts);
    const file = join(dir, "land-mask-abc-10m.bin");
    const good = readFileSync(file);
    expect(cache.masks.load("10m", "src")).toBeDefined();
    writeFileSync(file, good.subarray(0, good.length - 1));
    expect(cache.masks.load("10m", "src")).toBeUndefined();
    // One bit of the sea reach (the last array): the lengths still add up.
    const flipped = Buffer.from(good);
    flipped[flipped.length - 1] = (flipped.at(-1) as number) ^ 1;
    writeFileSync(file, flipped);
    expect(cache.masks.load("10m", "src")).toBeUndefined();
    writeFileSync(file, "not a mask");
    expect(cache.masks.load("10m", "src")).toBeUndefined();
    // Whole and hashed, but an edge index past the edges: the engine's check refuses it.
    const edgeIds = parts.grid.edgeIds.slice();
    edgeIds[0] = parts.edges.count;
    writeFileSync(
      file,
      encodeLandMaskParts({ ...parts, grid: { ...parts.grid, edgeIds } }) as Buffer,
    );
    expect(cache.masks.load("10m", "src")).toBeUndefined();
    writeFileSync(file, good);
    expect(cache.masks.load("10m", "src")).toBeDefined();
  });
});

describe("a routing network built from ROUTING_CACHE_DIR", () => {
  const piraeus = { lat: 37.93, lon: 23.6 };
  const patras = { lat: 38.25, lon: 21.72 };
  const request = (from: LatLon, to: LatLon, extra: Partial<RouteRequest> = {}): RouteRequest => ({
    from,
    to,
    objective: "fastest",
    departureMs: Date.UTC(2026, 0, 15),
    vessel: { speed_kts: 14 },
    ...extra,
  });
  // Routes that use what the cache keeps: the Corinth Canal's way out of the Gulf of Corinth's
  // eastern basin and Vancouver's out of Burrard Inlet (passage ways out), the reefs of the
  // Great Barrier Reef and Torres Strait (buffered reef lines), the Bahama Banks (catalogued
  // closed water, cut against the land); and a refusal naming a closed water.
  const answers = (net: RoutingNetwork) => {
    const attempt = (f: () => unknown) => {
      try {
        return f();
      } catch (err) {
        return { error: (err as Error).name, message: (err as Error).message };
      }
    };
    return {
      corinth: attempt(() => net.route(request(piraeus, patras))),
      basin: attempt(() => net.route(request(piraeus, { lat: 38.0, lon: 22.85 }))),
      vancouver: attempt(() =>
        net.route(request({ lat: 49.3, lon: -123.05 }, { lat: 48.4, lon: -124.8 })),
      ),
      reef: attempt(() =>
        net.route(request({ lat: -16.9, lon: 146.0 }, { lat: -9.5, lon: 147.2 })),
      ),
      bahamas: attempt(() =>
        net.route(request({ lat: 25.8, lon: -80.1 }, { lat: 23.2, lon: -75.5 })),
      ),
      onBank: attempt(() =>
        net.route(request({ lat: 23.5, lon: -77.5 }, { lat: 25.8, lon: -80.1 })),
      ),
      track: attempt(() =>
        net.track({ departureMs: Date.UTC(2026, 0, 15), vessel: { speed_kts: 14 } }, [
          { lat: 25.8, lon: -80.0 },
          { lat: 23.5, lon: -77.5 },
          { lat: 24.5, lon: -75.0 },
        ]),
      ),
    };
  };

  // Shared: the network's cache takes seconds to fill. Each test is right on a cold one too.
  const dir = freshDir();

  // Builds two whole networks (one computing everything, one from its cache): 37 s alone, and
  // 80-90 s on a machine shared with other test runs, past the project's 60 s default. The
  // timeout guards against a hang, not a speed.
  it("routes exactly as a network that computed everything, and writes nothing more", {
    timeout: 240_000,
  }, () => {
    // Without landmarks, which have their own cache (landmark-store.ts) and take seconds more.
    const computed = buildRoutingNetwork({ landmarks: 0 }, dir);
    const written = readdirSync(dir).sort();
    expect(written).toEqual([
      expect.stringMatching(/^land-mask-[0-9a-f]{20}-10m\.bin$/),
      expect.stringMatching(/^land-mask-[0-9a-f]{20}-50m\.bin$/),
      expect.stringMatching(/^network-geometry-[0-9a-f]{20}\.json$/),
      expect.stringMatching(/^passage-ways-out-[0-9a-f]{20}-[0-9]+-[0-9a-f]+\.json$/),
    ]);
    const inodes = written.map((f) => statSync(join(dir, f)).ino);
    // A read marks a file used (its times set to now): a day ago, it has not been read since.
    // Whole seconds, and compared to within a millisecond: file times round-trip through float
    // seconds and nanoseconds.
    const geometryFile = join(dir, written[2] as string);
    const dayAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000);
    utimesSync(geometryFile, dayAgo, dayAgo);
    const untouched = () => Math.abs(statSync(geometryFile).mtimeMs - dayAgo.getTime()) < 1;
    const fromCache = buildRoutingNetwork({ landmarks: 0 }, dir);
    // A build that found a file unreadable would have computed it and written it again.
    expect(readdirSync(dir).sort()).toEqual(written);
    expect(written.map((f) => statSync(join(dir, f)).ino)).toEqual(inodes);
    // With both masks kept, the build does not read the closed waters' geometry (5 MB of JSON);
    // the first track check does.
    expect(untouched()).toBe(true);

    const expected = answers(computed);
    expect((expected.corinth as { passages: string[] }).passages).toEqual(["corinth"]);
    expect((expected.vancouver as { passages: string[] }).passages).toContain("first-narrows");
    expect((expected.track as { crossesClosedWater: unknown[] }).crossesClosedWater).not.toEqual(
      [],
    );
    expect(expected.onBank).toMatchObject({ error: expect.any(String) });
    expect(answers(fromCache)).toEqual(expected);
    expect(untouched()).toBe(false);

    // Ways out that parse but do not fit the network (a node beyond the grid) are computed again.
    const waysFile = join(dir, written[3] as string);
    writeFileSync(waysFile, JSON.stringify([{ end: 6, node: 1e9, points: [piraeus] }]));
    const recomputed = buildRoutingNetwork({ landmarks: 0 }, dir);
    expect(statSync(waysFile).ino).not.toEqual(inodes[3]);
    const rewritten = JSON.parse(readFileSync(waysFile, "utf8")) as Array<{ node: number }>;
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.map((w) => w.node)).not.toContain(1e9);
    expect(answers(recomputed)).toEqual(expected);

    // A truncated mask and one with a bit flipped in its cells are built again and rewritten,
    // exactly as they were.
    const [fineFile, coarseFile] = written.slice(0, 2).map((f) => join(dir, f));
    const [fineBytes, coarseBytes] = [fineFile, coarseFile].map((f) => readFileSync(f as string));
    writeFileSync(fineFile as string, (fineBytes as Buffer).subarray(0, 1000));
    const flipped = Buffer.from(coarseBytes as Buffer);
    const cell = flipped.length - 2 * 1440 * 720 + 1;
    flipped[cell] = (flipped[cell] as number) ^ 1;
    writeFileSync(coarseFile as string, flipped);
    const rebuilt = buildRoutingNetwork({ landmarks: 0 }, dir);
    expect(readFileSync(fineFile as string).equals(fineBytes as Buffer)).toBe(true);
    expect(readFileSync(coarseFile as string).equals(coarseBytes as Buffer)).toBe(true);
    expect(answers(rebuilt)).toEqual(expected);
  });

  it("keeps a landmark set apart for every option and closure that shapes the graph", () => {
    const keys: string[] = [];
    const sets = new Map<string, { nodes: number[]; distances: Float32Array[] }>();
    const landmarkStore: LandmarkStore = {
      load: (key) => sets.get(key),
      save(key, set) {
        keys.push(key);
        sets.set(key, { nodes: [...set.nodes], distances: [...set.distances] });
      },
    };
    // One landmark: two Dijkstras a set, enough to name the graphs.
    const plain = buildRoutingNetwork({ landmarks: 1, landmarkStore }, dir);
    // The same grid size, other nodes: the grid's size alone would not tell them apart.
    const wider = buildRoutingNetwork(
      { landmarks: 1, landmarkStore, grid: { clearanceNm: 3 } },
      dir,
    );
    expect(wider.base).toBe(plain.base);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    plain.route(request(piraeus, { lat: 1.25, lon: 103.8 }, { avoid: ["suez"] }));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    // The same options name the same graph: its set is read back, not computed again.
    buildRoutingNetwork({ landmarks: 1, landmarkStore }, dir);
    expect(keys).toHaveLength(3);
  });
});
