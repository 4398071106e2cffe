/**
 * MARPOL Annex VI Emission Control Areas (regs. 13.6 NOx, 14.3 SOx/PM) with their boundaries,
 * the dates their requirements apply and their sulphur limits.
 *
 * Sources are given per zone. Research notes: docs/research/regulatory-zones.md. Every ring
 * marks which edges are sourced boundary lines and which are closures over land ("L") or
 * approximations ("A"); see zone-spec.ts. Not for navigation.
 */
import { JUTLAND_SEAM, reversedSeam, SKAW, SKAW_LAT, SKAW_LINE_SWEDEN_END_LON } from "./land-seams";
import { dms, dmsNeg } from "./shapes";
import type { EcaRegime, EcaZoneSpec, Vertex } from "./zone-spec";

const N = dms;
const E = dms;
const W = dmsNeg;

/** ECA steps in the Baltic and North Sea SECAs (reg. 14.4): 1.50 % at designation (original
 * Annex VI, from memory), 1.00 % from 1 Jul 2010, 0.10 % from 1 Jan 2015 (research notes). */
const NORTH_EUROPE_STEPS = [
  { from: "2010-07-01", limit_pct: 1.0 },
  { from: "2015-01-01", limit_pct: 0.1 },
] as const;

// ------------------------------------------------------------------------------ North Sea

/**
 * The North Sea area (MEPC.201(62), 2011, revised MARPOL Annex V, used by Annex VI reg. 14.3):
 * the North Sea south of 62 N and east of 4 W; the Skagerrak, south limit east of the Skaw at
 * 57 44.8' N; the English Channel and approaches east of 5 W and north of 48 30' N. The three
 * lines are exact ("S"); everything else closes the area over France, the Low Countries,
 * Germany, Jutland, Sweden, Norway and Great Britain (west of the North Sea, east of the Irish
 * Sea and the Bristol Channel).
 */
const NORTH_SEA_RING: Vertex[] = [
  [48.5, -5.0, "S"],
  [48.5, -4.6, "L"],
  [48.55, -4.2, "L"],
  [48.35, -3.5, "L"],
  [48.3, -1.6, "L"],
  [48.9, 0.0, "L"],
  [49.3, 1.2, "L"],
  [49.7, 1.8, "L"],
  [50.5, 2.4, "L"],
  [51.0, 3.3, "L"],
  [51.1, 4.6, "L"],
  [51.7, 5.0, "L"],
  [52.3, 5.2, "L"],
  [53.0, 6.5, "L"],
  [53.1, 7.6, "L"],
  [53.3, 8.8, "L"],
  ...JUTLAND_SEAM,
  SKAW,
  [SKAW_LAT, SKAW_LINE_SWEDEN_END_LON, "L"],
  [58.3, 12.3, "L"],
  [59.0, 11.9, "L"],
  [59.7, 11.2, "L"],
  [60.1, 10.8, "L"],
  [60.5, 9.0, "L"],
  [61.5, 8.0, "L"],
  [62.0, 7.5, "S"],
  [62.0, -4.0, "S"],
  [58.4, -4.0, "L"],
  [57.4, -4.7, "L"],
  [56.1, -4.2, "L"],
  [55.3, -3.4, "L"],
  [54.5, -2.5, "L"],
  [53.5, -2.0, "L"],
  [52.5, -2.5, "L"],
  [52.0, -1.9, "L"],
  [51.3, -2.2, "L"],
  [51.0, -3.0, "L"],
  [50.75, -4.0, "L"],
  [50.42, -4.8, "L"],
  [50.3, -5.0, "S"],
];

// ------------------------------------------------------------------------------ Baltic

/**
 * The Baltic Sea area (MARPOL Annex I reg. 1.11.2, referenced by Annex VI): the Baltic proper
 * with the Gulfs of Bothnia and Finland and the entrance bounded by the parallel of the Skaw
 * in the Skagerrak at 57 44.8' N (wording from the copy of reg. 1.11 at
 * maritimelawmarineengineer.blogspot.com and 33 CFR 151.06(a)(2)). The parallel is the only
 * sea boundary; the rest closes over land round the Baltic (Kattegat, Belts and Sound inside).
 */
