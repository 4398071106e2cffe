import { dms } from "../compliance/shapes";
import {
  destination,
  distanceAndCourse,
  distanceNm,
  geodesicMidpoint,
  METRES_PER_NM,
} from "../geo/geodesic";
import { bufferLines } from "../geo/line-buffer";
import { mergePolygons, wrapAtAntimeridian } from "../geo/sea-part";
import type { LatLon, PolygonRings } from "../geo/types";

/**
 * Waters that are water in Natural Earth but closed to seagoing ships, added to the land for
 * routing. Each entry names why and where that comes from.
 *
 * Two kinds: waters closed by rule (Adam's Bridge, the Iroise channels, the Nantucket Shoals
 * area to be avoided), and offshore reefs and banks that the coastline data does not draw but
 * every chart marks as a danger to seagoing ships. A danger drawn from a published centre and
 * size is an ellipse of that size; where only cays on its rim are published (the Bahama banks)
 * the outline joins them with straight lines, which leave strips of the bank's edge open where
 * the rim bulges out between them. Where an outline overlaps an island, only its sea part is
 * added (geo/sea-part.ts), so an outline may close through points on the island.
 */
const KM_PER_NM = METRES_PER_NM / 1000;
/** Vertices of a drawn ellipse: the chord error on a 65 km semi-axis is under 0.6 km. */
const ELLIPSE_POINTS = 24;

export interface ClosedWater {
  id: string;
  name: string;
  reason: string;
  /** Polygons as GeoJSON-style rings of [lon, lat]. */
  polygons: PolygonRings[];
}

/** Turneffe Atoll's published positions, [lat, lon] (see its entry). */
const TURNEFFE_CAYE_BOKEL: [number, number] = [dms(17, 10.47), -dms(87, 53.77)];
const TURNEFFE_WEST_REEF: [number, number] = [dms(17, 19.163), -dms(87, 57.603)];
const TURNEFFE_MAUGER_CAYE: [number, number] = [dms(17, 36, 26), -dms(87, 46, 21)];

