import { CAR_DETAIL_FIELDS } from "@cartax/schemas";
import { describe, expect, it } from "vitest";
import { SIMULATOR_CAR_FIELDS, SIMULATOR_FIELDS } from "./simulator-fields";

describe("the simulator's fields", () => {
  it("take the car's names from the one CarDetail field list", () => {
    const names = SIMULATOR_CAR_FIELDS.map((field) => field.name);
    expect(names.filter((name) => !(CAR_DETAIL_FIELDS as readonly string[]).includes(name))).toEqual([]);
    expect(SIMULATOR_FIELDS.filter((field) => field.group === "carDetail")).toEqual(SIMULATOR_CAR_FIELDS);
  });
});
