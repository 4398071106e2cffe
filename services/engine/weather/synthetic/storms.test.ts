import { describe, expect, it } from "vitest";
import { calendarMonthAt } from "./calendar";
import { syntheticClimate } from "./index";
import { STORM_BASINS, type StormBasin } from "./storm-basins";
import { basinOf, StormCatalogue } from "./storm-catalogue";
import { bearingDeg, greatCircleKm, StormSwellField, SwellSample } from "./storm-swell";
import { StormTrack, TRACK_STEP_MS } from "./storm-track";
import { compactProfile, hollandProfile } from "./storm-wind";
import { groupSpeedMs } from "./waves";

const DAY = 86_400_000;
const YEARS = 10;
const t0 = Date.UTC(2010, 0, 1);
const t1 = Date.UTC(2010 + YEARS, 0, 1);
const catalogue = new StormCatalogue(20_240_601);
const storms = catalogue.alive(t0, t1).filter((s) => s.startMs >= t0 && s.startMs < t1);
const climate = syntheticClimate();

function inGenesisRegion(basin: StormBasin, lat: number, lon: number): boolean {
  const [west, east] = basin.genesisLon;
  const l = lon < west ? lon + 360 : lon;
  return lat >= basin.genesisLat[0] && lat <= basin.genesisLat[1] && l >= west && l <= east;
}

function peakStep(storm: StormTrack): number {
  let best = 0;
  for (let i = 1; i < storm.steps; i++) {
    if ((storm.vmaxMs[i] as number) > (storm.vmaxMs[best] as number)) best = i;
  }
  return best;
}

/** Strongest wind (kt) and Hs (m) of the field on the radius of maximum wind at the storm's peak. */
function peakConditions(storm: StormTrack): { windKts: number; hsM: number } {
  const i = peakStep(storm);
  const t = storm.startMs + i * TRACK_STEP_MS;
  const lat = storm.lat[i] as number;
  const lon = storm.lon[i] as number;
  const rDeg = (storm.rmaxKm[i] as number) / 111.195;
  let windKts = 0;
  let hsM = 0;
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const s = climate.at(
      lat + rDeg * Math.cos(a),
      lon + (rDeg * Math.sin(a)) / Math.cos((lat * Math.PI) / 180),
      t,
    );
    windKts = Math.max(windKts, s.wind_kts);
    hsM = Math.max(hsM, s.hs_m);
  }
  return { windKts, hsM };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

describe("tropical cyclones", () => {
  const tropical = storms.filter((s) => s.kind === "tropical");

  it("form only in their basins and seasons (N Atlantic June-November, S hemisphere November-April, N Indian pre/post monsoon)", () => {
    expect(tropical.length).toBeGreaterThan(50 * YEARS);
    for (const storm of tropical) {
      const basin = basinOf(storm) as StormBasin;
      const month = calendarMonthAt(storm.startMs);
      expect(basin.perDay[month], `${storm.basin} in month ${month}`).toBeGreaterThan(0);
      expect(inGenesisRegion(basin, storm.lat[0] as number, storm.lon[0] as number)).toBe(true);
    }
    const atlantic = tropical.filter((s) => s.basin === "north-atlantic-tropical");
    expect(
      atlantic.every((s) => calendarMonthAt(s.startMs) >= 5 && calendarMonthAt(s.startMs) <= 10),
    ).toBe(true);
    const southern = tropical.filter((s) => s.hemisphere === -1);
    expect(southern.every((s) => [10, 11, 0, 1, 2, 3].includes(calendarMonthAt(s.startMs)))).toBe(
      true,
    );
    const indian = tropical.filter(
      (s) => s.basin.includes("bay-of-bengal") || s.basin.includes("arabian-sea"),
    );
    expect(indian.every((s) => [3, 4, 5, 9, 10, 11].includes(calendarMonthAt(s.startMs)))).toBe(
      true,
    );
  });

  it("come at the climatological rate (~14 a year in the Atlantic, ~26 in the western North Pacific)", () => {
    for (const basin of STORM_BASINS.filter((b) => b.kind === "tropical")) {
      const expected = basin.perDay.reduce((s, r) => s + r * (365.25 / 12), 0);
      const perYear = tropical.filter((s) => s.basin === basin.id).length / YEARS;
      expect(perYear, basin.id).toBeGreaterThan(0.6 * expected);
      expect(perYear, basin.id).toBeLessThan(1.5 * expected);
    }
  });

  it("drift west at 8-13 kt and curve poleward when they recurve", () => {
    for (const storm of tropical) {
      const speedKts =
        Math.hypot(storm.velEastMs[0] as number, storm.velNorthMs[0] as number) / (1852 / 3600);
      expect(speedKts).toBeGreaterThan(6);
      expect(speedKts).toBeLessThan(14);
      expect(storm.velEastMs[0] as number).toBeLessThan(0);
    }
    const recurved = tropical.filter((s) => (s.velEastMs[s.steps - 1] as number) > 2);
    expect(recurved.length).toBeGreaterThan(tropical.length / 5);
    for (const s of recurved) {
      expect(Math.abs(s.lat[s.steps - 1] as number)).toBeGreaterThan(Math.abs(s.lat[0] as number));
    }
  });

  it("blow hurricane force near their eye in season and leave the basin calm out of season", () => {
    const strong = tropical.filter(
      (s) =>
        s.basin === "north-atlantic-tropical" &&
        s.peakVortexMs > 35 &&
        s.startMs < Date.UTC(2012, 0, 1),
    );
    expect(strong.length).toBeGreaterThan(2);
    for (const s of strong) {
      const peak = peakConditions(s);
      expect(peak.windKts).toBeGreaterThan(64);
      expect(peak.hsM).toBeGreaterThan(7);
      expect(peak.hsM).toBeLessThan(20);
    }
    let marchMax = 0;
    for (let t = Date.UTC(2011, 2, 1); t < Date.UTC(2011, 3, 1); t += 12 * 3_600_000) {
      for (let lat = 10; lat <= 25; lat += 1.5) {
        for (let lon = -80; lon <= -20; lon += 1.5)
          marchMax = Math.max(marchMax, climate.at(lat, lon, t).wind_kts);
      }
    }
    expect(marchMax).toBeLessThan(45);
  });

  it("have Holland's (1980) profile: zero at the centre, peak at the radius of maximum wind", () => {
    expect(hollandProfile(0, 1.5)).toBe(0);
    expect(hollandProfile(1, 1.5)).toBeCloseTo(1, 12);
    expect(hollandProfile(0.9, 1.5)).toBeLessThan(1);
    expect(hollandProfile(1.1, 1.5)).toBeLessThan(1);
    expect(hollandProfile(10, 1.5)).toBeGreaterThan(0.2);
    expect(compactProfile(1)).toBeCloseTo(1, 12);
    expect(compactProfile(4.5)).toBeLessThan(0.2);
  });
});