/** The waters drawn here, one polygon each. */
const DRAWN: ReadonlyArray<Omit<ClosedWater, "polygons"> & { polygon: PolygonRings }> = [
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
  {
    id: "nantucket-shoals",
    name: "Nantucket Shoals (IMO area to be avoided), south and east of Nantucket Island",
    reason:
      "Shoals as shallow as 3 ft (0.9 m) extending 23 miles east and 40 miles south-east of Nantucket. The IMO area to be avoided, per US Coast Pilot 2 (2010): 'Vessels transporting oil or hazardous materials and vessels of more than 1,000 gross tons should avoid the area bounded by the points' Madaket 41 16.5N 70 12.5W, 40 43.2N 70 00.5W, near Asia Rip 40 44.5N 69 19.0W, near Fishing Rip 41 04.5N 69 19.0W, 41 23.5N 69 31.5W, Great Point Light 41 23.4N 70 02.8W (Wikipedia, 'Nantucket Shoals').",
    polygon: [
      [
        [-(70 + 12.5 / 60), 41 + 16.5 / 60],
        [-(70 + 0.5 / 60), 40 + 43.2 / 60],
        [-(69 + 19 / 60), 40 + 44.5 / 60],
        [-(69 + 19 / 60), 41 + 4.5 / 60],
        [-(69 + 31.5 / 60), 41 + 23.5 / 60],
        [-(70 + 2.8 / 60), 41 + 23.4 / 60],
        [-(70 + 12.5 / 60), 41 + 16.5 / 60],
      ],
    ],
  },
  {
    id: "great-bahama-bank",
    name: "Great Bahama Bank, from Great Isaac Cay and the Bimini chain to Ragged Island and the Exuma Cays",
    reason:
      "A carbonate platform 'generally no deeper than 25 meters' and mostly under 3-9 m (Wikipedia, 'Bahama Banks'; NASA and CIA World Factbook photo captions); ships go round it by the Straits of Florida, the Santaren and Old Bahama Channels and the Providence Channels. Its outline is not published as coordinates, so this one joins rim positions with straight lines, inside the rim where the rim is known to bulge out (west of Andros, north of the Old Bahama Channel, the Jumentos) and across the Northwest Providence Channel's southern edge from the Berry Islands to Great Isaac Cay: Great Isaac Cay 26 01.7N 79 05.4W and Orange Cay 24 56.4N 79 08.8W (Wikipedia); the western rim 50 km east of Cay Sal Bank's eastern edge at 79 25W (Wikipedia, 'Cay Sal Bank'); north of the Old Bahama Channel, whose centre is 22 46N 78 24W and which is 15 miles wide (Wikipedia, 'Old Bahama Channel'); Ragged Island 22 13.4N 75 43.8W, the bank's south-eastern limit (Wikipedia; Frommer's); west of the Exuma Cays at Lee Stocking Island 23 46.3N 76 06.3W (cruiser's position); south-west of New Providence at 24 54N 77 30W; Chub Cay, the southern end of the Berry Islands on the bank's north-eastern edge, '35 miles northwest' of Nassau (Caribbean Tales, 'Berry Islands'; placed at 25 26N 77 44W); Great Harbour Cay, the largest of the Berry Islands, where the 1:10m coastline draws it (25 45N 77 51W). The Tongue of the Ocean is cut out of it along Andros: a U-shaped trench about 30 by 240 km and 1,100-2,000 m deep, open to the ocean only at its northern end, between Andros and New Providence (Wikipedia, 'Tongue of the Ocean'), whose western side is the wall below the Andros Barrier Reef, a mile off Andros's east coast from the Joulter Cays to South Cay (Andros Conservancy and Trust, 'The Andros Barrier Reef'; Bahamas Ministry of Tourism, 'Barrier Reef and Tongue of the Ocean'). The cut is a strip 8 nm wide from 2 nm off the 1:10m coastline's east coast of Andros (the coast's furthest east within 0.1 degree of each vertex), from north of Andros to 23 51N, joined to the open water between Andros's northern end and Chub Cay and south of New Providence to 24 54N: well inside the trench, whose eastern half and southern end stay closed for want of an outline. Andros Town, Fresh Creek, Mangrove Cay and the AUTEC range's waters are reached by it; it is a dead end, so it opens no through route. Nassau, on New Providence's north shore, stays open, and ships leave it round the Berry Islands by the Northwest Providence Channel, not over the bank between Andros and the Berries.",
    polygon: [
      [
        [-(79 + 5.4 / 60), 26 + 1.7 / 60],
        [-(79 + 8.8 / 60), 24 + 56.4 / 60],
        [-78.93, 23.8],
        [-78.4, 22.95],
        [-(75 + 43.8 / 60), 22 + 13.4 / 60],
        [-(76 + 6.3 / 60), 23 + 46.3 / 60],
        [-77.5, 24.9],
        // The Tongue of the Ocean's cut (see reason): down its eastern side, up its western.
        [-77.64, 24.9],
        [-77.6, 24.85],
        [-77.55, 24.7],
        [-77.54, 24.55],
        [-77.49, 24.4],
        [-77.38, 24.25],
        [-77.36, 24.1],
        [-77.34, 23.95],
        [-77.34, 23.85],
        [-77.48, 23.85],
        [-77.48, 23.95],
        [-77.5, 24.1],
        [-77.53, 24.25],
        [-77.64, 24.4],
        [-77.68, 24.55],
        [-77.7, 24.7],
        [-77.75, 24.85],
        [-77.87, 25.0],
        [-77.94, 25.15],
        [-77.74, 25.43],
        [-77.85, 25.75],
        [-(79 + 5.4 / 60), 26 + 1.7 / 60],
      ],
    ],
  },
  {
    id: "cay-sal-bank",
    name: "Cay Sal Bank, between the Straits of Florida, the Santaren Channel and the Nicholas Channel",
    reason:
      "An atoll-like platform of roughly triangular shape, 105 km along its south rim and 66 km north to south, its lagoon 9-16 m deep, within 23 27N-24 10N and 79 25W-80 35W, with islets along its rim except on the south side facing the Nicholas Channel, which has only coral heads; clockwise from the south-west: Cay Sal, Rompidas Ledge, the Elbow Cays, the Double Headed Shot and Water Cays, Marion Rock, Deadman's and Muertos Cays, the Dog Rocks at the north-eastern corner, then the Damas Cays and shoals down to the Anguilla Cays (Wikipedia, 'Cay Sal Bank'). Drawn through: Cay Sal 23 42N 80 24W (Wikipedia, 'Cay Sal'); the bank's western limit 80 35W, placed at 23 48N between Cay Sal and the Elbow Cays, whose southern islets and Rompidas Ledge lie there; the Elbow Cay light 23 57 12.6N 80 26 42.0W (Wikipedia, 'Elbow Cays'); the Water Cays 23 59 26N 80 20 26W and Marion Rock 24 01 30N 80 20 30W (Wikipedia); the northern limit 24 10N, placed at 80 06W between Marion Rock and the Dog Rocks; the Dog Rocks, 120 km from Orange Cay 24 56.4N 79 08.75W (Wikipedia), placed at 24 04N 79 51W; the Anguilla Cays at a cruiser's anchorage 23 29.34N 79 30.96W; the south-eastern limit 23 27N 79 25W; each moved 2 km outward. Ships go round it by the Straits of Florida and the Santaren or Nicholas Channel, each about 50 km wide.",
    polygon: outlineThrough(
      [
        [dms(23, 42), -dms(80, 24)],
        [dms(23, 48), -dms(80, 35)],
        [dms(23, 57, 12.6), -dms(80, 26, 42)],
        [dms(23, 59, 26), -dms(80, 20, 26)],
        [dms(24, 1, 30), -dms(80, 20, 30)],
        [dms(24, 10), -dms(80, 6)],
        [dms(24, 4), -dms(79, 51)],
        [dms(23, 29.34), -dms(79, 30.96)],
        [dms(23, 27), -dms(79, 25)],
      ],
      2,
    ),
  },
  {
    id: "little-bahama-bank",
    name: "Little Bahama Bank, north of Grand Bahama and west of the Abaco cays",
    reason:
      "A shallow platform averaging 14 ft (4.3 m), with coral heads and sand banks reaching nearly to the surface, which boats from Florida cross by White Sand Ridge, Memory Rock or Indian Cay Channel at West End (wadespage.com, 'Getting onto the Little Bahamas Bank'); 'deep water is defined as 13 ft' there (a cruiser's log, 2009); Walker's Cay 'sits on the very edge' of the bank, which drops off sharply north of it (Wikipedia, 'Walker's Cay'). Ships go round it by the Northwest Providence Channel or east of the Abaco cays. Drawn through: West End, Grand Bahama, at the Old Bahama Bay marina 26 42.1N 78 59.4W (a cruiser's log, 2011); White Sand Ridge 27 17.0N 79 10.3W (wadespage.com); Walker's Cay 27 15 27.8N 78 23 40.7W (Wikipedia); Man-O-War Cay 26 35 15N 77 00 25W (Wikipedia); the Elbow Reef light at Hope Town 26 32 17N 76 57 36W (lighthouse-index.com); then back over Great Abaco, the Marls between Little Abaco and Grand Bahama, and along Grand Bahama to West End by points on the land, so the Bight of Abaco and the south coast of Grand Bahama (Freeport) stay open. Straight lines between the rim positions leave a strip a few kilometres wide open where the rim bulges out (Memory Rock, Matanilla Reef, the Abaco cays north of Man-O-War Cay, which the coastline data does not draw).",
    polygon: [
      [
        [-dms(78, 59.4), dms(26, 42.1)],
        [-dms(79, 10.3), dms(27, 17)],
        [-dms(78, 23, 40.7), dms(27, 15, 27.8)],
        [-dms(77, 0, 25), dms(26, 35, 15)],
        [-dms(76, 57, 36), dms(26, 32, 17)],
        // On land: Great Abaco, Grand Bahama's east end, its spine.
        [-77.14, 26.4],
        [-77.92, 26.68],
        [-78.3, 26.64],
        [-78.7, 26.57],
        [-dms(78, 59.4), dms(26, 42.1)],
      ],
    ],
  },
  {
    id: "miskito-cays",
    name: "Miskito Cays (Cayos Miskitos), off the Mosquito Coast of Nicaragua",
    reason:
      "An archipelago of 76 formations, coral reefs, cays, seagrass beds and islets, centred 14 23N 82 46W (Wikipedia, 'Miskito Cays'; Ramsar site 1135), whose 'coral reefs [are] a preponderant geological formation'; the reserve Nicaragua put on UNESCO's tentative list is 'an insular area and its coasts in a radius of 40 kms' (UNESCO World Heritage Centre, tentative list ref. 485, 1995). The reefs' own extent is not published, so that circle is drawn; it reaches the coastal strip to the west. Colon to the Yucatan Channel ran straight through its centre; the Honduran cays further north (Vivorillos, Cajones, Media Luna) are not drawn.",
    polygon: ellipse(dms(14, 23), -dms(82, 46), 40, 40, 0),
  },
  {
    id: "turneffe-atoll",
    name: "Turneffe Atoll, off Belize",
    reason:
      "An atoll about 48 km long and 16 km wide, the largest of Belize's three, its two lagoons at most 7 m deep among more than 150 mangrove cays (Wikipedia, 'Turneffe Atoll'; memim.com, from the German Wikipedia). The 1:10m coastline draws only a few of its cays. Drawn through: Caye Bokel at its southern end, where a yacht anchored off the lodge at 17 10.47N 87 53.77W (a cruiser's position report, 2015); its western reef, which a yacht crossed at 17 19.163N 87 57.603W to anchor off Amber Head (a cruiser's log, 2005); the Mauger Caye light at its northern end, 17 36 26N 87 46 21W (Wikipedia, 'Mauger Caye Light'); and its eastern side, placed 16 km (the published width) east of that crossing, square to the line from Caye Bokel to Mauger Caye; each moved 2 km outward for the reef round it.",
    polygon: outlineThrough(
      [
        TURNEFFE_CAYE_BOKEL,
        TURNEFFE_WEST_REEF,
        TURNEFFE_MAUGER_CAYE,
        centreAlong(
          ...TURNEFFE_WEST_REEF,
          distanceAndCourse(
            { lat: TURNEFFE_CAYE_BOKEL[0], lon: TURNEFFE_CAYE_BOKEL[1] },
            { lat: TURNEFFE_MAUGER_CAYE[0], lon: TURNEFFE_MAUGER_CAYE[1] },
          ).courseDeg + 90,
          16,
        ),
      ],
      2,
    ),
  },
  {
    id: "lighthouse-reef",
    name: "Lighthouse Reef, off Belize",
    reason:
      "An oblong atoll about 35 km north to south and 8 km wide, the outermost of Belize's atolls, round a shallow sandy lagoon of 120 km2 (Wikipedia, 'Lighthouse Reef'), with the Great Blue Hole near its centre at 17 18 55N 87 32 04W (Wikipedia, 'Great Blue Hole', as quoted by triptipper.com). The coastline data draws none of it. Drawn as an ellipse of that size north to south about the Blue Hole.",
    polygon: ellipse(dms(17, 18, 55), -dms(87, 32, 4), 17.5, 4, 0),
  },
  {
    id: "banco-chinchorro",
    name: "Banco Chinchorro, off Quintana Roo (Mexico)",
    reason:
      "A platform reef, a 'false atoll', about 40 km north to south and 16 km wide, 35 km off the coast (Wikipedia, 'Banco Chinchorro'), its lagoon 6 m deep on average (Ramsar site 1353, centred 18 35N 87 20W), with the wrecks of at least nine ships on it; 'between 18 47 and 18 23 north latitude and 87 14 and 87 27 west longitude' (marine-expeditions.com, a dive operator at Mahahual). Drawn as the ellipse inside that box; ships pass between it and the coast.",
    polygon: ellipseInBox(dms(18, 23), dms(18, 47), -dms(87, 27), -dms(87, 14)),
  },
  {
    id: "macclesfield-bank",
    name: "Macclesfield Bank, South China Sea",
    reason:
      "A sunken atoll centred 16 00N 114 30E, about 130 km south-west to north-east and 70 km wide; least depth 9.2 m, rim 11.6-18 m, seas 'high and confused' over it in heavy weather (Wikipedia, 'Macclesfield Bank'). Drawn as an ellipse of that size along 045.",
    polygon: ellipse(16, 114.5, 65, 35, 45),
  },
  {
    id: "dangerous-ground",
    name: "Dangerous Ground (eastern Spratly Islands), South China Sea",
    reason:
      "Low islands, cays, reefs awash and sunken reefs rising abruptly from over 1,000 m, poorly charted: 'Avoidance of Dangerous Ground is the mariner's only assurance of safety' (NGA Pub. 161, Sailing Directions (Enroute) South China Sea, as quoted by Wikipedia, 'Dangerous Ground (South China Sea)'). An oblong about 340 nm south-west to north-east and 175 nm wide, centred 10 00N 115 00E, between about 7.5-12N and 113-117E, west of Palawan and north-west of the Palawan Passage (same article); the main routes go west and east of it. Drawn as an ellipse of that size along 045; the charts and the Sailing Directions disagree on its exact edge.",
    polygon: ellipse(10, 115, 170 * KM_PER_NM, 87.5 * KM_PER_NM, 45),
  },
  {
    id: "paracel-islands",
    name: "Paracel Islands (Crescent and Amphitrite Groups), South China Sea",
    reason:
      "About 130 small coral islands and reefs in two main groups, the Amphitrite Group in the north-east and the Crescent Group in the west, spread over about 15,000 km2 round 16 30N 112 00E (Wikipedia, 'Paracel Islands'); 'between latitude 16 and 17 north and longitude 111 and 113 east', with 'the extremely dangerous nature of navigation in this vicinity' borne out by wrecks (M. Chemillier-Gendreau, Sovereignty over the Paracel and Spratly Islands, 2000). Drawn as the ellipse inside that box (about 18,500 km2); outlying Triton Island (15 47N) lies outside it.",
    polygon: ellipse(16.5, 112, 106.7, 55.6, 90),
  },
  {
    id: "scarborough-shoal",
    name: "Scarborough Shoal, South China Sea",
    reason:
      "A triangle of reefs and rocks at 15 11N 117 46E, 46 km round, many just below water at high tide; South Rock 1.8 m (Wikipedia, 'Scarborough Shoal'). Drawn as the circle round that triangle (9 km).",
    polygon: ellipse(15 + 11 / 60, 117 + 46 / 60, 9, 9, 0),
  },
  {
    id: "swain-reefs",
    name: "Swain Reefs, southern Great Barrier Reef",
    reason:
      "A labyrinth of roughly 370 patches of reef and cays 120-250 km off the Queensland coast, spanning about 16,900 km2 at the south-eastern end of the Great Barrier Reef (NASA Earth Observatory / MODIS, 'Queensland & Swain Reefs National Park', 2020). Natural Earth's 1:10m reefs layer draws only 13 of its reefs, with gaps a route threads; the outline is the convex hull of those 13 lines (east of 151E, 20.8-22.4S; about 14,400 km2, inside the published extent).",
    polygon: [
      [
        [151.444, -21.501],
        [152.418, -22.248],
        [152.616, -22.392],
        [152.67, -22.362],
        [152.774, -22.269],
        [152.776, -22.253],
        [152.802, -22.042],
        [152.798, -22.007],
        [152.685, -21.117],
        [152.626, -21.068],
        [152.568, -21.028],
        [151.986, -20.815],
        [151.476, -21.392],
        [151.444, -21.501],
      ],
    ],
  },
  {
    id: "osprey-reef",
    name: "Osprey Reef, Coral Sea",
    reason:
      "An oval reef 25 by 12 km at 13 54.5S 146 36.9E, rising from about 2,000 m (Wikipedia, 'Osprey Reef'; Parks Australia gives almost 30 km). Its orientation is not published, so it is drawn as a circle of 15 km radius.",
    polygon: ellipse(-(13 + 54.5 / 60), 146 + 36.9 / 60, 15, 15, 0),
  },
  {
    id: "flinders-reefs",
    name: "Flinders Reefs, Coral Sea",
    reason:
      "Reefs 'around 17 37S, 148 31E' stretching 40 km north to south, most at a depth of just 1-4 m (Wikipedia, 'Flinders Reef (Coral Sea)'). Their width is not published, so they are drawn as a circle of 20 km radius.",
    polygon: ellipse(-(17 + 37 / 60), 148 + 31 / 60, 20, 20, 0),
  },
  {
    id: "willis-islets",
    name: "Willis Islets, Coral Sea",
    reason:
      "Three islets with sandy cays in a line about 12 km long NNE to SSW, the southernmost (Willis Island, with its weather station) at 16 17.3S 149 57.9E (Wikipedia, 'Willis Island'). Drawn as a circle of 7 km radius about a point 6 km NNE of Willis Island.",
    polygon: ellipse(...centreAlong(-(16 + 17.3 / 60), 149 + 57.9 / 60, 22.5, 6), 7, 7, 0),
  },
  {
    id: "marion-reef",
    name: "Marion Reef, Coral Sea",
    reason:
      "A roughly round reef about 35 km across at 19 10S 152 17E, large parts of it dry at low water (German Wikipedia, 'Marion Reef (Queensland)'). Drawn as a circle of 17.5 km radius.",
    polygon: ellipse(-(19 + 10 / 60), 152 + 17 / 60, 17.5, 17.5, 0),
  },
  {
    id: "lihou-reef",
    name: "Lihou Reef, Coral Sea",
    reason:
      "A U-shaped atoll open to the south-west, its lagoon about 100 by 30 km (2,529 km2) ringed by reef and 18 cays, centred 17 25S 151 40E (Wikipedia, 'Lihou Reef National Nature Reserve'; German Wikipedia, 'Lihou Reef'); a beacon off its eastern tip at 17 08.5S 152 08.4E (Wikipedia, the light's Admiralty entry K3206.6). Drawn as an ellipse 35 km wide reaching from the centre to the beacon (58.8 km along 059) and as far the other way, so the rim round the lagoon and the submerged south-western sill are inside.",
    polygon: ellipse(-(17 + 25 / 60), 151 + 40 / 60, 58.8, 17.5, 58.8),
  },
  {
    id: "saumarez-reefs",
    name: "Saumarez Reefs, Coral Sea",
    reason:
      "Three main reefs and many smaller ones in a crescent 39 km across, open to the north-west: North East Cay 21 38S 153 46E at the northern extremity, South East Elbow 21 55S 153 35E at the south-eastern, South West Cay 21 50S 153 30E the westernmost above-water part (Wikipedia, 'Saumarez Reefs', from the Sailing Directions). Drawn as the triangle through the three, each corner moved 2 km outward for the reef round it; the crescent's mouth is inside.",
    polygon: outlineThrough(
      [
        [-(21 + 38 / 60), 153 + 46 / 60],
        [-(21 + 55 / 60), 153 + 35 / 60],
        [-(21 + 50 / 60), 153 + 30 / 60],
      ],
      2,
    ),
  },
  {
    id: "frederick-reefs",
    name: "Frederick Reefs, Coral Sea",
    reason:
      "A J-shaped reef about 10 by 4 km (30 km2), rising from over 2,500 m, with the North Cay light at 20 56.1S 154 24.0E and Observatory Cay at 21 02S 154 23E on its southern side (Wikipedia, 'Frederick Reefs'). Drawn as an ellipse 14 by 6 km along the line joining the two.",
    polygon: ellipse(
      ...midpoint([-(20 + 56.1 / 60), 154 + 24 / 60], [-(21 + 2 / 60), 154 + 23 / 60]),
      7,
      3,
      189,
    ),
  },
  {
    id: "cato-reef",
    name: "Cato Reef, Coral Sea",
    reason:
      "An oval reef, breaking in all weathers, with Cato Island (23 15S 155 32E) at its western end, and Hutchison Rock (5.5 m) at 23 15S 155 36E, 3.5 km east of it (Wikipedia, 'Cato Reef', from the Sailing Directions). Drawn as a circle of 4.5 km radius about the point midway between the island and the rock.",
    polygon: ellipse(
      ...midpoint([-(23 + 15 / 60), 155 + 32 / 60], [-(23 + 15 / 60), 155 + 36 / 60]),
      4.5,
      4.5,
      0,
    ),
  },
  {
    id: "rio-de-la-plata-middle",
    name: "The middle Rio de la Plata, between Colonia and La Plata and the line from Montevideo to Punta Piedras",
    reason:
      "The estuary's middle part, 'twice as wide' as the upper one above Colonia and Punta Lara, reaches 'to the latitude of Montevideo and Punta de las Piedras' (P. Denis, The Argentine Republic, 1922). Ships cross it only by dredged channels: navigation in the Rio de la Plata 'solo es posible en los canales que se mantienen al efecto' (CIC Plata, 'Navegacion en el Rio de la Plata'); the natural Canal Magdalena across it is 4.5 m deep (Spanish Wikipedia, 'Canal Magdalena (Rio de la Plata)'), and where the Canal Emilio Mitre now runs there was 1.5 m before it was dredged (G. G. Arias, ComexLatam). Ships come in by the Canal Punta Indio and the Canal Intermedio (passage rio-de-la-plata). Drawn from Colonia over Uruguay to the coast west of Montevideo's Cerro, across to Punta Piedras, over the land to La Plata, and back to Colonia east of the Canal Intermedio's inner end. Montevideo's approach stays open; so does the upper estuary (Buenos Aires, Colonia, the Parana delta), whose own shallows outside the Canal de Acceso and the Canal Emilio Mitre are not drawn.",
    polygon: [
      [
        [-57.78, -34.46],
        [-57.0, -34.25],
        [-56.33, -34.86],
        [-57.16, -35.42],
        [-57.6, -35.2],
        [-57.87, -34.92],
        [-57.84, -34.87],
        [-57.74, -34.74],
        [-57.78, -34.46],
      ],
    ],
  },
  {
    id: "dauis-strait",
    name: "Dauis Strait, between Bohol and Panglao Island, below Tagbilaran",
    reason:
      "Panglao is 'separated from Bohol Island by the shallow Dauis Strait - so shallow that at low tide it is possible to cross on foot', and two causeways cross it from Tagbilaran, one from the 19th century and one from the 1970s (turningboholano.blogspot.com, 2012; Bohol provincial tourism office: the Mansasa-Dauis bridge and the causeway to Totolan, Dauis). The coastline data draws it as a channel open to the Bohol Sea, so routes to Tagbilaran from the north-west, by the port's own approach, came round Panglao and up the strait through the causeways. Drawn as a box across the strait from just south of Tagbilaran's port to where it opens out; the positions of the causeways themselves are not published, so the box is placed, not charted.",
    polygon: [
      [
        [123.85, 9.615],
        [123.905, 9.615],
        [123.905, 9.638],
        [123.85, 9.638],
        [123.85, 9.615],
      ],
    ],
  },
  {
    id: "banco-ingles",
    name: "Banco Ingles, in the outer Rio de la Plata",
    reason:
      "A submerged granite peak crowned by a sandbank, of 5 m average sounding, 'the most feared' danger of the Rio de la Plata; it lies 10 nm south of Isla de Flores and runs about 10 nm north to south, 2 nm wide at its ends and up to 5 nm in the middle (Spanish Wikipedia, 'Banco Ingles', via wikidat.com); Isla de Flores is at 34 56 50S 55 56 14W (Wikipedia, 'Isla de Flores'). Ships from the Recalada pilot station pass north of it (R. J. Rocca, nuestromar.org). Drawn as an ellipse 10 nm north to south and 5 nm wide whose northern end is 10 nm south of the island; its south-western spur and the Banco Arquimedes 5 nm west are not drawn.",
    polygon: ellipse(
      -(dms(34, 56, 50) + 15 / 60),
      -dms(55, 56, 14),
      5 * KM_PER_NM,
      2.5 * KM_PER_NM,
      0,
    ),
  },
];

