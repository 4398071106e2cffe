/**
 * Exact (Garwood 1936) confidence interval for the mean of a Poisson count: having observed k
 * events, the (1 - alpha) interval for the expected count mu is
 *
 *   lower = chi2_{alpha/2}(2k) / 2,   upper = chi2_{1-alpha/2}(2k + 2) / 2
 *
 * (F. Garwood, "Fiducial limits for the Poisson distribution", Biometrika 28, 1936). Half a
 * chi-square quantile with 2a degrees of freedom is the Gamma(a, 1) quantile, so both bounds are
 * Gamma quantiles: lower = Q_Gamma(k, alpha/2) (0 when k = 0), upper = Q_Gamma(k + 1, 1 - alpha/2).
 * The interval is conservative (coverage at least 1 - alpha), which suits small counts such as
 * the world's yearly total losses.
 *
 * The regularised incomplete gamma function follows Numerical Recipes (Press et al., 3rd ed.
 * 2007, 6.2): its series for x < a + 1, Lentz's continued fraction otherwise; ln Gamma by
 * Lanczos (g = 7, n = 9 coefficients). The quantile is found by bisection, which is slow but
 * cannot fail. Pure and deterministic.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Gamma(x) for x > 0 (Lanczos approximation, ~15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) {
    // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x).
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) sum += (LANCZOS[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 100_000;

/** Regularised lower incomplete gamma P(a, x) = gamma(a, x) / Gamma(a), a > 0, x >= 0. */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) return Number.NaN;
  if (x === 0) return 0;
  if (x === Number.POSITIVE_INFINITY) return 1;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // Series: P = e^-x x^a / Gamma(a) * sum_n x^n / (a (a+1) ... (a+n)).
    let ap = a;
    let term = 1 / a;
    let sum = term;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      term *= x / ap;
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.min(1, sum * Math.exp(logPrefix));
  }
  // Continued fraction for Q = 1 - P (modified Lentz).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.max(0, 1 - Math.exp(logPrefix) * h);
}

/** The p-quantile of Gamma(a, 1): the x with P(a, x) = p (bisection to full precision). */
export function gammaQuantile(a: number, p: number): number {
  if (!(a > 0) || !(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return 0;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // Bracket: the mean is a, the sd sqrt(a); widen the upper end until it holds p.
  let lo = 0;
  let hi = a + 10 * Math.sqrt(a) + 10;
  while (regularizedGammaP(a, hi) < p) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (regularizedGammaP(a, mid) < p) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/**
 * Garwood's exact interval for a Poisson mean, given an observed count k (a non-negative
 * number; a non-integer count, such as a share of a count, is used as it is) and a confidence
 * level (default 0.95). Always lower <= k <= upper.
 */
export function poissonExactInterval(k: number, confidence = 0.95): [number, number] {
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`count must be finite and >= 0: ${k}`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence in (0, 1): ${confidence}`);
  const alpha = 1 - confidence;
  const lower = k === 0 ? 0 : gammaQuantile(k, alpha / 2);
  const upper = gammaQuantile(k + 1, 1 - alpha / 2);
  return [Math.min(lower, k), Math.max(upper, k)];
}
