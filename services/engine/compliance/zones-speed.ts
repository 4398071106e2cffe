/**
 * Mandatory speed restrictions with a clear public source.
 *
 * US North Atlantic right whale Seasonal Management Areas (50 CFR 224.105, NMFS final rule 73 FR
 * 60173, 10 Oct 2008; made permanent in 2013): vessels of 65 ft (19.8 m) or more in length
 * overall, subject to US jurisdiction or entering or leaving a US port, 10 kn or less over
 * ground in each area's season. Coordinates from NOAA Fisheries, "Reducing Ship Strikes to North
 * Atlantic Right Whales" (fisheries.noaa.gov/national/endangered-species-conservation/
 * reducing-ship-strikes-north-atlantic-right-whales), the rule text at
 * federal.elaws.us/cfr/50-cfr-part-224.105 (south-east area) and NOAA Fisheries' announcement of
 * 31 Oct 2022 (via thefishingwire.com, continuous area A-G). The 2022 proposal to extend the
 * rule to 35 ft vessels and larger areas is not modelled.
 *
 * Where the rule says "back to shore" or follows the high-water line, the ring closes over
 * land ("L") or, round Cape Cod's narrow arm, approximately along the shore ("C"). Inland waters
 * behind the COLREGS lines inside those closures (harbours, estuaries) are counted as inside,
 * which the rule does not do.
 */
import { circle, corridor, dms, dmsNeg } from "./shapes";
import type { SpeedZoneSpec, Vertex } from "./zone-spec";

const N = dms;
const E = dms;
const W = dmsNeg;

const RIGHT_WHALE = {
  category: "speed",
  authority: "NOAA Fisheries (NMFS), 50 CFR 224.105",
  limit_kts: 10,
  applies_to:
    "vessels >= 65 ft (19.8 m) LOA subject to US jurisdiction or entering/leaving a US port (US federal vessels exempt)",
  min_loa_m: 19.8,
  subject_when_unknown: true,
} as const;

const NOAA_SOURCE =
  "50 CFR 224.105 (73 FR 60173, 2008); coordinates: NOAA Fisheries 'Reducing Ship Strikes to North Atlantic Right Whales' (fisheries.noaa.gov)";

/** 42 04' 56.5" N 070 12' W, on the shore west of Race Point. */
const CCB_NE: Vertex = [N(42, 4, 56.5), W(70, 12), "S"];
/** Cape Cod's arm from the elbow to Provincetown (along the shore, approximately). */
const CAPE_COD_ARM: Vertex[] = [
  [41.8, -70.0, "C"],
  [42.03, -70.08, "C"],
];

const CAPE_COD_BAY: Vertex[] = [
  CCB_NE,
  [N(42, 12), W(70, 12), "S"],
  // Due west along 42 12' N to the shore, then inland round the bay.
  [N(42, 12), -70.75, "L"],
  [41.8, -70.6, "L"],
  [41.72, -70.3, "L"],
  ...CAPE_COD_ARM,
];

const OFF_RACE_POINT: Vertex[] = [
  CCB_NE,
  [N(42, 12), W(70, 12), "S"],
  [N(42, 12), W(70, 30), "S"],
  [N(42, 30), W(70, 30), "S"],
  [N(42, 30), W(69, 45), "S"],
  [N(41, 40), W(69, 45), "S"],
  // "then due west back to shore" (Chatham), then north along the outer shore.
  [N(41, 40), -69.96, "C"],
  ...CAPE_COD_ARM,
];

const GREAT_SOUTH_CHANNEL: Vertex[] = [
  [N(42, 30), W(69, 45), "S"],
  [N(42, 30), W(67, 27), "S"],
  [N(42, 9), W(67, 8, 24), "S"],
  [N(41, 0), W(69, 5), "S"],
  [N(41, 40), W(69, 45), "S"],
];