/**
 * Half-width of the band closed round each reef line. Natural Earth draws a reef as a line along
 * its edge at 1:10m, about as exact as the coastline (tenths of a mile); the band keeps a leg from
 * slipping between a line and its neighbour where the line has a vertex gap.
 */
export const REEF_HALF_WIDTH_NM = 0.3;

/** [lon, lat] of the point `km` east of (lat, lon): the reef off a cay's published position. */
function eastOf(lat: number, lon: number, km: number): [number, number] {
  const [eastLat, eastLon] = centreAlong(lat, lon, 90, km);
  return [eastLon, eastLat];
}

/** The Sapodilla Cayes Marine Reserve: its position, and the radius of a circle of its 15,618 ha. */
const SAPODILLA_CAYES = { lat: dms(16, 8, 46), lon: -dms(88, 16, 52) };
const SAPODILLA_RADIUS_KM = Math.sqrt(156.18 / Math.PI);

/** Goff's Caye, on the reef's edge just north of the English Caye Channel, [lon, lat]. */
const GOFFS_CAYE: [number, number] = [-dms(88, 2, 14), dms(17, 20, 56)];

/**
 * The Belize Barrier Reef where Natural Earth's reef lines (caribbean-reefs) leave it open, and
 * the shallow lagoon behind its northern stretch. Routes from the Gulf of Honduras to the Yucatan
 * Channel went up the lagoon and out over the reef by Caye Caulker, and routes from Belize City
 * crossed the reef wherever the line ended.
 */
