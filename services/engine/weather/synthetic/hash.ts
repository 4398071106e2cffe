/**
 * Hashing for seeds and lattice addresses. Randomness itself always comes from the engine's
 * Mulberry32 (`../../random`); these functions only turn names and integer coordinates into
 * well-mixed 32-bit numbers.
 */

/** FNV-1a, 32-bit (Fowler, Noll and Vo, 1991): a string to a 32-bit unsigned integer. */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** MurmurHash3's 32-bit finaliser (Appleby, 2008): every input bit affects every output bit. */
export function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit seed from names and numbers, e.g. seedFrom("gefs", cycleMs, member). Numbers are
 * written out in full (a cycle time in milliseconds does not fit 32 bits), so the same parts
 * always give the same seed and different parts almost always a different one.
 */
export function seedFrom(...parts: Array<string | number>): number {
  return fmix32(fnv1a32(parts.map(String).join("\u001f")));
}
