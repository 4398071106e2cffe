import { describe, expect, it } from "vitest";
import {
  beaufortFromKnots,
  directionCoefficient,
  kwonApplies,
  MAX_SPEED_LOSS,
  smallCraftSpeedLossFraction,
  smallCraftSpeedLossKts,
  speedLossFraction,
} from "./speed-loss";

const bulker = { length_m: 225, block_coefficient: 0.85, displacement_t: 90_000 };
const feeder = { length_m: 120, block_coefficient: 0.65, displacement_t: 9_000 };

describe("Kwon (2008) speed loss", () => {
  it("maps wind to the Beaufort scale (force 7 is 28-33 kt)", () => {
    expect(Math.round(beaufortFromKnots(30))).toBe(7);
    expect(Math.round(beaufortFromKnots(10))).toBe(3);
    expect(beaufortFromKnots(200)).toBe(12);
  });

  it("loses nothing in calm water", () => {
    expect(speedLossFraction(feeder, 14, 0, 0)).toBe(0);
  });

  it("loses most in head seas and least in following seas", () => {
    const head = speedLossFraction(bulker, 14, 25, 0);
    const bow = speedLossFraction(bulker, 14, 25, 45);
    const beam = speedLossFraction(bulker, 14, 25, 90);
    const following = speedLossFraction(bulker, 14, 25, 180);
    expect(head).toBeGreaterThan(bow);
    expect(bow).toBeGreaterThan(beam);
    expect(beam).toBeGreaterThan(following);
    expect(directionCoefficient(0, 6)).toBe(1);
    expect(directionCoefficient(-20, 6)).toBe(directionCoefficient(20, 6));
  });

  it("grows with the wind and hurts a small ship more than a large one", () => {
    const at = (kts: number) => speedLossFraction(bulker, 14, kts, 0);
    expect(at(15)).toBeLessThan(at(20));
    expect(at(20)).toBeLessThan(at(25));
    expect(speedLossFraction(feeder, 14, 15, 0)).toBeGreaterThan(
      speedLossFraction(bulker, 14, 15, 0),
    );
  });

  it("stays a fraction below the cap even in a hurricane", () => {
    const loss = speedLossFraction(
      { length_m: 12, block_coefficient: 0.4, displacement_t: 8 },
      6,
      90,
      0,
    );
    expect(loss).toBe(MAX_SPEED_LOSS);
    expect(speedLossFraction(bulker, 14, 25, 0)).toBeGreaterThan(0);
    expect(speedLossFraction(bulker, 14, 25, 0)).toBeLessThan(0.2);
  });
});

describe("small craft outside Kwon's range", () => {
  const motorYacht = { length_m: 25, block_coefficient: 0.45, displacement_t: 113 };

  it("are told apart from the displacement ships Kwon's fits are for", () => {
    expect(kwonApplies(bulker)).toBe(true);
    expect(kwonApplies(feeder)).toBe(true);
    expect(kwonApplies(motorYacht)).toBe(false);
    expect(kwonApplies({ length_m: 32, block_coefficient: 0.55 })).toBe(false); // a tug
  });

  it("a 25 m motor yacht at 14 kn in Beaufort 5 (2 m seas) loses a few per cent to a quarter, not 80%", () => {
    // Kwon's form coefficient at this displacement runs into the cap.
    expect(speedLossFraction(motorYacht, 14, 19, 0)).toBe(MAX_SPEED_LOSS);
    for (const angle of [0, 45, 90, 135, 180]) {
      const loss = smallCraftSpeedLossFraction(14, 2, angle);
      expect(loss, `${angle} off the bow`).toBeGreaterThan(0.02);
      expect(loss, `${angle} off the bow`).toBeLessThan(0.25);
    }
    expect(smallCraftSpeedLossFraction(14, 2, 0)).toBeGreaterThan(
      smallCraftSpeedLossFraction(14, 2, 90),
    );
    expect(smallCraftSpeedLossFraction(14, 2, 90)).toBeGreaterThan(
      smallCraftSpeedLossFraction(14, 2, 180),
    );
  });

  it("lose knots by the square of the wave height, nothing in calm water", () => {
    expect(smallCraftSpeedLossKts(0, 0)).toBe(0);
    expect(smallCraftSpeedLossKts(4, 0) / smallCraftSpeedLossKts(2, 0)).toBeCloseTo(4, 10);
    expect(smallCraftSpeedLossKts(2, 0)).toBeCloseTo(0.0248 * (2 / 0.3048) ** 2, 10);
    expect(smallCraftSpeedLossFraction(6, 9, 0)).toBe(MAX_SPEED_LOSS);
  });
});
