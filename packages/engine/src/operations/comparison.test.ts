import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CALCULATORS } from "../core/enums";
import type { CarDetailInput, TaxpayerProfile } from "../input/calculation-input";
import { calculationInputArb, carArb } from "../testing/arbitraries";
import { compare, type RankedCar, rankComparison } from "./comparison";
import { project } from "./projection";

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

  it("property: each row is the car's projection, with its summary", () => {
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
          expect(row?.summary).toEqual(single.summary);
          expect([row?.from, row?.until]).toEqual([single.from, single.until]);
        });
        expect(outcome.ranking.entries.map((e) => e.index).sort((a, b) => a - b)).toEqual(
          cars.map((_, i) => i),
        );
      }),
      { numRuns: 40 },
    );
  });
});

/** Two identical Walloon diesels (RT-WA-2025-004 of test-vectors/registration-tax/wallonia-2025.json). */
const walloonProfile: TaxpayerProfile = {
  status: "Private",
  registrationOn: "PrivateRegistration",
  region: "Wallonia",
};
const walloonDiesel: CarDetailInput = {
  catalogPrice: 35000,
  fuel: "Diesel",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 148,
  nedC2: 0,
  capacity: 1598,
  weight: 1500,
};
const { weight: _weight, ...withoutWeight } = walloonDiesel;

