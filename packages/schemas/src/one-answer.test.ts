import { describe, expect, it } from "vitest";
import { calculationRequestSchema } from "./calculation-request-schema";
import { carDetailSchema } from "./car-detail-schema";
import { fieldErrorsOf } from "./problem-details";
import { compareRequestSchema } from "./projection-schemas";

/** The field and rule of each issue, as the 400 problem names them. */
const named = (result: {
  error?: { issues: readonly { path: readonly PropertyKey[]; params?: unknown; code: string }[] };
}) =>
  (result.error?.issues ?? []).map((issue) => ({
    field: issue.path.map(String).join("."),
    rule: (issue.params as { rule?: string } | undefined)?.rule ?? issue.code,
  }));

const car = {
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
};
const userProfile = {
  postalCode: 9000,
  status: "SelfEmployed",
  registrationOn: "CompanyRegistration",
  regionRegistration: "Flanders",
};

/** Issue 41, point 6: every problem of a request in one answer, the ranges with the types. */
describe("the engine's rules reported with the schema's", () => {
  it("a car: a date out of range beside a refused fuel, and no rule that reads the refused fuel", () => {
    // 1886-01-29 is the first date a car may carry (contract: CarDetail.firstRegistration).
    const issues = named(
      carDetailSchema.safeParse({ ...car, fuel: "Gasoline", firstRegistration: "1886-01-28" }),
    );
    expect(issues).toEqual([
      { field: "fuel", rule: "enum" },
      { field: "firstRegistration", rule: "range" },
    ]);
  });

  it("a request: an order after the registration beside a refused status", () => {
    const issues = named(
      calculationRequestSchema.safeParse({
        carDetail: car,
        userProfile: { ...userProfile, status: "Company" },
        options: { registrationDate: "2025-03-01", orderDate: "2025-03-02" },
      }),
    );
    expect(issues).toContainEqual({ field: "options.orderDate", rule: "notAfterRegistration" });
    expect(issues).toHaveLength(2);
  });

  it("a request whose dates were refused: no rule that compares them", () => {
    const issues = named(
      calculationRequestSchema.safeParse({
        carDetail: { ...car, firstRegistration: "2026-01-01" },
        userProfile,
        options: { registrationDate: "1 March 2025" },
      }),
    );
    expect(issues.map((issue) => issue.field)).toEqual(["options.registrationDate"]);
  });

  it("a comparison names each car's rule by its place", () => {
    const issues = named(
      compareRequestSchema.safeParse({
        cars: [{ carDetail: car }, { carDetail: { ...car, capacity: null, wltp: 2000 } }, {}],
        userProfile: { ...userProfile, regionRegistration: "Ostbelgien" },
        options: { registrationDate: "2025-03-01" },
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { field: "cars.1.carDetail.wltp", rule: "too_big" },
        { field: "cars.1.carDetail.capacity", rule: "requiredForFuel" },
        { field: "cars.2.carDetail", rule: "oneOf" },
      ]),
    );
  });

  it("a body that is not an object: its type alone, no rule of its fields", () => {
    expect(named(carDetailSchema.safeParse([car])).map((issue) => issue.rule)).toEqual(["invalid_type"]);
    expect(named(calculationRequestSchema.safeParse([])).map((issue) => issue.rule)).toEqual([
      "invalid_type",
    ]);
  });

  it("a number too long for a double (Infinity once parsed) is out of range, not of another type", () => {
    const body = JSON.parse(`{"catalogPrice": 1${"0".repeat(400)}}`);
    const result = carDetailSchema.safeParse({ ...car, ...body }, { reportInput: true });
    expect(result.error && fieldErrorsOf(result.error)).toEqual([
      expect.objectContaining({ field: "catalogPrice", rule: "max" }),
    ]);
  });
});
