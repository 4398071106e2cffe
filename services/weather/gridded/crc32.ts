/**
 * CRC-32 as in zlib, PNG and Ethernet (reflected polynomial 0xEDB88320, initial and final XOR
 * 0xFFFFFFFF; ITU-T V.42, 1994, section 8.1.1.6.2), table-driven. Check value: crc32("123456789")
 * = 0xCBF43926. Node's zlib.crc32 is only in Node 22+, and this runs on Node 20.
 */

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    crc = (TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
