/**
 * Wind-sea growth and swell propagation, the relations the synthetic weather is built on. Sources
 * and worked values are in docs/research/wind-waves-and-limits.md (section 1).
 */

export const G = 9.80665;
export const KNOTS_PER_MS = 3600 / 1852;

/**
 * Fully developed sea from the 10 m wind: Hm0 = 0.243 U10^2 / g (Pierson and Moskowitz, 1964, in
 * the 10 m form of the US Army Shore Protection Manual and Coastal Engineering Manual; the
 * 19.5 m form 0.21 U19.5^2 / g is the same relation with U19.5 = 1.075 U10). The reference notes
 * flag it as an upper bound: fetch and duration keep most real seas below it, which is why
 * `windSea` takes the lesser of this and the fetch-limited height.
 */
export function fullyDevelopedHs(u10: number): number {
  return (0.243 * u10 * u10) / G;
}

/** Peak period of the fully developed sea: Tp = 8.13 U10 / g (same sources). */
export function fullyDevelopedTp(u10: number): number {
  return (8.13 * u10) / G;
}

/**
 * Fetch-limited growth, JONSWAP (Hasselmann et al., 1973) as written in the Shore Protection
 * Manual: Hm0 = 0.0016 (g F / U^2)^(1/2) U^2 / g, i.e. 0.0016 U sqrt(F / g).
 */
export function fetchLimitedHs(u10: number, fetchM: number): number {
  return 0.0016 * u10 * Math.sqrt(fetchM / G);
}

/** Fetch-limited peak period: Tp = 0.286 (g F / U^2)^(1/3) U / g (same sources). */
export function fetchLimitedTp(u10: number, fetchM: number): number {
  if (u10 <= 0) return 0;
  return (0.286 * Math.cbrt((G * fetchM) / (u10 * u10)) * u10) / G;
}

/**
 * Wind sea for a wind of `u10` m/s blowing over `fetchKm`: the lesser of the fetch-limited and the
 * fully developed sea (they meet at gF/U^2 = (0.243/0.0016)^2 = 23,066). Writes Hs (m) into
 * out[0] and the peak period (s) into out[1].
 */
export function windSea(u10: number, fetchKm: number, out: Float64Array): void {
  if (u10 <= 0) {
    out[0] = 0;
    out[1] = 0;
    return;
  }
  const fetchM = fetchKm * 1000;
  const developed = fullyDevelopedHs(u10);
  const limited = fetchLimitedHs(u10, fetchM);
  if (limited < developed) {
    out[0] = limited;
    out[1] = fetchLimitedTp(u10, fetchM);
  } else {
    out[0] = developed;
    out[1] = fullyDevelopedTp(u10);
  }
}

/**
 * Fetch of the wind sea: the climatological fetch, giving way to the storms' own (their scale,
 * storm-basins.ts) as their vortex wind v outgrows the background wind b, with weight
 * v^2 / (v^2 + (b/2)^2) (0.8 where they are equal).
 */
export function seaFetchKm(
  climateFetchKm: number,
  stormFetchWeighted: number,
  stormSpeedSum: number,
  backgroundMs: number,
): number {
  if (stormSpeedSum <= 0) return climateFetchKm;
  const v2 = stormSpeedSum * stormSpeedSum;
  const w = v2 / (v2 + 0.25 * backgroundMs * backgroundMs);
  return climateFetchKm + (stormFetchWeighted / stormSpeedSum - climateFetchKm) * w;
}

/**
 * Deep-water group speed, m/s: half the phase speed g T / (2 pi), i.e. about 0.78 T (the
 * "1.56 T / 2" of linear wave theory; e.g. Holthuijsen, 2007, "Waves in Oceanic and Coastal
 * Waters", ch. 5).
 */
export function groupSpeedMs(periodS: number): number {
  return (G * periodS) / (4 * Math.PI);
}

/**
 * Mean period Tm01 as a share of the peak period, from the spectrum shape (numerical
 * integration): 0.773 for the Pierson-Moskowitz spectrum (wind sea), 0.835 for JONSWAP with
 * peak enhancement 3.3 (Hasselmann et al., 1973), used for the narrower swell.
 */
export const TM01_PER_TP_WIND_SEA = 0.773;
export const TM01_PER_TP_SWELL = 0.835;
