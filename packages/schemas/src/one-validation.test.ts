import { carDetailIssues } from "@cartax/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carDetailSchema } from "./car-detail-schema";
import { fieldErrorsOf } from "./problem-details";
import { toCarDetailInput } from "./to-calculation-input";

describe("one validation: the CarDetail schema applies the engine's car rules", () => {
  it("reports exactly the engine's cross-field issues for any car of valid field types", () => {
    const car = fc.record({
      catalogPrice: fc.integer({ min: 0, max: 100_000 }),
      fuel: fc.constantFrom("Diesel", "Petrol", "LPG", "PluginHybridPetrol", "Electric", "Hydrogen"),
      euroStandard: fc.constantFrom("Euro6", "NA"),
      kilowatt: fc.integer({ min: 0, max: 500 }),
      nedC2: fc.integer({ min: 0, max: 300 }),
      wltp: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
      capacity: fc.option(fc.integer({ min: 1, max: 6000 }), { nil: null }),
      batteryCapacity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      firstRegistration: fc.option(fc.constantFrom("2019-06-01", "2020-12-31", "2021-01-01", "2025-03-01"), {
        nil: null,
      }),
    });
    fc.assert(
      fc.property(car, (raw) => {
        const parsed = carDetailSchema.safeParse(raw, { reportInput: true });
        const schemaIssues = parsed.success
          ? []
          : fieldErrorsOf(parsed.error).map((e) => `${e.field}:${e.rule}`);
        const base = carDetailSchema.safeParse({ ...raw, wltp: 100, capacity: 1000, batteryCapacity: 10 });
        if (!base.success) throw new Error("base car invalid");
        const engineIssues = carDetailIssues(toCarDetailInput({ ...base.data, ...raw } as never), null).map(
          (i) => `${i.field}:${i.rule}`,
        );
        expect(schemaIssues.sort()).toEqual(engineIssues.sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe("one error per violation", () => {
  it("a number out of its schema bounds gives min or max alone, not also the engine's range", () => {
    const bounded = fc.constantFrom<[string, number, number]>(
      ["catalogPrice", -1, 2e7],
      ["kilowatt", -1, 1e5],
      ["nedC2", -1, 5000],
      ["wltp", -1, 5000],
      ["capacity", 0, 1e6],
      ["weight", 0, 1e6],
      ["batteryCapacity", -1, 1e4],
    );
    fc.assert(
      fc.property(bounded, fc.boolean(), ([field, low, high], below) => {
        const car = {
          catalogPrice: 30000,
          fuel: "Petrol",
          euroStandard: "Euro6",
          kilowatt: 100,
          nedC2: 0,
          wltp: 120,
          capacity: 1500,
          firstRegistration: "2024-01-01",
          [field]: below ? low : high,
        };
        const parsed = carDetailSchema.safeParse(car, { reportInput: true });
        expect(parsed.success).toBe(false);
        if (!parsed.success)
          expect(fieldErrorsOf(parsed.error).map((e) => `${e.field}:${e.rule}`)).toEqual([
            `${field}:${below ? "min" : "max"}`,
          ]);
      }),
    );
  });
});