const BELIZE_BARRIER_REEF: ClosedWater = {
  id: "belize-barrier-reef",
  name: "Belize Barrier Reef between Natural Earth's reef lines, and the lagoon behind it from the English Caye Channel to Chetumal Bay",
  reason:
    "A barrier reef running the length of Belize, about 300 m offshore in the north and 40 km in the south, meeting the shore at Rocky Point (Encyclopaedia Britannica, 'Belize Barrier Reef'). Ships for Belize City pick up pilots at English Caye, which 'sits alongside the main shipping channel' through the reef, 15 km south-east of the city (Insight Guides Belize, 2019; Pique News Magazine). Natural Earth's 1:10m reef lines draw it only from 16 27N to 17 18N, in three pieces. In the gaps between the pieces and south of them to the Sapodilla Cayes at its southern tip, 16 08 46N 88 16 52W, it is closed as a line 0.3 nm either side, like the reef lines; the Sapodilla Cayes, 14 cays in a J along the reef whose own positions are not published, are closed as a circle of their marine reserve's area, 15,618 ha (Wikipedia, 'Sapodilla Cayes'; Southern Environmental Association: 14 cays, about 125 km2). North of the English Caye Channel the lagoon behind the reef is shallow, 0.15-4.3 m off Caye Caulker (Wikipedia, 'Caye Caulker'), and it is closed whole, with Chetumal Bay behind Ambergris Caye. Its outer edge runs from Goff's Caye, 'almost exactly on the reef's edge' north of the channel at 17 20 56N 88 02 14W (German Wikipedia, 'Goff's Caye'), along the reef 1.6 km east of Caye Caulker, 17 45 33N 88 01 41W (German Wikipedia; Wikivoyage: 1.6 km west of the reef), and about 1 km off Ambergris Caye (a dive guide: 'an average distance of about 1 km'), taken from San Pedro, 17 55 17N 87 57 40W, and from the island's centre, 18 00 50N 87 55 52W, which is 1.6 km wide (Wikipedia, 'Ambergris Caye'), to the Mexican shore at Xcalak, where the reef meets the land; then over the land round Chetumal Bay and down the coast to north of Belize City. From there its inner edge runs to Goff's Caye north of the city's harbour, so the English Caye Channel, the anchorage and the harbour stay open; that line is placed, not charted. The southern lagoon stays open from the Gulf of Honduras and by the English Caye Channel: it has a reef-free inner channel 40-60 ft deep along the shore and the Victoria Channel, 60-100 ft, down its middle (a cruiser's chart notes, sailwahoo.blogspot.com, 2013).",
  polygons: [
    [
      [
        GOFFS_CAYE,
        eastOf(dms(17, 45, 33), -dms(88, 1, 41), 1.6),
        eastOf(dms(17, 55, 17), -dms(87, 57, 40), 1),
        eastOf(dms(18, 0, 50.21), -dms(87, 55, 51.74), 0.8 + 1),
        // On land: the Xcalak peninsula, round the head of Chetumal Bay and down the mainland.
        [-87.82, 18.27],
        [-87.85, 18.6],
        [-88.0, 18.95],
        [-88.35, 18.95],
        [-88.4, 18.3],
        [-88.4, 17.9],
        [-88.35, 17.56],
        [-88.26, 17.53],
        // At sea north of Belize City's harbour, and back to the reef.
        [-88.12, 17.5],
        GOFFS_CAYE,
      ],
    ],
    // One polygon where the reef line meets the Sapodilla circle: the mask's even-odd rule would
    // open their overlap.
    ...mergePolygons([
      ellipse(
        SAPODILLA_CAYES.lat,
        SAPODILLA_CAYES.lon,
        SAPODILLA_RADIUS_KM,
        SAPODILLA_RADIUS_KM,
        0,
      ),
      ...bufferLines(
        [
          // The Sapodilla Cayes to the southern end of Natural Earth's southernmost line, and the
          // gaps between its three lines (their ends, as the layer draws them).
          [
            [SAPODILLA_CAYES.lon, SAPODILLA_CAYES.lat],
            [-88.036352, 16.44941],
          ],
          [
            [-88.071104, 16.72376],
            [-88.043819, 16.895067],
          ],
          [
            [-88.043819, 17.134019],
            [-88.043819, 17.168797],
          ],
        ],
        REEF_HALF_WIDTH_NM,
      ),
    ]),
  ],
};

