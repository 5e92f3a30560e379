import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "./calculate";
import type { CalculationInput } from "./calculation-input";
import { toCalculationLines } from "./calculation-line";
import { LANGUAGES } from "./enums";
import { hasFigure } from "./tax-result";
import { calculationInputArb } from "./testing/arbitraries";

const results = (input: CalculationInput) => {
  const outcome = calculate(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.results;
};

// Citroën C3 1.2 of the Walloon reform example (81 kW, WLTP 120), without its maximum authorised mass.
const walloonWithoutWeight: CalculationInput = {
  car: {
    catalogPrice: 18000,
    firstRegistration: "2025-09-01",
    fuel: "Petrol",
    euroStandard: "Euro6",
    kilowatt: 81,
    wltp: 120,
    nedC2: 0,
    capacity: 1199,
  },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Wallonia" },
  options: { registrationDate: "2025-09-01" },
};

describe("lines without a figure never read as zero tax", () => {
  it("a Walloon registration tax without weight is missingInput naming `weight`, outside `lines`", () => {
    for (const language of LANGUAGES) {
      const { lines, unavailableLines } = toCalculationLines(results(walloonWithoutWeight), language);
      expect(lines.some((l) => l.viewOption === "RoadTax")).toBe(false);
      const road = unavailableLines.find((l) => l.viewOption === "RoadTax");
      expect(road).toMatchObject({
        outcome: "missingInput",
        missingFields: ["weight"],
        year: 2025,
        hasUrl: true,
      });
      expect(road).not.toHaveProperty("value");
      expect(road).not.toHaveProperty("rawValue");
      expect(road?.reason).toContain("weight");
    }
  });

  it("the benefit in kind of a year whose rules are not published is rulesNotAvailable, with its reason", () => {
    const input: CalculationInput = {
      ...walloonWithoutWeight,
      car: { ...walloonWithoutWeight.car, weight: 1570, firstRegistration: "2026-03-01" },
      options: { registrationDate: "2026-03-01" },
    };
    const { lines, unavailableLines } = toCalculationLines(results(input), "en");
    expect(lines.find((l) => l.viewOption === "BenefitInKind" && l.year === 2027)).toBeUndefined();
    expect(unavailableLines.find((l) => l.viewOption === "BenefitInKind" && l.year === 2027)).toMatchObject({
      outcome: "rulesNotAvailable",
      reason: "The rules for this year are not published yet.",
    });
    expect(unavailableLines.find((l) => l.outcome === "rulesNotAvailable")).not.toHaveProperty(
      "missingFields",
    );
  });

  it("a private person's federal taxes are notApplicable, not lines of 0.00", () => {
    const input: CalculationInput = {
      ...walloonWithoutWeight,
      car: { ...walloonWithoutWeight.car, weight: 1570 },
      profile: { status: "Private", registrationOn: "PrivateRegistration", region: "Wallonia" },
    };
    const { lines, unavailableLines } = toCalculationLines(results(input), "fr");
    expect(lines.map((l) => l.viewOption).sort()).toEqual(["RoadTax", "YearlyTax", "YearlyTax"]);
    expect(unavailableLines).toHaveLength(8);
    for (const line of unavailableLines) {
      expect(line.outcome).toBe("notApplicable");
      expect(line.reason).toBe("Non applicable à une personne privée.");
    }
  });

  it("an exemption stays a line with a true zero", () => {
    // Flemish BIV of a battery-electric car registered up to 31 Dec 2025: exempt (VCF art. 2.3.6.0.2).
    const input: CalculationInput = {
      car: {
        catalogPrice: 40000,
        firstRegistration: "2025-06-01",
        fuel: "Electric",
        euroStandard: "Euro6",
        kilowatt: 150,
        wltp: 0,
        nedC2: 0,
      },
      profile: { status: "Private", registrationOn: "PrivateRegistration", region: "Flanders" },
      options: { registrationDate: "2025-06-01" },
      viewOptions: 1,
    };
    const { lines, unavailableLines } = toCalculationLines(results(input), "en");
    expect(unavailableLines).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ outcome: "exempt", rawValue: 0, value: "0.00 €" })]);
  });

  it("holds for any calculation: figures in lines, every other result in unavailableLines, none lost", () => {
    fc.assert(
      fc.property(calculationInputArb, fc.constantFrom(...LANGUAGES), (input, language) => {
        const outcome = calculate(input);
        if (!outcome.ok) return;
        const { lines, unavailableLines } = toCalculationLines(outcome.results, language);
        expect(lines.length + unavailableLines.length).toBe(outcome.results.length);
        expect(lines).toHaveLength(outcome.results.filter(hasFigure).length);
        for (const line of lines) {
          expect(["amount", "exempt"]).toContain(line.outcome);
          if (line.outcome === "exempt") expect(line.rawValue).toBe(0);
        }
        for (const line of unavailableLines) {
          expect(["missingInput", "notApplicable", "rulesNotAvailable"]).toContain(line.outcome);
          expect(line.reason.length).toBeGreaterThan(0);
          expect(Object.keys(line)).not.toContain("rawValue");
          if (line.outcome === "missingInput") expect(line.missingFields?.length).toBeGreaterThan(0);
          else expect(line).not.toHaveProperty("missingFields");
        }
      }),
      { numRuns: 300 },
    );
  });
});
