import { describe, expect, it, vi } from "vitest";
import type { Calculator } from "../src/core/enums";
import { describeResult } from "../src/explanation/calculation-line";
import { BOOK_PAGES } from "../src/explanation/rule-book/book-pages";
import type { CalculationInput } from "../src/input/calculation-input";
import { lineOf } from "../src/testing/line-of";

/**
 * Issue 30 point 6: an explanation is written from the parameters it explains. The parameter files
 * are replaced here by copies whose rates and factors differ from the law's (no real value: a
 * changed publication); every formula and description that names one of them must follow, and none
 * may still print the law's figure.
 */
type Row = { value: unknown };
type File = { rows: Row[] };

vi.mock("../src/law/parameter-files", async (importOriginal) => {
  const original = (await importOriginal()) as { PARAMETER_FILES: Record<string, unknown> };
  const files = structuredClone(original.PARAMETER_FILES) as Record<string, File>;
  const change = (id: string, value: (old: never) => unknown) => {
    const file = files[id];
    if (!file) throw new Error(`no parameter ${id}`);
    for (const row of file.rows) row.value = value(row.value as never);
  };
  type Obj = Record<string, unknown>;
  change("rejectedExpenses.rates", (v: Obj) => ({ ...v, standard: 19, withFuelCard: 45 }));
  change("rejectedExpenses.zeroEmissionFuelCardRate", () => 42);
  change("regional.roadTax.surcharge", () => 1.15);
  change("bik.privateShare", () => ({ numerator: 5, denominator: 7 }));
  change("bik.catalogueVatFactor", () => 1.2);
  change("bik.co2Percent", (v: Obj) => ({ ...v, minimum: 3, maximum: 19 }));
  change("deduction.formula", (v: Obj) => ({
    ...v,
    start: 125,
    perGram: 0.6,
    highCo2From: 210,
    highCo2Percent: 35,
  }));
  change("deduction.grandfatheredMinimum", () => 70);
  change("co2Contribution.formula", (v: Obj) => ({ ...v, gramFactor: 8 }));
  change("fakeHybrid.fallbackMultiplier", () => 3);
  change("flanders.biv.formula", (v: Obj) => ({ ...v, divisor: 250, factor: 4600, oldtimerYears: 31 }));
  change("flanders.biv.quotientDecimals", () => 7);
  change("flanders.roadTax.greenFormula", (v: Obj) => ({ ...v, percentPerGram: 0.4 }));
  change("wallonia.tmc.reformBounds", () => ({ minimum: 60, maximum: 9500 }));
  return { PARAMETER_FILES: files };
});

const car: CalculationInput["car"] = {
  catalogPrice: 40000,
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  weight: 1900,
};
const input = (
  changes: {
    car?: Partial<CalculationInput["car"]>;
    profile?: Partial<CalculationInput["profile"]>;
    options?: Partial<CalculationInput["options"]>;
  } = {},
): CalculationInput => ({
  car: { ...car, ...changes.car },
  profile: {
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    region: "Flanders",
    ...changes.profile,
  },
  options: { registrationDate: "2025-03-01", ...changes.options },
});

/** The line's formula and its descriptions in the three languages. */
function texts(calculation: CalculationInput, calculator: Calculator, year: number) {
  const result = lineOf(calculation, calculator, year);
  return {
    formula: result.explanation.formula,
    en: describeResult(result, "en") ?? "",
    nl: describeResult(result, "nl") ?? "",
    fr: describeResult(result, "fr") ?? "",
  };
}