describe("extratropical cyclones", () => {
  const extratropical = storms.filter(
    (s) => s.kind === "extratropical" && s.basin !== "mediterranean-extratropical",
  );
  const northern = extratropical.filter((s) => s.hemisphere === 1);
  const southern = extratropical.filter((s) => s.hemisphere === -1);
  const inMonths = (list: StormTrack[], months: number[]) =>
    list.filter((s) => months.includes(calendarMonthAt(s.startMs)));
  const meanPeak = (list: StormTrack[]) =>
    list.reduce((s, x) => s + x.peakVortexMs, 0) / list.length;

  it("are more frequent and deeper in the winter hemisphere", () => {
    const nWinter = inMonths(northern, [11, 0, 1]);
    const nSummer = inMonths(northern, [5, 6, 7]);
    const sWinter = inMonths(southern, [5, 6, 7]);
    const sSummer = inMonths(southern, [11, 0, 1]);
    expect(nWinter.length).toBeGreaterThan(1.8 * nSummer.length);
    expect(meanPeak(nWinter)).toBeGreaterThan(1.4 * meanPeak(nSummer));
    expect(sWinter.length).toBeGreaterThan(1.1 * sSummer.length);
    expect(meanPeak(sWinter)).toBeGreaterThan(1.1 * meanPeak(sSummer));
  });

  it("run east (north-east in the north, south-east in the south) at 20-30 kt for a few days", () => {
    for (const s of extratropical) {
      const east = s.velEastMs[0] as number;
      const speedKts = Math.hypot(east, s.velNorthMs[0] as number) / (1852 / 3600);
      expect(east).toBeGreaterThan(0);
      expect(speedKts).toBeGreaterThan(18);
      expect(speedKts).toBeLessThan(36);
      expect(Math.sign(s.velNorthMs[0] as number)).toBe(s.hemisphere);
      const days = (s.endMs - s.startMs) / DAY;
      expect(days).toBeGreaterThanOrEqual(2.9);
      expect(days).toBeLessThanOrEqual(6.1);
    }
  });

  it("peak at 45-60 kt with 7-12 m seas in winter (median of North Atlantic and North Pacific storms)", () => {
    const winter = inMonths(northern, [11, 0, 1]).slice(0, 60);
    const peaks = winter.map(peakConditions);
    const wind = median(peaks.map((p) => p.windKts));
    const hs = median(peaks.map((p) => p.hsM));
    expect(wind).toBeGreaterThan(40);
    expect(wind).toBeLessThan(62);
    expect(hs).toBeGreaterThan(6);
    expect(hs).toBeLessThan(12);
    // Storm scale: a storm's circulation spans ~1000 km or more (radius of maximum wind 250-560 km).
    for (const s of winter) expect(s.rmaxKm[peakStep(s)] as number).toBeGreaterThan(180);
  });
});

