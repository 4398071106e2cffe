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
    // The mitred ring would cross itself here; the band falls back to a union of rectangles.
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
