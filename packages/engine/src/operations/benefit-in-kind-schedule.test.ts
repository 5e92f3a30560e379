import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { CalculationInput } from "../input/calculation-input";
import { benefitInKindSchedule, monthsOf } from "./benefit-in-kind-schedule";

/**
 * The monthly schedules of test-vectors/bik-schedule/ (each month and year computed by hand from
 * art. 36 § 2 WIB 92 and the counting rule of docs/research/costs-over-time.md, with its
 * derivation): the engine must give every month's days, age coefficient and amount, and each
 * year's total, to the cent.
 */
interface ScheduleVector {
  readonly id: string;
  readonly car: CalculationInput["car"];
  readonly from: string;
  readonly until: string;
  readonly ownContributionMonthly: number;
  readonly expected: {
    readonly months: readonly {
      readonly month: string;
      readonly days: number;
      readonly ageCoefficient: number;
      readonly amount: number;
    }[];
    readonly years: readonly { readonly year: number; readonly total: number }[];
    readonly provisional?: boolean;
  };
}

const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../test-vectors/bik-schedule/published.json",
);
const { vectors } = JSON.parse(fs.readFileSync(file, "utf8")) as { vectors: ScheduleVector[] };

const inputOf = (vector: ScheduleVector): CalculationInput => ({
  car: vector.car,
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Brussels" },
  options: {
    registrationDate: vector.car.firstRegistration ?? vector.from,
    ownMonthlyCost: vector.ownContributionMonthly || null,
  },
});

describe("benefitInKindSchedule", () => {
  it("has vectors", () => expect(vectors.length).toBeGreaterThanOrEqual(5));

  for (const vector of vectors) {
    it(`${vector.id}: each month and year to the cent`, () => {
      const outcome = benefitInKindSchedule(inputOf(vector), { from: vector.from, until: vector.until });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
      expect(
        outcome.months.map(({ month, days, ageCoefficient, amount }) => ({
          month,
          days,
          ageCoefficient,
          amount,
        })),
      ).toEqual(vector.expected.months);
      expect(outcome.years.map(({ year, total }) => ({ year, total }))).toEqual(vector.expected.years);
      if (vector.expected.provisional !== undefined)
        expect(outcome.years.some((y) => y.provisional)).toBe(vector.expected.provisional);
    });
  }

  it("counts the first day and not the day after the last: 20 November to 31 December is 42 days", () => {
    const parts = monthsOf("2025-11-20", "2025-12-31");
    expect(parts.map((p) => p.until)).toEqual(["2025-11-30", "2025-12-31"]);
  });

  it("refuses a period that starts before the car's first registration", () => {
    const vector = vectors[0] as ScheduleVector;
    const outcome = benefitInKindSchedule(inputOf(vector), { from: "2025-01-01", until: "2025-12-31" });
    expect(outcome.ok ? [] : outcome.issues).toContainEqual(
      expect.objectContaining({ field: "options.from", rule: "range" }),
    );
  });

  it("deducts the own contribution up to the month's benefit: gross − own contribution = amount", () => {
    const vector = vectors[0] as ScheduleVector;
    const input = { ...inputOf(vector), options: { ...inputOf(vector).options, ownMonthlyCost: 400 } };
    const outcome = benefitInKindSchedule(input, { from: vector.from, until: vector.until });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    for (const m of outcome.months) {
      expect(m.amount).toBe(Math.max(0, Math.round(((m.grossAmount as number) - 400) * 100) / 100));
      expect(Math.round(((m.grossAmount as number) - m.ownContribution) * 100) / 100).toBe(m.amount);
    }
  });

  it("refuses a period that ends before it starts, naming the field", () => {
    const vector = vectors[0] as ScheduleVector;
    const outcome = benefitInKindSchedule(inputOf(vector), { from: "2026-03-01", until: "2026-02-28" });
    expect(outcome.ok ? [] : outcome.issues).toContainEqual(
      expect.objectContaining({ field: "options.until", rule: "range" }),
    );
  });
});
