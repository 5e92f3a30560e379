import { RULES_VERSION } from "@cartax/engine";
import type { Subscription } from "@cartax/storage";
import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../engine-version";
import type { ServiceContext } from "../../http/app-env";
import { auditFields, type CalculationCall, inputProblem } from "./calculation-pipeline";
import type { ReferencedCar } from "./stored-car";

const call: CalculationCall = {
  service: {} as ServiceContext,
  subscription: { id: "sub", ownerId: "owner" } as Subscription,
};
const inline: ReferencedCar = { car: {} as ReferencedCar["car"], carDetailId: null };
const stored: ReferencedCar = {
  car: {} as ReferencedCar["car"],
  carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
};
const issue = (field: string) => ({ field, rule: "notAfterRegistration", message: `${field}: too late` });

describe("the calculation pipeline", () => {
  it("records the same audit fields for every operation, the engine's version included", () => {
    expect(auditFields(call, undefined)).toMatchObject({
      ownerId: "owner",
      subscriptionId: "sub",
      rulesVersion: RULES_VERSION,
      engineVersion: ENGINE_VERSION,
      clientVersion: null,
    });
    expect(auditFields(call, "app 2.1").clientVersion).toBe("app 2.1");
  });

  it("names an inline car's issue by its field, a stored car's by its carDetailId", () => {
    const errors = (cars: ReferencedCar[], field: string) =>
      inputProblem([issue(field)], cars).problem.errors?.map((e) => e.field);
    expect(errors([inline], "carDetail.firstRegistration")).toEqual(["carDetail.firstRegistration"]);
    expect(errors([stored], "carDetail.firstRegistration")).toEqual(["carDetailId"]);
    expect(errors([inline, stored], "cars[0].carDetail.firstRegistration")).toEqual([
      "cars.0.carDetail.firstRegistration",
    ]);
    expect(errors([inline, stored], "cars[1].carDetail.firstRegistration")).toEqual(["cars.1.carDetailId"]);
  });
});
