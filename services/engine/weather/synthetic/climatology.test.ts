import { describe, expect, it } from "vitest";
import { climatologyAt, syntheticClimate, syntheticForecast } from "./index";

/**
 * The synthetic weather, storms and all, has the seasonal means of the published climatology.
 * Each case averages the control member of 12 forecast cycles (two seasons, a cycle every 15
 * days, every 6 hours of each 15-day forecast that falls in the season) over 16 points of the
 * region, and compares with the published mean (values read from the sources' seasonal or
 * monthly maps, rounded; see climate-tables.ts).
 */

const MS_PER_KT = 1852 / 3600;
const DAY = 86_400_000;

interface PublishedMean {
  region: string;
  lat: [number, number];
  lon: [number, number];
  /** First calendar month of the three-month season (0 = January). */
  seasonStart: number;
  season: string;
  hsM: number;
  windMs: number;
  source: string;
}

const PUBLISHED: PublishedMean[] = [
  {
    region: "North Atlantic (45-58 N, 40-15 W)",
    lat: [45, 58],
    lon: [-40, -15],
    seasonStart: 11,
    season: "winter (DJF)",
    hsM: 4.3,
    windMs: 11.5,
    source:
      "Young (1999) Int. J. Climatol. 19, January maps: mean Hs 4-5 m, U10 11-12 m/s south of Iceland; Semedo et al. (2011) J. Climate 24, ERA-40 DJF mean Hs 4-5 m",
  },
  {
    region: "North Atlantic (45-58 N, 40-15 W)",
    lat: [45, 58],
    lon: [-40, -15],
    seasonStart: 5,
    season: "summer (JJA)",
    hsM: 2.1,
    windMs: 7.2,
    source: "Young (1999), July maps: mean Hs ~2 m, U10 ~7 m/s",
  },
  {
    region: "North Pacific (38-50 N, 165 E-150 W)",
    lat: [38, 50],
    lon: [165, 210],
    seasonStart: 11,
    season: "winter (DJF)",
    hsM: 4.0,
    windMs: 10.5,
    source:
      "Young (1999), January maps: mean Hs ~4 m, U10 10-11 m/s; Semedo et al. (2011), DJF mean Hs 4-4.5 m",
  },
  {
    region: "Southern Ocean, Indian sector (55-45 S, 40-110 E)",
    lat: [-55, -45],
    lon: [40, 110],
    seasonStart: 5,
    season: "austral winter (JJA)",
    hsM: 4.9,
    windMs: 12.0,
    source:
      "Young (1999): the roughest ocean, mean Hs > 5 m in July-August at its peak; SEASAT altimeter monthly means (Marine Geodesy, 1984): up to 6 m Hs and 12 m/s",
  },
  {
    region: "Southern Ocean, Indian sector (55-45 S, 40-110 E)",
    lat: [-55, -45],
    lon: [40, 110],
    seasonStart: 11,
    season: "austral summer (DJF)",
    hsM: 3.7,
    windMs: 10.2,
    source: "Young (1999), January maps: mean Hs 3.5-4 m, U10 ~10 m/s",
  },
  {
    region: "North-east trades, North Atlantic (15-25 N, 55-30 W)",
    lat: [15, 25],
    lon: [-55, -30],
    seasonStart: 11,
    season: "winter (DJF)",
    hsM: 2.2,
    windMs: 7.4,
    source: "Young (1999): trade-wind belts ~2 m Hs, 7-8 m/s (14-15 kt)",
  },
  {
    region: "South-east trades, South Pacific (20-10 S, 140-100 W)",
    lat: [-20, -10],
    lon: [-140, -100],
    seasonStart: 5,
    season: "austral winter (JJA)",
    hsM: 2.5,
    windMs: 7.7,
    source:
      "Young (1999), July maps: ~2.5 m Hs (mostly Southern Ocean swell, Semedo et al. 2011), 7.5-8 m/s",
  },
  {
    region: "Doldrums, western equatorial Pacific (0-8 N, 135-165 E)",
    lat: [0, 8],
    lon: [135, 165],
    seasonStart: 8,
    season: "boreal autumn (SON)",
    hsM: 1.3,
    windMs: 4.2,
    source:
      "Young (1999): Hs minima near the doldrums, ~1.2-1.4 m, U10 ~4 m/s in the warm pool (read from maps)",
  },
  {
    region: "Mediterranean, west and central (34-42 N, 4-20 E)",
    lat: [34, 42],
    lon: [4, 20],
    seasonStart: 5,
    season: "summer (JJA)",
    hsM: 0.8,
    windMs: 4.5,
    source:
      "ERA5 wind ~4.5 m/s May-September (wind-waves-and-limits.md); Barbariol et al. (2021) Front. Mar. Sci. 8: summer the calm season, Hs under 1 m",
  },
  {
    region: "Arabian Sea (10-18 N, 57-68 E)",
    lat: [10, 18],
    lon: [57, 68],
    seasonStart: 5,
    season: "SW monsoon (JJA)",
    hsM: 3.5,
    windMs: 11.0,
    source:
      "Young (1999), July maps: 3.5-4 m and ~11-12 m/s (Findlater jet); Naseef and Sanil Kumar (2019), ERA5",
  },
  {
    region: "Arabian Sea (10-18 N, 57-68 E)",
    lat: [10, 18],
    lon: [57, 68],
    seasonStart: 11,
    season: "NE monsoon (DJF)",
    hsM: 1.1,
    windMs: 5.5,
    source:
      "Young (1999), January maps: ~1 m, 5-6 m/s; Glejin et al. (2013): 0.7-1 m outside the SW monsoon",
  },
];

