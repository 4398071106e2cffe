import { describe, expect, it } from "vitest";
import { mulberry32, randomSamples } from "../../../tests/random-samples";
import { type ExceedanceSample, exceedanceCounts } from "./exceedance";

const TH = { wind_kts: 30, wave_m: 4 };

/** Samples from two strings of flags, one character per sample: "1" above, "0" below, "." no data. */
function seq(wind: string, wave: string): ExceedanceSample[] {
  expect(wind.length).toBe(wave.length);
  const value = (c: string, above: number, below: number) =>
    c === "1" ? above : c === "." ? Number.NaN : below;
  return [...wind].map((w, i) => ({
    wind_kts: value(w, 40, 20),
    hs_m: value(wave[i] as string, 5, 2),
  }));
}

function counts(wind: string, wave: string): [number, number, number] {
  const c = exceedanceCounts(seq(wind, wave), TH);
  return [c.wind_threshold_breaches, c.wave_threshold_breaches, c.combined_breaches];
}

/** Maximal runs of true, as [start, end] index pairs (an independent reference). */
function runs(flags: boolean[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  flags.forEach((f, i) => {
    if (f && start < 0) start = i;
    if (!f && start >= 0) {
      out.push([start, i - 1]);
      start = -1;
    }
  });
  if (start >= 0) out.push([start, flags.length - 1]);
  return out;
}

/**
 * Reference count of combined episodes: runs where both are above, joined (union-find) when two
 * of them lie in the same wind run or the same wave run.
 */
function referenceCombined(samples: ExceedanceSample[]): number {
  const above = (v: number, t: number) => Number.isFinite(v) && v > t;
  const wind = samples.map((s) => above(s.wind_kts, TH.wind_kts));
  const wave = samples.map((s) => above(s.hs_m, TH.wave_m));
  const both = runs(samples.map((_, i) => (wind[i] as boolean) && (wave[i] as boolean)));
  const windRuns = runs(wind);
  const waveRuns = runs(wave);
  const runOf = (rs: Array<[number, number]>, i: number) =>
    rs.findIndex(([a, b]) => a <= i && i <= b);
  const parent = both.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : find(parent[i] as number));
  for (let i = 0; i < both.length; i++) {
    for (let j = i + 1; j < both.length; j++) {
      const [a] = both[i] as [number, number];
      const [b] = both[j] as [number, number];
      if (runOf(windRuns, a) === runOf(windRuns, b) || runOf(waveRuns, a) === runOf(waveRuns, b)) {
        parent[find(j)] = find(i);
      }
    }
  }
  return new Set(both.map((_, i) => find(i))).size;
}

describe("exceedanceCounts", () => {
  it("is zero for no samples and for a voyage below the thresholds", () => {
    expect(counts("", "")).toEqual([0, 0, 0]);
    expect(counts("0000", "0000")).toEqual([0, 0, 0]);
  });

  it("counts a run at the start, in the middle and at the end once each", () => {
    expect(counts("1100", "0000")).toEqual([1, 0, 0]);
    expect(counts("0110", "0000")).toEqual([1, 0, 0]);
    expect(counts("0011", "0000")).toEqual([1, 0, 0]);
    expect(counts("1111", "1111")).toEqual([1, 1, 1]);
    expect(counts("1", "1")).toEqual([1, 1, 1]);
    expect(counts("11000111", "00000000")).toEqual([2, 0, 0]);
  });

  it("counts alternating samples as separate episodes", () => {
    expect(counts("101010", "000000")).toEqual([3, 0, 0]);
    expect(counts("010101", "010101")).toEqual([3, 3, 3]);
    expect(counts("101010", "010101")).toEqual([3, 3, 0]);
  });

  it("treats the threshold itself as not above", () => {
    const at = [{ wind_kts: 30, hs_m: 4 }];
    expect(exceedanceCounts(at, TH)).toEqual({
      wind_threshold_breaches: 0,
      wave_threshold_breaches: 0,
      combined_breaches: 0,
    });
  });

  it("splits an episode at a single sample at or below the threshold (no smoothing), and at missing data", () => {
    expect(counts("1110111", "0000000")).toEqual([2, 0, 0]);
    expect(counts("111.111", "0000000")).toEqual([2, 0, 0]);
  });

  it("counts a combined run only where both hold at once", () => {
    expect(counts("1100", "0011")).toEqual([1, 1, 0]);
    expect(counts("1110", "0111")).toEqual([1, 1, 1]);
    expect(counts("11011", "11011")).toEqual([2, 2, 2]);
  });

  it("merges combined runs inside one wind (or wave) episode, so combined <= min(wind, wave)", () => {
    // One long gale; the sea rises above, falls back, rises again: one wind episode, two wave
    // episodes, one combined episode.
    expect(counts("11111", "11011")).toEqual([1, 2, 1]);
    expect(counts("11011", "11111")).toEqual([2, 1, 1]);
    // Chained: wind runs 1-2, wave runs 1-2 interleaved; all joined into one combined episode.
    expect(counts("11110111", "11011111")).toEqual([2, 2, 1]);
  });

  it("keeps combined <= min(wind, wave) and matches a reference on many random voyages (seeded)", () => {
    const rand = mulberry32(7);
    for (let i = 0; i < 3000; i++) {
      const samples = randomSamples(rand, 60);
      const th = { wind_kts: 15 + rand() * 25, wave_m: 1.5 + rand() * 4 };
      const c = exceedanceCounts(samples, th);
      expect(c.combined_breaches).toBeLessThanOrEqual(
        Math.min(c.wind_threshold_breaches, c.wave_threshold_breaches),
      );
      const above = (v: number, t: number) => Number.isFinite(v) && v > t;
      expect(c.wind_threshold_breaches).toBe(
        runs(samples.map((s) => above(s.wind_kts, th.wind_kts))).length,
      );
      expect(c.wave_threshold_breaches).toBe(
        runs(samples.map((s) => above(s.hs_m, th.wave_m))).length,
      );
      for (const v of Object.values(c)) expect(Number.isInteger(v)).toBe(true);
      expect(exceedanceCounts(samples, th)).toEqual(c);
    }
  });

  it("matches the union-find reference for combined episodes on random flag strings (seeded)", () => {
    const rand = mulberry32(99);
    for (let i = 0; i < 3000; i++) {
      const n = Math.floor(rand() * 40);
      const flag = () => {
        const r = rand();
        return r < 0.05 ? "." : r < 0.55 ? "1" : "0";
      };
      const wind = Array.from({ length: n }, flag).join("");
      const wave = Array.from({ length: n }, flag).join("");
      const samples = seq(wind, wave);
      const [w, v, c] = counts(wind, wave);
      expect(c).toBe(referenceCombined(samples));
      expect(c).toBeLessThanOrEqual(Math.min(w, v));
    }
  });
});
