/**
 * Short names of the parameters the voyage-risk model reads, keyed by discipline/category/number.
 * Numbers and units are WMO code table 4.2 as shipped with ecCodes 2.28
 * (/usr/share/eccodes/definitions/grib2/tables/30/4.2.{0.2,10.0,10.1,10.2}.table); short names are
 * NCEP's abbreviations for the same entries (NCEP GRIB2 documentation, table 4.2), the names GFS,
 * GEFS and GFS-Wave files are usually listed by. ECMWF's own names differ (swh for HTSGW, mwp for
 * MWSPER, 10u for UGRD); the numbers are the same.
 */

export interface ParameterInfo {
  readonly shortName: string;
  readonly description: string;
  readonly units: string;
  /**
   * Directions in degrees true, which must be averaged as angles: "from" for wind and waves
   * (meteorological), "to" for currents and ice drift (oceanographic).
   */
  readonly direction?: "from" | "to";
}

const TABLE: Record<string, ParameterInfo> = {
  // Discipline 0 (meteorological), category 2 (momentum).
  "0/2/0": { shortName: "WDIR", description: "Wind direction", units: "deg", direction: "from" },
  "0/2/1": { shortName: "WIND", description: "Wind speed", units: "m/s" },
  "0/2/2": { shortName: "UGRD", description: "u-component of wind", units: "m/s" },
  "0/2/3": { shortName: "VGRD", description: "v-component of wind", units: "m/s" },
  "0/2/22": { shortName: "GUST", description: "Wind speed (gust)", units: "m/s" },
  // Discipline 10 (oceanographic), category 0 (waves).
  "10/0/3": {
    shortName: "HTSGW",
    description: "Significant height of combined wind waves and swell",
    units: "m",
  },
  "10/0/4": {
    shortName: "WVDIR",
    description: "Direction of wind waves",
    units: "deg",
    direction: "from",
  },
  "10/0/5": { shortName: "WVHGT", description: "Significant height of wind waves", units: "m" },
  "10/0/6": { shortName: "WVPER", description: "Mean period of wind waves", units: "s" },
  "10/0/7": {
    shortName: "SWDIR",
    description: "Direction of swell waves",
    units: "deg",
    direction: "from",
  },
  "10/0/8": { shortName: "SWELL", description: "Significant height of swell waves", units: "m" },
  "10/0/9": { shortName: "SWPER", description: "Mean period of swell waves", units: "s" },
  "10/0/10": {
    shortName: "DIRPW",
    description: "Primary wave direction",
    units: "deg",
    direction: "from",
  },
  "10/0/11": { shortName: "PERPW", description: "Primary wave mean period", units: "s" },
  "10/0/12": {
    shortName: "DIRSW",
    description: "Secondary wave direction",
    units: "deg",
    direction: "from",
  },
  "10/0/13": { shortName: "PERSW", description: "Secondary wave mean period", units: "s" },
  "10/0/14": {
    shortName: "WWSDIR",
    description: "Direction of combined wind waves and swell",
    units: "deg",
    direction: "from",
  },
  "10/0/15": {
    shortName: "MWSPER",
    description: "Mean period of combined wind waves and swell",
    units: "s",
  },
  "10/0/34": { shortName: "PWPER", description: "Peak wave period", units: "s" },
  // Discipline 10, category 1 (currents).
  "10/1/0": { shortName: "DIRC", description: "Current direction", units: "deg", direction: "to" },
  "10/1/1": { shortName: "SPC", description: "Current speed", units: "m/s" },
  "10/1/2": { shortName: "UOGRD", description: "u-component of current", units: "m/s" },
  "10/1/3": { shortName: "VOGRD", description: "v-component of current", units: "m/s" },
  // Discipline 10, category 2 (ice).
  "10/2/0": { shortName: "ICEC", description: "Ice cover", units: "proportion" },
};

export function parameterInfo(
  discipline: number,
  category: number,
  number: number,
): ParameterInfo | undefined {
  return TABLE[`${discipline}/${category}/${number}`];
}
