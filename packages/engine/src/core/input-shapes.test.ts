import { describe, expect, it } from "vitest";
import type { CalculationInput } from "../input/calculation-input";
import { lineContext } from "../input/line-context";
import { LEGAL_TEXTS } from "../law/legal-texts";
import { CALCULATORS } from "./enums";
import { INPUT_SHAPES, type InputLog, inputShapeOf } from "./input-shapes";
import { ResultBuilder } from "./result-builder";

// The engine's tests also run with checkLiteralRecords(true) (vitest setup file): every literal
// record a builder takes is compared with the inputs recorded one by one.
const input: CalculationInput = {
  car: { catalogPrice: 30000, fuel: "Petrol", euroStandard: "Euro6", kilowatt: 100, nedC2: 0, wltp: 120 },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
  options: { registrationDate: "2025-03-01" },
};
const builder = () =>
  new ResultBuilder("CO2Contribution", lineContext(input, 2025), LEGAL_TEXTS.co2Contribution);
const shape = INPUT_SHAPES.CO2Contribution;

describe("input shapes (literal records of the usual paths)", () => {
  it("each literal names its shape's keys in order, with the values of the log", () => {
    for (const calculator of CALCULATORS) {
      const { keys, literal } = INPUT_SHAPES[calculator];
      expect(inputShapeOf(calculator)).toBe(INPUT_SHAPES[calculator]);
      const log: InputLog = keys.flatMap((key, i) => [key, `${key}-${i}`]);
      expect(Object.entries(literal(log)), keys.join(",")).toEqual(
        keys.map((key, i) => [key, `${key}-${i}`]),
      );
    }
  });

  it("a builder whose first inputs are a shape's takes the literal, then adds the inputs recorded after it", () => {
    const b = builder();
    for (const [i, key] of shape.keys.entries()) b.input(key, i);
    b.input("extra", true);
    expect(Object.entries(b.amount({ n: 1, d: 1 }).explanation.inputs)).toEqual([
      ...shape.keys.map((key, i) => [key, i]),
      ["extra", true],
    ]);
  });

  it("a path that recorded other first inputs matches no shape and keeps the records", () => {
    const b = builder().input("orderDate", "2025-01-01").input("monthlyAmount", 3);
    for (const key of shape.keys.slice(1)) b.input(key, 0);
    expect(Object.keys(b.amount({ n: 1, d: 1 }).explanation.inputs)).toEqual([
      "orderDate",
      "monthlyAmount",
      ...shape.keys.slice(1).filter((k) => k !== "monthlyAmount"),
    ]);
  });
});
