import { describe, expect, it } from "vitest";
import { fetchLimitedHs, fullyDevelopedHs, fullyDevelopedTp, groupSpeedMs, windSea } from "./waves";

describe("wind sea and swell relations", () => {
  it("reproduces the fully developed Pierson-Moskowitz (1964) sea in its 10 m form (reference table: 10 m/s -> 2.48 m, 8.3 s; 15 m/s -> 5.57 m, 12.4 s)", () => {
    expect(fullyDevelopedHs(10)).toBeCloseTo(2.48, 1);
    expect(fullyDevelopedTp(10)).toBeCloseTo(8.3, 1);
    expect(fullyDevelopedHs(15)).toBeCloseTo(5.57, 1);
    expect(fullyDevelopedTp(15)).toBeCloseTo(12.4, 1);
    // Grows with the square of the wind.
    expect(fullyDevelopedHs(20) / fullyDevelopedHs(10)).toBeCloseTo(4, 10);
  });

  it("limits the sea by fetch and meets the fully developed sea at gF/U^2 = 23,066 (JONSWAP, Hasselmann et al. 1973)", () => {
    const u = 15;
    const fullFetchM = (23_066 * u * u) / 9.80665;
    expect(fetchLimitedHs(u, fullFetchM)).toBeCloseTo(fullyDevelopedHs(u), 2);
    const out = new Float64Array(2);
    windSea(u, 100, out);
    expect(out[0] as number).toBeLessThan(0.5 * fullyDevelopedHs(u));
    windSea(u, 5000, out);
    expect(out[0] as number).toBeCloseTo(fullyDevelopedHs(u), 10);
    windSea(0, 500, out);
    expect(out[0]).toBe(0);
  });

  it("moves swell at the deep-water group speed 1.56 T / 2 m/s", () => {
    expect(groupSpeedMs(14)).toBeCloseTo((1.56 * 14) / 2, 1);
    expect((groupSpeedMs(14) * 86_400) / 1000).toBeGreaterThan(900); // ~950 km a day
  });
});
