import { KM_PER_DEG, type StormTrack } from "./storm-track";

/**
 * Which storms can reach a place at a time: storms bucketed by 6-hour slot, 20-degree latitude
 * band and 15-degree longitude sector (each storm in every bucket its circulation touches), so
 * sampling the weather looks at the one or two storms nearby instead of all of them.
 */

const SLOT_MS = 6 * 3_600_000;
const SECTOR_DEG = 15;
const SECTORS = 360 / SECTOR_DEG;
const BAND_DEG = 20;
const BANDS = 180 / BAND_DEG;
const CELLS = BANDS * SECTORS;

export class StormIndex {
  readonly storms: readonly StormTrack[];
  /** Bucket b holds ids[offsets[b] .. offsets[b + 1]). */
  readonly offsets: Int32Array;
  readonly ids: Int32Array;
  private readonly t0: number;
  private readonly slots: number;

  /** Indexes `storms` for queries at times within [t0, t1]. */
  constructor(storms: readonly StormTrack[], t0: number, t1: number) {
    this.storms = storms;
    this.t0 = t0;
    this.slots = Math.max(1, Math.ceil((t1 - t0) / SLOT_MS));
    const counts = new Int32Array(this.slots * CELLS + 1);
    const visit = (add: (bucket: number, id: number) => void) => {
      const state = new Float64Array(6);
      storms.forEach((storm, id) => {
        const firstSlot = Math.max(0, Math.floor((storm.startMs - t0) / SLOT_MS));
        const lastSlot = Math.min(this.slots - 1, Math.floor((storm.endMs - t0) / SLOT_MS));
        for (let slot = firstSlot; slot <= lastSlot; slot++) {
          const a = Math.max(storm.startMs, t0 + slot * SLOT_MS);
          const b = Math.min(storm.endMs, t0 + (slot + 1) * SLOT_MS);
          storm.stateAt(a, state);
          const latA = state[0] as number;
          const lonA = state[1] as number;
          storm.stateAt(b, state);
          const latB = state[0] as number;
          const lonB = state[1] as number;
          const reachLat = storm.cutoffKm / KM_PER_DEG;
          const b0 = Math.max(0, Math.floor((Math.min(latA, latB) - reachLat + 90) / BAND_DEG));
          const b1 = Math.min(
            BANDS - 1,
            Math.floor((Math.max(latA, latB) + reachLat + 90) / BAND_DEG),
          );
          const poleward = Math.min(89, Math.max(Math.abs(latA), Math.abs(latB)) + reachLat);
          const reachLon = storm.cutoffKm / (KM_PER_DEG * Math.cos((poleward * Math.PI) / 180));
          const west = Math.min(lonA, lonB) - reachLon;
          const east = Math.max(lonA, lonB) + reachLon;
          const s0 = Math.floor((west + 180) / SECTOR_DEG);
          const s1 = Math.floor((east + 180) / SECTOR_DEG);
          const span = Math.min(SECTORS - 1, s1 - s0);
          for (let band = b0; band <= b1; band++) {
            for (let s = 0; s <= span; s++) {
              const sector = (((s0 + s) % SECTORS) + SECTORS) % SECTORS;
              add((slot * BANDS + band) * SECTORS + sector, id);
            }
          }
        }
      });
    };
    visit((bucket) => {
      counts[bucket + 1] = (counts[bucket + 1] as number) + 1;
    });
    for (let i = 1; i < counts.length; i++) {
      counts[i] = (counts[i] as number) + (counts[i - 1] as number);
    }
    this.offsets = counts;
    this.ids = new Int32Array(counts[counts.length - 1] as number);
    const fill = counts.slice(0, -1);
    visit((bucket, id) => {
      const at = fill[bucket] as number;
      this.ids[at] = id;
      fill[bucket] = at + 1;
    });
  }

  /** The bucket for (lat, lon, time), or -1 outside the indexed period. lon in [-180, 180). */
  bucket(lat: number, lon: number, timeMs: number): number {
    const slot = Math.floor((timeMs - this.t0) / SLOT_MS);
    if (slot < 0 || slot >= this.slots) return -1;
    const band = Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEG)));
    const sector = Math.min(SECTORS - 1, Math.max(0, Math.floor((lon + 180) / SECTOR_DEG)));
    return (slot * BANDS + band) * SECTORS + sector;
  }
}
