import type { RiskThresholdCrossed } from "../contracts/events";
import { round } from "../engine/round";
import { BANDS, bandOf } from "../engine/scoring/vsi";
import { derivedEventId } from "./event-ids";

/**
 * When a re-score alerts: a pure decision from the previous score, the new one and the voyage's
 * thresholds to the RiskThresholdCrossed events to publish (webhook
 * voyage.risk_threshold_crossed). The rules:
 *
 * - A band change is one alert on `index`, its threshold the band boundary crossed, placed where
 *   the worse of sea state and wind peaks.
 * - Wind and wave thresholds (the voyage's, else the vessel's limits) alert when the peak ahead
 *   goes above them and was not above them at the previous score: a crossing, not a level.
 * - An `index` threshold alerts the same way, unless a band change already reported the index.
 * - The first score of a voyage alerts on thresholds already exceeded, but not on a band change
 *   (there is no band it changed from).
 *
 * Event ids derive from (voyage, model, cycle, field): deciding again after a crash gives the
 * same events, which every consumer deduplicates.
 */

export type TriggerField = "wind_kts" | "wave_m" | "index";

/** A peak on the route ahead: its value and where it is. */
export interface Peak {
  /** Unrounded: thresholds compare against it; alerts report it to 0.01. */
  value: number;
  lat: number;
  lon: number;
}

export interface ScoreAtCycle {
  index: number;
  band: string;
  peakWind: Peak;
  peakWave: Peak;
  /** Whether sea state weighs more than wind in the index (where a band change is placed). */
  seaStateLeads: boolean;
}

export interface PreviousScore {
  index: number;
  band: string;
  peak_wind_kts: number;
  peak_hs_m: number;
}

export interface AlertDecisionInput {
  voyage: { id: string; vessel_id: string; key_id: string | null; fleet_id: string | null };
  cycle: { model: string; cycleMs: number };
  /** When the re-score ran (the cycle's landing): the alerts' time. */
  occurredAt: number;
  previous: PreviousScore | null;
  now: ScoreAtCycle;
  /** The voyage's registered thresholds by field (wind_kts, wave_m, index). */
  thresholds: Readonly<Record<string, number>>;
  /** The vessel's limits, for a wind or wave threshold the voyage did not state. */
  vesselLimits: { wind_kts: number; wave_m: number };
}

export function decideAlerts(input: AlertDecisionInput): RiskThresholdCrossed[] {
  const { previous: was, now, voyage, cycle } = input;
  const alerts: RiskThresholdCrossed[] = [];
  const alert = (field: TriggerField, threshold: number, observed: number, at: Peak) =>
    alerts.push({
      event_id: derivedEventId("alert", voyage.id, cycle.model, cycle.cycleMs, field),
      occurred_at: input.occurredAt,
      voyage_id: voyage.id,
      vessel_id: voyage.vessel_id,
      key_id: voyage.key_id,
      fleet_id: voyage.fleet_id,
      risk_band_was: was?.band ?? now.band,
      risk_band_now: now.band,
      trigger_field: field,
      trigger_threshold: threshold,
      trigger_observed: observed,
      trigger_lat: at.lat,
      trigger_lon: at.lon,
      weather_model: cycle.model,
      weather_cycle: cycle.cycleMs,
    });

  const bandChanged = was !== null && was.band !== now.band;
  if (bandChanged) {
    const worst = now.seaStateLeads ? now.peakWave : now.peakWind;
    alert("index", bandBoundary(was.index, now.index), now.index, worst);
  }
  const windLimit = input.thresholds.wind_kts ?? input.vesselLimits.wind_kts;
  if (now.peakWind.value > windLimit && !(was && was.peak_wind_kts > windLimit)) {
    alert("wind_kts", windLimit, round(now.peakWind.value, 2), now.peakWind);
  }
  const waveLimit = input.thresholds.wave_m ?? input.vesselLimits.wave_m;
  if (now.peakWave.value > waveLimit && !(was && was.peak_hs_m > waveLimit)) {
    alert("wave_m", waveLimit, round(now.peakWave.value, 2), now.peakWave);
  }
  const indexThreshold = input.thresholds.index;
  if (
    indexThreshold !== undefined &&
    now.index > indexThreshold &&
    !(was && was.index > indexThreshold) &&
    !bandChanged
  ) {
    alert("index", indexThreshold, now.index, now.peakWave);
  }
  return alerts;
}

/** The band boundary between two index values (the one crossed going from `was` to `now`). */
export function bandBoundary(was: number, now: number): number {
  const lo = Math.min(was, now);
  const crossed = BANDS.map((b) => b.from).filter(
    (from) => from > lo && from <= Math.max(was, now),
  );
  const pick = now > was ? crossed.at(-1) : crossed[0];
  return pick ?? BANDS.find((b) => b.name === bandOf(now))?.from ?? 0;
}
