/**
 * Boat speed of a cruising sailing yacht by true wind angle (TWA) and true wind speed (TWS), from
 * a published velocity prediction: ORC Club Certificate No. 000251, yacht "Mary Lou", GRE-1343,
 * issued 22/3/2011, "Velocity Prediction in Knots" table, as printed in Skipper on Deck 003 (June
 * 2011). The certificate extract gives no length; its speeds (7.3 kn on a beam reach in 12 kt, a
 * 5.0 kn beat VMG in 20 kt) fit a cruiser of about 12 m, which is taken as the reference length
 * (an assumption, REFERENCE_LENGTH_M).
 *
 * How a course is sailed from the table, per TWS row:
 * - between the beat angle and TWA 150 (or the gybe angle, if deeper), boat speed interpolated
 *   linearly in TWA between the table's points (the beat angle's point is the beat VMG over
 *   cos(beat angle), the boat speed there);
 * - closer to the wind than the beat angle the yacht tacks at the beat angle: two boards at the
 *   beat angle either side of the wind make good beat VMG / cos(TWA) along the course (the
 *   cross-track of the two boards cancels; at TWA = beat angle this is the boat speed there);
 * - deeper than the gybe angle it gybes: run VMG / cos(180 - TWA). Where the table gives a gybe
 *   angle shallower than 150 (6 and 8 kt), the 150 point is the deepest sailed and deeper courses
 *   gybe on it (its downwind VMG, speed(150) x cos 30, over cos(180 - TWA)).
 * Between rows speeds are interpolated linearly in TWS; above 20 kt the 20 kt row holds (a
 * cruiser reefs, and its speed plateaus); below 6 kt the 6 kt row is scaled down linearly to 0.
 *
 * Motoring in light air: a cruising yacht motors (or motor-sails) where sailing would be slower
 * than its auxiliary's cruising speed, so its speed through the water is the larger of the two
 * (the engine's less the small craft's loss in waves); routing/edge-costs.ts applies it.
 *
 * Length: by Froude similarity, speed x sqrt(L / REFERENCE_LENGTH_M) (boats of one type and
 * proportions sail the same Froude numbers). Waves: the table is used as published, as the
 * boat's speed in the sea that goes with each wind (no source at hand gives a yacht's added loss
 * in head seas beyond its VPP; a heavy swell on top of the wind's sea is not priced).
 */

/** The length (m) the reference polar is taken to be for: an assumption, see above. */
export const REFERENCE_LENGTH_M = 12;

/** The table's fixed true wind angles, degrees. */
export const POLAR_TWA = [52, 60, 75, 90, 110, 120, 135, 150] as const;

export interface PolarRow {
  tws: number;
  beatAngle: number;
  beatVmg: number;
  /** Boat speeds at POLAR_TWA. */
  speeds: readonly number[];
  runVmg: number;
  gybeAngle: number;
}

/** ORC Club Certificate No. 000251 ("Mary Lou", GRE-1343, 2011): Velocity Prediction in Knots. */
export const REFERENCE_POLAR: readonly PolarRow[] = [
  row(6, 45.0, 2.84, [4.46, 4.82, 5.15, 5.25, 5.13, 4.96, 4.2, 3.49], 3.02, 141.1),
  row(8, 44.0, 3.57, [5.53, 5.89, 6.15, 6.29, 6.28, 6.07, 5.37, 4.51], 3.9, 143.0),
  row(10, 42.6, 4.13, [6.2, 6.47, 6.71, 6.88, 6.92, 6.71, 6.25, 5.45], 4.72, 151.6),
  row(12, 40.7, 4.51, [6.61, 6.85, 7.05, 7.27, 7.33, 7.15, 6.78, 6.2], 5.47, 160.5),
  row(14, 39.5, 4.72, [6.84, 7.11, 7.34, 7.47, 7.68, 7.52, 7.17, 6.71], 6.09, 169.8),
  row(16, 38.5, 4.86, [6.97, 7.24, 7.58, 7.66, 8.02, 7.88, 7.51, 7.09], 6.57, 174.0),
  row(20, 37.9, 5.0, [7.1, 7.38, 7.81, 8.03, 8.42, 8.57, 8.16, 7.75], 7.28, 176.3),
];