describe("explanations follow the parameters they explain", () => {
  it("benefit in kind: the VAT factor, the private-use share and the bounds of the CO2 percentage", () => {
    const t = texts(input(), "BenefitInKind", 2025);
    expect(t.formula).toContain("catalogPrice × 1.2 × ageCoefficient × 5/7 × CO2% (3 %–19 %)");
    expect(t.formula).not.toMatch(/1\.21|6\/7|18 %/);
    expect(t.en).toContain("private-use share 5/7");
    expect(t.nl).toContain("aandeel privégebruik 5/7");
    expect(t.fr).toContain("part d'usage privé 5/7");
  });

  it("rejected expenses: both rates, in the formula and in the fuel-card sentence", () => {
    const t = texts(input({ profile: { hasFuelCard: true } }), "RejectedExpenses", 2025);
    expect(t.formula).toContain("× 19 %, or × 45 % with a fuel card (× 42 % for a zero-emission car)");
    expect(t.en).toContain("45 % instead of 19 %");
    expect(t.nl).toContain("45 % in plaats van 19 %");
    expect(t.fr).toContain("45 % au lieu de 19 %");
    for (const text of Object.values(t)) expect(text).not.toMatch(/\b(17|40) %/);
  });

  it("deduction: the gram formula, the high-CO2 rule and the grandfathered minimum", () => {
    const high = texts(
      input({ car: { wltp: 230 }, options: { registrationDate: "2022-03-01" } }),
      "FiscalDeduction",
      2022,
    );
    expect(high.formula).toContain("125 % − 0.6 % × fuelCoefficient × CO2");
    expect(high.en).toContain("CO2 of 210 g/km or more: 35 %.");
    expect(high.nl).toContain("CO2-uitstoot van 210 g/km of meer: 35 %.");
    const old = texts(
      input({
        car: { wltp: 0, nedC2: 190 },
        profile: { status: "SoleProprietor" },
        options: { registrationDate: "2021-03-01", orderDate: "2017-06-01" },
      }),
      "FiscalDeduction",
      2021,
    );
    expect(old.en).toContain("at least 70 %.");
    expect(old.fr).toContain("au moins 70 %.");
  });

  it("CO2 contribution: the gram factor", () => {
    expect(texts(input(), "CO2Contribution", 2025).formula).toContain("((CO2 × 8) − constant)");
  });

  it("fake plug-in hybrid without an equivalent: the multiplier of its own CO2", () => {
    const t = texts(
      input({ car: { fuel: "PluginHybridPetrol", wltp: 60, batteryCapacity: 5, weight: 2000 } }),
      "BenefitInKind",
      2025,
    );
    expect(t.en).toContain("own CO2 × 3 = 180 g/km");
    expect(t.nl).toContain("× 3 = 180 g/km");
  });

  it("annual road tax: the surcharge and the CO2 correction per gram", () => {
    const flemish = texts(input(), "YearlyTax", 2025);
    expect(flemish.formula).toContain("T × 0.4 % × (CO2 − reference)");
    expect(flemish.formula).toContain("× 1.15 [+ LPG supplement]");
    expect(flemish.formula).not.toContain("1.1 ");
    const walloon = texts(input({ profile: { region: "Wallonia" } }), "YearlyTax", 2025);
    expect(walloon.formula).toBe("scale(fiscal HP) × 1.15 [+ LPG supplement]");
  });

  it("registration tax: the BIV's divisor, factor and rounding, its oldtimer age, the Walloon bounds", () => {
    const biv = texts(input(), "RoadTax", 2025);
    expect(biv.formula).toBe("min(max((round7((CO2 × f × q) / 250)^6 × 4600 + c) × LC, minimum), maximum)");
    const oldtimer = texts(input({ car: { firstRegistration: "1993-01-01" } }), "RoadTax", 2025);
    expect(oldtimer.en).toContain("at least 31 years ago");
    expect(oldtimer.nl).toContain("minstens 31 jaar geleden");
    const walloon = texts(
      input({ profile: { region: "Wallonia" }, options: { registrationDate: "2025-09-01" } }),
      "RoadTax",
      2025,
    );
    expect(walloon.formula).toBe("min(max(MB × age % × CO2/X × MMA/Y × C × index, 60), 9500)");
  });

  it("the rule book's formulas and summaries: the same numbers as the lines", () => {
    const page = (path: string) => {
      const found = BOOK_PAGES.find((p) => `${p.scope}/${p.tax}` === path);
      if (!found) throw new Error(`no page ${path}`);
      return `${found.summary} ${found.formula}`;
    };
    expect(page("federal/benefit-in-kind")).toContain(
      "catalogPrice × 1.2 × ageCoefficient × 5/7 × CO2% (3 %–19 %)",
    );
    expect(page("federal/benefit-in-kind")).toContain("5/7 of the catalogue value");
    expect(page("federal/rejected-expenses")).toContain("The part is 19 %, or 45 %");
    expect(page("federal/deduction")).toContain("(125 % − 0.6 % × coefficient × CO2");
    expect(page("federal/co2-contribution")).toContain("((CO2 × 8) − constant)");
    expect(page("flanders/registration-tax")).toContain("round7((CO2 × f × q) / 250)^6 × 4600");
    expect(page("flanders/annual-road-tax")).toContain("T × 0.4 % × (CO2 − reference)");
    expect(page("wallonia/annual-road-tax")).toContain("scale(fiscal HP) × 1.15 [+ LPG supplement]");
    expect(page("brussels/annual-road-tax")).toContain("× 1.15) is added");
    expect(page("wallonia/registration-tax")).toContain("index, 60), 9500)");
    for (const p of BOOK_PAGES)
      expect(`${p.summary} ${p.formula}`).not.toMatch(/6\/7|× 1\.1\b|\b1\.21\b|\b17 %|10 % surcharge/);
  });
});
