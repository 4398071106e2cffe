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
  {
    id: "iroise-channels",
    name: "Chenal du Four, Fromveur and La Helle, between Ushant, Molene and the Finistere coast",
    reason:
      "Closed to through traffic along the Finistere coast by the Prefecture maritime de l'Atlantique since 1993; only passenger ships under 220 m (with conditions) and coasters under 3,000 UMS without dangerous cargo may now use the Iroise channels (Four, Fromveur, La Helle, Raz de Sein); other ships round Ushant by the traffic separation scheme (L'Antenne, 'Les ferries peuvent naviguer le long de la pointe bretonne'; Journal de la Marine Marchande, 'DST d'Ouessant : des regles de navigation assouplies'). The box is drawn round the channels from Ushant to the mainland, north of the approaches to Brest.",
    polygon: [
      [
        [-5.1, 48.34],
        [-4.74, 48.34],
        [-4.74, 48.6],
        [-5.1, 48.6],
        [-5.1, 48.34],
      ],
    ],
  },
  {
    id: "raz-de-sein",
    name: "Raz de Sein and the Chaussee de Sein, off Pointe du Raz",
    reason:
      "The fourth Iroise channel closed to merchant through traffic by the same Prefecture maritime de l'Atlantique rules (sources as for iroise-channels). The box runs from Pointe du Raz over Ile de Sein to Ar-Men at the end of the Chaussee de Sein, whose reefs the coastline data does not draw.",
    polygon: [
      [
        [-5.05, 48.0],
        [-4.72, 48.0],
        [-4.72, 48.08],
        [-5.05, 48.08],
        [-5.05, 48.0],
      ],
    ],
  },
];
