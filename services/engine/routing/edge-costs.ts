import { densify, distanceNm } from "../geo/geodesic";
import type { LatLon } from "../geo/types";
import { foldTwa, froudeScale, polarSpeedKts, REFERENCE_MAX_KTS } from "../physics/sailing-polar";
import {
  hullSpeedCoefficient,
  kwonApplies,
  MAX_SPEED_LOSS,
  type SpeedLossVessel,
  smallCraftSpeedLossFraction,
  speedLossFraction,
  uncappedSpeedLoss,
} from "../physics/speed-loss";
import { CALM_WEATHER, type SeaConditions, type WeatherField } from "../weather/types";
import type { Passage } from "./passages";
import { courseDeg } from "./sea-grid";
import type { RouteRequest, RoutingVessel } from "./types";

/**
 * What a step of a route costs one request: travel time at the vessel's speed through the water
 * and the current along the course, and the objective's cost of that time (exposure-weighted for
 * safest, motion-weighted for most-comfortable, loss-weighted for fuel-efficient); null where a
 * hard vessel limit is broken. The speed through the water is, by the vessel's class (SpeedModel):
 * - a displacement ship's own speed less Kwon's (2008) involuntary speed loss in wind and waves;
 * - a powered small craft's (outside Kwon's range, kwonApplies) less the knots lost in waves by
 *   Bowditch's approximation (smallCraftSpeedLossKts);
 * - a sailing yacht's speed from its polar (sailing-polar.ts), or its cruising speed under engine
 *   (less the small-craft loss in waves) where sailing would be slower.
 * What an objective charges for the weather on top of the time it costs is counted at the
 * forecast's skill where the ship would meet it (forecastSkill): the time itself is the
 * forecast's, but a detour is planned only round weather the forecast can foresee.
 */

/** Longest straight piece priced at one weather sample when smoothing in weather. */
const COST_SAMPLE_NM = 20;
/** Soft limits when the vessel gives none (domain guide: wind 30 kt, waves 4 m). */
const DEFAULT_SOFT_WAVE_M = 4;
const DEFAULT_SOFT_WIND_KTS = 30;
/** Fastest the sea can carry a ship beyond its own speed, for an admissible time heuristic. */
const MAX_FAVOURABLE_CURRENT_KTS = 4;
const KNOT_FLOOR = 0.5;
/** Winds above this are priced as this (Beaufort 12 starts at 64 kt). */
const LOSS_TABLE_KTS = 120;
/** MAX_SPEED_LOSS as the table stores it (float32), so the cap at lookup equals the cap at build. */
const LOSS_CAP = Math.fround(MAX_SPEED_LOSS);
/** The polar table's rows: true wind per 0.2 kt up to the reference polar's last row (20 kt). */
const POLAR_TWS_STEPS_PER_KT = 5;
const POLAR_TWS_ROWS = 20 * POLAR_TWS_STEPS_PER_KT + 1;
/** Its columns: true wind angle per degree, 0-180. */
const POLAR_TWA_COLS = 181;

/** Which speed model a vessel sails by (see the note at the top). */
export type SpeedModel = "kwon" | "small-craft" | "sailing";

/** Travel time and objective cost of a leg in the weather, for one request. */
export class EdgeCosts {
  readonly speedUpperBoundKts: number;
  readonly calm: boolean;
  readonly model: SpeedModel;
  private readonly hull: SpeedLossVessel;
  /** The vessel's polar speeds relative to the reference yacht's (Froude scaling), when sailing. */
  private readonly polarScale: number;
  private readonly softWave: number;
  private readonly softWind: number;

