import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EuroStandard, FuelType } from "../../core/enums";
import { rowAt } from "../../law/parameter-table";
import { contextFor } from "../../testing/regional-context";
import { annualRoadTax } from "../annual-road-tax/annual-road-tax";
import { registrationTax } from "../registration-tax/registration-tax";
import { flemishRoadTaxMinimum } from "./flanders-index";

const fuels: FuelType[] = ["Petrol", "Diesel", "LPG", "NaturalGas", "HybridPetrol", "PluginHybridDiesel"];
const euros: EuroStandard[] = [
  "NA",
  "Euro0",
  "Euro3Filter",
  "Euro4",
  "Euro4Filter",
  "Euro5",
  "Euro6",
  "Euro7",
];
const isoDate = (from: number, to: number) =>
  fc
    .date({ min: new Date(Date.UTC(from, 0, 1)), max: new Date(Date.UTC(to, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

describe("regional properties", () => {
  it("Flemish BIV is monotone in CO2 within a branch", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fuels),
        fc.constantFrom(...euros),
        isoDate(2021, 2026),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        (fuel, euroStandard, registrationDate, nedcBranch, a, b) => {
          const firstRegistration = nedcBranch ? "2019-05-01" : registrationDate;
          const tax = (co2: number) =>
            registrationTax(
              contextFor(
                {
                  fuel,
                  euroStandard,
                  firstRegistration,
                  capacity: 1598,
                  ...(nedcBranch ? { nedC2: co2 } : { wltp: co2 }),
                },
                "Flanders",
                registrationDate,
              ),
            ).amount;
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(tax(low)).toBeLessThanOrEqual(tax(high));
        },
      ),
    );
  });

  it("the Flemish green road tax is never below the window's minimum × 1.10", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fuels.filter((f) => f !== "LPG")),
        fc.constantFrom(...euros),
        isoDate(2021, 2026),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 600, max: 6500 }),
        (fuel, euroStandard, registrationDate, lineOffset, co2, capacity) => {
          const ctx = contextFor({ fuel, euroStandard, wltp: co2, capacity }, "Flanders", registrationDate, {
            lineYear: Number(registrationDate.slice(0, 4)) + lineOffset,
          });
          const result = annualRoadTax(ctx);
          const minimum = rowAt(flemishRoadTaxMinimum, ctx.evaluationDate);
          if (result.outcome !== "amount" || !minimum) return;
          expect(result.amount).toBeGreaterThanOrEqual(Math.round(minimum.value * 110) / 100);
        },
      ),
    );
  });
});
