import { describe, expect, it } from "vitest";
import {
  froudeScale,
  POLAR_TWA,
  polarSpeedKts,
  REFERENCE_LENGTH_M,
  REFERENCE_MAX_KTS,
  REFERENCE_POLAR,
  referencePolarKts,
} from "./sailing-polar";

const RAD = Math.PI / 180;

describe("the reference polar (ORC Club Certificate 000251)", () => {
  it("returns the table's boat speeds exactly at its points", () => {
    for (const row of REFERENCE_POLAR) {
      POLAR_TWA.forEach((twa, i) => {
        expect(referencePolarKts(twa, row.tws), `${row.tws} kt at ${twa}`).toBe(row.speeds[i]);
        expect(referencePolarKts(-twa, row.tws)).toBe(row.speeds[i]); // either tack
      });
    }
    expect(referencePolarKts(110, 12)).toBe(7.33);
    expect(referencePolarKts(120, 20)).toBe(8.57);
  });

  it("tacks closer to the wind than the beat angle: beat VMG / cos(TWA) along the course", () => {
    const r12 = REFERENCE_POLAR[3];
    expect(r12?.tws).toBe(12);
    expect(referencePolarKts(0, 12)).toBeCloseTo(4.51, 10); // dead upwind: the beat VMG
    expect(referencePolarKts(30, 12)).toBeCloseTo(4.51 / Math.cos(30 * RAD), 10);
    // At the beat angle itself, the boat's speed there (no jump into the table's range).
    expect(referencePolarKts(40.7, 12)).toBeCloseTo(4.51 / Math.cos(40.7 * RAD), 10);
    expect(referencePolarKts(46, 12)).toBeGreaterThan(4.51 / Math.cos(40.7 * RAD));
    expect(referencePolarKts(46, 12)).toBeLessThan(6.61);
  });

  it("gybes deeper than the gybe angle: run VMG / cos(180 - TWA)", () => {
    expect(referencePolarKts(180, 12)).toBeCloseTo(5.47, 10);
    expect(referencePolarKts(170, 12)).toBeCloseTo(5.47 / Math.cos(10 * RAD), 10);
    // 6 kt: the gybe angle (141.1) is shallower than 150, so deeper courses gybe on the 150 point.
    expect(referencePolarKts(165, 6)).toBeCloseTo(
      (3.49 * Math.cos(30 * RAD)) / Math.cos(15 * RAD),
      10,
    );
  });

  it("interpolates between winds, holds the 20 kt row above it and scales to nothing in calm", () => {
    expect(referencePolarKts(90, 13)).toBeCloseTo((7.27 + 7.47) / 2, 10);
    expect(referencePolarKts(90, 35)).toBe(8.03);
    expect(referencePolarKts(90, 3)).toBeCloseTo(5.25 / 2, 10);
    expect(referencePolarKts(90, 0)).toBe(0);
    expect(REFERENCE_MAX_KTS).toBe(8.57);
  });

  it("scales to the yacht's length by Froude similarity", () => {
    expect(froudeScale(REFERENCE_LENGTH_M)).toBe(1);
    expect(polarSpeedKts(48, 90, 12)).toBeCloseTo(2 * 7.27, 10); // four times as long: twice as fast
    expect(polarSpeedKts(12.5, 110, 12)).toBeCloseTo(7.33 * Math.sqrt(12.5 / 12), 10);
  });
});