const BLOCK_ISLAND_SOUND: Vertex[] = [
  [N(40, 51, 53.7), W(70, 36, 44.9), "S"],
  [N(41, 20, 14.1), W(70, 49, 44.1), "S"],
  [N(41, 4, 16.7), W(71, 51, 21.0), "S"],
  [N(40, 35, 56.5), W(71, 38, 25.1), "S"],
];

/** 31 27' N 080 51' 36" W: shared corner of the continuous Mid-Atlantic and south-east areas. */
const G_CORNER: Vertex = [N(31, 27), W(80, 51, 36), "S"];
/** The shore west of G along 31 27' N, taken inland. */
const G_SHORE: Vertex = [N(31, 27), -81.6, "L"];

const WILMINGTON_TO_BRUNSWICK: Vertex[] = [
  // A: on the shore, reached from B along 313.26 deg true (50 CFR 224.105(a)(2)(i)).
  [N(34, 10, 30), W(77, 49, 12), "S"],
  [N(33, 56, 42), W(77, 31, 30), "S"],
  [N(33, 36, 30), W(77, 47, 6), "S"],
  [N(33, 28, 24), W(78, 32, 30), "S"],
  [N(32, 59, 6), W(78, 50, 18), "S"],
  [N(31, 50), W(80, 33, 12), "S"],
  G_CORNER,
  G_SHORE,
  [32.1, -81.3, "L"],
  [32.9, -80.2, "L"],
  [33.5, -79.4, "L"],
  [34.0, -78.5, "L"],
  [34.3, -78.0, "L"],
];

const SOUTHEAST_US: Vertex[] = [
  G_CORNER,
  G_SHORE,
  [N(29, 45), -81.5, "S"],
  [N(29, 45), W(80, 51, 36), "S"],
];

const MID_ATLANTIC_SEASON = { from: [11, 1], to: [4, 30] } as const;
const PORT_RADIUS_NM = 20;

function portArea(id: string, name: string, lat: number, lon: number): SpeedZoneSpec {
  return {
    ...RIGHT_WHALE,
    id,
    name,
    season: MID_ATLANTIC_SEASON,
    source: `${NOAA_SOURCE}: within 20 nm of ${lat.toFixed(5)}, ${lon.toFixed(5)}`,
    verified: true,
    simplified: true,
    notes:
      "Circle of 20 nm about the published point; the rule measures seaward of the COLREGS lines, so harbour waters inside the circle are over-counted.",
    geometry: { kind: "polygons", parts: [circle(lat, lon, PORT_RADIUS_NM, "S")] },
  };
}

/**
 * Singapore Strait: deep-draught vessels (draught >= 15 m) and VLCCs in the westbound lane
 * proceed at not more than 12 kn over ground between 01 12.51'N 103 52.15'E and
 * 01 08.65'N 103 44.30'E (MPA Singapore Port Marine Circular No. 20 of 2019, via gac.com Hot
 * Port News 2 Dec 2019). The end points are sourced; the lane's width is approximated by a
 * 1 nm band either side of the line.
 */
const SINGAPORE_DDV_LANE = corridor(
  [
    [N(1, 12.51), E(103, 52.15)],
    [N(1, 8.65), E(103, 44.3)],
  ],
  1,
  "A",
);

