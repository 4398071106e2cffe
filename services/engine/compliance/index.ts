/** The compliance check's public surface (see docs/compliance-zones.md for the data). */

export {
  BURDEN_WEIGHTS,
  type RegulatoryBurden,
  regulatoryBurden,
  regulatoryBurdenScore,
} from "./burden";
export { checkCompliance, DEFAULT_ZONE_INDEX } from "./check";
export type * from "./types";
export { COMPLIANCE_DISCLAIMER } from "./types";
export { buildZoneIndex, type ZoneIndex } from "./zone-index";
export type { ZoneSpec } from "./zone-spec";
export { ZONES } from "./zones";