export const CLOSED_WATERS: readonly ClosedWater[] = [
  ...DRAWN.map(({ polygon, ...w }) => ({ ...w, polygons: [polygon] })),
  BELIZE_BARRIER_REEF,
];

/**
 * Natural Earth's 1:10m reefs layer (public domain) is closed whole, by region: reefs that the
 * coastline does not draw and that routes otherwise cross. The service layer reads the layer
 * (geodata/reefs.ts) and hands each region its lines (reefLinesByRegion); each line becomes a
 * band REEF_HALF_WIDTH_NM either side. The layer is incomplete, so gaps between its lines are
 * not all charted channels.
 */
export interface ReefRegion {
  id: string;
  name: string;
  /** Why ships keep off, beyond the reefs themselves being a danger. */
  note: string;
  /**
   * [west, south, east, north]: the region holds the lines whose bounding boxes lie within.
   * The last region has none and holds every line the others do not.
   */
  box?: readonly [number, number, number, number];
}

export const REEF_REGIONS: readonly ReefRegion[] = [
  {
    // Brisbane to Singapore went straight through the Great Barrier Reef and the Torres Strait
    // islands. The layer has few lines between 14.4S and 20.6S other than the outer reefs, and
    // none south of 23.5S or between 22.5S and 23S.
    id: "coral-sea-reefs",
    name: "Great Barrier Reef, Torres Strait and Coral Sea reefs",
    note: "the Great Barrier Reef and the Torres Strait are a Particularly Sensitive Sea Area (IMO, 1990; extended to the Torres Strait in 2005)",
    box: [141.5, -25, 156, -8.5],
  },
  {
    // Puerto Cortes to the Yucatan Channel cut across the Belize Barrier Reef, and routes from
    // the Yucatan Channel to Florida across the Colorados reefs off western Cuba. The layer has
    // 19 lines here and nothing for the Mosquito Coast, Serrana, Quita Sueno, Turneffe or
    // Lighthouse Reef; routes passed through the gaps between its Belize lines, so the rest of
    // that reef is closed from published positions (belize-barrier-reef).
    id: "caribbean-reefs",
    name: "Caribbean reefs: Belize, Cuba, the northern Bahamas, Serranilla Bank and Bajo Nuevo",
    note: "the layer draws Glover's Reef and the Belize Barrier Reef, the Colorados reefs off western Cuba and the reefs off its south coast, the barrier reefs of the Abaco cays and north of New Providence, and parts of Serranilla Bank and Bajo Nuevo",
    box: [-90, 8, -60, 28],
  },
  {
    // Of 1,000 random voyages, 112 of the layer's lines were crossed outside the two regions
    // above: atolls of the Maldives, the Tuamotus, the Marshall and Caroline Islands, the reefs
    // of New Caledonia, Fiji, Papua New Guinea and the Solomons, the Houtman Abrolhos, Rodrigues.
    id: "reefs-elsewhere",
    name: "Coral reefs and atolls elsewhere: the Red Sea, the Indian Ocean atolls (Maldives, Lakshadweep, Chagos), the Mascarenes, the Indonesian and Philippine seas, Micronesia, Melanesia and Polynesia",
    note: "the layer's reefs outside the Coral Sea and the Caribbean",
  },
];

