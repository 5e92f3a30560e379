import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiscalHorsepower } from "./fiscal-horsepower";

/**
 * The regions' lookup table (regional reference §1.1, SYSBO cv.json; checked against the legal
 * formula at every boundary): the highest capacity of each CV class up to 20 CV.
 */
const TABLE: readonly [number, number][] = [
  [750, 4],
  [950, 5],
  [1150, 6],
  [1350, 7],
  [1550, 8],
  [1750, 9],
  [1950, 10],
  [2150, 11],
  [2350, 12],
  [2550, 13],
  [2750, 14],
  [3050, 15],
  [3250, 16],
  [3450, 17],
  [3650, 18],
  [3950, 19],
  [4150, 20],
];

describe("fiscal horsepower", () => {
  it("matches the legal table at every boundary (last cc of a class and first cc of the next)", () => {
    for (const [lastCc, cv] of TABLE) {
      expect(fiscalHorsepower(lastCc)).toBe(cv);
      expect(fiscalHorsepower(lastCc + 1)).toBe(cv + 1);
    }
    expect(fiscalHorsepower(1)).toBe(1);
    expect(fiscalHorsepower(600)).toBe(4);
  });

  it("follows the formula above 4,150 cc (4,395 cc → 44 dl → 17.6 + 4.0 → 22 CV)", () => {
    expect(fiscalHorsepower(4395)).toBe(22);
    expect(fiscalHorsepower(6000)).toBe(29);
  });

  it("never decreases when the capacity grows", () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 8000 }), fc.integer({ min: 0, max: 2000 }), (cc, extra) => {
        expect(fiscalHorsepower(cc + extra)).toBeGreaterThanOrEqual(fiscalHorsepower(cc));
      }),
    );
  });
});
