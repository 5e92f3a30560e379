import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as engine from "../src/index";

// Every function the package exports, fed arbitrary JSON values (what a caller parsing JSON can
// pass, whatever the types say): it answers, it never throws.
const functions = Object.entries(engine).filter(([, value]) => typeof value === "function") as [
  string,
  (...args: unknown[]) => unknown,
][];

describe("the public API never throws on arbitrary input", () => {
  it.each(functions.map(([name, fn]) => [name, fn] as const))("%s", (name, fn) => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }), (args) => {
        expect(() => fn(...args), `${name}(${JSON.stringify(args)})`).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
});

describe("the option checkers with a prefix that is not text", () => {
  // fast-check's counterexample of 7 December 2026: an object whose toString is not a function.
  const odd = { toString: "" };
  it("name their issues under options", () => {
    const schedule = engine.scheduleOptionIssues("", odd as never);
    expect(schedule.map((issue) => issue.field)).toEqual(["options.from", "options.until"]);
    const projection = engine.projectionOptionIssues({ years: 0 }, odd as never);
    expect(projection.map((issue) => issue.field)).toContain("options.years");
  });
});

describe("input parsed from JSON is checked at run time", () => {
  const valid = {
    car: {
      catalogPrice: 40000,
      firstRegistration: "2025-03-01",
      fuel: "Petrol",
      euroStandard: "Euro6",
      kilowatt: 110,
      wltp: 130,
      nedC2: 0,
      capacity: 1498,
    },
    profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
    options: { registrationDate: "2025-03-01" },
  };
  const issuesOf = (patch: (input: typeof valid) => unknown) => {
    const outcome = engine.calculate(patch(structuredClone(valid)) as never);
    return outcome.ok ? [] : outcome.issues.map((i) => `${i.field}:${i.rule}`);
  };

  it.each([
    [
      "region: flanders",
      (i: typeof valid) => ({ ...i, profile: { ...i.profile, region: "flanders" } }),
      "userProfile.regionRegistration:enum",
    ],
    [
      "euroStandard: Euro 6",
      (i: typeof valid) => ({ ...i, car: { ...i.car, euroStandard: "Euro 6" } }),
      "carDetail.euroStandard:enum",
    ],
    [
      "fuel: Benzine",
      (i: typeof valid) => ({ ...i, car: { ...i.car, fuel: "Benzine" } }),
      "carDetail.fuel:enum",
    ],
    [
      "status: Company",
      (i: typeof valid) => ({ ...i, profile: { ...i.profile, status: "Company" } }),
      "userProfile.status:enum",
    ],
    [
      "price as a string",
      (i: typeof valid) => ({ ...i, car: { ...i.car, catalogPrice: "40000" } }),
      "carDetail.catalogPrice:type",
    ],
    ["no options", (i: typeof valid) => ({ ...i, options: undefined }), "options:required"],
    [
      "language de",
      (i: typeof valid) => ({ ...i, profile: { ...i.profile, language: "de" } }),
      "userProfile.language:enum",
    ],
  ])("%s is an issue, not a result or an exception", (_, patch, expected) => {
    expect(issuesOf(patch)).toContain(expected);
  });

  it("accepts enumerations by number as by name, with the same results", () => {
    const byNumber = engine.calculate({
      ...valid,
      car: { ...valid.car, fuel: 20, euroStandard: 70 },
      profile: { status: 30, registrationOn: 20, region: 0 },
    } as never);
    expect(byNumber).toEqual(engine.calculate(valid as never));
    expect(byNumber.ok).toBe(true);
  });

  it("calculateLine checks dates, the date range, the calculator and the year", () => {
    const bad = engine.calculateLine(
      { ...valid, options: { registrationDate: "2025-02-30" } } as never,
      "RoadTax",
      2025,
    );
    expect(bad.ok).toBe(false);
    const early = engine.calculateLine(
      { ...valid, options: { registrationDate: "2019-05-01" } } as never,
      "RoadTax",
      2019,
    );
    expect(early.ok ? [] : early.issues.map((i) => i.rule)).toContain("range");
    expect(engine.calculateLine(valid as never, "Nope" as never, 2025).ok).toBe(false);
    expect(engine.calculateLine(valid as never, "RoadTax", 2025.5).ok).toBe(false);
    expect(engine.computeTaxMatrix({ ...valid.car, fuel: "Benzine" } as never, valid.options).ok).toBe(false);
  });
});
