import { describe, expect, it } from "vitest";
import {
  beaufortFromKnots,
  directionCoefficient,
  MAX_SPEED_LOSS,
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
