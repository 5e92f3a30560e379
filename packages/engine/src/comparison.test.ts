import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate } from "./calculate";
import type { CarDetailInput, TaxpayerProfile } from "./calculation-input";
import { compare } from "./comparison";
import { project } from "./projection";
import { calculationInputArb, carArb } from "./testing/arbitraries";

const profile: TaxpayerProfile = {
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  region: "Flanders",
};
const petrol: CarDetailInput = {
  catalogPrice: 40000,
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
};
const electric: CarDetailInput = {
  catalogPrice: 45000,
  fuel: "Electric",
  euroStandard: "Euro6",
  kilowatt: 150,
  wltp: 0,
  nedC2: 0,
};

describe("compare", () => {
  it("answers one row per car in the caller's order and ranks them by the chosen total", () => {
    const outcome = compare(
      [
        { car: petrol, carDetailId: "a", name: "Petrol" },
        { car: electric, name: "Electric" },
      ],
      profile,
      { registrationDate: "2025-06-01", orderDate: "2025-06-01", years: 2, rankBy: "CO2Contribution" },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    expect(outcome.rows.map((r) => [r.index, r.carDetailId, r.name])).toEqual([
      [0, "a", "Petrol"],
      [1, null, "Electric"],
    ]);
    // An electric car pays the CO2 contribution's minimum, a 130 g/km petrol car more: the electric one ranks first.
    expect(outcome.ranking).toMatchObject({ by: "CO2Contribution", order: "ascending" });
    expect(outcome.ranking.entries.map((e) => [e.rank, e.index])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    const electricCo2 = outcome.rows[1]?.totals.find((t) => t.viewOption === "CO2Contribution");
    expect(outcome.ranking.entries[0]?.rawValue).toBe(electricCo2?.rawValue);
  });

  it("ranks the deduction highest first and equal totals in the caller's order with one rank", () => {
    const outcome = compare([{ car: petrol }, { car: electric }, { car: petrol }], profile, {
      registrationDate: "2025-06-01",
      rankBy: "FiscalDeduction",
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    expect(outcome.ranking.order).toBe("descending");
    expect(outcome.ranking.entries.map((e) => [e.rank, e.index])).toEqual([
      [1, 1],
      [2, 0],
      [2, 2],
    ]);
  });

  it("names the car, the count and the rank total in its issues", () => {
    const one = compare([{ car: petrol }], profile, { registrationDate: "2025-06-01" });
    expect(one.ok ? [] : one.issues).toContainEqual(
      expect.objectContaining({ field: "cars", rule: "count" }),
    );
    const bad = compare([{ car: petrol }, { car: { ...petrol, kilowatt: -1 } }], profile, {
      registrationDate: "2025-06-01",
      rankBy: "Nothing" as "RoadTax",
    });
    const issues = bad.ok ? [] : bad.issues;
    expect(issues).toContainEqual(expect.objectContaining({ field: "options.rankBy", rule: "enum" }));
    const shared = compare([{ car: petrol }, { car: { ...petrol, kilowatt: -1 } }], profile, {
      registrationDate: "2025-06-01",
    });
    expect(shared.ok ? [] : shared.issues.map((i) => i.field)).toEqual(["cars[1].carDetail.kilowatt"]);
  });

  it("property: each row is the car's projection, its first two years calculate's", () => {
    const carsArb = calculationInputArb.chain((input) =>
      fc.record({
        input: fc.constant(input),
        others: fc.array(carArb(input.options.registrationDate), { minLength: 1, maxLength: 4 }),
        years: fc.integer({ min: 2, max: 6 }),
      }),
    );
    fc.assert(
      fc.property(carsArb, ({ input, others, years }) => {
        const cars = [input.car, ...others];
        const outcome = compare(
          cars.map((car) => ({ car })),
          input.profile,
          { ...input.options, years },
        );
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
        expect(outcome.rows.length).toBe(cars.length);
        cars.forEach((car, i) => {
          const row = outcome.rows[i];
          const single = project({ car, profile: input.profile, options: input.options }, { years });
          if (!single.ok) throw new Error(JSON.stringify(single.issues));
          expect(row?.years).toEqual(single.years);
          expect(row?.totals).toEqual(single.totals);
          expect(row?.lines).toEqual(single.years.flatMap((y) => y.lines));
          const calculated = calculate({ car, profile: input.profile, options: input.options });
          if (!calculated.ok) throw new Error(JSON.stringify(calculated.issues));
          const firstTwo = (row?.years ?? []).slice(0, 2).flatMap((y) => y.results);
          expect(new Set(firstTwo)).toEqual(new Set(calculated.results));
          expect(firstTwo.length).toBe(calculated.results.length);
        });
        expect(outcome.ranking.entries.map((e) => e.index).sort((a, b) => a - b)).toEqual(
          cars.map((_, i) => i),
        );
      }),
      { numRuns: 40 },
    );
  });
});
