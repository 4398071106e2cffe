/**
 * Where each model's forecast cycles are published and how: the providers' own path layouts,
 * step lists and inventories, and the fields scoring reads from each product. A feed merges the
 * atmospheric and wave products of one model into one cycle: a member of a landed `gfs` cycle
 * holds GFS's 10 m wind and GFS-Wave's sea state, a `gefs` member GEFS's wind and GEFS-Wave's
 * waves of the same perturbation, an `ecmwf-ens` member the ENS wind and the wave ensemble's
 * waves. Sources of every layout and list are in docs/weather.md ("Feeds").
 *
 * Paths are relative to a provider root; a mirror or a test server stands in by replacing the
 * root only (`--base-url`), keeping the layout below it.
 */

export type IndexStyle = "wgrib2" | "ecmwf";

/** One entry of a file's inventory: a GRIB message (or one field of it) and its bytes. */
export interface InventoryEntry {
  offset: number;
  /** Known from the inventory (ECMWF), or from the next entry's offset (wgrib2; not the last). */
  length: number | undefined;
  /** What the entry is, as the selectors below name it: "UGRD:10 m above ground", "10u". */
  key: string;
  /** Ensemble member of the entry, when the inventory says (ECMWF: cf is 0, pf its number). */
  member: number | undefined;
}

export interface FeedProduct {
  /** "gfs-atmos", "gfs-wave", ... */
  id: string;
  description: string;
  index: IndexStyle;
  /** NOAA: one file per member; ECMWF: every member in each file. */
  filePerMember: boolean;
  /** Path of the GRIB2 file of (cycle, step, member) below the provider root. */
  path(cycleMs: number, step: number, member: number): string;
  /**
   * The fields scoring reads (see gridded/weather-field.ts), as the inventory names them: each
   * fetched when the file has it. Products differ (GEFS-Wave has MWSPER, GFS-Wave does not).
   */
  wanted: readonly string[];
  /** Of `wanted`, those every file must have (for every member it holds) to be complete. */
  required: readonly string[];
}

export interface Feed {
  /** The model (services/weather/models.ts) the cycle lands as. */
  model: string;
  provider: string;
  /** Default root the paths are below. */
  root: string;
  products: readonly FeedProduct[];
  /** Ensemble members fetched (perturbation numbers; 0 the control or the deterministic run). */
  members: readonly number[];
  /** Cycle hours (UTC) the feed takes. */
  cycleHours: readonly number[];
  /** Forecast steps (hours) the provider publishes for a cycle at this hour. */
  steps(cycleHour: number): number[];
  /**
   * Hours after its initialisation time at which a cycle is usually published whole; health's
   * lag counts from there. Sources in docs/weather.md.
   */
  publicationDelayH: number;
}

/** Hours a to b (inclusive) every `every` hours. */
function range(a: number, b: number, every: number): number[] {
  const out: number[] = [];
  for (let h = a; h <= b; h += every) out.push(h);
  return out;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const ymd = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
};
const hh = (ms: number) => pad(new Date(ms).getUTCHours(), 2);
const fff = (step: number) => pad(step, 3);
/** NOAA's member names: c00 the control, p01-p30 the perturbed members. */
const noaaMember = (m: number) => (m === 0 ? "c00" : `p${pad(m, 2)}`);

/** NOAA WAVEWATCH III fields (GFS-Wave, GEFS-Wave), as wgrib2 names them. */
const NOAA_WAVE_FIELDS = [
  "HTSGW:surface",
  "MWSPER:surface",
  "PERPW:surface",
  "WWSDIR:surface",
  "DIRPW:surface",
  "SWELL:1 in sequence",
  "SWPER:1 in sequence",
  "SWDIR:1 in sequence",
];
const NOAA_WIND_FIELDS = ["UGRD:10 m above ground", "VGRD:10 m above ground"];

/** GFS: 0-120 h hourly, then 3-hourly to 384 h, every cycle (00/06/12/18 UTC). */
const GFS_STEPS = [...range(0, 120, 1), ...range(123, 384, 3)];
/** GEFS and GEFS-Wave: 3-hourly to 240 h, then 6-hourly to 384 h (00 UTC goes on to 840 h). */
const GEFS_STEPS = [...range(0, 240, 3), ...range(246, 384, 6)];
/** ECMWF ENS and its waves at 00/12 UTC: 3-hourly to 144 h, then 6-hourly to 360 h. */
const ENS_STEPS = [...range(0, 144, 3), ...range(150, 360, 6)];