describe("ranking on a common basis (issue 31)", () => {
  it("ranks a car lacking its registration tax (no weight) after the same car with it", () => {
    const outcome = compare([{ car: withoutWeight }, { car: walloonDiesel }], walloonProfile, {
      registrationDate: "2025-07-01",
      years: 2,
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    // The vector's registration tax: 769.99 EUR, hand-computed from the Walloon reform decree.
    expect(outcome.rows[1]?.lines.find((l) => l.viewOption === "RoadTax")?.rawValue).toBe(769.99);
    const [first, second] = outcome.ranking.entries;
    expect([first?.index, first?.rank, second?.index, second?.rank]).toEqual([1, 1, 0, 2]);
    expect(first?.missingFigures).toEqual([]);
    expect(second?.missingFigures).toEqual([
      { viewOption: "RoadTax", year: 2025, outcome: "missingInput", missingFields: ["weight"] },
    ]);
    // Both are ranked on what both have: the registration tax is in neither value.
    expect(outcome.ranking.basis.some((f) => f.viewOption === "RoadTax")).toBe(false);
    expect(first?.rawValue).toBe(second?.rawValue);
  });

  it("leaves out for every car the years whose rules are not published, and says which", () => {
    const outcome = compare(
      [{ car: walloonDiesel }, { car: { ...walloonDiesel, kilowatt: 150 } }],
      walloonProfile,
      {
        registrationDate: "2025-07-01",
        years: 10,
      },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    const { basis, leftOut, entries } = outcome.ranking;
    // No income year reaches 2034 in the rule tables: its road tax cannot have a figure.
    expect(leftOut).toContainEqual({ viewOption: "YearlyTax", year: 2034, outcomes: ["rulesNotAvailable"] });
    const keys = (figures: readonly { viewOption: string; year: number }[]) =>
      figures.map((f) => `${f.viewOption}:${f.year}`);
    expect(keys(basis).filter((k) => keys(leftOut).includes(k))).toEqual([]);
    for (const entry of entries) expect(entry.missingFigures).toEqual([]);
    // Each value adds exactly the basis's figures of its row.
    for (const entry of entries) {
      const row = outcome.rows[entry.index];
      const cents = basis.reduce((sum, f) => {
        const line = row?.lines.find((l) => l.viewOption === f.viewOption && l.year === f.year);
        if (!line) throw new Error(`no line for ${f.viewOption} ${f.year}`);
        return sum + Math.round(line.rawValue * 100);
      }, 0);
      expect(entry.rawValue).toBe(cents / 100);
    }
    // More kilowatts, more tax.
    expect(entries.map((e) => e.index)).toEqual([0, 1]);
  });

  /** Cars with, for each employer tax and year, a figure (cents) or none (a missing input). */
  const figureArb = fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined });
  const rankedCarsArb = fc
    .record({ years: fc.integer({ min: 1, max: 4 }), cars: fc.integer({ min: 2, max: 6 }) })
    .chain(({ years, cars }) =>
      fc.array(fc.array(figureArb, { minLength: years * 3, maxLength: years * 3 }), {
        minLength: cars,
        maxLength: cars,
      }),
    );
  const calculatorsOf = ["RoadTax", "YearlyTax", "CO2Contribution"] as const;
  const toRankedCars = (grid: readonly (readonly (number | undefined)[])[]): RankedCar[] =>
    grid.map((cells, index) => {
      const lines: RankedCar["lines"][number][] = [];
      const unavailableLines: RankedCar["unavailableLines"][number][] = [];
      cells.forEach((cents, i) => {
        const viewOption = calculatorsOf[i % 3] as (typeof calculatorsOf)[number];
        const year = 2025 + Math.floor(i / 3);
        if (cents === undefined)
          unavailableLines.push({ viewOption, year, outcome: "missingInput", missingFields: ["weight"] });
        else lines.push({ viewOption, year, rawValue: cents / 100 });
      });
      return { index, carDetailId: null, lines, unavailableLines, totals: [] };
    });
  const rankOf = (
    grid: readonly (readonly (number | undefined)[])[],
    index: number,
    by = "employerTaxes" as const,
  ) => rankComparison(toRankedCars(grid), by).entries.find((e) => e.index === index)?.rank ?? Number.NaN;

  it("property: adding a missing figure to a car never moves it down the ranking", () => {
    fc.assert(
      fc.property(
        rankedCarsArb,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 500_000 }),
        (grid, carPick, cellPick, cents) => {
          const car = carPick % grid.length;
          const missing = (grid[car] ?? []).flatMap((c, i) => (c === undefined ? [i] : []));
          fc.pre(missing.length > 0);
          const cell = missing[cellPick % missing.length] as number;
          const added = grid.map((cells, i) =>
            i === car ? cells.map((c, j) => (j === cell ? cents : c)) : cells,
          );
          expect(rankOf(added, car)).toBeLessThanOrEqual(rankOf(grid, car));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("property: a car that has every figure another has, and more, ranks before it; no figure is read as zero", () => {
    fc.assert(
      fc.property(rankedCarsArb, (grid) => {
        const ranking = rankComparison(toRankedCars(grid), "employerTaxes");
        const rank = (i: number) => ranking.entries.find((e) => e.index === i)?.rank ?? Number.NaN;
        for (const [i, a] of grid.entries()) {
          for (const [j, b] of grid.entries()) {
            const covers = b.every((c, k) => c === undefined || a[k] !== undefined);
            const more = a.some((c, k) => c !== undefined && b[k] === undefined);
            if (covers && more) expect(rank(i)).toBeLessThan(rank(j));
          }
        }
        // The basis holds exactly the cells every car has, the left-out ones those no car has.
        const basis = new Set(ranking.basis.map((f) => `${f.viewOption}:${f.year}`));
        const leftOut = new Set(ranking.leftOut.map((f) => `${f.viewOption}:${f.year}`));
        (grid[0] ?? []).forEach((_, k) => {
          const key = `${calculatorsOf[k % 3]}:${2025 + Math.floor(k / 3)}`;
          expect(basis.has(key)).toBe(grid.every((cells) => cells[k] !== undefined));
          expect(leftOut.has(key)).toBe(grid.every((cells) => cells[k] === undefined));
        });
        for (const entry of ranking.entries) {
          const cells = grid[entry.index] ?? [];
          const expected = cells.reduce<number>((sum, c, k) => {
            const key = `${calculatorsOf[k % 3]}:${2025 + Math.floor(k / 3)}`;
            return basis.has(key) ? sum + (c as number) : sum;
          }, 0);
          expect(entry.rawValue).toBe(basis.size === 0 ? null : expected / 100);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("ranks a calculator's own figures, and none of the others", () => {
    const ranking = rankComparison(
      toRankedCars([
        [100, undefined, 5],
        [200, 1, 5],
      ]),
      "RoadTax",
    );
    expect(CALCULATORS).toContain(ranking.by);
    expect(ranking.entries.map((e) => [e.index, e.rank, e.rawValue, e.missingFigures.length])).toEqual([
      [0, 1, 1, 0],
      [1, 2, 2, 0],
    ]);
  });
});
