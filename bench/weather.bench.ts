import { readFileSync } from "node:fs";
import { densify } from "../services/engine/geo/geodesic";
import { withFallbacks } from "../services/engine/weather/fallback";
import { MONTHLY_CLIMATOLOGY } from "../services/engine/weather/horizon-blend";
import { syntheticClimate, syntheticForecast } from "../services/engine/weather/synthetic";
import { naturalEarthLandMask } from "../services/geodata/natural-earth";
import { climatologySource } from "../services/underwriting/weather-choice";
import { decodeGribFields } from "../services/weather/grib/decode";
import { sampleMany } from "../services/weather/gridded/sample";
import type {
  GriddedField,
  GriddedParameter,
  GridGeometry,
} from "../services/weather/gridded/types";
import { toWeatherField } from "../services/weather/gridded/weather-field";
import { EmbeddedReanalysis } from "../services/weather/reanalysis/embedded";
import { DEFAULT_REANALYSIS_GRID, ReanalysisGrid } from "../services/weather/reanalysis/grid";
import { cellsAround } from "../services/weather/reanalysis/port";
import { parameterFromFunction } from "../tests/gridded-from-function";
import { type BenchSuite, type Figure, round } from "./figures";

/**
 * GRIB2 decoding: the time to decode one global 0.25 degree field (1440 x 721, 10 m wind to 0.01
 * m/s, 12 bits) in each packing, written by ecCodes (and NCEP g2c for complex packing) with
 * scripts/make-grib-fixtures.sh; each beside simple packing, measured in the same run.
 *
 * Weather sampling along a route: samples per second for the gridded store (a global 0.5 degree
 * field of 3 parameters x 9 steps, the shape of an ingested GEFS member), both vectorised
 * (`sampleMany`, one parameter) and as a WeatherField (all conditions per call), a wind-only
 * member made whole from a second gridded field and climatology (as scoring reads a GEFS member
 * without waves), the climatology alone, the synthetic forecast (per call and `sampleMany`)
 * and a reanalysis window.
 */
const H = 3_600_000;
const CYCLE = Date.UTC(2026, 0, 15);

/** Rotterdam to New York in ~1 nm steps, 14 kn from the cycle time: ~3,300 points. */
function routePoints() {
  const pts = densify({ lat: 51.98, lon: 3.9 }, { lat: 40.45, lon: -73.8 }, 1);
  const lats = Float64Array.from(pts, (p) => p.lat);
  const lons = Float64Array.from(pts, (p) => p.lon);
  const times = Float64Array.from(pts, (_, i) => CYCLE + (i / 14) * H);
  return { lats, lons, times, n: pts.length };
}

function perSecond(n: number, run: () => void, minMs = 1500): number {
  run(); // warm
  let done = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    run();
    done += n;
  }
  return done / ((performance.now() - t0) / 1000);
}

const DECODE_TARGET_MS = 250;
const PACKINGS = [
  ["simple", "5.0 simple"],
  ["complex", "5.3 complex, spatial differencing"],
  ["jpeg", "5.40 JPEG 2000"],
  ["png", "5.41 PNG"],
  ["ccsds", "5.42 CCSDS"],
] as const;

