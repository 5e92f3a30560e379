import { computeTaxMatrix, enumNames, FuelType, type TaxMatrixRow } from "@cartax/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taxMatrixJson } from "./tax-matrix-json";

const FUELS = enumNames(FuelType);

/** What the route answered before taxMatrixJson: JSON.stringify of the answer object. */
const stringified = (carDetailId: string, registrationDate: string, rows: readonly TaxMatrixRow[]) =>
  JSON.stringify({ carDetailId, registrationDate, rows });

describe("taxMatrixJson", () => {
  it("writes exactly what JSON.stringify writes of the engine's matrix for any car and date", () => {
    fc.assert(
      fc.property(
        fc.record({
          registrationYear: fc.integer({ min: 2021, max: 2028 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
          ageMonths: fc.integer({ min: 0, max: 300 }),
          catalogPrice: fc.integer({ min: 5_000_00, max: 300_000_00 }).map((cents) => cents / 100),
          fuel: fc.constantFrom(...FUELS),
          co2: fc.integer({ min: 0, max: 350 }),
          kilowatt: fc.integer({ min: 30, max: 500 }),
          capacity: fc.integer({ min: 600, max: 6_000 }),
          batteryCapacity: fc.integer({ min: 0, max: 400 }).map((tenths) => tenths / 10),
        }),
        fc.uuid(),
        (c, carDetailId) => {
          const registrationDate = `${c.registrationYear}-${String(c.month).padStart(2, "0")}-${String(c.day).padStart(2, "0")}`;
          const first = new Date(Date.UTC(c.registrationYear, c.month - 1 - c.ageMonths, 1));
          const electric = c.fuel === "Electric" || c.fuel === "Hydrogen";
          const outcome = computeTaxMatrix(
            {
              catalogPrice: c.catalogPrice,
              firstRegistration: first.toISOString().slice(0, 10),
              fuel: c.fuel,
              euroStandard: "Euro6",
              kilowatt: c.kilowatt,
              wltp: electric ? 0 : c.co2,
              nedC2: 0,
              capacity: electric ? null : c.capacity,
              weight: 1600,
              batteryCapacity: c.fuel.startsWith("PluginHybrid") ? c.batteryCapacity : null,
            },
            { registrationDate },
          );
          if (!outcome.ok) return; // a car the matrix cannot tax is answered by the route otherwise
          const { rows } = outcome.matrix;
          expect(taxMatrixJson(carDetailId, registrationDate, rows)).toBe(
            stringified(carDetailId, registrationDate, rows),
          );
        },
      ),
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