export const BALTIC_RING: Vertex[] = [
  SKAW,
  ...reversedSeam(JUTLAND_SEAM),
  [53.6, 11.5, "L"],
  [53.6, 13.2, "L"],
  [53.3, 14.6, "L"],
  [53.8, 16.0, "L"],
  [54.0, 18.5, "L"],
  [54.1, 20.5, "L"],
  [54.6, 22.0, "L"],
  [56.0, 22.5, "L"],
  [56.8, 24.5, "L"],
  [57.8, 26.0, "L"],
  [58.5, 27.8, "L"],
  [59.3, 28.6, "L"],
  [59.6, 30.5, "L"],
  [60.3, 31.0, "L"],
  [61.0, 29.0, "L"],
  [62.5, 26.0, "L"],
  [64.0, 26.0, "L"],
  [66.2, 26.0, "L"],
  [66.0, 22.0, "L"],
  [64.0, 18.5, "L"],
  [62.0, 16.0, "L"],
  [60.0, 16.5, "L"],
  [58.5, 15.0, "L"],
  [57.0, 14.5, "L"],
  [56.2, 13.5, "L"],
  [57.0, 12.8, "L"],
  [SKAW_LAT, SKAW_LINE_SWEDEN_END_LON, "S"],
];

// ------------------------------------------------------------------------------ Mediterranean

/**
 * The Mediterranean Sea ECA (MEPC.361(79), adopted 16 Dec 2022; boundary as quoted in the
 * Slovenian government notice, einpresswire.com/article/784980827): closed by the lines Cape
 * Trafalgar 36 11.00'N 6 02.00'W - Cape Spartel 35 48.00'N 5 55.00'W, and Mehmetcik Burnu
 * 40 03.00'N 26 11.00'E - Kumkale Burnu 40 01.00'N 26 12.00'E, and at the northern entrance of
 * the Suez Canal, excluding a small area enclosed by four geodesic points whose coordinates
 * were truncated in the text retrieved: that exclusion is approximated ("A") round the Port
 * Said approach channel. The Black Sea, Marmara and the Suez Canal are outside.
 */
const MED_RING: Vertex[] = [
  [N(35, 48), W(5, 55), "S"],
  [N(36, 11), W(6, 2), "L"],
  [36.6, -5.6, "L"],
  [37.5, -4.0, "L"],
  [39.0, -1.5, "L"],
  [41.5, 0.5, "L"],
  [42.5, 2.0, "L"],
  [44.0, 4.0, "L"],
  [44.5, 7.0, "L"],
  [45.0, 9.0, "L"],
  [45.7, 12.2, "L"],
  [46.0, 13.5, "L"],
  [45.6, 14.3, "L"],
  [44.5, 16.0, "L"],
  [43.0, 18.0, "L"],
  [42.0, 20.0, "L"],
  [40.5, 20.5, "L"],
  [39.5, 21.0, "L"],
  [40.5, 21.5, "L"],
  [40.9, 22.6, "L"],
  [41.2, 24.0, "L"],
  [41.3, 26.0, "L"],
  [41.0, 27.0, "L"],
  // Down the Gallipoli peninsula, between the Gulf of Saros and the Dardanelles.
  [40.6, 26.95, "L"],
  [40.5, 26.68, "L"],
  [40.4, 26.5, "L"],
  [40.3, 26.4, "L"],
  [40.2, 26.35, "L"],
  [40.12, 26.26, "L"],
  [N(40, 3), E(26, 11), "S"],
  [N(40, 1), E(26, 12), "L"],
  [39.95, 26.4, "L"],
  [39.75, 26.9, "L"],
  [39.0, 28.0, "L"],
  [37.5, 29.0, "L"],
  [37.3, 31.0, "L"],
  [36.8, 33.0, "L"],
  [37.1, 36.5, "L"],
  [35.5, 36.8, "L"],
  [33.5, 36.0, "L"],
  [31.0, 34.8, "L"],
  [30.9, 32.7, "L"],
  // Port Said approach channel excluded (approximate).
  [31.26, 32.33, "A"],
  [31.33, 32.33, "A"],
  [31.33, 32.3, "A"],
  [31.26, 32.3, "L"],
  [31.05, 32.3, "L"],
  [30.8, 31.8, "L"],
  [30.5, 30.0, "L"],
  [30.5, 25.0, "L"],
  [29.5, 19.5, "L"],
  [30.5, 15.0, "L"],
  [32.0, 11.0, "L"],
  [34.5, 9.0, "L"],
  [36.0, 5.0, "L"],
  [35.0, 0.0, "L"],
  [34.8, -4.5, "L"],
  [35.5, -5.75, "L"],
];

// ------------------------------------------------------------------------------ North American

