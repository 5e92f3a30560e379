import fc from "fast-check";
import { describe, expect, it } from "vitest";
import fiveCars from "../../test/fixtures/five-car-comparison.json";
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
    // Each is ranked in its tier on what its tier has: the registration tax in the first car's value only.
    expect(outcome.ranking.basis.some((f) => f.viewOption === "RoadTax")).toBe(false);
    expect([first?.tier, second?.tier]).toEqual([1, 2]);
    expect(((first?.rawValue ?? 0) * 100 - (second?.rawValue ?? 0) * 100) / 100).toBeCloseTo(769.99, 2);
    expect(outcome.ranking.tiers.map((t) => t.lacking)).toEqual([
      [],
      [{ viewOption: "RoadTax", year: 2025 }],
    ]);
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
        // Each value adds every figure the car has (its tier's basis), never one it lacks.
        for (const entry of ranking.entries) {
          const cells = grid[entry.index] ?? [];
          const held = cells.filter((c) => c !== undefined);
          const expected = held.reduce<number>((sum, c) => sum + c, 0);
          expect(entry.rawValue).toBe(held.length === 0 ? null : expected / 100);
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

  /** The order of the cars' indices in a ranking, and which of them share a rank. */
  const orderOf = (grid: readonly (readonly (number | undefined)[])[]) => {
    const { entries } = rankComparison(toRankedCars(grid), "employerTaxes");
    return entries.map((e) => ({ index: e.index, rank: e.rank }));
  };

  it("property (issue 40): leaving out a figure never moves a car up the ranking", () => {
    fc.assert(
      fc.property(rankedCarsArb, fc.nat(), fc.nat(), (grid, carPick, cellPick) => {
        const car = carPick % grid.length;
        const held = (grid[car] ?? []).flatMap((c, i) => (c === undefined ? [] : [i]));
        fc.pre(held.length > 0);
        const cell = held[cellPick % held.length] as number;
        const without = grid.map((cells, i) =>
          i === car ? cells.map((c, j) => (j === cell ? undefined : c)) : cells,
        );
        expect(rankOf(without, car)).toBeGreaterThanOrEqual(rankOf(grid, car));
      }),
      { numRuns: 500 },
    );
  });

  it("property (issue 40): adding a car that lacks a figure never changes the order of the others", () => {
    fc.assert(
      fc.property(
        rankedCarsArb,
        fc.array(figureArb, { minLength: 12, maxLength: 12 }),
        fc.nat(),
        (grid, extra, at) => {
          const width = (grid[0] ?? []).length;
          const added = extra.slice(0, width);
          fc.pre(added.some((c, k) => c === undefined && grid.some((cells) => cells[k] !== undefined)));
          const position = at % (grid.length + 1);
          const bigger = [...grid.slice(0, position), added, ...grid.slice(position)];
          // The others keep their order and their ties; their indices move up by one after the new car.
          const others = orderOf(bigger)
            .filter((e) => e.index !== position)
            .map((e) => ({ ...e, index: e.index > position ? e.index - 1 : e.index }));
          const before = orderOf(grid);
          expect(others.map((e) => e.index)).toEqual(before.map((e) => e.index));
          const ties = (order: { index: number; rank: number }[]) =>
            order.slice(1).map((e, i) => e.rank === order[i]?.rank);
          expect(ties(others)).toEqual(ties(before));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("property (issue 40): the complete cars come first, in the order of their full totals", () => {
    fc.assert(
      fc.property(rankedCarsArb, (grid) => {
        const complete = grid.flatMap((cells, i) => (cells.every((c) => c !== undefined) ? [i] : []));
        const total = (i: number) => (grid[i] ?? []).reduce<number>((sum, c) => sum + (c ?? 0), 0);
        const { entries } = rankComparison(toRankedCars(grid), "employerTaxes");
        const first = entries.slice(0, complete.length);
        expect(first.map((e) => e.index).sort((a, b) => a - b)).toEqual(complete);
        for (let i = 1; i < first.length; i++) {
          const [a, b] = [first[i - 1], first[i]] as [(typeof first)[number], (typeof first)[number]];
          expect(total(a.index)).toBeLessThanOrEqual(total(b.index));
          expect(b.rank === a.rank).toBe(total(a.index) === total(b.index));
          expect(b.tier).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the five-car example (issue 40, test/fixtures/five-car-comparison.json)", () => {
  const outcome = compare(
    fiveCars.cars.map(({ name, ...car }) => ({ car: car as CarDetailInput, name })),
    {
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      region: "Wallonia",
      postalCode: fiveCars.userProfile.postalCode,
    },
    { ...fiveCars.options, language: "en" },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  const employerLines = (index: number) =>
    (outcome.rows[index]?.lines ?? []).filter((l) =>
      ["RoadTax", "YearlyTax", "CO2Contribution"].includes(l.viewOption),
    );
  const cents = (index: number, withRegistration = true) =>
    employerLines(index)
      .filter((l) => withRegistration || l.viewOption !== "RoadTax")
      .reduce((sum, l) => sum + Math.round(l.rawValue * 100), 0);

  it("ranks the complete cars in the order of their full totals, registration tax included, and the 330e after them", () => {
    const { car, rawValue } = fiveCars.vectorRegistrationTax;
    expect(employerLines(car).find((l) => l.viewOption === "RoadTax")?.rawValue).toBe(rawValue);
    const { entries, tiers } = outcome.ranking;
    expect(entries.map((e) => e.index)).toEqual(fiveCars.expected.order);
    expect(entries.map((e) => e.tier)).toEqual(fiveCars.expected.tiers);
    // The order follows the full totals added here, and differs from the order without the registration tax.
    const complete = fiveCars.expected.order.slice(0, 4);
    expect([...complete].sort((a, b) => cents(a) - cents(b))).toEqual(complete);
    expect([...complete].sort((a, b) => cents(a, false) - cents(b, false))).not.toEqual(complete);
    for (const index of complete)
      expect(entries.find((e) => e.index === index)?.rawValue).toBe(cents(index) / 100);
    const { viewOption, year, missingFields } = fiveCars.expected.incomplete;
    expect(entries[4]?.missingFigures).toEqual([
      { viewOption, year, outcome: "missingInput", missingFields },
    ]);
    expect(tiers[0]?.basis).toContainEqual({ viewOption: "RoadTax", year: 2025 });
    expect(tiers[0]?.description).toContain("Registration tax 2025");
    expect(tiers[1]?.description).toMatch(/without Registration tax 2025 \(missing: weight\)$/);
  });

  it("property: adding the 330e, or any car lacking a figure, to the four complete cars never reorders them", () => {
    const complete = outcome.rows.filter((r) => r.index !== 0);
    const alone = rankComparison(complete, "employerTaxes").entries.map((e) => outcome.rows[e.index]?.name);
    expect(outcome.ranking.entries.slice(0, 4).map((e) => outcome.rows[e.index]?.name)).toEqual(alone);
    fc.assert(
      fc.property(
        fc.subarray([...(outcome.rows[1]?.lines ?? [])], { minLength: 0 }),
        fc.nat(4),
        (lines, at) => {
          const lacking = { ...(outcome.rows[1] as RankedCar), index: -1, lines, unavailableLines: [] };
          fc.pre(lines.length < (outcome.rows[1]?.lines.length ?? 0));
          const cars = [...complete.slice(0, at), lacking, ...complete.slice(at)].map((c, index) => ({
            ...c,
            index,
          }));
          const names = rankComparison(cars, "employerTaxes")
            .entries.filter((e) => e.index !== at)
            .map((e) => (cars[e.index] as (typeof complete)[number]).name);
          expect(names).toEqual(alone);
        },
      ),
      { numRuns: 200 },
    );
  });
});
