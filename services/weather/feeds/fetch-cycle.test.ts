import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FeedMirror, MIRROR_DIR } from "../../../tests/feed-mirror";
import { MemoryEventBus } from "../../platform/events/memory-bus";
import { MemoryCodec } from "../../platform/events/memory-codec";
import type { ConsumedEvent } from "../../platform/events/port";
import { SchemaCatalog } from "../../platform/events/schema-catalog";
import { TOPIC, topicSpecs } from "../../platform/events/topics";
import { CycleRegistry } from "../cycle-registry";
import { CycleStore } from "../cycle-store";
import { decodeGribFields } from "../grib/decode";
import { sample } from "../gridded/sample";
import { FeedError } from "./errors";
import { type FetchCycleDeps, fetchCycle, latestCompleteCycle } from "./fetch-cycle";
import { parseWgrib2Inventory } from "./inventory";
import { FEEDS, type Feed } from "./layouts";

const H = 3_600_000;
const CYCLE_00 = Date.UTC(2024, 0, 15, 0);
const CYCLE_06 = Date.UTC(2024, 0, 15, 6);
const HTTP = { retries: 2, backoffMs: 5, idleTimeoutMs: 10_000 };
/** The fixtures' ensembles are trimmed: GEFS has members 0-2, ECMWF 0-4. */
const trimmed = (feed: Feed, n: number): Feed => ({ ...feed, members: feed.members.slice(0, n) });

const mirror = new FeedMirror();
let base: string;
beforeAll(async () => {
  base = await mirror.start();
});
afterAll(() => mirror.stop());

let bus: MemoryEventBus;
let landed: ConsumedEvent[];
let store: CycleStore;
let stagingDir: string;
let registry: CycleRegistry;
beforeEach(async () => {
  mirror.requests.length = 0;
  mirror.unpublished.clear();
  mirror.drops.clear();
  mirror.failing.clear();
  mirror.corrupt.clear();
  bus = new MemoryEventBus({ codec: new MemoryCodec(SchemaCatalog.load()) });
  await bus.start(topicSpecs(2));
  landed = [];
  const tap = await bus.subscribe({
    groupId: "tap",
    topics: [TOPIC.weatherCycles],
    fromBeginning: true,
    handleBatch: async (events) => {
      landed.push(...events);
    },
  });
  await tap.ready;
  store = new CycleStore(mkdtempSync(join(tmpdir(), "vr-feed-store-")));
  stagingDir = mkdtempSync(join(tmpdir(), "vr-feed-staging-"));
  registry = new CycleRegistry();
});
afterEach(() => bus.close());

const deps = (feed: Feed, provider: "noaa" | "ecmwf"): FetchCycleDeps => ({
  feed,
  store,
  bus,
  registry,
  stagingDir,
  baseUrl: `${base}/${provider}`,
  http: HTTP,
  now: () => Date.UTC(2024, 0, 15, 12),
});

/** Bytes of the messages of `file` (in the mirror) whose inventory key is one of `keys`. */
function wgribBytes(file: string, keys: (k: string) => boolean): number {
  const entries = parseWgrib2Inventory(readFileSync(join(MIRROR_DIR, `${file}.idx`), "utf8"));
  const size = readFileSync(join(MIRROR_DIR, file)).length;
  return entries.filter((e) => keys(e.key)).reduce((s, e) => s + (e.length ?? size - e.offset), 0);
}

const stagedFiles = () =>
  readdirSync(stagingDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name)
    .sort();