  constructor(
    private readonly request: RouteRequest,
    private readonly weather: WeatherField,
    /** The vessel's loss table from another EdgeCosts of the same request (see speedLossTable). */
    lossTable?: Float32Array,
  ) {
    this.lossTable = lossTable;
    const v = request.vessel;
    const length = v.loa_m ?? 150;
    this.hull = {
      length_m: length,
      block_coefficient: v.block_coefficient ?? 0.7,
      displacement_t: v.displacement_t ?? estimateDisplacementT(v),
      container_ship: v.container_ship ?? false,
    };
    this.calm = weather === CALM_WEATHER;
    this.model = v.sailing ? "sailing" : kwonApplies(this.hull) ? "kwon" : "small-craft";
    this.polarScale = froudeScale(length);
    // The admissible time heuristic needs the fastest the vessel can go: a yacht reaches faster
    // than its cruising speed under engine (in calm water it motors, at that speed).
    const own =
      this.model === "sailing" && !this.calm
        ? Math.max(v.speed_kts, REFERENCE_MAX_KTS * this.polarScale)
        : v.speed_kts;
    this.speedUpperBoundKts = own + (weather.maxCurrentKts ?? MAX_FAVOURABLE_CURRENT_KTS);
    this.softWave = v.max_wave_m ?? DEFAULT_SOFT_WAVE_M;
    this.softWind = v.max_wind_kts ?? DEFAULT_SOFT_WIND_KTS;
    this.forecast = request.forecast;
  }

  private readonly forecast: RouteRequest["forecast"];

  /**
   * The share of the weather's charge counted at `atMs`: the forecast's skill at its lead time
   * there, or all of it beyond the forecast's horizon (climatology, the expected state) and when
   * the request names no forecast.
   */
  private weatherWeight(atMs: number): number {
    const f = this.forecast;
    if (!f || atMs > f.horizonEndMs) return 1;
    return forecastSkill((atMs - f.issuedMs) / 86_400_000);
  }

  /**
   * Kwon's speed loss for this vessel at its speed before the cap (uncappedSpeedLoss), tabulated
   * per 0.1 kt of wind and per heading sector on first use (the search evaluates it millions of
   * times; the inputs vary in two dimensions only). Uncapped, so that a held speed can scale it.
   */
  private lossTable?: Float32Array;

  /**
   * The tabulated loss (built on first use): it depends on the vessel alone, so sailing the same
   * vessel through 31 ensemble members shares one table instead of building 31. A sailing yacht's
   * table is its polar (polarKts); a small craft's loss needs none (an empty table).
   */
  get speedLossTable(): Float32Array {
    if (this.model === "sailing") this.polarKts(1, 0);
    else if (this.model === "kwon") this.speedLoss(1, 0);
    else this.lossTable ??= new Float32Array(0);
    return this.lossTable as Float32Array;
  }

  /**
   * The yacht's speed under sail at `angleOffBowDeg` off the wind in `windKts`, from its polar
   * tabulated per degree of TWA and 0.2 kt of TWS on first use (the search prices millions of
   * steps; the nearest entry is within 0.05 kn of the interpolated polar).
   */
  private polarKts(windKts: number, angleOffBowDeg: number): number {
    if (!(windKts > 0)) return 0;
    if (!this.lossTable) {
      const table = new Float32Array(POLAR_TWS_ROWS * POLAR_TWA_COLS);
      for (let i = 0; i < POLAR_TWS_ROWS; i++) {
        for (let a = 0; a < POLAR_TWA_COLS; a++) {
          table[i * POLAR_TWA_COLS + a] = polarSpeedKts(
            this.hull.length_m,
            a,
            i / POLAR_TWS_STEPS_PER_KT,
          );
        }
      }
      this.lossTable = table;
    }
    const i = Math.min(POLAR_TWS_ROWS - 1, Math.round(windKts * POLAR_TWS_STEPS_PER_KT));
    return this.lossTable[i * POLAR_TWA_COLS + Math.round(foldTwa(angleOffBowDeg))] as number;
  }

  /** What throughWater found: speed through the water (kts), the loss priced, and the propulsion. */
  private stwKts = 0;
  private stwLoss = 0;
  private underSail = false;

