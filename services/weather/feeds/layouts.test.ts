import { describe, expect, it } from "vitest";
import {
  InventoryError,
  mergeRanges,
  NeedsFileSize,
  parseEcmwfIndex,
  parseWgrib2Inventory,
  selectMessages,
} from "./inventory";
import { FEEDS, type Feed, filesOfStep, inventoryPath, stepsOf, urlOf } from "./layouts";

const gfs = FEEDS.gfs as Feed;
const gefs = FEEDS.gefs as Feed;
const ens = FEEDS["ecmwf-ens"] as Feed;
const T12 = Date.UTC(2026, 8, 20, 12);

describe("provider layouts (docs/weather.md gives the sources)", () => {
  it("paths as NOAA publishes GFS and GFS-Wave, with their .idx", () => {
    const [atmos, wave] = gfs.products.map((p) => filesOfStep(gfs, p, T12, 123)[0]?.path);
    expect(atmos).toBe("gfs.20260920/12/atmos/gfs.t12z.pgrb2.0p25.f123");
    expect(wave).toBe("gfs.20260920/12/wave/gridded/gfswave.t12z.global.0p25.f123.grib2");
    expect(inventoryPath(gfs.products[1] as never, wave as string)).toBe(`${wave}.idx`);
  });

  it("paths as NOAA publishes GEFS and GEFS-Wave: one file per member, c00 and p01-p30", () => {
    const files = gefs.products.map((p) => filesOfStep(gefs, p, T12, 246).map((f) => f.path));
    expect(files[0]).toHaveLength(31);
    expect(files[0]?.[0]).toBe("gefs.20260920/12/atmos/pgrb2ap5/gec00.t12z.pgrb2a.0p50.f246");
    expect(files[0]?.[30]).toBe("gefs.20260920/12/atmos/pgrb2ap5/gep30.t12z.pgrb2a.0p50.f246");
    expect(files[1]?.[5]).toBe(
      "gefs.20260920/12/wave/gridded/gefs.wave.t12z.p05.global.0p25.f246.grib2",
    );
  });

  it("paths as ECMWF publishes ENS and its waves: one file per step, every member, and .index", () => {
    const [enfo, waef] = ens.products.map((p) => filesOfStep(ens, p, T12, 150));
    expect(enfo?.[0]).toEqual({
      path: "20260920/12z/ifs/0p25/enfo/20260920120000-150h-enfo-ef.grib2",
      members: ens.members,
    });
    expect(waef?.[0]?.path).toBe("20260920/12z/ifs/0p25/waef/20260920120000-150h-waef-ef.grib2");
    expect(inventoryPath(ens.products[0] as never, enfo?.[0]?.path as string)).toBe(
      "20260920/12z/ifs/0p25/enfo/20260920120000-150h-enfo-ef.index",
    );
    expect(ens.members).toHaveLength(51);
  });

  it("step lists: GFS hourly to 120 h then 3-hourly to 384; GEFS 3-hourly to 240 then 6-hourly; ENS 3-hourly to 144 then 6-hourly to 360", () => {
    const g = stepsOf(gfs, T12);
    expect(g.length).toBe(121 + 88);
    expect(g.slice(119, 123)).toEqual([119, 120, 123, 126]);
    expect(g.at(-1)).toBe(384);
    const e = stepsOf(gefs, T12);
    expect(e.length).toBe(81 + 24);
    expect(e.slice(79, 82)).toEqual([237, 240, 246]);
    const n = stepsOf(ens, T12);
    expect(n.length).toBe(49 + 36);
    expect(n.slice(47, 50)).toEqual([141, 144, 150]);
    expect(n.at(-1)).toBe(360);
    expect(stepsOf(ens, T12, 10)).toEqual([0, 3, 6, 9]);
    expect(ens.cycleHours).toEqual([0, 12]);
  });

  it("a base URL replaces the root and keeps the layout below it", () => {
    expect(urlOf("http://mirror.local/noaa/", "gfs.20260920/12/atmos/x")).toBe(
      "http://mirror.local/noaa/gfs.20260920/12/atmos/x",
    );
  });
});

describe("inventories", () => {
  const idx = [
    "1:0:d=2026092012:TMP:2 m above ground:anl:",
    "2:100:d=2026092012:UGRD:10 m above ground:anl:",
    "3:250:d=2026092012:VGRD:10 m above ground:anl:",
    "4.1:400:d=2026092012:UGRD:surface:anl:",
    "4.2:400:d=2026092012:VGRD:surface:anl:",
    "5:600:d=2026092012:HTSGW:surface:anl:",
    "",
  ].join("\n");

  it("wgrib2: a message ends where the next begins; fields of one message share it; the last has no length", () => {
    const entries = parseWgrib2Inventory(idx);
    expect(entries.map((e) => [e.key, e.offset, e.length])).toEqual([
      ["TMP:2 m above ground", 0, 100],
      ["UGRD:10 m above ground", 100, 150],
      ["VGRD:10 m above ground", 250, 150],
      ["UGRD:surface", 400, 200],
      ["VGRD:surface", 400, 200],
      ["HTSGW:surface", 600, undefined],
    ]);
    expect(() => parseWgrib2Inventory("not an inventory")).toThrow(InventoryError);
  });

  it("selects the wanted messages, asks for the file size for the last one, merges adjacent ranges", () => {
    const wave = gfs.products[1] as never;
    const atmos = gfs.products[0] as never;
    const entries = parseWgrib2Inventory(idx);
    const wind = selectMessages(atmos, entries, [0]);
    expect(mergeRanges(wind)).toEqual([{ start: 100, end: 400 }]);
    expect(() => selectMessages(wave, entries, [0])).toThrow(NeedsFileSize);
    expect(mergeRanges(selectMessages(wave, entries, [0], 900))).toEqual([
      { start: 600, end: 900 },
    ]);
    expect(() => selectMessages(wave, entries.slice(0, 5), [0], 900)).toThrow(
      /lacks HTSGW:surface/,
    );
  });

  it("ECMWF: JSON lines; cf is member 0, pf its number; only the members asked for", () => {
    const lines = [
      { type: "cf", param: "10u", _offset: 0, _length: 10 },
      { type: "cf", param: "10v", _offset: 10, _length: 10 },
      { type: "pf", number: "1", param: "10u", _offset: 20, _length: 10 },
      { type: "pf", number: "1", param: "10v", _offset: 30, _length: 10 },
      { type: "pf", number: "2", param: "10u", _offset: 40, _length: 10 },
      { type: "pf", number: "2", param: "10v", _offset: 50, _length: 10 },
    ].map((l) => JSON.stringify({ domain: "g", stream: "enfo", step: "0", levtype: "sfc", ...l }));
    const entries = parseEcmwfIndex(lines.join("\n"));
    expect(entries.map((e) => e.member)).toEqual([0, 0, 1, 1, 2, 2]);
    const picked = selectMessages(ens.products[0] as never, entries, [0, 2]);
    expect(mergeRanges(picked)).toEqual([
      { start: 0, end: 20 },
      { start: 40, end: 60 },
    ]);
    expect(() => parseEcmwfIndex('{"param": "10u"}')).toThrow(/not an ECMWF index line/);
  });
});
