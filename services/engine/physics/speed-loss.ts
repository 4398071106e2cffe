/**
 * Involuntary speed loss in wind and waves by Kwon's method: Kwon, Y.J. (2008), "Speed loss due
 * to added resistance in wind and waves", The Naval Architect, March 2008, pp. 14-16.
 *
 *   dV/V [%] = C_beta * C_U * C_Form
 *
 * C_beta: direction reduction coefficient (weather angle off the bow and Beaufort number BN);
 * C_U: speed reduction coefficient (block coefficient C_B and Froude number Fn);
 * C_Form: ship form coefficient (BN and displacement volume).
 * The original paper was not at hand. The coefficients follow Kwon's tables as implemented in
 * public weather-routing code; two readings were settled by physics and are flagged for a check
 * against the paper: (1) the Fn^2 terms of C_U are added (with the sign subtracted, C_U turns
 * negative at ordinary Froude numbers for C_B >= 0.75, which is meaningless); (2) the
 * displacement in C_Form is taken in kN (mass x g): with cubic metres the method predicts more
 * than 50% loss for a large tanker at Beaufort 8, against roughly 15-25% observed, while kN gives
 * a few per cent at Beaufort 6, in line with the IMO EEDI weather factor f_w of 0.8-0.95.
 * Checked against public reproductions of Kwon's tables (the paper itself could not be found as
 * text): they agree on every coefficient's magnitude, and differ among themselves on the sign of
 * the Fn^2 terms for C_B <= 0.80 and on the unit of the displacement, the two readings above.
 *
 * Kwon's fits are for displacement ships (C_B 0.55-0.85, Froude numbers of merchant service);
 * for a small hull C_Form's BN^6.5 / (2.7 disp^(2/3)) runs away (a 12.5 m yacht "loses" 80% on a
 * beam reach in Beaufort 4). Hulls outside that range (kwonApplies) take smallCraftSpeedLossKts.
 */

const G = 9.80665;
const KNOT_MS = 1852 / 3600;

export type LoadCondition = "loaded" | "ballast";

export interface SpeedLossVessel {
  /** Length between perpendiculars (or LOA), m. */
  length_m: number;
  block_coefficient: number;
  /** Displacement, tonnes (sea water 1.025 t/m^3). */
  displacement_t: number;
  condition?: LoadCondition;
  container_ship?: boolean;
}

/** Beaufort number from the 10 m wind speed: v = 0.836 B^(3/2) m/s (WMO). */
export function beaufortFromKnots(windKts: number): number {
  const ms = windKts * KNOT_MS;
  return Math.min(12, (ms / 0.836) ** (2 / 3));
}

/** 2*C_beta by the weather angle off the bow (0 = head on, 180 = from astern). */
export function directionCoefficient(angleOffBowDeg: number, bn: number): number {
  const a = Math.abs((((angleOffBowDeg % 360) + 540) % 360) - 180); // 0..180
  let twice: number;
  if (a <= 30) twice = 2;
  else if (a <= 60) twice = 1.7 - 0.03 * (bn - 4) ** 2;
  else if (a <= 150) twice = 0.9 - 0.06 * (bn - 6) ** 2;
  else twice = 0.4 - 0.03 * (bn - 8) ** 2;
  return Math.max(0, twice / 2);
}

const CU_NORMAL: Array<[number, (fn: number) => number]> = [
  [0.55, (fn) => 1.7 - 1.4 * fn + 7.4 * fn ** 2],
  [0.6, (fn) => 2.2 - 2.5 * fn + 9.7 * fn ** 2],
  [0.65, (fn) => 2.6 - 3.7 * fn + 11.6 * fn ** 2],
  [0.7, (fn) => 3.1 - 5.3 * fn + 12.4 * fn ** 2],
  [0.75, (fn) => 2.4 - 10.6 * fn + 9.5 * fn ** 2],
  [0.8, (fn) => 2.6 - 13.1 * fn + 15.1 * fn ** 2],
  [0.85, (fn) => 3.1 - 18.7 * fn + 28.0 * fn ** 2],
];
const CU_BALLAST: Array<[number, (fn: number) => number]> = [
  ...CU_NORMAL.slice(0, 4),
  [0.75, (fn) => 2.6 - 12.5 * fn + 13.5 * fn ** 2],
  [0.8, (fn) => 3.0 - 16.3 * fn + 21.6 * fn ** 2],
  [0.85, (fn) => 3.4 - 20.9 * fn + 31.8 * fn ** 2],
];

/** C_U, interpolated linearly in C_B between Kwon's rows (C_B clamped to 0.55-0.85). */
export function speedCoefficient(
  blockCoefficient: number,
  froude: number,
  condition: LoadCondition,
): number {
  const rows = condition === "ballast" ? CU_BALLAST : CU_NORMAL;
  const cb = Math.min(0.85, Math.max(0.55, blockCoefficient));
  for (let i = 0; i < rows.length - 1; i++) {
    const [c0, f0] = rows[i] as [number, (fn: number) => number];
    const [c1, f1] = rows[i + 1] as [number, (fn: number) => number];
    if (cb <= c1 + 1e-9) {
      const t = (cb - c0) / (c1 - c0);
      return Math.max(0, f0(froude) * (1 - t) + f1(froude) * t);
    }
  }
  return Math.max(0, (rows.at(-1) as [number, (fn: number) => number])[1](froude));
}

