import type { Monthly } from "./climate-tables";

/**
 * Where and when storms form, how they move and how strong they get: the statistics the storm
 * generator draws from. Extratropical cyclones form all year in the westerlies, more often and
 * deeper in the winter hemisphere; tropical cyclones only in their basins and seasons.
 *
 * Tropical cyclone counts and seasons: Gray (1968, "Global view of the origin of tropical
 * disturbances and storms", Mon. Wea. Rev. 96) for the basins and seasons; annual counts of named
 * storms rounded from Ramsay (2017, "The global climatology of tropical cyclones", Oxford Research
 * Encyclopedia of Natural Hazard Science) and NOAA's 1991-2020 Atlantic normals (14 named storms,
 * peak in September). Extratropical cyclone frequencies and speeds follow the storm-track
 * climatologies of Hoskins and Hodges (2002, J. Atmos. Sci. 59, NH: tracks from the western
 * boundary currents to the north-east, ~10-15 m/s) and Simmonds and Keay (2000, J. Climate 13,
 * SH: circumpolar, most numerous in winter).
 */

export type StormKind = "extratropical" | "tropical";

export interface StormBasin {
  readonly id: string;
  readonly kind: StormKind;
  readonly hemisphere: 1 | -1;
  readonly genesisLat: readonly [number, number];
  /** West and east edges of the genesis region, deg (east may exceed 180). */
  readonly genesisLon: readonly [number, number];
  /** New storms per day, by calendar month (January first); zero outside a tropical season. */
  readonly perDay: Monthly;
  /** Scale on the peak vortex wind by month: summer lows are shallower than winter ones. */
  readonly intensity: Monthly;
  readonly lifeDays: readonly [number, number];
  /** Translation speed at genesis, m/s. */
  readonly speedMs: readonly [number, number];
  /** Direction of motion at genesis, deg true (going TO). */
  readonly headingToDeg: readonly [number, number];
  /**
   * Peak wind of the vortex itself, m/s. The background wind (and for a tropical cyclone half
   * its forward speed) adds to it: extratropical storms peak at 45-60 kt in total, tropical
   * cyclones from tropical storms to category 5.
   */
  readonly peakVortexMs: readonly [number, number];
  /** Radius of maximum wind at peak, km. */
  readonly rmaxKm: readonly [number, number];
  /**
   * Effective fetch of the storm's wind sea, km: extratropical, about half the ~1000 km of the
   * storm's wind field (a 25 m/s gale then raises ~9 m, 30 m/s ~11 m); tropical, Young's (1988,
   * "Parametric hurricane wave prediction model", J. Waterway Port Coastal Ocean Eng. 114)
   * equivalent fetch of a few hundred km.
   */
  readonly fetchKm: number;
  /** Extratropical: turn of the heading over the life, deg (poleward). */
  readonly turnDeg?: number;
  /** Tropical: recurvature into the westerlies (final heading, speed, and when in the life, 0-1;
   * values above 1 mean the storm dies before recurving). */
  readonly recurve?: {
    readonly headingToDeg: number;
    readonly speedMs: readonly [number, number];
    readonly atLifeFraction: readonly [number, number];
  };
}

const DAYS_PER_MONTH = 365.25 / 12;

/** Per-day genesis rates from an annual count and the share of each month. */
function perDayFromAnnual(annual: number, shares: Monthly): Monthly {
  const total = shares.reduce((s, v) => s + v, 0);
  const r = (i: number) => (annual * (shares[i] as number)) / total / DAYS_PER_MONTH;
  return [r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7), r(8), r(9), r(10), r(11)];
}

const NORTHERN_WINTER_RATE: Monthly = [
  0.45, 0.45, 0.4, 0.32, 0.25, 0.2, 0.18, 0.2, 0.25, 0.32, 0.4, 0.45,
];
const NORTHERN_WINTER_INTENSITY: Monthly = [
  1, 1, 0.95, 0.85, 0.72, 0.62, 0.6, 0.62, 0.72, 0.85, 0.95, 1,
];
const TROPICAL_INTENSITY: Monthly = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
/** Southern Hemisphere tropical season, November-April, peak January-February. */
const SOUTHERN_TC_SHARES: Monthly = [25, 25, 20, 10, 0, 0, 0, 0, 0, 0, 5, 15];

