import { describe, expect, it } from "vitest";
import { buildLandMask } from "./land-mask";
import { bufferLines } from "./line-buffer";

describe("bufferLines", () => {
  // A bent line near the Swain Reefs: east, then north-east.
  const line: Array<[number, number]> = [
    [151.8, -21.5],
    [152.0, -21.5],
    [152.2, -21.3],
  ];
  const mask = buildLandMask(bufferLines([line], 0.3), { source: "test reef" });

  it("makes land of the line and a band round it, and leaves water beyond the band", () => {
    expect(mask.isLand({ lat: -21.5, lon: 151.9 })).toBe(true);
    // 0.2 nm north of the line is inside the 0.3 nm band; 0.5 nm north is outside.
    expect(mask.isLand({ lat: -21.5 + 0.2 / 60, lon: 151.9 })).toBe(true);
    expect(mask.isLand({ lat: -21.5 + 0.5 / 60, lon: 151.9 })).toBe(false);
    expect(mask.isLand({ lat: -21.5 - 0.5 / 60, lon: 151.9 })).toBe(false);
    // The bend is covered on its outer side too.
    expect(mask.isLand({ lat: -21.5 - 0.2 / 60, lon: 152.0 })).toBe(true);
  });

  it("stops a path that crosses the line, and lets one past its end go", () => {
    expect(mask.pathHitsLand({ lat: -21.6, lon: 151.9 }, { lat: -21.4, lon: 151.9 })).toBe(true);
    expect(mask.pathHitsLand({ lat: -21.6, lon: 151.7 }, { lat: -21.4, lon: 151.7 })).toBe(false);
  });

  it("merges crossing lines into disjoint polygons, so parity cannot reopen their overlap", () => {
    const cross = bufferLines(
      [
        [
          [150, -20],
          [150.2, -20],
        ],
        [
          [150.1, -20.1],
          [150.1, -19.9],
        ],
      ],
      0.3,
    );
    expect(cross).toHaveLength(1);
    const crossMask = buildLandMask(cross, { source: "test cross" });
    expect(crossMask.isLand({ lat: -20, lon: 150.1 })).toBe(true);
  });

  it("bands a line that doubles back on itself (one of the Swain Reefs lines does)", () => {
    // The mitred ring would cross itself here; the line is halved until each piece makes one.
    const back: Array<[number, number]> = [
      [152.095761, -20.898052],
      [152.095761, -20.890611],
      [152.095761, -20.898052],
      [152.078604, -20.874591],
    ];
    const m = buildLandMask(bufferLines([back], 0.3), { source: "test doubling back" });
    for (const [lon, lat] of back) expect(m.isLand({ lat, lon })).toBe(true);
    expect(m.isLand({ lat: -20.894, lon: 152.095761 + 0.2 / 56 })).toBe(true);
    expect(m.isLand({ lat: -20.894, lon: 152.095761 + 0.6 / 56 })).toBe(false);
  });

  it("bands a zigzag of sharp bends in pieces that merge into one polygon", () => {
    // Eight legs 1 nm long, turning 150 degrees at every vertex (sharper than a mitre may be).
    const zigzag: Array<[number, number]> = Array.from({ length: 9 }, (_, i) => [
      10 + (i * 0.25) / 60,
      (i % 2) / 60,
    ]);
    const bands = bufferLines([zigzag], 0.3);
    expect(bands).toHaveLength(1);
    const m = buildLandMask(bands, { source: "test zigzag" });
    for (let i = 1; i < zigzag.length; i++) {
      const [x0, y0] = zigzag[i - 1] as [number, number];
      const [x1, y1] = zigzag[i] as [number, number];
      for (const t of [0, 0.3, 0.5, 0.7]) {
        expect(m.isLand({ lon: x0 + t * (x1 - x0), lat: y0 + t * (y1 - y0) })).toBe(true);
      }
    }
    // Beyond the band: 0.5 nm south of the southern vertices, north of the northern ones.
    expect(m.isLand({ lon: 10 + 0.5 / 60, lat: -0.5 / 60 })).toBe(false);
    expect(m.isLand({ lon: 10 + 0.75 / 60, lat: 1.5 / 60 })).toBe(false);
  });

  it("returns nothing for no lines and rejects a line across the antimeridian", () => {
    expect(bufferLines([], 0.3)).toEqual([]);
    expect(() =>
      bufferLines(
        [
          [
            [179.9, -17],
            [-179.9, -17],
          ],
        ],
        0.3,
      ),
    ).toThrow(RangeError);
  });
});
