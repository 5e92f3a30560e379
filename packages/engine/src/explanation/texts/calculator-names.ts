import type { Calculator, Language } from "../../core/enums";

/** Display names of the calculators, with the Belgian terms analysts search for. */
export const CALCULATOR_NAMES: Readonly<Record<Language, Readonly<Record<Calculator, string>>>> = {
  nl: {
    RoadTax: "Belasting op de inverkeerstelling (BIV)",
    YearlyTax: "Jaarlijkse verkeersbelasting",
    BenefitInKind: "Voordeel van alle aard (VAA)",
    FiscalDeduction: "Fiscale aftrekbaarheid",
    RejectedExpenses: "Verworpen uitgaven",
    CO2Contribution: "CO2-solidariteitsbijdrage",
  },
  fr: {
    RoadTax: "Taxe de mise en circulation (TMC)",
    YearlyTax: "Taxe de circulation annuelle",
    BenefitInKind: "Avantage de toute nature (ATN)",
    FiscalDeduction: "Déductibilité fiscale",
    RejectedExpenses: "Dépenses non admises",
    CO2Contribution: "Cotisation de solidarité CO2",
  },
  en: {
    RoadTax: "Registration tax",
    YearlyTax: "Annual road tax",
    BenefitInKind: "Benefit in kind",
    FiscalDeduction: "Tax deductibility",
    RejectedExpenses: "Rejected expenses",
    CO2Contribution: "CO2 solidarity contribution",
  },
};
