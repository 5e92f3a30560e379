/**
 * Amounts checked against worked examples and rules of docs/research/federal.md and
 * regional.md, computed by hand (source beside each figure), and spec rules that relate two answers
 * (orderDate fallback, ownMonthlyCost).
 */
import { describe, expect, it } from "vitest";
import { calculate, petrolCar, profile } from "./helpers";

type Line = { viewOption: string; year: number; rawValue: number; outcome?: string };

async function lines(body: Record<string, unknown>): Promise<Line[]> {
  const answer = await calculate(body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.lines;
}

function pick(all: Line[], view: string, year: number): number | undefined {
  return all.find((l) => l.viewOption === view && l.year === year)?.rawValue;
}

/** A car ordered before 1 July 2023: grandfathered gram formula (federal.md §3.2 A). */
function grandfathered(car: Record<string, unknown>) {
  return {
    carDetail: petrolCar({ firstRegistration: "2023-02-01", ...car }),
    userProfile: profile({ viewOptions: 8 }),
    options: { registrationDate: "2023-02-01", orderDate: "2023-01-10" },
  };
}

describe("fiscal deductibility, gram formula 120 % − 0.5 % × coefficient × CO2 (federal.md §3.1)", () => {
  it.each([
    // federal.md §7 example 7: petrol 98 g → 73.45 % (coefficient 0.95)
    ["petrol 98 g/km → 73.45 % (federal.md §7 ex. 7)", { fuel: "Petrol", wltp: 98, nedC2: 98 }, 73.45],
    // federal.md §7 example 8: diesel 116 g → 62 % (coefficient 1)
    [
      "diesel 116 g/km → 62 % (federal.md §7 ex. 8)",
      { fuel: "Diesel", wltp: 116, nedC2: 116, capacity: 1995 },
      62,
    ],
    // federal.md §7 example 7: diesel 190 g → 50 % (floor)
    [
      "diesel 190 g/km → 50 % floor (federal.md §7 ex. 7)",
      { fuel: "Diesel", wltp: 190, nedC2: 190, capacity: 1995 },
      50,
    ],
    // federal.md §3.1: 40 % flat when CO2 ≥ 200 g/km
    [
      "diesel 205 g/km → 40 % flat (federal.md §3.1)",
      { fuel: "Diesel", wltp: 205, nedC2: 205, capacity: 2993 },
      40,
    ],
  ])("%s", async (_label, car, expected) => {
    const result = await lines(grandfathered(car));
    expect(pick(result, "FiscalDeduction", 2023)).toBe(expected);
  });
});

describe("options", () => {
  it("orderDate falls back to registrationDate when omitted (spec CalculationOptions.orderDate)", async () => {
    const base = { carDetail: petrolCar(), userProfile: profile({ viewOptions: 8 | 32 }) };
    const omitted = await lines({ ...base, options: { registrationDate: "2025-03-01" } });
    const same = await lines({
      ...base,
      options: { registrationDate: "2025-03-01", orderDate: "2025-03-01" },
    });
    const older = await lines({
      ...base,
      options: { registrationDate: "2025-03-01", orderDate: "2023-01-10" },
    });
    const key = (all: Line[]) => all.map((l) => `${l.viewOption}/${l.year}=${l.rawValue}`).sort();
    expect(key(omitted)).toEqual(key(same));
    // The order date selects the deduction regime (federal.md §3.2 A vs B), so it must matter here.
    expect(key(older)).not.toEqual(key(omitted));
  });

  it("ownMonthlyCost lowers the benefit in kind by 12 × the monthly amount, not the rejected expenses (federal.md §1.7)", async () => {
    const base = { carDetail: petrolCar(), userProfile: profile({ viewOptions: 4 | 16 }) };
    const none = await lines({ ...base, options: { registrationDate: "2025-03-01" } });
    const paid = await lines({ ...base, options: { registrationDate: "2025-03-01", ownMonthlyCost: 100 } });
    // 2026 is a full year of use (the anniversary year line).
    const bikNone = pick(none, "BenefitInKind", 2026) as number;
    const bikPaid = pick(paid, "BenefitInKind", 2026) as number;
    expect(bikNone).toBeGreaterThan(1200);
    expect(bikPaid).toBeCloseTo(bikNone - 1200, 2);
    // "The employer-side rejected expense is computed on the BIK before deducting the employee contribution."
    expect(pick(paid, "RejectedExpenses", 2026)).toBe(pick(none, "RejectedExpenses", 2026));
  });

  it("registrationDate outside 2021-01-01 … 2028-12-31 is a 400 with rule range (README)", async () => {
    for (const registrationDate of ["2020-12-31", "2029-01-01"]) {
      const answer = await calculate({
        carDetail: petrolCar({ firstRegistration: "2020-06-01" }),
        userProfile: profile(),
        options: { registrationDate },
      });
      expect(answer.status, answer.text).toBe(400);
      const rules = (answer.json.errors as Array<{ field: string; rule: string }>).filter((e) =>
        e.field.endsWith("registrationDate"),
      );
      expect(rules.map((e) => e.rule)).toContain("range");
    }
  });
});

describe("regional registration tax (regional.md)", () => {
  it("Wallonia before the 1 July 2025 reform: 110 kW / 8 CV, 130 g/km, new → 867.00", async () => {
    // regional.md §3.1: higher of CV amount (8 CV → 61.50) and kW amount (101–110 kW → 867) [H], not indexed [H],
    // no age reduction for a new car, eco-malus 0 € for ≤ 145 g/km [M].
    const result = await lines({
      carDetail: petrolCar(),
      userProfile: profile({ postalCode: 5000, regionRegistration: "Wallonia", viewOptions: 1 }),
      options: { registrationDate: "2025-03-01" },
    });
    expect(pick(result, "RoadTax", 2025)).toBe(867);
  });
});