/**
 * North American ECA, Pacific part (MARPOL Annex VI Appendix VII para 2.1, MEPC.190(60), 2010):
 * geodesic lines through points 1-47. Points 1-26 and the degrees and minutes of point 27 from
 * the French transposition (Arrete of 10 Jan 2023, annexe 213-6.A.7,
 * legal.tricoteuses.fr/articles/JORFARTI000047350773); points 33-47 from MARPOL Consolidated
 * Edition 2017 p. 453 (yumpu.com/fr/document/view/67202734, page 438, OCR). Points 28-32 were
 * not retrieved and are approximated ("A") about 200 nm off Oregon, Washington and Vancouver
 * Island. Point 47 is Cape Douglas, Alaska; the polygon closes over the continent, keeping
 * Cook Inlet, Prince William Sound, the Inside Passage, the Salish Sea and San Francisco Bay
 * inside.
 */
const NA_PACIFIC_RING: Vertex[] = [
  [N(32, 32, 10), W(117, 6, 11), "G"],
  [N(32, 32, 4), W(117, 7, 29), "G"],
  [N(32, 31, 39), W(117, 14, 20), "G"],
  [N(32, 33, 13), W(117, 15, 50), "G"],
  [N(32, 34, 21), W(117, 22, 1), "G"],
  [N(32, 35, 23), W(117, 27, 53), "G"],
  [N(32, 37, 38), W(117, 49, 34), "G"],
  [N(31, 7, 59), W(118, 36, 21), "G"],
  [N(30, 33, 25), W(121, 47, 29), "G"],
  [N(31, 46, 11), W(123, 17, 22), "G"],
  [N(32, 21, 58), W(123, 50, 44), "G"],
  [N(32, 56, 39), W(124, 11, 47), "G"],
  [N(33, 40, 12), W(124, 27, 15), "G"],
  [N(34, 31, 28), W(125, 16, 52), "G"],
  [N(35, 14, 38), W(125, 43, 23), "G"],
  [N(35, 43, 60), W(126, 18, 53), "G"],
  [N(36, 16, 25), W(126, 45, 30), "G"],
  [N(37, 1, 35), W(127, 7, 18), "G"],
  [N(37, 45, 39), W(127, 38, 2), "G"],
  [N(38, 25, 8), W(127, 52, 60), "G"],
  [N(39, 25, 5), W(128, 31, 23), "G"],
  [N(40, 18, 47), W(128, 45, 46), "G"],
  [N(41, 13, 39), W(128, 40, 22), "G"],
  [N(42, 12, 49), W(129, 0, 38), "G"],
  [N(42, 47, 34), W(129, 5, 42), "G"],
  [N(43, 26, 22), W(129, 1, 26), "G"],
  // Point 27: seconds of longitude not retrieved (within 1').
  [N(44, 24, 43), W(128, 41), "A"],
  [45.4, -129.1, "A"],
  [46.4, -129.6, "A"],
  [47.3, -130.6, "A"],
  [48.2, -131.9, "A"],
  [N(48, 57, 47), W(133, 14, 47), "G"],
  [N(49, 22, 39), W(134, 15, 51), "G"],
  [N(50, 1, 52), W(135, 19, 1), "G"],
  [N(51, 3, 18), W(136, 45, 45), "G"],
  [N(51, 54, 4), W(137, 41, 54), "G"],
  [N(52, 45, 12), W(138, 20, 14), "G"],
  [N(53, 29, 20), W(138, 40, 36), "G"],
  [N(53, 40, 39), W(138, 48, 53), "G"],
  [N(54, 13, 45), W(139, 32, 38), "G"],
  [N(54, 39, 25), W(139, 56, 19), "G"],
  [N(55, 20, 18), W(140, 55, 45), "G"],
  [N(56, 7, 12), W(141, 36, 18), "G"],
  [N(56, 28, 32), W(142, 17, 19), "G"],
  [N(56, 37, 19), W(142, 48, 57), "G"],
  [N(58, 51, 4), W(153, 15, 3), "L"],
  [58.8, -154.0, "L"],
  [59.2, -155.5, "L"],
  [60.0, -155.0, "L"],
  [62.0, -151.0, "L"],
  [62.0, -145.0, "L"],
  [60.5, -139.0, "L"],
  [59.5, -134.0, "L"],
  [56.0, -129.5, "L"],
  [53.0, -126.0, "L"],
  [50.5, -123.0, "L"],
  [49.3, -122.0, "L"],
  [47.5, -122.0, "L"],
  [46.0, -122.5, "L"],
  [40.0, -122.0, "L"],
  [37.0, -120.5, "L"],
  [34.5, -117.5, "L"],
  [32.8, -116.5, "L"],
];