export const SPEED_ZONES: SpeedZoneSpec[] = [
  {
    ...RIGHT_WHALE,
    id: "sma-cape-cod-bay",
    name: "Right whale SMA: Cape Cod Bay",
    season: { from: [1, 1], to: [5, 15] },
    source: NOAA_SOURCE,
    verified: true,
    simplified: true,
    notes:
      "Northern boundary exact; the bay's shores are closed over land and along Cape Cod's arm.",
    geometry: { kind: "polygons", parts: [{ vertices: CAPE_COD_BAY }] },
  },
  {
    ...RIGHT_WHALE,
    id: "sma-off-race-point",
    name: "Right whale SMA: Off Race Point",
    season: { from: [3, 1], to: [4, 30] },
    source: NOAA_SOURCE,
    verified: true,
    simplified: true,
    notes: "Sea boundaries exact; Cape Cod's outer shore approximated.",
    geometry: { kind: "polygons", parts: [{ vertices: OFF_RACE_POINT }] },
  },
  {
    ...RIGHT_WHALE,
    id: "sma-great-south-channel",
    name: "Right whale SMA: Great South Channel",
    season: { from: [4, 1], to: [7, 31] },
    source: NOAA_SOURCE,
    verified: true,
    simplified: false,
    geometry: { kind: "polygons", parts: [{ vertices: GREAT_SOUTH_CHANNEL }] },
  },
  {
    ...RIGHT_WHALE,
    id: "sma-block-island-sound",
    name: "Right whale SMA: Block Island Sound",
    season: MID_ATLANTIC_SEASON,
    source: NOAA_SOURCE,
    verified: true,
    simplified: false,
    geometry: { kind: "polygons", parts: [{ vertices: BLOCK_ISLAND_SOUND }] },
  },
  portArea(
    "sma-ny-nj",
    "Right whale SMA: Ports of New York/New Jersey",
    N(40, 29, 42.2),
    W(73, 55, 57.6),
  ),
  portArea(
    "sma-delaware-bay",
    "Right whale SMA: Entrance to Delaware Bay",
    N(38, 52, 27.4),
    W(75, 1, 32.1),
  ),
  portArea(
    "sma-chesapeake-bay",
    "Right whale SMA: Entrance to Chesapeake Bay",
    N(37, 0, 36.9),
    W(75, 57, 50.5),
  ),
  portArea(
    "sma-morehead-city",
    "Right whale SMA: Ports of Morehead City and Beaufort, NC",
    N(34, 41, 32.0),
    W(76, 40, 8.3),
  ),
  {
    ...RIGHT_WHALE,
    id: "sma-wilmington-brunswick",
    name: "Right whale SMA: Wilmington, NC to Brunswick, GA (continuous area)",
    season: MID_ATLANTIC_SEASON,
    source: `${NOAA_SOURCE}; points A-G: NOAA Fisheries announcement of 31 Oct 2022 (thefishingwire.com)`,
    verified: true,
    simplified: true,
    notes: "Points A-G exact; 'west back to the shore' closed over land.",
    geometry: { kind: "polygons", parts: [{ vertices: WILMINGTON_TO_BRUNSWICK }] },
  },
  {
    ...RIGHT_WHALE,
    id: "sma-southeast-us",
    name: "Right whale SMA: Southeast US (calving grounds)",
    season: { from: [11, 15], to: [4, 15] },
    source: "50 CFR 224.105(a)(1) (text at federal.elaws.us/cfr/50-cfr-part-224.105)",
    verified: true,
    simplified: true,
    notes: "31 27' N, 29 45' N and 080 51' 36\" W exact; the shore closed over land.",
    geometry: { kind: "polygons", parts: [{ vertices: SOUTHEAST_US }] },
  },
  {
    category: "speed",
    id: "singapore-ddv-westbound",
    name: "Singapore Strait westbound lane: deep-draught vessels 12 kn",
    authority: "Maritime and Port Authority of Singapore, Port Marine Circular No. 20 of 2019",
    limit_kts: 12,
    applies_to:
      "deep-draught vessels (draught >= 15 m) and VLCCs in the westbound lane, as far as safe and practicable",
    subject_when_unknown: false,
    source:
      "MPA Singapore Port Marine Circular No. 20 of 2019 (via gac.com Hot Port News, 2 Dec 2019): between 01 12.51'N 103 52.15'E and 01 08.65'N 103 44.30'E",
    verified: false,
    simplified: true,
    notes:
      "End points sourced; the lane width is approximated (1 nm either side). Direction and draught are not checked: the vessel facts carry neither, so the finding never counts as an exceedance on its own.",
    geometry: { kind: "polygons", parts: [SINGAPORE_DDV_LANE] },
  },
];