describe("a NOAA feed: GFS with GFS-Wave", () => {
  it("fetches only the wanted ranges, merges atmosphere and waves into one member and lands the cycle once", async () => {
    const result = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3);

    // One WeatherCycleLanded on the in-process bus, the cycle in the store and the registry.
    await expect.poll(() => landed.length).toBe(1);
    expect(landed[0]?.value).toMatchObject({
      event_id: result.landed.event_id,
      model: "gfs",
      cycle_time: CYCLE_00,
      members: 1,
      horizon_h: 3,
      synthetic: false,
    });
    expect(String(landed[0]?.value.source)).toMatch(/^NOAA open data .*gfs-atmos \+ gfs-wave$/);
    expect(registry.latest("gfs")?.cycleMs).toBe(CYCLE_00);
    const [manifest] = await store.manifests();
    // Wind from the atmosphere file (10 m), the sea state from the wave file; the wave model's
    // own surface wind, the secondary swell and the decoys are not fetched.
    expect(manifest?.parameters).toEqual([
      "DIRPW",
      "HTSGW",
      "PERPW",
      "SWDIR",
      "SWELL",
      "SWPER",
      "UGRD",
      "VGRD",
    ]);

    // Bytes: exactly the wanted messages of 4 steps x 2 products, nothing else.
    const wantedAtmos = (k: string) =>
      k === "UGRD:10 m above ground" || k === "VGRD:10 m above ground";
    const wantedWave = (k: string) =>
      ["HTSGW:surface", "PERPW:surface", "DIRPW:surface"].includes(k) ||
      ["SWELL", "SWPER", "SWDIR"].some((n) => k === `${n}:1 in sequence`);
    let expected = 0;
    for (const step of ["000", "001", "002", "003"]) {
      expected += wgribBytes(
        `noaa/gfs.20240115/00/atmos/gfs.t00z.pgrb2.0p25.f${step}`,
        wantedAtmos,
      );
      expected += wgribBytes(
        `noaa/gfs.20240115/00/wave/gridded/gfswave.t00z.global.0p25.f${step}.grib2`,
        wantedWave,
      );
    }
    expect(result).toMatchObject({ steps: 4, files: 8, messages: 32, bytes_fetched: expected });
    expect(result.bytes_total).toBe(expected);

    // Ranges: UGRD and VGRD follow each other, so one request per atmosphere file; the wave file
    // in three runs (HTSGW+PERPW, the swell partition's three fields, DIRPW at the end).
    const f001 = mirror.dataRequests().filter((r) => r.path.includes(".f001"));
    const atmos = f001.filter((r) => r.path.includes("/atmos/"));
    expect(atmos).toHaveLength(1);
    const idx = parseWgrib2Inventory(
      readFileSync(
        join(MIRROR_DIR, "noaa/gfs.20240115/00/atmos/gfs.t00z.pgrb2.0p25.f001.idx"),
        "utf8",
      ),
    );
    const u = idx.find((e) => e.key.startsWith("UGRD")) as { offset: number };
    const p = idx.find((e) => e.key.startsWith("PRMSL")) as { offset: number };
    expect(atmos[0]?.range).toBe(`bytes=${u.offset}-${p.offset - 1}`);
    expect(f001.filter((r) => r.path.includes("/wave/"))).toHaveLength(3);
    // The last message of a wgrib2 inventory ends with the file: its size came from a HEAD.
    expect(
      mirror.requests.filter((r) => r.method === "HEAD" && r.path.endsWith("f001.grib2")),
    ).toHaveLength(1);

    // The stored values are the file's: Hs at 40N 320E, +2 h.
    const file = readFileSync(
      join(MIRROR_DIR, "noaa/gfs.20240115/00/wave/gridded/gfswave.t00z.global.0p25.f002.grib2"),
    );
    const hs = decodeGribFields(new Uint8Array(file)).find(
      (f) => f.product.parameter?.shortName === "HTSGW",
    );
    const member = await store.member("gfs", CYCLE_00, 0);
    expect(sample(member, "HTSGW", 40, -40, CYCLE_00 + 2 * H)).toBeCloseTo(
      hs?.values[10 * 41 + 20] as number,
      4,
    );
    // Nothing staged once landed.
    expect(stagedFiles()).toEqual([]);
  });

  it("fetched twice, a cycle is one event: the second run fetches nothing and publishes the same id", async () => {
    const first = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3);
    const requests = mirror.requests.length;
    const second = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3);
    expect(second.already_stored).toBe(true);
    expect(second.bytes_fetched).toBe(0);
    expect(mirror.requests.length).toBe(requests);
    expect(second.landed.event_id).toBe(first.landed.event_id);
    await expect.poll(() => landed.length).toBe(2);
    expect(new Set(landed.map((e) => e.value.event_id)).size).toBe(1);
    expect(registry.cycles("gfs")).toHaveLength(1);
  });

  it("does not land a cycle still being published: a step answering 404 stops it before any data is fetched", async () => {
    const error = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_06, 3).catch((e) => e);
    expect(error).toBeInstanceOf(FeedError);
    expect(error).toMatchObject({ code: "feed_not_published" });
    expect(error.details).toMatchObject({ missing_count: 2 });
    expect(error.details.missing[0]).toMatch(/gfs\.t06z\.pgrb2\.0p25\.f003\.idx$/);
    expect(mirror.dataRequests()).toEqual([]);
    expect(await store.manifests()).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(landed).toEqual([]);
  });

  it("`latest` is the newest cycle complete on the server", async () => {
    const now = Date.UTC(2024, 0, 15, 12, 30);
    const latest = (toH: number) =>
      latestCompleteCycle(FEEDS.gfs as Feed, now, { baseUrl: `${base}/noaa`, http: HTTP, toH });
    // 12 UTC has nothing, 06 UTC stops at 2 h: to 3 h the newest complete one is 00 UTC...
    expect(await latest(3)).toBe(CYCLE_00);
    // ...and to 2 h, 06 UTC.
    expect(await latest(2)).toBe(CYCLE_06);
    mirror.unpublished.add("noaa/gfs.20240115/00/atmos/gfs.t00z.pgrb2.0p25.f003.idx");
    const none = await latest(3).catch((e) => e);
    expect(none).toMatchObject({ code: "feed_no_complete_cycle" });
    expect(none.details.tried).toHaveLength(8);
  });

  it("resumes a file whose connection dropped mid-body where its bytes stopped", async () => {
    const path = "noaa/gfs.20240115/00/wave/gridded/gfswave.t00z.global.0p25.f001.grib2";
    mirror.drops.set(path, { afterBytes: 700, times: 1 });
    const result = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3);
    const ranges = mirror
      .dataRequests()
      .filter((r) => r.path === path)
      .map((r) => r.range);
    // The first range again, from 700 bytes further on; then the rest as before.
    const first = /^bytes=(\d+)-(\d+)$/.exec(ranges[0] ?? "") as RegExpExecArray;
    expect(ranges[1]).toBe(`bytes=${Number(first[1]) + 700}-${first[2]}`);
    expect(ranges).toHaveLength(4);
    // Not a byte twice: the cycle's bytes are the same as without the fault.
    expect(result.bytes_fetched).toBe(result.bytes_total);
    await expect.poll(() => landed.length).toBe(1);
  });

  it("after a crash, a new fetch keeps the checked files and continues the partial one", async () => {
    const path = "noaa/gfs.20240115/00/atmos/gfs.t00z.pgrb2.0p25.f002";
    // 700 bytes arrive, then the server fails until the fetch gives up: the process "dies".
    mirror.drops.set(path, { afterBytes: 700, times: 1 });
    mirror.failing.set(path, 10);
    const error = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3).catch((e) => e);
    expect(error).toMatchObject({ code: "feed_unreachable" });
    expect(await store.manifests()).toEqual([]);
    const staged = stagedFiles();
    expect(staged).toContain("gfs-atmos.m0.f002.part");
    const kept = staged.filter((f) => f.endsWith(".grib2"));
    expect(kept.length).toBeGreaterThan(0);

    mirror.failing.clear();
    mirror.requests.length = 0;
    const result = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3);
    expect(result.files_resumed).toBe(kept.length);
    // The partial file: one request from byte 700 of its range on.
    const resumed = mirror.dataRequests().filter((r) => r.path === path);
    expect(resumed).toHaveLength(1);
    const idx = parseWgrib2Inventory(readFileSync(join(MIRROR_DIR, `${path}.idx`), "utf8"));
    const u = idx.find((e) => e.key.startsWith("UGRD")) as { offset: number };
    expect(resumed[0]?.range).toMatch(new RegExp(`^bytes=${u.offset + 700}-`));
    // Files kept by the first run are not fetched again.
    const fileOf = (p: string) =>
      `${p.includes("/wave/") ? "gfs-wave" : "gfs-atmos"}.m0.f${/\.f(\d{3})/.exec(p)?.[1]}.grib2`;
    const refetched = mirror.dataRequests().map((r) => fileOf(r.path));
    expect(refetched.filter((f) => kept.includes(f))).toEqual([]);
    await expect.poll(() => landed.length).toBe(1);
    expect(stagedFiles()).toEqual([]);
  });

  it("refuses a cycle with a corrupt message: fetched again once, then nothing lands", async () => {
    const path = "noaa/gfs.20240115/00/atmos/gfs.t00z.pgrb2.0p25.f002";
    const idx = parseWgrib2Inventory(readFileSync(join(MIRROR_DIR, `${path}.idx`), "utf8"));
    const v = idx.find((e) => e.key.startsWith("VGRD")) as { offset: number };
    mirror.corrupt.set(path, v.offset); // "GRIB" no longer starts the message
    const error = await fetchCycle(deps(FEEDS.gfs as Feed, "noaa"), CYCLE_00, 3).catch((e) => e);
    expect(error).toMatchObject({ code: "feed_bad_grib" });
    expect(error.message).toContain(path);
    expect(mirror.dataRequests().filter((r) => r.path === path)).toHaveLength(2);
    expect(await store.manifests()).toEqual([]);
    expect(stagedFiles().filter((f) => f.includes("f002") && f.startsWith("gfs-atmos"))).toEqual(
      [],
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(landed).toEqual([]);
  });
});