/** A line of the reefs layer, with the bounding box Natural Earth gives it. */
export interface ReefLine {
  bbox: readonly [number, number, number, number];
  line: ReadonlyArray<readonly [number, number]>;
}

/**
 * Each region's lines, in REEF_REGIONS order: a line goes to the first region whose box holds
 * its bounding box (the last region takes the rest).
 */
export function reefLinesByRegion(lines: readonly ReefLine[]): Array<ReefLine["line"][]> {
  const out = REEF_REGIONS.map((): ReefLine["line"][] => []);
  for (const { bbox, line } of lines) {
    const [x0, y0, x1, y1] = bbox;
    const region = REEF_REGIONS.findIndex(
      (r) => !r.box || (x0 >= r.box[0] && y0 >= r.box[1] && x1 <= r.box[2] && y1 <= r.box[3]),
    );
    out[region]?.push(line);
  }
  return out;
}

/**
 * A reef region as a closed water: its lines, each closed REEF_HALF_WIDTH_NM either side. A band
 * that runs past the antimeridian (three lines end within its half-width of it, two off Vanua
 * Levu) is cut there and its far part wrapped round to the other side.
 */
export function reefWaters(
  region: ReefRegion,
  lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  source: string,
): ClosedWater {
  return {
    id: region.id,
    name: region.name,
    reason: `Coral reefs, drying or awash, a danger to every ship; ${region.note}. Lines from ${source}, each closed ${REEF_HALF_WIDTH_NM} nm either side.`,
    polygons: wrapAtAntimeridian(bufferLines(lines, REEF_HALF_WIDTH_NM)),
  };
}

