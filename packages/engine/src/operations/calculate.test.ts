import { describe, expect, it } from "vitest";
import { toCalculationLine } from "../explanation/calculation-line";
import type { CalculationInput } from "../input/calculation-input";
import { calculate } from "./calculate";

const diesel: CalculationInput = {
  car: {
    catalogPrice: 30000,
    firstRegistration: "2020-05-01",
    fuel: "Diesel",
    euroStandard: "Euro6",
    kilowatt: 100,
    nedC2: 151,
    capacity: 1968,
  },
  profile: {
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    region: "Brussels",
    hasFuelCard: true,
  },
  options: { registrationDate: "2022-01-10", orderDate: "2020-03-01" },
};

const ok = (input: CalculationInput) => {
  const outcome = calculate(input);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.results;
};

describe("calculate", () => {
  it("returns RoadTax once and the recurring taxes for the year and the next, in ViewOptions order", () => {
    const lines = ok(diesel).map((r) => `${r.calculator}:${r.year}`);
    expect(lines).toEqual([
      "RoadTax:2022",
      "YearlyTax:2022",
      "YearlyTax:2023",
      "BenefitInKind:2022",
      "BenefitInKind:2023",
      "FiscalDeduction:2022",
      "FiscalDeduction:2023",
      "RejectedExpenses:2022",
      "RejectedExpenses:2023",
      "CO2Contribution:2022",
      "CO2Contribution:2023",
    ]);
  });

  it("takes viewOptions as the bitmask, a flag name, or flags joined by commas (docs/contract.md, Enumerations)", () => {
    const kinds = (viewOptions: number | string) => [
      ...new Set(ok({ ...diesel, viewOptions } as unknown as CalculationInput).map((r) => r.calculator)),
    ];
    expect(kinds("YearlyTax")).toEqual(["YearlyTax"]);
    expect(kinds("RoadTax, CO2Contribution")).toEqual(["RoadTax", "CO2Contribution"]);
    expect(kinds("RoadTax,32")).toEqual(["RoadTax", "CO2Contribution"]);
    expect(kinds(33)).toEqual(["RoadTax", "CO2Contribution"]);
    for (const wrong of ["roadtax", "RoadTax,", "Bik", -1, 1.5, "9999999999"]) {
      const outcome = calculate({ ...diesel, viewOptions: wrong } as CalculationInput);
      expect(outcome.ok, String(wrong)).toBe(false);
      if (!outcome.ok)
        expect(outcome.issues[0]).toMatchObject({ field: "userProfile.viewOptions", rule: "enum" });
    }
  });

  it("runs only the calculators of the viewOptions bitmask", () => {
    const lines = ok({ ...diesel, viewOptions: 4 | 32 }).map((r) => r.calculator);
    expect(new Set(lines)).toEqual(new Set(["BenefitInKind", "CO2Contribution"]));
  });

  it("explains a rejected expense with the BIK it is computed on, then its own rate", () => {
    const rejected = ok({ ...diesel, viewOptions: 16 })[0];
    expect(rejected?.explanation.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["referenceCo2.diesel", "ageCoefficient", "rate"]),
    );
    expect(rejected?.explanation.parameters.find((p) => p.name === "rate")?.value).toBe(40);
    expect(rejected?.explanation.notes.at(-1)).toBe("fuelCard");
    // The explanation travels with the result when it is serialised.
    expect(JSON.parse(JSON.stringify(rejected)).explanation.parameters.length).toBeGreaterThan(3);
  });

  it("marks a 2026 BIK provisional only when the unconfirmed 1,690 minimum decides it", () => {
    const ev: CalculationInput = {
      car: { catalogPrice: 30000, fuel: "Electric", euroStandard: "NA", kilowatt: 150, nedC2: 0, wltp: 0 },
      profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
      options: { registrationDate: "2026-02-01" },
    };
    // 30,000 × 1.21 × 6/7 × 4 % = 1,244.57 < 1,690: the minimum applies.
    const [cheap] = ok({ ...ev, viewOptions: 4 });
    expect(cheap).toMatchObject({ outcome: "amount", amount: 1690, provisional: true });
    // 80,000 × 1.21 × 6/7 × 4 % = 3,318.86 > 1,690: the minimum plays no part.
    const [dear] = ok({ ...ev, car: { ...ev.car, catalogPrice: 80000 }, viewOptions: 4 });
    expect(dear).toMatchObject({ outcome: "amount", amount: 3318.86, provisional: false });
  });

  it("answers invalid input with typed issues instead of throwing", () => {
    const outcome = calculate({ ...diesel, options: { registrationDate: "2029-01-01" } });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toContainEqual(
      expect.objectContaining({ field: "options.registrationDate", rule: "range" }),
    );
  });

  it("describes a line in the chosen language and formats the value with its unit", () => {
    const [deduction] = ok({ ...diesel, viewOptions: 8 });
    if (!deduction) throw new Error("no line");
    // 120 − 151 < 50: the 50 % floor of the ordinary regime.
    expect(toCalculationLine(deduction, "fr")).toMatchObject({
      name: "Déductibilité fiscale",
      value: "50\u202F%",
      rawValue: 50,
    });
    const [co2] = ok({ ...diesel, viewOptions: 32 });
    if (!co2) throw new Error("no line");
    // Securex 2022: 85.54 EUR/month → 1,026.48 EUR/year.
    expect(toCalculationLine(co2, "nl")).toMatchObject({
      value: "1.026,48 €",
      rawValue: 1026.48,
      hasUrl: true,
    });
    expect(toCalculationLine(co2, "nl")).toMatchObject({ description: expect.stringContaining("werknemer") });
    expect(toCalculationLine(co2, "en")).toMatchObject({ value: "1,026.48 €" });
    expect(toCalculationLine(co2, "fr")).toMatchObject({ value: "1\u202F026,48\u202F€" });
  });
});
