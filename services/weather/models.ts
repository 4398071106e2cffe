/**
 * The weather models the platform knows: how often each issues a cycle, how many members it has
 * and how far ahead it reaches. Cycles of these models land as WeatherCycleLanded events;
 * `synthetic` is our own deterministic generator (services/engine/weather/synthetic), labelled
 * as such wherever it is used.
 */
export interface WeatherModel {
  id: string;
  description: string;
  /** Hours between cycles. */
  cadence_h: number;
  members: number;
  horizon_h: number;
  /** Nominal grid spacing, degrees. */
  resolution_deg: number;
  synthetic: boolean;
}

export const WEATHER_MODELS: Readonly<Record<string, WeatherModel>> = {
  synthetic: {
    id: "synthetic",
    description:
      "synthetic GEFS-like forecast (not real weather): climatology, moving storms, 31-member ensemble",
    cadence_h: 6,
    members: 31,
    horizon_h: 384,
    resolution_deg: 0.25,
    synthetic: true,
  },
  // NOAA GEFS: control + 30 perturbed members, 00/06/12/18 UTC, 16 days (NOAA/NCEP GEFS v12, 2020).
  gefs: {
    id: "gefs",
    description: "NOAA GEFS ensemble (GRIB2 ingest)",
    cadence_h: 6,
    members: 31,
    horizon_h: 384,
    resolution_deg: 0.5,
    synthetic: false,
  },
  "gfs-wave": {
    id: "gfs-wave",
    description: "NOAA GFS-Wave (WAVEWATCH III) deterministic (GRIB2 ingest)",
    cadence_h: 6,
    members: 1,
    horizon_h: 384,
    resolution_deg: 0.25,
    synthetic: false,
  },
  gfs: {
    id: "gfs",
    description: "NOAA GFS deterministic (GRIB2 ingest)",
    cadence_h: 6,
    members: 1,
    horizon_h: 384,
    resolution_deg: 0.25,
    synthetic: false,
  },
  // ECMWF ENS: control + 50 perturbed members, 00/12 UTC, 15 days.
  "ecmwf-ens": {
    id: "ecmwf-ens",
    description: "ECMWF ENS ensemble (GRIB2 ingest)",
    cadence_h: 12,
    members: 51,
    horizon_h: 360,
    resolution_deg: 0.25,
    synthetic: false,
  },
};

export function weatherModel(id: string): WeatherModel | undefined {
  return Object.hasOwn(WEATHER_MODELS, id) ? WEATHER_MODELS[id] : undefined;
}

/** The cycle time at or before t for a model issuing every cadence_h hours from 00 UTC. */
export function cycleAtOrBefore(tMs: number, cadenceH: number): number {
  const step = cadenceH * 3_600_000;
  return Math.floor(tMs / step) * step;
}
