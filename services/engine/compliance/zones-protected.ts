/**
 * IMO Particularly Sensitive Sea Areas (PSSAs; Guidelines A.982(24)) and Areas To Be Avoided
 * (ATBAs; SOLAS V/10, A.572(14)). List of PSSAs: imo.org PSSA page and MEPC 82 (research notes,
 * docs/research/regulatory-zones.md section 4).
 *
 * Only the Papahanaumokuakea PSSA and the two Florida Keys ATBAs come from coordinate lists;
 * the other polygons are simplified outlines drawn for this module from the areas' published
 * descriptions, labelled `verified: false`. Not for navigation.
 */
import { arc, circle, dms, dmsNeg } from "./shapes";
import type { DesignatedZoneSpec, Vertex } from "./zone-spec";
import { BALTIC_RING } from "./zones-eca";

const S = dmsNeg;
const E = dms;

/** Degrees and decimal minutes, as the US regulations write them. */
const dm = dms;

// ------------------------------------------------------------------------------ PSSAs

/**
 * Great Barrier Reef and Torres Strait: the seaward edge follows MARPOL Annex I reg. 1.10's
 * "nearest land" line off north-eastern Australia (MARPOL Consolidated Edition 2017 p. 47, via
 * yumpu.com), which traces the outer Great Barrier Reef and the Torres Strait; its last point
 * (on the coast at about 24 42'S 153 15'E, Sandy Cape) is from memory because the text was cut
 * off. The PSSA's own boundary (MEPC.44(30), 1990; Torres Strait extension MEPC.133(53), 2005;
 * south-west Coral Sea extension MEPC.268(68), 2015) was not retrieved, and the Coral Sea
 * extension is not included.
 */
const GBR_RING: Vertex[] = [
  [S(11), E(142, 8), "S"],
  [S(10, 35), E(141, 55), "S"],
  [S(10), E(142), "S"],
  [S(9, 10), E(143, 52), "S"],
  [S(9), E(144, 30), "S"],
  [S(10, 41), E(145), "S"],
  [S(13), E(145), "S"],
  [S(15), E(146), "S"],
  [S(17, 30), E(147), "S"],
  [S(21), E(152, 55), "S"],
  [S(24, 30), E(154), "A"],
  [S(24, 42), E(153, 15), "A"],
  [-25.0, 152.0, "L"],
  [-22.0, 148.8, "L"],
  [-19.0, 146.0, "L"],
  [-15.0, 144.5, "L"],
  [-14.6, 143.5, "L"],
  [-13.0, 143.1, "L"],
  [-12.5, 142.8, "L"],
];

const FLORIDA_KEYS_PSSA_RING: Vertex[] = [
  [25.45, -80.05, "A"],
  [24.95, -80.25, "A"],
  [24.55, -80.9, "A"],
  [24.4, -81.5, "A"],
  [24.35, -82.2, "A"],
  [24.4, -83.15, "A"],
  [24.75, -83.15, "A"],
  [24.85, -82.3, "A"],
  [24.85, -81.0, "A"],
  [25.15, -80.5, "A"],
  [25.45, -80.35, "A"],
];

const WADDEN_SEA_RING: Vertex[] = [
  [52.93, 4.7, "A"],
  [53.05, 4.6, "A"],
  [53.35, 4.85, "A"],
  [53.5, 5.6, "A"],
  [53.6, 6.4, "A"],
  [53.75, 7.2, "A"],
  [53.85, 7.9, "A"],
  [54.1, 8.2, "A"],
  [54.5, 8.15, "A"],
  [55.0, 8.2, "A"],
  [55.45, 8.0, "A"],
  [55.6, 8.05, "A"],
  [55.6, 8.25, "L"],
  [55.6, 8.9, "L"],
  [55.0, 9.0, "L"],
  // Across the Elbe and Weser estuaries (the PSSA's limits there were not retrieved).
  [54.4, 9.2, "A"],
  [53.75, 9.2, "A"],
  [53.3, 8.5, "A"],
  [53.1, 7.3, "L"],
  [53.25, 6.4, "L"],
  [53.1, 5.6, "L"],
  [52.8, 5.3, "L"],
  [52.85, 4.8, "L"],
];

/**
 * Western European Waters: from the Shetlands to Cape St Vincent, the Atlantic waters of the
 * UK, Ireland, France, Spain and Portugal and the western English Channel, outline drawn to
 * about 200 nm offshore; Belgian waters (also part of the PSSA) are not represented, and the
 * eastern limit is put at the Dover Strait.
 */