export function formCoefficient(
  bn: number,
  displacementT: number,
  condition: LoadCondition,
  container: boolean,
): number {
  const volume23 = (displacementT * G) ** (2 / 3); // kN, see the note at the top
  if (container) return 0.7 * bn + bn ** 6.5 / (22 * volume23);
  return (condition === "ballast" ? 0.7 : 0.5) * bn + bn ** 6.5 / (2.7 * volume23);
}

/** Largest loss we report: Kwon's fits are not meant for near-stopping; beyond this the ship heaves to. */
export const MAX_SPEED_LOSS = 0.8;

/**
 * Fraction of the calm-water speed lost (0 .. MAX_SPEED_LOSS) for a ship at `speedKts` meeting
 * wind of `windKts` whose direction is `angleOffBowDeg` off the bow.
 */
export function speedLossFraction(
  v: SpeedLossVessel,
  speedKts: number,
  windKts: number,
  angleOffBowDeg: number,
): number {
  return Math.min(MAX_SPEED_LOSS, uncappedSpeedLoss(v, speedKts, windKts, angleOffBowDeg));
}

/**
 * Kwon's loss before the MAX_SPEED_LOSS cap. Of its three factors only C_U depends on the ship's
 * speed, so the loss at another speed is this times the ratio of the two C_U (hullSpeedCoefficient).
 */
export function uncappedSpeedLoss(
  v: SpeedLossVessel,
  speedKts: number,
  windKts: number,
  angleOffBowDeg: number,
): number {
  if (windKts <= 0 || speedKts <= 0) return 0;
  const bn = beaufortFromKnots(windKts);
  const condition = v.condition ?? "loaded";
  const percent =
    directionCoefficient(angleOffBowDeg, bn) *
    hullSpeedCoefficient(v, speedKts) *
    formCoefficient(bn, v.displacement_t, condition, v.container_ship ?? false);
  return Math.max(0, percent / 100);
}

/** C_U for this hull at `speedKts` (its Froude number on the hull's length). */
export function hullSpeedCoefficient(v: SpeedLossVessel, speedKts: number): number {
  const fn = (speedKts * KNOT_MS) / Math.sqrt(G * v.length_m);
  return speedCoefficient(v.block_coefficient, fn, v.condition ?? "loaded");
}

/** Kwon's range: a displacement ship, C_B of at least 0.55 and at least KWON_MIN_LENGTH_M long. */
export const KWON_MIN_LENGTH_M = 50;
const KWON_MIN_BLOCK = 0.55;

/** Whether Kwon's method is meant for this hull (see the note at the top). */
export function kwonApplies(v: Pick<SpeedLossVessel, "length_m" | "block_coefficient">): boolean {
  return v.length_m >= KWON_MIN_LENGTH_M && v.block_coefficient >= KWON_MIN_BLOCK;
}

const FEET_PER_M = 1 / 0.3048;

/**
 * Knots lost in waves by a powered craft outside Kwon's range: V = V0 - f(theta) h^2, h the
 * significant wave height in feet, f 0.0248 in head seas (waves from within 45 degrees of the
 * bow), 0.0165 on the beam (45-135) and 0.0083 in following seas: the ship performance
 * approximation of Bowditch, The American Practical Navigator (NIMA Pub. 9, 2002, "Weather
 * Routing"), as implemented in SIMROUTE (Grifoll, M. et al. 2022, "A comprehensive ship weather
 * routing system using CMEMS products and A* algorithm", Ocean Engineering 255). It loses knots,
 * not a share of the speed, and depends on no hull dimension, so it cannot run away on a small
 * hull the way Kwon's form coefficient does: a 14 kn motor yacht loses 1.1 kn (8%) in 2 m head
 * seas (Beaufort 5), 2.4 kn (17%) in 3 m, 4.3 kn (31%) in 4 m.
 */
export function smallCraftSpeedLossKts(hsM: number, waveAngleOffBowDeg: number): number {
  if (!(hsM > 0)) return 0;
  const a = Math.abs((((waveAngleOffBowDeg % 360) + 540) % 360) - 180); // 0 head .. 180 astern
  const f = a < 45 ? 0.0248 : a <= 135 ? 0.0165 : 0.0083;
  const feet = hsM * FEET_PER_M;
  return f * feet * feet;
}

/** smallCraftSpeedLossKts as a share of `speedKts`, capped at MAX_SPEED_LOSS. */
export function smallCraftSpeedLossFraction(
  speedKts: number,
  hsM: number,
  waveAngleOffBowDeg: number,
): number {
  if (!(speedKts > 0)) return 0;
  return Math.min(MAX_SPEED_LOSS, smallCraftSpeedLossKts(hsM, waveAngleOffBowDeg) / speedKts);
}
