import { describe, expect, it } from "vitest";
import type { RegistrationOn } from "../../core/enums";
import { contextFor } from "../../testing/regional-context";
import { registrationTax } from "./registration-tax";

// Issue 30 point 2. CTA art. 98 § 1bis (Brussels ordinance of 13 June 2002, art. 2): an LPG car's tax
// "est diminuée de 298 EUR, le cas échéant limitée au montant de la taxe"; § 2: the tax so reduced is
// reduced by age for cars "qui ont déjà été immatriculés", and after that reduction it is never below
// 61.50 € (the same sentence in VCF art. 2.3.4.2.1 § 3: "Na toepassing van het eerste lid mag de
// belasting voor een voertuig niet minder dan 61,50 euro bedragen"). So a new LPG car of at most
// 85 kW / 10 HP pays 0, a used one the minimum (docs/research/regional.md §3.1 and §4.1): 61.50 €,
// 74.29 € in Brussels from 1 July 2024 for holders other than leasing companies (fleet.be and
// Link2Fleet, July 2024: the Brussels minimum becomes 74.29 €). The used cars below were first
// registered less than a year before, where the age table still says 100 %.
const lpg = (firstRegistration: string) => ({
  fuel: "LPG" as const,
  kilowatt: 60,
  capacity: 1200,
  wltp: 130,
  firstRegistration,
});
const leasing = { registrationOn: "LeasingCompanyRegistration" as RegistrationOn };

describe("registration tax of a used LPG car of at most 85 kW (CTA art. 98 § 2 minimum)", () => {
  it("Brussels, leasing company, registered in 2021 and in 2026: 61.50", () => {
    const in2021 = contextFor(lpg("2021-02-01"), "Brussels", "2021-09-01", leasing);
    expect(registrationTax(in2021)).toMatchObject({ outcome: "amount", amount: 61.5 });
    const in2026 = contextFor(lpg("2026-03-01"), "Brussels", "2026-09-01", leasing);
    expect(registrationTax(in2026)).toMatchObject({ outcome: "amount", amount: 61.5 });
  });

  it("Brussels, other holders, 2024-25: the indexed minimum 74.29", () => {
    const ctx = contextFor(lpg("2024-03-01"), "Brussels", "2024-09-01");
    expect(registrationTax(ctx).amount).toBe(74.29);
  });

  it("Wallonia before its July 2025 reform, a leasing company and a private owner: 61.50", () => {
    const owned = contextFor(lpg("2021-02-01"), "Wallonia", "2021-09-01", leasing);
    expect(registrationTax(owned).amount).toBe(61.5);
    const privateCar = contextFor({ ...lpg("2023-01-10"), nedC2: 120 }, "Wallonia", "2023-06-01");
    expect(registrationTax(privateCar).amount).toBe(61.5);
  });

  it("a new LPG car of the two lowest brackets still pays nothing (123 − 298, limited to the tax)", () => {
    const ctx = contextFor(lpg("2021-09-01"), "Brussels", "2021-09-01", leasing);
    expect(registrationTax(ctx).amount).toBe(0);
    const bracket2 = contextFor({ ...lpg("2021-09-01"), kilowatt: 80 }, "Brussels", "2021-09-01");
    expect(registrationTax(bracket2).amount).toBe(0);
  });

  it("a used LPG car names the minimum it pays in its explanation", () => {
    const ctx = contextFor(lpg("2021-02-01"), "Brussels", "2021-09-01", leasing);
    const names = registrationTax(ctx).explanation.parameters.map((p) => p.name);
    expect(names).toContain("minimum");
  });
});
