import { seededRandom } from "../../random";
import { DAY_MS } from "./calendar";
import { KM_PER_DEG, StormTrack, TRACK_STEP_MS } from "./storm-track";

/**
 * How ensemble members depart from the synthetic truth as lead time grows. A member is the truth
 * with (a) its smooth weather noise partly replaced by the member's own, and (b) every storm
 * displaced, retimed and re-scaled, all by amounts that grow with lead time. With a share s of the
 * noise replaced (n = sqrt(1 - s^2) n_truth + s n_member), the field keeps its climatological
 * variance at every lead and the members' spread grows as s times the local variability; s
 * saturates towards 1 (no skill) at the end of the range.
 *
 * Calibration target (the project's domain notes, for NOAA's ensemble in the North Atlantic,
 * e.g. Campos, Alves, Penny and Krasnopolsky, 2018, "Assessments of surface winds and waves from
 * the NCEP Ensemble Forecast System", Weather and Forecasting 33): wind error ~0.5 m/s at analysis
 * growing to ~4 m/s at 10-16 days, Hs ~0.2 m to ~0.9 m. With a North Atlantic wind variability of
 * ~4-5 m/s, s rises from ~0.08 at analysis to ~0.95 at 16 days.
 *
 * Storm errors grow alike: position error 600 km x s for extratropical lows (about 110 km at day
 * 1 and 320 km at day 5, cf. Froude et al., 2007, "The prediction of extratropical storm tracks by
 * the ECMWF and NCEP ensemble prediction systems", Mon. Wea. Rev. 135) and 400 km x s for tropical
 * cyclones (70 km at day 1, 210 km at day 5, near recent official track errors); intensity by a
 * factor exp(0.3 s g); timing by 18 h x s.
 */

export const ENSEMBLE_MEMBERS = 31;
const INITIAL_SHARE = 0.08;
const GROWTH_DAYS = 7;
/** Errors grow slowly at first, then roughly linearly, then saturate. */
const GROWTH_SHAPE = 1.3;

/**
 * Share s of the weather that is the member's own at `leadDays` (0 .. 1):
 * s = s0 + (1 - s0)(1 - exp(-(lead / 7 d)^1.3)), i.e. about 0.08, 0.15, 0.34, 0.52, 0.66, 0.81
 * and 0.95 at 0, 1, 3, 5, 7, 10 and 16 days (x ~4.5 m/s of North Atlantic wind variability: 0.4,
 * 0.7, 1.5, 2.3, 3.0, 3.7, 4.3 m/s). Perturbed members (1..30) start from perturbed analyses (s0);
 * the control (member 0) starts from the unperturbed analysis and only its model error grows.
 */
export function memberShare(leadDays: number, member: number): number {
  const lead = Math.max(0, leadDays);
  const growth = (1 - INITIAL_SHARE) * (1 - Math.exp(-((lead / GROWTH_DAYS) ** GROWTH_SHAPE)));
  return member === 0 ? growth : INITIAL_SHARE + growth;
}

/** A standard normal draw from two uniforms (Box and Muller, 1958). */
function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A member's version of a truth storm: at each track time the member's lead gives s, and the
 * storm is displaced by (position error x s) in a direction fixed for this storm and member,
 * taken from the truth track `timing x s` earlier or later, and scaled in intensity. `seed` is
 * the member's seed; the same storm, cycle and member always give the same perturbation.
 */
export function perturbStorm(
  truth: StormTrack,
  cycleMs: number,
  member: number,
  seed: number,
): StormTrack {
  const random = seededRandom((seed ^ Math.imul(truth.id | 0, 0x9e3779b1)) >>> 0);
  const gEast = gaussian(random);
  const gNorth = gaussian(random);
  const gIntensity = gaussian(random);
  const gTiming = gaussian(random);
  const gSize = gaussian(random);
  const positionKm = truth.kind === "tropical" ? 400 : 600;
  const n = truth.steps;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const vmax = new Float64Array(n);
  const rmax = new Float64Array(n);
  const velE = new Float64Array(n);
  const velN = new Float64Array(n);
  const state = new Float64Array(6);
  for (let i = 0; i < n; i++) {
    const t = truth.startMs + i * TRACK_STEP_MS;
    // Storms are well placed in the analysis (their centres are observed): their errors grow from
    // half the analysis share.
    const s = memberShare((t - cycleMs) / DAY_MS, member) - (member === 0 ? 0 : INITIAL_SHARE / 2);
    const shifted = t - 18 * 3_600_000 * s * gTiming;
    const inside = shifted >= truth.startMs && shifted <= truth.endMs;
    truth.stateAt(Math.min(truth.endMs, Math.max(truth.startMs, shifted)), state);
    const la = (state[0] as number) + (positionKm * s * gNorth) / KM_PER_DEG;
    const cos = Math.max(0.1, Math.cos(((state[0] as number) * Math.PI) / 180));
    lat[i] = Math.max(-85, Math.min(85, la));
    lon[i] = (state[1] as number) + (positionKm * s * gEast) / (KM_PER_DEG * cos);
    // Fade in and out over the first and last two steps so a retimed storm never appears at full
    // strength.
    const ends = Math.min(1, i / 2, (n - 1 - i) / 2);
    vmax[i] = inside ? (state[2] as number) * Math.exp(0.3 * s * gIntensity) * ends : 0;
    rmax[i] = (state[3] as number) * Math.exp(0.15 * s * gSize);
    velE[i] = state[4] as number;
    velN[i] = state[5] as number;
  }
  return new StormTrack({
    id: truth.id,
    kind: truth.kind,
    basin: truth.basin,
    hemisphere: truth.hemisphere,
    startMs: truth.startMs,
    lat,
    lon,
    vmaxMs: vmax,
    rmaxKm: rmax,
    velEastMs: velE,
    velNorthMs: velN,
    hollandB: truth.hollandB,
    fetchKm: truth.fetchKm,
  });
}
