import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { yearOf } from "../../core/iso-date";
import type { CalculationInput } from "../../input/calculation-input";
import { federalCo2 } from "../../input/vehicle";
import { rowAt } from "../../law/parameter-table";
import { calculationInputArb } from "../../testing/arbitraries";
import { lineOf } from "../../testing/line-of";
import { healthIndexSeptember, minimumBaseNew, minimumBaseOld } from "../co2-contribution/parameters";

const company = (input: CalculationInput): CalculationInput => ({
  ...input,
  profile: { ...input.profile, status: "SelfEmployed" },
  options: { ...input.options, ownMonthlyCost: null },
});
const years = (input: CalculationInput) => [
  yearOf(input.options.registrationDate),
  yearOf(input.options.registrationDate) + 1,
];

describe("federal calculators: invariants", () => {
  it("BIK never decreases when CO2 or the catalogue price rises (CO2 known)", () => {
    fc.assert(
      fc.property(
        calculationInputArb,
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        (raw, moreCo2, moreCents) => {
          const input = company(raw);
          // A CO2 of 0 on a combustion car means "unknown" (the law's 195/205 g/km default applies).
          if (federalCo2(input.car) === undefined) return;
          const car = input.car;
          const dirtier = {
            ...input,
            car: {
              ...car,
              wltp: car.wltp == null ? null : car.wltp + moreCo2,
              nedC2: car.nedC2 > 0 ? car.nedC2 + moreCo2 : 0,
            },
          };
          const pricier = { ...input, car: { ...car, catalogPrice: car.catalogPrice + moreCents / 100 } };
          for (const year of years(input)) {
            const base = lineOf(input, "BenefitInKind", year);
            if (base.outcome !== "amount") continue;
            expect(lineOf(dirtier, "BenefitInKind", year).amount).toBeGreaterThanOrEqual(base.amount);
            expect(lineOf(pricier, "BenefitInKind", year).amount).toBeGreaterThanOrEqual(base.amount);
          }
        },
      ),
    );
  });

  it("the CO2 percentage stays within [4 %, 18 %]", () => {
    fc.assert(
      fc.property(calculationInputArb, (raw) => {
        for (const year of years(raw)) {
          const result = lineOf(company(raw), "BenefitInKind", year);
          const percent = result.explanation.inputs.co2Percent;
          if (typeof percent === "number") {
            expect(percent).toBeGreaterThanOrEqual(4);
            expect(percent).toBeLessThanOrEqual(18);
          }
        }
      }),
    );
  });

  it("the deduction lies within [0, 100] and never above its regime's ceiling", () => {
    fc.assert(
      fc.property(
        calculationInputArb,
        fc.constantFrom("SelfEmployed" as const, "SoleProprietor" as const),
        (raw, status) => {
          const input = { ...raw, profile: { ...raw.profile, status } };
          for (const year of years(input)) {
            const result = lineOf(input, "FiscalDeduction", year);
            if (result.outcome !== "amount") continue;
            expect(result.amount).toBeGreaterThanOrEqual(0);
            expect(result.amount).toBeLessThanOrEqual(100);
            const ceiling = result.explanation.parameters.find((p) => p.name === "phaseOutCeiling");
            if (ceiling) expect(result.amount).toBeLessThanOrEqual(Number(ceiling.value));
            if (
              input.options.orderDate &&
              input.options.orderDate >= "2026-01-01" &&
              input.car.fuel !== "Electric" &&
              input.car.fuel !== "Hydrogen" &&
              status === "SelfEmployed"
            ) {
              expect(result.amount).toBe(0);
            }
          }
        },
      ),
    );
  });

  it("the CO2 contribution is never below twelve times the monthly minimum of its regime", () => {
    fc.assert(
      fc.property(calculationInputArb, (raw) => {
        const input = company(raw);
        for (const year of years(input)) {
          const result = lineOf(input, "CO2Contribution", year);
          if (result.outcome !== "amount") continue;
          const index = rowAt(healthIndexSeptember, result.evaluationDate)?.value ?? Number.NaN;
          const table =
            (input.options.orderDate ?? input.options.registrationDate) >= "2023-07-01"
              ? minimumBaseNew
              : minimumBaseOld;
          const base = rowAt(table, result.evaluationDate)?.value ?? Number.NaN;
          const minimumMonthly = Math.round(((base * index) / 114.08) * 100) / 100;
          expect(result.amount).toBeGreaterThanOrEqual(Math.round(minimumMonthly * 12 * 100) / 100 - 0.001);
        }
      }),
    );
  });

  it("the rejected expense is exactly 17 % (40 % with a fuel card) of the BIK before own contribution", () => {
    fc.assert(
      fc.property(calculationInputArb, (raw) => {
        const input = company(raw);
        for (const year of years(input)) {
          const bik = lineOf(input, "BenefitInKind", year);
          const withContribution = { ...input, options: { ...input.options, ownMonthlyCost: 99 } };
          const rejected = lineOf(withContribution, "RejectedExpenses", year);
          if (bik.outcome !== "amount") {
            expect(rejected.outcome).toBe(bik.outcome);
            continue;
          }
          const rate = input.profile.hasFuelCard ? 40 : 17;
          // Integer cents: rate × BIK / 100, rounded half up to the cent.
          const product = Math.round(bik.amount * 100) * rate;
          expect(rejected.amount).toBe(Math.floor((product + 50) / 100) / 100);
        }
      }),
    );
  });

  it("private persons get the four federal lines as notApplicable", () => {
    fc.assert(
      fc.property(calculationInputArb, (raw) => {
        const input = { ...raw, profile: { ...raw.profile, status: "Private" as const } };
        for (const calculator of [
          "BenefitInKind",
          "FiscalDeduction",
          "RejectedExpenses",
          "CO2Contribution",
        ] as const) {
          const result = lineOf(input, calculator, yearOf(input.options.registrationDate));
          expect(result.outcome).toBe("notApplicable");
          expect(result.amount).toBe(0);
        }
      }),
    );
  });
});
