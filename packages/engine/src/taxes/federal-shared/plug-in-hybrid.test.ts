import { describe, expect, it } from "vitest";
import { describeResult } from "../../explanation/calculation-line";
import type { CalculationInput } from "../../input/calculation-input";
import { lineOf } from "../../testing/line-of";

// Issue 10 point 2: the equivalent non-hybrid car counts whenever it is known, in the cycle where
// both the hybrid's own figure and the equivalent's are known (vectors BIK-2025-010/011, FD-2021-008).
const fakeHybrid = (car: Partial<CalculationInput["car"]>): CalculationInput => ({
  car: {
    catalogPrice: 50000,
    fuel: "PluginHybridPetrol",
    euroStandard: "Euro6",
    kilowatt: 150,
    wltp: 60,
    nedC2: 55,
    capacity: 1498,
    weight: 2000,
    batteryCapacity: 14,
    ...car,
  },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders" },
  options: { registrationDate: "2025-03-01" },
});

describe("fake plug-in hybrid: which CO2 replaces the hybrid's", () => {
  it("uses the WLTP pair when the own figure is NEDC and the equivalent is known in WLTP only", () => {
    const result = lineOf(fakeHybrid({ wltpNonHybrid: 130 }), "BenefitInKind", 2025);
    expect(result.explanation.notes).toContain("fakeHybrid");
    expect(result.explanation.details).toMatchObject({
      substituteCo2: 130,
      equivalentCycle: "WLTP",
      equivalentOwnCo2: 60,
    });
    expect(describeResult(result, "en")).toContain("130 g/km (WLTP, against the hybrid's 60 g/km WLTP)");
  });

  it("uses the NEDC pair when the own figure is WLTP and the equivalent is known in NEDC only", () => {
    const result = lineOf(fakeHybrid({ nedC2: 70, wltp: 65, nedC2NonHybrid: 120 }), "BenefitInKind", 2025);
    expect(result.explanation.details).toMatchObject({ substituteCo2: 120, equivalentCycle: "NEDC" });
  });

  it("with both cycles known, uses the cycle the conventions choose for the own figure (the lower)", () => {
    const result = lineOf(fakeHybrid({ nedC2NonHybrid: 110, wltpNonHybrid: 130 }), "BenefitInKind", 2025);
    expect(result.explanation.details).toMatchObject({ substituteCo2: 110, equivalentCycle: "NEDC" });
  });

  it("uses the equivalent even when the hybrid has no figure of its own in that cycle (independent review)", () => {
    // WLTP only for the hybrid, NEDC only for the equivalent: no cycle has both, an equivalent is known.
    const result = lineOf(fakeHybrid({ nedC2: 0, nedC2NonHybrid: 110 }), "BenefitInKind", 2025);
    expect(result.explanation.notes).toContain("fakeHybridEquivalentOtherCycle");
    expect(result.explanation.notes).not.toContain("fakeHybridNoEquivalent");
    expect(result.explanation.details).toMatchObject({ substituteCo2: 110, equivalentCycle: "NEDC" });
    expect(result.amount).toBe(4874.57);
    expect(describeResult(result, "en")).toContain("known only in the other cycle");
  });

  it("falls back to own CO2 × 2.5 only when no equivalent is known, and says so", () => {
    const result = lineOf(fakeHybrid({}), "BenefitInKind", 2025);
    expect(result.explanation.notes).toContain("fakeHybridNoEquivalent");
    expect(result.explanation.notes).not.toContain("fakeHybrid");
    expect(result.explanation.details).toMatchObject({
      substituteCo2: 137.5,
      fakeHybridRule: "ownCo2TimesMultiplier",
      fakeHybridMultiplier: 2.5,
    });
    expect(describeResult(result, "nl")).toContain("× 2,5 = 137,5 g/km");
  });

  it("changes the deduction and the rejected expenses alike", () => {
    const deduction = lineOf(
      { ...fakeHybrid({ wltpNonHybrid: 120 }), options: { registrationDate: "2021-05-01" } },
      "FiscalDeduction",
      2021,
    );
    expect(deduction.amount).toBe(63);
    const rejected = lineOf(
      { ...fakeHybrid({ wltpNonHybrid: 130 }), profile: { ...fakeHybrid({}).profile, hasFuelCard: true } },
      "RejectedExpenses",
      2025,
    );
    expect(rejected.amount).toBe(2364.68);
  });
});
