import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LatLon } from "../engine/geo/types";
import type { RouteRequest, RoutingNetwork } from "../engine/routing/router";
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

  it("routes exactly as a network that computed everything, and writes nothing more", () => {
    const dir = freshDir();
    // Without landmarks, which have their own cache (landmark-store.ts) and take seconds more.
    const computed = buildRoutingNetwork({ landmarks: 0 }, dir);
    const written = readdirSync(dir).sort();
    expect(written).toEqual([
      expect.stringMatching(/^network-geometry-[0-9a-f]{20}\.json$/),
      expect.stringMatching(/^passage-ways-out-[0-9a-f]{20}-[0-9]+-[0-9a-f]+\.json$/),
    ]);
    const inodes = written.map((f) => statSync(join(dir, f)).ino);
    const fromCache = buildRoutingNetwork({ landmarks: 0 }, dir);
    // A build that found a file unreadable would have computed it and written it again.
    expect(readdirSync(dir).sort()).toEqual(written);
    expect(written.map((f) => statSync(join(dir, f)).ino)).toEqual(inodes);

    const expected = answers(computed);
    expect((expected.corinth as { passages: string[] }).passages).toEqual(["corinth"]);
    expect((expected.vancouver as { passages: string[] }).passages).toContain("first-narrows");
    expect((expected.track as { crossesClosedWater: unknown[] }).crossesClosedWater).not.toEqual(
      [],
    );
    expect(expected.onBank).toMatchObject({ error: expect.any(String) });
    expect(answers(fromCache)).toEqual(expected);

    // Ways out that parse but do not fit the network (a node beyond the grid) are computed again.
    const waysFile = join(dir, written[1] as string);
    writeFileSync(waysFile, JSON.stringify([{ end: 6, node: 1e9, points: [piraeus] }]));
    const recomputed = buildRoutingNetwork({ landmarks: 0 }, dir);
    expect(statSync(waysFile).ino).not.toEqual(inodes[1]);
    const rewritten = JSON.parse(readFileSync(waysFile, "utf8")) as Array<{ node: number }>;
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.map((w) => w.node)).not.toContain(1e9);
    expect(answers(recomputed)).toEqual(expected);
  });
});
