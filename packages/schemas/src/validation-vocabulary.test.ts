import { describe, expect, it } from "vitest";
import { parseCalculationRequest } from "./parse-calculation-request";

const valid = {
  carDetail: {
    catalogPrice: 35000,
    firstRegistration: "2024-02-01",
    fuel: 20,
    euroStandard: "Euro6",
    kilowatt: 96,
    wltp: 128,
    nedC2: 0,
    capacity: 1498,
  },
  userProfile: { postalCode: 9000, status: 30, registrationOn: "CompanyRegistration", regionRegistration: 0 },
  options: { registrationDate: "2024-02-01" },
};
const VOCABULARY = [
  "required",
  "type",
  "min",
  "max",
  "enum",
  "format",
  "date",
  "requiredFrom2021",
  "requiredForFuel",
  "range",
  "notAfterRegistration",
  "oneOf",
];

function errorsOf(patch: Record<string, unknown>) {
  const result = parseCalculationRequest({ ...valid, ...patch });
  if (result.ok) throw new Error("expected invalid");
  return result.problem.errors ?? [];
}

describe("validation messages in the caller's terms", () => {
  it("a string where a number belongs is a type error that says so", () => {
    const [error] = errorsOf({ carDetail: { ...valid.carDetail, catalogPrice: "35000" } });
    expect(error).toEqual({
      field: "carDetail.catalogPrice",
      rule: "type",
      message: "carDetail.catalogPrice must be a number",
    });
  });

  it("a missing enumeration is required; a wrong one lists the names and values; a wrong type says so", () => {
    expect(errorsOf({ carDetail: { ...valid.carDetail, fuel: undefined } })[0]).toMatchObject({
      field: "carDetail.fuel",
      rule: "required",
      message: "carDetail.fuel is required",
    });
    const wrong = errorsOf({ carDetail: { ...valid.carDetail, fuel: "Benzine" } })[0];
    expect(wrong?.rule).toBe("enum");
    expect(wrong?.message).toContain("Petrol (20)");
    expect(errorsOf({ carDetail: { ...valid.carDetail, fuel: true } })[0]).toMatchObject({ rule: "type" });
    expect(errorsOf({ userProfile: { ...valid.userProfile, language: "de" } })[0]).toMatchObject({
      field: "userProfile.language",
      rule: "enum",
      message: "userProfile.language must be one of nl, fr, en",
    });
  });

  it("bounds and formats read plainly, and rules never leak validator codes", () => {
    expect(errorsOf({ userProfile: { ...valid.userProfile, postalCode: 999 } })[0]).toMatchObject({
      rule: "min",
      message: "userProfile.postalCode must be at least 1000",
    });
    // The same rule as a malformed id in a path or query (uuid), and any hexadecimal GUID passes.
    expect(errorsOf({ carDetail: undefined, carDetailId: "car-1" })[0]).toMatchObject({
      rule: "uuid",
      message: "carDetailId must be a GUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6",
    });
    expect(
      parseCalculationRequest({
        ...valid,
        carDetail: undefined,
        carDetailId: "00000000-0000-0000-0000-0000000000a1",
      }).ok,
    ).toBe(true);
    expect(errorsOf({ carDetail: { ...valid.carDetail, wltp: 128.5 } })[0]).toMatchObject({
      rule: "type",
      message: "carDetail.wltp must be a whole number",
    });
    const many = [
      ...errorsOf({
        carDetail: { ...valid.carDetail, fuel: {}, euroStandard: [], kilowatt: -1, nedC2: "x", name: 7 },
      }),
      ...errorsOf({
        userProfile: { ...valid.userProfile, viewOptions: 1.5, hasFuelCard: "yes", language: 3 },
        options: { registrationDate: "2024-13-01" },
      }),
      ...errorsOf({ userProfile: undefined, options: undefined, carDetail: undefined }),
    ];
    for (const error of many) expect(VOCABULARY, JSON.stringify(error)).toContain(error.rule);
  });
});