const WESTERN_EUROPEAN_WATERS_RING: Vertex[] = [
  [37.05, -8.93, "A"],
  [36.5, -11.5, "A"],
  [39.0, -14.0, "A"],
  [42.5, -13.5, "A"],
  [45.5, -11.0, "A"],
  [48.0, -11.5, "A"],
  [51.0, -16.0, "A"],
  [55.0, -15.5, "A"],
  [58.0, -14.0, "A"],
  [60.5, -9.0, "A"],
  [61.5, -3.5, "A"],
  [61.0, -0.5, "A"],
  [59.0, -1.5, "A"],
  // Through Scotland and England west of the Moray Firth and the Firth of Forth.
  [58.45, -3.3, "L"],
  [58.2, -4.0, "L"],
  [57.7, -4.7, "L"],
  [57.4, -4.7, "L"],
  [56.1, -4.2, "L"],
  [55.3, -3.4, "L"],
  [54.5, -2.5, "L"],
  [53.5, -2.0, "L"],
  [52.5, -1.5, "L"],
  [51.5, -0.5, "L"],
  [51.2, 0.9, "A"],
  [50.8, 1.9, "L"],
  [49.7, 1.8, "L"],
  [48.9, 0.0, "L"],
  [48.3, -1.6, "L"],
  [47.5, -1.5, "L"],
  [46.0, 0.0, "L"],
  [44.0, -0.5, "L"],
  [43.0, -1.0, "L"],
  [42.8, -4.5, "L"],
  [42.5, -7.5, "L"],
  [41.0, -7.5, "L"],
  [39.0, -8.0, "L"],
  [37.5, -7.5, "L"],
  [37.3, -8.0, "L"],
  [37.2, -8.85, "L"],
];

const GALAPAGOS_RING: Vertex[] = [
  [2.35, -92.7, "A"],
  [2.35, -91.3, "A"],
  [0.9, -89.3, "A"],
  [-0.4, -88.6, "A"],
  [-1.6, -88.8, "A"],
  [-2.1, -89.7, "A"],
  [-1.9, -91.0, "A"],
  [-1.2, -92.2, "A"],
  [0.2, -92.4, "A"],
  [1.2, -92.9, "A"],
];

/**
 * Papahanaumokuakea: the CORALSHIPREP reporting area's outer boundary (IMO MSC.279(85), 2008,
 * which amended the PSSA designation MEPC.171(57)), from 15 CFR 922 subpart W appendix E
 * (checkoutapi.com copy of the eCFR): rhumb lines between points 1-19 with arcs of 60.25 nm
 * about 23 03.61'N 161 55.22'W and 60.17 nm about 28 25.23'N 178 19.51'W.
 */
const PAPAHANAUMOKUAKEA_RING: Vertex[] = [
  [dm(29, 24.21), -dm(178, 6.45), "R"],
  [dm(29, 12.16), -dm(177, 4.25), "R"],
  [dm(28, 43.78), -dm(175, 13.76), "R"],
  [dm(27, 0.28), -dm(173, 25.37), "R"],
  [dm(26, 44.85), -dm(171, 28.22), "R"],
  [dm(26, 23.95), -dm(170, 20.25), "R"],
  [dm(25, 56.49), -dm(167, 32.03), "R"],
  [dm(24, 50.23), -dm(165, 58.56), "R"],
  ...arc(
    [dm(23, 3.61), -dm(161, 55.22)],
    [dm(24, 2.61), -dm(161, 42.3)],
    [dm(22, 4.59), -dm(162, 8.14)],
    "clockwise",
    "S",
  ).slice(0, -1),
  [dm(22, 4.59), -dm(162, 8.14), "R"],
  [dm(22, 35.32), -dm(164, 53.46), "R"],
  [dm(22, 47.86), -dm(166, 40.44), "R"],
  [dm(24, 3.3), -dm(168, 27.53), "R"],
  [dm(24, 26.59), -dm(170, 50.37), "R"],
  [dm(24, 46.49), -dm(171, 52.87), "R"],
  [dm(25, 7.23), -dm(174, 30.23), "R"],
  [dm(27, 5.5), -dm(176, 35.4), "R"],
  [dm(27, 15.11), -dm(177, 35.26), "R"],
  ...arc(
    [dm(28, 25.23), -dm(178, 19.51)],
    [dm(27, 26.1), -dm(178, 32.23)],
    [dm(29, 24.21), -dm(178, 6.45)],
    "clockwise",
    "S",
  ).slice(0, -1),
];

