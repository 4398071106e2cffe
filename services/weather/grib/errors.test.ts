import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gribFixture } from "../../../tests/fixtures/grib/load";
import { decodeGrib } from "./decode";
import { GribError } from "./errors";
import { type MessageSpan, type SectionSpan, splitMessages } from "./framing";

// Broken inputs are made here from good fixtures, a few bytes at a time, so each test names the
// one thing that is wrong and the byte where the decoder must report it.

function errorOf(bytes: Uint8Array): GribError {
  try {
    decodeGrib(bytes);
  } catch (e) {
    if (e instanceof GribError) return e;
    throw e;
  }
  throw new Error("decodeGrib accepted the input");
}

function messagesOf(name: string): { bytes: Uint8Array; messages: MessageSpan[] } {
  const bytes = gribFixture(name);
  return { bytes, messages: splitMessages(bytes) };
}

function section(message: MessageSpan | undefined, number: number): SectionSpan {
  const found = message?.sections.find((s) => s.number === number);
  if (!found) throw new Error(`no section ${number}`);
  return found;
}

function writeUint32(bytes: Uint8Array, at: number, value: number): void {
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, false);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe("truncated input", () => {
  it("rejects an empty input", () => {
    expect(errorOf(new Uint8Array(0)).code).toBe("grib_truncated");
  });

  it("rejects a file cut inside its last message, at that message's offset", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const last = messages[messages.length - 1] as MessageSpan;
    const error = errorOf(bytes.slice(0, bytes.length - 100));
    expect(error.code).toBe("grib_truncated");
    expect(error.details).toMatchObject({
      offset: last.offset,
      declaredLength: last.length,
      available: last.length - 100,
    });
    expect(error.message).toContain(`byte ${last.offset}`);
  });

  it("rejects a file cut inside the indicator section", () => {
    const error = errorOf(gribFixture("wind-n2s-simple.grib2").slice(0, 10));
    expect(error.code).toBe("grib_truncated");
    expect(error.details.offset).toBe(0);
  });

  it("rejects the whole input, not just the bad part, when a later message is cut", () => {
    const good = gribFixture("wind-s2n-simple.grib2");
    const cut = gribFixture("global-2p5-complex.grib2").slice(0, 3000);
    const error = errorOf(concat(good, cut));
    expect(error.code).toBe("grib_truncated");
    expect(error.details.offset).toBe(good.length);
  });
});

describe("corrupt input", () => {
  it('rejects a bad "GRIB" magic at the start', () => {
    const bytes = gribFixture("wind-n2s-simple.grib2");
    bytes[0] = 0x58; // "X"
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(0);
  });

  it('rejects a bad "GRIB" magic of the second message, at its offset', () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const second = messages[1] as MessageSpan;
    bytes[second.offset + 1] = 0;
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(second.offset);
  });

  it('rejects a message without its "7777" end', () => {
    const { bytes, messages } = messagesOf("wind-s2n-simple.grib2");
    const only = messages[0] as MessageSpan;
    bytes[only.length - 1] = 0x36;
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(only.length - 4);
    expect(error.message).toContain("7777");
  });

  it("rejects a total length that disagrees with where the message ends", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const first = messages[0] as MessageSpan;
    writeUint32(bytes, 12, first.length - 8);
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(first.length - 8 - 4);
  });

  it("rejects a section whose length runs past the end of the message", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const grid = section(messages[0], 3);
    writeUint32(bytes, grid.offset, 0x7fffffff);
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details).toMatchObject({ offset: grid.offset, section: 3 });
  });

  it("rejects a section shorter than its own header", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const product = section(messages[0], 4);
    writeUint32(bytes, product.offset, 3);
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(product.offset);
  });

  it("rejects sections out of order", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const product = section(messages[0], 4);
    bytes[product.offset + 4] = 6;
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details).toMatchObject({ offset: product.offset, section: 6, previousSection: 3 });
  });

  it("rejects a data section too short for the values section 5 declares", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    bytes[section(messages[0], 5).offset + 19] = 24; // bits per value, octet 20: 12 -> 24
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(section(messages[0], 7).offset);
  });

  it("rejects a bitmap that disagrees with the number of packed values", () => {
    const { bytes, messages } = messagesOf("waves-s2n-bitmap.grib2");
    const representation = section(messages[0], 5);
    writeUint32(bytes, representation.offset + 5, 400); // octets 6-9: 401 values -> 400
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(representation.offset);
  });

  it("rejects complex packing whose group lengths do not add up", () => {
    const { bytes, messages } = messagesOf("global-2p5-complex.grib2");
    const representation = section(messages[0], 5);
    const lastLength = representation.offset + 42; // octets 43-46, true length of last group
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    view.setUint32(lastLength, view.getUint32(lastLength) + 1);
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(section(messages[0], 7).offset);
  });

  it("rejects bytes after the last message, but accepts zero padding", () => {
    const good = gribFixture("wind-s2n-simple.grib2");
    const error = errorOf(concat(good, new Uint8Array([0x0a])));
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(good.length);
    expect(decodeGrib(concat(good, new Uint8Array(64)))).toHaveLength(1);
  });
});

