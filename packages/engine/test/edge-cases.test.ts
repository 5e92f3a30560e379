import { describe, expect, it } from "vitest";
import type { CalculationInput } from "../src/input/calculation-input";
import { computeTaxMatrix } from "../src/matrix/tax-matrix";
import { calculate } from "../src/operations/calculate";
import { lineOf } from "../src/testing/line-of";

const company = { status: "SelfEmployed", registrationOn: "CompanyRegistration" } as const;

describe("inputs with decimals never throw", () => {
  it("a WLTP figure with decimals: BIK 2025 = 48,400 × 6/7 × (5.5 + (120.5 − 71) × 0.1) % = 4,335.26", () => {
    const input: CalculationInput = {
      car: {
        catalogPrice: 40000,
        fuel: "Petrol",
        euroStandard: "Euro6",
        kilowatt: 110,
        wltp: 120.5,
        nedC2: 0,
        capacity: 1498,
      },
      profile: { ...company, region: "Flanders" },
      options: { registrationDate: "2025-03-01" },
    };
    const outcome = calculate(input);
    expect(outcome.ok).toBe(true);
    expect(lineOf(input, "BenefitInKind", 2025).amount).toBe(4335.26);
  });

  it("a weight with decimals in the Walloon reform: 867 × 130/136 × 1,500.5/1,838 = 676.57", () => {
    const car = {
      catalogPrice: 40000,
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 110,
      wltp: 130,
      nedC2: 0,
      capacity: 1899,
      weight: 1500.5,
    } as const;
    const input: CalculationInput = {
      car,
      profile: { ...company, region: "Wallonia" },
      options: { registrationDate: "2025-08-01" },
    };
    expect(lineOf(input, "RoadTax", 2025)).toMatchObject({ outcome: "amount", amount: 676.57 });
    expect(computeTaxMatrix(car, { registrationDate: "2025-08-01" }).ok).toBe(true);
  });

  it("an absurd capacity is an input issue, not an infinite tax", () => {
    const outcome = calculate({
      car: {
        catalogPrice: 40000,
        fuel: "Petrol",
        euroStandard: "Euro6",
        kilowatt: 110,
        wltp: 130,
        nedC2: 0,
        capacity: 1e308,
      },
      profile: { ...company, region: "Brussels" },
      options: { registrationDate: "2025-08-01" },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toContainEqual(
      expect.objectContaining({ field: "carDetail.capacity", rule: "range" }),
    );
  });

  it("an order date after the registration date is an input issue", () => {
    const outcome = calculate({
      car: {
        catalogPrice: 30000,
        fuel: "NaturalGas",
        euroStandard: "Euro6",
        kilowatt: 81,
        wltp: 110,
        nedC2: 0,
        capacity: 1498,
      },
      profile: { ...company, region: "Flanders" },
      options: { registrationDate: "2022-07-13", orderDate: "2026-11-28" },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toContainEqual(
      expect.objectContaining({ field: "options.orderDate", rule: "notAfterRegistration" }),
    );
  });
});

describe("oldtimers", () => {
  const oldCar = {
    catalogPrice: 20000,
    fuel: "Petrol",
    euroStandard: "NA",
    kilowatt: 100,
    nedC2: 0,
    wltp: null,
    capacity: 1998,
    weight: 1500,
    firstRegistration: "1990-03-01",
  } as const;

  it("Flemish BIV of a car 30+ years old is the window minimum even where x/q are not published (2027: 41.99 × 1.385 = 58.16)", () => {
    const input: CalculationInput = {
      car: oldCar,
      profile: { status: "Private", registrationOn: "PrivateRegistration", region: "Flanders" },
      options: { registrationDate: "2027-03-01" },
    };
    expect(lineOf(input, "RoadTax", 2027)).toMatchObject({ outcome: "amount", amount: 58.16 });
  });

  it("Walloon reform: a car 30+ years old under an O plate pays the flat 61.50, CO2 or not; without the plate the formula (regional-fixes.md §2.3)", () => {
    const input: CalculationInput = {
      car: { ...oldCar, oldtimerPlate: true },
      profile: { status: "Private", registrationOn: "PrivateRegistration", region: "Wallonia" },
      options: { registrationDate: "2025-09-01" },
    };
    expect(lineOf(input, "RoadTax", 2025)).toMatchObject({ outcome: "amount", amount: 61.5 });
    expect(lineOf({ ...input, car: oldCar }, "RoadTax", 2025)).toMatchObject({ outcome: "missingInput" });
  });
});

describe("provisional where the rule is not settled", () => {
  const phev = {
    catalogPrice: 50000,
    fuel: "PluginHybridPetrol",
    euroStandard: "Euro6",
    kilowatt: 150,
    wltp: 70,
    nedC2: 0,
    capacity: 1498,
    weight: 2200,
    batteryCapacity: 20,
    firstRegistration: "2025-03-01",
  } as const;
  const input = (car: CalculationInput["car"]): CalculationInput => ({
    car,
    profile: { ...company, region: "Flanders" },
    options: { registrationDate: "2025-03-01" },
  });

  it("a 70 g plug-in hybrid registered in 2025: the inferred Euro 6e-bis status decides, so provisional", () => {
    const bik = lineOf(input(phev), "BenefitInKind", 2025);
    expect(bik.provisional).toBe(true);
    expect(bik.explanation.notes).toContain("euro6eBisAssumed");
  });

  it("the same car declared Euro 6e-bis is genuine: 60,500 × 6/7 × 5.4 % = 2,800.29, not provisional", () => {
    const bik = lineOf(input({ ...phev, euro6eBis: true }), "BenefitInKind", 2025);
    expect(bik).toMatchObject({ amount: 2800.29, provisional: false });
  });

  it("a battery test failed on the maximum authorised mass, or skipped without weight, is provisional", () => {
    const light = { ...phev, wltp: 40, batteryCapacity: 10.5, weight: 2400 };
    const failed = lineOf(input(light), "BenefitInKind", 2025);
    expect(failed.provisional).toBe(true);
    expect(failed.explanation.notes).toContain("batteryTestMaximumMass");
    const skipped = lineOf(input({ ...light, weight: null }), "BenefitInKind", 2025);
    expect(skipped.provisional).toBe(true);
    expect(skipped.explanation.notes).toContain("batteryTestSkipped");
  });

  it("the Flemish road tax of a plug-in hybrid under 35 g/km (codex 24 g vs simulator model 35 g)", () => {
    const yearly = lineOf(input({ ...phev, wltp: 30, euro6eBis: true }), "YearlyTax", 2025);
    expect(yearly.outcome).toBe("amount");
    expect(yearly.provisional).toBe(true);
  });

  it("Brussels road tax from July 2023 (no Brussels table read; assumed equal to Wallonia)", () => {
    const car = {
      catalogPrice: 30000,
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 81,
      wltp: 130,
      nedC2: 0,
      capacity: 1898,
    } as const;
    const brussels = lineOf(
      { car, profile: { ...company, region: "Brussels" }, options: { registrationDate: "2023-09-01" } },
      "YearlyTax",
      2023,
    );
    const wallonia = lineOf(
      { car, profile: { ...company, region: "Wallonia" }, options: { registrationDate: "2023-09-01" } },
      "YearlyTax",
      2023,
    );
    // 10 CV in 2023-24: 394.02 including the décimes (Link2Fleet 2023).
    expect(brussels).toMatchObject({ amount: 394.02, provisional: true });
    expect(wallonia).toMatchObject({ amount: 394.02, provisional: false });
  });

  it("a sole proprietor's pre-2018 car from 2026 (the 75 % grandfathering ends on an unknown schedule)", () => {
    const car = {
      catalogPrice: 30000,
      fuel: "Diesel",
      euroStandard: "Euro6",
      kilowatt: 100,
      nedC2: 150,
      capacity: 1968,
      firstRegistration: "2017-07-01",
    } as const;
    const line = lineOf(
      {
        car,
        profile: { status: "SoleProprietor", registrationOn: "PrivateRegistration", region: "Flanders" },
        options: { registrationDate: "2026-02-01", orderDate: "2017-06-01" },
      },
      "FiscalDeduction",
      2026,
    );
    expect(line).toMatchObject({ amount: 75, provisional: true });
    expect(line.explanation.notes).toContain("pitFuelExcluded");
  });
});
