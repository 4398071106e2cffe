import type { SeaConditions } from "../../engine/weather/types";
import { REANALYSIS_VARIABLES, storedValue } from "./port";

/**
 * Reanalysis rows in ClickHouse's RowBinary format, the table's column order: time (DateTime:
 * UInt32 seconds), lat, lon, the ten variables (Float32, rounded as stored), synthetic (UInt8),
 * source (String: LEB128 length + UTF-8). Binary rather than text: a year is ~9 million rows, and
 * formatting them as text cost more than generating them.
 */
export class ReanalysisRowWriter {
  private readonly source: Uint8Array;
  private readonly rowBytes: number;

  constructor(
    source: string,
    private readonly synthetic: boolean,
  ) {
    const bytes = new TextEncoder().encode(source);
    const length: number[] = [];
    for (let n = bytes.length; ; n >>>= 7) {
      if (n < 0x80) {
        length.push(n);
        break;
      }
      length.push((n & 0x7f) | 0x80);
    }
    this.source = new Uint8Array([...length, ...bytes]);
    this.rowBytes = 4 + 4 * (2 + REANALYSIS_VARIABLES.length) + 1 + this.source.length;
  }

  /** One buffer holding `count` rows, filled by `row(i)`. */
  encode(
    count: number,
    row: (i: number) => { timeMs: number; lat: number; lon: number; c: SeaConditions },
  ): Uint8Array {
    const buf = new Uint8Array(count * this.rowBytes);
    const view = new DataView(buf.buffer);
    let o = 0;
    for (let i = 0; i < count; i++) {
      const { timeMs, lat, lon, c } = row(i);
      view.setUint32(o, Math.floor(timeMs / 1000), true);
      view.setFloat32(o + 4, lat, true);
      view.setFloat32(o + 8, lon, true);
      o += 12;
      for (const v of REANALYSIS_VARIABLES) {
        view.setFloat32(o, storedValue(c[v]), true);
        o += 4;
      }
      buf[o++] = this.synthetic ? 1 : 0;
      buf.set(this.source, o);
      o += this.source.length;
    }
    return buf;
  }
}