function row(
  tws: number,
  beatAngle: number,
  beatVmg: number,
  speeds: number[],
  runVmg: number,
  gybeAngle: number,
): PolarRow {
  return { tws, beatAngle, beatVmg, speeds, runVmg, gybeAngle };
}

const RAD = Math.PI / 180;

/** A TWA of any sign or turn, folded to 0 (head to wind) .. 180 (dead downwind). */
export function foldTwa(deg: number): number {
  return Math.abs((((deg % 360) + 540) % 360) - 180);
}

/** Speed made good along a course at `twa` (0-180) in one row's wind, knots (reference length). */
export function rowSpeedKts(r: PolarRow, twa: number): number {
  if (twa <= r.beatAngle) return r.beatVmg / Math.cos(twa * RAD);
  // The deepest point sailed straight: the gybe angle, or TWA 150 when the gybe angle is shallower.
  const lastTwa = Math.max(150, r.gybeAngle);
  const lastSpeed =
    r.gybeAngle > 150
      ? r.runVmg / Math.cos((180 - r.gybeAngle) * RAD)
      : (r.speeds[POLAR_TWA.length - 1] as number);
  if (twa === lastTwa) return lastSpeed;
  if (twa > lastTwa) {
    const runVmg = lastSpeed * Math.cos((180 - lastTwa) * RAD);
    return twa >= 180 ? runVmg : runVmg / Math.cos((180 - twa) * RAD);
  }
  let a0 = r.beatAngle;
  let v0 = r.beatVmg / Math.cos(r.beatAngle * RAD);
  for (let i = 0; i <= POLAR_TWA.length; i++) {
    const a1 = i < POLAR_TWA.length ? (POLAR_TWA[i] as number) : lastTwa;
    const v1 = i < POLAR_TWA.length ? (r.speeds[i] as number) : lastSpeed;
    if (twa <= a1) return a1 === a0 ? v1 : v0 + ((v1 - v0) * (twa - a0)) / (a1 - a0);
    a0 = a1;
    v0 = v1;
  }
  return lastSpeed;
}

/** The reference yacht's speed made good along a course at `twaDeg` off the wind in `twsKts`. */
export function referencePolarKts(twaDeg: number, twsKts: number): number {
  if (!(twsKts > 0)) return 0;
  const twa = foldTwa(twaDeg);
  const first = REFERENCE_POLAR[0] as PolarRow;
  const last = REFERENCE_POLAR.at(-1) as PolarRow;
  if (twsKts <= first.tws) return (rowSpeedKts(first, twa) * twsKts) / first.tws;
  if (twsKts >= last.tws) return rowSpeedKts(last, twa);
  for (let i = 1; i < REFERENCE_POLAR.length; i++) {
    const hi = REFERENCE_POLAR[i] as PolarRow;
    if (twsKts <= hi.tws) {
      const lo = REFERENCE_POLAR[i - 1] as PolarRow;
      const t = (twsKts - lo.tws) / (hi.tws - lo.tws);
      return rowSpeedKts(lo, twa) * (1 - t) + rowSpeedKts(hi, twa) * t;
    }
  }
  return rowSpeedKts(last, twa);
}

/** Froude scaling of the reference polar to a yacht of `lengthM`: sqrt(L / L_ref). */
export function froudeScale(lengthM: number): number {
  return Math.sqrt(lengthM / REFERENCE_LENGTH_M);
}

/** A yacht of `lengthM`'s speed under sail (knots) at `twaDeg` off the wind in `twsKts`. */
export function polarSpeedKts(lengthM: number, twaDeg: number, twsKts: number): number {
  return referencePolarKts(twaDeg, twsKts) * froudeScale(lengthM);
}

/** The fastest the reference yacht sails on any course in any wind (a table point, 20 kt at 120). */
export const REFERENCE_MAX_KTS = Math.max(
  ...REFERENCE_POLAR.flatMap((r) => [
    ...r.speeds,
    r.beatVmg / Math.cos(r.beatAngle * RAD),
    r.runVmg / Math.cos((180 - r.gybeAngle) * RAD),
  ]),
);