/** Median of `runs` timed calls after three untimed ones (the JIT settles), ms. */
function medianMs(run: () => void, runs = 9): number {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

function decodeFigures(): Figure[] {
  const file = (packing: string) =>
    new Uint8Array(
      readFileSync(
        new URL(`../tests/fixtures/grib/bench/global-0p25-${packing}.grib2`, import.meta.url),
      ),
    );
  const simpleBytes = file("simple");
  const reference = decodeGribFields(simpleBytes)[0]?.values;
  if (reference?.length !== 1440 * 721) throw new Error("bench input is not a 1440 x 721 field");
  let simpleMs = 0;
  return PACKINGS.map(([packing, label]) => {
    const bytes = packing === "simple" ? simpleBytes : file(packing);
    // The packings hold the same field: a decoder that got it wrong must not be timed as right.
    const values = decodeGribFields(bytes)[0]?.values;
    let worst = 0;
    for (let i = 0; i < reference.length; i++) {
      worst = Math.max(worst, Math.abs((values?.[i] ?? Number.NaN) - (reference[i] as number)));
    }
    if (!(worst <= 0.006)) throw new Error(`${packing}: values differ by ${worst} from simple`);
    const ms = medianMs(() => decodeGribFields(bytes));
    if (packing === "simple") simpleMs = ms;
    const figure: Figure = {
      name: `GRIB2 decode, global 0.25 deg 1440x721, ${label} (${round(bytes.length / 1e6, 2)} MB)`,
      value: round(ms, 1),
      unit: "ms",
      target: `< ${DECODE_TARGET_MS} ms`,
      met: ms < DECODE_TARGET_MS,
    };
    return packing === "simple"
      ? figure
      : {
          ...figure,
          ceiling: { name: "simple packing", value: round(simpleMs, 1) },
          ratio: Math.round((ms / simpleMs) * 1000) / 1000,
        };
  });
}

export const weatherSuite: BenchSuite = {
  name: "weather",
  needsInfra: false,
  async run() {
    const route = routePoints();
    const figures: Figure[] = decodeFigures();
    const msps = (v: number) => round(v / 1e6, 2);

    const grid: GridGeometry = { nx: 720, ny: 361, lat0: -90, lon0: 0, dlat: 0.5, dlon: 0.5 };
    const steps = Array.from({ length: 9 }, (_, k) => CYCLE + k * 6 * H);
    const wave = (lat: number, lon: number, t: number) =>
      1.5 + Math.abs(Math.sin(lat / 9)) * 3 + Math.sin(lon / 13 + t / (40 * H));
    const gridded: GriddedField = {
      label: "bench: analytic 0.5 degree field (not weather)",
      parameters: new Map(
        [
          parameterFromFunction("HTSGW", grid, steps, wave),
          parameterFromFunction(
            "UGRD",
            grid,
            steps,
            (la, lo, t) => 8 * Math.cos(la / 20) + wave(la, lo, t),
          ),
          parameterFromFunction(
            "VGRD",
            grid,
            steps,
            (la, lo, t) => 3 * Math.sin(lo / 30) - wave(la, lo, t),
          ),
        ].map((p) => [p.name, p]),
      ),
    };
    const out = new Float32Array(route.n);
    figures.push({
      name: `gridded store sampleMany (HTSGW, ${route.n} route points)`,
      value: msps(
        perSecond(route.n, () =>
          sampleMany(gridded, "HTSGW", route.lats, route.lons, route.times, out),
        ),
      ),
      unit: "M samples/s",
    });
    const griddedField = toWeatherField(gridded);
    figures.push({
      name: "gridded store as WeatherField.at (all conditions per sample)",
      value: msps(
        perSecond(route.n, () => {
          for (let i = 0; i < route.n; i++)
            griddedField.at(
              route.lats[i] as number,
              route.lons[i] as number,
              route.times[i] as number,
            );
        }),
      ),
      unit: "M samples/s",
    });

    // A wind-only member made whole as scoring makes a GEFS member without waves whole: Hs
    // from a second gridded field (GFS-Wave's cycle), the rest from climatology.
    const only = (...names: string[]): GriddedField => ({
      label: gridded.label,
      parameters: new Map(names.map((n) => [n, gridded.parameters.get(n) as GriddedParameter])),
    });
    const whole = withFallbacks([
      { label: "wind", field: toWeatherField(only("UGRD", "VGRD")) },
      { label: "waves", field: toWeatherField(only("HTSGW")) },
      climatologySource(),
    ]);
    if (!whole.complete) throw new Error("bench: the fallback field is not whole");
    const atPerSecond = (field: { at(lat: number, lon: number, t: number): unknown }) =>
      perSecond(route.n, () => {
        for (let i = 0; i < route.n; i++)
          field.at(route.lats[i] as number, route.lons[i] as number, route.times[i] as number);
      });
    const griddedAt = figures.at(-1)?.value as number;
    const tables = msps(atPerSecond(MONTHLY_CLIMATOLOGY));
    figures.push({
      name: "climatology from its tables (MONTHLY_CLIMATOLOGY) .at",
      value: tables,
      unit: "M samples/s",
    });
    const lattice = msps(atPerSecond(climatologySource().field));
    figures.push({
      name: "climatology through its lattice (ClimatologyLattice, warm) .at",
      value: lattice,
      unit: "M samples/s",
      ceiling: { name: "from its tables", value: tables },
      ratio: Math.round((lattice / tables) * 1000) / 1000,
    });
    const wholeAt = msps(atPerSecond(whole.field));
    figures.push({
      name: "wind-only gridded member made whole (Hs from a 2nd gridded field, rest climatology) .at",
      value: wholeAt,
      unit: "M samples/s",
      ceiling: { name: "gridded store as WeatherField.at", value: griddedAt },
      ratio: Math.round((wholeAt / griddedAt) * 1000) / 1000,
    });

    const climate = syntheticClimate();
    const member = syntheticForecast({ model: "synthetic", cycleMs: CYCLE, member: 7, climate });
    figures.push({
      name: "synthetic forecast member WeatherField.at (all conditions per sample)",
      value: msps(
        perSecond(route.n, () => {
          for (let i = 0; i < route.n; i++)
            member.at(route.lats[i] as number, route.lons[i] as number, route.times[i] as number);
        }),
      ),
      unit: "M samples/s",
    });
    const arrays = {
      hs: new Float32Array(route.n),
      wind: new Float32Array(route.n),
      windDir: new Float32Array(route.n),
    };
    figures.push({
      name: "synthetic forecast member sampleMany (Hs, wind, wind direction)",
      value: msps(
        perSecond(route.n, () => member.sampleMany(route.lats, route.lons, route.times, arrays)),
      ),
      unit: "M samples/s",
    });

    const rgrid = new ReanalysisGrid(DEFAULT_REANALYSIS_GRID, naturalEarthLandMask("50m"));
    const store = new EmbeddedReanalysis(rgrid, climate);
    const points = Array.from({ length: route.n }, (_, i) => ({
      lat: route.lats[i] as number,
      lon: route.lons[i] as number,
    }));
    const window = await store.window(
      cellsAround(rgrid, points),
      route.times[0] as number,
      route.times[route.n - 1] as number,
    );
    figures.push({
      name: `reanalysis window WeatherField.at (${window.cells.length} cells x ${window.steps.length} steps)`,
      value: msps(
        perSecond(route.n, () => {
          for (let i = 0; i < route.n; i++)
            window.at(route.lats[i] as number, route.lons[i] as number, route.times[i] as number);
        }),
      ),
      unit: "M samples/s",
    });
    return figures;
  },
};