  /**
   * Speed through the water in `c` on `course` for a small craft or a yacht (Kwon's ships are
   * priced inline where it matters), at the vessel's own speed or `heldKts` through the water.
   * A yacht sails where its polar beats its engine (in the sea met), and motors otherwise; held,
   * it goes no faster than the held speed. The loss priced is the share of the ordered speed lost
   * (nothing under sail: a yacht sailing burns no fuel).
   */
  private throughWater(c: SeaConditions, course: number, heldKts: number | undefined): void {
    const own = this.request.vessel.speed_kts;
    const ordered = heldKts ?? own;
    if (this.model === "small-craft") {
      const loss = smallCraftSpeedLossFraction(ordered, c.hs_m, c.wave_dir_deg - course);
      this.stwKts = ordered * (1 - loss);
      this.stwLoss = loss;
      this.underSail = false;
      return;
    }
    const motor = own * (1 - smallCraftSpeedLossFraction(own, c.hs_m, c.wave_dir_deg - course));
    const sail = this.polarKts(c.wind_kts, c.wind_dir_deg - course);
    const kts = Math.min(Math.max(sail, motor), heldKts ?? Number.POSITIVE_INFINITY);
    this.stwKts = kts;
    this.underSail = sail >= kts;
    this.stwLoss = this.underSail ? 0 : Math.max(0, 1 - kts / ordered);
  }

  private speedLoss(windKts: number, angleOffBowDeg: number): number {
    return Math.min(LOSS_CAP, this.uncappedLoss(windKts, angleOffBowDeg));
  }

  private uncappedLoss(windKts: number, angleOffBowDeg: number): number {
    if (windKts <= 0) return 0;
    const sector = lossSector(angleOffBowDeg);
    const index = Math.min(LOSS_TABLE_KTS * 10, Math.round(windKts * 10));
    if (!this.lossTable) {
      const table = new Float32Array(4 * (LOSS_TABLE_KTS * 10 + 1));
      for (let s = 0; s < 4; s++) {
        for (let i = 0; i <= LOSS_TABLE_KTS * 10; i++) {
          table[s * (LOSS_TABLE_KTS * 10 + 1) + i] = uncappedSpeedLoss(
            this.hull,
            this.request.vessel.speed_kts,
            i / 10,
            SECTOR_ANGLES[s] as number,
          );
        }
      }
      this.lossTable = table;
    }
    return this.lossTable[sector * (LOSS_TABLE_KTS * 10 + 1) + index] as number;
  }

  /** The last held speed asked for, and its C_U over the vessel's own (held legs come in runs). */
  private heldKts = Number.NaN;
  private heldScale = Number.NaN;

  /**
   * Kwon's loss at a speed held below the vessel's own: the table's (the same wind, the same
   * sector) scaled by the ratio of C_U at the two speeds, the only factor that depends on speed.
   */
  private speedLossAt(speedKts: number, windKts: number, angleOffBowDeg: number): number {
    if (speedKts !== this.heldKts) {
      const own = hullSpeedCoefficient(this.hull, this.request.vessel.speed_kts);
      this.heldKts = speedKts;
      this.heldScale = own > 0 ? hullSpeedCoefficient(this.hull, speedKts) / own : Number.NaN;
    }
    if (Number.isNaN(this.heldScale)) {
      const wind = Math.min(LOSS_TABLE_KTS, Math.round(windKts * 10) / 10);
      return speedLossFraction(
        this.hull,
        speedKts,
        wind,
        SECTOR_ANGLES[lossSector(angleOffBowDeg)] as number,
      );
    }
    return Math.min(LOSS_CAP, this.uncappedLoss(windKts, angleOffBowDeg) * this.heldScale);
  }

  /** The vessel's own speed through the water, knots. */
  get vesselSpeedKts(): number {
    return this.request.vessel.speed_kts;
  }

  /** Speed through a passage: the vessel's own, or the passage's speed limit if lower. */
  passageSpeedKts(p: Passage): number {
    return Math.min(
      this.request.vessel.speed_kts,
      p.transit?.speed_limit_kts ?? Number.POSITIVE_INFINITY,
    );
  }

