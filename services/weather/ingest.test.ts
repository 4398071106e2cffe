import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CycleStore } from "./cycle-store";
import { decodeGrib, decodeGribFields } from "./grib/decode";
import { sample } from "./gridded/sample";
import { ingestGribFiles, ingestMemberFiles } from "./ingest";

const FIXTURES = resolve(import.meta.dirname, "../../tests/fixtures/grib");
const complete = ["a", "b"].map((p) => join(FIXTURES, `cycle/complete/gefs-2024011500-${p}.grib2`));
const incomplete = ["a", "b"].map((p) =>
  join(FIXTURES, `cycle/incomplete/gefs-2024011500-${p}.grib2`),
);
const NOW = Date.UTC(2024, 0, 15, 5);
const CYCLE = Date.UTC(2024, 0, 15, 0);

const emptyStore = () => new CycleStore(mkdtempSync(join(tmpdir(), "vr-weather-")));
/** Everything under the store's directory, so "nothing written" can be checked. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));

describe("GRIB2 ingest", () => {
  it("stores a complete ensemble cycle whole and describes it for WeatherCycleLanded", async () => {
    const store = emptyStore();
    const { manifest, landed } = await ingestGribFiles(complete, "gefs", store, NOW);
    expect(manifest).toMatchObject({
      model: "gefs",
      cycle_utc: "2024-01-15T00:00:00.000Z",
      members: [0, 1, 2],
      parameters: ["HTSGW", "UGRD", "VGRD"],
      valid_from_utc: "2024-01-15T00:00:00.000Z",
      valid_to_utc: "2024-01-15T12:00:00.000Z",
      resolution_deg: 1,
      horizon_h: 12,
      source_files: ["gefs-2024011500-a.grib2", "gefs-2024011500-b.grib2"],
    });
    expect(landed).toMatchObject({
      model: "gefs",
      cycle_time: CYCLE,
      members: 3,
      horizon_h: 12,
      synthetic: false,
    });
    expect(await store.manifests()).toEqual([manifest]);

    // A stored member reads back the decoded values: member 2's Hs at 40N 320E, +6 h.
    const fields = decodeGribFields(new Uint8Array(readFileSync(complete[0] as string)));
    const hs = fields.find(
      (f) =>
        f.discipline === 10 &&
        f.product.ensemble?.perturbationNumber === 2 &&
        f.product.validTimeMs === CYCLE + 6 * 3_600_000,
    );
    // Row of 40N (north-to-south file: row 10 of 21), column of 320E (20 of 41).
    const expected = hs?.values[10 * 41 + 20] as number;
    const member2 = await store.member("gefs", CYCLE, 2);
    expect(sample(member2, "HTSGW", 40, -40, CYCLE + 6 * 3_600_000)).toBeCloseTo(expected, 4);
    // Half-way to the next step: linear in time.
    const at12 = sample(member2, "HTSGW", 40, -40, CYCLE + 12 * 3_600_000);
    expect(sample(member2, "HTSGW", 40, -40, CYCLE + 9 * 3_600_000)).toBeCloseTo(
      (expected + at12) / 2,
      4,
    );
  });

  it("refuses a cycle with a member short of a field, and writes nothing", async () => {
    const store = emptyStore();
    await expect(ingestGribFiles(incomplete, "gefs", store, NOW)).rejects.toMatchObject({
      code: "ingest_incomplete_cycle",
      details: { member: 2 },
    });
    expect(tree(store.dir)).toEqual([]);
  });

  it("refuses a truncated file, naming it, and writes nothing", async () => {
    const store = emptyStore();
    const dir = mkdtempSync(join(tmpdir(), "vr-grib-"));
    const cut = join(dir, "cut.grib2");
    const bytes = readFileSync(complete[1] as string);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    copyFileSync(complete[0] as string, join(dir, "a.grib2"));
    await expect(
      ingestGribFiles([join(dir, "a.grib2"), cut], "gefs", store, NOW),
    ).rejects.toMatchObject({
      code: "ingest_bad_grib",
      message: expect.stringContaining("cut.grib2"),
      details: { grib_code: "grib_truncated" },
    });
    expect(tree(store.dir)).toEqual([]);
  });

  it("refuses files of two cycles, an unknown model and a missing file", async () => {
    const store = emptyStore();
    await expect(
      ingestGribFiles(
        [complete[0] as string, join(FIXTURES, "ensemble-products.grib2")],
        "gefs",
        store,
        NOW,
      ),
    ).rejects.toMatchObject({ code: "ingest_mixed_cycles" });
    await expect(ingestGribFiles(complete, "nam", store, NOW)).rejects.toMatchObject({
      code: "ingest_unknown_model",
    });
    await expect(
      ingestGribFiles([join(FIXTURES, "nope.grib2")], "gefs", store, NOW),
    ).rejects.toMatchObject({ code: "ingest_unreadable_file" });
    expect(tree(store.dir)).toEqual([]);
  });

  it("replaces a cycle ingested again, whole", async () => {
    const store = emptyStore();
    await ingestGribFiles(complete, "gefs", store, NOW);
    await ingestGribFiles(complete, "gefs", store, NOW + 1000);
    const manifests = await store.manifests();
    expect(manifests).toHaveLength(1);
    expect(manifests[0]?.ingested_at_utc).toBe(new Date(NOW + 1000).toISOString());
    expect(tree(store.dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
  });

  /** The fixture's files split a file per member (as a feed stages them). */
  function perMember(files: readonly string[]): Map<number, string[]> {
    const dir = mkdtempSync(join(tmpdir(), "vr-members-"));
    const out = new Map<number, string[]>();
    for (const [i, file] of files.entries()) {
      const bytes = readFileSync(file);
      const byMember = new Map<number, Buffer[]>();
      for (const m of decodeGrib(new Uint8Array(bytes))) {
        const member = m.fields[0]?.product.ensemble?.perturbationNumber ?? 0;
        byMember.set(member, [
          ...(byMember.get(member) ?? []),
          bytes.subarray(m.offset, m.offset + m.length),
        ]);
      }
      for (const [member, parts] of byMember) {
        const path = join(dir, `m${member}-${i}.grib2`);
        writeFileSync(path, Buffer.concat(parts));
        out.set(member, [...(out.get(member) ?? []), path]);
      }
    }
    return out;
  }

  it("member by member (a feed's way), stores the same cycle as the whole-cycle ingest", async () => {
    const whole = emptyStore();
    const byMember = emptyStore();
    const a = await ingestGribFiles(complete, "gefs", whole, NOW);
    const b = await ingestMemberFiles(perMember(complete), "gefs", byMember, NOW);
    const { source_files: _a, ...restA } = a.manifest;
    const { source_files: _b, ...restB } = b.manifest;
    expect(restB).toEqual(restA);
    for (const member of [0, 1, 2]) {
      const x = await whole.member("gefs", CYCLE, member);
      const y = await byMember.member("gefs", CYCLE, member);
      expect(sample(y, "HTSGW", 41, -38, CYCLE + 9 * 3_600_000)).toBe(
        sample(x, "HTSGW", 41, -38, CYCLE + 9 * 3_600_000),
      );
      expect(y.parameters.get("UGRD")?.timesMs).toEqual(x.parameters.get("UGRD")?.timesMs);
    }
  });

  it("member by member, refuses a member short of a field or a file of another member, writing nothing", async () => {
    const store = emptyStore();
    await expect(
      ingestMemberFiles(perMember(incomplete), "gefs", store, NOW),
    ).rejects.toMatchObject({ code: "ingest_incomplete_cycle", details: { member: 2 } });
    const files = perMember(complete);
    files.set(0, [...(files.get(0) ?? []), ...(files.get(1) ?? [])]);
    await expect(ingestMemberFiles(files, "gefs", store, NOW)).rejects.toMatchObject({
      code: "ingest_inconsistent_fields",
      details: { member: 0 },
    });
    expect(tree(store.dir)).toEqual([]);
  });
});
