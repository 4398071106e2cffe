/**
 * A value and every object in it, made read-only (plain data: arrays and records; typed arrays,
 * which cannot be frozen, are left as they are). For values a cache hands to every caller.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    if (ArrayBuffer.isView(value)) return value;
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
