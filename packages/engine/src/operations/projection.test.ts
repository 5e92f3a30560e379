import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasFigure, type TaxResult } from "../core/tax-result";
import type { CalculationInput } from "../input/calculation-input";
import { calculationInputArb } from "../testing/arbitraries";
import { calculate } from "./calculate";
import { project } from "./projection";

const petrol: CalculationInput = {
  car: {
    catalogPrice: 40000,
    fuel: "Petrol",
    euroStandard: "Euro6",
    kilowatt: 110,
    wltp: 130,
    nedC2: 0,
    capacity: 1498,
    firstRegistration: "2025-03-01",
  },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
  options: { registrationDate: "2025-03-01" },
};

const projected = (input: CalculationInput, options: Parameters<typeof project>[1] = {}) => {
  const outcome = project(input, options);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome;
};

const calculated = (input: CalculationInput): readonly TaxResult[] => {
  const outcome = calculate(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.results;
};

const key = (r: TaxResult) => `${r.calculator}:${r.year}`;
const byKey = (results: readonly TaxResult[]) => new Map(results.map((r) => [key(r), r]));

describe("project", () => {
  it("answers the registration tax once and the recurring taxes every year, 4 years by default", () => {
    const { years } = projected(petrol);
    expect(years.map((y) => y.year)).toEqual([2025, 2026, 2027, 2028]);
    expect(years[0]?.results.map((r) => r.calculator)).toEqual([
      "RoadTax",
      "YearlyTax",
      "BenefitInKind",
      "FiscalDeduction",
      "RejectedExpenses",
      "CO2Contribution",
    ]);
    for (const year of years.slice(1)) expect(year.results.map((r) => r.calculator)).not.toContain("RoadTax");
  });

  it("never extrapolates by default: a year without published rules is rulesNotAvailable, never a figure", () => {
    const { years } = projected(petrol, { years: 10 });
    const last = years[9];
    expect(last?.year).toBe(2034);
    // The BIK and CO2 contribution need yearly figures (reference CO2, health index) not published for 2034.
    for (const calculator of ["BenefitInKind", "CO2Contribution"]) {
      expect(last?.unavailableLines.find((l) => l.viewOption === calculator)?.outcome).toBe(
        "rulesNotAvailable",
      );
      expect(last?.lines.find((l) => l.viewOption === calculator)).toBeUndefined();
    }
    for (const year of years)
      for (const result of year.results) expect(result.assumedRulesYear).toBeUndefined();
  });

  it("with assumeLatestRules, a year without rules applies the latest published year's and says which", () => {
    const plain = projected(petrol, { years: 10 });
    const assumed = projected(petrol, { years: 10, assumeLatestRules: true });
    const last = assumed.years[9];
    expect(last?.unavailableLines).toEqual([]);
    for (const line of (last?.lines ?? []).filter((l) => l.assumedRulesYear !== undefined)) {
      const plainResult = plain.years[9]?.results.find((r) => r.calculator === line.viewOption);
      expect(plainResult?.outcome).toBe("rulesNotAvailable");
      expect(line.assumedRulesYear).toBeLessThan(2034);
      expect(line.provisional).toBe(true);
      expect(line.description).toContain(`rules of ${line.assumedRulesYear}`);
    }
    // The assumed year is the latest with published rules: the year after it has none in the plain projection.
    const bik = last?.lines.find((l) => l.viewOption === "BenefitInKind");
    expect(bik?.assumedRulesYear).toBeDefined();
    const assumedYear = bik?.assumedRulesYear as number;
    const plainOf = (year: number) =>
      plain.years.find((y) => y.year === year)?.results.find((r) => r.calculator === "BenefitInKind");
    expect(hasFigure(plainOf(assumedYear) as TaxResult)).toBe(true);
    expect(plainOf(assumedYear + 1)?.outcome).toBe("rulesNotAvailable");
  });

  it("keeps the car's age: the BIK under assumed rules falls with the age coefficient, the law stays that of the assumed year", () => {
    const { years } = projected(petrol, { years: 10, assumeLatestRules: true });
    const bik = years.map((y) => y.results.find((r) => r.calculator === "BenefitInKind") as TaxResult);
    const assumed = bik.filter((r) => r.assumedRulesYear !== undefined);
    expect(assumed.length).toBeGreaterThan(1);
    for (const r of assumed) {
      expect(r.explanation.notes).toContain("assumedRules");
      expect(r.evaluationDate.slice(0, 4)).toBe(String(r.year));
    }
    // Age coefficient: 6 % less a year, floor 70 % (WIB 92 art. 36 § 2): never more than the year before.
    for (let i = 1; i < assumed.length; i++) {
      expect((assumed[i] as TaxResult).amount).toBeLessThanOrEqual((assumed[i - 1] as TaxResult).amount);
    }
  });

  it("applies the assumed year's law to the real car: the same figures as that year's own lines for a car of the same age", () => {
    // Registered in 2028 (no published rules): under the 2026 law, a new car's registration tax is
    // the 2026 registration's, and its second-year BIK (13th month) the 2026 BIK of a car registered in 2025.
    const in2028 = {
      ...petrol,
      car: { ...petrol.car, firstRegistration: null },
      options: { registrationDate: "2028-03-01" },
    };
    const plain = projected(in2028, { years: 2 });
    expect(plain.years[0]?.results.find((r) => r.calculator === "RoadTax")?.outcome).toBe(
      "rulesNotAvailable",
    );
    const assumed = projected(in2028, { years: 2, assumeLatestRules: true });
    const roadTax = assumed.years[0]?.results.find((r) => r.calculator === "RoadTax") as TaxResult;
    const bik = assumed.years[1]?.results.find((r) => r.calculator === "BenefitInKind") as TaxResult;
    expect([roadTax.assumedRulesYear, bik.assumedRulesYear]).toEqual([2026, 2026]);
    const in2026 = calculated({ ...in2028, options: { registrationDate: "2026-03-01" } });
    expect(roadTax.amount).toBe(in2026.find((r) => r.calculator === "RoadTax")?.amount);
    const in2025 = calculated({ ...in2028, options: { registrationDate: "2025-03-01" } });
    expect(bik.amount).toBe(in2025.find((r) => r.calculator === "BenefitInKind" && r.year === 2026)?.amount);
  });

  it("rejects years outside 1..10 and a non-boolean assumeLatestRules, naming the field and rule", () => {
    for (const years of [0, 11, 2.5]) {
      const outcome = project(petrol, { years });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(outcome.issues).toContainEqual(
          expect.objectContaining({ field: "options.years", rule: "range" }),
        );
    }
    const outcome = project(petrol, { assumeLatestRules: "yes" as unknown as boolean });
    expect(outcome.ok ? [] : outcome.issues).toContainEqual(
      expect.objectContaining({ field: "options.assumeLatestRules", rule: "type" }),
    );
  });

  it("property: every total is the sum of its yearly figures (the mean for the deduction's percentage)", () => {
    fc.assert(
      fc.property(
        calculationInputArb,
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (input, years, assume) => {
          const outcome = projected(input, { years, assumeLatestRules: assume });
          for (const total of outcome.totals) {
            const results = outcome.years
              .flatMap((y) => y.results)
              .filter((r) => r.calculator === total.viewOption);
            const figures = results.filter(hasFigure).map((r) => r.amount);
            const lines = outcome.years
              .flatMap((y) => y.lines)
              .filter((l) => l.viewOption === total.viewOption);
            expect(lines.map((l) => l.rawValue)).toEqual(figures);
            const sum = figures.reduce((a, b) => a + b, 0);
            const expected =
              figures.length === 0 ? null : total.aggregate === "mean" ? sum / figures.length : sum;
            if (expected === null) expect(total.rawValue).toBeNull();
            else {
              // A total is given to the cent: within half a cent of the exact sum or mean (a mean
              // of 8.125 % is 8.13, which toBeCloseTo(…, 2) refused by a float's hair).
              const value = total.rawValue as number;
              expect(Math.abs(value - expected)).toBeLessThanOrEqual(0.005 + 1e-9);
              expect(Math.round(value * 100) / 100).toBe(value);
            }
            expect(total.aggregate).toBe(total.viewOption === "FiscalDeduction" ? "mean" : "sum");
            expect(total.complete).toBe(figures.length === results.length);
            expect(results.length).toBe(total.viewOption === "RoadTax" ? 1 : years);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("property: years 1 and 2 are exactly what calculate answers", () => {
    fc.assert(
      fc.property(calculationInputArb, fc.integer({ min: 2, max: 10 }), (input, years) => {
        const outcome = projected(input, { years });
        const fromProjection = outcome.years.slice(0, 2).flatMap((y) => y.results);
        const fromCalculate = calculated(input);
        expect(fromProjection.length).toBe(fromCalculate.length);
        const mine = byKey(fromProjection);
        for (const result of fromCalculate) expect(mine.get(key(result))).toEqual(result);
      }),
      { numRuns: 60 },
    );
  });

  it("property: assumeLatestRules changes only lines without published rules, and marks each it changes", () => {
    fc.assert(
      fc.property(calculationInputArb, (input) => {
        const plain = byKey(projected(input, { years: 10 }).years.flatMap((y) => y.results));
        for (const result of projected(input, { years: 10, assumeLatestRules: true }).years.flatMap(
          (y) => y.results,
        )) {
          const before = plain.get(key(result)) as TaxResult;
          if (result.assumedRulesYear === undefined) expect(result).toEqual(before);
          else {
            expect(before.outcome).toBe("rulesNotAvailable");
            expect(result.assumedRulesYear).toBeLessThan(result.year);
            expect(result.explanation.notes).toContain("assumedRules");
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
