/**
 * Advisory event types: issued (or changed: the same advisory id again) and withdrawn, on the
 * `advisories` topic keyed by advisory id. The alert a monitored voyage gets when an advisory's
 * area lies on its remaining route is ALERT_TYPES.advisoryChanged (services/monitoring/alerts.ts).
 */
export const ADVISORY_ISSUED = "voyagerisk.advisories.AdvisoryIssued";
export const ADVISORY_WITHDRAWN = "voyagerisk.advisories.AdvisoryWithdrawn";
