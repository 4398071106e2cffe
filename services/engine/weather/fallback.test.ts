import { describe, expect, it } from "vitest";
import { withFallbacks } from "./fallback";
import {
  CALM,
  CONDITIONS,
  type Condition,
  type PartialWeatherField,
  type SeaConditions,
  type WeatherField,
} from "./types";

/** A field that has `values` everywhere and lacks the rest (they read NaN). */
function partial(label: string, values: Partial<SeaConditions>): PartialWeatherField {
  const missing = CONDITIONS.filter((c) => values[c] === undefined);
  return {
    label,
    maxCurrentKts: values.current_kts ?? 0,
    missing,
    at: () => {
      const out = { ...CALM };
      for (const c of CONDITIONS) out[c] = values[c] ?? Number.NaN;
      return out;
    },
  };
}

const whole = (label: string, c: SeaConditions, maxCurrentKts?: number): WeatherField => ({
  label,
  ...(maxCurrentKts === undefined ? {} : { maxCurrentKts }),
  at: () => c,
});

const CLIMATE: SeaConditions = {
  hs_m: 2.2,
  wave_period_s: 8,
  wave_dir_deg: 260,
  wind_kts: 15,
  wind_dir_deg: 250,
  swell_hs_m: 1.6,
  swell_period_s: 11,
  swell_dir_deg: 270,
  current_kts: 0.4,
  current_dir_deg: 90,
};
const NOT_HS_OR_WIND = CONDITIONS.filter((c) => c !== "hs_m" && c !== "wind_kts");
const climatology = {
  label: "climatology",
  field: whole("climatology", CLIMATE, 3.5),
  serves: NOT_HS_OR_WIND,
};
const windOnly = () => partial("gefs", { wind_kts: 30, wind_dir_deg: 200 });
const waves = () =>
  partial("gfs-wave", { hs_m: 5, wave_period_s: 10, wave_dir_deg: 210, swell_hs_m: 1.1 });

describe("withFallbacks", () => {
  it("hands back a field that lacks nothing as it is", () => {
    const field = whole("synthetic", CLIMATE);
    const done = withFallbacks([{ label: "synthetic cycle", field }, climatology]);
    expect(done.complete && done.field).toBe(field);
    expect(done.servedBy).toEqual(
      Object.fromEntries(CONDITIONS.map((c) => [c, "synthetic cycle"])),
    );
  });

  it("takes each missing condition from the first source that has it and may serve it", () => {
    const done = withFallbacks([
      { label: "gefs cycle", field: windOnly() },
      { label: "gfs-wave cycle", field: waves() },
      climatology,
    ]);
    if (!done.complete) throw new Error(`unresolved ${done.unresolved}`);
    const served: Record<Condition, string> = {
      hs_m: "gfs-wave cycle",
      wave_period_s: "gfs-wave cycle",
      wave_dir_deg: "gfs-wave cycle",
      wind_kts: "gefs cycle",
      wind_dir_deg: "gefs cycle",
      swell_hs_m: "gfs-wave cycle",
      swell_period_s: "climatology",
      swell_dir_deg: "climatology",
      current_kts: "climatology",
      current_dir_deg: "climatology",
    };
    expect(done.servedBy).toEqual(served);
    expect(done.field.at(40, -40, 0)).toEqual({
      hs_m: 5,
      wave_period_s: 10,
      wave_dir_deg: 210,
      wind_kts: 30,
      wind_dir_deg: 200,
      swell_hs_m: 1.1,
      swell_period_s: 11,
      swell_dir_deg: 270,
      current_kts: 0.4,
      current_dir_deg: 90,
    });
    // The route search's current bound is that of the source that serves the currents.
    expect(done.field.maxCurrentKts).toBe(3.5);
    expect(done.field.label).toBe(
      "gefs; hs_m, wave_period_s, wave_dir_deg, swell_hs_m from gfs-wave cycle; " +
        "swell_period_s, swell_dir_deg, current_kts, current_dir_deg from climatology",
    );
  });

  it("keeps swell from another source no higher than the sea it is part of", () => {
    const calmForecast = partial("ecmwf-ens", { hs_m: 0.8, wind_kts: 6, wind_dir_deg: 10 });
    const done = withFallbacks([{ label: "ecmwf-ens cycle", field: calmForecast }, climatology]);
    if (!done.complete) throw new Error("unresolved");
    expect(done.servedBy.swell_hs_m).toBe("climatology");
    expect(done.field.at(0, 0, 0).swell_hs_m).toBe(0.8); // climatology's 1.6 m, capped
    expect(done.field.at(0, 0, 0).hs_m).toBe(0.8);
  });

  it("leaves unresolved what no source may serve: never a flat sea", () => {
    const done = withFallbacks([{ label: "gefs cycle", field: windOnly() }, climatology]);
    expect(done.complete).toBe(false);
    if (done.complete) return;
    expect(done.unresolved).toEqual(["hs_m"]);
    expect(done.servedBy.wave_period_s).toBe("climatology");
    expect(done.servedBy.wind_kts).toBe("gefs cycle");
  });

  it("fills a partial field's own read, and reads each other source once per call", () => {
    let waveReads = 0;
    const counted = waves();
    const done = withFallbacks([
      { label: "gefs cycle", field: windOnly() },
      {
        label: "gfs-wave cycle",
        field: {
          ...counted,
          at: (a, b, c) => {
            waveReads++;
            return counted.at(a, b, c);
          },
        },
      },
      climatology,
    ]);
    if (!done.complete) throw new Error("unresolved");
    const first = done.field.at(1, 2, 3);
    const second = done.field.at(1, 2, 3);
    expect(waveReads).toBe(2);
    expect(first).not.toBe(second);
    expect(first).toEqual(second);
  });
});
