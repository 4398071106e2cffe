import { KM_PER_DEG } from "./storm-track";

/**
 * A coarse climatology of surface currents (going TO): the western boundary currents as jets
 * along their mean paths, and the broad zonal currents as bands. Static (no seasons, no eddies),
 * sampled on a 0.5 degree grid so the ~100 km wide jets keep their peak speed.
 *
 * Speeds are typical published core surface speeds, rounded down a little for a climatological
 * mean: Florida Current / Gulf Stream core 1.5-2 m/s (Stommel, 1965, "The Gulf Stream"; Leaman
 * et al., 1987, JGR 92), Kuroshio 1.5 m/s (Qiu, 2001, Encyclopedia of Ocean Sciences), Agulhas
 * 1.5-2 m/s (Lutjeharms, 2006, "The Agulhas Current"), East Australian Current ~1 m/s (Ridgway
 * and Godfrey, 1997), equatorial currents 0.3-0.6 m/s and the Antarctic Circumpolar Current's
 * surface ~0.3 m/s (Talley et al., 2011, "Descriptive Physical Oceanography"). Not modelled: the
 * monsoon-reversing Somali Current (up to 2 m/s in summer), tides, eddies.
 */

const CURRENT_GRID_DEG = 0.5;
const NLAT = 180 / CURRENT_GRID_DEG + 1;
const NLON = 360 / CURRENT_GRID_DEG;

interface Jet {
  readonly id: string;
  /** Path as [lat, lon] points in the direction of flow. */
  readonly path: ReadonlyArray<readonly [number, number]>;
  /** Core speed at each point of the path, knots. */
  readonly coreKts: readonly number[];
  /** e-folding half-width across the stream, km. */
  readonly widthKm: number;
}

const JETS: readonly Jet[] = [
  {
    id: "florida-current-gulf-stream",
    path: [
      [24.4, -82.5],
      [24.6, -80.6],
      [25.6, -79.9],
      [27.5, -79.8],
      [30.5, -80.0],
      [32.5, -78.6],
      [35.0, -75.2],
      [37.0, -71.5],
      [38.5, -67.0],
      [39.5, -62.0],
      [40.5, -55.0],
      [41.5, -50.0],
      [43.0, -45.0],
    ],
    coreKts: [2.5, 3.3, 3.5, 3.5, 3.3, 3.3, 3.2, 3.0, 2.6, 2.2, 1.8, 1.5, 1.2],
    widthKm: 55,
  },
  {
    id: "north-atlantic-current",
    path: [
      [43.0, -45.0],
      [47.0, -40.0],
      [51.0, -32.0],
      [54.0, -22.0],
      [58.0, -12.0],
    ],
    coreKts: [1.2, 0.9, 0.7, 0.5, 0.4],
    widthKm: 150,
  },
  {
    id: "kuroshio",
    path: [
      [18.5, 122.8],
      [22.0, 121.8],
      [24.5, 122.7],
      [27.0, 126.5],
      [29.5, 130.0],
      [31.5, 133.0],
      [33.2, 136.0],
      [34.5, 139.5],
      [35.3, 142.0],
      [35.5, 146.0],
      [35.5, 152.0],
      [36.0, 160.0],
    ],
    coreKts: [1.5, 2.0, 2.6, 2.8, 2.9, 3.0, 3.0, 2.8, 2.4, 2.0, 1.5, 1.0],
    widthKm: 60,
  },
  {
    id: "agulhas",
    path: [
      [-25.0, 35.5],
      [-28.5, 32.8],
      [-31.0, 30.5],
      [-33.5, 27.5],
      [-35.5, 24.0],
      [-37.5, 20.5],
      [-39.5, 18.5],
      [-40.2, 22.0],
      [-40.5, 28.0],
      [-41.0, 35.0],
      [-42.0, 45.0],
    ],
    coreKts: [2.0, 3.0, 3.4, 3.5, 3.2, 2.6, 2.0, 1.8, 1.5, 1.2, 0.8],
    widthKm: 70,
  },
  {
    id: "east-australian-current",
    path: [
      [-22.0, 155.0],
      [-25.0, 154.0],
      [-28.0, 153.9],
      [-31.0, 153.4],
      [-33.5, 152.3],
      [-35.5, 151.5],
    ],
    coreKts: [1.0, 1.6, 2.0, 2.0, 1.6, 1.0],
    widthKm: 60,
  },
  {
    id: "brazil-current",
    path: [
      [-15.0, -38.0],
      [-22.0, -40.0],
      [-28.0, -46.5],
      [-35.0, -52.0],
      [-38.0, -54.0],
    ],
    coreKts: [0.6, 1.0, 1.2, 1.0, 0.8],
    widthKm: 80,
  },
];