describe("unsupported input", () => {
  it("names a rotated latitude/longitude grid (3.1, patched in)", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const grid = section(messages[0], 3);
    bytes[grid.offset + 13] = 1; // octets 13-14, grid definition template number
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_unsupported_template");
    expect(error.details).toMatchObject({ section: 3, template: 1, offset: grid.offset + 12 });
    expect(error.message).toContain("3.1 (rotated latitude/longitude)");
    expect(error.message).toContain("supported: 3.0, 3.40");
  });

  it("names IEEE floating point packing (5.4, patched in)", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const representation = section(messages[0], 5);
    bytes[representation.offset + 10] = 4; // octets 10-11, data representation template number
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_unsupported_template");
    expect(error.details).toMatchObject({
      section: 5,
      template: 4,
      name: "IEEE floating point",
      offset: representation.offset + 9,
    });
  });

  it("rejects GRIB edition 1", () => {
    const error = errorOf(gribFixture("unsupported-edition1.grib1"));
    expect(error.code).toBe("grib_unsupported_edition");
    expect(error.details).toMatchObject({ offset: 0, edition: 1 });
  });

  it("rejects a product template it does not read (4.2 patched in)", () => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    const product = section(messages[0], 4);
    bytes[product.offset + 8] = 2; // octets 8-9, product definition template number
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_unsupported_template");
    expect(error.details).toMatchObject({ section: 4, template: 2, offset: product.offset + 7 });
  });

  it.each([
    [0x10, "alternate rows"],
    [0x08, "staggered rows"],
  ])("rejects scanning mode bits %i (%s)", (bits) => {
    const { bytes, messages } = messagesOf("wind-n2s-simple.grib2");
    bytes[section(messages[0], 3).offset + 71] = bits; // octet 72, scanning mode
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_unsupported_feature");
    expect(error.details).toMatchObject({ feature: "scanning mode", value: bits });
  });

  it("returns nothing from a file with one unsupported message among good ones", () => {
    const error = errorOf(
      concat(gribFixture("wind-s2n-simple.grib2"), gribFixture("unsupported-edition1.grib1")),
    );
    expect(error.code).toBe("grib_unsupported_edition");
    expect(error.details.offset).toBe(gribFixture("wind-s2n-simple.grib2").length);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("GribError");
  });
});

/**
 * Message `index` of fixture `name` alone, its data section's data replaced by `edit(data)`: the
 * lengths of section 7 and of the message are rewritten, so only the packed data is wrong.
 */
function withData(
  name: string,
  index: number,
  edit: (data: Uint8Array) => Uint8Array,
): { bytes: Uint8Array; dataSection: number; data: number } {
  const { bytes, messages } = messagesOf(name);
  const message = messages[index] as MessageSpan;
  const data7 = section(message, 7);
  const head = bytes.slice(message.offset, data7.offset);
  const data = edit(bytes.slice(data7.offset + 5, data7.offset + data7.length));
  const header7 = new Uint8Array(5);
  writeUint32(header7, 0, 5 + data.length);
  header7[4] = 7;
  const out = concat(head, header7, data, new TextEncoder().encode("7777"));
  writeUint32(out, 8, 0); // octets 9-16, total length (8 octets)
  writeUint32(out, 12, out.length);
  const dataSection = data7.offset - message.offset;
  return { bytes: out, dataSection, data: dataSection + 5 };
}