/**
 * North American ECA, Atlantic and Gulf part (Appendix VII para 2.2): points 1-38 from MARPOL
 * Consolidated Edition 2017 p. 453 (yumpu.com page 438, OCR; the seconds of point 15's latitude
 * are garbled there and read as 28"). Points 1 (60 N on the Labrador coast) and 2 are joined by
 * the geodesic shared with the Canadian Arctic ECA. The remaining points (39 onwards: off the
 * US east coast, along the US-Bahamas and US-Cuba boundaries and through the Gulf of Mexico to
 * the Rio Grande) were not retrieved and are approximated ("A"). The ring closes over the
 * continent, keeping the Gulf of St. Lawrence and the St. Lawrence River up to about Cornwall,
 * Ontario inside and the Great Lakes outside.
 */
export const NA_ATLANTIC_POINT_1: Vertex = [N(60), W(64, 9, 36), "G"];
export const NA_ATLANTIC_POINT_2: Vertex = [N(60), W(56, 43), "G"];

const NA_ATLANTIC_RING: Vertex[] = [
  NA_ATLANTIC_POINT_1,
  NA_ATLANTIC_POINT_2,
  [N(58, 54, 1), W(55, 38, 5), "G"],
  [N(57, 50, 52), W(55, 3, 47), "G"],
  [N(57, 35, 13), W(54, 0, 59), "G"],
  [N(57, 14, 20), W(53, 7, 58), "G"],
  [N(56, 48, 9), W(52, 23, 29), "G"],
  [N(56, 18, 13), W(51, 49, 42), "G"],
  [N(54, 23, 21), W(50, 17, 44), "G"],
  [N(53, 44, 54), W(50, 7, 17), "G"],
  [N(53, 4, 59), W(50, 10, 5), "G"],
  [N(52, 20, 6), W(49, 57, 9), "G"],
  [N(51, 34, 20), W(48, 52, 45), "G"],
  [N(50, 40, 15), W(48, 16, 4), "G"],
  [N(50, 2, 28), W(48, 7, 3), "G"],
  [N(49, 24, 3), W(48, 9, 35), "G"],
  [N(48, 39, 22), W(47, 55, 17), "G"],
  [N(47, 24, 25), W(47, 46, 56), "G"],
  [N(46, 35, 12), W(48, 0, 54), "G"],
  [N(45, 19, 45), W(48, 43, 28), "G"],
  [N(44, 43, 38), W(49, 16, 50), "G"],
  [N(44, 16, 38), W(49, 51, 23), "G"],
  [N(43, 53, 15), W(50, 34, 1), "G"],
  [N(43, 36, 6), W(51, 20, 41), "G"],
  [N(43, 23, 59), W(52, 17, 22), "G"],
  [N(43, 19, 50), W(53, 20, 13), "G"],
  [N(43, 21, 14), W(54, 9, 20), "G"],
  [N(43, 29, 41), W(55, 7, 41), "G"],
  [N(42, 40, 12), W(55, 31, 44), "G"],
  [N(41, 58, 19), W(56, 9, 34), "G"],
  [N(41, 20, 21), W(57, 5, 13), "G"],
  [N(40, 55, 34), W(58, 2, 55), "G"],
  [N(40, 41, 38), W(59, 5, 18), "G"],
  [N(40, 38, 33), W(60, 12, 20), "G"],
  [N(40, 45, 46), W(61, 14, 3), "G"],
  [N(41, 4, 52), W(62, 17, 49), "G"],
  [N(40, 36, 55), W(63, 10, 49), "G"],
  [N(40, 17, 32), W(64, 8, 37), "A"],
  [39.5, -66.5, "A"],
  [38.5, -69.0, "A"],
  [37.5, -70.5, "A"],
  [35.5, -71.8, "A"],
  [33.5, -74.5, "A"],
  [31.5, -76.3, "A"],
  [30.0, -77.3, "A"],
  [28.5, -78.2, "A"],
  [26.9, -79.1, "A"],
  [25.6, -79.6, "A"],
  [24.4, -80.2, "A"],
  [23.9, -81.5, "A"],
  [23.8, -83.0, "A"],
  [24.5, -85.0, "A"],
  [25.4, -86.5, "A"],
  [25.7, -88.4, "A"],
  [25.7, -90.5, "A"],
  [26.0, -93.5, "A"],
  [26.0, -95.5, "A"],
  [25.97, -96.8, "A"],
  [25.956, -97.146, "L"],
  [26.5, -98.3, "L"],
  [30.0, -99.0, "L"],
  [36.0, -97.0, "L"],
  [40.0, -86.0, "L"],
  [41.0, -80.0, "L"],
  [43.0, -75.5, "L"],
  [44.5, -74.5, "L"],
  [46.5, -76.0, "L"],
  [52.5, -70.0, "L"],
  [56.5, -66.0, "L"],
];