  passageHours(lengthNm: number, p: Passage): number {
    return lengthNm / this.passageSpeedKts(p);
  }

  conditionsAt(p: LatLon, atMs: number): SeaConditions {
    return this.weather.at(p.lat, p.lon, atMs);
  }

  /**
   * Sails a short leg: conditions at its middle, the speed through the water they allow (the
   * vessel's model, see the note at the top) and the current along the course. `speedKts` is the
   * speed ordered through the water when the route holds the ship below its own (see
   * RouteLeg.held_speed_kts). Returns the speed through the water made, and for a sailing yacht
   * whether it sailed or motored.
   */
  sail(
    from: LatLon,
    to: LatLon,
    lengthNm: number,
    atMs: number,
    speedKts?: number,
  ): {
    hours: number;
    conditions: SeaConditions;
    loss: number;
    course: number;
    stwKts: number;
    propulsion?: "sail" | "motor";
  } {
    const v0 = speedKts ?? this.request.vessel.speed_kts;
    const course = courseDeg(from.lat, from.lon, to.lat, to.lon);
    const mid = { lat: (from.lat + to.lat) / 2, lon: midLon(from.lon, to.lon) };
    const firstGuessH = lengthNm / v0;
    const c = this.weather.at(mid.lat, mid.lon, atMs + (firstGuessH / 2) * 3_600_000);
    let loss: number;
    let stw: number;
    if (this.model === "kwon") {
      loss =
        speedKts === undefined
          ? this.speedLoss(c.wind_kts, c.wind_dir_deg - course)
          : this.speedLossAt(speedKts, c.wind_kts, c.wind_dir_deg - course);
      stw = v0 * (1 - loss);
    } else {
      this.throughWater(c, course, speedKts);
      loss = this.stwLoss;
      stw = this.stwKts;
    }
    const currentAlong = c.current_kts * Math.cos(((c.current_dir_deg - course) * Math.PI) / 180);
    const sog = Math.max(KNOT_FLOOR, stw + currentAlong);
    const hours = lengthNm / sog;
    if (this.model !== "sailing") return { hours, conditions: c, loss, course, stwKts: stw };
    const propulsion = this.underSail ? "sail" : "motor";
    return { hours, conditions: c, loss, course, stwKts: stw, propulsion };
  }

  /**
   * Hours and objective cost of a straight leg of any length, priced every COST_SAMPLE_NM, and
   * (when `limits` apply) the hours of it sailed in seas or winds past the vessel's hard limits.
   * The breach is counted apart from the cost, both finite, so that two legs that both break a
   * limit somewhere can still be compared: by breach first, then by cost.
   */
  legCost(
    from: LatLon,
    to: LatLon,
    atMs: number,
    limits: boolean,
    speedKts?: number,
  ): { hours: number; cost: number; breachHours: number } {
    const pts = densify(from, to, COST_SAMPLE_NM);
    let hours = 0;
    let cost = 0;
    let breachHours = 0;
    for (let k = 1; k < pts.length; k++) {
      const a = pts[k - 1] as LatLon;
      const b = pts[k] as LatLon;
      const s = this.sail(a, b, distanceNm(a, b), atMs + hours * 3_600_000, speedKts);
      if (limits && this.breaksLimits(s.conditions)) breachHours += s.hours;
      const weight = this.weatherWeight(atMs + hours * 3_600_000);
      hours += s.hours;
      cost += this.costOf(s.conditions, s.course, s.hours, s.loss, weight);
    }
    return { hours, cost, breachHours };
  }

  /** null when the leg breaks a hard limit (and limits apply); otherwise its hours and objective cost. */
  edge(
    from: LatLon,
    to: LatLon,
    lengthNm: number,
    atMs: number,
    limits: boolean,
  ): { hours: number; cost: number } | null {
    const s = this.sail(from, to, lengthNm, atMs);
    return this.price(s.conditions, s.course, s.hours, s.loss, limits, this.weatherWeight(atMs));
  }

