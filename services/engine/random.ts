/**
 * The engine's one source of randomness: Mulberry32 (Tommy Ettinger, 2017), a small, fast 32-bit
 * generator. Everything random takes a seed, so the same inputs give the same answer.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
