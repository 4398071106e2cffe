/**
 * The alerts on voyages.alerts (Avro full names), keyed by voyage or analysis id. Each becomes
 * one webhook event kind (services/webhooks/payloads.ts); the analytics sink keeps them all.
 */
export const ALERT_TYPES = {
  /** A band change or a threshold crossed at a re-score: voyage.risk_threshold_crossed. */
  riskThresholdCrossed: "voyagerisk.alerts.RiskThresholdCrossed",
  /** An advisory on a monitored voyage's remaining route: voyage.advisory_changed. */
  advisoryChanged: "voyagerisk.alerts.AdvisoryChanged",
  /** A monitored voyage arrived: voyage.completed. */
  voyageCompleted: "voyagerisk.alerts.VoyageCompleted",
  /** A requested ensemble analysis finished: ensemble.ready. */
  ensembleReady: "voyagerisk.alerts.EnsembleReady",
} as const;