export const STORM_BASINS: readonly StormBasin[] = [
  {
    id: "north-atlantic-extratropical",
    kind: "extratropical",
    hemisphere: 1,
    genesisLat: [35, 50],
    genesisLon: [-78, -40],
    perDay: NORTHERN_WINTER_RATE,
    intensity: NORTHERN_WINTER_INTENSITY,
    lifeDays: [3, 6],
    speedMs: [10, 15],
    headingToDeg: [50, 80],
    peakVortexMs: [10, 18],
    rmaxKm: [250, 450],
    fetchKm: 500,
    turnDeg: -15,
  },
  {
    id: "north-pacific-extratropical",
    kind: "extratropical",
    hemisphere: 1,
    genesisLat: [30, 45],
    genesisLon: [125, 175],
    perDay: NORTHERN_WINTER_RATE,
    intensity: NORTHERN_WINTER_INTENSITY,
    lifeDays: [3, 6],
    speedMs: [10, 15],
    headingToDeg: [45, 80],
    peakVortexMs: [10, 18],
    rmaxKm: [250, 450],
    fetchKm: 500,
    turnDeg: -15,
  },
  {
    id: "southern-ocean-extratropical",
    kind: "extratropical",
    hemisphere: -1,
    genesisLat: [-56, -38],
    genesisLon: [-180, 180],
    perDay: [1.0, 1.0, 1.05, 1.1, 1.2, 1.25, 1.3, 1.3, 1.25, 1.15, 1.05, 1.0],
    intensity: [0.85, 0.85, 0.88, 0.92, 0.97, 1, 1, 1, 0.97, 0.92, 0.88, 0.85],
    lifeDays: [3, 6],
    speedMs: [10, 15],
    headingToDeg: [95, 125],
    peakVortexMs: [10, 18],
    rmaxKm: [250, 450],
    fetchKm: 500,
    turnDeg: 15,
  },
  {
    // Genoa lows: Mediterranean cyclogenesis, mostly October-April (Trigo et al., 2002).
    id: "mediterranean-extratropical",
    kind: "extratropical",
    hemisphere: 1,
    genesisLat: [37, 44],
    genesisLon: [2, 14],
    perDay: [0.12, 0.12, 0.1, 0.07, 0.04, 0.01, 0.005, 0.01, 0.04, 0.08, 0.11, 0.12],
    intensity: [0.6, 0.6, 0.55, 0.5, 0.45, 0.4, 0.4, 0.4, 0.45, 0.5, 0.55, 0.6],
    lifeDays: [1.5, 3],
    speedMs: [6, 9],
    headingToDeg: [90, 130],
    peakVortexMs: [10, 18],
    rmaxKm: [150, 250],
    fetchKm: 300,
    turnDeg: 0,
  },
  {
    // June-November, peak September; ~14 named storms a year (NOAA 1991-2020 normals).
    id: "north-atlantic-tropical",
    kind: "tropical",
    hemisphere: 1,
    genesisLat: [10, 25],
    genesisLon: [-80, -20],
    perDay: perDayFromAnnual(14, [0, 0, 0, 0, 0, 5, 9, 27, 33, 19, 7, 0]),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [4, 10],
    speedMs: [4.5, 6.5],
    headingToDeg: [275, 300],
    peakVortexMs: [15, 62],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 45 + 360, speedMs: [7, 11], atLifeFraction: [0.35, 1.2] },
  },
  {
    // May-November; ~16 a year, mostly moving west-north-west out to sea.
    id: "east-north-pacific-tropical",
    kind: "tropical",
    hemisphere: 1,
    genesisLat: [10, 18],
    genesisLon: [-120, -92],
    perDay: perDayFromAnnual(16, [0, 0, 0, 0, 5, 14, 22, 25, 21, 11, 2, 0]),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [4, 9],
    speedMs: [4.5, 6.5],
    headingToDeg: [280, 295],
    peakVortexMs: [15, 62],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 20 + 360, speedMs: [5, 8], atLifeFraction: [0.8, 1.5] },
  },
  {
    // All year, peak July-October; ~26 a year, the most active basin.
    id: "west-north-pacific-tropical",
    kind: "tropical",
    hemisphere: 1,
    genesisLat: [8, 22],
    genesisLon: [125, 165],
    perDay: perDayFromAnnual(26, [2, 1, 2, 3, 5, 7, 15, 20, 18, 14, 9, 4]),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [4, 10],
    speedMs: [4.5, 6.5],
    headingToDeg: [280, 310],
    peakVortexMs: [15, 64],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 45 + 360, speedMs: [7, 11], atLifeFraction: [0.4, 1.2] },
  },
  {
    // North Indian Ocean, Bay of Bengal: pre-monsoon (April-June) and post-monsoon
    // (October-December) seasons; ~5 a year in the basin, about three quarters in the Bay.
    id: "bay-of-bengal-tropical",
    kind: "tropical",
    hemisphere: 1,
    genesisLat: [8, 18],
    genesisLon: [83, 93],
    perDay: perDayFromAnnual(3.6, [0, 0, 0, 6, 20, 10, 0, 0, 0, 24, 28, 12]),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [3, 6],
    speedMs: [3.5, 5.5],
    headingToDeg: [310, 340],
    peakVortexMs: [15, 56],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 30 + 360, speedMs: [4, 7], atLifeFraction: [0.5, 1.3] },
  },
  {
    id: "arabian-sea-tropical",
    kind: "tropical",
    hemisphere: 1,
    genesisLat: [8, 18],
    genesisLon: [62, 73],
    perDay: perDayFromAnnual(1.4, [0, 0, 0, 6, 20, 10, 0, 0, 0, 24, 28, 12]),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [3, 6],
    speedMs: [3.5, 5.5],
    headingToDeg: [290, 330],
    peakVortexMs: [15, 56],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 20 + 360, speedMs: [4, 7], atLifeFraction: [0.6, 1.4] },
  },
  {
    // South-west Indian Ocean and the Australian region west of 115 E: November-April, ~15 a year.
    id: "south-indian-tropical",
    kind: "tropical",
    hemisphere: -1,
    genesisLat: [-18, -8],
    genesisLon: [50, 115],
    perDay: perDayFromAnnual(15, SOUTHERN_TC_SHARES),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [4, 10],
    speedMs: [4, 6],
    headingToDeg: [235, 260],
    peakVortexMs: [15, 59],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 140, speedMs: [6, 10], atLifeFraction: [0.4, 1.2] },
  },
  {
    // South Pacific and the Australian region east of 142 E: November-April, ~9 a year.
    id: "south-pacific-tropical",
    kind: "tropical",
    hemisphere: -1,
    genesisLat: [-18, -8],
    genesisLon: [150, 210],
    perDay: perDayFromAnnual(9, SOUTHERN_TC_SHARES),
    intensity: TROPICAL_INTENSITY,
    lifeDays: [4, 9],
    speedMs: [4, 6],
    headingToDeg: [200, 250],
    peakVortexMs: [15, 56],
    rmaxKm: [15, 70],
    fetchKm: 250,
    recurve: { headingToDeg: 130, speedMs: [6, 10], atLifeFraction: [0.4, 1.1] },
  },
];
