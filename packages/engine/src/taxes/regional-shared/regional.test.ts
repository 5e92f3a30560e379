import { describe, expect, it } from "vitest";
import { contextFor } from "../../testing/regional-context";
import { annualRoadTax } from "../annual-road-tax/annual-road-tax";
import { registrationTax } from "../registration-tax/registration-tax";

// Published examples of /work/docs/research/regional.md and open-questions-resolved.md; the
// expected values are the sources' figures, not engine output.
describe("Flemish road tax (green formula)", () => {
  it("petrol Euro 6, WLTP 130 g, 9 HP, 2025-26: 284.20 (simulator, regional note §2.4)", () => {
    const ctx = contextFor({ wltp: 130, capacity: 1598 }, "Flanders", "2026-01-15");
    expect(annualRoadTax(ctx)).toMatchObject({ outcome: "amount", amount: 284.2 });
  });

  it("diesel Euro 6, NEDC 148 g (reference 122), 15 HP, 2026-27: 1,320.76 (simulator)", () => {
    const ctx = contextFor(
      { fuel: "Diesel", nedC2: 148, capacity: 2993, firstRegistration: "2019-01-01" },
      "Flanders",
      "2026-09-15",
    );
    expect(annualRoadTax(ctx)).toMatchObject({ outcome: "amount", amount: 1320.76 });
  });

  it("plug-in hybrid 13 HP, WLTP 35 g, 2025-26: 399.32 (simulator, regional note §2.4 item 4)", () => {
    const ctx = contextFor(
      { fuel: "PluginHybridPetrol", wltp: 35, capacity: 2494, batteryCapacity: 14 },
      "Flanders",
      "2026-01-15",
    );
    expect(annualRoadTax(ctx).amount).toBe(399.32);
  });

  it("applies the 2025-26 minimum 53.23 → 58.55 including the opdeciem (simulator)", () => {
    const ctx = contextFor({ wltp: 1, capacity: 698 }, "Flanders", "2026-01-15");
    expect(annualRoadTax(ctx)).toMatchObject({ amount: 58.55 });
    expect(annualRoadTax(ctx).explanation.notes).toContain("minimumApplied");
  });

  it("LPG: lowered by 132.96 (2025-26) and + 148.68 supplement: 125.40 × 1.10 + 148.68", () => {
    const ctx = contextFor({ fuel: "LPG", wltp: 130, capacity: 1598 }, "Flanders", "2026-01-15");
    expect(annualRoadTax(ctx).amount).toBe(286.62);
  });

  it("battery-electric: exempt when registered in 2025, 102.96 in 2025-26 and 107.16 in 2026-27 when registered in 2026", () => {
    expect(annualRoadTax(contextFor({ fuel: "Electric" }, "Flanders", "2025-06-01")).outcome).toBe("exempt");
    const ev = contextFor({ fuel: "Electric" }, "Flanders", "2026-03-01");
    expect(annualRoadTax(ev).amount).toBe(102.96);
    const next = contextFor({ fuel: "Electric" }, "Flanders", "2026-03-01", { lineYear: 2027 });
    expect(annualRoadTax(next)).toMatchObject({ amount: 107.16, provisional: true });
  });

  it("needs the capacity and the CO2 of the branch's cycle", () => {
    // The tax applies; an input is missing: no figure, and the field to give.
    expect(annualRoadTax(contextFor({ wltp: 130 }, "Flanders", "2026-01-15"))).toMatchObject({
      outcome: "missingInput",
      missingFields: ["capacity"],
    });
    const noCo2 = annualRoadTax(contextFor({ capacity: 1598, wltp: null }, "Flanders", "2026-01-15"));
    expect(noCo2).toMatchObject({ outcome: "missingInput", missingFields: ["wltp"] });
    expect(noCo2.explanation.notes).toContain("missingCo2");
    const oldCar = { capacity: 1598, nedC2: 0, firstRegistration: "2019-05-01" };
    expect(annualRoadTax(contextFor(oldCar, "Flanders", "2026-01-15"))).toMatchObject({
      outcome: "missingInput",
      missingFields: ["nedC2"],
    });
  });

  it("has no 2027-28 window", () => {
    const ctx = contextFor({ wltp: 130, capacity: 1598 }, "Flanders", "2026-09-15", { lineYear: 2027 });
    expect(annualRoadTax(ctx).outcome).toBe("rulesNotAvailable");
  });
});

describe("Walloon and Brussels road tax", () => {
  it("EV pays the ≤4 HP rate: 102.96 in 2025-26, 107.18 in 2026-27 (FEBIAC)", () => {
    expect(annualRoadTax(contextFor({ fuel: "Electric" }, "Wallonia", "2026-03-01")).amount).toBe(102.96);
    expect(annualRoadTax(contextFor({ fuel: "Electric" }, "Brussels", "2026-09-01")).amount).toBe(107.18);
  });

  it("LPG 9 HP 2026-27: 373.16 + 148.68 = 521.84 (FEBIAC)", () => {
    const ctx = contextFor({ fuel: "LPG", capacity: 1598, wltp: 130 }, "Wallonia", "2026-09-01");
    expect(annualRoadTax(ctx).amount).toBe(521.84);
  });
});

