import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculate, calculateLine } from "../src/operations/calculate";
import { calculationInputArb } from "../src/testing/arbitraries";

// Issue 12 point 2: a result is data. Whatever a caller does with it (spread, structuredClone and so
// postMessage, a JSON round trip), every field the types promise is still there and unchanged.
describe("results are plain data", () => {
  it("survive spread, structuredClone and JSON round trips with their explanation", () => {
    fc.assert(
      fc.property(calculationInputArb, (input) => {
        const outcome = calculate(input);
        if (!outcome.ok) return;
        for (const result of outcome.results) {
          expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
          // Records built for speed (see result-builder.ts) are still plain objects.
          expect(Object.getPrototypeOf(result.explanation.inputs)).toBe(Object.prototype);
          expect(Object.getPrototypeOf(result.explanation.details)).toBe(Object.prototype);
          const spread = { ...result };
          const cloned = structuredClone(result);
          const parsed = JSON.parse(JSON.stringify(result));
          for (const copy of [spread, cloned, parsed]) {
            expect(copy).toStrictEqual(result);
            expect(copy.explanation.legalSource.url).toMatch(/^https:\/\//);
            expect(Object.keys(copy.explanation).sort()).toEqual(
              ["details", "formula", "inputs", "legalSource", "notes", "parameters"].sort(),
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("calculateLine answers a plain object too", () => {
    const outcome = calculateLine(
      {
        car: {
          catalogPrice: 30000,
          fuel: "Diesel",
          euroStandard: "Euro6",
          kilowatt: 100,
          nedC2: 151,
          wltp: 170,
          capacity: 1968,
        },
        profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Wallonia" },
        options: { registrationDate: "2024-01-10" },
      },
      "BenefitInKind",
      2024,
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(structuredClone(outcome.result)).toStrictEqual(outcome.result);
    expect(outcome.result.explanation.parameters.length).toBeGreaterThan(0);
  });
});