describe("a NOAA ensemble feed: GEFS with GEFS-Wave, one file per member", () => {
  it("merges each member's wind (0.5 degree in GEFS, 2 here) and waves (1 degree) into that member", async () => {
    const result = await fetchCycle(deps(trimmed(FEEDS.gefs as Feed, 3), "noaa"), CYCLE_00, 3);
    expect(result).toMatchObject({ steps: 2, files: 12 });
    const [manifest] = await store.manifests();
    expect(manifest).toMatchObject({ model: "gefs", members: [0, 1, 2], resolution_deg: 1 });
    const member2 = await store.member("gefs", CYCLE_00, 2);
    expect(member2.parameters.get("UGRD")?.grid.dlat).toBe(2);
    expect(member2.parameters.get("HTSGW")?.grid.dlat).toBe(1);
    expect(
      mirror
        .dataRequests()
        .some((r) => r.path.endsWith("gefs.wave.t00z.p02.global.0p25.f003.grib2")),
    ).toBe(true);
    await expect.poll(() => landed.length).toBe(1);
    expect(landed[0]?.value).toMatchObject({ model: "gefs", members: 3, horizon_h: 3 });
  });
});

describe("an ECMWF feed: ENS with its wave ensemble, every member in each file", () => {
  it("fetches each member's 10u/10v and swh/mwp/mwd by range from the .index and lands the cycle", async () => {
    const result = await fetchCycle(
      deps(trimmed(FEEDS["ecmwf-ens"] as Feed, 5), "ecmwf"),
      CYCLE_00,
      6,
    );
    await expect.poll(() => landed.length).toBe(1);
    expect(landed[0]?.value).toMatchObject({
      model: "ecmwf-ens",
      cycle_time: CYCLE_00,
      members: 5,
      horizon_h: 6,
    });
    const [manifest] = await store.manifests();
    // ECMWF's swh, mwp, mwd are NCEP's HTSGW, MWSPER, WWSDIR; 2t, msl and pp1d are not fetched.
    expect(manifest?.parameters).toEqual(["HTSGW", "MWSPER", "UGRD", "VGRD", "WWSDIR"]);
    expect(result).toMatchObject({ steps: 3, files: 6, messages: 75 });
    // Per member one range in each file: 10u+10v, and swh+mwp+mwd, are adjacent.
    const step3 = mirror.dataRequests().filter((r) => r.path.includes("-3h-"));
    expect(step3.filter((r) => r.path.includes("enfo"))).toHaveLength(5);
    expect(step3.filter((r) => r.path.includes("waef"))).toHaveLength(5);
    const index = readFileSync(
      join(MIRROR_DIR, "ecmwf/20240115/00z/ifs/0p25/enfo/20240115000000-3h-enfo-ef.index"),
      "utf8",
    )
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const u = index.find((l) => l.param === "10u" && l.number === "3");
    const v = index.find((l) => l.param === "10v" && l.number === "3");
    expect(step3.map((r) => r.range)).toContain(`bytes=${u._offset}-${v._offset + v._length - 1}`);
    const wanted = index.filter((l) => l.param === "10u" || l.param === "10v");
    expect(wanted).toHaveLength(10);
  });

  it("an index that lacks a member's field is not the whole product: nothing lands", async () => {
    const error = await fetchCycle(
      deps(trimmed(FEEDS["ecmwf-ens"] as Feed, 6), "ecmwf"),
      CYCLE_00,
      0,
    ).catch((e) => e);
    expect(error).toMatchObject({ code: "feed_bad_inventory" });
    expect(error.message).toMatch(/lacks (10u|swh) \(member 5\)/);
    expect(await store.manifests()).toEqual([]);
  });
});
