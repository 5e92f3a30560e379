import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Calculator } from "../core/enums";
import { daysFromTo, yearOf } from "../core/iso-date";
import { hasFigure, type TaxResult } from "../core/tax-result";
import type { CalculationInput } from "../input/calculation-input";
import { parameter } from "../law/parameters";
import { calculationInputArb } from "../testing/arbitraries";
import { calculate } from "./calculate";
import { project } from "./projection";

const parametersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../parameters");
/** The rows of a parameter file as it is written (the expected values come from the files, not the engine). */
const fileRows = (file: string): { from: string; until: string | null; value: unknown }[] =>
  JSON.parse(fs.readFileSync(path.join(parametersDir, file), "utf8")).rows;

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

const resultOf = (outcome: ReturnType<typeof projected>, calculator: Calculator, year: number) =>
  outcome.years.find((y) => y.year === year)?.results.find((r) => r.calculator === calculator) as TaxResult;

describe("project: the holding period by the day", () => {
  it("answers each calendar year the period touches: 4 years from 1 March 2025 end on 28 February 2029", () => {
    const outcome = projected(petrol);
    expect([outcome.from, outcome.until]).toEqual(["2025-03-01", "2029-02-28"]);
    expect(outcome.years.map((y) => y.year)).toEqual([2025, 2026, 2027, 2028, 2029]);
    expect(outcome.years.map((y) => y.period.days)).toEqual([306, 365, 365, 366, 59]);
    expect(outcome.years[0]?.results.map((r) => r.calculator)).toEqual([
      "RoadTax",
      "YearlyTax",
      "BenefitInKind",
      "FiscalDeduction",
      "RejectedExpenses",
      "CO2Contribution",
    ]);
    for (const year of outcome.years.slice(1))
      expect(year.results.map((r) => r.calculator)).not.toContain("RoadTax");
  });

  it("counts the car registered on 20 November 2025 for 42 days of 2025: the BIK month by month (BIKS-002), 2 months of CO2 contribution", () => {
    // The car of test-vectors/bik-schedule/published.json BIKS-002, whose 2025 months sum to 408.15 €
    // (11 + 31 days of 3,547.03 € ÷ 365, each month to the cent).
    const car: CalculationInput = {
      car: {
        catalogPrice: 30000,
        firstRegistration: "2025-11-20",
        fuel: "Petrol",
        euroStandard: "Euro6",
        kilowatt: 96,
        wltp: 130,
        nedC2: 0,
        capacity: 1498,
      },
      profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Brussels" },
      options: { registrationDate: "2025-11-20" },
    };
    const outcome = projected(car, { years: 2 });
    expect(outcome.years[0]?.period).toEqual({
      from: "2025-11-20",
      until: "2025-12-31",
      days: 42,
      daysInYear: 365,
    });
    const yearly = calculated(car).find(
      (r) => r.calculator === "BenefitInKind" && r.year === 2025,
    ) as TaxResult;
    expect(yearly.amount).toBe(3547.03);
    expect(resultOf(outcome, "BenefitInKind", 2025).amount).toBe(408.15);
    expect(Math.abs(408.15 - (yearly.amount * 42) / 365)).toBeLessThan(0.02);
    const co2 = calculated(car).find(
      (r) => r.calculator === "CO2Contribution" && r.year === 2025,
    ) as TaxResult;
    expect(resultOf(outcome, "CO2Contribution", 2025).amount).toBe(
      Math.round((co2.amount / 12) * 2 * 100) / 100,
    );
    // The last year: held until 19 November 2027, so 11 months of CO2 contribution.
    expect(outcome.until).toBe("2027-11-19");
    const co2In2027 = resultOf(
      projected(car, { years: 2, assumeLatestRules: true }),
      "CO2Contribution",
      2027,
    );
    expect(co2In2027.explanation.details.monthsAvailable).toBe("11");
  });

  it("changes the BIK's age coefficient in the anniversary month (BIKS-001: 3,863.52 € for 2026, not the yearly line's 94 % all year)", () => {
    const car: CalculationInput = {
      car: {
        catalogPrice: 33000,
        firstRegistration: "2025-06-15",
        fuel: "Diesel",
        euroStandard: "Euro6",
        kilowatt: 110,
        wltp: 120,
        nedC2: 0,
        capacity: 1995,
      },
      profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Wallonia" },
      options: { registrationDate: "2025-06-15" },
    };
    const outcome = projected(car, { years: 3 });
    expect(resultOf(outcome, "BenefitInKind", 2026).amount).toBe(3863.52);
    const line = calculated(car).find(
      (r) => r.calculator === "BenefitInKind" && r.year === 2026,
    ) as TaxResult;
    expect(line.amount).not.toBe(3863.52);
  });

  it("charges the road tax per taxable period from the registration month: a period that starts is due, the month of deregistration and later are refunded", () => {
    const outcome = projected(petrol, { until: "2026-08-31" });
    const yearly = calculated(petrol).filter((r) => r.calculator === "YearlyTax");
    // Periods from 1 March 2025 and 1 March 2026; deregistered 1 September 2026: 6 months of the second due.
    expect(resultOf(outcome, "YearlyTax", 2025).amount).toBe(yearly[0]?.amount);
    const cut = resultOf(outcome, "YearlyTax", 2026);
    expect(cut.explanation.details.monthsDue).toBe("6");
    expect(cut.amount).toBe(Math.round((((yearly[1]?.amount as number) * 6) / 12) * 100) / 100);
    // Held past 1 March 2027 by a day: the third period starts and, deregistered in March, owes nothing.
    const longer = projected(petrol, { until: "2027-03-01" });
    expect(resultOf(longer, "YearlyTax", 2027).amount).toBe(0);
  });

  it("owes nothing for a period deregistered in its first month, even when its rules are not published (reviewer's case)", () => {
    // Registered 20 November 2025, held 2 years: the third period starts 1 November 2027 and the car is
    // deregistered on 20 November 2027, in that month: all of it is refunded.
    const car: CalculationInput = {
      ...petrol,
      car: { ...petrol.car, firstRegistration: "2025-11-20" },
      options: { registrationDate: "2025-11-20" },
    };
    const road = resultOf(projected(car, { years: 2 }), "YearlyTax", 2027);
    expect([road.outcome, road.amount]).toEqual(["amount", 0]);
    expect(road.explanation.details.monthsDue).toBe("0");
  });

  it("names each month's age coefficient on a year's BIK line when it changes that year", () => {
    const car: CalculationInput = {
      ...petrol,
      car: { ...petrol.car, firstRegistration: "2025-11-20" },
      options: { registrationDate: "2025-11-20" },
    };
    const bik = resultOf(projected(car, { years: 2 }), "BenefitInKind", 2026);
    // Month 1 is November 2025: months 1–12 at 100 % (to October 2026), from month 13 at 94 % (art. 36 § 2).
    expect(bik.explanation.parameters.find((p) => p.name === "ageCoefficient")?.value).toBe(
      "100 % (2026-01 – 2026-10), 94 % (2026-11 – 2026-12)",
    );
  });

  it("refuses until before the registration, more than ten years after it, or with years", () => {
    const issues = (options: Parameters<typeof project>[1]) => {
      const outcome = project(petrol, options);
      return outcome.ok ? [] : outcome.issues;
    };
    expect(issues({ until: "2025-02-28" })).toContainEqual(
      expect.objectContaining({ field: "options.until", rule: "range" }),
    );
    expect(issues({ until: "2035-03-01" })).toContainEqual(
      expect.objectContaining({ field: "options.until", rule: "range" }),
    );
    expect(issues({ until: "2035-02-28" })).toEqual([]);
    expect(issues({ until: "2026-01-01", years: 2 })).toContainEqual(
      expect.objectContaining({ field: "options.until", rule: "exclusive" }),
    );
    expect(issues({ until: "2026-02-30" })).toContainEqual(
      expect.objectContaining({ field: "options.until", rule: "date" }),
    );
    for (const years of [0, 11, 2.5])
      expect(issues({ years })).toContainEqual(
        expect.objectContaining({ field: "options.years", rule: "range" }),
      );
    expect(issues({ assumeLatestRules: "yes" as unknown as boolean })).toContainEqual(
      expect.objectContaining({ field: "options.assumeLatestRules", rule: "type" }),
    );
  });

  it("property: a year held whole answers calculate's registration tax, road tax, deduction and CO2 contribution", () => {
    fc.assert(
      fc.property(calculationInputArb, (input) => {
        const outcome = projected(input, { years: 2 });
        const own = calculated(input);
        const first = yearOf(input.options.registrationDate);
        for (const result of own) {
          if (result.calculator === "BenefitInKind" || result.calculator === "RejectedExpenses") continue;
          const year = outcome.years.find((y) => y.year === result.year);
          if (year === undefined || year.period.days !== year.period.daysInYear) {
            if (result.calculator !== "RoadTax" || result.year !== first) continue;
          }
          const mine = resultOf(outcome, result.calculator, result.year);
          expect([mine.outcome, mine.amount]).toEqual([result.outcome, result.amount]);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("project: the years ahead, parameter by parameter", () => {
  // A petrol car of 110 g/km WLTP ordered after 1 July 2023: the CO2 contribution's multiplier is 4 in
  // 2026 and 5.5 from 2027 (co2Contribution/multiplierOrderedFromJuly2023.json, legislated), while
  // the 2027 health index is not published yet.
  const ordered2024: CalculationInput = {
    ...petrol,
    car: { ...petrol.car, wltp: 110, firstRegistration: "2026-03-01" },
    options: { registrationDate: "2026-03-01", orderDate: "2024-02-01" },
  };

  it("uses the legislated ×5.5 for 2027 and carries only the 2026 health index, naming it", () => {
    const outcome = projected(ordered2024, { years: 4, assumeLatestRules: true });
    const co2 = resultOf(outcome, "CO2Contribution", 2027);
    // From the files: ((110 × gramFactor − petrol) / 12 × healthIndex 2026 / base) × 5.5, to the cent, × 12.
    const formula = fileRows("co2Contribution/formula.json")[0]?.value as {
      gramFactor: number;
      petrol: number;
    };
    const index2026 = fileRows("co2Contribution/healthIndex.json").find((r) => r.from === "2026-01-01")
      ?.value as number;
    const base = fileRows("co2Contribution/healthIndexBase.json")[0]?.value as number;
    const multiplier = fileRows("co2Contribution/multiplierOrderedFromJuly2023.json").find(
      (r) => r.from === "2027-01-01",
    )?.value as number;
    expect(multiplier).toBe(5.5);
    const monthly = Math.round(
      ((110 * formula.gramFactor - formula.petrol) / 12) * (index2026 / base) * multiplier * 100,
    );
    expect(co2.amount).toBe((monthly * 12) / 100);
    expect(co2.amount).toBe(1989.12);
    expect(co2.assumedParameters).toEqual([
      { parameter: "co2Contribution.healthIndex", carriedFrom: "2026-01-01", publishedUntil: "2026-12-31" },
    ]);
    expect(co2.provisional).toBe(true);
    const line = outcome.years
      .find((y) => y.year === 2027)
      ?.lines.find((l) => l.viewOption === "CO2Contribution");
    expect(line?.description).toContain(
      "Not yet published for 2027, so carried from the latest publication: the health index of the CO2 contribution (value of 2026)",
    );
  });

  it("without assumptions, the 2027 line has no figure and names the one parameter missing", () => {
    const outcome = projected(ordered2024, { years: 4 });
    const line = outcome.years
      .find((y) => y.year === 2027)
      ?.unavailableLines.find((l) => l.viewOption === "CO2Contribution");
    expect(line?.outcome).toBe("rulesNotAvailable");
    expect(line?.missingParameters).toEqual(["co2Contribution.healthIndex"]);
    expect(line?.reason).toMatch(/^Not yet published for 2027: the health index of the CO2 contribution\./);
  });

  it("property: an assumed line carries exactly the parameters its plain twin lacks, each past its last row, and no other line changes", () => {
    fc.assert(
      fc.property(calculationInputArb, fc.integer({ min: 1, max: 10 }), (input, years) => {
        const plain = projected(input, { years });
        const assumed = projected(input, { years, assumeLatestRules: true });
        for (const year of assumed.years) {
          for (const result of year.results) {
            const twin = resultOf(plain, result.calculator, year.year);
            if (result.assumedParameters === undefined) {
              expect(result).toEqual(twin);
              continue;
            }
            expect(twin.outcome).toBe("rulesNotAvailable");
            expect([...result.assumedParameters.map((p) => p.parameter)].sort()).toEqual(
              [...(twin.missingParameters ?? [])].sort(),
            );
            expect(result.explanation.notes).toContain("assumedRules");
            for (const carried of result.assumedParameters) {
              // The file has no row for the line's day: its last row ends before it, and is the one carried.
              const rows = parameter(carried.parameter).rows;
              const last = rows[rows.length - 1];
              const day =
                result.calculator === "RoadTax" ? input.options.registrationDate : result.evaluationDate;
              expect(last?.until !== null && (last?.until as string) < day).toBe(true);
              expect(carried.carriedFrom).toBe(last?.from);
            }
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe("project: totals that add like with like", () => {
  it("property: the employer's taxes add registration tax, road tax and CO2 contribution only; bases and percentages are never added", () => {
    fc.assert(
      fc.property(
        calculationInputArb,
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (input, years, assume) => {
          const outcome = projected(input, { years, assumeLatestRules: assume });
          const { summary, totals } = outcome;
          const taxes = totals.filter((t) =>
            ["RoadTax", "YearlyTax", "CO2Contribution"].includes(t.viewOption),
          );
          expect(summary.employerTaxes.adds).toEqual(taxes.map((t) => t.viewOption));
          const cents = taxes.reduce((sum, t) => sum + Math.round((t.rawValue ?? 0) * 100), 0);
          if (taxes.every((t) => t.rawValue === null)) expect(summary.employerTaxes.rawValue).toBeNull();
          else expect(summary.employerTaxes.rawValue).toBe(cents / 100);
          expect(summary.bases.map((t) => t.viewOption)).toEqual(
            totals
              .filter((t) => ["BenefitInKind", "RejectedExpenses"].includes(t.viewOption))
              .map((t) => t.viewOption),
          );
          for (const t of summary.percentages) expect(t.aggregate).toBe("mean");
          // Every total is the sum (or mean) of its yearly figures.
          for (const total of totals) {
            const figures = outcome.years
              .flatMap((y) => y.results)
              .filter((r) => r.calculator === total.viewOption && hasFigure(r))
              .map((r) => Math.round(r.amount * 100));
            if (figures.length === 0) expect(total.rawValue).toBeNull();
            else if (total.aggregate === "sum")
              expect(total.rawValue).toBe(figures.reduce((a, b) => a + b, 0) / 100);
          }
          expect(summary.corporateTaxEstimate).toBeNull();
          expect(summary.employeeTaxEstimate).toBeNull();
        },
      ),
      { numRuns: 40 },
    );
  });

  it("turns a base into tax only at a stated rate, labelled an estimate: 25 % corporate tax on rejected expenses, the employee's rate on the BIK", () => {
    const outcome = projected(petrol, {
      until: "2026-12-31",
      corporateTaxRate: "standard",
      employeeMarginalRate: 50,
    });
    const { summary, totals } = outcome;
    const rejected = totals.find((t) => t.viewOption === "RejectedExpenses")?.rawValue as number;
    const bik = totals.find((t) => t.viewOption === "BenefitInKind")?.rawValue as number;
    const rate = fileRows("corporateTax/standardRate.json")[0]?.value;
    expect(rate).toBe(25);
    expect(summary.corporateTaxEstimate).toMatchObject({
      estimate: true,
      payer: "employer",
      rate: 25,
      base: rejected,
      complete: true,
    });
    // Year by year at 25 %: within a cent per year of 25 % of the total.
    expect(
      Math.abs((summary.corporateTaxEstimate?.rawValue as number) - rejected * 0.25),
    ).toBeLessThanOrEqual(0.03);
    expect(summary.employeeTaxEstimate).toMatchObject({
      estimate: true,
      payer: "employee",
      rate: 50,
      base: bik,
    });
    expect(summary.employeeTaxEstimate?.rawValue).toBe(Math.round(bik * 50) / 100);
    // Whole cents: the sum of two amounts to the cent is itself to the cent, not a float's neighbour.
    const withEstimate = summary.employerTaxesWithEstimate?.rawValue as number;
    expect(withEstimate).toBe(Math.round(withEstimate * 100) / 100);
    expect(summary.employerTaxesWithEstimate?.adds).toEqual([
      "RoadTax",
      "YearlyTax",
      "CO2Contribution",
      "corporateTaxEstimate",
    ]);
  });

  it("adds the non-deductible part of stated car costs to the corporate tax base, per day held", () => {
    const outcome = projected(petrol, {
      until: "2025-12-31",
      corporateTaxRate: "standard",
      yearlyCarCosts: 3650,
    });
    const deduction = resultOf(outcome, "FiscalDeduction", 2025).amount;
    const days = daysFromTo("2025-03-01", "2025-12-31");
    const expected = Math.round(((3650 * days) / 365) * ((100 - deduction) / 100) * 100) / 100;
    expect(outcome.summary.corporateTaxEstimate?.nonDeductibleCarCosts).toBe(expected);
  });

  it("refuses an unknown corporate rate, a marginal rate outside 0–100 and car costs without a rate", () => {
    const outcome = project(petrol, {
      corporateTaxRate: "reduced" as "standard",
      employeeMarginalRate: 120,
    });
    const fields = outcome.ok ? [] : outcome.issues.map((i) => `${i.field}:${i.rule}`);
    expect(fields).toEqual(["options.corporateTaxRate:enum", "options.employeeMarginalRate:range"]);
    const costs = project(petrol, { yearlyCarCosts: 1000 });
    expect(costs.ok ? [] : costs.issues).toContainEqual(
      expect.objectContaining({ field: "options.yearlyCarCosts", rule: "requires" }),
    );
  });
});