/**
 * North American ECA, Hawaiian part (Appendix VII para 2.3, round the eight main Hawaiian
 * Islands): the coordinates were not retrieved; approximated ("A") as a band of about 200 nm
 * round the islands. Unverified.
 */
const NA_HAWAII_RING: Vertex[] = [
  [25.4, -163.0, "A"],
  [25.5, -159.5, "A"],
  [24.5, -155.5, "A"],
  [22.5, -152.0, "A"],
  [19.5, -151.5, "A"],
  [16.5, -153.0, "A"],
  [15.6, -155.7, "A"],
  [16.5, -158.5, "A"],
  [18.5, -162.0, "A"],
  [21.0, -164.0, "A"],
  [23.5, -164.0, "A"],
];

// ------------------------------------------------------------------------------ US Caribbean

/**
 * United States Caribbean Sea ECA (MEPC.202(62), 2011; Appendix VII): waters round Puerto Rico
 * and the US Virgin Islands, roughly 50 nm north and 40 nm south of the baselines, west edge
 * about half-way between Mona Island and Puerto Rico, not into other states' waters (MarineLog
 * 2010; MEPC circular via puc.overheid.nl). Coordinates not retrieved: approximated ("A").
 */
const US_CARIBBEAN_RING: Vertex[] = [
  [19.35, -67.6, "A"],
  [19.35, -65.0, "A"],
  [18.45, -64.85, "A"],
  [18.2, -64.3, "A"],
  [17.2, -64.0, "A"],
  [16.9, -64.9, "A"],
  [17.2, -66.5, "A"],
  [17.3, -67.6, "A"],
];

// ------------------------------------------------------------------------------ Canadian Arctic

/**
 * Canadian Arctic ECA (MEPC.392(82), 2024): Arctic waters under Canadian jurisdiction from the
 * 137th meridian W eastwards to the North American ECA (marineinsight.com; RS, DNV news).
 * Coordinates not retrieved: the outer edge follows the Canadian EEZ and the Canada-Greenland
 * median line approximately ("A"); the south edge is the NA ECA's geodesic between its points
 * 2 and 1 and then, approximately, 60 N (the Arctic Waters limit) across Ungava Bay, Hudson Bay
 * and the mainland; the 137 W meridian is exact ("S"/"L").
 */
const CANADIAN_ARCTIC_RING: Vertex[] = [
  [60.0, -137.0, "L"],
  [68.8, -137.0, "S"],
  [75.5, -137.0, "A"],
  [78.0, -128.0, "A"],
  [81.5, -105.0, "A"],
  [85.0, -75.0, "A"],
  [82.5, -61.0, "A"],
  [80.5, -68.0, "A"],
  [78.5, -73.5, "A"],
  [76.0, -73.0, "A"],
  [74.0, -67.5, "A"],
  [71.0, -62.0, "A"],
  [68.0, -58.5, "A"],
  [64.5, -57.5, "A"],
  [61.0, -57.0, "A"],
  [NA_ATLANTIC_POINT_2[0], NA_ATLANTIC_POINT_2[1], "G"],
  [NA_ATLANTIC_POINT_1[0], NA_ATLANTIC_POINT_1[1], "A"],
];

// ------------------------------------------------------------------------------ Norwegian Sea

/**
 * Norwegian Sea ECA (MEPC.392(82), 2024): the Norwegian EEZ north of 62 N, adjoining the North
 * Sea ECA, including fjords and coastal waters, to the Norway-Russia delimitation line
 * (marineinsight.com; DNV news). Coordinates not retrieved: the outer edge is approximated
 * ("A") about 200 nm off the mainland coast; whether the zones round Svalbard and Jan Mayen are
 * included was not established, and they are left out. 62 N is exact ("S").
 */
const NORWEGIAN_SEA_RING: Vertex[] = [
  [62.0, 7.5, "S"],
  [62.0, -0.5, "A"],
  [64.0, 1.5, "A"],
  [66.0, 4.0, "A"],
  [68.5, 5.0, "A"],
  [70.5, 9.0, "A"],
  [72.5, 15.0, "A"],
  [74.0, 22.0, "A"],
  [74.0, 33.0, "A"],
  [70.5, 32.0, "A"],
  [69.78, 30.82, "L"],
  [68.8, 28.5, "L"],
  [68.5, 22.0, "L"],
  [66.5, 16.0, "L"],
  [64.5, 14.0, "L"],
  [62.5, 9.0, "L"],
];

// ------------------------------------------------------------------------------ NE Atlantic

