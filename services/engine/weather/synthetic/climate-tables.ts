/**
 * The published climate the synthetic weather reproduces, as data: zonal profiles of the 10 m
 * wind and significant wave height (Hs) for January and July, and regional patches where the
 * ocean departs from its latitude band (monsoons, enclosed seas, the two northern storm tracks,
 * the equatorial doldrums). Every number is a long-term MEAN including storms; the model
 * underneath (climatology.ts) takes the storms' share out again so that its storms, noise and
 * swell add back up to these means.
 *
 * Sources (values read from their seasonal or monthly maps and tables, rounded; see the
 * report for the ones we could not re-check against the paper text):
 * - Young, I.R. (1999), "Seasonal variability of the global ocean wind and wave climate",
 *   Int. J. Climatol. 19, 931-950: 10 years of altimeter and model data, monthly means of Hs and
 *   U10 on a 2 degree grid. Zonal structure, Southern Ocean (highest everywhere, > 5 m mean Hs in
 *   the southern Indian Ocean in July-August), North Atlantic / North Pacific winter (4-5 m),
 *   trade-wind belts (~2 m, 7-8 m/s), monsoon Arabian Sea (~3.5-4 m in July).
 * - Young, Zieger and Babanin (2011), "Global trends in wind speed and wave height", Science 332,
 *   451-455: mean and 90th/99th percentile maps of U10 and Hs from 23 years of altimetry.
 * - Semedo et al. (2011), "A global view on the wind sea and swell climate and variability from
 *   ERA-40", J. Climate 24, 1461-1479: DJF / JJA mean Hs, wind-sea and swell heights and
 *   directions; swell dominates the tropics and arrives from the Southern Ocean (from the SW in
 *   the southern and equatorial oceans) and, in boreal winter, from the North Atlantic / Pacific.
 * - A SEASAT altimeter climatology ("World ocean mean monthly waves, swell, and surface winds for
 *   July through October 1978", Marine Geodesy, 1984): Southern Ocean monthly means reach 6 m Hs
 *   and 12 m/s wind; minima of Hs near the doldrums.
 * - Mediterranean: ERA5 wind ~7 m/s November-April and ~4.5 m/s May-September (project notes,
 *   wind-waves-and-limits.md section 4); Hs from Barbariol et al. (2021), "Wind waves in the
 *   Mediterranean Sea: an ERA5 reanalysis wind-based climatology", Front. Mar. Sci. 8:760614
 *   (summer the calm season, typical Hs well under 1 m; winter 1-1.5 m).
 * - Arabian Sea: Young (1999) July maps; Naseef and Sanil Kumar (2019), "Climatology and trends
 *   of the Indian Ocean surface waves based on 39-year long ERA5 reanalysis data", Int. J.
 *   Climatol. 40; Glejin et al. (2013) for the eastern Arabian Sea coast (mean Hs about 2.7 m in
 *   the SW monsoon, 1 m pre-monsoon, 0.7 m post-monsoon).
 */

/** Latitudes of the zonal tables, deg (values are clamped beyond the ends). */
export const ZONAL_LATS = [-70, -60, -50, -40, -30, -20, -10, 0, 10, 20, 30, 40, 50, 60, 70];

export interface ZonalProfile {
  /** Value at each of ZONAL_LATS in January. */
  readonly jan: readonly number[];
  /** Value at each of ZONAL_LATS in July. */
  readonly jul: readonly number[];
}

/**
 * Mean 10 m wind speed, m/s (Young 1999; Young et al. 2011): westerlies strongest in the winter
 * hemisphere (Southern Ocean 12-13 m/s in July), trades 7-8 m/s, the doldrums 5-6 m/s.
 */
export const ZONAL_WIND_MS: ZonalProfile = {
  //    -70  -60   -50   -40  -30  -20  -10   0    10   20   30   40    50    60    70
  jan: [8.0, 10.0, 10.5, 9.0, 7.0, 6.8, 6.3, 5.6, 6.9, 7.4, 7.3, 9.3, 11.0, 10.5, 9.5],
  jul: [9.0, 11.5, 12.5, 10.5, 7.8, 8.0, 7.5, 6.2, 6.0, 6.8, 6.0, 6.0, 7.3, 7.2, 6.5],
};

