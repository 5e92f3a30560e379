import {
  type CalculationLine,
  calculate,
  enumNames,
  type Language,
  ProfileStatus,
  RegistrationOn,
  type TaxResult,
  toCalculationLines,
} from "@cartax/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carDetailOf, randomCarArb, registrationDateOf } from "../testing/random-cars";
import { calculationResultJson, withParameterLinks } from "./line-parameters";

/** A calculation of any car (random-cars.ts), region, profile, calculators and language. */
const calculationArb = fc.record({
  car: randomCarArb,
  status: fc.constantFrom(...enumNames(ProfileStatus)),
  registrationOn: fc.constantFrom(...enumNames(RegistrationOn)),
  region: fc.constantFrom("Flanders", "Wallonia", "Brussels"),
  hasFuelCard: fc.boolean(),
  viewOptions: fc.integer({ min: 1, max: 63 }),
  language: fc.constantFrom<Language>("nl", "fr", "en"),
  base: fc.constantFrom(
    "http://127.0.0.1:3000",
    "https://api.example.be/cartax",
    'https://x.test/"quoted"\\',
  ),
});

describe("calculationResultJson", () => {
  it("writes exactly what JSON.stringify writes of the result with withParameterLinks' lines", () => {
    fc.assert(
      fc.property(calculationArb, fc.uuid(), (c, calculationId) => {
        const outcome = calculate({
          car: carDetailOf(c.car),
          profile: {
            status: c.status,
            registrationOn: c.registrationOn,
            region: c.region,
            hasFuelCard: c.hasFuelCard,
          },
          options: {
            registrationDate: registrationDateOf(c.car),
            viewOptions: c.viewOptions,
            ownMonthlyCost: null,
          },
        } as Parameters<typeof calculate>[0]);
        if (!outcome.ok) return; // an input the engine refuses has no answer to write
        const { lines, unavailableLines } = toCalculationLines(outcome.results, c.language);
        const expected = JSON.stringify({
          calculationId,
          lines: withParameterLinks(lines, outcome.results, c.region, c.base),
          unavailableLines,
        });
        expect(
          calculationResultJson(calculationId, lines, unavailableLines, outcome.results, c.region, c.base),
        ).toBe(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it("writes parameter values of every kind as JSON.stringify does", () => {
    // The values of real calculations are the law's short decimals; these reach the other paths.
    const values = [0, -0, 1, -1, 0.1, 1.3045, 1e21, 123456789.123456, 1 / 3, -2.5e-7, 'text "q" \\ é'];
    const result = {
      calculator: "RoadTax",
      year: 2025,
      explanation: {
        parameters: values.map((value, i) => ({
          name: `p${i}`,
          value,
          unit: "factor",
          provisional: i % 2 === 0,
          parameter: null,
          source: { title: "", url: "" },
        })),
      },
    };
    const line = {
      name: "Registration tax",
      description: null,
      viewOption: "RoadTax",
      value: "1 €",
      rawValue: 1,
      year: 2025,
      url: null,
      hasUrl: false,
      outcome: "amount",
      provisional: false,
    };
    const lines = [line] as unknown as CalculationLine[];
    const results = [result] as unknown as TaxResult[];
    expect(calculationResultJson("id", lines, [], results, "Flanders", "http://b")).toBe(
      JSON.stringify({
        calculationId: "id",
        lines: withParameterLinks(lines, results, "Flanders", "http://b"),
        unavailableLines: [],
      }),
    );
  });
});