/**
 * Proposed North-East Atlantic ECA (approved at MEPC 83, April 2025; adoption adjourned at
 * MEPC/ES.2, October 2025; not in force): the EEZs of Greenland, Iceland, the Faroes, Ireland,
 * the UK, France, Spain and Portugal outside existing ECAs and excluding Madeira, the Azores
 * and the Canaries (boundary in IMO Circular Letter No. 5005, not retrieved). Coarse
 * approximation ("A") in two parts, Europe/Faroes/Iceland and Greenland, sharing the North
 * Sea ECA's 62 N and 4 W / 5 W lines and its closure over Britain. Unverified.
 */
const NE_ATLANTIC_EUROPE_RING: Vertex[] = [
  [N(36, 11), W(6, 2), "A"],
  [35.95, -6.3, "A"],
  [36.0, -7.5, "A"],
  [36.0, -10.5, "A"],
  [37.5, -13.5, "A"],
  [40.0, -14.0, "A"],
  [43.0, -13.5, "A"],
  [45.5, -11.0, "A"],
  [47.5, -10.5, "A"],
  [49.0, -12.5, "A"],
  [51.5, -15.5, "A"],
  [54.5, -15.5, "A"],
  [57.5, -14.5, "A"],
  [60.0, -12.0, "A"],
  [61.0, -17.0, "A"],
  [61.5, -22.0, "A"],
  [62.5, -27.0, "A"],
  [64.5, -30.0, "A"],
  [66.5, -26.0, "A"],
  [68.0, -22.5, "A"],
  [68.8, -16.0, "A"],
  [68.5, -10.0, "A"],
  [66.0, -9.0, "A"],
  [65.0, -3.0, "A"],
  [63.0, -1.0, "A"],
  [62.0, -0.5, "S"],
  [62.0, -4.0, "S"],
  [58.4, -4.0, "L"],
  [57.4, -4.7, "L"],
  [56.1, -4.2, "L"],
  [55.3, -3.4, "L"],
  [54.5, -2.5, "L"],
  [53.5, -2.0, "L"],
  [52.5, -2.5, "L"],
  [52.0, -1.9, "L"],
  [51.3, -2.2, "L"],
  [51.0, -3.0, "L"],
  [50.75, -4.0, "L"],
  [50.42, -4.8, "L"],
  [50.3, -5.0, "S"],
  [48.5, -5.0, "S"],
  [48.5, -4.6, "L"],
  [48.55, -4.2, "L"],
  [48.35, -3.5, "L"],
  [47.5, -1.5, "L"],
  [46.0, 0.0, "L"],
  [44.0, -0.5, "L"],
  [43.0, -1.0, "L"],
  [42.8, -4.5, "L"],
  [42.5, -7.5, "L"],
  [41.0, -7.5, "L"],
  [39.0, -8.0, "L"],
  [37.5, -7.5, "L"],
  [37.3, -5.5, "L"],
  [36.6, -5.6, "L"],
];

const NE_ATLANTIC_GREENLAND_RING: Vertex[] = [
  [56.5, -44.0, "A"],
  [58.0, -50.0, "A"],
  [61.0, -57.0, "A"],
  [64.5, -57.5, "A"],
  [68.0, -58.5, "A"],
  [71.0, -62.0, "A"],
  [74.0, -67.5, "A"],
  [76.0, -73.0, "A"],
  [78.5, -73.5, "A"],
  [80.5, -68.0, "A"],
  [82.5, -61.0, "A"],
  [85.5, -50.0, "A"],
  [85.0, -20.0, "A"],
  [81.0, -5.0, "A"],
  [77.0, -3.0, "A"],
  [74.0, -5.0, "A"],
  [72.0, -12.0, "A"],
  [69.5, -17.0, "A"],
  [68.0, -22.5, "A"],
  [66.5, -26.0, "A"],
  [64.5, -30.0, "A"],
  [62.5, -35.0, "A"],
  [59.0, -40.0, "A"],
];

// ------------------------------------------------------------------------------ regimes

const NA_NOX = {
  from: "2016-01-01",
  applies_to: "marine diesel engines > 130 kW on ships constructed on or after 1 Jan 2016",
};

