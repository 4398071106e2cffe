/**
 * Prints which straits and canals are open water in each Natural Earth resolution, and how wide
 * the narrowest point is (twice the bottleneck clearance, roughly). Run:
 * npx tsx bench/strait-report.ts
 */
import { naturalEarthLandMask } from "../services/geodata/natural-earth";
import { bottleneckClearanceNm, STRAIT_PROBES, straitStatus } from "../tests/strait-probes";

for (const resolution of ["110m", "50m", "10m"] as const) {
  const mask = naturalEarthLandMask(resolution);
  for (const probe of STRAIT_PROBES) {
    const status = straitStatus(mask, probe);
    const clearance = status === "open" ? bottleneckClearanceNm(mask, probe) : -1;
    const width =
      clearance < 0
        ? ""
        : clearance >= 20
          ? "clearance >= 20 nm"
          : `clearance ${clearance.toFixed(2)} nm`;
    console.log(`${resolution}\t${probe.name}\t${status}\t${width}`);
  }
}