describe("Flemish registration tax", () => {
  it("petrol Euro 6, WLTP 130 g, 15 Jan 2026: 392.42 (simulator capture, test-vectors RT-FL-2026-001)", () => {
    expect(registrationTax(contextFor({ wltp: 130, capacity: 1598 }, "Flanders", "2026-01-15")).amount).toBe(
      392.42,
    );
  });

  it("caps at the 2026-27 maximum 14,539.31 (simulator)", () => {
    const ctx = contextFor({ fuel: "Diesel", wltp: 250, capacity: 2993 }, "Flanders", "2026-09-15");
    expect(registrationTax(ctx)).toMatchObject({ amount: 14539.31 });
  });

  it("EV/H2: exempt until 31 Dec 2025, flat 61.50 from 2026, leasing companies included", () => {
    expect(registrationTax(contextFor({ fuel: "Electric" }, "Flanders", "2025-12-31")).outcome).toBe(
      "exempt",
    );
    expect(registrationTax(contextFor({ fuel: "Hydrogen" }, "Flanders", "2026-01-01")).amount).toBe(61.5);
    const leasing = contextFor({ fuel: "Electric" }, "Flanders", "2026-02-02", {
      registrationOn: "LeasingCompanyRegistration",
    });
    expect(registrationTax(leasing).amount).toBe(61.5);
  });

  it("leasing company: higher of the HP and kW amounts, not indexed (11 HP / 110 kW → 867)", () => {
    const ctx = contextFor(
      { fuel: "Diesel", wltp: 125, capacity: 1995, kilowatt: 110 },
      "Flanders",
      "2021-05-10",
      {
        registrationOn: "LeasingCompanyRegistration",
      },
    );
    expect(registrationTax(ctx).amount).toBe(867);
  });

  it("has no q for 2027", () => {
    expect(registrationTax(contextFor({ wltp: 130, capacity: 1598 }, "Flanders", "2027-03-01")).outcome).toBe(
      "rulesNotAvailable",
    );
  });
});

describe("Walloon registration tax", () => {
  it("reform: Citroën C3 81 kW, WLTP 120 g, 1,570 kg: 92.70 (lavenir 2023)", () => {
    const ctx = contextFor(
      { wltp: 120, kilowatt: 81, weight: 1570, capacity: 1199 },
      "Wallonia",
      "2025-09-01",
    );
    expect(registrationTax(ctx).amount).toBe(92.7);
  });

  it("reform: VW ID.4 150 kW, 2,480 kg, C 0.10: 334.35 (vroom.be)", () => {
    const ctx = contextFor({ fuel: "Electric", kilowatt: 150, weight: 2480 }, "Wallonia", "2026-02-01");
    expect(registrationTax(ctx).amount).toBe(334.35);
  });

  it("reform indexed from 1 July 2026: diesel 148 g, 110 kW, 1,500 kg → 801.41; BEV 150 kW → 210.48 (FEBIAC)", () => {
    const diesel = contextFor(
      { fuel: "Diesel", wltp: 148, kilowatt: 110, weight: 1500, capacity: 1598 },
      "Wallonia",
      "2026-09-01",
    );
    expect(registrationTax(diesel).amount).toBe(801.41);
    const ev = contextFor({ fuel: "Electric", kilowatt: 150, weight: 1500 }, "Wallonia", "2026-09-01");
    expect(registrationTax(ev).amount).toBe(210.48);
  });

  it("reform needs the maximum authorised mass", () => {
    const ctx = contextFor({ wltp: 120, kilowatt: 81, capacity: 1199 }, "Wallonia", "2025-09-01");
    expect(registrationTax(ctx)).toMatchObject({
      outcome: "missingInput",
      missingFields: ["weight"],
      explanation: { notes: ["walloonReform", "missingWeight"] },
    });
  });

  it("before the reform: power table + eco-malus (SYSBO tables: 2,478 + 250 for 140 kW, 170 g)", () => {
    const ctx = contextFor(
      { fuel: "Diesel", wltp: 170, kilowatt: 140, capacity: 1995 },
      "Wallonia",
      "2021-09-15",
    );
    expect(registrationTax(ctx).amount).toBe(2728);
  });
});

describe("Brussels registration tax", () => {
  it("indexed amounts: 495 × 1.2826 = 634.89, LPG 634.89 − 382.21 = 252.68 (FEBIAC 2026-27)", () => {
    expect(
      registrationTax(contextFor({ capacity: 1598, kilowatt: 96, wltp: 130 }, "Brussels", "2026-09-01"))
        .amount,
    ).toBe(634.89);
    const lpg = contextFor(
      { fuel: "LPG", capacity: 1598, kilowatt: 96, wltp: 130 },
      "Brussels",
      "2026-09-01",
    );
    expect(registrationTax(lpg).amount).toBe(252.68);
  });

  it("leasing companies keep the unindexed amounts", () => {
    const ctx = contextFor({ capacity: 1598, kilowatt: 96, wltp: 130 }, "Brussels", "2026-09-01", {
      registrationOn: "LeasingCompanyRegistration",
    });
    expect(registrationTax(ctx).amount).toBe(495);
  });
});
