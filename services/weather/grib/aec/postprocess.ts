/**
 * The inverse of the CCSDS lossless preprocessor (CCSDS 121.0-B-3, 2020, section 4: unit-delay
 * predictor and prediction error mapper), as libaec applies it per reference sample interval: the
 * interval's first sample is the raw reference x0, every later one a mapped prediction error d
 * from which x(i) follows x(i-1):
 *   theta = min(x(i-1) - xmin, xmax - x(i-1))
 *   d <= 2 theta, d even: x(i) = x(i-1) + d / 2;  d odd: x(i) = x(i-1) - (d + 1) / 2
 *   d > 2 theta: x(i) = xmin + d when theta = x(i-1) - xmin, else xmax - d
 * with [xmin, xmax] = [0, 2^n - 1] for unsigned and [-2^(n-1), 2^(n-1) - 1] for signed samples.
 */

/** The sample range of n-bit samples. */
export function sampleRange(bits: number, signed: boolean): { min: number; max: number } {
  return signed
    ? { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 }
    : { min: 0, max: 2 ** bits - 1 };
}

/** One reference sample interval's samples: where they go and how they were coded. */
export interface Interval {
  readonly bits: number;
  readonly signed: boolean;
  /** Whether the preprocessor was on (AEC_DATA_PREPROCESS). */
  readonly preprocessed: boolean;
}

/**
 * The samples of one interval from its decoded values `mapped[0..n)`, written to `out` from `at`,
 * at most `limit` of them: through the inverse preprocessor, or as they are (signed ones as two's
 * complement) without it. Returns the index of the first value that cannot be a prediction error
 * of n-bit samples (d > xmax - xmin), or -1.
 */
export function restoreInterval(
  mapped: Float64Array,
  n: number,
  { bits, signed, preprocessed }: Interval,
  out: Float64Array,
  at: number,
  limit: number,
): number {
  const end = Math.min(n, limit);
  const { min, max } = sampleRange(bits, signed);
  const full = 2 ** bits;
  if (!preprocessed) {
    for (let i = 0; i < end; i++) {
      const v = mapped[i] as number;
      out[at + i] = signed && v > max ? v - full : v;
    }
    return -1;
  }
  const span = max - min;
  let x = mapped[0] as number;
  if (signed && x > max) x -= full; // the reference is stored as n-bit two's complement
  out[at] = x;
  for (let i = 1; i < end; i++) {
    const d = mapped[i] as number;
    if (d > span) return i;
    const below = x - min;
    const above = max - x;
    const theta = below < above ? below : above;
    if (d <= 2 * theta) {
      x += d % 2 === 0 ? d / 2 : -(d + 1) / 2;
    } else {
      x = below <= above ? min + d : max - d;
    }
    out[at + i] = x;
  }
  return -1;
}
