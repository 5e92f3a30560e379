import { describe, expect, it } from "vitest";
import { changeNotification, parseCalculationTypes, ping } from "./webhook-payloads";

describe("webhook payloads (docs/contract.md, Events)", () => {
  it("reads calculation types by name (any case) or value, and returns the unknown ones", () => {
    expect(parseCalculationTypes(["roadtax", "2", "Nope", " "])).toEqual({
      types: [
        { value: 1, label: "RoadTax" },
        { value: 2, label: "YearlyTax" },
      ],
      unknown: ["Nope"],
    });
  });

  it("builds the notification and ping bodies of the contract", () => {
    expect(changeNotification("e1", [{ value: 4, label: "BenefitInKind" }])).toEqual({
      eventId: "e1",
      updatedCalculations: [{ value: 4, label: "BenefitInKind" }],
    });
    expect(() => changeNotification("e2", [])).toThrow(RangeError);
    expect(ping("p1")).toEqual({ event: "ping", ping: true, eventId: "p1" });
  });
});