  /**
   * The search's steps from one node share the conditions where and when the vessel sets out
   * (sampled once for the node, at `atMs`; the steps differ only in course). fromNode takes them,
   * and is false when they break a hard limit (no step leaves the node); step then prices each
   * step into stepHours and stepCost (fields, not a new object: this runs a million times a route).
   */
  fromNode(c: SeaConditions, atMs: number, limits: boolean): boolean {
    if (limits && this.breaksLimits(c)) return false;
    this.node = c;
    this.nodeWeight = this.weatherWeight(atMs);
    return true;
  }

  private nodeWeight = 1;

  stepHours = 0;
  stepCost = 0;
  private node: SeaConditions = CALM_WEATHER.at(0, 0, 0);

  step(course: number, lengthNm: number): void {
    const c = this.node;
    let loss: number;
    let stw: number;
    if (this.model === "kwon") {
      loss = this.speedLoss(c.wind_kts, c.wind_dir_deg - course);
      stw = this.request.vessel.speed_kts * (1 - loss);
    } else {
      this.throughWater(c, course, undefined);
      loss = this.stwLoss;
      stw = this.stwKts;
    }
    const currentAlong = c.current_kts * Math.cos(((c.current_dir_deg - course) * Math.PI) / 180);
    const sog = Math.max(KNOT_FLOOR, stw + currentAlong);
    this.stepHours = lengthNm / sog;
    this.stepCost = this.costOf(c, course, this.stepHours, loss, this.nodeWeight);
  }

  private breaksLimits(c: SeaConditions): boolean {
    const v = this.request.vessel;
    return (
      (v.max_wave_m !== undefined && c.hs_m > v.max_wave_m) ||
      (v.max_wind_kts !== undefined && c.wind_kts > v.max_wind_kts)
    );
  }

  private price(
    c: SeaConditions,
    course: number,
    hours: number,
    loss: number,
    limits: boolean,
    weight: number,
  ): { hours: number; cost: number } | null {
    if (limits && this.breaksLimits(c)) return null;
    return { hours, cost: this.costOf(c, course, hours, loss, weight) };
  }

  /**
   * The objective's cost of `hours` sailed in `c` on `course` with speed loss `loss`: the hours,
   * and for the weather objectives a charge for the weather on top, counted at `weight`
   * (weatherWeight).
   */
  private costOf(
    c: SeaConditions,
    course: number,
    hours: number,
    loss: number,
    weight: number,
  ): number {
    switch (this.request.objective) {
      case "fastest":
        return hours;
      case "safest":
        return (
          hours *
          (1 +
            weight * exposurePenalty(Math.max(c.hs_m / this.softWave, c.wind_kts / this.softWind)))
        );
      case "most-comfortable": {
        // Motions scale with wave height relative to ship length, worst on the beam.
        const rel = Math.abs(Math.sin(((c.wave_dir_deg - course) * Math.PI) / 180));
        // Motions become noticeable once waves pass ~2% of the length (IMO MSC.1/Circ.1228 takes
        // 4% as the threshold of successive high waves); below that the sea costs plain time.
        const motion = Math.max(0, c.hs_m / Math.max(1, 0.04 * this.hull.length_m) - 0.5);
        return hours * (1 + weight * 4 * motion * motion * (0.5 + rel));
      }
      case "fuel-efficient":
        // At constant power fuel follows time; the speed loss is the added resistance paid for.
        return hours * (1 + weight * 2 * loss);
    }
  }
}

/**
 * What an hour in seas or winds at `ratio` of the vessel's limit costs the safest objective on top
 * of the hour itself: exposure-weighted time, so that a detour is taken only where it saves more
 * weighted hours than it adds. Nothing below 70% of the limit (where the index starts counting
 * time, vsi.ts); from there up to one more hour at the limit (an hour at the limit is worth two
 * in ordinary seas: a detour may double the time it takes to stay below it); past the limit, a
 * breach, 20 more per 100% over (five at 120%), so storms are gone round whatever the length.
 * Before, 32 (ratio - 0.5)^2 charged 1.3 hours at 70% and 8 at the limit, and winter North
 * Atlantic seas within a small ship's limits sent it 2.6 times the distance (8,587 nm against
 * 3,250) round Norway and the Canaries; weather routing lengthens a passage by some percent.
 */
