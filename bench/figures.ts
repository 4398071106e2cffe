/** One measured figure; where a ceiling or peer was measured in the same run, the ratio to it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** What we compare against, measured in the same run on the same machine. */
  ceiling?: { name: string; value: number };
  /** value / ceiling.value (higher is better for throughputs). */
  ratio?: number;
  /** The target this figure is held to, in words (e.g. ">= 0.5 of ceiling"). */
  target?: string;
  met?: boolean;
}

export interface BenchSuite {
  name: string;
  /** Needs the real infrastructure (deploy/local). */
  needsInfra: boolean;
  run(): Promise<Figure[]>;
}

export function withCeiling(f: Omit<Figure, "ratio" | "met">, minRatio?: number): Figure {
  if (!f.ceiling) return f;
  const ratio = Math.round((f.value / f.ceiling.value) * 1000) / 1000;
  return minRatio === undefined
    ? { ...f, ratio }
    : { ...f, ratio, target: `>= ${minRatio} of ceiling`, met: ratio >= minRatio };
}

export const round = (v: number, digits = 1): number => Math.round(v * 10 ** digits) / 10 ** digits;
