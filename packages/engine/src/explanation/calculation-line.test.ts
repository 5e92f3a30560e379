import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Region } from "../core/enums";
import { hasFigure } from "../core/tax-result";
import type { CalculationInput } from "../input/calculation-input";
import { calculate } from "../operations/calculate";
import { calculationInputArb } from "../testing/arbitraries";
import { toCalculationLines } from "./calculation-line";

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
    // The 2027 reference CO2 and minimum are published by royal decree late in 2026 or early 2027:
    // the parameter files end with 2026, and the line names both instead of "the rules".
    const bik2027 = unavailableLines.find((l) => l.viewOption === "BenefitInKind" && l.year === 2027);
    expect(bik2027).toMatchObject({ outcome: "rulesNotAvailable" });
    expect([...(bik2027?.missingParameters ?? [])].sort()).toEqual(["bik.minimum", "bik.referenceCo2"]);
    expect(bik2027?.reason).toMatch(/^Not yet published for 2027: /);
    expect(bik2027?.reason).toContain("the minimum benefit in kind");
    expect(bik2027?.reason).toContain("the reference CO2 emissions of the benefit in kind");
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

describe("descriptions say how a figure was reached", () => {
  it("every line with a figure (amount or exempt) has a non-empty description in every language", () => {
    fc.assert(
      fc.property(calculationInputArb, (input) => {
        const outcome = calculate(input);
        if (!outcome.ok) return;
        for (const language of LANGUAGES) {
          for (const line of toCalculationLines(outcome.results, language).lines) {
            expect(line.description, `${line.viewOption} ${line.year} ${language}`).toMatch(/\S/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("names the main values of the formula, written for the language", () => {
    // The reform example of walloonWithoutWeight, with its mass: MB(81 kW), CO2 120 g/km WLTP, 1,570 kg.
    const input: CalculationInput = {
      ...walloonWithoutWeight,
      car: { ...walloonWithoutWeight.car, weight: 1570 },
    };
    const en = toCalculationLines(results(input), "en").lines;
    const bik = en.find((l) => l.viewOption === "BenefitInKind" && l.year === 2025);
    // catalogue value = 18,000 × 1.21 (art. 36 §2 WIB 92: VAT included).
    expect(bik?.description).toMatch(
      /^Catalogue value 21,780\.00 €, age coefficient 100 %, private-use share 6\/7, CO2 120 g\/km \(WLTP\), CO2 percentage [\d.]+ %/,
    );
    expect(en.find((l) => l.viewOption === "RoadTax")?.description).toContain(
      "CO2 120 g/km (WLTP), power 81 kW, maximum authorised mass 1570 kg",
    );
    const fr = toCalculationLines(results(input), "fr").lines;
    expect(fr.find((l) => l.viewOption === "BenefitInKind")?.description).toMatch(
      /^Valeur catalogue 21\u202F780,00\u202F€/,
    );
    const nl = toCalculationLines(results(input), "nl").lines;
    expect(nl.find((l) => l.viewOption === "RejectedExpenses")?.description).toMatch(
      /^Voordeel van alle aard [\d.]+,\d\d €, percentage 17 %\./,
    );
  });

  it("writes a Flemish Euro class as people do, in each language", () => {
    const flemish: CalculationInput = {
      ...walloonWithoutWeight,
      profile: { ...walloonWithoutWeight.profile, region: "Flanders" },
    };
    const road = (language: "en" | "nl" | "fr") =>
      toCalculationLines(results(flemish), language).lines.find((l) => l.viewOption === "RoadTax")
        ?.description;
    expect(road("en")).toContain("emission standard Euro 6");
    expect(road("nl")).toContain("emissienorm Euro 6");
    expect(road("fr")).toContain("norme d'émission Euro 6");
    expect(road("en")).not.toContain("euro6");
  });

  // Two hand-computed vectors of test-vectors/benefit-in-kind/2025.json (art. 36 §2 WIB 92), whose
  // derivations give each value the description must name.
  const bikVector = (id: string, car: CalculationInput["car"], registrationDate: string, region: Region) =>
    ({
      id,
      input: {
        car,
        profile: {
          status: "SelfEmployed",
          registrationOn: id === "BIK-2025-009" ? "LeasingCompanyRegistration" : "CompanyRegistration",
          region,
          hasFuelCard: id === "BIK-2025-009",
        },
        options: { registrationDate },
      },
    }) satisfies { id: string; input: CalculationInput };

  it("a BIK above its minimum names catalogue value, age coefficient, private-use share, CO2 percentage and the minimum (BIK-2025-001)", () => {
    // Derivation: catalogue value 40000 × 1.21 = 48400; month 1 → 100 %; WLTP 130 g/km; CO2 % 5.5 +
    // (130 − 59) × 0.1 = 12.6 %; minimum 2025 1650, not reached (5227.20).
    const { input } = bikVector(
      "BIK-2025-001",
      {
        catalogPrice: 40000,
        fuel: "Diesel",
        euroStandard: "Euro6",
        kilowatt: 110,
        wltp: 130,
        nedC2: 0,
        capacity: 1968,
      },
      "2025-01-15",
      "Brussels",
    );
    const line = toCalculationLines(results(input), "en").lines.find(
      (l) => l.viewOption === "BenefitInKind" && l.year === 2025,
    );
    expect(line?.rawValue).toBe(5227.2);
    expect(line?.description).toMatch(
      /^Catalogue value 48,400\.00 €, age coefficient 100 %, private-use share 6\/7, CO2 130 g\/km \(WLTP\), CO2 percentage 12\.6 %, yearly minimum \(not reached\) 1,650\.00 €\./,
    );
    const nl = toCalculationLines(results(input), "nl").lines.find((l) => l.viewOption === "BenefitInKind");
    expect(nl?.description).toMatch(
      /^Cataloguswaarde 48\.400,00 €, leeftijdscoëfficiënt 100 %, aandeel privégebruik 6\/7, CO2 130 g\/km \(WLTP\), CO2-percentage 12,6 %/,
    );
    const fr = toCalculationLines(results(input), "fr").lines.find((l) => l.viewOption === "BenefitInKind");
    expect(fr?.description).toMatch(
      /^Valeur catalogue 48\u202F400,00\u202F€, coefficient d'âge 100\u202F%, part d'usage privé 6\/7, CO2 130 g\/km \(WLTP\), pourcentage CO2 12,6\u202F%/,
    );
  });

  it("a BIK at its minimum names the values and the minimum that applies (BIK-2025-009)", () => {
    // Derivation: catalogue value 35000 × 1.21 = 42350; month 13 → 94 %; WLTP 35 g/km; CO2 % 3.1 %
    // clamped to 4 %; formula 1364.88 below the 2025 minimum 1650 → 1650.00.
    const { input } = bikVector(
      "BIK-2025-009",
      {
        catalogPrice: 35000,
        fuel: "PluginHybridDiesel",
        euroStandard: "Euro6",
        kilowatt: 140,
        wltp: 35,
        nedC2: 0,
        capacity: 1950,
        weight: 2100,
        batteryCapacity: 17,
      },
      "2024-09-01",
      "Flanders",
    );
    const line = toCalculationLines(results(input), "en").lines.find(
      (l) => l.viewOption === "BenefitInKind" && l.year === 2025,
    );
    expect(line?.rawValue).toBe(1650);
    expect(line?.description).toMatch(
      /^Catalogue value 42,350\.00 €, age coefficient 94 %, private-use share 6\/7, CO2 35 g\/km \(WLTP\), CO2 percentage 4 %\. The legal minimum applies \(1,650\.00 €\)\./,
    );
  });
});