const REGIMES = {
  baltic: {
    status: "in_force",
    designation_in_force: "2006-05-19",
    effective_from: "2006-05-19",
    sulphur_steps: [{ from: "2006-05-19", limit_pct: 1.5 }, ...NORTH_EUROPE_STEPS],
    nox_tier_iii: {
      from: "2021-01-01",
      applies_to: "marine diesel engines > 130 kW on ships constructed on or after 1 Jan 2021",
    },
  },
  northSea: {
    status: "in_force",
    designation_in_force: "2007-11-22",
    effective_from: "2007-11-22",
    sulphur_steps: [{ from: "2007-11-22", limit_pct: 1.5 }, ...NORTH_EUROPE_STEPS],
    nox_tier_iii: {
      from: "2021-01-01",
      applies_to: "marine diesel engines > 130 kW on ships constructed on or after 1 Jan 2021",
    },
  },
  northAmerican: {
    status: "in_force",
    designation_in_force: "2011-08-01",
    effective_from: "2012-08-01",
    sulphur_steps: [
      { from: "2012-08-01", limit_pct: 1.0 },
      { from: "2015-01-01", limit_pct: 0.1 },
    ],
    nox_tier_iii: NA_NOX,
  },
  usCaribbean: {
    status: "in_force",
    designation_in_force: "2013-01-01",
    effective_from: "2014-01-01",
    sulphur_steps: [
      { from: "2014-01-01", limit_pct: 1.0 },
      { from: "2015-01-01", limit_pct: 0.1 },
    ],
    nox_tier_iii: NA_NOX,
  },
  mediterranean: {
    status: "in_force",
    designation_in_force: "2024-05-01",
    effective_from: "2025-05-01",
    sulphur_steps: [{ from: "2025-05-01", limit_pct: 0.1 }],
    nox_tier_iii: null,
  },
  canadianArctic: {
    status: "adopted",
    designation_in_force: "2026-03-01",
    effective_from: "2026-03-01",
    sulphur_steps: [{ from: "2027-03-01", limit_pct: 0.1 }],
    nox_tier_iii: {
      from: "2025-01-01",
      applies_to:
        "marine diesel engines > 130 kW on ships constructed (keel laid) on or after 1 Jan 2025, from 1 Mar 2026",
    },
  },
  norwegianSea: {
    status: "adopted",
    designation_in_force: "2026-03-01",
    effective_from: "2026-03-01",
    sulphur_steps: [{ from: "2027-03-01", limit_pct: 0.1 }],
    nox_tier_iii: {
      from: "2030-03-01",
      applies_to:
        "ships under the 'three-date' principle (contract, keel laying or delivery); deliveries on or after 1 Mar 2030",
    },
  },
  neAtlantic: {
    status: "proposed",
    designation_in_force: null,
    effective_from: null,
    sulphur_steps: [],
    nox_tier_iii: null,
  },
} satisfies Record<string, EcaRegime>;