export function exposurePenalty(ratio: number): number {
  if (ratio <= 0.7) return 0;
  if (ratio <= 1) return (ratio - 0.7) / 0.3;
  return 1 + 20 * (ratio - 1);
}

/**
 * The skill of a forecast `leadDays` after it was issued, 0-1: the anomaly correlation of the
 * 500 hPa height forecast over the northern extra-tropics, the headline score of numerical weather
 * prediction, which ECMWF's Forecast User Guide (section 6.4, 2023) puts at about 98.5% at 3 days,
 * 92% at 5, 80% at 7 and 50% at 10 (the ensemble's control falls to 0.6 at day 8 or 9). Beyond
 * day 10 it is continued at the day 7-10 rate, 0.1 a day, to nothing at day 15. The anomaly
 * correlation is the share of a forecast's departure from climatology that the weather bears out,
 * so the weather objectives count what they charge for the forecast's weather at it: a route is
 * bent round a storm ten days ahead for half what it would pay to miss one tomorrow. Weather
 * routing works so: a passage is routed on the forecast and re-routed as new ones come (Bowditch,
 * The American Practical Navigator, ch. "Weather Routing": initial route recommendations, then
 * diversions), and "it is almost impossible to predict weather" a week ahead (J. Harries on North
 * Atlantic passages, as quoted at setsail.com, 2010). Routed on the deterministic forecast in full,
 * a small ship's safest route from Rotterdam to New York in the winter North Atlantic ran 5,473 nm
 * by 57N and 29N round storms forecast a week and more ahead, against 3,777 nm for the fastest;
 * weather routing lengthens an ocean passage by a few per cent (1-3% typical, savings 2-5%:
 * StormGeo, as quoted by shipcalculators.com; 2-12% savings on transatlantic crossings: Mannarini
 * and Carelli 2019, VISIR-1.b).
 */
export function forecastSkill(leadDays: number): number {
  if (!(leadDays > 0)) return 1;
  for (let i = 1; i < FORECAST_SKILL.length; i++) {
    const [d1, s1] = FORECAST_SKILL[i] as [number, number];
    if (leadDays <= d1) {
      const [d0, s0] = FORECAST_SKILL[i - 1] as [number, number];
      return s0 + ((s1 - s0) * (leadDays - d0)) / (d1 - d0);
    }
  }
  return 0;
}

/** [lead days, anomaly correlation]: ECMWF's figures (forecastSkill), then the day 7-10 rate. */
const FORECAST_SKILL: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [3, 0.985],
  [5, 0.92],
  [7, 0.8],
  [10, 0.5],
  [15, 0],
];

/** Kwon's weather-angle sectors (directionCoefficient): head, bow, beam, following seas. */
const SECTOR_ANGLES = [0, 45, 90, 180];

function lossSector(angleOffBowDeg: number): number {
  const a = Math.abs((((angleOffBowDeg % 360) + 540) % 360) - 180);
  return a <= 30 ? 0 : a <= 60 ? 1 : a <= 150 ? 2 : 3;
}

function estimateDisplacementT(v: RoutingVessel): number {
  const loa = v.loa_m ?? 150;
  const beam = v.beam_m ?? loa / 6.5;
  const draft = v.draft_m ?? beam / 2.8;
  return loa * beam * draft * (v.block_coefficient ?? 0.7) * 1.025;
}

function midLon(a: number, b: number): number {
  let d = b - a;
  if (d > 180) d -= 360;
  if (d < -180) d += 360;
  const m = a + d / 2;
  return m >= 180 ? m - 360 : m < -180 ? m + 360 : m;
}
