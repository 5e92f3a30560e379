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

describe("parseCalculationRequest", () => {
  it("accepts enum names and numbers alike and yields names", () => {
    const result = parseCalculationRequest(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.carDetail?.fuel).toBe("Petrol");
    expect(result.request.userProfile.status).toBe("SelfEmployed");
    expect(result.request.userProfile.regionRegistration).toBe("Flanders");
  });

  it("names the field and the rule of a postal code out of range (spec: 1000 to 9992)", () => {
    const result = parseCalculationRequest({
      ...valid,
      userProfile: { ...valid.userProfile, postalCode: 9993 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.status).toBe(400);
    expect(result.problem.errors).toContainEqual(
      expect.objectContaining({ field: "userProfile.postalCode", rule: "max" }),
    );
  });

  it("reports a missing userProfile or options as required", () => {
    const result = parseCalculationRequest({ carDetail: valid.carDetail });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const fields = result.problem.errors?.map((e) => `${e.field}:${e.rule}`);
    expect(fields).toEqual(expect.arrayContaining(["userProfile:required", "options:required"]));
  });

  it("requires one of carDetailId or carDetail", () => {
    const { carDetail: _omit, ...rest } = valid;
    const result = parseCalculationRequest(rest);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.errors).toContainEqual(expect.objectContaining({ rule: "oneOf" }));
  });

  it("requires wltp from 2021, capacity for combustion fuels and the battery of a plug-in hybrid", () => {
    const result = parseCalculationRequest({
      ...valid,
      carDetail: { ...valid.carDetail, fuel: "PluginHybridPetrol", wltp: null, capacity: null },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const fields = result.problem.errors?.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(["carDetail.wltp", "carDetail.capacity", "carDetail.batteryCapacity"]),
    );
  });

  it("rejects an unknown enumeration value and a registration date outside 2021–2028", () => {
    const badFuel = parseCalculationRequest({ ...valid, carDetail: { ...valid.carDetail, fuel: 11 } });
    expect(badFuel.ok).toBe(false);
    const early = parseCalculationRequest({
      ...valid,
      carDetail: { ...valid.carDetail, firstRegistration: "2019-01-01" },
      options: { registrationDate: "2020-12-31" },
    });
    expect(early.ok).toBe(false);
    if (early.ok) return;
    expect(early.problem.errors).toContainEqual(
      expect.objectContaining({ field: "options.registrationDate", rule: "range" }),
    );
  });
});
