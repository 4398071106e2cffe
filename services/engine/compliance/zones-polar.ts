/**
 * Polar Code areas (SOLAS chapter XIV; MARPOL Annexes I, II, IV, V): the Antarctic area and
 * Arctic waters. Research notes: docs/research/regulatory-zones.md, section 2.
 */
import { dms, dmsNeg } from "./shapes";
import type { PolarZoneSpec, Vertex } from "./zone-spec";

const N = dms;
const E = dms;
const W = dmsNeg;

/**
 * Arctic waters (SOLAS XIV/1.3; MARPOL Annex I reg. 46.2 as consolidated in 2017, via
 * yumpu.com MARPOL Consolidated Edition 2017 p. 192; the same text in French as "Regle 46" of
 * the Arrete of 23 Nov 1987). North of a line from 58 00.0'N 042 00.0'W to 64 37.0'N
 * 035 27.0'W, rhumb line to 67 03.9'N 026 33.4'W, to 70 49.56'N 008 59.61'W (Sorkapp, Jan
 * Mayen), along the southern shore of Jan Mayen, to 73 31.6'N 019 01.0'E (Bjornoya), great
 * circle to 68 38.29'N 043 23.08'E (Cap Kanin Nos), along the northern shore of Asia to the
 * Bering Strait, from the Bering Strait west to 60 N at Il'pyrskiy, along 60 N east to and
 * including Etolin Strait, along the northern shore of North America south to 60 N, east along
 * 60 N to 056 37.1'W and back to 58 N 042 W.
 *
 * Written eastwards once round the globe and closed over the pole (geometry.ts). Where the
 * text follows a shore the ring runs inland ("L"), which leaves the same waters north of it
 * (the White Sea and Pechora approaches south of the Kanin line stay outside; Norton Sound,
 * the Bering Sea north of 60 N and Hudson Bay north of 60 N inside). Line types the text does
 * not state (the first line, Jan Mayen to Bjornoya, 60 N / 56 37.1'W to 58 N / 42 W) are
 * taken as rhumb lines. Il'pyrskiy is placed at 60 N 164.2 E (the text names the place).
 *
 * FLAGGED: the longitude 056 37.1'W was cut off in the text retrieved ("to longit...") and
 * comes from memory; verify against SOLAS XIV/1.3 before relying on it.
 */
export const ARCTIC_LONGITUDE_FROM_MEMORY = W(56, 37.1);

const ARCTIC_RING: Vertex[] = [
  [N(58), W(42), "R"],
  [N(64, 37), W(35, 27), "R"],
  [N(67, 3.9), W(26, 33.4), "R"],
  // Along Jan Mayen's southern shore (approximated by a straight line; the island is missing
  // or a speck at 1:50m).
  [N(70, 49.56), W(8, 59.61), "C"],
  // East end of Jan Mayen (approximate), after following its southern shore.
  [71.13, -7.95, "R"],
  [N(73, 31.6), E(19, 1), "G"],
  [N(68, 38.29), E(43, 23.08), "L"],
  // Inland across the Kanin peninsula, Siberia and the Koryak range to Il'pyrskiy.
  [68.4, 44.5, "L"],
  [68.0, 45.0, "L"],
  [67.5, 44.5, "L"],
  [67.0, 45.0, "L"],
  [66.6, 46.0, "L"],
  [64.0, 60.0, "L"],
  [64.0, 100.0, "L"],
  [64.0, 140.0, "L"],
  [64.0, 160.0, "L"],
  // East of Penzhina Bay (Sea of Okhotsk, outside).
  [64.0, 166.0, "L"],
  [62.5, 166.0, "L"],
  [61.0, 165.0, "L"],
  [60.0, 164.2, "S"],
  // 60 N across the Bering Sea (Nunivak and Etolin Strait) to the Alaskan mainland.
  [60.0, -164.0, "L"],
  [61.5, -160.0, "L"],
  [64.0, -150.0, "L"],
  [66.0, -140.0, "L"],
  [66.0, -120.0, "L"],
  [62.0, -100.0, "L"],
  // West coast of Hudson Bay at 60 N, then 60 N east across Hudson Bay, Ungava and the
  // Labrador Sea.
  [60.0, -94.9, "S"],
  [N(60), ARCTIC_LONGITUDE_FROM_MEMORY, "R"],
];

export const POLAR_ZONES: PolarZoneSpec[] = [
  {
    category: "polar",
    area: "antarctic",
    id: "polar-antarctic",
    name: "Antarctic area (Polar Code)",
    source:
      "MARPOL Annex I reg. 1.11.7 and Annex V: 'the sea area south of latitude 60 S' (copy of reg. 1.11 at maritimelawmarineengineer.blogspot.com; 33 CFR 151.06(a)(7); iadclexicon.org/antarctic-area); SOLAS XIV/1.2",
    verified: true,
    simplified: false,
    geometry: { kind: "band", south: -90, north: -60 },
  },
  {
    category: "polar",
    area: "arctic",
    id: "polar-arctic",
    name: "Arctic waters (Polar Code)",
    source:
      "SOLAS XIV/1.3 and MARPOL Annex I reg. 46.2 (MSC.386(94), MEPC.265(68)); text from MARPOL Consolidated Edition 2017 p. 192 (yumpu.com) and the French Arrete of 23 Nov 1987 'Regle 46' (legal.tricoteuses.fr)",
    verified: false,
    simplified: true,
    notes:
      "The longitude 056 37.1'W where the 60 N line ends is from memory (the retrieved text was cut off) and Il'pyrskiy's position is approximate; shores are replaced by closures over land. Verify before relying on the Labrador Sea corner.",
    geometry: { kind: "polygons", parts: [{ vertices: ARCTIC_RING, enclosesNorthPole: true }] },
  },
];