/**
 * Mean Hs, m (Young 1999; Semedo et al. 2011): Southern Ocean 3.8-5 m through the year, the
 * northern storm tracks 4-4.5 m in winter and ~2 m in summer, trades ~2-2.5 m, the equator
 * 1.6-1.9 m (mostly swell).
 */
export const ZONAL_HS_M: ZonalProfile = {
  //    -70  -60  -50  -40  -30  -20  -10   0    10   20   30   40   50   60   70
  jan: [2.6, 3.5, 3.9, 3.2, 2.5, 2.1, 1.8, 1.6, 1.9, 2.2, 2.6, 3.3, 4.0, 3.8, 3.0],
  jul: [3.0, 4.6, 5.1, 4.3, 3.3, 2.7, 2.3, 1.9, 1.7, 1.6, 1.5, 1.7, 2.0, 2.0, 1.6],
};

/**
 * Mean direction the wind blows TOWARDS as a unit-ish vector (east, north), by latitude, at the
 * equinox; the tropical part shifts north with the sun (see `ITCZ_SHIFT_DEG`). Trades from the
 * NE (north) and SE (south), westerlies from the W, polar easterlies.
 */
export const ZONAL_FLOW_EAST = [
  -0.7, 0.6, 0.95, 0.95, 0.4, -0.75, -0.8, -0.85, -0.8, -0.8, 0.2, 0.9, 0.95, 0.7, -0.5,
];
export const ZONAL_FLOW_NORTH = [
  0.1, -0.1, -0.1, 0, 0.3, 0.55, 0.45, 0.3, -0.45, -0.5, -0.2, 0.1, 0.15, 0.1, -0.1,
];
/** Northward shift of the tropical wind belts in July, and southward in January, deg. */
export const ITCZ_SHIFT_DEG = { jan: -2, jul: 5 };

/**
 * Coefficient of variation of the storm-free background wind (its std over its mean): the trades
 * are steady (Weibull shape ~3.5, CV ~0.3), the doldrums gusty and variable; in the westerlies the
 * explicit storms supply much of the variance on top of this.
 */
export const ZONAL_WIND_CV = [
  0.42, 0.38, 0.36, 0.38, 0.4, 0.28, 0.28, 0.45, 0.3, 0.28, 0.4, 0.38, 0.36, 0.38, 0.42,
];
/** Standard deviation of the background wind direction about its mean, deg. */
export const ZONAL_DIRECTION_SPREAD_DEG = [
  60, 50, 45, 50, 60, 22, 22, 70, 25, 22, 60, 50, 45, 50, 60,
];

/** Open-ocean fetch, km: long enough that open-ocean seas are duration- rather than fetch-limited. */
export const OPEN_OCEAN_FETCH_KM = 1500;

/** Twelve monthly values, January first. */
export type Monthly = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Twelve monthly values on a smooth annual cycle from the January and July values. */
export function annualCycle(jan: number, jul: number): Monthly {
  const m = (i: number) => jan + ((jul - jan) * (1 - Math.cos((2 * Math.PI * i) / 12))) / 2;
  return [m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7), m(8), m(9), m(10), m(11)];
}

/** A region where the climate is given explicitly, blended smoothly into the zonal climate. */
export interface RegionalPatch {
  readonly id: string;
  readonly latRange: readonly [number, number];
  /** West and east edges, deg; east may exceed 180 for a patch across the antimeridian. */
  readonly lonRange: readonly [number, number];
  /** Width inside the edges over which the patch fades in, deg. */
  readonly taperDeg: number;
  readonly windMs: Monthly;
  readonly hsM: Monthly;
  /** Mean wind direction, coming FROM, deg (monthly); the zonal direction when absent. */
  readonly windFromDeg?: Monthly;
  readonly windCv?: number;
  readonly directionSpreadDeg?: number;
  readonly fetchKm?: number;
  /** Direction the background swell comes FROM, deg, and its peak period, s. */
  readonly swellFromDeg?: number;
  readonly swellPeriodS?: number;
  /**
   * Share of the open ocean's storm swell that gets in (default 1): an enclosed sea is shielded
   * by the land around it, which the model has no other way to know.
   */
  readonly swellExposure?: number;
}

const NE = 40;
const SW = 225;

/**
 * Patches, applied in order (a later one wins where two overlap). Values are the sources' means,
 * rounded; each patch names its source.
 */
