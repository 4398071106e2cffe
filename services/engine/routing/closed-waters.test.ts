import { describe, expect, it } from "vitest";
import { dms } from "../compliance/shapes";
import { destination, METRES_PER_NM } from "../geo/geodesic";
import { buildLandMask } from "../geo/land-mask";
import type { LatLon } from "../geo/types";
import { CLOSED_WATERS } from "./closed-waters";

/** Nautical miles per kilometre, for `destination`. */
const KM = 1000 / METRES_PER_NM;
/** Degrees and minutes, as the sources give positions. */
const dm = dms;

function closes(id: string, p: LatLon): boolean {
  const water = CLOSED_WATERS.find((w) => w.id === id);
  if (water === undefined) throw new Error(`no closed water ${id}`);
  return buildLandMask(water.polygons, { source: id }).isLand(p);
}

describe("closed waters drawn from published positions", () => {
  // Each outline must hold the positions its `reason` cites, and not much more: a point a few
  // kilometres beyond the published extent stays open.
  it("Lihou Reef: the centre, the lagoon along 059 to the beacon off the eastern tip", () => {
    const centre = { lat: -dm(17, 25), lon: dm(151, 40) };
    expect(closes("lihou-reef", centre)).toBe(true);
    expect(closes("lihou-reef", destination(centre, 59, 55 * KM))).toBe(true);
    expect(closes("lihou-reef", destination(centre, 239, 55 * KM))).toBe(true);
    // 30 km lagoon: 15 km either side of the axis is inside, 25 km is not.
    expect(closes("lihou-reef", destination(centre, 149, 15 * KM))).toBe(true);
    expect(closes("lihou-reef", destination(centre, 329, 25 * KM))).toBe(false);
    expect(closes("lihou-reef", destination(centre, 59, 62 * KM))).toBe(false);
  });

  it("Saumarez Reefs: North East Cay, South East Elbow and South West Cay", () => {
    for (const [lat, lon] of [
      [dm(21, 38), dm(153, 46)],
      [dm(21, 55), dm(153, 35)],
      [dm(21, 50), dm(153, 30)],
    ] as const) {
      expect(closes("saumarez-reefs", { lat: -lat, lon }), `${lat},${lon}`).toBe(true);
    }
    // 10 km west of South West Cay is open water.
    expect(closes("saumarez-reefs", { lat: -dm(21, 50), lon: dm(153, 30) - 0.095 })).toBe(false);
  });

  it("Frederick Reefs: the North Cay light and Observatory Cay", () => {
    expect(closes("frederick-reefs", { lat: -dm(20, 56.1), lon: dm(154, 24) })).toBe(true);
    expect(closes("frederick-reefs", { lat: -dm(21, 2), lon: dm(154, 23) })).toBe(true);
    expect(closes("frederick-reefs", { lat: -dm(20, 58), lon: dm(154, 30) })).toBe(false);
  });

  it("Cato Reef: Cato Island and Hutchison Rock", () => {
    expect(closes("cato-reef", { lat: -dm(23, 15), lon: dm(155, 32) })).toBe(true);
    expect(closes("cato-reef", { lat: -dm(23, 15), lon: dm(155, 36) })).toBe(true);
    expect(closes("cato-reef", { lat: -dm(23, 22), lon: dm(155, 34) })).toBe(false);
  });

  it("Cay Sal Bank: its rim positions, and the channels round it open", () => {
    for (const [lat, lon] of [
      [dm(23, 42), dm(80, 24)], // Cay Sal
      [dms(23, 57, 12.6), dms(80, 26, 42)], // Elbow Cay light
      [dms(23, 59, 26), dms(80, 20, 26)], // Water Cays
      [dms(24, 1, 30), dms(80, 20, 30)], // Marion Rock
      [dm(24, 4), dm(79, 51)], // Dog Rocks
      [dm(23, 29.34), dm(79, 30.96)], // Anguilla Cays
      [dm(23, 50), dm(80, 5)], // the lagoon
    ] as const) {
      expect(closes("cay-sal-bank", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    // The Nicholas Channel south of the rim, the Santaren Channel east, the Straits of Florida
    // north-west.
    expect(closes("cay-sal-bank", { lat: dm(23, 25), lon: -dm(80, 0) })).toBe(false);
    expect(closes("cay-sal-bank", { lat: dm(23, 50), lon: -dm(79, 15) })).toBe(false);
    expect(closes("cay-sal-bank", { lat: dm(24, 12), lon: -dm(80, 30) })).toBe(false);
  });

  it("Great Bahama Bank: the Tongue of the Ocean cut out along Andros, open only to the north", () => {
    for (const [lat, lon] of [
      [24.0, 77.0], // the bank at NASA's photo centre, "generally less than three meters deep"
      [24.6, 78.2], // the bank west of Andros
      [23.8, 77.4], // south of the cut: the trench's southern end stays closed
      [24.3, 77.1], // the trench's eastern half stays closed
    ] as const) {
      expect(closes("great-bahama-bank", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    for (const [lat, lon] of [
      [24.73, 77.68], // off Andros Town and Fresh Creek
      [24.2, 77.45], // off Mangrove Cay
      [23.9, 77.41], // the cut's southern end
      [25.1, 77.8], // the trench's mouth between Andros and New Providence
      [25.3, 77.8], // south-east of Chub Cay, where the trench opens
    ] as const) {
      expect(closes("great-bahama-bank", { lat, lon: -lon }), `${lat},${lon}`).toBe(false);
    }
  });

  it("Miskito Cays: the reserve's 40 km circle about the archipelago's centre", () => {
    const centre = { lat: dm(14, 23), lon: -dm(82, 46) };
    expect(closes("miskito-cays", centre)).toBe(true);
    for (const bearing of [0, 90, 180, 270]) {
      expect(closes("miskito-cays", destination(centre, bearing, 38 * KM)), `${bearing}`).toBe(
        true,
      );
      expect(closes("miskito-cays", destination(centre, bearing, 43 * KM)), `${bearing}`).toBe(
        false,
      );
    }
  });

  it("Little Bahama Bank: the bank north of Grand Bahama closed; Freeport, the channels and the Atlantic open", () => {
    for (const [lat, lon] of [
      [dm(26, 54.88), dm(78, 37.36)], // a cruiser's anchorage at Mangrove Cay, mid-bank
      [dm(27, 10), dm(79, 0)], // inside White Sand Ridge
      [dm(27, 0), dm(78, 0)], // between Walker's Cay and Little Abaco
      [dm(26, 45), dm(78, 30)], // north of Grand Bahama
    ] as const) {
      expect(closes("little-bahama-bank", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    for (const [lat, lon] of [
      [26.51, 78.77], // Freeport harbour, on Grand Bahama's south coast
      [26.45, 78.4], // the Northwest Providence Channel
      [26.95, 79.3], // the Straits of Florida off Memory Rock
      [27.35, 78.4], // north of Walker's Cay
      [26.54, 76.9], // the Atlantic off Hope Town
      [26.3, 77.4], // the Bight of Abaco, left open
    ] as const) {
      expect(closes("little-bahama-bank", { lat, lon: -lon }), `${lat},${lon}`).toBe(false);
    }
  });

  it("Turneffe Atoll: Caye Bokel, the western reef and the Mauger Caye light; the channel inside it open", () => {
    for (const [lat, lon] of [
      [dm(17, 10.47), dm(87, 53.77)], // off the lodge on Caye Bokel
      [dm(17, 19.163), dm(87, 57.603)], // where a yacht crossed the western reef
      [dms(17, 36, 26), dms(87, 46, 21)], // the Mauger Caye light
      [17.4, 87.83], // the Southern Lagoon
    ] as const) {
      expect(closes("turneffe-atoll", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    // The deep channel between the atoll and the barrier reef, off Goff's Caye; and the open sea
    // between Turneffe and Lighthouse Reef.
    expect(closes("turneffe-atoll", { lat: 17.32, lon: -88.0 })).toBe(false);
    expect(closes("turneffe-atoll", { lat: 17.4, lon: -87.66 })).toBe(false);
  });

  it("Lighthouse Reef: 35 km north to south and 8 km wide about the Great Blue Hole", () => {
    const blueHole = { lat: dms(17, 18, 55), lon: -dms(87, 32, 4) };
    expect(closes("lighthouse-reef", blueHole)).toBe(true);
    for (const [bearing, km, closed] of [
      [0, 16, true],
      [180, 16, true],
      [90, 3.5, true],
      [270, 3.5, true],
      [0, 19, false],
      [90, 5.5, false],
    ] as const) {
      expect(closes("lighthouse-reef", destination(blueHole, bearing, km * KM)), `${bearing}`).toBe(
        closed,
      );
    }
  });

  it("Belize Barrier Reef: the undrawn reef and the northern lagoon closed; the English Caye Channel and Belize City open", () => {
    for (const [lat, lon] of [
      [dms(16, 8, 46), dms(88, 16, 52)], // the Sapodilla Cayes
      [16.3, 88.16], // the reef between them and Natural Earth's southernmost line
      [16.81, 88.057], // between its first and second lines (South Water Caye)
      [17.15, 88.044], // between its second and third lines
      [17.76, 88.05], // the lagoon off Caye Caulker
      [18.0, 87.92], // between Ambergris Caye's shore and its reef
      [18.2, 87.9], // Bacalar Chico, where the coastline leaves a gap
      [18.5, 88.1], // Chetumal Bay
    ] as const) {
      expect(closes("belize-barrier-reef", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    for (const [lat, lon] of [
      [17.33, 88.05], // the English Caye Channel
      [17.45, 88.15], // the anchorage off Belize City
      [17.49, 88.19], // the harbour
      [16.7, 88.2], // the southern lagoon, left open
      [17.76, 87.99], // outside the reef off Caye Caulker
      [18.0, 87.88], // outside the reef off Ambergris Caye
    ] as const) {
      expect(closes("belize-barrier-reef", { lat, lon: -lon }), `${lat},${lon}`).toBe(false);
    }
  });

  it("Banco Chinchorro: the ellipse inside its published box; the channel to the coast open", () => {
    for (const [lat, lon] of [
      [dm(18, 35), dm(87, 20)], // Ramsar site 1353
      [18.75, 87.342], // near its northern limit (18 47N)
      [18.583, 87.25], // near its eastern limit (87 14W)
    ] as const) {
      expect(closes("banco-chinchorro", { lat, lon: -lon }), `${lat},${lon}`).toBe(true);
    }
    for (const [lat, lon] of [
      [18.583, 87.5], // between it and the coast, where ships pass
      [18.83, 87.342], // north of 18 47N
      [18.583, 87.18], // east of 87 14W
    ] as const) {
      expect(closes("banco-chinchorro", { lat, lon: -lon }), `${lat},${lon}`).toBe(false);
    }
  });

  it("The middle Rio de la Plata: its shallows closed; Montevideo's approach and the upper estuary open", () => {
    for (const [lat, lon] of [
      [34.9, 57.2], // mid-estuary, between Montevideo and La Plata
      [35.0, 57.13], // el Codillo, on the dredged channel, which is a passage across it
      [35.3, 57.05], // off Punta Piedras
      [34.6, 57.5], // off the Uruguayan coast east of Colonia
    ] as const) {
      expect(closes("rio-de-la-plata-middle", { lat: -lat, lon: -lon }), `${lat},${lon}`).toBe(
        true,
      );
    }
    for (const [lat, lon] of [
      [34.95, 56.2], // Montevideo's approach
      [35.03, 55.85], // the Recalada pilot station
      [34.6, 58.2], // the upper estuary off Buenos Aires
      [34.47, 57.95], // off Colonia
      [34.8, 57.88], // off La Plata's port
    ] as const) {
      expect(closes("rio-de-la-plata-middle", { lat: -lat, lon: -lon }), `${lat},${lon}`).toBe(
        false,
      );
    }
  });

  it("Banco Ingles: 10 nm north to south from 10 nm south of Isla de Flores; the Recalada open", () => {
    const flores = { lat: -dm(34, 56, 50), lon: -dm(55, 56, 14) };
    for (const nm of [11, 15, 19]) {
      expect(closes("banco-ingles", destination(flores, 180, nm)), `${nm} nm south`).toBe(true);
    }
    for (const p of [
      flores,
      destination(flores, 180, 8), // between the island and the bank
      destination(flores, 180, 22), // south of it
      { lat: -dm(35, 2), lon: -dm(55, 51) }, // the Recalada, which ships leave north of the bank
      destination(destination(flores, 180, 15), 90, 4), // 4 nm east of its middle
    ]) {
      expect(closes("banco-ingles", p), `${p.lat},${p.lon}`).toBe(false);
    }
  });

  it("Dauis Strait: closed below Tagbilaran's port, the port's approach from the north-west open", () => {
    expect(closes("dauis-strait", { lat: 9.63, lon: 123.875 })).toBe(true);
    expect(closes("dauis-strait", { lat: 9.62, lon: 123.89 })).toBe(true);
    expect(closes("dauis-strait", { lat: 9.645, lon: 123.852 })).toBe(false);
    expect(closes("dauis-strait", { lat: 9.66, lon: 123.84 })).toBe(false);
  });
});