/**
 * A ring round an ellipse with semi-axes in km, the first along `azimuthDeg` from north: each
 * vertex lies on the ellipse at its own bearing from the centre, measured on the ellipsoid.
 */
function ellipse(
  lat: number,
  lon: number,
  semiMajorKm: number,
  semiMinorKm: number,
  azimuthDeg: number,
): PolygonRings {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < ELLIPSE_POINTS; i++) {
    const t = (2 * Math.PI * i) / ELLIPSE_POINTS;
    const along = semiMajorKm * Math.cos(t);
    const across = semiMinorKm * Math.sin(t);
    const bearing = azimuthDeg + (Math.atan2(across, along) * 180) / Math.PI;
    const p = destination({ lat, lon }, bearing, Math.hypot(along, across) / KM_PER_NM);
    ring.push([p.lon, p.lat]);
  }
  ring.push(ring[0] as [number, number]);
  return [ring];
}

/** The ellipse inside a box of latitudes and longitudes, its axes north-south and east-west. */
function ellipseInBox(south: number, north: number, west: number, east: number): PolygonRings {
  const lat = (south + north) / 2;
  const lon = (west + east) / 2;
  const km = (a: LatLon, b: LatLon) => distanceNm(a, b) * KM_PER_NM;
  return ellipse(
    lat,
    lon,
    km({ lat: south, lon }, { lat: north, lon }) / 2,
    km({ lat, lon: west }, { lat, lon: east }) / 2,
    0,
  );
}