/** Centre and published radius of the two Papahanaumokuakea arcs, for the data tests. */
export const PAPAHANAUMOKUAKEA_ARCS = [
  { centre: [dm(23, 3.61), -dm(161, 55.22)], radius_nm: 60.25 },
  { centre: [dm(28, 25.23), -dm(178, 19.51)], radius_nm: 60.17 },
] as const;

const CANARY_ISLANDS_RING: Vertex[] = [
  [29.55, -18.4, "A"],
  [29.6, -13.1, "A"],
  [28.6, -13.1, "A"],
  [27.5, -15.2, "A"],
  [27.45, -17.6, "A"],
  [28.3, -18.4, "A"],
];

const SABANA_CAMAGUEY_RING: Vertex[] = [
  [23.3, -80.5, "A"],
  [23.2, -78.0, "A"],
  [22.6, -76.8, "A"],
  [21.5, -77.4, "L"],
  [22.5, -80.5, "A"],
];

const PARACAS_RING: Vertex[] = [
  [-13.75, -76.55, "A"],
  [-13.75, -76.25, "A"],
  [-14.2, -76.05, "A"],
  [-14.45, -76.2, "A"],
  [-14.3, -76.55, "A"],
];

const BONIFACIO_RING: Vertex[] = [
  [41.2, 8.95, "A"],
  [41.5, 8.95, "A"],
  [41.5, 9.55, "A"],
  [41.2, 9.55, "A"],
];

const SABA_BANK_RING: Vertex[] = [
  [17.55, -63.9, "A"],
  [17.55, -63.2, "A"],
  [17.2, -63.2, "A"],
  [17.15, -63.6, "A"],
  [17.3, -63.95, "A"],
];

function pssa(
  id: string,
  name: string,
  designation: string,
  parts: DesignatedZoneSpec["geometry"],
  notes: string,
  source = "IMO PSSA list (imo.org); outline approximated for this module from the area's published description",
  verified = false,
): DesignatedZoneSpec {
  return {
    category: "pssa",
    id,
    name,
    designation,
    source,
    verified,
    simplified: true,
    notes,
    geometry: parts,
  };
}