describe("storm swell", () => {
  /** A point `km` from (lat, lon) along `bearing` (great circle). */
  function destination(lat: number, lon: number, bearing: number, km: number): [number, number] {
    const d = km / 6371;
    const p1 = (lat * Math.PI) / 180;
    const b = (bearing * Math.PI) / 180;
    const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
    const l2 =
      (lon * Math.PI) / 180 +
      Math.atan2(
        Math.sin(b) * Math.sin(d) * Math.cos(p1),
        Math.cos(d) - Math.sin(p1) * Math.sin(p2),
      );
    return [(p2 * 180) / Math.PI, (((l2 * 180) / Math.PI + 540) % 360) - 180];
  }

  // A stationary deep low at 45 N 40 W, two days from genesis to peak and two to death, its
  // winds from the west (it "heads" east): it radiates mostly to the south-east.
  const steps = 33;
  const start = Date.UTC(2022, 0, 10);
  const storm = new StormTrack({
    id: 1,
    kind: "extratropical",
    basin: "test",
    hemisphere: 1,
    startMs: start,
    lat: new Float64Array(steps).fill(45),
    lon: new Float64Array(steps).fill(-40),
    vmaxMs: Float64Array.from(
      { length: steps },
      (_, i) => 20 * Math.sin((Math.PI * i) / (steps - 1)),
    ),
    rmaxKm: new Float64Array(steps).fill(350),
    velEastMs: new Float64Array(steps).fill(0.01),
    velNorthMs: new Float64Array(steps).fill(0),
    hollandB: 1,
    fetchKm: 650,
  });
  const swell = new StormSwellField((a, b) =>
    storm.endMs >= a && storm.startMs <= b ? [storm] : [],
  );
  const sample = new SwellSample();

  function history(
    lat: number,
    lon: number,
  ): { peakMs: number; peakHs: number; firstMs: number; periodS: number; fromDeg: number } {
    let peakHs = 0;
    let peakMs = 0;
    let firstMs = Number.NaN;
    let periodS = 0;
    let fromDeg = 0;
    for (let t = start; t < start + 12 * DAY; t += 3_600_000) {
      swell.sample(lat, lon, t, sample);
      if (Number.isNaN(firstMs) && sample.hsM > 0.2) firstMs = t;
      if (sample.hsM > peakHs) {
        peakHs = sample.hsM;
        peakMs = t;
        periodS = sample.periodS;
        fromDeg = (Math.atan2(sample.fromEast, sample.fromNorth) * 180) / Math.PI;
      }
    }
    return { peakMs, peakHs, firstMs, periodS, fromDeg: (fromDeg + 360) % 360 };
  }

  it("reaches places downstream later, at the group speed of its period, and weaker with distance", () => {
    const near = destination(45, -40, 140, 1500);
    const far = destination(45, -40, 140, 4500);
    const a = history(near[0], near[1]);
    const b = history(far[0], far[1]);
    expect(a.peakHs).toBeGreaterThan(b.peakHs);
    expect(b.peakHs).toBeGreaterThan(0.3);
    expect(b.firstMs).toBeGreaterThan(a.firstMs);
    // Deep-water group speed 1.56 T / 2 m/s: ~1000 km a day at 13-15 s.
    const distance = greatCircleKm(near[0], near[1], far[0], far[1]);
    const expectedDays = (distance * 1000) / groupSpeedMs(b.periodS) / 86_400;
    const delayDays = (b.peakMs - a.peakMs) / DAY;
    expect(b.periodS).toBeGreaterThan(11);
    expect(b.periodS).toBeLessThan(18);
    expect(delayDays).toBeGreaterThan(0.65 * expectedDays);
    expect(delayDays).toBeLessThan(1.35 * expectedDays);
    // It comes from the storm (coming-FROM convention).
    const back = bearingDeg(far[0], far[1], 45, -40);
    expect(Math.abs(((b.fromDeg - back + 540) % 360) - 180)).toBeLessThan(15);
  });

  it("radiates mostly downwind of the storm's strong side (south-east here) and little upwind", () => {
    const downwind = destination(45, -40, 140, 2500);
    const upwind = destination(45, -40, 320, 2500);
    expect(history(downwind[0], downwind[1]).peakHs).toBeGreaterThan(
      1.5 * history(upwind[0], upwind[1]).peakHs,
    );
  });
});
