/**
 * Closures over land shared by two neighbouring zones, so that their boundaries meet exactly and
 * a ship passing from one to the other (e.g. through the Kiel Canal) leaves one where it enters
 * the other. Drawn for this module over land (Natural Earth 1:50m, checked by
 * zones-data.test.ts); they are not legal boundary lines.
 */
import type { Vertex } from "./zone-spec";

/**
 * Holstein, Schleswig and Jutland from south of Hamburg (clear of the Elbe estuary and of
 * Lübeck Bay) to the Skaw at the parallel 57 deg 44.8' N that bounds both the North Sea area
 * and the Baltic Sea area. It crosses the Limfjord at Aalborg, where it is narrowest. Listed
 * south to north, ending at the Skaw.
 */
export const JUTLAND_SEAM: readonly Vertex[] = [
  [53.3, 10.2, "L"],
  [54.0, 9.7, "L"],
  [54.6, 9.3, "L"],
  [55.2, 9.1, "L"],
  [55.8, 9.2, "L"],
  [56.3, 9.3, "L"],
  [56.9, 9.9, "L"],
  [57.2, 10.0, "L"],
  [57.6, 10.3, "L"],
];

/** The parallel of the Skaw (57 deg 44.8' N): MARPOL Annex I reg. 1.11.2 / MEPC.201(62). */
export const SKAW_LAT = 57 + 44.8 / 60;

/** The Skaw on that parallel, and a point inland in Sweden on it (east of Gothenburg). */
export const SKAW: Vertex = [SKAW_LAT, 10.6, "S"];
export const SKAW_LINE_SWEDEN_END_LON = 12.1;

/** The same seam from north to south with each edge kind carried over. */
export function reversedSeam(seam: readonly Vertex[]): Vertex[] {
  return [...seam].reverse().map(([lat, lon]) => [lat, lon, "L"] as const);
}
