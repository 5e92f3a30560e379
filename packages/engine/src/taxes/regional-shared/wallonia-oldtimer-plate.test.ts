import { describe, expect, it } from "vitest";
import { contextFor } from "../../testing/regional-context";
import { annualRoadTax } from "../annual-road-tax/annual-road-tax";
import { registrationTax } from "../registration-tax/registration-tax";

// Issue 30 point 8. Until 31 December 2021 every Walloon car over 30 years paid the flat amounts,
// whatever its plate; the decree of 22 December 2021 reserves them, from 1 January 2022 and without
// retroactive effect, to cars under an O plate (Moniteur Automobile, December 2021: "les véhicules
// déjà immatriculés, au plus tard le 31 décembre 2021, garderont le régime fiscal actuel"; BEHVA:
// "toute voiture de 30 ans et plus bénéficie d'une taxe de circulation forfaitaire de 38,64 €
// indexée ..., quel que soit son type d'immatriculation (plaque O ou normale)"; Auto-satisfaction,
// 10 November 2021). Figures: the flat road tax 38.64 € in 2021-22 (those pages, décimes included),
// 38.28 € + 10 % = 42.11 € in 2022-23 and 9 HP 293.88 € + 10 % = 323.27 € (the Walloon notice of the
// 2022 tariffs); the registration tax of a car over 15 years is the flat 61.50 € (CTA art. 98 § 2),
// over 30 years without eco-malus (Moniteur Automobile on the Walloon oldtimers: "la taxe de mise en
// circulation reste au montant forfaitaire de 61,50 €"), otherwise + the eco-malus of its CO2
// (200 g/km: 600 €, the 196-205 g band).
const car1990 = {
  fuel: "Petrol" as const,
  euroStandard: "Euro1" as const,
  kilowatt: 66,
  capacity: 1598,
  nedC2: 200,
  firstRegistration: "1990-05-01",
};

describe("Walloon flat amounts of cars over 30 years, by registration date", () => {
  it("registered in 2021 without an O plate: road tax 38.64 (2021-22), registration tax 61.50, no eco-malus", () => {
    const ctx = contextFor(car1990, "Wallonia", "2021-09-01");
    expect(annualRoadTax(ctx)).toMatchObject({ outcome: "amount", amount: 38.64 });
    expect(registrationTax(ctx)).toMatchObject({ outcome: "amount", amount: 61.5 });
  });

  it("the explanation names the day from which the plate is required", () => {
    const ctx = contextFor(car1990, "Wallonia", "2021-09-01");
    const names = annualRoadTax(ctx).explanation.parameters.map((p) => p.name);
    expect(names).toContain("oldtimerPlateRequiredFrom");
  });

  it("registered in 2022 without an O plate: the ordinary rates (323.27 for 9 HP in 2022-23, 61.50 + 600 eco-malus)", () => {
    const ctx = contextFor(car1990, "Wallonia", "2022-09-01");
    expect(annualRoadTax(ctx)).toMatchObject({ outcome: "amount", amount: 323.27 });
    expect(registrationTax(ctx)).toMatchObject({ outcome: "amount", amount: 661.5 });
  });

  it("registered in 2022 under an O plate: the flat amounts (42.11 in 2022-23, 61.50)", () => {
    const ctx = contextFor({ ...car1990, oldtimerPlate: true }, "Wallonia", "2022-09-01");
    expect(annualRoadTax(ctx)).toMatchObject({ outcome: "amount", amount: 42.11 });
    expect(registrationTax(ctx)).toMatchObject({ outcome: "amount", amount: 61.5 });
  });
});
