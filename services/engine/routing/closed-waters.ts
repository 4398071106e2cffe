import type { PolygonRings } from "../geo/types";

/**
 * Waters that are water in Natural Earth but closed to seagoing ships, added to the land for
 * routing. Each entry names why and where that comes from.
 */
export interface ClosedWater {
  id: string;
  name: string;
  reason: string;
  /** GeoJSON-style rings of [lon, lat]. */
  polygon: PolygonRings;
}

export const CLOSED_WATERS: readonly ClosedWater[] = [
  {
    id: "adams-bridge",
    name: "Adam's Bridge (Rama Setu), between Rameswaram Island (India) and Mannar Island (Sri Lanka)",
    reason:
      "A chain of limestone shoals a few metres deep or dry that closes the Palk Strait to seagoing ships; traffic between the Arabian Sea and the Bay of Bengal goes round Sri Lanka (Encyclopaedia Britannica, 'Adam's Bridge').",
    polygon: [
      [
        [79.3, 9.06],
        [79.82, 9.0],
        [79.82, 9.2],
        [79.3, 9.32],
        [79.3, 9.06],
      ],
    ],
  },
];