export const REGIONAL_PATCHES: readonly RegionalPatch[] = [
  {
    // Young (1999) January/July maps; ERA5 DJF mean Hs 4-5 m south of Iceland (Semedo et al. 2011).
    id: "north-atlantic-storm-track",
    latRange: [40, 66],
    lonRange: [-65, -5],
    taperDeg: 6,
    windMs: [11.8, 11.5, 10.6, 9.0, 7.8, 7.2, 7.0, 7.4, 8.8, 10.0, 10.8, 11.6],
    hsM: [4.5, 4.3, 3.9, 3.1, 2.5, 2.1, 2.0, 2.2, 2.8, 3.4, 3.9, 4.3],
  },
  {
    // Young (1999); Semedo et al. (2011): winter mean Hs ~4 m across 40-50 N.
    id: "north-pacific-storm-track",
    latRange: [34, 58],
    lonRange: [140, -135 + 360],
    taperDeg: 6,
    windMs: [10.8, 10.6, 9.8, 8.3, 7.0, 6.4, 6.2, 6.6, 8.0, 9.3, 10.2, 10.7],
    hsM: [4.1, 4.0, 3.6, 2.9, 2.3, 1.9, 1.8, 1.9, 2.5, 3.1, 3.7, 4.0],
  },
  {
    // Western equatorial Pacific warm pool / doldrums: light winds (ITCZ) and a sea sheltered from
    // the Southern Ocean swell by the Melanesian islands (Young 1999 monthly maps).
    id: "west-pacific-doldrums",
    latRange: [-3, 10],
    lonRange: [128, 172],
    taperDeg: 3,
    windMs: [6.5, 6.5, 6.0, 5.2, 4.6, 4.4, 4.3, 4.1, 4.0, 4.0, 4.7, 5.9],
    hsM: [1.6, 1.6, 1.5, 1.4, 1.3, 1.3, 1.3, 1.3, 1.25, 1.3, 1.35, 1.5],
    windCv: 0.45,
    directionSpreadDeg: 70,
    swellFromDeg: 20,
    swellPeriodS: 11,
  },
  {
    // The SW monsoon (Findlater jet) June-September, NE monsoon in winter: Young (1999); Naseef and
    // Sanil Kumar (2019).
    id: "arabian-sea",
    latRange: [3, 25],
    lonRange: [50, 77],
    taperDeg: 4,
    windMs: [5.8, 5.2, 4.6, 4.6, 6.5, 10.5, 12.0, 11.0, 8.0, 4.6, 5.0, 5.6],
    hsM: [1.15, 1.05, 1.0, 1.05, 1.6, 3.2, 3.8, 3.5, 2.5, 1.3, 1.1, 1.1],
    windFromDeg: [NE, NE, 60, 200, SW, SW, SW, SW, SW, 30, NE, NE],
    windCv: 0.3,
    directionSpreadDeg: 25,
    swellFromDeg: 210,
    swellPeriodS: 11,
  },
  {
    // Bay of Bengal: the same monsoon, weaker (Young 1999).
    id: "bay-of-bengal",
    latRange: [5, 22],
    lonRange: [80, 95],
    taperDeg: 3,
    windMs: [5.0, 4.6, 4.3, 4.6, 5.6, 7.8, 8.5, 8.0, 6.5, 5.0, 5.2, 5.2],
    hsM: [1.2, 1.1, 1.1, 1.3, 1.7, 2.6, 2.8, 2.6, 2.1, 1.4, 1.3, 1.2],
    windFromDeg: [NE, NE, 200, SW, SW, SW, SW, SW, SW, 45, NE, NE],
    windCv: 0.35,
    swellFromDeg: 200,
    swellPeriodS: 11,
  },
  {
    // NE monsoon surges in winter, SW monsoon in summer (Young 1999).
    id: "south-china-sea",
    latRange: [5, 22],
    lonRange: [106, 121],
    taperDeg: 2,
    windMs: annualCycle(9.0, 6.0),
    hsM: annualCycle(2.2, 1.3),
    windFromDeg: [NE, NE, 60, 90, 180, SW, SW, SW, 200, NE, NE, NE],
    fetchKm: 700,
    swellFromDeg: 45,
    swellPeriodS: 9,
    swellExposure: 0.6,
  },
  {
    // Maritime continent inner seas: light winds, short fetches.
    id: "indonesian-seas",
    latRange: [-8, 5],
    lonRange: [105, 130],
    taperDeg: 2,
    windMs: annualCycle(4.5, 5.0),
    hsM: annualCycle(0.8, 0.9),
    fetchKm: 300,
    swellPeriodS: 8,
    swellExposure: 0.3,
  },
  {
    // Caribbean low-level jet (Young 1999 maps: 8 m/s, ~2 m).
    id: "caribbean",
    latRange: [9, 22],
    lonRange: [-87, -60],
    taperDeg: 2,
    windMs: annualCycle(8.0, 8.0),
    hsM: annualCycle(1.9, 1.7),
    windFromDeg: [80, 80, 80, 85, 90, 90, 90, 90, 95, 90, 80, 80],
    windCv: 0.28,
    fetchKm: 1000,
    swellFromDeg: 70,
    swellPeriodS: 8,
    swellExposure: 0.8,
  },
  {
    id: "gulf-of-mexico",
    latRange: [18, 31],
    lonRange: [-98, -81],
    taperDeg: 2,
    windMs: annualCycle(6.5, 4.8),
    hsM: annualCycle(1.3, 0.8),
    fetchKm: 600,
    swellFromDeg: 110,
    swellPeriodS: 7,
    swellExposure: 0.4,
  },
  {
    // Mediterranean (see the header): summer the calm season.
    id: "mediterranean",
    latRange: [30, 46],
    lonRange: [-6, 37],
    taperDeg: 3,
    windMs: [7.0, 6.9, 6.5, 5.8, 4.9, 4.6, 4.5, 4.4, 4.8, 5.8, 6.6, 7.0],
    hsM: [1.45, 1.4, 1.3, 1.1, 0.9, 0.8, 0.78, 0.78, 0.9, 1.1, 1.3, 1.45],
    windFromDeg: [315, 315, 315, 300, 300, 320, 330, 330, 320, 315, 315, 315],
    windCv: 0.5,
    directionSpreadDeg: 60,
    fetchKm: 300,
    swellFromDeg: 290,
    swellPeriodS: 7,
    swellExposure: 0.1,
  },
  {
    id: "black-sea",
    latRange: [40.5, 47],
    lonRange: [27.5, 42],
    taperDeg: 1.5,
    windMs: annualCycle(7.0, 4.5),
    hsM: annualCycle(1.3, 0.6),
    windCv: 0.5,
    fetchKm: 250,
    swellFromDeg: 30,
    swellPeriodS: 6,
    swellExposure: 0.02,
  },
  {
    id: "red-sea",
    latRange: [12, 28],
    lonRange: [33, 43.5],
    taperDeg: 1.5,
    windMs: annualCycle(5.5, 5.5),
    hsM: annualCycle(0.9, 0.9),
    windFromDeg: [330, 330, 330, 330, 330, 330, 330, 330, 330, 330, 330, 330],
    fetchKm: 200,
    swellFromDeg: 330,
    swellPeriodS: 6,
    swellExposure: 0.05,
  },
  {
    id: "persian-gulf",
    latRange: [24, 30.5],
    lonRange: [48, 56.5],
    taperDeg: 1.5,
    windMs: annualCycle(5.0, 5.0),
    hsM: annualCycle(0.7, 0.7),
    windFromDeg: [315, 315, 315, 315, 315, 315, 315, 315, 315, 315, 315, 315],
    fetchKm: 150,
    swellFromDeg: 315,
    swellPeriodS: 5,
    swellExposure: 0.02,
  },
  {
    id: "north-sea",
    latRange: [51, 61],
    lonRange: [-3, 9],
    taperDeg: 1.5,
    windMs: annualCycle(10.0, 6.5),
    hsM: annualCycle(2.4, 1.2),
    fetchKm: 400,
    swellFromDeg: 330,
    swellPeriodS: 9,
    swellExposure: 0.5,
  },
  {
    id: "baltic-sea",
    latRange: [53.5, 66],
    lonRange: [10, 30],
    taperDeg: 1.5,
    windMs: annualCycle(8.0, 5.5),
    hsM: annualCycle(1.2, 0.6),
    fetchKm: 250,
    swellFromDeg: 240,
    swellPeriodS: 6,
    swellExposure: 0.02,
  },
];
