/**
 * A file's bytes as a typed array, for the cache files that keep typed arrays as their raw bytes
 * (land masks, landmark sets): a view of the bytes where they are aligned for the type (a large
 * file read whole has a buffer of its own, offset 0), else a copy made in one block.
 */
export type TypedArrayOf<T> = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  new (length: number): T;
  BYTES_PER_ELEMENT: number;
};

export function typedArrayOf<T extends Float32Array | Float64Array | Uint32Array | Uint8Array>(
  Type: TypedArrayOf<T>,
  bytes: Buffer,
): T {
  const n = bytes.length / Type.BYTES_PER_ELEMENT;
  if (bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0) {
    return new Type(bytes.buffer, bytes.byteOffset, n);
  }
  const out = new Type(n);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