/** Broad zonal currents: [centre lat, half-width deg (e-folding), eastward knots (negative = westward), west lon, east lon]. */
const BANDS: ReadonlyArray<readonly [number, number, number, number, number]> = [
  // South Equatorial Current, westward across the Pacific and Atlantic.
  [-1, 4, -1.0, 140, 280],
  [-1, 4, -0.9, -40, 10],
  // North Equatorial Countercurrent, eastward at 5-8 N.
  [6.5, 1.8, 0.7, 140, 270],
  [6.5, 1.8, 0.5, -45, -10],
  // North Equatorial Current, westward at 10-20 N.
  [14, 4, -0.4, 130, 250],
  [15, 4, -0.3, -60, -20],
  // Indian Ocean South Equatorial Current.
  [-14, 4, -0.6, 50, 110],
  // Antarctic Circumpolar Current, eastward all round.
  [-52, 6, 0.6, -180, 180],
];

function bandWeightLon(lon: number, west: number, east: number): number {
  let l = lon;
  if (l < west) l += 360;
  const inside = Math.min(l - west, east - l);
  if (inside <= 0) return 0;
  return inside >= 8 ? 1 : (1 - Math.cos((Math.PI * inside) / 8)) / 2;
}

/** A jet's segments with their bounding box (plus reach), for quick rejection. */
interface PreparedJet {
  readonly jet: Jet;
  readonly south: number;
  readonly north: number;
  readonly west: number;
  readonly east: number;
}

function prepare(jet: Jet): PreparedJet {
  const lats = jet.path.map((p) => p[0]);
  const lons = jet.path.map((p) => p[1]);
  const reachLat = (3 * jet.widthKm) / KM_PER_DEG;
  const maxAbsLat = Math.max(...lats.map(Math.abs)) + reachLat;
  const reachLon = (3 * jet.widthKm) / (KM_PER_DEG * Math.cos((maxAbsLat * Math.PI) / 180));
  return {
    jet,
    south: Math.min(...lats) - reachLat,
    north: Math.max(...lats) + reachLat,
    west: Math.min(...lons) - reachLon,
    east: Math.max(...lons) + reachLon,
  };
}

const PREPARED_JETS = JETS.map(prepare);

/**
 * The nearest segment of `jet` within its reach of (lat, lon), if nearer than `nearestKm`: writes
 * [distance km, eastward kts, northward kts] into out and returns true.
 */
function nearestJetFlow(
  jet: Jet,
  lat: number,
  lon: number,
  nearestKm: number,
  out: Float64Array,
): boolean {
  let found = false;
  let best = Math.min(nearestKm, 3 * jet.widthKm);
  for (let s = 0; s + 1 < jet.path.length; s++) {
    const a = jet.path[s] as readonly [number, number];
    const b = jet.path[s + 1] as readonly [number, number];
    const cos = Math.cos((((a[0] + b[0]) / 2) * Math.PI) / 180);
    const ex = (b[1] - a[1]) * KM_PER_DEG * cos;
    const ey = (b[0] - a[0]) * KM_PER_DEG;
    const len2 = ex * ex + ey * ey;
    const px = (lon - a[1]) * KM_PER_DEG * cos;
    const py = (lat - a[0]) * KM_PER_DEG;
    const f = Math.min(1, Math.max(0, (px * ex + py * ey) / len2));
    const dx = px - f * ex;
    const dy = py - f * ey;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d >= best) continue;
    const v0 = jet.coreKts[s] as number;
    const v1 = jet.coreKts[s + 1] as number;
    const speed = (v0 + (v1 - v0) * f) * Math.exp(-((d / jet.widthKm) ** 2));
    const len = Math.sqrt(len2);
    best = d;
    found = true;
    out[0] = d;
    out[1] = (speed * ex) / len;
    out[2] = (speed * ey) / len;
  }
  return found;
}

/** Eastward flow of the zonal bands at (lat, lon), knots. */
function bandFlow(lat: number, lon: number): number {
  let u = 0;
  for (let i = 0; i < BANDS.length; i++) {
    const band = BANDS[i] as readonly [number, number, number, number, number];
    const w = bandWeightLon(lon, band[3], band[4]);
    if (w > 0) u += band[2] * w * Math.exp(-(((lat - band[0]) / band[1]) ** 2));
  }
  return u;
}

/**
 * The current at (lat, lon) from the definitions (eastward, northward knots into out[0], out[1]):
 * the nearest jet segment's flow where a jet reaches (jets replace the far weaker bands), the sum
 * of the bands elsewhere. lon in [-180, 180).
 */
