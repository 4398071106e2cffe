/**
 * Every zone the compliance check knows, in report order within each category. The data and
 * its sources are in the zones-*.ts modules; docs/compliance-zones.md lists them.
 */

import type { ZoneSpec } from "./zone-spec";
import { ECA_ZONES } from "./zones-eca";
import { POLAR_ZONES } from "./zones-polar";
import { ATBA_ZONES, PSSA_ZONES } from "./zones-protected";
import { SPEED_ZONES } from "./zones-speed";
import { TSS_ZONES } from "./zones-tss";

export const ZONES: readonly ZoneSpec[] = [
  ...ECA_ZONES,
  ...SPEED_ZONES,
  ...ATBA_ZONES,
  ...PSSA_ZONES,
  ...TSS_ZONES,
  ...POLAR_ZONES,
];
