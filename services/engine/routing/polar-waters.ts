import type { LatLon } from "../geo/types";

/**
 * Polar waters: the grid routes every water up to POLAR_LIMIT_DEG of latitude, and beyond it only
 * inside the windows below. Sea ice is not modelled (no ice data yet: the scores carry the
 * season's ice hazard and the Polar Code check), so what stays shut is what would open a transit
 * the router cannot judge: the Northern Sea Route and the Northwest Passage, thousands of miles
 * shorter than Suez or Panama between northern Europe and north-east Asia or the Pacific coast
 * of America, and ice-bound, or open only to ice-class ships with permits, most of the year. Each window is a dead end towards the pole, so it adds ports,
 * never a shortcut: Sabetta (Yamal LNG) and the Gulf of Ob, Dikson, Svalbard, north-east
 * Greenland, Pond Inlet and north-west Greenland.
 *
 * The south stays at the limit: Natural Earth's land does not draw the ice shelves, so the Ross
 * and Weddell Seas would run on over the Ross and Filchner-Ronne shelves as open water.
 */
export const POLAR_LIMIT_DEG = 72;

export interface PolarWindow {
  id: string;
  name: string;
  /** Longitudes from westLon eastward to eastLon (westLon < eastLon; no window spans 180). */
  westLon: number;
  eastLon: number;
  /** Northern latitude up to which the window is routed. */
  maxLat: number;
  /** Why the window ends where it does. */
  reason: string;
}

export const POLAR_WINDOWS: readonly PolarWindow[] = [
  {
    id: "barents-kara",
    name: "Greenland, Norwegian, Barents and Kara Seas",
    westLon: -30,
    eastLon: 98,
    maxLat: 80,
    reason:
      "Closed at 98E, short of the Vilkitsky and Shokalsky Straits round Severnaya Zemlya (the " +
      "Northern Sea Route into the Laptev Sea, 100-106E at 77.7-79.3N on Natural Earth's coast), " +
      "and at 80N, short of the Arctic Ocean north of Svalbard, Franz Josef Land and Severnaya " +
      "Zemlya. Greenland closes it to the west.",
  },
  {
    id: "baffin-bay",
    name: "Baffin Bay",
    westLon: -79,
    eastLon: -45,
    maxLat: 78,
    reason:
      "Closed at 79W, inside the mouths of Lancaster Sound (74N) and Jones Sound (76N), the " +
      "Northwest Passage's ways west, and at 78N, at Smith Sound, the way north through Nares " +
      "Strait.",
  },
];

/** Whether the grid routes water at this position (its latitude, or a window). */
export function isRoutedLatitude(
  p: LatLon,
  limitDeg: number,
  windows: readonly PolarWindow[],
): boolean {
  if (Math.abs(p.lat) <= limitDeg) return true;
  return windows.some(
    (w) => p.lat > 0 && p.lat <= w.maxLat && p.lon >= w.westLon && p.lon <= w.eastLon,
  );
}

/**
 * Which of a refused route's ends lie in polar waters the grid does not route (POLAR_WINDOWS),
 * as a note for the message and a detail: without it, Resolute in the Northwest Passage would
 * read as a harbour cut off from the sea.
 */
export function unroutedPolarEnds(ends: ReadonlyArray<readonly [string, LatLon]>): {
  note: string;
  details: { unrouted_polar_waters?: string[] };
} {
  const unrouted = ends
    .filter(([, p]) => !isRoutedLatitude(p, POLAR_LIMIT_DEG, POLAR_WINDOWS))
    .map(([which]) => which);
  if (unrouted.length === 0) return { note: "", details: {} };
  const windows = POLAR_WINDOWS.map((w) => w.name).join("; ");
  return {
    note: `; the ${unrouted.join(" and the ")} ${unrouted.length > 1 ? "lie" : "lies"} in polar waters beyond ${POLAR_LIMIT_DEG}° that are not routed (no ice data; routed beyond ${POLAR_LIMIT_DEG}°N only in: ${windows})`,
    details: { unrouted_polar_waters: unrouted },
  };
}
