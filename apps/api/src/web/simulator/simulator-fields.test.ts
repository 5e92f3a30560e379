import { CAR_DETAIL_FIELDS } from "@cartax/schemas";
import { describe, expect, it } from "vitest";
import { readForm, SIMULATOR_CAR_FIELDS, SIMULATOR_DEFAULTS, SIMULATOR_FIELDS } from "./simulator-fields";

describe("the simulator's fields", () => {
  it("take the car's names from the one CarDetail field list", () => {
    const names = SIMULATOR_CAR_FIELDS.map((field) => field.name);
    expect(names.filter((name) => !(CAR_DETAIL_FIELDS as readonly string[]).includes(name))).toEqual([]);
    expect(SIMULATOR_FIELDS.filter((field) => field.group === "carDetail")).toEqual(SIMULATOR_CAR_FIELDS);
  });
});

describe("the form's numbers (issue 40 point 4)", () => {
  const read = (changes: Record<string, string>) => readForm({ ...SIMULATOR_DEFAULTS, ...changes }, "nl");

  it("are read as Belgians write them", () => {
    const reading = read({ catalogPrice: "40.000", kilowatt: "110,5", capacity: "1 498" });
    expect(reading.ok && reading.body.carDetail).toMatchObject({
      catalogPrice: 40000,
      kilowatt: 110.5,
      capacity: 1498,
    });
    const cents = read({ catalogPrice: "40000,50" });
    expect(cents.ok && cents.body.carDetail.catalogPrice).toBe(40000.5);
  });

  it("are refused, the field named, when they have no single reading or are not whole where they must be", () => {
    expect(read({ catalogPrice: "40.000.00" })).toEqual({
      ok: false,
      problems: [{ name: "catalogPrice", rule: "number" }],
    });
    expect(read({ capacity: "1,5" })).toEqual({ ok: false, problems: [{ name: "capacity", rule: "whole" }] });
  });

  it("flag a value a car rarely has, with the value as read, and still compute", () => {
    const reading = read({ catalogPrice: "40", kilowatt: "1500" });
    expect(reading.ok).toBe(true);
    expect(reading.ok && reading.warnings.map((w) => [w.name, w.value])).toEqual([
      ["catalogPrice", 40],
      ["kilowatt", 1500],
    ]);
    const usual = read({});
    expect(usual.ok && usual.warnings).toEqual([]);
  });
});
