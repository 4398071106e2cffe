import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../../tests/random-samples";
import { gammaQuantile, logGamma, poissonExactInterval, regularizedGammaP } from "./poisson";

describe("logGamma", () => {
  it("matches factorials and Gamma(1/2)", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
  });
});

describe("regularizedGammaP", () => {
  it("matches closed forms: P(1, x) = 1 - e^-x, P(2, x) = 1 - (1 + x) e^-x", () => {
    for (const x of [0.01, 0.5, 1, 2, 5, 20]) {
      expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 12);
      expect(regularizedGammaP(2, x)).toBeCloseTo(1 - (1 + x) * Math.exp(-x), 12);
    }
    expect(regularizedGammaP(3, 0)).toBe(0);
  });

  it("is the Poisson tail: P(k + 1, mu) = 1 - P(X <= k) for X ~ Poisson(mu)", () => {
    const mu = 7.3;
    let cdf = 0;
    let term = Math.exp(-mu);
    for (let k = 0; k < 20; k++) {
      cdf += term;
      expect(regularizedGammaP(k + 1, mu)).toBeCloseTo(1 - cdf, 11);
      term *= mu / (k + 1);
    }
  });
});

describe("gammaQuantile", () => {
  it("inverts P", () => {
    const rand = mulberry32(3);
    for (let i = 0; i < 200; i++) {
      const a = 0.5 + rand() * 6000;
      const p = 0.001 + rand() * 0.998;
      expect(regularizedGammaP(a, gammaQuantile(a, p))).toBeCloseTo(p, 9);
    }
  });
});

describe("poissonExactInterval (Garwood)", () => {
  it("matches published exact limits", () => {
    // Standard table values of the exact 95% Poisson interval.
    const [lo0, hi0] = poissonExactInterval(0);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(3.689, 3);
    const [lo1, hi1] = poissonExactInterval(1);
    expect(lo1).toBeCloseTo(0.0253, 4);
    expect(hi1).toBeCloseTo(5.572, 3);
    const [lo10, hi10] = poissonExactInterval(10);
    expect(lo10).toBeCloseTo(4.795, 3);
    expect(hi10).toBeCloseTo(18.39, 2);
  });

  it("contains the count, widens with confidence and moves up with the count", () => {
    const rand = mulberry32(11);
    for (let i = 0; i < 100; i++) {
      const k = Math.floor(rand() * 6000);
      const [lo, hi] = poissonExactInterval(k);
      expect(lo).toBeLessThanOrEqual(k);
      expect(hi).toBeGreaterThanOrEqual(k);
      const [lo99, hi99] = poissonExactInterval(k, 0.99);
      expect(lo99).toBeLessThanOrEqual(lo);
      expect(hi99).toBeGreaterThanOrEqual(hi);
      const [loNext, hiNext] = poissonExactInterval(k + 1);
      expect(loNext).toBeGreaterThan(lo);
      expect(hiNext).toBeGreaterThan(hi);
    }
  });

  it("rejects counts and levels that are not numbers in range", () => {
    expect(() => poissonExactInterval(-1)).toThrow(RangeError);
    expect(() => poissonExactInterval(Number.NaN)).toThrow(RangeError);
    expect(() => poissonExactInterval(3, 1)).toThrow(RangeError);
  });
});