export const ECA_ZONES: EcaZoneSpec[] = [
  {
    category: "eca",
    id: "eca-baltic",
    name: "Baltic Sea ECA",
    pollutants: ["SOx", "NOx"],
    regime: REGIMES.baltic,
    source:
      "MARPOL Annex VI reg. 14.3.1 / 13.6 with the Baltic Sea area of Annex I reg. 1.11.2 (copy at maritimelawmarineengineer.blogspot.com/p/special-area-means-sea-area-where-for.html; 33 CFR 151.06(a)(2)); dates: rs-class.org 26.02.2026, egcsa.com/regulatory",
    verified: true,
    simplified: true,
    notes:
      "The only sea boundary, the parallel of the Skaw (57 44.8' N), is exact; the rest is a closure over land. The Limfjord is cut at Aalborg. NOx Tier III (NECA) from 1 Jan 2021.",
    geometry: { kind: "polygons", parts: [{ vertices: BALTIC_RING }] },
  },
  {
    category: "eca",
    id: "eca-north-sea",
    name: "North Sea ECA",
    pollutants: ["SOx", "NOx"],
    regime: REGIMES.northSea,
    source:
      "MARPOL Annex VI reg. 14.3.1 / 13.6 with the North Sea area of MEPC.201(62) (2011), as quoted at iadclexicon.org/north-sea-area; dates: rs-class.org 26.02.2026, egcsa.com/regulatory",
    verified: true,
    simplified: true,
    notes:
      "The 62 N, 4 W, 57 44.8' N, 5 W and 48 30' N lines are exact; the rest is a closure over land. Exit to the west is at 5 W north of 48 30' N.",
    geometry: { kind: "polygons", parts: [{ vertices: NORTH_SEA_RING }] },
  },
  {
    category: "eca",
    id: "eca-north-american",
    name: "North American ECA",
    pollutants: ["SOx", "NOx", "PM"],
    regime: REGIMES.northAmerican,
    source:
      "MARPOL Annex VI Appendix VII para 2 (MEPC.190(60), 2010): Pacific points 1-27 from the French Arrete of 10 Jan 2023 (legal.tricoteuses.fr/articles/JORFARTI000047350773), Pacific 33-47 and Atlantic 1-38 from MARPOL Consolidated Edition 2017 p. 453 (yumpu.com/fr/document/view/67202734/marpol-consolidated-edition-2017/438); dates: ABS (ww2.eagle.org)",
    verified: false,
    simplified: true,
    notes:
      "Partly verified: Pacific points 28-32, Atlantic points from 39 on (US east coast, Florida, Gulf of Mexico) and the whole Hawaiian part are approximations. Closed over land.",
    geometry: {
      kind: "polygons",
      parts: [
        { vertices: NA_PACIFIC_RING },
        { vertices: NA_ATLANTIC_RING },
        { vertices: NA_HAWAII_RING },
      ],
    },
  },
  {
    category: "eca",
    id: "eca-us-caribbean",
    name: "United States Caribbean Sea ECA",
    pollutants: ["SOx", "NOx", "PM"],
    regime: REGIMES.usCaribbean,
    source:
      "MARPOL Annex VI Appendix VII (MEPC.202(62), 2011); description: MarineLog 2010 (via qcsehsdna.blogspot.com), MEPC circular (puc.overheid.nl/nsi/doc/PUC_1665_14); dates: euroshore.com 2013-12-30, ABS",
    verified: false,
    simplified: true,
    notes:
      "Approximation from the published description (about 50 nm north, 40 nm south); the Appendix VII coordinates were not retrieved.",
    geometry: { kind: "polygons", parts: [{ vertices: US_CARIBBEAN_RING }] },
  },
  {
    category: "eca",
    id: "eca-mediterranean",
    name: "Mediterranean Sea ECA (SOx)",
    pollutants: ["SOx", "PM"],
    regime: REGIMES.mediterranean,
    source:
      "MEPC.361(79) (adopted 16 Dec 2022, in force 1 May 2024, 0.10 % from 1 May 2025); boundary lines as quoted in the Slovenian government notice (einpresswire.com/article/784980827); dates: ABS",
    verified: false,
    simplified: true,
    notes:
      "Gibraltar and Dardanelles closing lines exact (from the source); the small exclusion at the northern entrance of the Suez Canal is approximated because its coordinates were truncated in the text retrieved, hence not verified as a whole. SOx and PM only (no NOx ECA).",
    geometry: { kind: "polygons", parts: [{ vertices: MED_RING }] },
  },
  {
    category: "eca",
    id: "eca-canadian-arctic",
    name: "Canadian Arctic ECA",
    pollutants: ["SOx", "NOx", "PM"],
    regime: REGIMES.canadianArctic,
    source:
      "MEPC.392(82) (MEPC 82, Oct 2024; in force 1 Mar 2026, 0.10 % S from 1 Mar 2027); extent: marineinsight.com, rs-class.org, DNV news, shipandbunker.com",
    verified: false,
    simplified: true,
    notes:
      "Approximate extent: Canadian Arctic waters from 137 W east to the North American ECA; outer limit and southern limit in Hudson Bay approximated.",
    geometry: { kind: "polygons", parts: [{ vertices: CANADIAN_ARCTIC_RING }] },
  },
  {
    category: "eca",
    id: "eca-norwegian-sea",
    name: "Norwegian Sea ECA",
    pollutants: ["SOx", "NOx", "PM"],
    regime: REGIMES.norwegianSea,
    source:
      "MEPC.392(82) (MEPC 82, Oct 2024; in force 1 Mar 2026, 0.10 % S from 1 Mar 2027); extent: marineinsight.com, DNV news (pollutants per DNV/RS; offshore-energy.biz lists NOx and SOx only)",
    verified: false,
    simplified: true,
    notes:
      "Approximate extent: the Norwegian mainland EEZ north of 62 N to the Norway-Russia line; Svalbard and Jan Mayen zones not included.",
    geometry: { kind: "polygons", parts: [{ vertices: NORWEGIAN_SEA_RING }] },
  },
  {
    category: "eca",
    id: "eca-ne-atlantic-proposed",
    name: "North-East Atlantic ECA (proposed)",
    pollutants: ["SOx", "NOx", "PM"],
    regime: REGIMES.neAtlantic,
    source:
      "Approved at MEPC 83 (Apr 2025), adoption adjourned at MEPC/ES.2 (Oct 2025) to Oct 2026; earliest entry into force 1 Mar 2028 (assafinaonline.com, mfame.guru, marinelink.com 2025-04-13); boundary in IMO Circular Letter No. 5005 (nauticalvoice.com), not retrieved",
    verified: false,
    simplified: true,
    notes:
      "Not in force and not adopted: reported for information only, never counted in ECA distance or time. Coarse approximation of the proposed extent.",
    geometry: {
      kind: "polygons",
      parts: [{ vertices: NE_ATLANTIC_EUROPE_RING }, { vertices: NE_ATLANTIC_GREENLAND_RING }],
    },
  },
];