const gfs: Feed = {
  model: "gfs",
  provider: "NOAA open data (NODD)",
  root: "https://noaa-gfs-bdp-pds.s3.amazonaws.com",
  members: [0],
  cycleHours: [0, 6, 12, 18],
  steps: () => GFS_STEPS,
  publicationDelayH: 5,
  products: [
    {
      id: "gfs-atmos",
      description: "GFS 0.25 degree, pgrb2 (common fields)",
      index: "wgrib2",
      filePerMember: false,
      path: (c, s) => `gfs.${ymd(c)}/${hh(c)}/atmos/gfs.t${hh(c)}z.pgrb2.0p25.f${fff(s)}`,
      wanted: NOAA_WIND_FIELDS,
      required: NOAA_WIND_FIELDS,
    },
    {
      id: "gfs-wave",
      description: "GFS-Wave (WAVEWATCH III) global 0.25 degree",
      index: "wgrib2",
      filePerMember: false,
      path: (c, s) =>
        `gfs.${ymd(c)}/${hh(c)}/wave/gridded/gfswave.t${hh(c)}z.global.0p25.f${fff(s)}.grib2`,
      wanted: NOAA_WAVE_FIELDS,
      required: ["HTSGW:surface"],
    },
  ],
};

const gefs: Feed = {
  model: "gefs",
  provider: "NOAA open data (NODD)",
  root: "https://noaa-gefs-pds.s3.amazonaws.com",
  members: range(0, 30, 1),
  cycleHours: [0, 6, 12, 18],
  steps: () => GEFS_STEPS,
  publicationDelayH: 6,
  products: [
    {
      id: "gefs-atmos",
      description: "GEFS 0.5 degree, pgrb2a (primary fields), one file per member",
      index: "wgrib2",
      filePerMember: true,
      path: (c, s, m) =>
        `gefs.${ymd(c)}/${hh(c)}/atmos/pgrb2ap5/ge${noaaMember(m)}.t${hh(c)}z.pgrb2a.0p50.f${fff(s)}`,
      wanted: NOAA_WIND_FIELDS,
      required: NOAA_WIND_FIELDS,
    },
    {
      id: "gefs-wave",
      description: "GEFS-Wave (WAVEWATCH III) global 0.25 degree, one file per member",
      index: "wgrib2",
      filePerMember: true,
      path: (c, s, m) =>
        `gefs.${ymd(c)}/${hh(c)}/wave/gridded/gefs.wave.t${hh(c)}z.${noaaMember(m)}.global.0p25.f${fff(s)}.grib2`,
      wanted: NOAA_WAVE_FIELDS,
      required: ["HTSGW:surface"],
    },
  ],
};

const ecmwfPath = (stream: "enfo" | "waef") => (c: number, s: number) =>
  `${ymd(c)}/${hh(c)}z/ifs/0p25/${stream}/${ymd(c)}${hh(c)}0000-${s}h-${stream}-ef.grib2`;

const ecmwfEns: Feed = {
  model: "ecmwf-ens",
  provider: "ECMWF open data",
  root: "https://data.ecmwf.int/forecasts",
  members: range(0, 50, 1),
  // The 06/18 UTC runs reach 144 h only; a voyage's risk needs the 15 days of 00/12 UTC.
  cycleHours: [0, 12],
  steps: () => ENS_STEPS,
  publicationDelayH: 8,
  products: [
    {
      id: "ecmwf-enfo",
      description: "ECMWF ENS atmospheric fields (enfo), 0.25 degree, every member per step",
      index: "ecmwf",
      filePerMember: false,
      path: ecmwfPath("enfo"),
      wanted: ["10u", "10v"],
      required: ["10u", "10v"],
    },
    {
      id: "ecmwf-waef",
      description: "ECMWF ENS wave fields (waef), 0.25 degree, every member per step",
      index: "ecmwf",
      filePerMember: false,
      path: ecmwfPath("waef"),
      // Significant height, mean period and mean direction (NCEP's HTSGW, MWSPER, WWSDIR).
      wanted: ["swh", "mwp", "mwd"],
      required: ["swh"],
    },
  ],
};

export const FEEDS: Readonly<Record<string, Feed>> = {
  gfs,
  gefs,
  "ecmwf-ens": ecmwfEns,
};

export function feedFor(model: string): Feed | undefined {
  return Object.hasOwn(FEEDS, model) ? FEEDS[model] : undefined;
}

/** The inventory's path next to a GRIB2 file: NOAA appends `.idx`, ECMWF swaps `.grib2` for `.index`. */
export function inventoryPath(product: FeedProduct, dataPath: string): string {
  return product.index === "wgrib2" ? `${dataPath}.idx` : dataPath.replace(/\.grib2$/, ".index");
}

/** The files of one step of one product: one per member, or one holding every member. */
export function filesOfStep(
  feed: Feed,
  product: FeedProduct,
  cycleMs: number,
  step: number,
): { path: string; members: readonly number[] }[] {
  return product.filePerMember
    ? feed.members.map((m) => ({ path: product.path(cycleMs, step, m), members: [m] }))
    : [{ path: product.path(cycleMs, step, feed.members[0] ?? 0), members: feed.members }];
}

/** The steps of a cycle up to `toH` hours (the whole horizon without it). */
export function stepsOf(feed: Feed, cycleMs: number, toH?: number): number[] {
  const all = feed.steps(new Date(cycleMs).getUTCHours());
  return toH === undefined ? all : all.filter((s) => s <= toH);
}

/** Joins a root (with or without a trailing slash, with or without a path) and a layout path. */
export function urlOf(root: string, path: string): string {
  return `${root.replace(/\/+$/, "")}/${path}`;
}
