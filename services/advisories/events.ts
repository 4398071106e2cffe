/**
 * Advisory event types: issued (or changed: the same advisory id again) and withdrawn, on the
 * `advisories` topic keyed by advisory id; and the alert a monitored voyage gets when an
 * advisory's area lies on its remaining route, on `voyages.alerts` (webhook voyage.advisory_changed).
 */
export const ADVISORY_ISSUED = "voyagerisk.advisories.AdvisoryIssued";
export const ADVISORY_WITHDRAWN = "voyagerisk.advisories.AdvisoryWithdrawn";
export const ADVISORY_CHANGED = "voyagerisk.alerts.AdvisoryChanged";