export const PSSA_ZONES: DesignatedZoneSpec[] = [
  pssa(
    "pssa-great-barrier-reef",
    "PSSA Great Barrier Reef and Torres Strait",
    "IMO MEPC.44(30) 1990; Torres Strait MEPC.133(53) 2005; SW Coral Sea MEPC.268(68) 2015",
    { kind: "polygons", parts: [{ vertices: GBR_RING }] },
    "Seaward edge = MARPOL Annex I reg. 1.10 'nearest land' line off NE Australia (sourced); southern closing line and coast approximate; the 2015 Coral Sea extension is not included.",
    "MARPOL Annex I reg. 1.10 (MARPOL Consolidated Edition 2017 p. 47, via yumpu.com) as the seaward edge; PSSA list imo.org",
  ),
  pssa(
    "pssa-florida-keys",
    "PSSA Sea around the Florida Keys",
    "IMO MEPC.98(47) 2002",
    { kind: "polygons", parts: [{ vertices: FLORIDA_KEYS_PSSA_RING }] },
    "Outline of the Florida Keys National Marine Sanctuary, approximated.",
  ),
  pssa(
    "pssa-wadden-sea",
    "PSSA Wadden Sea",
    "IMO MEPC.101(48) 2002",
    { kind: "polygons", parts: [{ vertices: WADDEN_SEA_RING }] },
    "Coastal strip from Den Helder to Blavandshuk including the islands, approximated.",
  ),
  pssa(
    "pssa-western-european-waters",
    "PSSA Western European Waters",
    "IMO MEPC.121(52) 2004",
    { kind: "polygons", parts: [{ vertices: WESTERN_EUROPEAN_WATERS_RING }] },
    "Coarse outline from the Shetlands to Cape St Vincent; Belgian waters not represented.",
  ),
  pssa(
    "pssa-galapagos",
    "PSSA Galapagos Archipelago",
    "IMO MEPC.135(53) 2005",
    { kind: "polygons", parts: [{ vertices: GALAPAGOS_RING }] },
    "Outline of the Galapagos Marine Reserve (about 40 nm beyond the baselines), approximated.",
  ),
  {
    ...pssa(
      "pssa-papahanaumokuakea",
      "PSSA Papahanaumokuakea Marine National Monument",
      "IMO MEPC.171(57) 2007; boundary amended by MSC.279(85) 2008",
      { kind: "polygons", parts: [{ vertices: PAPAHANAUMOKUAKEA_RING }] },
      "Boundary = CORALSHIPREP reporting-area outer boundary (coordinates from the cited regulation).",
      "15 CFR 922 subpart W appendix E, 'Reporting Area Outer Boundary' per IMO MSC.279(85) (checkoutapi.com copy of the eCFR, checked Apr 2025)",
      true,
    ),
    simplified: false,
  },
  pssa(
    "pssa-baltic-sea",
    "PSSA Baltic Sea area (except Russian waters)",
    "IMO MEPC.136(53) 2005",
    { kind: "polygons", parts: [{ vertices: BALTIC_RING }] },
    "Drawn as the Baltic Sea area of MARPOL (Skaw parallel); Russian waters (eastern Gulf of Finland, off Kaliningrad), which the PSSA excludes, are not cut out.",
  ),
  pssa(
    "pssa-canary-islands",
    "PSSA Canary Islands",
    "IMO MEPC.134(53) 2005",
    { kind: "polygons", parts: [{ vertices: CANARY_ISLANDS_RING }] },
    "Outline round the archipelago, approximated.",
  ),
  pssa(
    "pssa-sabana-camaguey",
    "PSSA Sabana-Camaguey Archipelago",
    "IMO MEPC.74(40) 1997",
    { kind: "polygons", parts: [{ vertices: SABANA_CAMAGUEY_RING }] },
    "Outline along Cuba's north coast, approximated.",
  ),
  pssa(
    "pssa-malpelo",
    "PSSA Malpelo Island",
    "IMO MEPC.97(47) 2002",
    { kind: "polygons", parts: [circle(4.0, -81.6, 25, "A")] },
    "Circle of 25 nm round the island, approximated.",
  ),
  pssa(
    "pssa-paracas",
    "PSSA Paracas National Reserve",
    "IMO MEPC.106(49) 2003",
    { kind: "polygons", parts: [{ vertices: PARACAS_RING }] },
    "Outline round the Paracas peninsula, approximated.",
  ),
  pssa(
    "pssa-strait-of-bonifacio",
    "PSSA Strait of Bonifacio",
    "IMO MEPC.204(62) 2011",
    { kind: "polygons", parts: [{ vertices: BONIFACIO_RING }] },
    "Box round the strait, approximated.",
  ),
  pssa(
    "pssa-saba-bank",
    "PSSA Saba Bank",
    "IMO MEPC.226(64) 2012",
    { kind: "polygons", parts: [{ vertices: SABA_BANK_RING }] },
    "Outline of the bank, approximated.",
  ),
  pssa(
    "pssa-nusa-penida-gili-matra",
    "PSSA Nusa Penida and Gili Matra Islands (Lombok Strait)",
    "IMO MEPC.396(82) 2024",
    {
      kind: "polygons",
      parts: [circle(-8.73, 115.52, 6, "A"), circle(-8.35, 116.05, 6, "A")],
    },
    "Two circles of 6 nm round the island groups, approximated.",
  ),
];

// ------------------------------------------------------------------------------ ATBAs

/**
 * "In the vicinity of the Florida Keys" and "In the vicinity of Key West Harbor": 15 CFR 922
 * subpart P appendix VII, points 1-23 and 24-30 (federal.elaws.us and ecfr.gov copies); lines
 * between points are taken as straight.
 */
