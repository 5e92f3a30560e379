import { describe, expect, it } from "vitest";
import { dec, int, toEuros } from "../../core/exact";
import { bikByFormula, bikCo2Percent } from "./benefit-in-kind";
import { bikLawAt } from "./parameters";

// The statutory constants of art. 36 § 2 (unchanged since 2012) as the parameter files hold them.
const formula = bikLawAt("2025-01-01");
if (!formula) throw new Error("bik.co2Percent / bik.privateShare missing");

/**
 * The published BIK examples of the reference (federal.md §7, example 10) use reference emissions
 * of 2013–2018, outside the engine's 2021+ tables; they check the formula itself with the
 * reference CO2 of their year. Catalogue values in these examples already include VAT.
 */
describe("BIK formula against published examples", () => {
  const bik = (catalogue: number, agePercent: number, co2: number, reference: number) =>
    toEuros(
      bikByFormula(
        dec(catalogue),
        agePercent,
        bikCo2Percent(int(co2), reference, formula.percent),
        formula.privateShare,
      ),
    );

  it("new petrol car 30,000 EUR, 125 g/km, 2013 (reference 116): 6.4 % → 1,645.71", () => {
    // techniquartz.be / robafisk.be print 1,645.70: they truncate; the cent rounding gives 1,645.71.
    expect(bik(30000, 100, 125, 116)).toBe(1645.71);
  });

  it("the same car in 2014 (reference 112): 6.8 % → 1,748.57; one year old (94 %) → 1,643.66", () => {
    // techniquartz.be: "≈ 2 EUR less than 2013" for the one-year-old car (1,645.71 − 1,643.66).
    expect(bik(30000, 100, 125, 112)).toBe(1748.57);
    expect(bik(30000, 94, 125, 112)).toBe(1643.66);
  });

  it("new petrol car 40,000 EUR, 125 g/km, 2014 → 2,331.43 (stuytsaccounting.be)", () => {
    expect(bik(40000, 100, 125, 112)).toBe(2331.43);
  });

  it("new diesel 35,000 EUR, 120 g/km, 2017 (reference 87): 8.8 % → 2,640 (claeysengels.be)", () => {
    expect(bik(35000, 100, 120, 87)).toBe(2640);
  });

  it("new petrol 100,000 EUR, 183 g/km, 2018 (reference 105) → 11,400 (fdmagazine.be)", () => {
    expect(bik(100000, 100, 183, 105)).toBe(11400);
  });

  it("clamps the percentage to 4 % and 18 %", () => {
    expect(toEuros(bikCo2Percent(int(0), 70, formula.percent))).toBe(4);
    expect(toEuros(bikCo2Percent(int(400), 58, formula.percent))).toBe(18);
  });
});