const climate = syntheticClimate();

function seasonalMeans(c: PublishedMean): { hsM: number; windMs: number } {
  let hs = 0;
  let wind = 0;
  let n = 0;
  for (const year of [2021, 2022]) {
    const start = Date.UTC(year, c.seasonStart, 1);
    const end = Date.UTC(year, c.seasonStart + 3, 1);
    for (let cycle = start; cycle < end; cycle += 15 * DAY) {
      const control = syntheticForecast({ model: "gefs", cycleMs: cycle, member: 0, climate });
      for (let t = cycle; t < Math.min(end, cycle + 15 * DAY); t += 6 * 3_600_000) {
        for (let i = 0; i < 4; i++) {
          for (let j = 0; j < 4; j++) {
            const lat = c.lat[0] + ((c.lat[1] - c.lat[0]) * (i + 0.5)) / 4;
            const lon = c.lon[0] + ((c.lon[1] - c.lon[0]) * (j + 0.5)) / 4;
            const s = control.at(lat, lon, t);
            hs += s.hs_m;
            wind += s.wind_kts * MS_PER_KT;
            n++;
          }
        }
      }
    }
  }
  return { hsM: hs / n, windMs: wind / n };
}

describe("synthetic seasonal means against published climatology", () => {
  for (const c of PUBLISHED) {
    it(`${c.region}, ${c.season}: mean Hs ${c.hsM} m and wind ${c.windMs} m/s within 25% (${c.source})`, () => {
      const mean = seasonalMeans(c);
      expect(Math.abs(mean.hsM / c.hsM - 1)).toBeLessThan(0.25);
      expect(Math.abs(mean.windMs / c.windMs - 1)).toBeLessThan(0.25);
    });
  }

  it("tells the monsoon seasons apart: the Arabian Sea is rough in July and calm in January", () => {
    const july = seasonalMeans(PUBLISHED[9] as PublishedMean);
    const january = seasonalMeans(PUBLISHED[10] as PublishedMean);
    expect(july.hsM).toBeGreaterThan(2.5 * january.hsM);
    expect(july.windMs).toBeGreaterThan(1.7 * january.windMs);
  });
});

describe("climatologyAt", () => {
  it("gives the published monthly means and the monsoon's wind directions", () => {
    const july = climatologyAt(14, 62, 6);
    const january = climatologyAt(14, 62, 0);
    expect(july.hs_m).toBeCloseTo(3.8, 1);
    expect(july.wind_kts * MS_PER_KT).toBeCloseTo(12, 1);
    expect(january.hs_m).toBeCloseTo(1.15, 1);
    // SW monsoon from the south-west, NE monsoon from the north-east (coming FROM).
    expect(july.wind_dir_deg).toBeGreaterThan(200);
    expect(july.wind_dir_deg).toBeLessThan(250);
    expect(january.wind_dir_deg).toBeGreaterThan(20);
    expect(january.wind_dir_deg).toBeLessThan(70);
  });

  it("interpolates smoothly between months and matches the reanalysis field's mean state", () => {
    const a = climatologyAt(-50, 80, 5);
    const b = climatologyAt(-50, 80, 5.5);
    const c = climatologyAt(-50, 80, 6);
    expect(b.hs_m).toBeGreaterThan(Math.min(a.hs_m, c.hs_m) - 1e-9);
    expect(b.hs_m).toBeLessThan(Math.max(a.hs_m, c.hs_m) + 1e-9);
    const fromField = climate.meanAt(-50, 80, Date.UTC(2023, 6, 16));
    expect(fromField.hs_m).toBeCloseTo(c.hs_m, 1);
    expect(fromField.wind_kts).toBeCloseTo(c.wind_kts, 0);
  });
});