export function currentAt(lat: number, lon: number, out: Float64Array): void {
  const hit = new Float64Array(3);
  let nearest = Number.POSITIVE_INFINITY;
  for (const p of PREPARED_JETS) {
    if (lat < p.south || lat > p.north || lon < p.west || lon > p.east) continue;
    if (nearestJetFlow(p.jet, lat, lon, nearest, hit)) {
      nearest = hit[0] as number;
      out[0] = hit[1] as number;
      out[1] = hit[2] as number;
    }
  }
  if (nearest < Number.POSITIVE_INFINITY) return;
  out[0] = bandFlow(lat, lon);
  out[1] = 0;
}

export class CurrentGrid {
  /** Eastward and northward speed, knots, interleaved. */
  private readonly uv = new Float32Array(NLAT * NLON * 2);
  /** Strongest current anywhere on the grid, knots. */
  readonly maxKts: number;

  /** The grid holds currentAt at its nodes: bands everywhere, then each jet over its own box. */
  constructor() {
    const uv = this.uv;
    for (let iy = 0; iy < NLAT; iy++) {
      const lat = -90 + iy * CURRENT_GRID_DEG;
      for (let ix = 0; ix < NLON; ix++) {
        uv[(iy * NLON + ix) * 2] = bandFlow(lat, -180 + ix * CURRENT_GRID_DEG);
      }
    }
    const nearest = new Float32Array(NLAT * NLON).fill(Number.POSITIVE_INFINITY);
    const hit = new Float64Array(3);
    for (const p of PREPARED_JETS) {
      const y0 = Math.max(0, Math.ceil((p.south + 90) / CURRENT_GRID_DEG));
      const y1 = Math.min(NLAT - 1, Math.floor((p.north + 90) / CURRENT_GRID_DEG));
      const x0 = Math.max(0, Math.ceil((p.west + 180) / CURRENT_GRID_DEG));
      const x1 = Math.min(NLON - 1, Math.floor((p.east + 180) / CURRENT_GRID_DEG));
      for (let iy = y0; iy <= y1; iy++) {
        const lat = -90 + iy * CURRENT_GRID_DEG;
        for (let ix = x0; ix <= x1; ix++) {
          const cell = iy * NLON + ix;
          if (
            !nearestJetFlow(p.jet, lat, -180 + ix * CURRENT_GRID_DEG, nearest[cell] as number, hit)
          )
            continue;
          nearest[cell] = hit[0] as number;
          uv[cell * 2] = hit[1] as number;
          uv[cell * 2 + 1] = hit[2] as number;
        }
      }
    }
    let max = 0;
    for (let i = 0; i < uv.length; i += 2)
      max = Math.max(max, Math.hypot(uv[i] as number, uv[i + 1] as number));
    this.maxKts = max;
  }

  /** Current at (lat, lon) into out[at] (speed, knots) and out[at + 1] (direction going TO, deg). */
  sample(lat: number, lon: number, out: Float64Array, at: number): void {
    const y = Math.min(NLAT - 1.000001, Math.max(0, (lat + 90) / CURRENT_GRID_DEG));
    const x = (lon + 180) / CURRENT_GRID_DEG;
    const iy = Math.floor(y);
    const ixf = Math.floor(x);
    const wy = y - iy;
    const wx = x - ixf;
    const ix0 = ((ixf % NLON) + NLON) % NLON;
    const ix1 = ix0 + 1 === NLON ? 0 : ix0 + 1;
    const g = this.uv;
    const a = (iy * NLON + ix0) * 2;
    const b = (iy * NLON + ix1) * 2;
    const c = ((iy + 1) * NLON + ix0) * 2;
    const d = ((iy + 1) * NLON + ix1) * 2;
    const w00 = (1 - wy) * (1 - wx);
    const w01 = (1 - wy) * wx;
    const w10 = wy * (1 - wx);
    const w11 = wy * wx;
    const u =
      w00 * (g[a] as number) +
      w01 * (g[b] as number) +
      w10 * (g[c] as number) +
      w11 * (g[d] as number);
    const v =
      w00 * (g[a + 1] as number) +
      w01 * (g[b + 1] as number) +
      w10 * (g[c + 1] as number) +
      w11 * (g[d + 1] as number);
    out[at] = Math.sqrt(u * u + v * v);
    out[at + 1] = directionDeg(u, v);
  }
}

/** Compass direction (deg true, 0 = north) of the vector (east, north). */
export function directionDeg(east: number, north: number): number {
  if (east === 0 && north === 0) return 0;
  const d = (Math.atan2(east, north) * 180) / Math.PI;
  return d < 0 ? d + 360 : d;
}
