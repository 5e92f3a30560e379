import { describe, expect, it } from "vitest";
import { describeResult } from "../../explanation/calculation-line";
import type { CalculationInput } from "../../input/calculation-input";
import { lineOf } from "../../testing/line-of";

// Issue 10 point 3 (vectors RT-FL-2026-033/034, YT-FL-2026-028/029): a Flemish zero-emission car
// registered from 2026 and ordered before 6 Oct 2025 keeps the exemption when the order form was
// filed in time (VCF art. 2.3.6.0.2 and 2.2.6.0.6).
const ev = (orderDate: string | undefined, registrationOn = "CompanyRegistration"): CalculationInput =>
  ({
    car: { catalogPrice: 45000, fuel: "Electric", euroStandard: "Euro6", kilowatt: 150, wltp: 0, nedC2: 0 },
    profile: { status: "SelfEmployed", registrationOn, region: "Flanders" },
    options: { registrationDate: "2026-03-01", ...(orderDate ? { orderDate } : {}) },
  }) as CalculationInput;

describe("Flemish zero-emission transition by order date", () => {
  it.each([
    ["RoadTax", "2.3.6.0.2"],
    ["YearlyTax", "2.2.6.0.6"],
  ] as const)(
    "%s: ordered before 6 Oct 2025 → exempt, naming the filing condition and its end",
    (tax, article) => {
      const result = lineOf(ev("2025-10-05"), tax, 2026);
      expect(result.outcome).toBe("exempt");
      expect(result.provisional).toBe(false);
      const text = describeResult(result, "en") ?? "";
      expect(text).toContain(`VCF art. ${article}`);
      expect(text).toContain("order form");
      expect(text).toContain("before 15 January 2026");
      expect(describeResult(result, "nl")).toContain("bestelbon");
      expect(describeResult(result, "fr")).toContain("bon de commande");
    },
  );

  it("leasing companies alike (the BIV of a leasing company)", () => {
    expect(lineOf(ev("2025-06-01", "LeasingCompanyRegistration"), "RoadTax", 2026).outcome).toBe("exempt");
  });

  it.each(["2025-10-06", "2026-01-10", undefined])(
    "ordered %s (or not said): the 2026 amounts",
    (orderDate) => {
      expect(lineOf(ev(orderDate), "RoadTax", 2026)).toMatchObject({ outcome: "amount", amount: 61.5 });
      expect(lineOf(ev(orderDate), "YearlyTax", 2026)).toMatchObject({ outcome: "amount", amount: 102.96 });
    },
  );

  it("leaves cars registered up to 2025 on the plain exemption", () => {
    const input = {
      ...ev("2025-06-01"),
      options: { registrationDate: "2025-12-01", orderDate: "2025-06-01" },
    };
    expect(lineOf(input, "RoadTax", 2025).explanation.notes).toEqual(["zeroEmissionExempt"]);
  });
});