/** The point `km` from (lat, lon) along `bearingDeg`, as [lat, lon]. */
function centreAlong(lat: number, lon: number, bearingDeg: number, km: number): [number, number] {
  const p = destination({ lat, lon }, bearingDeg, km / KM_PER_NM);
  return [p.lat, p.lon];
}

/** The point halfway along the geodesic from a to b, as [lat, lon]. */
function midpoint(a: [number, number], b: [number, number]): [number, number] {
  const p = geodesicMidpoint({ lat: a[0], lon: a[1] }, { lat: b[0], lon: b[1] });
  return [p.lat, p.lon];
}

/** A ring through `corners` ([lat, lon]), each moved `km` outward from their mean. */
function outlineThrough(corners: ReadonlyArray<[number, number]>, km: number): PolygonRings {
  const centre = {
    lat: corners.reduce((s, c) => s + c[0], 0) / corners.length,
    lon: corners.reduce((s, c) => s + c[1], 0) / corners.length,
  };
  const ring = corners.map(([lat, lon]) => {
    const { courseDeg } = distanceAndCourse(centre, { lat, lon });
    const p = destination({ lat, lon }, courseDeg, km / KM_PER_NM);
    return [p.lon, p.lat] as [number, number];
  });
  ring.push(ring[0] as [number, number]);
  return [ring];
}
