import { describe, expect, it } from "vitest";
import { type AlertDecisionInput, decideAlerts, type PreviousScore } from "./alert-rules";
import { derivedEventId } from "./event-ids";

/** The alert rules as a pure decision: given the previous score, when a new one comes, then... */
const CYCLE = Date.UTC(2026, 11, 3, 12);
const WAVE_PEAK = { value: 5.2, lat: 57.5, lon: -12.25 };
const WIND_PEAK = { value: 31.456, lat: 56, lon: -20 };

const given = (previous: PreviousScore | null, over: Partial<AlertDecisionInput> = {}) => ({
  when: (now: Partial<AlertDecisionInput["now"]> = {}) =>
    decideAlerts({
      voyage: { id: "v-7", vessel_id: "9321483", key_id: "k-1", fleet_id: "north" },
      cycle: { model: "gefs", cycleMs: CYCLE },
      occurredAt: CYCLE + 5 * 3_600_000,
      previous,
      thresholds: {},
      vesselLimits: { wind_kts: 35, wave_m: 6 },
      ...over,
      now: {
        index: 45,
        band: "Caution",
        peakWind: WIND_PEAK,
        peakWave: WAVE_PEAK,
        seaStateLeads: true,
        ...now,
      },
    }),
});

const calm: PreviousScore = { index: 30, band: "Moderate", peak_wind_kts: 20, peak_hs_m: 2 };
const caution: PreviousScore = { index: 45, band: "Caution", peak_wind_kts: 31, peak_hs_m: 5 };

describe("alert rules", () => {
  it("given the same band and no limit crossed, when re-scored, then nothing is alerted", () => {
    expect(given(caution).when()).toEqual([]);
  });

  it("given a Moderate voyage, when it scores Caution, then one index alert at the boundary, placed at the wave peak", () => {
    const [alert, ...rest] = given(calm).when();
    expect(rest).toEqual([]);
    expect(alert).toEqual({
      event_id: derivedEventId("alert", "v-7", "gefs", CYCLE, "index"),
      occurred_at: CYCLE + 5 * 3_600_000,
      voyage_id: "v-7",
      vessel_id: "9321483",
      key_id: "k-1",
      fleet_id: "north",
      risk_band_was: "Moderate",
      risk_band_now: "Caution",
      trigger_field: "index",
      trigger_threshold: 40,
      trigger_observed: 45,
      trigger_lat: 57.5,
      trigger_lon: -12.25,
      weather_model: "gefs",
      weather_cycle: CYCLE,
    });
  });

  it("given a band change where wind leads, then the alert is placed at the wind peak", () => {
    const [alert] = given(calm).when({ seaStateLeads: false });
    expect(alert).toMatchObject({ trigger_lat: 56, trigger_lon: -20 });
  });

  it("given a Severe voyage, when it falls two bands, then the boundary is the first one below Severe", () => {
    const [alert] = given({ ...caution, index: 85, band: "Severe" }).when();
    expect(alert).toMatchObject({ risk_band_was: "Severe", trigger_threshold: 60 });
  });

  it("given a wind threshold, when the peak ahead goes above it, then a wind alert with the observed peak to 0.01", () => {
    const alerts = given(calm, { thresholds: { wind_kts: 30 } }).when({ band: "Moderate" });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      trigger_field: "wind_kts",
      trigger_threshold: 30,
      trigger_observed: 31.46,
      risk_band_was: "Moderate",
      risk_band_now: "Moderate",
      trigger_lat: 56,
    });
  });

  it("given the peak was already above the threshold, when it stays above, then no new alert", () => {
    expect(given(caution, { thresholds: { wind_kts: 30 } }).when()).toEqual([]);
  });

  it("given no stated wave threshold, then the vessel's wave limit is the threshold", () => {
    const alerts = given(caution).when({ peakWave: { ...WAVE_PEAK, value: 6.4 } });
    expect(alerts.map((a) => [a.trigger_field, a.trigger_threshold])).toEqual([["wave_m", 6]]);
  });

  it("given an index threshold, when it is crossed within a band, then an index alert; with a band change, only the band's", () => {
    const within = given({ ...caution, index: 42 }, { thresholds: { index: 44 } }).when();
    expect(within.map((a) => [a.trigger_field, a.trigger_threshold])).toEqual([["index", 44]]);
    const withBand = given(calm, { thresholds: { index: 44 } }).when();
    expect(withBand.map((a) => [a.trigger_field, a.trigger_threshold])).toEqual([["index", 40]]);
  });

  it("given no previous score, then no band change but limits already exceeded alert", () => {
    const alerts = given(null, { thresholds: { wind_kts: 30 } }).when();
    expect(alerts.map((a) => a.trigger_field)).toEqual(["wind_kts"]);
    expect(alerts[0]).toMatchObject({ risk_band_was: "Caution", risk_band_now: "Caution" });
  });

  it("given the same inputs, then the same ids; another cycle, other ids", () => {
    const a = given(calm).when();
    expect(given(calm).when()).toEqual(a);
    const next = given(calm, { cycle: { model: "gefs", cycleMs: CYCLE + 6 * 3_600_000 } }).when();
    expect(next[0]?.event_id).not.toBe(a[0]?.event_id);
  });
});
