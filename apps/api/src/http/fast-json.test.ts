import { computeTaxMatrix, type TaxMatrixRow } from "@cartax/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carDetailOf, randomCarArb, registrationDateOf } from "../testing/random-cars";
import { taxMatrixJson } from "./fast-json";

/** What the route answered before taxMatrixJson: JSON.stringify of the answer object. */
const stringified = (carDetailId: string, registrationDate: string, rows: readonly TaxMatrixRow[]) =>
  JSON.stringify({ carDetailId, registrationDate, rows });

describe("taxMatrixJson", () => {
  it("writes exactly what JSON.stringify writes of the engine's matrix for any car and date", () => {
    fc.assert(
      fc.property(randomCarArb, fc.uuid(), (c, carDetailId) => {
        const registrationDate = registrationDateOf(c);
        const outcome = computeTaxMatrix(carDetailOf(c), { registrationDate });
        if (!outcome.ok) return; // a car the matrix cannot tax is answered by the route otherwise
        const { rows } = outcome.matrix;
        expect(taxMatrixJson(carDetailId, registrationDate, rows)).toBe(
          stringified(carDetailId, registrationDate, rows),
        );
      }),
      { numRuns: 400 },
    );
  });

  it("writes any cell (null, whole, short or long decimals, negative zero) as JSON.stringify does", () => {
    const cell = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -1e7, max: 1e9 }),
      fc.integer({ min: 0, max: 1e9 }).map((cents) => cents / 100),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(-0, 0.1 + 0.2, 1e21, 123456789.123456, 5e-7),
    );
    const rowArb = fc.record({
      status: fc.constantFrom("Private", "SoleProprietor", "SelfEmployed", 'odd "name"\\'),
      registrationOn: fc.constantFrom("PrivateRegistration", "CompanyRegistration"),
      regions: fc.array(
        fc.record({
          region: fc.constantFrom("Flanders", "Wallonia", "Brussels"),
          roadTax: cell,
          yearlyTax: cell,
        }),
        { maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(fc.uuid(), fc.string(), fc.array(rowArb, { maxLength: 10 }), (id, date, rows) => {
        const typed = rows as unknown as TaxMatrixRow[];
        expect(taxMatrixJson(id, date, typed)).toBe(stringified(id, date, typed));
      }),
      { numRuns: 2_000 },
    );
  });
});