describe("JPEG 2000, PNG and CCSDS data refused when broken", () => {
  it.each([
    ["jpeg2000.grib2", "JPEG 2000"],
    ["png.grib2", "PNG"],
  ])("%s: a cut image is refused at its data section", (name, what) => {
    const { bytes, dataSection } = withData(name, 0, (d) => d.slice(0, d.length >> 1));
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(dataSection);
    expect(error.message).toContain(what);
  });

  it("jpeg2000.grib2: a code stream with a broken header is refused", () => {
    const { bytes, dataSection } = withData("jpeg2000.grib2", 0, (d) => {
      d.fill(0x55, 0, 12); // the SOC and SIZ markers
      return d;
    });
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(dataSection);
  });

  it("png.grib2: a PNG whose image data fails its checksum is refused", () => {
    const { bytes, dataSection } = withData("png.grib2", 0, (d) => {
      d[d.length - 20] = (d[d.length - 20] as number) ^ 0xff; // inside the last IDAT chunk
      return d;
    });
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(dataSection);
  });

  it("png.grib2: a well-formed image of the wrong size is refused", () => {
    // 21 x 21 patched to 21 x 20 (IHDR height, PNG bytes 20-23) and the IHDR's CRC recomputed.
    const { bytes, dataSection } = withData("png.grib2", 0, (d) => {
      d[23] = 20;
      writeUint32(d, 29, crc32(d.subarray(12, 29)));
      return d;
    });
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details).toMatchObject({ offset: dataSection, width: 21, height: 20 });
  });

  it.each([
    [0, "12 bits, preprocessor on"],
    [1, "12 bits, preprocessor off"],
    [10, "32 bits"],
    [19, "9 bits, 7515 values with a bitmap"],
  ])("ccsds.grib2 message %i (%s): a cut stream is refused inside its data", (index) => {
    const { bytes, data } = withData("ccsds.grib2", index, (d) => d.slice(0, d.length - 8));
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.message).toContain("CCSDS");
    expect(error.details.offset).toBeGreaterThanOrEqual(data);
    expect(error.details.offset).toBeLessThanOrEqual(bytes.length - 4);
  });

  it("ccsds.grib2: an empty stream is refused at its first byte", () => {
    const { bytes, data } = withData("ccsds.grib2", 0, () => new Uint8Array(0));
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(data);
  });

  it.each([
    [23, 12, "CCSDS block size"],
    [24, 0, "CCSDS reference sample interval"],
  ])("ccsds.grib2: octet %i patched to %i is refused", (octet, value, feature) => {
    const { bytes, messages } = messagesOf("ccsds.grib2");
    const representation = section(messages[0], 5);
    const one = bytes.slice(0, (messages[0] as MessageSpan).length);
    one[representation.offset + octet - 1] = value;
    if (octet === 24) one[representation.offset + 24] = 0; // octets 24-25, both bytes
    const error = errorOf(one);
    expect(error.code).toBe("grib_unsupported_feature");
    expect(error.details).toMatchObject({ feature, value });
    expect(error.details.offset).toBe(section(messages[0], 7).offset + 5);
  });
});

describe("quasi-regular grids refused when broken or out of reach", () => {
  /** reduced-ll.grib2's first message alone, and its grid section. */
  function reduced(): { bytes: Uint8Array; grid: SectionSpan } {
    const { bytes, messages } = messagesOf("reduced-ll.grib2");
    const first = messages[0] as MessageSpan;
    return { bytes: bytes.slice(0, first.length), grid: section(first, 3) };
  }

  it("rejects rows that do not add up to the grid's points, at the list", () => {
    const { bytes, grid } = reduced();
    const list = grid.offset + 72; // octet 73, the first row's entry (2 octets)
    bytes[list + 5] = (bytes[list + 5] as number) + 1; // the third row: 12 points -> 13
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(list);
  });

  it("rejects a list longer than its section", () => {
    const { bytes, grid } = reduced();
    bytes[grid.offset + 37] = 200; // octets 35-38, Nj: 37 rows -> 200
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(grid.offset);
  });

  it.each([
    [12, 3, "interpretation of list of numbers"],
    [72, 0x80, "scanning mode"],
  ])("refuses octet %i = %i (%s)", (octet, value, feature) => {
    const { bytes, grid } = reduced();
    bytes[grid.offset + octet - 1] = value;
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_unsupported_feature");
    expect(error.details).toMatchObject({ offset: grid.offset + octet - 1, feature, value });
  });

  it("rejects list entries of 3 octets", () => {
    const { bytes, grid } = reduced();
    bytes[grid.offset + 10] = 3; // octet 11
    const error = errorOf(bytes);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(grid.offset + 10);
  });
});

describe("Gaussian grids refused when their rows do not fit", () => {
  it("rejects latitudes that are not those of the stated N", () => {
    const { bytes, messages } = messagesOf("gaussian.grib2");
    const grid = section(messages[0], 3);
    const one = bytes.slice(0, (messages[0] as MessageSpan).length);
    writeUint32(one, grid.offset + 67, 33); // octets 68-71, N: 32 -> 33
    const error = errorOf(one);
    expect(error.code).toBe("grib_corrupt");
    expect(error.details.offset).toBe(grid.offset + 46); // octet 47, the first latitude
    expect(error.message).toContain("N = 33");
  });
});
