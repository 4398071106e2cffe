import { describe, expect, it } from "vitest";
import { gribFixture } from "../../../tests/fixtures/grib/load";
import { decodeGrib } from "../grib/decode";
import { crc32 } from "./crc32";
import { decodeGridded, encodeGridded } from "./encoding";
import { GriddedError } from "./errors";
import { fromGribMessages } from "./from-grib";
import { sample } from "./sample";
import type { GriddedField } from "./types";

function gribField(...names: string[]): GriddedField {
  return fromGribMessages(names.flatMap((n) => decodeGrib(gribFixture(n))));
}

function errorOf(bytes: Uint8Array): GriddedError {
  try {
    decodeGridded(bytes);
  } catch (e) {
    if (e instanceof GriddedError) return e;
    throw e;
  }
  throw new Error("decodeGridded accepted the bytes");
}

/** Rewrites the header (keeping the planes) and re-seals the checksum: damage a CRC cannot see. */
function withHeader(
  bytes: Uint8Array,
  edit: (header: Record<string, unknown>) => unknown,
): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength)));
  const planesAt = Math.ceil((12 + headerLength) / 4) * 4;
  const planes = bytes.subarray(planesAt, bytes.length - 4);
  const newHeader = new TextEncoder().encode(JSON.stringify(edit(header)));
  const newPlanesAt = Math.ceil((12 + newHeader.length) / 4) * 4;
  const out = new Uint8Array(newPlanesAt + planes.length + 4);
  out.set(bytes.subarray(0, 8));
  new DataView(out.buffer).setUint32(8, newHeader.length, true);
  out.set(newHeader, 12);
  out.set(planes, newPlanesAt);
  new DataView(out.buffer).setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)), true);
  return out;
}

describe("encodeGridded / decodeGridded", () => {
  it("round-trips a field exactly: label, parameters, grids, times and every value (NaN too)", () => {
    const field = gribField("global-2p5-complex.grib2", "currents-west-scan.grib2");
    const bytes = encodeGridded(field);
    const back = decodeGridded(bytes);
    expect(back.label).toBe(field.label);
    expect([...back.parameters.keys()]).toEqual([...field.parameters.keys()]);
    for (const [name, p] of field.parameters) {
      const q = back.parameters.get(name);
      expect(q?.kind).toBe(p.kind);
      expect(q?.grid).toEqual(p.grid);
      expect(Array.from(q?.timesMs ?? [])).toEqual(Array.from(p.timesMs));
      expect(q?.planes.length).toBe(p.planes.length);
      p.planes.forEach((plane, t) => {
        const decoded = q?.planes[t] as Float32Array;
        // Bit for bit, so NaN positions (the land mask) survive too.
        expect(new Uint8Array(decoded.buffer)).toEqual(
          new Uint8Array(plane.buffer, plane.byteOffset, plane.byteLength),
        );
      });
    }
    const t = Date.UTC(2024, 2, 2);
    expect(sample(back, "HTSGW", -45.6, 185.3, t)).toBe(sample(field, "HTSGW", -45.6, 185.3, t));
    expect(sample(back, "HTSGW", -45.6, 185.3, t)).not.toBeNaN();
    // Header plus raw Float32: the encoding is about 4 bytes a value.
    const values = [...field.parameters.values()].reduce(
      (n, p) => n + p.planes.length * p.grid.nx * p.grid.ny,
      0,
    );
    expect(bytes.length).toBeLessThan(values * 4 + 2048);
  });

  it("decodes from a view into a larger, unaligned buffer", () => {
    const bytes = encodeGridded(gribField("wind-s2n-simple.grib2"));
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    const back = decodeGridded(padded.subarray(1, 1 + bytes.length));
    expect(back.parameters.get("UGRD")?.planes[0]).toEqual(
      decodeGridded(bytes).parameters.get("UGRD")?.planes[0],
    );
  });

  it("uses the standard CRC-32 (check value of '123456789' is 0xCBF43926)", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

describe("decodeGridded rejects damaged bytes", () => {
  const good = encodeGridded(gribField("wind-n2s-simple.grib2"));

  it.each([
    ["the magic", 1],
    ["the header", 20],
    ["a plane", Math.floor(good.length / 2)],
    ["the last value", good.length - 5],
    ["the checksum", good.length - 1],
  ])("a flipped bit in %s", (_what, at) => {
    const bytes = good.slice();
    bytes[at] = (bytes[at] as number) ^ 0x10;
    expect(errorOf(bytes).code).toBe("gridded_corrupt");
  });

  it("a truncated or empty input", () => {
    expect(errorOf(good.slice(0, good.length - 4)).code).toBe("gridded_corrupt");
    expect(errorOf(good.slice(0, 10)).code).toBe("gridded_corrupt");
    expect(errorOf(new Uint8Array(0)).code).toBe("gridded_corrupt");
  });

  it("a format version it does not know", () => {
    const bytes = good.slice();
    new DataView(bytes.buffer).setUint32(4, 2, true);
    const error = errorOf(bytes);
    expect(error.code).toBe("gridded_unsupported_version");
    expect(error.details).toMatchObject({ version: 2, supported: 1 });
  });

  it("a sealed header that does not describe a field, or describes other planes", () => {
    const notAField = withHeader(good, () => ({ label: "x", parameters: [{ name: "U" }] }));
    expect(errorOf(notAField).code).toBe("gridded_corrupt");
    const morePlanes = withHeader(good, (h) => {
      const [first] = h.parameters as { timesMs: number[] }[];
      first?.timesMs.push(Date.UTC(2030, 0, 1));
      return h;
    });
    const error = errorOf(morePlanes);
    expect(error.code).toBe("gridded_corrupt");
    expect(error.message).toContain("planes");
    const backwards = withHeader(good, (h) => {
      const [first] = h.parameters as { timesMs: number[] }[];
      first?.timesMs.reverse();
      return h;
    });
    expect(errorOf(backwards).code).toBe("gridded_corrupt");
    // Re-sealing an unchanged header gives an input that decodes: the helper itself is sound.
    expect(decodeGridded(withHeader(good, (h) => h)).parameters.size).toBe(2);
  });
});
