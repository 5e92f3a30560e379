import { describe, expect, it } from "vitest";
import type { CalculationInput } from "./calculation-input";
import { lineContext } from "./line-context";
import { ResultBuilder } from "./result-builder";
import { LEGAL_TEXTS } from "./rules/legal-texts";

// The engine's tests run with checkLiteralRecords(true) (vitest setup file): a calculator's literal
// record of inputs that differs from what it recorded one by one fails the test that ran it.
const input: CalculationInput = {
  car: { catalogPrice: 30000, fuel: "Petrol", euroStandard: "Euro6", kilowatt: 100, nedC2: 0, wltp: 120 },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
  options: { registrationDate: "2025-03-01" },
};
const builder = () => new ResultBuilder("RoadTax", lineContext(input, 2025), LEGAL_TEXTS.flandersBiv);

describe("literal records of inputs", () => {
  it("take the literal, then add the inputs recorded after it", () => {
    const b = builder().input("a", 1).input("b", "x");
    b.inputsSoFar(2, { a: 1, b: "x" }).input("c", true);
    expect(Object.entries(b.amount({ n: 1, d: 1 }).explanation.inputs)).toEqual([
      ["a", 1],
      ["b", "x"],
      ["c", true],
    ]);
  });

  it("fail under the check when the literal differs in a value, a key or the order", () => {
    const wrongs: Record<string, number | string>[] = [
      { a: 2, b: "x" },
      { a: 1, c: "x" },
      { b: "x", a: 1 },
    ];
    for (const wrong of wrongs) {
      const b = builder().input("a", 1).input("b", "x").inputsSoFar(2, wrong);
      expect(() => b.amount({ n: 1, d: 1 })).toThrow(/literal record of inputs differs/);
    }
  });

  it("are not taken when the path recorded another number of inputs", () => {
    const b = builder().input("a", 1).input("b", "x").input("extra", 3);
    b.inputsSoFar(2, { a: 1, b: "x" });
    expect(Object.keys(b.amount({ n: 1, d: 1 }).explanation.inputs)).toEqual(["a", "b", "extra"]);
  });
});