const FLORIDA_KEYS_ATBA: Vertex[] = [
  [dm(25, 45.0), -dm(80, 6.1), "S"],
  [dm(25, 38.7), -dm(80, 2.7), "S"],
  [dm(25, 22.0), -dm(80, 3.0), "S"],
  [dm(25, 6.38), -dm(80, 10.48), "S"],
  [dm(24, 56.37), -dm(80, 19.26), "S"],
  [dm(24, 37.9), -dm(80, 47.3), "S"],
  [dm(24, 29.2), -dm(81, 17.3), "S"],
  [dm(24, 22.3), -dm(81, 43.17), "S"],
  [dm(24, 28.0), -dm(81, 43.17), "S"],
  [dm(24, 28.7), -dm(81, 43.5), "S"],
  [dm(24, 29.8), -dm(81, 43.17), "S"],
  [dm(24, 33.1), -dm(81, 35.15), "S"],
  [dm(24, 33.6), -dm(81, 26.0), "S"],
  [dm(24, 38.2), -dm(81, 7.0), "S"],
  [dm(24, 43.2), -dm(80, 53.2), "S"],
  [dm(24, 46.1), -dm(80, 46.15), "S"],
  [dm(24, 51.1), -dm(80, 37.1), "S"],
  [dm(24, 57.5), -dm(80, 27.5), "S"],
  [dm(25, 9.9), -dm(80, 16.2), "S"],
  [dm(25, 24.0), -dm(80, 9.1), "S"],
  [dm(25, 31.5), -dm(80, 7.0), "S"],
  [dm(25, 39.7), -dm(80, 6.85), "S"],
];

const KEY_WEST_HARBOR_ATBA: Vertex[] = [
  [dm(24, 27.95), -dm(81, 48.65), "S"],
  [dm(24, 23.0), -dm(81, 53.5), "S"],
  [dm(24, 26.6), -dm(81, 58.5), "S"],
  [dm(24, 27.75), -dm(81, 55.7), "S"],
  [dm(24, 29.35), -dm(81, 53.4), "S"],
  [dm(24, 29.35), -dm(81, 50.0), "S"],
];

/**
 * Off the Washington coast (Olympic Coast), adopted by IMO in December 1994, amended 2002 and
 * 2012: "as far as 25 nautical miles west of the coast from Tatoosh Island at the north to
 * Pacific Beach State Park to the south" (NOAA Olympic Coast NMS; Peninsula Daily News). The
 * coordinate list was not retrieved: outline approximated.
 */
const OLYMPIC_COAST_ATBA: Vertex[] = [
  [48.39, -124.74, "A"],
  [48.42, -125.35, "A"],
  [47.21, -124.81, "A"],
  [47.21, -124.2, "L"],
  [47.8, -124.0, "L"],
  [48.25, -124.55, "A"],
];

export const ATBA_ZONES: DesignatedZoneSpec[] = [
  {
    category: "atba",
    id: "atba-florida-keys",
    name: "ATBA In the vicinity of the Florida Keys",
    designation: "IMO area to be avoided (SOLAS V/10), reproduced in 15 CFR 922 subpart P app. VII",
    source:
      "15 CFR 922 subpart P appendix VII, points 1-23 (federal.elaws.us/cfr/title15.chapterix.subchapterb.part922.subpartp.appendix_vii_to_s; ecfr.gov)",
    verified: true,
    simplified: false,
    notes:
      "Which ships must avoid it (tank vessels and ships over 50 m, as remembered) is not in the text retrieved.",
    geometry: { kind: "polygons", parts: [{ vertices: FLORIDA_KEYS_ATBA }] },
  },
  {
    category: "atba",
    id: "atba-key-west-harbor",
    name: "ATBA In the vicinity of Key West Harbor",
    designation: "IMO area to be avoided (SOLAS V/10), reproduced in 15 CFR 922 subpart P app. VII",
    source: "15 CFR 922 subpart P appendix VII, points 24-30 (federal.elaws.us; ecfr.gov)",
    verified: true,
    simplified: false,
    geometry: { kind: "polygons", parts: [{ vertices: KEY_WEST_HARBOR_ATBA }] },
  },
  {
    category: "atba",
    id: "atba-olympic-coast",
    name: "ATBA Off the Washington coast (Olympic Coast)",
    designation: "IMO area to be avoided, adopted Dec 1994, amended 2002 and 2012",
    source:
      "NOAA Olympic Coast National Marine Sanctuary, 'Olympic Coast Area To Be Avoided' (olympiccoast.noaa.gov/protect/incidentresponse/atba.html); extent per Peninsula Daily News; coordinates not retrieved",
    verified: false,
    simplified: true,
    notes:
      "Advises ships carrying oil or hazardous cargo and all ships of 400 GT and above to keep about 25 nm off the coast; outline approximated.",
    geometry: { kind: "polygons", parts: [{ vertices: OLYMPIC_COAST_ATBA }] },
  },
];
