import { describe, expect, it } from "vitest";
import { CAR_DETAIL_FIELDS } from "./car-detail-schema";
import { carDetailResponseSchema } from "./response-schemas";

describe("the CarDetail field list", () => {
  it("is the contract's table in its order, then the three extensions (docs/contract.md, CarDetail)", () => {
    expect(CAR_DETAIL_FIELDS).toEqual([
      "id",
      "ownerId",
      "name",
      "internalName",
      "catalogPrice",
      "firstRegistration",
      "fuel",
      "euroStandard",
      "kilowatt",
      "wltp",
      "nedC2",
      "capacity",
      "weight",
      "batteryCapacity",
      "nedC2NonHybrid",
      "wltpNonHybrid",
      "isActive",
      "euro6eBis",
      "oldtimerPlate",
    ]);
  });

  it("is the answer's, field for field and in the same order", () => {
    expect(Object.keys(carDetailResponseSchema.shape)).toEqual(CAR_DETAIL_FIELDS);
  });
});
